//! The URL core through its public API: the named octet sets, proptest properties through the
//! shared invariant checks, the literal reference implementations, the real URL lists, hostile
//! input, the fast paths against the traced steps, the diff records, the edit core, copy forms
//! and trust.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

#[path = "../common/mod.rs"]
mod common;

mod diff_agreement;
mod edit_core;
mod fast_path;
mod fused_million;
mod hostile_core;
mod properties;
mod reference;
mod robustness;
mod trust;
