//! The parts of a SURT or SSURT key, so that a difference between two keys is named by the
//! part of the URL it is in (a SURT key puts the host first: read as a URL, all of it would be
//! "path").
//!
//! Each part has a span (the octets that belong to it, delimiters included) and a piece (what
//! is shown of it). The host's closing delimiter (`)` in SURT, `//` in SSURT) and the `:` that
//! ends SSURT's scheme or userinfo belong to the part they close: where one key's host ends and
//! the other's goes on, the difference is in the host. `?` and `#` open theirs, as in a URL.
//! A key that does not have its form's shape gives `None` and is read as a URL.

use std::ops::Range;

use super::difference::Component;

/// How a profile's answer is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyForm {
    /// A URL (every profile but the two below).
    Url,
    /// The `surt` package's key: `[scheme://(]com,example[:port])/path?query#fragment`.
    Surt,
    /// urlcanon's SSURT: `com,example,//[port:]scheme[@userinfo]:/path?query#fragment`.
    Ssurt,
}

/// One part of a key: a component, its span and its piece. The query is one part, its pairs
/// counted when a difference falls in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub component: Component,
    pub span: Range<usize>,
    pub piece: Range<usize>,
}

/// The parts of `s` in `form`, in order, their spans covering `s`; `None` for a URL or a key
/// without its form's shape.
pub(crate) fn key_parts(form: KeyForm, s: &[u8]) -> Option<Vec<Part>> {
    let (mut parts, rest) = match form {
        KeyForm::Url => return None,
        KeyForm::Surt => surt_head(s)?,
        KeyForm::Ssurt => ssurt_head(s)?,
    };
    tail(s, rest, &mut parts);
    Some(parts)
}

fn part(component: Component, span: Range<usize>, piece: Range<usize>) -> Part {
    Part {
        component,
        span,
        piece,
    }
}

/// The end of the host part: the first of `stops` (or the end).
fn first_of(s: &[u8], from: usize, stops: &[u8]) -> usize {
    s[from..]
        .iter()
        .position(|b| stops.contains(b))
        .map_or(s.len(), |k| from + k)
}

/// SURT: the optional `scheme://(`, then the host up to `)`, a `:port` at its end; returns
/// the parts and where the path starts.
fn surt_head(s: &[u8]) -> Option<(Vec<Part>, usize)> {
    let mut parts = Vec::new();
    // `scheme://(` opens the key when it was asked for with the scheme.
    let (host, inner) = match s.windows(4).position(|w| w == b"://(") {
        Some(k) if first_of(s, 0, b")/?#") == k + 1 => {
            parts.push(part(Component::Scheme, 0..k + 3, 0..k));
            (k + 3, k + 4)
        }
        _ => (0, 0),
    };
    let close = first_of(s, inner, b")/?#");
    if s.get(close) != Some(&b')') {
        return None;
    }
    let colon = s[inner..close]
        .iter()
        .rposition(|&b| b == b':')
        .map(|k| inner + k)
        .filter(|&c| s[c + 1..close].iter().all(u8::is_ascii_digit));
    match colon {
        Some(c) => {
            parts.push(part(Component::Host, host..c, inner..c));
            parts.push(part(Component::Port, c..close + 1, c + 1..close));
        }
        None => parts.push(part(Component::Host, host..close + 1, inner..close)),
    }
    Some((parts, close + 1))
}

