//! urlscope: a terminal URL inspector.
//!
//! The URL core (`url`, `modern`, and `input`, which finds the links in mail, HTML and text) is
//! pure: octets in, plain data out, no terminal and no I/O.
//! The command line (`cli`) and the interactive inspector (`tui`) are built on top of it.
//!
//! # What is stable
//!
//! The URL core is the library's public surface: [`url`] (the tokenizer, the classifications,
//! the normalization profiles, the diff and resolution; docs/rules.md) and [`modern`] (the modern
//! lens of docs/lenses.md: parser comparison, host, unwrap, query table, `same`, `get`/`set`'s
//! edits) and [`input`] (the links in mail, HTML and text). Their items follow semantic versioning.
//!
//! [`cli`], [`tui`], [`theme`], [`clipboard`] and [`config`] are internal: they are public only so that the
//! `urlscope` binary, the integration tests, the benchmarks and the examples can reach them, and
//! they change whenever the program needs. Do not build on them.
//!
//! The library does not choose an allocator; the `urlscope` binary uses mimalloc (`src/main.rs`).

pub mod cli;
pub mod clipboard;
pub mod config;
pub mod progress;
pub mod spread;
pub mod theme;
pub mod tui;
