//! The inspector on ratatui's TestBackend (`support::tui`): views, keys, snapshots, the model
//! tests of random sequences, hostile input and the generated README captures.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod host_view;
mod hostile_tui;
mod tui_bindings;
mod tui_clipboard;
mod tui_compare;
mod tui_decoded_view;
mod tui_diff;
mod tui_edit;
mod tui_fit;
mod tui_keys;
mod tui_learn;
mod tui_lessons;
mod tui_links;
mod tui_model;
mod tui_no_colour;
mod tui_parsers;
mod tui_profiles;
mod tui_readme;
mod tui_status;
mod tui_texts;
mod tui_trust;
mod tui_unwrap;
mod tui_ux;
mod tui_view;
