//! urlscope's URL core: octets in, plain data out, no terminal and no I/O.
//!
//! - [`url`]: the tokenizer, the character classes, the normalization profiles, the diff and
//!   resolution of the URL specification (SPEC.md).
//! - [`modern`]: the modern lens (SPEC-MODERN.md): parser comparison, host, unwrap, query table,
//!   `same`, `get`/`set`'s edits.
//! - [`input`]: the links in mail, HTML and text.
//! - [`canon`]: the canonicalizers of crawlers and archives (SPEC-CANON.md), as profiles.
//!
//! The `urlscope` command line and inspector are built on this crate and only present what it
//! computes. The crate does not choose an allocator.

pub mod canon;
pub mod input;
pub mod modern;
pub mod url;
