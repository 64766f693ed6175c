//! Links in HTML, read with html5ever's tokenizer (the HTML Standard's tokenizer: entities
//! decoded, tag and attribute names lowercased, so `<A HREF=…>` is found): the `href` of `a` and
//! `area`, the `src` of `img`, `iframe`, `frame`, `embed`, `source`, `audio`, `video`, `script`
//! and `input`, each with the visible text of its link; and the links written in the visible text
//! itself outside links (the text scanner's rules) unless an `href` already gave them.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::{BuildHasher, RandomState};

use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::Source;
use super::text;

/// One link of an HTML text, before the message-level bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HtmlLink {
    pub url: Vec<u8>,
    /// 1-based line of the tag (or the text) in the HTML text.
    pub line: usize,
    pub source: Source,
    /// The visible text of an `href` link, whitespace collapsed.
    pub text: Option<String>,
    /// The attribute value was damaged and its URL read by [`super::Repair::DamagedAttribute`].
    pub repaired: bool,
}

/// A run of visible text and the line it starts on (32 bits each: an input is at most 64 MiB,
/// and a long text has a run a line).
struct Run {
    start: u32,
    line: u32,
}

/// What one tokenizer pass over an HTML text keeps.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Pass {
    /// The tag links and the visible text: a whole read ([`links`]).
    #[default]
    Whole,
    /// The tag links' hashes and the visible text: the first of the two passes of a long text
    /// ([`each_link`]), which finds the links written in the text and which of them a tag gives.
    Survey,
    /// The tag links, each handed on once it is complete: the second pass.
    Stream,
}

#[derive(Default)]
struct State {
    pass: Pass,
    /// The tag links read and not yet handed on (all of them in a whole read).
    links: VecDeque<HtmlLink>,
    /// Tag links handed on already.
    drained: usize,
    /// Tag links read, kept or not.
    tags: usize,
    /// The index (counted from the first tag link) of the open `<a>` whose text is being
    /// collected.
    open: Option<usize>,
    anchor_text: String,
    /// The visible text, and where each piece of it came from.
    text: String,
    runs: Vec<Run>,
    in_raw: bool,
    max: usize,
    /// [`Pass::Survey`]: the tag links' hashes (keyed by `hasher`), sorted once it ends (8 octets
    /// a link; a hash table takes twice that).
    hashes: Vec<u64>,
    hasher: RandomState,
}

impl State {
    fn new(pass: Pass, max: usize, hasher: RandomState) -> State {
        State {
            pass,
            max,
            hasher,
            ..State::default()
        }
    }
}

struct Sink(RefCell<State>);

const SRC_TAGS: [&str; 9] = [
    "img", "iframe", "frame", "embed", "source", "audio", "video", "script", "input",
];

/// Schemes that never lead anywhere a reader would follow: a part of the same message, a blank
/// page. Script and data links are listed: they are where the `script-scheme` finding matters.
const IGNORED: [&[u8]; 2] = [b"cid:", b"about:"];

/// Tags whose presence makes a text HTML (matched ASCII case-insensitively): a link, a line
/// break, a paragraph or a document element.
const HTML_MARKS: [&[u8]; 10] = [
    b"<a href",
    b"</a>",
    b"<html",
    b"<body",
    b"<br>",
    b"<br/>",
    b"<br />",
    b"<p>",
    b"</p>",
    b"<img src",
];

/// Does `text` (a `text/plain` part, raw text) hold HTML markup: one of a few tags that only
/// HTML writes? Then it is read by the tokenizer, as a mail client that renders it would.
pub(crate) fn looks_like_html(text: &[u8]) -> bool {
    // Every mark starts with `<`: looked for at each `<`, so the text is not copied.
    memchr::memchr_iter(b'<', text).any(|i| {
        HTML_MARKS.iter().any(|m| {
            text[i..]
                .get(..m.len())
                .is_some_and(|t| t.eq_ignore_ascii_case(m))
        })
    })
}

