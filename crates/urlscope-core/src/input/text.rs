//! Links in free text, word by word (a word is a maximal run of non-whitespace octets, docs/rules.md, "Terms"),
//! left to right; at each word the first rule that applies wins:
//!
//! 1. **`<URL:…>`** anywhere in the word (ASCII case-insensitive): the URL is everything up to the
//!    next `>` (within 4 KiB, with no `<` before it), even across line breaks; whitespace inside is
//!    dropped (RFC 1738 allows a wrapped URL to be broken there). If it contains a FidoURL `%%`, it
//!    is joined as in rule 2 instead.
//! 2. **FidoURL continuation**: the word contains `%%` and a URL start (rule 5): the URL is joined
//!    with F1 of FidoURL §5.2.2.5 (`fido_join_from`), which skips the `%%…%%` span with its line breaks and
//!    the quote and frame decoration between the marks. Scanning resumes where the join stopped.
//!    A malformed continuation comes back as the link's `error`; the URL up to the pause mark is
//!    still found.
//! 3. **`<…>`** inside one word, with a URL start inside: the text between the brackets.
//! 4. **`<…>` wrapped over lines** (RFC 3986 Appendix C): a word that starts with `<` and a URL
//!    start but holds no `>`: the URL runs to the next `>` (within 4 KiB, no `<` before it), its
//!    whitespace dropped, as in rule 1.
//! 5. **Bare URL**: the word contains `scheme://` (scheme by the T2 grammar; the URL starts at the
//!    scheme, so `(see:http://x` and `url=http://x` work), or, after leading `` (["'<` ``, starts with
//!    one of the schemes that have no `//`: `mailto:`, `news:`, `nntp:`, `urn:`, `area:`, `fecho:`,
//!    `areafix:`, `netmail:`, `freq:`, `faqserv:` (ASCII case-insensitive). Trailing sentence
//!    punctuation `.,;:!?'"`, a backtick (Markdown's `` `http://x/` ``) and unbalanced closing `)`,
//!    `]`, `}`, `>` are stripped.
//! 6. **Schemeless `www.`**: after leading `` (["'<` ``, the word starts with `www.` (ASCII
//!    case-insensitive) and a letter or digit; trimmed as in rule 5. The link is kept as written
//!    (no scheme is added); [`lens_text`] gives the text the lenses read.
//!
//! **Where a link ends.** A word ends at whitespace, a no-break space and a control character
//! (C0, DEL, C1):
//! no link holds one, so an escape sequence written after a link never becomes part of it. A
//! bare link (rules 5 and 6) also ends at `"`, `<` and `>`, the delimiters RFC 3986 Appendix C
//! names for URLs in running text: `href="http://x/a">go</a>` gives `http://x/a`, and the scan
//! goes on after the delimiter. Text that is HTML through and through (a `text/plain` part that
//! holds tags) is read by the HTML tokenizer instead (`looks_like_html`).
//!
//! **May continue.** A bare link that runs to the end of a line that is long enough to have been
//! wrapped, while the next line starts with URL characters (a digit or one of `/.?=&#%_~` among
//! them, so that a word of prose is not taken) and no space, may have been cut by a pager or
//! `fold`: [`Found::continued`] offers the joined form; the link itself stays as written.

use crate::url::profiles::join::fido_join_from;
use crate::url::syntax::diag::Diag;
use crate::url::syntax::octets::{is_whitespace, starts_with_ci};
use crate::url::syntax::prose::trim_end;

/// Longest `<URL:…>` content looked for (a missing `>` must not swallow the text).
const MAX_WRAPPED: usize = 4096;

/// Schemes recognized without `//`.
pub(crate) const OPAQUE_SCHEMES: [&[u8]; 10] = [
    b"mailto:",
    b"news:",
    b"nntp:",
    b"urn:",
    b"area:",
    b"fecho:",
    b"areafix:",
    b"netmail:",
    b"freq:",
    b"faqserv:",
];

/// One URL found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub url: Vec<u8>,
    /// Offset of the URL's first octet in the text.
    pub at: usize,
    /// A FidoURL joining error.
    pub error: Option<Diag>,
    /// The link joined with the start of the next line, when the link may have been cut by
    /// hard wrapping (see the module docs); never taken silently.
    pub continued: Option<Vec<u8>>,
}

/// Does `b` end a word: whitespace or a C0 control or DEL?
fn is_break(b: u8) -> bool {
    is_whitespace(b) || b < 0x20 || b == 0x7f
}

