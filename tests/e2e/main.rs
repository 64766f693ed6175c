//! The real binary in a real terminal: tmux, the X11 and Wayland clipboards, the picker, the tmux
//! plugin and the shell key bindings. Each test skips with a message when a tool is missing.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod clipboard_e2e;
mod shell_recipes;
mod tmux_plugin;
mod tui_e2e;
mod tui_pick_e2e;
mod tui_soak;
