//! urlscope: a terminal URL inspector.
//!
//! The URL core (`url`, `modern`, and `input`, which finds the links in mail, HTML and text) is
//! pure: octets in, plain data out, no terminal and no I/O.
//! The command line (`cli`) and the interactive inspector (`tui`) are built on top of it.

pub mod cli;
pub mod clipboard;
pub mod input;
pub mod modern;
pub mod theme;
pub mod tui;
pub mod url;

/// mimalloc keeps the pages a freed analysis used for the next one. With the system allocator a
/// long input's analysis (tens of MB of edits and records, freed at every keystroke) faulted
/// its memory in afresh each time: 2–3× slower in the inspector's worker (README "Speed").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