/// The end of the word that starts at `ws`: the next whitespace or control character (a C1
/// control written in UTF-8, `C2 80`–`C2 9F`, ends it too, and so does a no-break space,
/// `C2 A0`, which mail writers put between a link and the next word and no URL holds).
fn word_end(text: &[u8], ws: usize) -> usize {
    let mut k = ws;
    while k < text.len() {
        let b = text[k];
        if is_break(b) || (b == 0xc2 && text.get(k + 1).is_some_and(|n| (0x80..=0xa0).contains(n)))
        {
            return k;
        }
        k += 1;
    }
    k
}

/// The octets that end a bare link in running text (RFC 3986 Appendix C).
fn is_delimiter(b: u8) -> bool {
    matches!(b, b'"' | b'<' | b'>')
}

/// Lines shorter than this are not taken for hard-wrapped ones.
const WRAP_WIDTH: usize = 60;

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// Where a URL starts inside `word`, if it holds one (rule 5).
pub(crate) fn url_start(word: &[u8]) -> Option<usize> {
    if let Some(i) = word.windows(3).position(|w| w == b"://") {
        let mut s = i;
        while s > 0 && is_scheme_char(word[s - 1]) {
            s -= 1;
        }
        // The scheme must start with a letter.
        while s < i && !word[s].is_ascii_alphabetic() {
            s += 1;
        }
        // A scheme, and something after the "://".
        if s < i && word.len() > i + 3 {
            return Some(s);
        }
    }
    let lead = word
        .iter()
        .take_while(|b| matches!(b, b'(' | b'[' | b'"' | b'\'' | b'<' | b'`'))
        .count();
    let rest = &word[lead..];
    OPAQUE_SCHEMES
        .iter()
        .any(|s| starts_with_ci(rest, s) && rest.len() > s.len())
        .then_some(lead)
}

fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

fn find_pair(x: &[u8]) -> Option<usize> {
    x.windows(2).position(|w| w == b"%%")
}

/// Every URL of `text`, in order (see the module docs for the rules).
#[cfg(test)]
pub(crate) fn find_urls(text: &[u8]) -> Vec<Found> {
    find_urls_limited(text, usize::MAX).0
}

/// Every URL of `text`, in order, at most `max` of them; the flag says whether the scan stopped
/// at `max` with text left to read.
pub(crate) fn find_urls_limited(text: &[u8], max: usize) -> (Vec<Found>, bool) {
    let mut found = Vec::new();
    let more = each_url(text, max, &mut |f| found.push(f));
    (found, more)
}

/// Where [`each_url`] hands its URLs, and how many it has handed.
struct Emit<'e> {
    count: usize,
    each: &'e mut dyn FnMut(Found),
}

impl Emit<'_> {
    fn push(&mut self, f: Found) {
        self.count += 1;
        (self.each)(f);
    }

    fn len(&self) -> usize {
        self.count
    }
}

