//! Where two URLs first differ, named the way a person reads a URL: the component (a query
//! pair by its number), the two pieces side by side and the byte. Computed here once; `same`,
//! its JSON and the inspector's compare views only present it.
//!
//! The components are RFC 3986's own split (Appendix B, as the ladder and the `rfc3986` profile
//! read a reference). A delimiter belongs to the component it opens (`?` to the query, `&` to
//! the pair after it, `@` to the userinfo it closes), so "A has a query, B has none" is named
//! "query", not "path".

use std::ops::Range;

use super::key_parts::{KeyForm, Part, key_parts};
use crate::url::profiles::rfc3986::{Split, split};
use crate::url::syntax::octets;

/// A part of a URI reference as the first difference names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    /// The query's pair `n` (1-based), pairs separated by `&`.
    QueryPair(usize),
    Fragment,
}

impl Component {
    /// The id used in JSON: `query-pair` for every pair (the number is a field of its own).
    pub fn id(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::QueryPair(_) => "query-pair",
            Component::Fragment => "fragment",
        }
    }

    /// The pair's number, for a query pair.
    pub fn pair(self) -> Option<usize> {
        match self {
            Component::QueryPair(n) => Some(n),
            Component::Scheme
            | Component::Userinfo
            | Component::Host
            | Component::Port
            | Component::Path
            | Component::Fragment => None,
        }
    }
}

impl std::fmt::Display for Component {
    /// "query pair 8", "host".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Component::QueryPair(n) => write!(f, "query pair {n}"),
            other => f.write_str(other.id()),
        }
    }
}

/// The first difference of two strings `a` and `b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The component holding the difference: A's, unless A ends there (then B's).
    pub component: Component,
    /// Byte offset (from 0) of the first differing unit in `a`.
    pub offset_a: usize,
    /// The same in `b`. Both strings agree up to the difference, so today this is always
    /// `offset_a`; it is its own field so a reader never has to know that.
    pub offset_b: usize,
    /// The component (or pair) of `a` holding the difference, delimiter excluded; empty when A
    /// has no such component.
    pub piece_a: Range<usize>,
    /// The same in `b`.
    pub piece_b: Range<usize>,
}

impl Difference {
    /// "query pair 8: `y=2` ≠ `y=5`, byte 251": the pieces are given already escaped for the
    /// reader (the core does not know the terminal), the byte counted from 1 as people count.
    pub fn describe(&self, piece_a: &str, piece_b: &str) -> String {
        format!(
            "{}: `{piece_a}` ≠ `{piece_b}`, byte {}",
            self.component,
            self.offset_a + 1
        )
    }
}

/// Where `a` and `b` first differ; `None` when they are equal.
///
/// The offset is moved back to the start of the unit it falls in — a `%XX` triplet or a UTF-8
/// sequence — in either string, so a reader never sees half a character or half a triplet.
pub(crate) fn first_difference(a: &[u8], b: &[u8]) -> Option<Difference> {
    first_difference_in(KeyForm::Url, a, b)
}

