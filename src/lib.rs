//! urlscope: a terminal URL inspector.
//!
//! The URL core (`url`) is pure: octets in, plain data out, no terminal and no I/O.
//! The command line (`cli`) and the interactive inspector (`tui`) are built on top of it.

pub mod cli;
pub mod clipboard;
pub mod modern;
pub mod theme;
pub mod tui;
pub mod url;
