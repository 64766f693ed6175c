//! Links where they arrive: an e-mail message or mailbox, an HTML page or plain text in, the list
//! of links out. Pure like `url` and `modern`: octets in, plain data out, no terminal and no I/O.
//!
//! [`links`] decodes what carries the links (MIME with `mailparse`: multipart, quoted-printable,
//! base64, RFC 2047 headers; declared charsets with `encoding_rs`; format=flowed; HTML with
//! html5ever's tokenizer) and finds them with the text scanner ([`text`]). Every link keeps the
//! octets as found (transfer encodings undone), its line in the decoded text and where it came
//! from; [`Link::facts`] asks the unwrap and host lenses about it.
//!
//! Everything is bounded ([`Limits`]): what is not read is said in [`Extraction::skipped`].

pub mod decode;
pub mod facts;
pub mod html;
pub mod mail;
pub mod text;

use crate::url::syntax::diag::Diag;

pub use facts::LinkFacts;

/// What the input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One RFC 5322 message, or an mbox of them.
    Mail,
    Html,
    Text,
}

impl Kind {
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
    pub source: Source,
    /// An HTML link's visible text (whitespace collapsed), else `None`.
    pub text: Option<String>,
    /// A FidoURL joining error (the link runs to the pause mark).
    pub error: Option<Diag>,
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
    pub links: Vec<Link>,
    /// One line for each thing not read (a limit, a broken part, an unknown charset).
    pub skipped: Vec<String>,
}

/// Read `input` as `kind` (detected when `None`) and list its links.
pub fn links(input: &[u8], kind: Option<Kind>, limits: &Limits) -> Extraction {
    let mut c = Collector::new(*limits);
    let input = if input.len() > limits.max_input {
        c.skip(format!(
            "the input is longer than {} octets: only the first {} were read",
            limits.max_input, limits.max_input
        ));
        &input[..limits.max_input]
    } else {
        input
    };
    let kind = kind.unwrap_or_else(|| detect(input));
    match kind {
        Kind::Mail => mail::mailbox(input, &mut c),
        Kind::Html => match decode::html_charset(input) {
            Some(label) => match decode::charset(input.to_vec(), &label) {
                decode::Charset::Decoded(text) => c.html_block(&text, None),
                _ => {
                    c.skip(format!(
                        "the HTML's charset '{label}' is unknown or does not fit its octets: read as raw octets"
                    ));
                    c.html_block(input, None);
                }
            },
            None => c.html_block(input, None),
        },
        Kind::Text => c.text_block(input, Source::Text, None),
    }
    c.finish(kind)
}

/// What `input` looks like: a message (headers first, or an mbox `From ` line), HTML (a tag
/// first and an HTML element early on), else text.
pub(crate) fn detect(input: &[u8]) -> Kind {
    let head = &input[..input.len().min(4096)];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    if mail::looks_like_message(head) {
        return Kind::Mail;
    }
    let start = head.iter().position(|b| !b.is_ascii_whitespace());
    if start.is_some_and(|s| head[s] == b'<') {
        let lower = head.to_ascii_lowercase();
        const TAGS: [&[u8]; 9] = [
            b"<!doctype html",
            b"<html",
            b"<head",
            b"<body",
            b"<a ",
            b"<div",
            b"<p>",
            b"<table",
            b"<br",
        ];
        if TAGS
            .iter()
            .any(|t| memchr::memmem::find(&lower, t).is_some())
        {
            return Kind::Html;
        }
    }
    Kind::Text
}

/// The links of a message's earlier parts, by their text: the index in the list.
pub(crate) type Seen = std::collections::HashMap<Vec<u8>, usize>;

/// The extraction being built: the decoded text so far, the links, the skip lines.
pub(crate) struct Collector {
    limits: Limits,
    text: Vec<u8>,
    /// Lines in `text` so far.
    lines: usize,
    links: Vec<Link>,
    skipped: Vec<String>,
    skips_dropped: usize,
    /// The link limit was reached and said.
    full: bool,
}

