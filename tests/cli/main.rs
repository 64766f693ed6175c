//! The command line through the real binary (`CARGO_BIN_EXE_urlscope`): every subcommand, the
//! config file, hostile input, trurl's suite, the WPT setters and invalid theme files.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod batch_hardening;
mod cli_edit;
mod cli_explain;
mod cli_jobs;
mod cli_learn;
mod cli_normalize;
mod cli_parsers;
mod cli_refang;
mod cli_same;
mod cli_same_grouped;
mod cli_terminal;
mod cli_unwrap;
mod config_file;
mod hostile_cli;
mod trurl_peer;
mod tui_themes;
mod whatwg_setters;
