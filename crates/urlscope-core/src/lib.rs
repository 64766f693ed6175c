//! urlscope's URL core: octets in, plain data out, no terminal and no I/O.
//!
//! Three modules, each a stage a URL passes through, and at the crate root the entry points most
//! users need:
//!
//! - [`url`]: the URL as the old rules read it (docs/rules.md) — the lossless tokenizer, the class of
//!   every octet, the normalization profiles with their step logs, the diff with provenance,
//!   relative resolution, findings and explanations.
//! - [`modern`]: the URL as today's software reads it (docs/lenses.md) — four real parsers side
//!   by side, the host lens, the unwrap lens for redirect wrappers, the query table, `same`, and
//!   the edits behind `get`/`set`.
//! - [`input`]: the links in mail, HTML and text.
//! - [`canon`]: the canonicalizers of crawlers and archives (docs/canon.md), as profiles.
//!
//! Any byte string is a valid input: no function here panics on input, and invalid UTF-8 is
//! carried as octets, not replaced. The crate chooses no allocator.
//!
//! # Normalize, and read why
//!
//! ```
//! use urlscope_core::{Options, Profile, normalize};
//!
//! let out = normalize(b"HTTP://WWW.Example.COM:80/a/./b/../%7e c", Profile::Rfc3986, &Options::default());
//! assert_eq!(out.output, b"http://www.example.com/a/~%20c");
//! // Every step that ran, in order, with what it did.
//! assert!(out.steps.iter().any(|s| s.step.as_str() == "rfc3986-remove-dot-segments"));
//! ```
//!
//! # Split a URL without losing a byte
//!
//! ```
//! use urlscope_core::tokenize;
//!
//! let input = b"http://user@example.com:8080/p?q=1#f";
//! let parsed = tokenize(input);
//! let host = parsed.host.clone().expect("a host");
//! assert_eq!(&input[host], b"example.com");
//! ```
//!
//! # Resolve a reference
//!
//! ```
//! use urlscope_core::resolve;
//!
//! let r = resolve(b"http://a/b/c/d;p?q", b"../g");
//! assert_eq!(r.output, b"http://a/b/g");
//! ```
//!
//! # Are two URLs the same?
//!
//! ```
//! use urlscope_core::{Options, Profile, same};
//!
//! let s = same(b"HTTP://Example.com/%7euser", b"http://example.com/~user", &Options::default());
//! assert!(s.profile(Profile::Rfc3986).equal);
//! ```
//!
//! # What the host really is, and where a wrapped link leads
//!
//! ```
//! use urlscope_core::{inspect_host, unwrap};
//!
//! let report = inspect_host(b"https://www.paypal.com@evil.example/login", None);
//! assert_eq!(report.facts.host.as_deref(), Some("evil.example"));
//!
//! let chain = unwrap(b"https://www.google.com/url?q=https%3A%2F%2Fexample.org%2F&sa=D");
//! assert_eq!(chain.layers.last().unwrap().text, "https://example.org/");
//! ```
//!
//! # The links in a message
//!
//! ```
//! use urlscope_core::input::{Kind, Limits, links};
//!
//! let found = links(b"see <https://example.org/a> and http://b.example/", Some(Kind::Text), &Limits::default());
//! let urls: Vec<&[u8]> = found.links.iter().map(|l| l.url.as_slice()).collect();
//! assert_eq!(urls, [&b"https://example.org/a"[..], b"http://b.example/"]);
//! ```
//!
//! # Explain a step
//!
//! ```
//! use urlscope_core::{Profile, explain};
//!
//! let e = explain::lookup("encode-unsafe", Profile::Rfc1738).expect("a known step");
//! assert!(!e.text.is_empty() && !e.source.is_empty());
//! ```

#![warn(missing_docs, unreachable_pub)]

pub mod canon;
#[path = "url/explain/mod.rs"]
pub mod explain;
pub mod input;
pub mod modern;
pub mod url;
pub mod whatwg;

pub use input::found::{Extraction, Kind, Limits, Link, links};
pub use modern::host::{HostReport, inspect_host};
pub use modern::parsers::{Comparison, compare};
pub use modern::same::{Sameness, same};
pub use modern::unwrap::{Chain, unwrap};
pub use url::classes::{Class, Classification};
pub use url::profiles::{Options, Outcome, PdfState, Profile, normalize};
pub use url::resolve::{Resolution, resolve};
pub use url::syntax::tokenize::{Parsed, tokenize};