impl Collector {
    fn new(limits: Limits) -> Collector {
        Collector {
            limits,
            text: Vec::new(),
            lines: 0,
            links: Vec::new(),
            skipped: Vec::new(),
            skips_dropped: 0,
            full: false,
        }
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    pub(crate) fn skip(&mut self, what: String) {
        if self.skipped.len() < self.limits.max_skips {
            self.skipped.push(what);
        } else {
            self.skips_dropped += 1;
        }
    }

    /// Room for this many more links.
    pub(crate) fn room(&self) -> usize {
        self.limits.max_links.saturating_sub(self.links.len())
    }

    pub(crate) fn is_full(&self) -> bool {
        self.full
    }

    fn note_full(&mut self) {
        if !self.full {
            self.full = true;
            let n = self.limits.max_links;
            self.skip(format!(
                "{n} links listed: the limit; the rest of the input was not scanned"
            ));
        }
    }

    /// Append a block to the decoded text; returns the 1-based line of its first line.
    pub(crate) fn append(&mut self, block: &[u8]) -> usize {
        let first = self.lines + 1;
        self.text.extend_from_slice(block);
        if !block.ends_with(b"\n") {
            self.text.push(b'\n');
        }
        self.lines +=
            memchr::memchr_iter(b'\n', block).count() + usize::from(!block.ends_with(b"\n"));
        first
    }

    /// List `link`, unless an earlier part of the same message (`seen`) already gave it.
    pub(crate) fn push(&mut self, link: Link, seen: Option<&Seen>) {
        if let Some(&i) = seen.and_then(|earlier| earlier.get(&link.url)) {
            // The same link in the text and the HTML part: listed once, with the HTML text.
            if self.links[i].text.is_none() {
                self.links[i].text = link.text;
            }
            return;
        }
        if self.links.len() >= self.limits.max_links {
            self.note_full();
            return;
        }
        self.links.push(link);
    }

    pub(crate) fn link_count(&self) -> usize {
        self.links.len()
    }

    /// Scan a block of text (raw quoted-printable undone first when it looks so) and list its
    /// links. `seen`: the indices of the links of the same message's earlier parts.
    pub(crate) fn text_block(&mut self, block: &[u8], source: Source, seen: Option<&Seen>) {
        let decoded;
        let block = if decode::looks_quoted_printable(block) {
            decoded = decode::quoted_printable(block);
            &decoded[..]
        } else {
            block
        };
        self.scanned_block(block, source, seen);
    }

    /// Scan a block that needs no further decoding.
    pub(crate) fn scanned_block(&mut self, block: &[u8], source: Source, seen: Option<&Seen>) {
        let first = self.append(block);
        let (found, more) = text::find_urls_limited(block, self.room());
        let mut lines = LineIndex::new(block);
        for f in found {
            let line = first + lines.line_of(f.at) - 1;
            self.push(
                Link {
                    url: f.url,
                    line,
                    source,
                    text: None,
                    error: f.error,
                },
                seen,
            );
        }
        if more {
            self.note_full();
        }
    }

    /// List the links of an HTML block (octets that are not UTF-8 are read as `%XX` triplets,
    /// SPEC-MODERN §9.2 W0, never as U+FFFD).
    pub(crate) fn html_block(&mut self, block: &[u8], seen: Option<&Seen>) {
        let first = self.append(block);
        let html = crate::url::syntax::parser_text::parser_text(block).text;
        let (found, more) = html::links(&html, self.room());
        for l in found {
            self.push(
                Link {
                    url: l.url,
                    line: first + l.line - 1,
                    source: l.source,
                    text: l.text,
                    error: None,
                },
                seen,
            );
        }
        if more {
            self.note_full();
        }
    }

    fn finish(mut self, kind: Kind) -> Extraction {
        if self.skips_dropped > 0 {
            let n = self.skips_dropped;
            self.skipped.push(format!("… and {n} more"));
        }
        Extraction {
            kind,
            text: self.text,
            links: self.links,
            skipped: self.skipped,
        }
    }
}

/// 1-based line numbers of offsets that come in increasing order (a linear walk, not a count
/// from the start for each link).
pub(crate) struct LineIndex<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a [u8]) -> LineIndex<'a> {
        LineIndex {
            text,
            pos: 0,
            line: 1,
        }
    }

    pub(crate) fn line_of(&mut self, at: usize) -> usize {
        let at = at.min(self.text.len());
        if at < self.pos {
            self.pos = 0;
            self.line = 1;
        }
        self.line += memchr::memchr_iter(b'\n', &self.text[self.pos..at]).count();
        self.pos = at;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        assert_eq!(detect(b"From: a@b\nSubject: x\n\nhttp://x/"), Kind::Mail);
        assert_eq!(
            detect(b"From a@b Thu Jan 1 00:00:00 2026\nFrom: a@b\n\nx"),
            Kind::Mail
        );
        assert_eq!(detect(b"<!DOCTYPE html><p>x"), Kind::Html);
        assert_eq!(detect(b"<http://x/> is a link"), Kind::Text);
        assert_eq!(detect(b"Note: this is prose\nnot: headers"), Kind::Text);
    }

    #[test]
    fn html_is_decoded_by_its_meta_charset() {
        let mut h =
            b"<html><head><meta charset=windows-1251></head><body><a href=\"https://x.example/"
                .to_vec();
        h.extend_from_slice(&[0xf4, 0xe0, 0xe9, 0xeb]);
        h.extend_from_slice(b"\">f</a>");
        let e = links(&h, None, &Limits::default());
        assert_eq!(e.kind, Kind::Html);
        assert_eq!(e.links[0].url, "https://x.example/файл".as_bytes());
        assert!(e.skipped.is_empty());
    }

    #[test]
    fn line_index_walks_forward_and_back() {
        let mut l = LineIndex::new(b"a\nb\nc\n");
        assert_eq!(l.line_of(0), 1);
        assert_eq!(l.line_of(4), 3);
        assert_eq!(l.line_of(2), 2);
    }

    #[test]
    fn text_lines_and_limits() {
        let limits = Limits {
            max_links: 2,
            ..Limits::default()
        };
        let e = links(
            b"x\nhttp://a/\n\nhttp://b/ http://c/",
            Some(Kind::Text),
            &limits,
        );
        assert_eq!(e.links.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(e.skipped.len(), 1, "{:?}", e.skipped);
        let small = Limits {
            max_input: 4,
            ..Limits::default()
        };
        let e = links(b"http://a/", None, &small);
        assert!(e.links.is_empty());
        assert!(e.skipped[0].contains("only the first 4"));
    }
}
