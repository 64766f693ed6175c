//! Links where they arrive: an e-mail message or mailbox, an HTML page or plain text in, the list
//! of links out. Pure like `url` and `modern`: octets in, plain data out, no terminal and no I/O.
//!
//! [`links`](crate::links) decodes what carries the links (MIME with `mailparse`: multipart, quoted-printable,
//! base64, RFC 2047 headers; declared charsets with `encoding_rs`; format=flowed; HTML with
//! html5ever's tokenizer) and finds them with the text scanner (`text`). Every link keeps the
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

pub(crate) mod decode;
pub(crate) mod facts;
pub(crate) mod html;
pub(crate) mod mail;
pub(crate) mod mbox;
pub(crate) mod record;
pub(crate) mod repair;
pub(crate) mod text;

pub use facts::LINK_TEXT_MISMATCH;
pub use facts::LinkFacts;
pub use mbox::MAX_MESSAGE;
pub use mbox::Mbox;
pub use record::record;
pub use repair::Repair;
pub use text::lens_text;

pub(crate) mod found;
pub use found::Source;
pub(crate) use found::{Extraction, Kind, Limits, Link};

/// What a streamed read ([`links_each`], [`message_links_each`]) says at its end: its links
/// went to the caller one at a time, as they were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What the input was read as.
    pub kind: Kind,
    /// The links handed on.
    pub links: usize,
    /// As [`Extraction::skipped`].
    pub skipped: Vec<String>,
    /// As [`Extraction::repaired`].
    pub repaired: Vec<String>,
    /// As [`Extraction::message_id`].
    pub message_id: Option<String>,
    /// The most links held back at once before they were handed on. A streamed read hands each
    /// link on as it is found, `texts` or not, so this stays 0: it is there for the callers and
    /// tests that check that bound.
    pub most_held: usize,
}

/// Where a streamed read hands each link, with what it knows then.
pub(crate) type Each<'e> = dyn FnMut(Link, &Context) + 'e;

/// What a streamed read knows when it hands a link on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context<'a> {
    /// What the input is read as.
    pub kind: Kind,
    /// Mail: the first message's `Message-ID` (read before any of its links), without its
    /// angle brackets.
    pub message_id: Option<&'a str>,
}

/// [`links`](crate::links) without the list: each link is handed to `each` as soon as it is found, in the
/// order [`links`](crate::links) lists them, and the decoded text is not kept, so a message of a million
/// links costs the input and a hash per link of its earlier parts, not a million records.
///
/// `texts`: every link's `text` as [`links`](crate::links) gives it. A link of a message's text part takes
/// the visible text of the same link in a later HTML part (the text/plain and text/html of one
/// message list a link once), so with `texts` a message of several parts is read twice: a
/// first pass keeps only those texts (a mark where a text is its link itself), the second
/// hands each link on as it is found. Without it a message is read once and such a link's
/// `text` stays `None`.
pub fn links_each(
    input: &[u8],
    kind: Option<Kind>,
    limits: &Limits,
    texts: bool,
    each: &mut dyn FnMut(Link, &Context),
) -> Report {
    let mut c = Collector::new(*limits, Some(each), texts);
    let kind = read(input, kind, &mut c);
    c.report(kind)
}