/// [`first_difference`] of two answers written in `form`: two SURT or SSURT keys are named
/// by the parts of their form (`host` for `com,example)` against `com,example,www)`), two
/// URLs (or keys without their form's shape) by RFC 3986's split.
pub(crate) fn first_difference_in(form: KeyForm, a: &[u8], b: &[u8]) -> Option<Difference> {
    if a == b {
        return None;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let at = unit_start(a, common).min(unit_start(b, common));
    if let (Some(pa), Some(pb)) = (key_parts(form, a), key_parts(form, b)) {
        let component = if at < a.len() {
            key_component_at(a, &pa, at)
        } else {
            key_component_at(b, &pb, at)
        };
        return Some(Difference {
            component,
            offset_a: at,
            offset_b: at,
            piece_a: key_piece(a, &pa, component),
            piece_b: key_piece(b, &pb, component),
        });
    }
    let (sa, sb) = (split(a), split(b));
    let component = if at < a.len() {
        component_at(a, &sa, at)
    } else {
        component_at(b, &sb, at)
    };
    Some(Difference {
        component,
        offset_a: at,
        offset_b: at,
        piece_a: piece(a, &sa, component),
        piece_b: piece(b, &sb, component),
    })
}

/// The key's part holding byte `i` (a query pair by its number).
fn key_component_at(s: &[u8], parts: &[Part], i: usize) -> Component {
    let Some(p) = parts.iter().find(|p| p.span.contains(&i)) else {
        return parts.last().map_or(Component::Path, |p| p.component);
    };
    match p.component {
        Component::QueryPair(_) => {
            // The `&` at `i` opens its pair, so it is counted.
            let upto = (i + 1).clamp(p.piece.start, p.piece.end);
            let ands = memchr::memchr_iter(b'&', &s[p.piece.start..upto]).count();
            Component::QueryPair(ands + 1)
        }
        other => other,
    }
}

/// The range of `component` in a key; empty (at the end) when the key has none.
fn key_piece(s: &[u8], parts: &[Part], component: Component) -> Range<usize> {
    let none = s.len()..s.len();
    match component {
        Component::QueryPair(n) => parts
            .iter()
            .find(|p| matches!(p.component, Component::QueryPair(_)))
            .and_then(|p| pair_ranges(s, p.piece.clone()).get(n - 1).cloned())
            .unwrap_or(none),
        c => parts
            .iter()
            .find(|p| p.component == c)
            .map_or(none, |p| p.piece.clone()),
    }
}

/// The start of the unit holding byte `i` of `s` (a triplet, a UTF-8 sequence, or the byte).
fn unit_start(s: &[u8], i: usize) -> usize {
    for back in 1..=2 {
        if i >= back && octets::triplet_at(s, i - back) {
            return i - back;
        }
    }
    // A UTF-8 continuation byte: back to its lead byte (at most three back).
    let mut k = i;
    while k > 0 && i - k < 3 && s.get(k).is_some_and(|&b| b & 0xC0 == 0x80) {
        k -= 1;
    }
    if k < i && s[k] >= 0xC0 { k } else { i }
}

/// The component byte `i` belongs to, delimiters to the component they open.
fn component_at(s: &[u8], sp: &Split, i: usize) -> Component {
    if let Some(f) = &sp.fragment
        && i + 1 >= f.start
    {
        return Component::Fragment;
    }
    if let Some(q) = &sp.query
        && i + 1 >= q.start
    {
        // The `&` at `i` opens its pair, so it is counted.
        let upto = (i + 1).clamp(q.start, q.end);
        let ands = memchr::memchr_iter(b'&', &s[q.start..upto]).count();
        return Component::QueryPair(ands + 1);
    }
    if i >= sp.path.start {
        return Component::Path;
    }
    if let Some(p) = &sp.port
        && i + 1 >= p.start
    {
        return Component::Port;
    }
    if let Some(auth) = &sp.authority {
        // The `//` opens the authority: the userinfo's when there is one, else the host's.
        if i + 2 < auth.start {
            return Component::Scheme;
        }
        return match &sp.userinfo {
            Some(u) if i <= u.end => Component::Userinfo,
            Some(_) | None => Component::Host,
        };
    }
    if sp.scheme.is_some() {
        Component::Scheme
    } else {
        Component::Path
    }
}

/// The `&`-separated pairs of the query at `q` in `s`.
fn pair_ranges(s: &[u8], q: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = q.start;
    for k in memchr::memchr_iter(b'&', &s[q.clone()]) {
        out.push(start..q.start + k);
        start = q.start + k + 1;
    }
    out.push(start..q.end);
    out
}

/// The range of `component` in `s`; empty (at the end) when `s` has none.
fn piece(s: &[u8], sp: &Split, component: Component) -> Range<usize> {
    let none = s.len()..s.len();
    match component {
        Component::Scheme => sp.scheme.clone().unwrap_or(none),
        Component::Userinfo => sp.userinfo.clone().unwrap_or(none),
        Component::Host if sp.authority.is_some() => sp.host.clone(),
        Component::Host => none,
        Component::Port => sp.port.clone().unwrap_or(none),
        Component::Path => sp.path.clone(),
        Component::QueryPair(n) => sp
            .query
            .clone()
            .and_then(|q| pair_ranges(s, q).get(n - 1).cloned())
            .unwrap_or(none),
        Component::Fragment => sp.fragment.clone().unwrap_or(none),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(a: &str, b: &str) -> Option<(String, usize, String, String)> {
        first_difference(a.as_bytes(), b.as_bytes()).map(|d| {
            assert_eq!(d.offset_a, d.offset_b);
            (
                d.component.to_string(),
                d.offset_a,
                a[d.piece_a].to_string(),
                b[d.piece_b].to_string(),
            )
        })
    }

    fn at(a: &str, b: &str) -> String {
        diff(a, b).expect("they differ").0
    }

    #[test]
    fn equal_strings_have_no_difference() {
        assert_eq!(diff("http://a/b", "http://a/b"), None);
        assert_eq!(diff("", ""), None);
    }

    #[test]
    fn a_late_query_pair_is_named_by_its_number() {
        let a = "https://shop.example/p?a=1&b=2&c=3&d=4&e=5&f=6&g=7&y=2&z=9";
        let b = "https://shop.example/p?a=1&b=2&c=3&d=4&e=5&f=6&g=7&y=5&z=9";
        let (component, offset, pa, pb) = diff(a, b).unwrap();
        assert_eq!(component, "query pair 8");
        assert_eq!((pa.as_str(), pb.as_str()), ("y=2", "y=5"));
        assert_eq!(offset, a.find("y=2").unwrap() + 2);
        let d = first_difference(a.as_bytes(), b.as_bytes()).unwrap();
        assert_eq!(
            d.describe("y=2", "y=5"),
            format!("query pair 8: `y=2` ≠ `y=5`, byte {}", offset + 1)
        );
    }

    #[test]
    fn each_component_by_its_own_name() {
        assert_eq!(at("http://a/", "https://a/"), "scheme");
        assert_eq!(at("http://u@a/", "http://v@a/"), "userinfo");
        assert_eq!(at("http://u@a/", "http://a/"), "userinfo");
        assert_eq!(at("http://a.com/", "http://b.com/"), "host");
        assert_eq!(at("http://a:80/", "http://a:81/"), "port");
        assert_eq!(at("http://a:80/", "http://a/"), "port");
        assert_eq!(at("http://a/x", "http://a/y"), "path");
        assert_eq!(at("http://a/x#1", "http://a/x#2"), "fragment");
        assert_eq!(at("http://a/x", "http://a/x#2"), "fragment");
        assert_eq!(at("http://a/x", "http://a/x?q"), "query pair 1");
        assert_eq!(at("http://a/x?q=1", "http://a/x?q=1&r"), "query pair 2");
        assert_eq!(at("a/b", "a/c"), "path");
        assert_eq!(at("//h/", "//g/"), "host");
    }

    fn key_at(form: KeyForm, a: &str, b: &str) -> (String, String, String) {
        let d = first_difference_in(form, a.as_bytes(), b.as_bytes()).expect("they differ");
        (
            d.component.to_string(),
            a[d.piece_a].to_string(),
            b[d.piece_b].to_string(),
        )
    }

    #[test]
    fn keys_are_named_by_their_own_parts() {
        let s = |a, b| key_at(KeyForm::Surt, a, b);
        assert_eq!(
            s("com,example)/a", "com,example,www)/a"),
            (
                "host".into(),
                "com,example".into(),
                "com,example,www".into()
            )
        );
        assert_eq!(s("com,example)/a", "com,example)/b").0, "path");
        assert_eq!(s("com,example:81)/", "com,example)/").0, "port");
        assert_eq!(
            s("com,example)/?a=1&b=2", "com,example)/?a=1&b=3").0,
            "query pair 2"
        );
        assert_eq!(s("http://(com,a,)/", "https://(com,a,)/").0, "scheme");
        let ss = |a, b| key_at(KeyForm::Ssurt, a, b);
        assert_eq!(
            ss("com,example,//http:/a", "com,example,www,//http:/a"),
            (
                "host".into(),
                "com,example,".into(),
                "com,example,www,".into()
            )
        );
        assert_eq!(
            ss("com,example,//http:/a", "com,example,//https:/a").0,
            "scheme"
        );
        assert_eq!(
            ss("com,example,//81:http:/", "com,example,//http:/").0,
            "port"
        );
        assert_eq!(ss("a,//http@u:/", "a,//http:/").0, "userinfo");
        assert_eq!(ss("a,//http:/x#1", "a,//http:/x#2").0, "fragment");
        // Not a key of the form: read as a URL, as before.
        assert_eq!(key_at(KeyForm::Surt, "http://a/x", "http://b/x").0, "host");
    }

    #[test]
    fn a_triplet_or_a_character_is_never_split() {
        // `%41` and `%42` differ in their last digit: the difference starts at the `%`.
        let (_, offset, _, _) = diff("http://a/%41", "http://a/%42").unwrap();
        assert_eq!(offset, 9);
        // `é` (C3 A9) and `è` (C3 A8) differ in their second byte.
        let (_, offset, pa, pb) = diff("http://a/é", "http://a/è").unwrap();
        assert_eq!(offset, 9);
        assert_eq!((pa.as_str(), pb.as_str()), ("/é", "/è"));
    }

    #[test]
    fn any_octets_are_fine() {
        for (a, b) in [
            (&b"\xff\x00%"[..], &b"%zz\x80"[..]),
            (b"", b"x"),
            (b"%4", b"%41"),
            (b"\xe2\x82", b"\xe2\x82\xac"),
            (b"?&&", b"?&&&"),
            (b"a)", b"a)/?&"),
            (b"a,//:x@:", b"a,//x:/?&#"),
            (b"h://(a)", b"h://(a:)"),
        ] {
            for form in [KeyForm::Url, KeyForm::Surt, KeyForm::Ssurt] {
                let d = first_difference_in(form, a, b).unwrap();
                assert!(d.offset_a <= a.len() && d.offset_b <= b.len());
                assert!(d.piece_a.start <= d.piece_a.end && d.piece_a.end <= a.len());
                assert!(d.piece_b.start <= d.piece_b.end && d.piece_b.end <= b.len());
                assert_eq!(a[..d.offset_a], b[..d.offset_b]);
            }
        }
    }
}
