//! Octets in, the lossless parse record out: the octet sets, the tokenizer and its spans, the
//! nine components, the diagnostics' ids, the framing of a URL pasted from prose, and the text
//! the modern parsers read.

pub mod components;
pub mod diag;
pub mod frame;
pub(crate) mod id;
pub mod notation;
pub mod octets;
pub mod parser_text;
pub mod prose;
pub mod span;
pub mod tokenize;
