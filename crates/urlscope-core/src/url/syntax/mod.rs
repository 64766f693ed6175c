//! Octets in, the lossless parse record out: the octet sets, the tokenizer and its spans, the
//! nine components, the diagnostics' ids, the framing of a URL pasted from prose, and the text
//! the modern parsers read.

pub(crate) mod components;
pub(crate) mod diag;
pub(crate) mod frame;
pub(crate) mod id;
pub mod notation;
pub mod octets;
pub(crate) mod parser_text;
pub(crate) mod prose;
pub(crate) mod span;
pub(crate) mod tokenize;
