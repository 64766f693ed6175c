//! The link records and [`links`](crate::links), the read of a whole input: re-exported at the
//! crate root.

use super::{Collector, Repair, read};
use crate::url::syntax::diag::Diag;

/// What the input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One RFC 5322 message, or an mbox of them.
    Mail,
    /// `html`.
    Html,
    /// `text`.
    Text,
}

impl Kind {
    /// The kind's name as the CLI writes it (`mail`, `html`, `text`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Mail => "mail",
            Kind::Html => "html",
            Kind::Text => "text",
        }
    }
}

/// Where in the input a link was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Running text (a text part, the visible text of HTML, plain text).
    Text,
    /// The `href` of an HTML `a` or `area`.
    HtmlHref,
    /// The `src` of an HTML `img`, `iframe`, ….
    HtmlSrc,
    /// A message header (`List-Unsubscribe`, `Subject`, …).
    Header,
}

impl Source {
    /// The source's name as JSON writes it (`text`, `html-href`, `html-src`, `header`).
    pub fn name(self) -> &'static str {
        match self {
            Source::Text => "text",
            Source::HtmlHref => "html-href",
            Source::HtmlSrc => "html-src",
            Source::Header => "header",
        }
    }
}

/// How much is read. A limit reached is said once in [`Extraction::skipped`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Octets of input read; the rest is not.
    pub max_input: usize,
    /// Links listed; scanning stops there.
    pub max_links: usize,
    /// Leaf parts of one message read.
    pub max_parts: usize,
    /// `message/rfc822` parts inside parts followed (MIME multipart nesting itself stops at
    /// `mailparse`'s own limit of 100 levels).
    pub max_nesting: usize,
    /// Skip lines kept; the rest are counted.
    pub max_skips: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_input: 64 << 20,
            max_links: 1_000_000,
            max_parts: 1_000,
            max_nesting: 8,
            max_skips: 20,
        }
    }
}

/// One link found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The link as found: transfer encodings and charsets undone, wrappers (`<URL:…>`, `%%`
    /// continuations, line wrapping) removed, nothing else changed.
    pub url: Vec<u8>,
    /// 1-based line of its first octet in [`Extraction::text`].
    pub line: usize,
    /// Where in the input the link was found.
    pub source: Source,
    /// An HTML link's visible text (whitespace collapsed), else `None`.
    pub text: Option<String>,
    /// A FidoURL joining error (the link runs to the pause mark).
    pub error: Option<Diag>,
    /// How the text it came from was repaired before it was read, in the order applied.
    pub repairs: Vec<Repair>,
    /// The link joined with the start of the next line, when hard wrapping may have cut it
    /// (the `may-continue` finding); the link itself is as written.
    pub continued: Option<Vec<u8>>,
}

impl Link {
    /// A link found in running text, with no repair.
    pub fn new(url: Vec<u8>, line: usize, source: Source) -> Link {
        Link {
            url,
            line,
            source,
            text: None,
            error: None,
            repairs: Vec::new(),
            continued: None,
        }
    }
}

/// Everything [`links`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extraction {
    /// What the input was read as.
    pub kind: Kind,
    /// The decoded text the links' line numbers count in: for mail, each message's headers
    /// (RFC 2047 undone, one a line) and its text and HTML parts, transfer encodings and charsets
    /// undone; for HTML and text, the input (quoted-printable undone in text that carries it).
    pub text: Vec<u8>,
    /// The links, in the order found.
    pub links: Vec<Link>,
    /// One line for each thing not read (a limit, a broken part, an unknown charset).
    pub skipped: Vec<String>,
    /// One line for each repair made (what was repaired, how, and the repair's name).
    pub repaired: Vec<String>,
    /// Mail: the first message's `Message-ID`, without its angle brackets.
    pub message_id: Option<String>,
}

/// Read `input` as `kind` (detected when `None`) and list its links.
///
/// Returns the links in the order found, each as found (transfer encodings and charsets
/// undone, nothing else changed) with its line in the decoded text, and what was skipped or
/// repaired on the way (docs/links.md). Reading stops at [`Limits`]; any octets are a valid
/// input and it never panics.
///
/// ```
/// use urlscope_core::{Kind, Limits, links};
///
/// let found = links(b"see <https://example.org/a>", Some(Kind::Text), &Limits::default());
/// assert_eq!(found.links[0].url, b"https://example.org/a");
/// assert_eq!(found.links[0].line, 1);
/// ```
pub fn links(input: &[u8], kind: Option<Kind>, limits: &Limits) -> Extraction {
    let mut c = Collector::new(*limits, None, false);
    let kind = read(input, kind, &mut c);
    c.finish(kind)
}
