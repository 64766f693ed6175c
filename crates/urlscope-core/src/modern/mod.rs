//! The modern lens (docs/lenses.md): what today's parsers, hosts and redirect wrappers make of
//! the pasted text. Pure like `url`: octets in, plain data out, no terminal and no I/O. The hard
//! parts are real crates (`url`, `fluent-uri`, `http`, `idna`, `unicode-security`, `psl`); the
//! code here only calls them, lines their answers up and explains them.
pub mod charset;
pub mod counts;
pub mod defang;
pub mod edit;
pub mod exercises;
pub mod host;
pub mod lessons;
pub mod parsers;
pub mod query;
pub mod report;
pub mod same;
pub mod template;
pub use crate::url::syntax::parser_text as text;
pub mod today;
pub mod unwrap;
