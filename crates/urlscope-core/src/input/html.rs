//! Links in HTML, read with html5ever's tokenizer (the HTML Standard's tokenizer: entities
//! decoded, tag and attribute names lowercased, so `<A HREF=…>` is found): the `href` of `a` and
//! `area`, the `src` of `img`, `iframe`, `frame`, `embed`, `source`, `audio`, `video`, `script`
//! and `input`, each with the visible text of its link; and the links written in the visible text
//! itself outside links (the text scanner's rules) unless an `href` already gave them.

use std::cell::RefCell;

use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::Source;
use super::text;

/// One link of an HTML text, before the message-level bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HtmlLink {
    pub url: Vec<u8>,
    /// 1-based line of the tag (or the text) in the HTML text.
    pub line: usize,
    pub source: Source,
    /// The visible text of an `href` link, whitespace collapsed.
    pub text: Option<String>,
    /// The attribute value was damaged and its URL read by [`super::Repair::DamagedAttribute`].
    pub repaired: bool,
}

/// A run of visible text and the line it starts on.
struct Run {
    start: usize,
    line: usize,
}

#[derive(Default)]
struct State {
    links: Vec<HtmlLink>,
    /// The `links` index of the open `<a>` whose text is being collected.
    open: Option<usize>,
    anchor_text: String,
    /// The visible text, and where each piece of it came from.
    text: String,
    runs: Vec<Run>,
    in_raw: bool,
    max: usize,
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
    let lower: Vec<u8> = text.iter().map(u8::to_ascii_lowercase).collect();
    HTML_MARKS
        .iter()
        .any(|m| memchr::memmem::find(&lower, m).is_some())
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
                if s.links.len() < s.max {
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
                        s.links.push(HtmlLink {
                            url,
                            line,
                            source,
                            text: None,
                            repaired,
                        });
                        if name == "a" && !tag.self_closing {
                            s.open = Some(s.links.len() - 1);
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
                if matches!(name, "br" | "p" | "div" | "tr" | "li" | "td") {
                    s.text.push('\n');
                }
            }
            // A link's own text is its `text`, not another link to list.
            Token::CharacterTokens(t) if !s.in_raw && s.open.is_some() => {
                if s.anchor_text.len() < 4096 {
                    s.anchor_text.push_str(&t);
                }
                s.text.push(' ');
            }
            Token::CharacterTokens(t) if !s.in_raw => {
                // The tokenizer reports the line where the run ended.
                let start = s.text.len();
                let begins = line.saturating_sub(t.matches('\n').count());
                s.runs.push(Run {
                    start,
                    line: begins.max(1),
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
        let t = s
            .anchor_text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        s.anchor_text.clear();
        if !t.is_empty() {
            s.links[i].text = Some(t);
        }
    }
}

/// The links of the HTML text `html` (already decoded to UTF-8 where its charset was known),
/// at most `max` of them; the flag says whether there were more.
pub fn links(html: &str, max: usize) -> (Vec<HtmlLink>, bool) {
    let sink = Sink(RefCell::new(State {
        max,
        ..State::default()
    }));
    let tok = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(html.into());
    let _ = tok.feed(&input);
    tok.end();
    let mut s = tok.sink.0.into_inner();
    close_anchor(&mut s);
    let mut more = s.links.len() >= max;
    // Links written in the visible text, unless a tag already gave the same link.
    let room = max.saturating_sub(s.links.len());
    let (found, cut) = text::find_urls_limited(s.text.as_bytes(), room);
    more |= cut;
    let mut extra = Vec::new();
    for f in found {
        if s.links.iter().any(|l| l.url == f.url) {
            continue;
        }
        let r = s
            .runs
            .partition_point(|r| r.start <= f.at)
            .saturating_sub(1);
        let line = s.runs.get(r).map_or(1, |run| {
            run.line
                + s.text.as_bytes()[run.start..f.at]
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
    }
    s.links.extend(extra);
    // The tokenizer counts a lone CR as a line break (the HTML input stream turns it into LF);
    // the text the links are shown in breaks lines at LF only.
    let lf_line = lf_lines_of_html_lines(html);
    for l in &mut s.links {
        l.line = lf_line
            .get(l.line.saturating_sub(1))
            .copied()
            .unwrap_or(l.line);
    }
    s.links.sort_by_key(|l| l.line);
    (s.links, more)
}

/// For each line as the HTML tokenizer counts them (LF, CR LF and a lone CR each end one), the
/// 1-based line it starts on when only LF ends a line.
fn lf_lines_of_html_lines(html: &str) -> Vec<usize> {
    let b = html.as_bytes();
    let mut lines = vec![1];
    let mut lf = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\r' if b.get(i + 1) == Some(&b'\n') => {
                lf += 1;
                i += 1;
                lines.push(lf + 1);
            }
            b'\r' => lines.push(lf + 1),
            b'\n' => {
                lf += 1;
                lines.push(lf + 1);
            }
            _ => {}
        }
        i += 1;
    }
    lines
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

    #[test]
    fn the_limit_holds() {
        let h = "<a href=http://a/>a</a>".repeat(50);
        let (l, more) = links(&h, 10);
        assert_eq!(l.len(), 10);
        assert!(more);
    }
}
