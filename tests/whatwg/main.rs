//! urlscope's own URL Standard parser against the world: the `url` crate on both URL lists and
//! ten million generated corners (the release run), the host parser, the fused batch path
//! against the traced parser, and the trace as `explain` and the inspector show it.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod corners;
mod whatwg_differential;
mod whatwg_fast;
mod whatwg_host;
mod whatwg_trace;
