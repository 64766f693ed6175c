//! Checks of the sources and the data themselves: the layering of the modules, the themes'
//! contrast and slots, the lesson quotes against their sources, and what the docs cite.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod citations;
mod layering;
mod learn_sources;
mod theme_access;
mod theme_slots;
