//! The crawler canonicalizers: the projects' own vectors, the fast path against the traced
//! steps, and properties over any octets.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

mod canon_fast;
mod canon_properties;
mod canon_vectors;
