//! The one framing rule of the lenses: what surrounds a URL pasted from prose, and the
//! URL inside it. The host, parsers and unwrap lenses, the main screen's host summary and the
//! `host`, `parsers` and `unwrap` commands all read the URL through [`unframe`], so a link pasted
//! as `<https://…>` from a mail gets the same answer as the bare link.
//!
//! The brackets and quotes are the tokenizer's T0 (docs/rules.md, "The tokenizer": `<URL:…>`, `<…>`, `"…"`, which the
//! components pane shows as frame spans), plus what a lens can also take off safely: surrounding
//! whitespace (docs/rules.md, "Terms"), single and typographic quotes, parentheses, and sentence punctuation *after* a
//! frame (`<https://x/>.`). Punctuation that is not outside a frame stays: the user may mean
//! `http://a/b?` exactly (the warnings list flags it as `W-trailing-punctuation`).

use std::ops::Range;

use serde::Serialize;

use crate::url::syntax::octets::{is_whitespace, starts_with_ci};

/// What one removed piece of the frame was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FrameKind {
    /// Leading or trailing whitespace.
    Whitespace,
    /// `<URL:` … `>` (RFC 1738 Appendix, RFC 3986 Appendix C).
    UrlAngle,
    /// `<` … `>`.
    Angle,
    /// `"` … `"`.
    DoubleQuotes,
    /// `'` … `'`.
    SingleQuotes,
    /// `“` … `”` or `‘` … `’`.
    TypographicQuotes,
    /// `(` … `)` (a URL never starts with `(`).
    Parentheses,
    /// Sentence punctuation after a frame (`.`, `,`, `;`, …).
    Punctuation,
}

impl FrameKind {
    pub fn name(self) -> &'static str {
        match self {
            FrameKind::Whitespace => "surrounding whitespace",
            FrameKind::UrlAngle => "<URL:…>",
            FrameKind::Angle => "<…>",
            FrameKind::DoubleQuotes => "\"…\"",
            FrameKind::SingleQuotes => "'…'",
            FrameKind::TypographicQuotes => "“…”",
            FrameKind::Parentheses => "(…)",
            FrameKind::Punctuation => "sentence punctuation",
        }
    }
}

/// One removed piece: its kind and the octets it covered (the opening and closing part of a
/// bracket or quote are two pieces of the same kind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FramePiece {
    pub kind: FrameKind,
    pub start: usize,
    pub end: usize,
}

/// The URL inside its frame: `body` indexes the input; `removed` lists what was taken off, outer
/// pieces first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Unframed {
    pub body: Range<usize>,
    pub removed: Vec<FramePiece>,
}

impl Unframed {
    /// Whether anything was removed.
    pub fn is_framed(&self) -> bool {
        !self.removed.is_empty()
    }

    /// Whether something other than whitespace was removed (whitespace has its own warning).
    pub fn has_frame(&self) -> bool {
        self.removed.iter().any(|p| p.kind != FrameKind::Whitespace)
    }

    /// The kinds removed, each once, outer first.
    pub fn kinds(&self) -> Vec<FrameKind> {
        let mut out: Vec<FrameKind> = Vec::new();
        for p in &self.removed {
            if !out.contains(&p.kind) {
                out.push(p.kind);
            }
        }
        out
    }

    /// One line for a warnings list, or `None` when nothing was removed.
    pub fn note(&self) -> Option<String> {
        if !self.is_framed() {
            return None;
        }
        let names: Vec<&str> = self.kinds().into_iter().map(FrameKind::name).collect();
        Some(format!(
            "the frame around the URL was removed before reading it: {}",
            names.join(", ")
        ))
    }

    /// The body of `x` (the input this was computed from).
    pub fn of<'a>(&self, x: &'a [u8]) -> &'a [u8] {
        &x[self.body.clone()]
    }
}

/// The sentence punctuation of `prose::trim_end` (its quotes and brackets are frames here).
const SENTENCE_PUNCTUATION: &[u8] = b".,;:!?";

const OPEN_DQ: &[u8] = "“".as_bytes();
const CLOSE_DQ: &[u8] = "”".as_bytes();
const OPEN_SQ: &[u8] = "‘".as_bytes();
const CLOSE_SQ: &[u8] = "’".as_bytes();

/// The bracket or quote around `x[a..z]`, as (kind, opening length, closing length).
fn bracket(x: &[u8], a: usize, z: usize) -> Option<(FrameKind, usize, usize)> {
    let s = &x[a..z];
    if starts_with_ci(s, b"<URL:") {
        let close = usize::from(s.len() > 5 && s[s.len() - 1] == b'>');
        return Some((FrameKind::UrlAngle, 5, close));
    }
    if s.len() >= 2 {
        match (s[0], s[s.len() - 1]) {
            (b'<', b'>') => return Some((FrameKind::Angle, 1, 1)),
            (b'"', b'"') => return Some((FrameKind::DoubleQuotes, 1, 1)),
            (b'\'', b'\'') => return Some((FrameKind::SingleQuotes, 1, 1)),
            (b'(', b')') => return Some((FrameKind::Parentheses, 1, 1)),
            _ => {}
        }
    }
    for (open, close) in [(OPEN_DQ, CLOSE_DQ), (OPEN_SQ, CLOSE_SQ)] {
        if s.len() >= open.len() + close.len() && s.starts_with(open) && s.ends_with(close) {
            return Some((FrameKind::TypographicQuotes, open.len(), close.len()));
        }
    }
    None
}

