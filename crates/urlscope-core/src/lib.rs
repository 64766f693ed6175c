//! urlscope's URL core: octets in, plain data out, no terminal and no I/O.
//!
//! The entry points most users need sit at the crate root with their types: [`tokenize`],
//! [`normalize`], [`resolve`], [`same`], [`compare`], [`inspect_host`], [`unwrap`] and
//! [`links`]. The rest is in a few modules (docs/api.md lists them all):
//!
//! - [`url`]: the URL as the old rules read it (docs/rules.md) — unit classes, spans, step
//!   records, findings, the diff with provenance, resolution rules.
//! - [`modern`]: the URL as today's software reads it (docs/lenses.md) — the parser table, the
//!   host lens, the unwrap chain, the query table, the edits behind `get`/`set`, the explain
//!   report; [`modern::lessons`] and [`modern::exercises`] teach.
//! - [`input`]: the links in mail, HTML and text, streamed.
//! - [`canon`]: the options of the crawlers' canonicalizers (docs/canon.md), run as profiles.
//! - [`whatwg`]: the URL Standard's parser, traced state by state (docs/whatwg.md).
//! - [`explain`]: one sentence and its source for every step, rule, class, hint and diagnostic.
//!
//! Each item has one public path: an item at the root is not also in a module. The crate is
//! built with `#![warn(missing_docs, unreachable_pub)]`.
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
//! use urlscope_core::{Kind, Limits, links};
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
