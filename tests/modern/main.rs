//! The modern lenses: the parser comparison, the host lens, the C-3986 and C-WHATWG classes,
//! unwrapping and resolution rules (the rfc3986 and whatwg profiles against their crates are unit
//! tests of the core: `url::profiles::against_crates`).
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod host;
mod modern_classes;
mod modern_unwrap;
mod parsers;
mod resolve_rules;