/// An attribute value as a link: ASCII whitespace trimmed and line breaks and tabs dropped (what
/// the URL parser does), kept only with a scheme, a `www.` start, or as a network-path reference
/// (`//host/…`, RFC 3986 §4.2: it names its host; a webmail page resolves it with `https:`).
/// Any other relative reference has no base here. An inline image's `data:` is content, not a
/// link.
fn attribute_link(v: &str, tag: &str) -> Option<Vec<u8>> {
    let v: Vec<u8> = v
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect();
    let lower = v.to_ascii_lowercase();
    if IGNORED.iter().any(|s| lower.starts_with(s)) || (tag == "img" && lower.starts_with(b"data:"))
    {
        return None;
    }
    let network_path = v.starts_with(b"//") && v.get(2).is_some_and(u8::is_ascii_alphanumeric);
    (has_scheme(&v) || lower.starts_with(b"www.") || network_path).then_some(v)
}

/// A damaged attribute value read the lenient way mail filters read it: what a stray `=` or
/// undecoded quoted-printable put in front of the URL — `href=="http://…"` gives the value
/// `="http://…"`, `href=3D"http://…"` gives `3D"http://…"`, an escaped `href=\"http://…\"`
/// gives `\"http://…\"` — is dropped with the quote after it, and the rest is read as
/// [`attribute_link`] reads a value. `None` unless something was dropped and a link is left.
fn damaged_attribute_link(v: &str, tag: &str) -> Option<Vec<u8>> {
    let t = v.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes();
    let mut i = 0;
    loop {
        match &t[i..] {
            // `=22`, `=27`: a quote left quoted-printable.
            [b'=', b'2', b'2' | b'7', ..] => i += 3,
            [b'=' | b'"' | b'\'' | b'\\', ..] => i += 1,
            [b'3', b'D' | b'd', b'=' | b'"' | b'\'' | b'\\' | b'3', ..] => i += 2,
            [b'3', b'D' | b'd', rest @ ..] if has_scheme(rest) => i += 2,
            _ => break,
        }
    }
    if i == 0 {
        return None;
    }
    let rest = &t[i..];
    let quote = |k: usize| {
        matches!(rest[k], b'"' | b'\'' | b'\\')
            || (rest[k..].starts_with(b"=22") || rest[k..].starts_with(b"=27"))
    };
    let end = (0..rest.len()).find(|&k| quote(k)).unwrap_or(rest.len());
    attribute_link(std::str::from_utf8(&rest[..end]).ok()?, tag)
}

