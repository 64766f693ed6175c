//! The modern lenses: the parser comparison, the host lens, the C-3986 and C-WHATWG classes,
//! the rfc3986 and whatwg profiles against their crates, unwrapping and resolution rules.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod host;
mod modern_classes;
mod modern_profiles;
mod modern_unwrap;
mod parsers;
mod resolve_rules;
