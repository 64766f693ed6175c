//! urlscope: a terminal URL inspector.
//!
//! The URL core is its own crate, `urlscope-core`: pure, octets in, plain data out, no terminal
//! and no I/O. The command line (`cli`) and the interactive inspector (`tui`) are built on top of
//! it, through its public API only (docs/api.md).
//!
//! # What is stable
//!
//! The URL core's API is the stable surface: use `urlscope_core` directly (docs/api.md lists it;
//! its items follow semantic versioning).
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