/// SSURT: the host up to `//`, an optional `port:`, the scheme, an optional `@userinfo`, then
/// the `:` before the path (the shape `forms::unssurt` reads back).
fn ssurt_head(s: &[u8]) -> Option<(Vec<Part>, usize)> {
    let slashes = s.windows(2).position(|w| w == b"//")?;
    let mut parts = vec![part(Component::Host, 0..slashes + 2, 0..slashes)];
    let mut at = slashes + 2;
    // Digits then `:` are the port; a `:` straight before a letter is an empty port's.
    let digits = s[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    if s.get(at + digits) == Some(&b':')
        && (digits > 0 || s.get(at + 1).is_some_and(u8::is_ascii_alphabetic))
    {
        parts.push(part(Component::Port, at..at + digits + 1, at..at + digits));
        at += digits + 1;
    }
    let scheme_end = first_of(s, at, b":@/?#");
    match s.get(scheme_end) {
        Some(b':') => {
            parts.push(part(Component::Scheme, at..scheme_end + 1, at..scheme_end));
            Some((parts, scheme_end + 1))
        }
        Some(b'@') => {
            parts.push(part(Component::Scheme, at..scheme_end, at..scheme_end));
            // The userinfo ends at the last `:` before the path's `/`.
            let end = first_of(s, scheme_end, b"/?#");
            let colon = scheme_end + s[scheme_end..end].iter().rposition(|&b| b == b':')?;
            parts.push(part(
                Component::Userinfo,
                scheme_end..colon + 1,
                scheme_end + 1..colon,
            ));
            Some((parts, colon + 1))
        }
        _ => None,
    }
}

/// The path from `from`, then the query and the fragment, each opened by its delimiter.
fn tail(s: &[u8], from: usize, parts: &mut Vec<Part>) {
    let path_end = first_of(s, from, b"?#");
    parts.push(part(Component::Path, from..path_end, from..path_end));
    let mut at = path_end;
    if s.get(at) == Some(&b'?') {
        let end = first_of(s, at, b"#");
        parts.push(part(Component::QueryPair(0), at..end, at + 1..end));
        at = end;
    }
    if at < s.len() {
        parts.push(part(Component::Fragment, at..s.len(), at + 1..s.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(form: KeyForm, s: &str) -> Vec<(String, String)> {
        key_parts(form, s.as_bytes())
            .unwrap()
            .into_iter()
            .map(|p| (p.component.id().to_string(), s[p.piece].to_string()))
            .collect()
    }

    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_surt_key_is_read_host_first() {
        assert_eq!(
            names(KeyForm::Surt, "com,example)/a?b=1#f"),
            pairs(&[
                ("host", "com,example"),
                ("path", "/a"),
                ("query-pair", "b=1"),
                ("fragment", "f")
            ])
        );
        assert_eq!(
            names(KeyForm::Surt, "http://(org,example,foo,:81)/path"),
            pairs(&[
                ("scheme", "http"),
                ("host", "org,example,foo,"),
                ("port", "81"),
                ("path", "/path")
            ])
        );
    }

    #[test]
    fn an_ssurt_key_is_read_as_urlcanon_writes_it() {
        assert_eq!(
            names(
                KeyForm::Ssurt,
                "org,example,foo,//81:http@user:pass:/path?query#frag"
            ),
            pairs(&[
                ("host", "org,example,foo,"),
                ("port", "81"),
                ("scheme", "http"),
                ("userinfo", "user:pass"),
                ("path", "/path"),
                ("query-pair", "query"),
                ("fragment", "frag")
            ])
        );
        assert_eq!(
            names(KeyForm::Ssurt, "com,example,//https:/a"),
            pairs(&[
                ("host", "com,example,"),
                ("scheme", "https"),
                ("path", "/a")
            ])
        );
    }

    /// The parts' spans follow each other from the key's start to its end, each piece inside
    /// its span.
    fn assert_covers(s: &[u8], parts: &[Part]) {
        let mut at = 0;
        for p in parts {
            assert_eq!(p.span.start, at, "{s:?}: {parts:?}");
            assert!(p.piece.start >= p.span.start && p.piece.end <= p.span.end);
            at = p.span.end;
        }
        assert_eq!(at, s.len(), "{s:?}: {parts:?}");
    }

    #[test]
    fn the_spans_cover_the_key_in_order() {
        for (form, s) in [
            (KeyForm::Surt, "com,example:8080)/a/b?x=1&y=2#z"),
            (KeyForm::Surt, "http://(com,example,)/"),
            (KeyForm::Ssurt, "org,example,//:http:/"),
            (KeyForm::Ssurt, "1.2.3.4//http@u:/x#"),
        ] {
            assert_covers(s.as_bytes(), &key_parts(form, s.as_bytes()).unwrap());
        }
    }

    #[test]
    fn every_short_string_of_the_delimiters_splits_or_is_declined() {
        const ALPHABET: &[u8] = b"a1,:/()?#&@";
        let n = ALPHABET.len();
        for len in 0..=5u32 {
            for code in 0..n.pow(len) {
                let s: Vec<u8> = (0..len).map(|k| ALPHABET[code / n.pow(k) % n]).collect();
                for form in [KeyForm::Surt, KeyForm::Ssurt] {
                    if let Some(parts) = key_parts(form, &s) {
                        assert_covers(&s, &parts);
                    }
                }
            }
        }
    }

    #[test]
    fn a_key_without_its_shape_is_read_as_a_url() {
        assert_eq!(key_parts(KeyForm::Surt, b"com,example/a"), None);
        assert_eq!(key_parts(KeyForm::Ssurt, b"com,example,/http:/a"), None);
        assert_eq!(key_parts(KeyForm::Ssurt, b"x//http"), None);
        assert_eq!(key_parts(KeyForm::Url, b"http://a/"), None);
    }
}
