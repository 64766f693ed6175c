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
//! What is read the way mail clients read it rather than as labelled (base64 with a footer,
//! quoted-printable under the wrong label, HTML in a text part) is a [`Repair`], named in each
//! link it yields and said in [`Extraction::repaired`].
//!
//! No link holds a control character: the text scanner ends a link at one, and a link from an
//! HTML attribute is cut at one (`Collector::push`).

pub mod decode;
pub mod facts;
pub mod html;
pub mod mail;
pub mod mbox;
pub mod record;
pub mod repair;
pub mod text;

use crate::url::syntax::diag::Diag;

pub use facts::LinkFacts;
pub use repair::Repair;

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
    pub links: Vec<Link>,
    /// One line for each thing not read (a limit, a broken part, an unknown charset).
    pub skipped: Vec<String>,
    /// One line for each repair made (what was repaired, how, and the repair's name).
    pub repaired: Vec<String>,
    /// Mail: the first message's `Message-ID`, without its angle brackets.
    pub message_id: Option<String>,
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
        Kind::Text => c.text_block(input, Source::Text, None, "the text"),
    }
    c.finish(kind)
}

/// The links of message number `n` of an mbox read message by message (`raw`: its octets as
/// [`mbox::Mbox`] hands them, headers first): the same as [`links`] gives for that message of
/// the whole mailbox, its line numbers counted in its own decoded text.
pub fn message_links(raw: &[u8], n: usize, limits: &Limits) -> Extraction {
    let mut c = Collector::new(*limits);
    let raw = &raw[..raw.len().min(limits.max_input)];
    mail::message(raw, n, 0, &mut c);
    c.finish(Kind::Mail)
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
    repaired: Vec<String>,
    repairs_dropped: usize,
    /// The repairs made to the text being read now: every link pushed carries them.
    repairs_now: Vec<Repair>,
    /// The link limit was reached and said.
    full: bool,
    /// The first message's `Message-ID`.
    pub(crate) message_id: Option<String>,
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
            repaired: Vec::new(),
            repairs_dropped: 0,
            repairs_now: Vec::new(),
            full: false,
            message_id: None,
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

    /// Say that `whose` text was repaired with `r`, and mark the links read from it until
    /// [`Collector::end_repair`].
    pub(crate) fn begin_repair(&mut self, whose: &str, r: Repair) {
        if self.repaired.len() < self.limits.max_skips {
            self.repaired
                .push(format!("{whose}: {} ({})", r.what(), r.name()));
        } else {
            self.repairs_dropped += 1;
        }
        self.repairs_now.push(r);
    }

    /// The text repaired with the last [`Collector::begin_repair`] has been read.
    pub(crate) fn end_repair(&mut self) {
        self.repairs_now.pop();
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

    /// List `link`, unless an earlier part of the same message (`seen`) already gave it. It is
    /// cut at its first control character (an attribute value can hold one), and carries the
    /// repairs of the text it came from.
    pub(crate) fn push(&mut self, mut link: Link, seen: Option<&Seen>) {
        if let Some(cut) = control_at(&link.url) {
            link.url.truncate(cut);
            if link.url.is_empty() {
                return;
            }
        }
        link.repairs.extend_from_slice(&self.repairs_now);
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

    /// Read a block of raw text (`whose` names it in the repair lines): quoted-printable left in
    /// it is undone, and text that holds HTML goes to the HTML tokenizer; else it is scanned.
    pub(crate) fn text_block(
        &mut self,
        block: &[u8],
        source: Source,
        seen: Option<&Seen>,
        whose: &str,
    ) {
        if decode::looks_quoted_printable(block) {
            self.begin_repair(whose, Repair::QpInText);
            let decoded = decode::quoted_printable(block);
            self.plain_block(&decoded, source, seen, whose);
            self.end_repair();
        } else {
            self.plain_block(block, source, seen, whose);
        }
    }

    /// Read a decoded text block: by the HTML tokenizer when it holds HTML, else by the text
    /// scanner.
    pub(crate) fn plain_block(
        &mut self,
        block: &[u8],
        source: Source,
        seen: Option<&Seen>,
        whose: &str,
    ) {
        if html::looks_like_html(block) {
            self.begin_repair(whose, Repair::HtmlInText);
            self.html_block(block, seen);
            self.end_repair();
        } else {
            self.scanned_block(block, source, seen);
        }
    }

    /// Scan a block that needs no further decoding.
    pub(crate) fn scanned_block(&mut self, block: &[u8], source: Source, seen: Option<&Seen>) {
        let first = self.append(block);
        let (found, more) = text::find_urls_limited(block, self.room());
        let mut lines = LineIndex::new(block);
        for f in found {
            let line = first + lines.line_of(f.at) - 1;
            let mut link = Link::new(f.url, line, source);
            link.error = f.error;
            link.continued = f.continued;
            self.push(link, seen);
        }
        if more {
            self.note_full();
        }
    }

    /// List the links of an HTML block (octets that are not UTF-8 are read as `%XX` triplets,
    /// W0 of docs/lenses.md, never as U+FFFD).
    pub(crate) fn html_block(&mut self, block: &[u8], seen: Option<&Seen>) {
        let first = self.append(block);
        let html = crate::url::syntax::parser_text::parser_text(block).text;
        let (found, more) = html::links(&html, self.room());
        let mut said = false;
        for l in found {
            let mut link = Link::new(l.url, first + l.line - 1, l.source);
            link.text = l.text;
            if l.repaired {
                // Said once per HTML text; named in each link it gave.
                if !said {
                    said = true;
                    self.begin_repair("the HTML", Repair::DamagedAttribute);
                    self.end_repair();
                }
                link.repairs.push(Repair::DamagedAttribute);
            }
            self.push(link, seen);
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
        if self.repairs_dropped > 0 {
            let n = self.repairs_dropped;
            self.repaired.push(format!("… and {n} more"));
        }
        Extraction {
            kind,
            text: self.text,
            links: self.links,
            skipped: self.skipped,
            repaired: self.repaired,
            message_id: self.message_id,
        }
    }
}

/// Where the first control character of `url` is: C0, DEL, or C1 written in UTF-8.
fn control_at(url: &[u8]) -> Option<usize> {
    url.iter().enumerate().position(|(i, &b)| {
        b < 0x20
            || b == 0x7f
            || (b == 0xc2 && url.get(i + 1).is_some_and(|n| (0x80..0xa0).contains(n)))
    })
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

    fn found(input: &[u8]) -> Vec<(String, Vec<&'static str>)> {
        links(input, None, &Limits::default())
            .links
            .into_iter()
            .map(|l| {
                (
                    String::from_utf8_lossy(&l.url).into_owned(),
                    l.repairs.iter().map(|r| r.name()).collect(),
                )
            })
            .collect()
    }

    fn urls(input: &[u8]) -> Vec<String> {
        found(input).into_iter().map(|(u, _)| u).collect()
    }

    #[test]
    fn links_end_where_markup_begins() {
        // HTML in raw text: read by the tokenizer (href, entity decoded).
        assert_eq!(
            found(b"Hi,\nclick <a href=\"http://x.example/a?b=1&amp;c=2\">go</a> now\n"),
            [("http://x.example/a?b=1&c=2".into(), vec!["html-in-text"])]
        );
        // Markup that is not HTML through and through: the delimiters end the link.
        assert_eq!(
            urls(b"see http://2742879943/ATV\">CLICK and x\"http://b.example/p\"<y>"),
            ["http://2742879943/ATV", "http://b.example/p"]
        );
        assert_eq!(
            urls(b"ugly: href=\"http://a.example/\">http://a.example/x</b>"),
            ["http://a.example/", "http://a.example/x"]
        );
    }

    #[test]
    fn no_link_holds_a_control_character() {
        assert_eq!(
            urls(b"http://b.example/\x1b]8;;evil\x1b\\y"),
            ["http://b.example/"]
        );
        assert_eq!(
            urls(b"see http://b.example/\x1b]2;PWNED\x07x\n"),
            ["http://b.example/"]
        );
        assert_eq!(
            urls("http://c.example/a\u{9b}31m".as_bytes()),
            ["http://c.example/a"]
        );
        let h = b"<html><a href=\"http://d.example/\x1b[2Jx\">d</a>";
        assert_eq!(urls(h), ["http://d.example/"]);
    }

    #[test]
    fn mislabelled_quoted_printable_is_decoded_and_named() {
        let m = b"From: a@b\nContent-Type: text/html\nContent-Transfer-Encoding: 7bit\n\n<a href=3D\"http://q.example/index.html?cid=3D10\">x</a><a hre=\nf=3D\"mailto:m@q.example\">m</a>\n";
        let e = links(m, None, &Limits::default());
        let got: Vec<_> = e
            .links
            .iter()
            .map(|l| {
                (
                    String::from_utf8_lossy(&l.url).into_owned(),
                    l.repairs.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    "http://q.example/index.html?cid=10".into(),
                    vec![Repair::QpIn7bit]
                ),
                ("mailto:m@q.example".into(), vec![Repair::QpIn7bit]),
            ]
        );
        assert_eq!(e.repaired.len(), 1, "{:?}", e.repaired);
        assert!(e.repaired[0].contains("(qp-in-7bit)"));
        // Raw text with an encoded attribute and no soft break.
        assert_eq!(
            found(b"write <a href=3D\"mailto:x@y.example\">me</a>"),
            [(
                "mailto:x@y.example".into(),
                vec!["qp-in-text", "html-in-text"]
            )]
        );
    }

    #[test]
    fn base64_with_a_list_footer_is_read() {
        let m = b"From: a@b\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2EuZXhhbXBsZS8=\n\n--\nUnsubscribe: https://list.example/u\n";
        assert_eq!(
            found(m),
            [
                ("http://a.example/".into(), vec!["base64-trailing-text"]),
                (
                    "https://list.example/u".into(),
                    vec!["base64-trailing-text"]
                ),
            ]
        );
    }

    #[test]
    fn a_link_cut_by_wrapping_may_continue() {
        let t = b"The report is at https://files.example.com/reports/2024/Q3/downloa\nd.pdf if you want it.\n";
        let e = links(t, Some(Kind::Text), &Limits::default());
        assert_eq!(
            e.links[0].url,
            b"https://files.example.com/reports/2024/Q3/downloa"
        );
        assert_eq!(
            e.links[0].continued.as_deref(),
            Some(&b"https://files.example.com/reports/2024/Q3/download.pdf"[..])
        );
        // A short line, or a next line that starts with a space, is not a wrapped one.
        let e = links(
            b"see http://a.example/x\nNext line\n",
            Some(Kind::Text),
            &Limits::default(),
        );
        assert_eq!(e.links[0].continued, None);
        let long = b"0123456789012345678901234567890123456789012345 http://a.example/x\n next\n";
        let e = links(long, Some(Kind::Text), &Limits::default());
        assert_eq!(e.links[0].continued, None);
        // A long line that ends in a link, then a line of prose: no continuation.
        let prose = b"your order is ready: https://shop.example.com/orders?order=8842913&token=a1b2c3\nTrack it at home\n";
        let e = links(prose, Some(Kind::Text), &Limits::default());
        assert_eq!(e.links[0].continued, None);
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