fn has_scheme(v: &[u8]) -> bool {
    let end = v.iter().position(|&b| b == b':');
    end.is_some_and(|e| {
        e > 0
            && v[0].is_ascii_alphabetic()
            && v[..e]
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    })
}

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let mut s = self.0.borrow_mut();
        let line = line as usize;
        match token {
            Token::TagToken(tag) => {
                let name: &str = &tag.name;
                if tag.kind == TagKind::EndTag {
                    s.in_raw = false;
                    if name == "a" {
                        close_anchor(&mut s);
                    }
                    return TokenSinkResult::Continue;
                }
                let attr = |want: &str| {
                    tag.attrs
                        .iter()
                        .find(|a| &*a.name.local == want)
                        .map(|a| a.value.to_string())
                };
                if name == "a" {
                    close_anchor(&mut s);
                }
                if s.tags < s.max {
                    let (key, source) = if matches!(name, "a" | "area") {
                        ("href", Source::HtmlHref)
                    } else if SRC_TAGS.contains(&name) {
                        ("src", Source::HtmlSrc)
                    } else {
                        ("", Source::Text)
                    };
                    let value = attr(key);
                    let read = value.as_deref().and_then(|v| {
                        attribute_link(v, name)
                            .map(|u| (u, false))
                            .or_else(|| damaged_attribute_link(v, name).map(|u| (u, true)))
                    });
                    if let Some((url, repaired)) = read {
                        if s.pass == Pass::Survey {
                            let h = s.hasher.hash_one(url.as_slice());
                            push_unique(&mut s.hashes, h);
                        } else {
                            s.links.push_back(HtmlLink {
                                url,
                                line,
                                source,
                                text: None,
                                repaired,
                            });
                        }
                        s.tags += 1;
                        if name == "a" && !tag.self_closing {
                            s.open = Some(s.tags - 1);
                        }
                    }
                }
                // Script and style bodies are not text; the tokenizer is told so (a tree builder would).
                let raw = match name {
                    "script" => Some(RawKind::ScriptData),
                    "style" | "xmp" | "noframes" => Some(RawKind::Rawtext),
                    "textarea" | "title" => Some(RawKind::Rcdata),
                    _ => None,
                };
                if let Some(kind) = raw.filter(|_| !tag.self_closing) {
                    s.in_raw = !matches!(kind, RawKind::Rcdata);
                    return TokenSinkResult::RawData(kind);
                }
                if matches!(name, "br" | "p" | "div" | "tr" | "li" | "td") && s.pass != Pass::Stream
                {
                    s.text.push('\n');
                }
            }
            // A link's own text is its `text`, not another link to list.
            Token::CharacterTokens(t) if !s.in_raw && s.open.is_some() => {
                if s.anchor_text.len() < 4096 && s.pass != Pass::Survey {
                    s.anchor_text.push_str(&t);
                }
                if s.pass != Pass::Stream {
                    s.text.push(' ');
                }
            }
            Token::CharacterTokens(t) if !s.in_raw && s.pass != Pass::Stream => {
                // The tokenizer reports the line where the run ended.
                let start = s.text.len();
                let begins = line.saturating_sub(t.matches('\n').count());
                s.runs.push(Run {
                    start: u32::try_from(start).unwrap_or(u32::MAX),
                    line: u32::try_from(begins.max(1)).unwrap_or(u32::MAX),
                });
                s.text.push_str(&t);
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

fn close_anchor(s: &mut State) {
    if let Some(i) = s.open.take() {
        if s.pass != Pass::Survey {
            let t = s
                .anchor_text
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if !t.is_empty() {
                // The open link is never handed on before it closes.
                s.links[i - s.drained].text = Some(t);
            }
        }
        s.anchor_text.clear();
    }
}

/// The links of the HTML text `html` (already decoded to UTF-8 where its charset was known),
/// at most `max` of them; the flag says whether there were more.
pub(crate) fn links(html: &str, max: usize) -> (Vec<HtmlLink>, bool) {
    let sink = Sink(RefCell::new(State::new(
        Pass::Whole,
        max,
        RandomState::new(),
    )));
    let tok = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(html.into());
    let _ = tok.feed(&input);
    tok.end();
    let mut s = tok.sink.0.into_inner();
    close_anchor(&mut s);
    let mut more = s.tags >= max;
    // Links written in the visible text, unless a tag already gave the same link.
    let tags = std::mem::take(&mut s.links);
    let (extra, cut) = text_links(&s, max, |url| tags.iter().any(|l| l.url == url));
    more |= cut;
    let mut all: Vec<HtmlLink> = tags.into();
    all.extend(extra);
    all.sort_by_key(|l| l.line);
    let mut lf = LfLines::new(html);
    for l in &mut all {
        l.line = lf.of(l.line);
    }
    (all, more)
}

/// The links written in the visible text of a finished pass (at most `max` less the tag links)
/// that no tag gave (`tag_gave`), each with its line.
fn text_links(s: &State, max: usize, tag_gave: impl Fn(&[u8]) -> bool) -> (Vec<HtmlLink>, bool) {
    let room = max.saturating_sub(s.tags);
    let mut extra = Vec::new();
    let cut = text::each_url(s.text.as_bytes(), room, &mut |f| {
        if tag_gave(&f.url) {
            return;
        }
        let r = s
            .runs
            .partition_point(|r| r.start as usize <= f.at)
            .saturating_sub(1);
        let line = s.runs.get(r).map_or(1, |run| {
            run.line as usize
                + s.text.as_bytes()[run.start as usize..f.at]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
        });
        extra.push(HtmlLink {
            url: f.url,
            line,
            source: Source::Text,
            text: None,
            repaired: false,
        });
    });
    (extra, cut)
}

/// Add `h` to a list of hashes, kept to at most twice its distinct hashes: when it is full it is
/// sorted and deduplicated first, and grows only when that left it more than half full.
fn push_unique(hashes: &mut Vec<u64>, h: u64) {
    if hashes.len() == hashes.capacity() && hashes.len() >= 64 {
        hashes.sort_unstable();
        hashes.dedup();
        // Mostly distinct: room for as many again, so the next sort is as far off.
        if hashes.len() > hashes.capacity() / 2 {
            hashes.reserve(hashes.len());
        }
    }
    hashes.push(h);
}

/// HTML texts at least this long are read in two streamed passes ([`each_link`]); shorter ones
/// whole.
pub(crate) const STREAMED_FROM: usize = 1 << 20;

/// The piece of a long HTML text the tokenizer is given at a time (then up to the next line
/// feed).
const PIECE: usize = 1 << 16;

/// The links of `html` as [`links`] lists them (same links, same order), handed to `each` as
/// they are complete; true when there were more than `max`. A text of 1 MiB
/// or more is never held as a list: a first pass keeps a 64-bit hash of each tag's link and the
/// visible text (to know which links written in the text a tag also gives, as [`links`] drops
/// them), a second hands each tag's link on once its anchor closes, the text's links merged in
/// by line.
pub(crate) fn each_link(html: &str, max: usize, each: &mut dyn FnMut(HtmlLink)) -> bool {
    if html.len() < STREAMED_FROM {
        let (found, more) = links(html, max);
        found.into_iter().for_each(each);
        return more;
    }
    streamed(html, max, PIECE, each).0
}

/// [`each_link`]'s two passes, the tokenizer given `piece` octets at a time; also the most tag
/// links the second pass held at once.
fn streamed(html: &str, max: usize, piece: usize, each: &mut dyn FnMut(HtmlLink)) -> (bool, usize) {
    let hasher = RandomState::new();
    let mut survey = tokenize(
        html,
        piece,
        State::new(Pass::Survey, max, hasher.clone()),
        &mut |_| {},
    );
    // (A 64-bit hash that two different links share would drop a text link: with a key drawn
    // for each run, less than one chance in 10^7 for a million links, and no input can aim at it.)
    survey.hashes.sort_unstable();
    survey.hashes.dedup();
    let (mut extra, cut) = text_links(&survey, max, |url| {
        survey.hashes.binary_search(&hasher.hash_one(url)).is_ok()
    });
    let more = survey.tags >= max || cut;
    drop(survey);
    // The order of `links`: by line, a tag's link before the text's links of its line.
    extra.sort_by_key(|l| l.line);
    let mut extra = extra.into_iter().peekable();
    let mut most = 0;
    // Links are handed on in the order of their lines, so one forward walk gives each its line.
    let mut lf = LfLines::new(html);
    let each = &mut |mut l: HtmlLink| {
        l.line = lf.of(l.line);
        each(l)
    };
    tokenize(
        html,
        piece,
        State::new(Pass::Stream, max, hasher),
        &mut |s| {
            most = most.max(s.links.len());
            while !s.links.is_empty() && s.open != Some(s.drained) {
                let Some(l) = s.links.pop_front() else { break };
                s.drained += 1;
                while let Some(t) = extra.next_if(|t| t.line < l.line) {
                    each(t);
                }
                each(l);
            }
        },
    );
    extra.for_each(each);
    (more, most)
}

/// One tokenizer pass over `html`, given a piece at a time: each piece ends just after a line
/// feed, where the tokenizer never is inside a run of text, so its tokens are those of a whole
/// read. `after` sees the state after each piece and at the end.
fn tokenize(html: &str, piece: usize, state: State, after: &mut dyn FnMut(&mut State)) -> State {
    let tok = Tokenizer::new(Sink(RefCell::new(state)), TokenizerOpts::default());
    let input = BufferQueue::default();
    let mut at = 0;
    while at < html.len() {
        let end = match html.as_bytes().get(at + piece..) {
            Some(rest) => memchr::memchr(b'\n', rest).map_or(html.len(), |n| at + piece + n + 1),
            None => html.len(),
        };
        input.push_back(html[at..end].into());
        let _ = tok.feed(&input);
        after(&mut tok.sink.0.borrow_mut());
        at = end;
    }
    tok.end();
    let mut s = tok.sink.0.into_inner();
    close_anchor(&mut s);
    after(&mut s);
    s
}

/// The tokenizer's line numbers as lines of the text: the tokenizer counts a lone CR as a line
/// break (the HTML input stream turns it into LF), the text the links are shown in breaks lines
/// at LF only. A forward walk over the text, for lines asked in order (an earlier one starts the
/// walk again).
struct LfLines<'a> {
    text: &'a [u8],
    /// Where the walk is: the start of the tokenizer's line `line`, which is the text's line `lf`.
    at: usize,
    line: usize,
    lf: usize,
}

impl<'a> LfLines<'a> {
    fn new(text: &'a str) -> Self {
        Self::new_bytes(text.as_bytes())
    }

    /// The text's line on which the tokenizer's line `line` starts.
    fn of(&mut self, line: usize) -> usize {
        if line < self.line {
            *self = Self::new_bytes(self.text);
        }
        while self.line < line {
            let Some(n) = memchr::memchr2(b'\n', b'\r', &self.text[self.at..]) else {
                break;
            };
            let i = self.at + n;
            if self.text[i] == b'\r' && self.text.get(i + 1) == Some(&b'\n') {
                self.at = i + 2;
                self.lf += 1;
            } else {
                self.at = i + 1;
                self.lf += usize::from(self.text[i] == b'\n');
            }
            self.line += 1;
        }
        self.lf
    }

    fn new_bytes(text: &'a [u8]) -> Self {
        LfLines {
            text,
            at: 0,
            line: 1,
            lf: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(h: &str) -> Vec<(String, Source, Option<String>)> {
        links(h, 100)
            .0
            .into_iter()
            .map(|l| (String::from_utf8(l.url).unwrap(), l.source, l.text))
            .collect()
    }

    #[test]
    fn hrefs_srcs_entities_and_case() {
        let h = "<P>Hi<A HREF=\"https://a.example/?x=1&amp;y=2\">the <b>shop</b></A>\n\
                 <img src='https://img.example/p.png'><a href=\"#top\">top</a>\
                 <a href=\"javascript:alert(1)\">d</a><img src=\"data:image/png;base64,AA\"><script>var u='https://js.example/';</script>\n\
                 see https://text.example/page. and https://a.example/?x=1&amp;y=2";
        assert_eq!(
            urls(h),
            [
                (
                    "https://a.example/?x=1&y=2".into(),
                    Source::HtmlHref,
                    Some("the shop".into())
                ),
                ("https://img.example/p.png".into(), Source::HtmlSrc, None),
                (
                    "javascript:alert(1)".into(),
                    Source::HtmlHref,
                    Some("d".into())
                ),
                ("https://text.example/page".into(), Source::Text, None),
            ]
        );
    }

    #[test]
    fn a_network_path_href_is_a_link_other_relative_ones_are_not() {
        let h = "<a href=\"//list.example/vcard?u=1\">card</a><a href=\"/local\">x</a>\
                 <a href=\"//\">y</a><a href=\"page.html\">z</a>";
        assert_eq!(
            urls(h),
            [(
                "//list.example/vcard?u=1".into(),
                Source::HtmlHref,
                Some("card".into())
            )]
        );
        // The lenses read it as a webmail page resolves it.
        let f =
            crate::input::Link::new(b"//list.example/vcard".to_vec(), 1, Source::HtmlHref).facts();
        assert_eq!(f.host.as_deref(), Some("list.example"));
        assert_eq!(f.target, "https://list.example/vcard");
    }

    #[test]
    fn html_in_text() {
        assert!(looks_like_html(
            b"Hi,\nclick <a href=\"http://x.example/a\">go</a> now\n"
        ));
        assert!(looks_like_html(b"line<BR>\nline"));
        assert!(!looks_like_html(b"a <b> c and x < y > z"));
    }

    #[test]
    fn a_lone_cr_does_not_end_a_line_of_the_text() {
        // Found by fuzzing: `\r\rp://w` gave line 3 of a one-line text.
        let (l, _) = links("\r\rp://w", 10);
        assert_eq!(l.iter().map(|l| l.line).collect::<Vec<_>>(), [1]);
        let (l, _) = links(
            "<p>\r\n<a href='http://a.example/'>a</a>\r<br>\nhttp://b.example/",
            10,
        );
        assert_eq!(l.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn lines_of_tags_and_text() {
        let h = "<html>\n<body>\n<a href=\"http://x.example/\">x</a>\n\n\nhttp://y.example/\n";
        let l = links(h, 10).0;
        assert_eq!(l.iter().map(|l| l.line).collect::<Vec<_>>(), [3, 6]);
    }

    #[test]
    fn a_damaged_attribute_gives_the_url_inside() {
        let h = "<a href==\"http://a.example/x\">a</a>\n\
                 <a href=3D\"https://b.example/?q=1\">b</a>\n\
                 <a href=\\\"https://c.example/\\\">c</a>\n\
                 <a href=3D3D\"https://d.example/\">d</a>\n\
                 <img src==\"https://e.example/p.png\">\n\
                 <a href=3D=22http://f.example/=3Fsig=22=\n>f</a>\n\
                 <a href==\"#top\">t</a><a href=\"=\">u</a><a href=\"3D\">v</a>";
        let l = links(h, 100).0;
        let got: Vec<(String, bool)> = l
            .iter()
            .map(|l| (String::from_utf8(l.url.clone()).unwrap(), l.repaired))
            .collect();
        assert_eq!(
            got,
            [
                ("http://a.example/x".into(), true),
                ("https://b.example/?q=1".into(), true),
                ("https://c.example/".into(), true),
                ("https://d.example/".into(), true),
                ("https://e.example/p.png".into(), true),
                ("http://f.example/=3Fsig".into(), true),
            ]
        );
        // A sound value is no repair.
        assert!(!links("<a href=\"http://a.example/\">a</a>", 10).0[0].repaired);
    }

    /// HTML with every shape the two streamed passes must keep as a whole read has it: links
    /// in tags and in text (some the same), an anchor over several lines, entities, a script,
    /// CRLF, damaged attributes, a text link on a tag's line, a `<…>` link wrapped over lines.
    fn mixed_html(copies: usize) -> String {
        let mut h = String::from("<html><body>\r\n<p>Hi https://text.example/first and\r\n");
        for i in 0..copies {
            h.push_str(&format!(
                "<a href=\"https://a.example/{i}?x=1&amp;y=2\">the\n<b>shop {i}</b>\r</a> see https://t.example/{i}\n\
                 <img src='https://img.example/{i}.png'> https://a.example/{i}?x=1&y=2 <br>\n\
                 <a href==\"http://damaged.example/{i}\">d</a><script>var u='https://js.example/';</script>\n\
                 wrapped <https://wrap.example/{i}/a\n b> and www.w{i}.example\n"
            ));
        }
        h.push_str("https://text.example/last</body></html>");
        h
    }

    #[test]
    fn streamed_passes_list_what_a_whole_read_lists() {
        for (copies, max) in [(1, 100), (40, 1000), (40, 57), (3, 2)] {
            let h = mixed_html(copies);
            let whole = links(&h, max);
            for piece in [0, 1, 7, 64, 1 << 16] {
                let mut got = Vec::new();
                let (more, _) = streamed(&h, max, piece, &mut |l| got.push(l));
                assert_eq!(
                    (&got, more),
                    (&whole.0, whole.1),
                    "{copies} copies, max {max}, piece {piece}"
                );
            }
        }
    }

    #[test]
    fn the_second_pass_hands_each_piece_on_before_reading_the_next() {
        let h = mixed_html(4000);
        assert!(h.len() > STREAMED_FROM);
        let mut n = 0;
        let (_, most) = streamed(&h, usize::MAX, PIECE, &mut |_| n += 1);
        assert_eq!(n, links(&h, usize::MAX).0.len());
        // A piece of 64 KiB holds some hundreds of this HTML's 12,000 tag links, never all.
        assert!(most > 0 && most < 1000, "{most} links held at once");
    }

    #[test]
    fn the_limit_holds() {
        let h = "<a href=http://a/>a</a>".repeat(50);
        let (l, more) = links(&h, 10);
        assert_eq!(l.len(), 10);
        assert!(more);
    }
}