/// Every URL of `text` handed to `each` as it is found, in order, at most `max` of them (none
/// is gathered: a link list of any length costs no memory here); true when the scan stopped at
/// `max` with text left to read.
pub(crate) fn each_url(text: &[u8], max: usize, each: &mut dyn FnMut(Found)) -> bool {
    let mut out = Emit { count: 0, each };
    let n = text.len();
    let mut i = 0;
    while i < n {
        if out.len() >= max {
            return true;
        }
        if is_whitespace(text[i]) {
            i += 1;
            continue;
        }
        if is_break(text[i]) {
            i += 1;
            continue;
        }
        let ws = i;
        let we = word_end(text, ws);
        if we == ws {
            // A C1 control or a no-break space: skip both of its octets.
            i += 2;
            continue;
        }
        let word = &text[ws..we];

        // Rule 1: <URL:…>.
        if let Some(k) = find_ci(word, b"<URL:") {
            let cs = ws + k + 5;
            // The wrapper ends at the next '>', within a few KiB and before any other '<'.
            if let Some(gt) = closing_bracket(text, cs) {
                let content = &text[cs..gt];
                if find_pair(content).is_some()
                    && url_start(word).is_some()
                    && let Some(j) = fido_join_from(text, ws)
                {
                    push_join(&mut out, text, j.output, j.error, ws);
                    i = j.stop.max(we);
                    continue;
                }
                let url = without_whitespace(content);
                if !url.is_empty() {
                    out.push(Found {
                        url,
                        at: cs,
                        error: None,
                        continued: None,
                    });
                }
                i = gt + 1;
                continue;
            }
        }
        // Rule 2: FidoURL continuation.
        if find_pair(word).is_some()
            && url_start(word).is_some()
            && let Some(j) = fido_join_from(text, ws)
        {
            push_join(&mut out, text, j.output, j.error, j.start);
            i = j.stop.max(ws + 1);
            continue;
        }
        // Rule 3: <…> inside the word.
        if let Some(lt) = word.iter().position(|&b| b == b'<')
            && let Some(gt) = word[lt..].iter().position(|&b| b == b'>').map(|p| lt + p)
            && url_start(&word[lt + 1..gt]) == Some(0)
        {
            out.push(Found {
                url: word[lt + 1..gt].to_vec(),
                at: ws + lt + 1,
                error: None,
                continued: None,
            });
            i = we;
            continue;
        }
        // Rule 4: <…> wrapped over lines.
        if let Some(lt) = word.iter().position(|&b| b == b'<')
            && !word[lt..].contains(&b'>')
            && url_start(&word[lt + 1..]) == Some(0)
            && let Some(gt) = closing_bracket(text, ws + lt + 1)
        {
            let url = without_whitespace(&text[ws + lt + 1..gt]);
            out.push(Found {
                url,
                at: ws + lt + 1,
                error: None,
                continued: None,
            });
            i = gt + 1;
            continue;
        }
        // Rules 5 and 6: a bare URL, or a schemeless `www.`.
        let start = match url_start(word) {
            Some(s) => Some((s, false)),
            None => www_start(word).map(|s| (s, true)),
        };
        if let Some((s, is_www)) = start {
            let raw = &word[s..];
            let cut = raw.iter().position(|&b| is_delimiter(b));
            let url = trim_end(&raw[..cut.unwrap_or(raw.len())]);
            if url.len() > if is_www { 4 } else { 0 } {
                let at = ws + s;
                let continued = if cut.is_none() && url.len() == raw.len() {
                    continuation(text, at, we, url)
                } else {
                    None
                };
                out.push(Found {
                    url: url.to_vec(),
                    at,
                    error: None,
                    continued,
                });
            }
            if let Some(c) = cut {
                // The rest of the word after the delimiter may hold another link.
                i = ws + s + c + 1;
                continue;
            }
        }
        i = we;
    }
    false
}