/// Read `input` (the limit applied) into `c`; what it was read as.
pub(super) fn read(input: &[u8], kind: Option<Kind>, c: &mut Collector) -> Kind {
    let input = if input.len() > c.limits.max_input {
        c.skip(format!(
            "the input is longer than {} octets: only the first {} were read",
            c.limits.max_input, c.limits.max_input
        ));
        &input[..c.limits.max_input]
    } else {
        input
    };
    let kind = kind.unwrap_or_else(|| detect(input));
    c.kind = kind;
    match kind {
        Kind::Mail => mail::mailbox(input, c),
        Kind::Html => match decode::html_charset(input) {
            Some(label) => match decode::charset(std::borrow::Cow::Borrowed(input), &label) {
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
    kind
}

/// The links of message number `n` of an mbox read message by message (`raw`: its octets as
/// [`mbox::Mbox`] hands them, headers first): the same as [`links`](crate::links) gives for that message of
/// the whole mailbox, its line numbers counted in its own decoded text.
pub fn message_links(raw: &[u8], n: usize, limits: &Limits) -> Extraction {
    let mut c = Collector::new(*limits, None, false);
    let raw = &raw[..raw.len().min(limits.max_input)];
    mail::message(raw, n, 0, &mut c);
    c.finish(Kind::Mail)
}

/// [`message_links`] handed to `each` one at a time, as [`links_each`] hands them.
pub fn message_links_each(
    raw: &[u8],
    n: usize,
    limits: &Limits,
    texts: bool,
    each: &mut dyn FnMut(Link, &Context),
) -> Report {
    let mut c = Collector::new(*limits, Some(each), texts);
    let raw = &raw[..raw.len().min(limits.max_input)];
    mail::message(raw, n, 0, &mut c);
    c.report(Kind::Mail)
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

/// The links of a message's earlier parts, by the hash of their text ([`Collector::hash`]).
/// Where a later part's text is given to a link (links gathered, or the first of two passes),
/// each hash keeps the number of its first link; else the hashes are all that is kept. Both
/// sorted by hash (12 or 8 octets a link; a hash table takes twice that, and as much again while
/// it grows).
#[derive(Default)]
pub(crate) struct Seen {
    /// The hash's high and low halves and the link's number less `first`.
    numbered: Vec<[u32; 3]>,
    first: usize,
    sorted: Vec<u64>,
}

impl Seen {
    fn is_empty(&self) -> bool {
        self.numbered.is_empty() && self.sorted.is_empty()
    }

    /// Was the link of hash `h` seen, and which number has its first (when kept)?
    fn get(&self, h: u64) -> Option<Option<usize>> {
        let halves = Self::halves(h);
        match self
            .numbered
            .binary_search_by(|e| [e[0], e[1]].cmp(&halves))
        {
            Ok(k) => Some(Some(self.first + self.numbered[k][2] as usize)),
            Err(_) => self.sorted.binary_search(&h).is_ok().then_some(None),
        }
    }

    fn halves(h: u64) -> [u32; 2] {
        [(h >> 32) as u32, h as u32]
    }

    /// Keep the hashes of links numbered `from`, `from + 1`, …, with their numbers. (A number
    /// more than 2^32 past the message's first link, which no message under the limits has, is
    /// kept without it: listed once, without a later part's text.)
    fn number(&mut self, from: usize, hashes: &[u64]) {
        if self.numbered.is_empty() {
            self.first = from;
        }
        // Sized once, and sorted in place: by hash, then number, so a hash's first (lowest)
        // number is the one kept.
        self.numbered.reserve_exact(hashes.len());
        let mut unnumbered = Vec::new();
        for (k, &h) in hashes.iter().enumerate() {
            match u32::try_from(from + k - self.first) {
                Ok(n) => {
                    let [hi, lo] = Self::halves(h);
                    self.numbered.push([hi, lo, n]);
                }
                Err(_) => unnumbered.push(h),
            }
        }
        self.numbered.sort_unstable();
        self.numbered.dedup_by_key(|e| [e[0], e[1]]);
        if !unnumbered.is_empty() {
            self.sorted.extend(unnumbered);
            self.sorted.sort_unstable();
            self.sorted.dedup();
        }
    }
}

/// Which pass of a message read twice for its links' texts ([`Collector::two_passes`]).
#[derive(Default)]
enum TextPass {
    /// Read once: not a streamed read that wants texts, or not a message of several parts.
    #[default]
    Single,
    /// The first pass: nothing is handed on; the texts later parts give are noted.
    Survey(Fills),
    /// The second: each link is handed on as found, with the text the first pass noted.
    Write(Fills),
}

/// What [`Collector::mark`] keeps.
struct Mark {
    lines: usize,
    listed: usize,
    skipped: usize,
    skips_dropped: usize,
    repaired: usize,
    repairs_dropped: usize,
    recent: usize,
    recent_from: usize,
    recording: usize,
    full: bool,
}

/// The texts a message's later parts give to links of its earlier ones, by link number; a link
/// takes the first one given. A text that is the link itself (`<a href="U">U</a>`, how most mail
/// writes a link) is kept as its number alone, not a copy.
struct Fills {
    /// The number of the message's first link: `given` counts from it.
    first: usize,
    /// One bit a link of the message: has a later part given it a text yet?
    given: Vec<u64>,
    /// The links whose text is the link itself.
    same: Vec<usize>,
    /// The others: (link number, where its text starts in `texts`, its length).
    other: Vec<(usize, usize, usize)>,
    texts: String,
}

impl Fills {
    fn new(first: usize) -> Fills {
        Fills {
            first,
            given: Vec::new(),
            same: Vec::new(),
            other: Vec::new(),
            texts: String::new(),
        }
    }

    /// Link number `i` (whose octets are `url`) is given `text` by a later part.
    fn note(&mut self, i: usize, url: &[u8], text: String) {
        let bit = i - self.first;
        if self.given.len() <= bit / 64 {
            self.given.resize(bit / 64 + 1, 0);
        }
        let (word, mask) = (&mut self.given[bit / 64], 1u64 << (bit % 64));
        if *word & mask != 0 {
            return;
        }
        *word |= mask;
        if text.as_bytes() == url {
            self.same.push(i);
        } else {
            self.other.push((i, self.texts.len(), text.len()));
            self.texts.push_str(&text);
        }
    }

    /// Ready for the second pass, which asks for the numbers in increasing order.
    fn in_order(mut self) -> Fills {
        self.given = Vec::new();
        // Each number is noted once: an unstable sort (in place) is enough.
        self.same.sort_unstable();
        self.other.sort_unstable();
        // Taken from the end: the front of each is what comes next.
        self.same.reverse();
        self.other.reverse();
        self
    }

    /// The text noted for link number `i` (numbers asked in increasing order).
    fn take(&mut self, i: usize, url: &[u8]) -> Option<String> {
        while self.same.last().is_some_and(|&n| n < i) {
            self.same.pop();
        }
        while self.other.last().is_some_and(|n| n.0 < i) {
            self.other.pop();
        }
        if self.same.last() == Some(&i) {
            self.same.pop();
            return Some(String::from_utf8_lossy(url).into_owned());
        }
        let &(n, start, len) = self.other.last()?;
        (n == i).then(|| {
            self.other.pop();
            self.texts[start..start + len].to_string()
        })
    }
}

/// The extraction being built: the decoded text so far, the links, the skip lines.
pub(crate) struct Collector<'e> {
    limits: Limits,
    /// The decoded text, kept only for [`links`] ([`Extraction::text`]).
    text: Option<Vec<u8>>,
    /// Lines in the decoded text so far.
    lines: usize,
    /// The links gathered ([`links`]); a streamed read hands each on instead.
    links: Vec<Link>,
    /// Links listed so far (`links[i]` is number `i` when they are gathered).
    listed: usize,
    most_held: usize,
    /// What the input is read as.
    kind: Kind,
    /// A streamed read: where each link goes once found.
    each: Option<&'e mut Each<'e>>,
    /// A streamed read that wants each link's final `text`: a message of several parts is read
    /// in two passes ([`Collector::two_passes`]).
    texts: bool,
    /// Which of those two passes is reading, and the texts the first found.
    pass: TextPass,
    /// The hashes of the links listed while a part is read that later parts compare with
    /// ([`Collector::start_part`]); the first is link number `recent_from`, the others follow
    /// (every link listed meanwhile is recorded).
    recent: Vec<u64>,
    recent_from: usize,
    recording: usize,
    /// Keys the links' hashes: drawn for each read, so no input can aim at a collision.
    hasher: std::hash::RandomState,
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

impl<'e> Collector<'e> {
    fn new(limits: Limits, each: Option<&'e mut Each<'e>>, texts: bool) -> Collector<'e> {
        Collector {
            limits,
            text: each.is_none().then(Vec::new),
            lines: 0,
            links: Vec::new(),
            listed: 0,
            most_held: 0,
            kind: Kind::Mail,
            each,
            texts,
            pass: TextPass::Single,
            recent: Vec::new(),
            recent_from: 0,
            recording: 0,
            hasher: std::hash::RandomState::new(),
            skipped: Vec::new(),
            skips_dropped: 0,
            repaired: Vec::new(),
            repairs_dropped: 0,
            repairs_now: Vec::new(),
            full: false,
            message_id: None,
        }
    }

    /// A link's text as a 64-bit hash. (Two different links with the same hash would be
    /// listed once: less than one chance in 10^7 for a million links, with a key no input knows.)
    fn hash(&self, url: &[u8]) -> u64 {
        use std::hash::BuildHasher;
        self.hasher.hash_one(url)
    }

    /// Read a message of several parts with `read` (its parts): a streamed read that wants the
    /// links' texts reads it twice, the first pass finding only the texts that later parts give
    /// to earlier parts' links, the second handing each link on with its text as it is found.
    /// Anything else reads it once.
    pub(crate) fn two_passes(&mut self, read: &mut dyn FnMut(&mut Self)) {
        if self.each.is_none() || !self.texts || !matches!(self.pass, TextPass::Single) {
            read(self);
            return;
        }
        let mark = self.mark();
        self.pass = TextPass::Survey(Fills::new(self.listed));
        read(self);
        self.rewind(mark);
        let TextPass::Survey(fills) = std::mem::take(&mut self.pass) else {
            unreachable!("the first pass ends as it began");
        };
        self.pass = TextPass::Write(fills.in_order());
        read(self);
        self.pass = TextPass::Single;
    }

    /// What a pass changes, to read the same message again ([`Collector::rewind`]).
    fn mark(&self) -> Mark {
        Mark {
            lines: self.lines,
            listed: self.listed,
            skipped: self.skipped.len(),
            skips_dropped: self.skips_dropped,
            repaired: self.repaired.len(),
            repairs_dropped: self.repairs_dropped,
            recent: self.recent.len(),
            recent_from: self.recent_from,
            recording: self.recording,
            full: self.full,
        }
    }

    fn rewind(&mut self, m: Mark) {
        self.lines = m.lines;
        self.listed = m.listed;
        self.skipped.truncate(m.skipped);
        self.skips_dropped = m.skips_dropped;
        self.repaired.truncate(m.repaired);
        self.repairs_dropped = m.repairs_dropped;
        self.recent.truncate(m.recent);
        self.recent_from = m.recent_from;
        self.recording = m.recording;
        self.full = m.full;
    }

    /// A part begins whose links the message's later parts compare with (`compared`); what
    /// [`Collector::end_part`] takes.
    pub(crate) fn start_part(&mut self, compared: bool) -> usize {
        if self.recording == 0 {
            self.recent_from = self.listed;
        }
        self.recording += usize::from(compared);
        self.recent.len()
    }

    /// The part begun at `mark` has been read: its links (and those of messages inside it) go
    /// into `seen`.
    pub(crate) fn end_part(&mut self, compared: bool, mark: usize, seen: &mut Seen) {
        if !compared {
            return;
        }
        self.recording -= 1;
        // Numbers matter only where a later part's text is given to a link: links gathered, or
        // the first of two passes.
        if self.each.is_none() || matches!(self.pass, TextPass::Survey(_)) {
            seen.number(self.recent_from + mark, &self.recent[mark..]);
        } else if mark == 0 && self.recording == 0 && seen.sorted.is_empty() {
            // No one else reads them: the hashes move, not copied.
            seen.sorted = std::mem::take(&mut self.recent);
            seen.sorted.sort_unstable();
        } else {
            seen.sorted.extend_from_slice(&self.recent[mark..]);
            seen.sorted.sort_unstable();
            seen.sorted.dedup();
        }
        if self.recording == 0 {
            // Its room too: the next part may be the longest.
            self.recent = Vec::new();
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
        self.limits.max_links.saturating_sub(self.listed)
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
        if let Some(text) = self.text.as_mut() {
            text.extend_from_slice(block);
            if !block.ends_with(b"\n") {
                text.push(b'\n');
            }
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
        let earlier = seen.filter(|s| !s.is_empty());
        let hash = (earlier.is_some() || self.recording > 0).then(|| self.hash(&link.url));
        if let Some(i) = earlier.zip(hash).and_then(|(s, h)| s.get(h)) {
            // The same link in the text and the HTML part: listed once, with the HTML text
            // (gathered, the first keeps it; the first of two passes notes it for the second).
            match (&mut self.pass, i, link.text) {
                (TextPass::Survey(fills), Some(i), Some(text)) => fills.note(i, &link.url, text),
                (_, Some(i), text) => {
                    if let Some(first) = self.links.get_mut(i)
                        && first.text.is_none()
                    {
                        first.text = text;
                    }
                }
                _ => {}
            }
            return;
        }
        if self.listed >= self.limits.max_links {
            self.note_full();
            return;
        }
        if let Some(h) = hash.filter(|_| self.recording > 0) {
            self.recent.push(h);
        }
        let number = self.listed;
        self.listed += 1;
        match (self.each.as_mut(), &mut self.pass) {
            // The first of two passes only counts.
            (Some(_), TextPass::Survey(_)) => {}
            (Some(each), pass) => {
                if let TextPass::Write(fills) = pass
                    && link.text.is_none()
                {
                    link.text = fills.take(number, &link.url);
                }
                each(
                    link,
                    &Context {
                        kind: self.kind,
                        message_id: self.message_id.as_deref(),
                    },
                );
            }
            (None, _) => {
                self.links.push(link);
                self.most_held = self.most_held.max(self.links.len());
            }
        }
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
        let mut lines = LineIndex::new(block);
        let more = text::each_url(block, self.room(), &mut |f| {
            let line = first + lines.line_of(f.at) - 1;
            let mut link = Link::new(f.url, line, source);
            link.error = f.error;
            link.continued = f.continued;
            self.push(link, seen);
        });
        if more {
            self.note_full();
        }
    }

    /// List the links of an HTML block (octets that are not UTF-8 are read as `%XX` triplets,
    /// W0 of docs/lenses.md, never as U+FFFD).
    pub(crate) fn html_block(&mut self, block: &[u8], seen: Option<&Seen>) {
        let first = self.append(block);
        let html = crate::url::syntax::parser_text::parser_text(block).text;
        let mut said = false;
        let more = html::each_link(&html, self.room(), &mut |l| {
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
        });
        if more {
            self.note_full();
        }
    }

    fn close_lines(&mut self) {
        if self.skips_dropped > 0 {
            let n = self.skips_dropped;
            self.skipped.push(format!("… and {n} more"));
        }
        if self.repairs_dropped > 0 {
            let n = self.repairs_dropped;
            self.repaired.push(format!("… and {n} more"));
        }
    }

    fn finish(mut self, kind: Kind) -> Extraction {
        self.close_lines();
        Extraction {
            kind,
            text: self.text.unwrap_or_default(),
            links: self.links,
            skipped: self.skipped,
            repaired: self.repaired,
            message_id: self.message_id,
        }
    }

    fn report(mut self, kind: Kind) -> Report {
        self.close_lines();
        Report {
            kind,
            links: self.listed,
            skipped: self.skipped,
            repaired: self.repaired,
            message_id: self.message_id,
            most_held: self.most_held,
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
    use crate::links;

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

    /// A message of `n` distinct links in one part (`html`: anchors, else bare links), or in a
    /// text part and an HTML part (`alternative`, the HTML part's links the text part's).
    fn message_of_links(n: usize, shape: &str) -> Vec<u8> {
        let url = |i: usize| format!("https://h{}.example/p/{i}?q{i}", i % 97);
        let text: String = (0..n).map(|i| url(i) + "\n").collect();
        let html: String = (0..n)
            .map(|i| format!("<a href=\"{}\">link {i}</a><br>\n", url(i)))
            .collect();
        let head = "From: a@b.example\nMessage-ID: <m@b.example>\nMIME-Version: 1.0\n";
        match shape {
            "html" => format!("{head}Content-Type: text/html\n\n{html}"),
            "text" => format!("{head}Content-Type: text/plain\n\n{text}"),
            _ => format!(
                "{head}Content-Type: multipart/alternative; boundary=B\n\n--B\nContent-Type: text/plain\n\n{text}--B\nContent-Type: text/html\n\n{html}--B--\n"
            ),
        }
        .into_bytes()
    }

    fn streamed(input: &[u8], texts: bool) -> (Vec<Link>, Report) {
        let mut got = Vec::new();
        let report = links_each(input, None, &Limits::default(), texts, &mut |l, c| {
            assert_eq!(c.message_id, Some("m@b.example"));
            got.push(l);
        });
        (got, report)
    }

    #[test]
    fn a_message_of_links_is_handed_on_as_found_not_gathered() {
        for shape in ["html", "text"] {
            // 40,000 links: the HTML part over the size that is read in two streamed passes.
            let m = message_of_links(40_000, shape);
            let whole = links(&m, None, &Limits::default());
            assert_eq!(whole.links.len(), 40_000);
            for texts in [false, true] {
                let (got, report) = streamed(&m, texts);
                assert_eq!(got, whole.links, "{shape}, texts {texts}");
                assert_eq!(report.links, 40_000);
                assert_eq!(report.most_held, 0, "{shape}: links were gathered");
                assert_eq!(report.message_id.as_deref(), Some("m@b.example"));
            }
        }
    }

    #[test]
    fn texts_come_from_a_first_pass_and_no_link_is_held() {
        let m = message_of_links(3000, "alternative");
        let whole = links(&m, None, &Limits::default());
        // Listed once each, with the HTML part's text.
        assert_eq!(whole.links.len(), 3000);
        assert_eq!(whole.links[7].text.as_deref(), Some("link 7"));
        let (got, report) = streamed(&m, true);
        assert_eq!(got, whole.links);
        assert_eq!(report.most_held, 0);
        assert_eq!(report.links, 3000);
        // Without texts it is read once; only the texts a later part gives are missing.
        let (got, report) = streamed(&m, false);
        assert_eq!(report.most_held, 0);
        let no_text = |l: &[Link]| {
            l.iter()
                .map(|l| Link {
                    text: None,
                    ..l.clone()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(no_text(&got), no_text(&whole.links));
    }

    #[test]
    fn the_second_pass_gives_each_link_the_first_text_a_later_part_gives() {
        // Three parts: text, then HTML whose text is the link itself for some and words for
        // others, then HTML again (its texts come too late). A skip line and a repair said by
        // a part are said once, not once a pass; a link only the last part has is its own.
        let head = "From: a@b.example\nMessage-ID: <m@b.example>\nMIME-Version: 1.0\n";
        let m = format!(
            "{head}Content-Type: multipart/mixed; boundary=B\n\n\
             --B\nContent-Type: text/plain\n\nhttps://a.example/1 https://a.example/2 https://a.example/3\n\
             --B\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n!!!!\n\
             --B\nContent-Type: text/html\n\n<a href=\"https://a.example/1\">https://a.example/1</a>\
             <a href=\"https://a.example/2\">two</a><a href=\"https://a.example/2\">deux</a>\n\
             --B\nContent-Type: text/plain\n\n<a href=\"https://a.example/3\">three</a> <p>x</p>\
             <a href=\"https://a.example/4\">four</a>\n--B--\n"
        )
        .into_bytes();
        let whole = links(&m, None, &Limits::default());
        let texts: Vec<_> = whole.links.iter().map(|l| l.text.as_deref()).collect();
        assert_eq!(
            texts,
            [
                Some("https://a.example/1"),
                Some("two"),
                Some("three"),
                Some("four")
            ]
        );
        assert_eq!(whole.skipped.len(), 1, "{:?}", whole.skipped);
        assert_eq!(whole.repaired.len(), 1, "{:?}", whole.repaired);
        let (got, report) = streamed(&m, true);
        assert_eq!(got, whole.links);
        assert_eq!(report.skipped, whole.skipped);
        assert_eq!(report.repaired, whole.repaired);
        assert_eq!(report.links, 4);
    }

    #[test]
    fn the_link_limit_holds_when_streamed() {
        let m = message_of_links(3000, "alternative");
        let limits = Limits {
            max_links: 1000,
            ..Limits::default()
        };
        let whole = links(&m, None, &limits);
        for texts in [false, true] {
            let mut got = Vec::new();
            let r = links_each(&m, None, &limits, texts, &mut |l, _| got.push(l));
            assert_eq!(got.len(), 1000);
            assert_eq!(r.skipped, whole.skipped);
            if texts {
                assert_eq!(got, whole.links);
            }
            assert_eq!(
                got.iter().map(|l| &l.url).collect::<Vec<_>>(),
                whole.links.iter().map(|l| &l.url).collect::<Vec<_>>()
            );
        }
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