/// The URL inside `x`: surrounding whitespace, brackets and quotes, and punctuation after a
/// closing bracket or quote, repeatedly (`  "<URL:http://a/>".` → `http://a/`). Any octets are
/// valid; linear in `x` apart from the punctuation scan, which is bounded by the frame count.
pub fn unframe(x: &[u8]) -> Unframed {
    let (mut a, mut z) = (0usize, x.len());
    let mut removed = Vec::new();
    let piece = |removed: &mut Vec<FramePiece>, kind, start, end| {
        if start < end {
            removed.push(FramePiece { kind, start, end });
        }
    };
    loop {
        let lead = x[a..z].iter().take_while(|&&b| is_whitespace(b)).count();
        let trail = x[a + lead..z]
            .iter()
            .rev()
            .take_while(|&&b| is_whitespace(b))
            .count();
        piece(&mut removed, FrameKind::Whitespace, a, a + lead);
        piece(&mut removed, FrameKind::Whitespace, z - trail, z);
        a += lead;
        z -= trail;
        // Punctuation counts as prose only when a frame closes right before it (tested first:
        // `<URL:` needs no `>`, so `<URL:http://a/>.` would keep `>.` otherwise).
        let kept = z - x[a..z]
            .iter()
            .rev()
            .take_while(|b| SENTENCE_PUNCTUATION.contains(b))
            .count();
        if kept < z && bracket(x, a, kept).is_some_and(|(_, _, close)| close > 0) {
            piece(&mut removed, FrameKind::Punctuation, kept, z);
            z = kept;
            continue;
        }
        if let Some((kind, open, close)) = bracket(x, a, z) {
            piece(&mut removed, kind, a, a + open);
            piece(&mut removed, kind, z - close, z);
            a += open;
            z -= close;
            continue;
        }
        return Unframed {
            body: a..z,
            removed,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(x: &str) -> &str {
        let u = unframe(x.as_bytes());
        &x[u.body]
    }

    #[test]
    fn every_frame_of_the_issue() {
        assert_eq!(
            body("<https://xn--80ak6aa92e.com/login>"),
            "https://xn--80ak6aa92e.com/login"
        );
        assert_eq!(body("<URL:http://a/b>"), "http://a/b");
        assert_eq!(body("<url:http://a/b"), "http://a/b");
        assert_eq!(body("\"http://a/\""), "http://a/");
        assert_eq!(body("'http://a/'"), "http://a/");
        assert_eq!(body("“http://a/”"), "http://a/");
        assert_eq!(body("  <http://a/>.\n"), "http://a/");
        assert_eq!(body("(<http://a/>),"), "http://a/");
        assert_eq!(body("(see http://a/)"), "see http://a/");
        assert_eq!(body("http://a/b_(c)"), "http://a/b_(c)");
        assert_eq!(body("\"<URL:http://a/>\"."), "http://a/");
        assert_eq!(body(" <URL:http://a/>."), "http://a/");
        assert_eq!(body("<URL:http://a/."), "http://a/.");
    }

    #[test]
    fn bare_urls_and_their_punctuation_stay() {
        for x in [
            "http://a/b?",
            "http://a/b.",
            "http://a/<b>",
            "a\"",
            "",
            "<",
            "\"",
            "<>",
        ] {
            let u = unframe(x.as_bytes());
            let expect = if x == "<>" { "" } else { x };
            assert_eq!(&x[u.body.clone()], expect, "{x:?}");
            assert_eq!(u.is_framed(), x == "<>", "{x:?}");
        }
    }

    #[test]
    fn removed_pieces_are_data() {
        let x = b" <http://a/>.";
        let u = unframe(x);
        assert_eq!(u.body, 2..11);
        assert_eq!(
            u.kinds(),
            vec![
                FrameKind::Whitespace,
                FrameKind::Punctuation,
                FrameKind::Angle
            ]
        );
        assert!(u.has_frame());
        assert!(u.note().unwrap().contains("<…>"));
        let ws = unframe(b" http://a/ ");
        assert!(ws.is_framed() && !ws.has_frame());
        assert_eq!(unframe(b"http://a/").note(), None);
    }

    #[test]
    fn any_octets_give_a_body_inside_the_input() {
        let alphabet = b"<>\"' \t\n.,;:)(URLurl:\xe2\x80\x9c\x9d\xffa";
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..5000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 24) as usize;
            let x: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i % 40)) as usize + i * 5) % alphabet.len()])
                .collect();
            let u = unframe(&x);
            assert!(u.body.start <= u.body.end && u.body.end <= x.len(), "{x:?}");
            for p in &u.removed {
                assert!(p.start < p.end && p.end <= x.len(), "{x:?} {p:?}");
                assert!(
                    p.end <= u.body.start || p.start >= u.body.end,
                    "{x:?} {p:?}"
                );
            }
        }
    }
}