/// The joined form of a bare link `url` (starting at `at`, its word ending at `we`) when it
/// runs to the end of a line at least [`WRAP_WIDTH`] long and the next line starts, with no
/// space, with URL characters: the link and that first word, trimmed like a bare link.
fn continuation(text: &[u8], at: usize, we: usize, url: &[u8]) -> Option<Vec<u8>> {
    let nl = match text.get(we..)? {
        [b'\r', b'\n', ..] => 2,
        [b'\n', ..] => 1,
        _ => return None,
    };
    let line_start = text[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    if we - line_start < WRAP_WIDTH {
        return None;
    }
    let next = we + nl;
    let end = word_end(text, next);
    let word = &text[next..end];
    let tail = trim_end(
        &word[..word
            .iter()
            .position(|&b| is_delimiter(b))
            .unwrap_or(word.len())],
    );
    let url_char =
        |b: &u8| b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(b) || *b >= 0x80;
    // A word of prose ("Track", "and") is no rest of a link: the rest holds a digit or a
    // character that URLs are full of and words are not.
    let urlish = |b: &u8| b.is_ascii_digit() || b"/.?=&#%_~".contains(b);
    if tail.is_empty()
        || !tail.iter().all(url_char)
        || !tail.iter().any(urlish)
        || url_start(tail).is_some()
    {
        return None;
    }
    let mut joined = url.to_vec();
    joined.extend_from_slice(tail);
    Some(joined)
}

/// The `>` that closes a wrapper whose content starts at `cs`: within [`MAX_WRAPPED`] octets
/// and before any other `<` (a missing `>` must not swallow the text).
fn closing_bracket(text: &[u8], cs: usize) -> Option<usize> {
    text[cs..(cs + MAX_WRAPPED).min(text.len())]
        .iter()
        .position(|&b| b == b'>' || b == b'<' || (is_break(b) && !is_whitespace(b)))
        .map(|p| cs + p)
        .filter(|&p| text[p] == b'>')
}

fn without_whitespace(x: &[u8]) -> Vec<u8> {
    x.iter().copied().filter(|&b| !is_whitespace(b)).collect()
}

/// Where a schemeless `www.` link starts inside `word` (rule 6).
fn www_start(word: &[u8]) -> Option<usize> {
    let lead = word
        .iter()
        .take_while(|b| matches!(b, b'(' | b'[' | b'"' | b'\'' | b'<' | b'`'))
        .count();
    let rest = &word[lead..];
    (starts_with_ci(rest, b"www.") && rest.get(4).is_some_and(u8::is_ascii_alphanumeric))
        .then_some(lead)
}

/// The text the lenses read for a link: a schemeless `www.` link gets `http://` in front (what a
/// browser's address bar does); an HTML `href="//host/…"` gets `https:` (what a webmail page,
/// served over https, resolves it against); any other link is read as it is.
pub fn lens_text(url: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if starts_with_ci(url, b"www.") {
        let mut t = b"http://".to_vec();
        t.extend_from_slice(url);
        std::borrow::Cow::Owned(t)
    } else if url.starts_with(b"//") {
        let mut t = b"https:".to_vec();
        t.extend_from_slice(url);
        std::borrow::Cow::Owned(t)
    } else {
        std::borrow::Cow::Borrowed(url)
    }
}

fn push_join(out: &mut Emit, _text: &[u8], joined: Vec<u8>, error: Option<Diag>, at: usize) {
    // Leading decoration the joiner does not know (e.g. "(") is dropped like a bare URL's.
    let s = url_start(&joined).unwrap_or(0);
    let url = if s > 0 { joined[s..].to_vec() } else { joined };
    out.push(Found {
        url,
        at,
        error,
        continued: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(text: &[u8]) -> Vec<String> {
        find_urls(text)
            .into_iter()
            .map(|f| String::from_utf8_lossy(&f.url).into_owned())
            .collect()
    }

    #[test]
    fn prose() {
        let t = b"See <URL:http://www.funet.fi/pub/doc/rfc/rfc1738.txt> and (http://a/b_(c)), \
                  or <http://x.fi/y>. Mail mailto:joe@example.com. Not: foo:bar, 100%.";
        assert_eq!(
            urls(t),
            [
                "http://www.funet.fi/pub/doc/rfc/rfc1738.txt",
                "http://a/b_(c)",
                "http://x.fi/y",
                "mailto:joe@example.com"
            ]
        );
    }

    #[test]
    fn markdown_inline_code_keeps_no_backtick() {
        assert_eq!(
            urls(b"run `curl http://x/a` or see `www.example.org` and `mailto:a@b`."),
            ["http://x/a", "www.example.org", "mailto:a@b"]
        );
    }

    #[test]
    fn a_lone_scheme_is_not_a_url() {
        assert!(urls(b"type http:// then a host; or ://x").is_empty());
    }

    #[test]
    fn wrapped_url_wrapper() {
        assert_eq!(
            urls(b"<URL:http://a/very/\n     long/path>"),
            ["http://a/very/long/path"]
        );
    }

    #[test]
    fn fidonet_j01() {
        let t = b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.";
        assert_eq!(urls(t), ["area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"]);
    }

    #[test]
    fn two_fido_urls_and_a_bare_one() {
        let t = b"a area://A%%\n> %%B/ then fecho://p%% **\n** %%ntlist/x.zip ** and http://h/.";
        assert_eq!(
            urls(t),
            ["area://AB/", "fecho://pntlist/x.zip", "http://h/"]
        );
    }

    #[test]
    fn unterminated_wrapper_does_not_swallow_text() {
        assert_eq!(
            urls(b"<URL:http://a/b and more <http://c/>"),
            ["http://a/b", "http://c/"]
        );
    }

    #[test]
    fn angle_brackets_wrapped_over_lines() {
        // RFC 3986 Appendix C's own example.
        let t = b"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\nbut you can probably pick it up from <ftp://foo.example.\ncom/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.";
        assert_eq!(
            urls(t),
            [
                "http://www.w3.org/Addressing/",
                "ftp://foo.example.com/rfc/",
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
            ]
        );
    }

    #[test]
    fn schemeless_www() {
        assert_eq!(
            urls(b"Go to www.example.com/a_(b). Not www. or wwwx.com or www.-"),
            ["www.example.com/a_(b)"]
        );
        assert_eq!(&*lens_text(b"WWW.x.org"), b"http://WWW.x.org");
        assert_eq!(&*lens_text(b"https://x/"), b"https://x/");
    }

    #[test]
    fn the_limit_stops_the_scan() {
        let (f, more) = find_urls_limited(b"http://a/ http://b/ http://c/", 2);
        assert_eq!(f.len(), 2);
        assert!(more);
        assert!(!find_urls_limited(b"http://a/", 2).1);
    }

    #[test]
    fn broken_continuation_is_reported() {
        let f = find_urls(b"x fecho://p%%");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].url, b"fecho://p");
        assert_eq!(
            f[0].error.map(Diag::as_str),
            Some("E-fido-pause-without-line-break")
        );
    }
}
