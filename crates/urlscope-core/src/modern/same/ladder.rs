//! RFC 3986 §6.2's comparison ladder: each rung adds one kind of normalization to the one
//! before, and two references "match at" the first rung after which their strings are equal.
//! Written on RFC 3986's own split (Appendix B) and its dot removal (§5.2.4), so the ladder and
//! the `rfc3986` profile read a reference the same way; unlike the profile it does no unwrapping
//! and no encoding (§6.2 compares references as given).

use super::difference::{Difference, first_difference};
use crate::url::profiles::rfc3986::{DEFAULT_PORTS, is_unreserved, port_value, split};
use crate::url::remove_dot_segments;
use crate::url::syntax::octets;

/// One rung of the ladder, in the RFC's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rung {
    /// §6.2.1: octet for octet.
    SimpleString,
    /// §6.2.2.1: hex digits of `%XX` uppercase, scheme and host lowercase.
    Case,
    /// §6.2.2.2: `%XX` of an unreserved character decoded.
    PercentEncoding,
    /// §6.2.2.3: dot segments removed (§5.2.4), only with a scheme.
    PathSegment,
    /// §6.2.3: an empty or default port dropped, an empty http(s)/ws(s) path written `/`, the
    /// domain of a `mailto` address lowercased.
    SchemeBased,
}

impl Rung {
    /// Every rung, strictest first.
    pub const ALL: [Rung; 5] = [
        Rung::SimpleString,
        Rung::Case,
        Rung::PercentEncoding,
        Rung::PathSegment,
        Rung::SchemeBased,
    ];

    /// The id used in JSON and text.
    pub fn name(self) -> &'static str {
        match self {
            Rung::SimpleString => "simple-string",
            Rung::Case => "case",
            Rung::PercentEncoding => "percent-encoding",
            Rung::PathSegment => "path-segment",
            Rung::SchemeBased => "scheme-based",
        }
    }

    /// The RFC section that defines the rung.
    pub fn section(self) -> &'static str {
        match self {
            Rung::SimpleString => "RFC 3986 §6.2.1",
            Rung::Case => "RFC 3986 §6.2.2.1",
            Rung::PercentEncoding => "RFC 3986 §6.2.2.2",
            Rung::PathSegment => "RFC 3986 §6.2.2.3",
            Rung::SchemeBased => "RFC 3986 §6.2.3",
        }
    }

    /// Apply this rung alone to `s` (the rungs before it already applied).
    fn apply(self, s: &[u8]) -> Vec<u8> {
        match self {
            Rung::SimpleString => s.to_vec(),
            Rung::Case => case(s),
            Rung::PercentEncoding => decode_unreserved(s),
            Rung::PathSegment => path_segment(s),
            Rung::SchemeBased => scheme_based(s),
        }
    }
}

/// The string after each rung, cumulatively: `forms(s)[k]` has rungs `0..=k` applied.
pub(crate) fn forms(s: &[u8]) -> [Vec<u8>; 5] {
    let mut cur = s.to_vec();
    Rung::ALL.map(|r| {
        cur = r.apply(&cur);
        cur.clone()
    })
}

fn case(s: &[u8]) -> Vec<u8> {
    let sp = split(s);
    let mut out = s.to_vec();
    let mut i = 0;
    while i < out.len() {
        if octets::triplet_at(s, i) {
            out[i + 1].make_ascii_uppercase();
            out[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
    for r in sp.scheme.iter().chain(std::iter::once(&sp.host)) {
        let mut i = r.start;
        while i < r.end {
            if octets::triplet_at(s, i) {
                i += 3;
            } else {
                out[i].make_ascii_lowercase();
                i += 1;
            }
        }
    }
    out
}

fn decode_unreserved(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for u in octets::units(s) {
        if u.encoded && is_unreserved(u.value) {
            out.push(u.value);
        } else {
            out.extend_from_slice(&s[u.range()]);
        }
    }
    out
}

fn path_segment(s: &[u8]) -> Vec<u8> {
    let sp = split(s);
    if sp.scheme.is_none() {
        // A relative reference's dot segments mean something until it is resolved.
        return s.to_vec();
    }
    let mut new = remove_dot_segments(&s[sp.path.clone()]);
    if sp.authority.is_none() && new.starts_with(b"//") {
        new.splice(0..0, *b"/.");
    }
    let mut out = s[..sp.path.start].to_vec();
    out.extend_from_slice(&new);
    out.extend_from_slice(&s[sp.path.end..]);
    out
}

fn scheme_based(s: &[u8]) -> Vec<u8> {
    let sp = split(s);
    let scheme = sp.scheme.clone().map(|r| s[r].to_ascii_lowercase());
    let is = |names: &[&str]| {
        scheme
            .as_deref()
            .is_some_and(|sc| names.iter().any(|n| n.as_bytes() == sc))
    };
    let mut out = s.to_vec();
    // From the end, so earlier ranges stay valid.
    if is(&["http", "https", "ws", "wss"]) && sp.authority.is_some() && sp.path.is_empty() {
        out.insert(sp.path.start, b'/');
    }
    if let Some(port) = sp.port.clone() {
        let default = DEFAULT_PORTS
            .iter()
            .find(|(n, _)| is(&[n]))
            .map(|&(_, p)| p);
        let digits = &s[port.clone()];
        if digits.is_empty() || default.is_some_and(|d| port_value(digits) == Some(d)) {
            out.drain(port.start - 1..port.end);
        }
    }
    if is(&["mailto"]) {
        // RFC 3986 §6.2.2.1 names the mailto domain as case-insensitive by its scheme.
        let path = sp.path.clone();
        if let Some(at) = s[path.clone()].iter().rposition(|&b| b == b'@') {
            let domain = path.start + at + 1..path.end.min(out.len());
            out[domain].make_ascii_lowercase();
        }
    }
    out
}

/// The first rung at which `a` and `b` match, with both strings after every rung.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    pub forms_a: [Vec<u8>; 5],
    pub forms_b: [Vec<u8>; 5],
    pub first_match: Option<Rung>,
    /// Where the two forms of each rung first differ (`None` on the rungs where they match).
    pub differences: [Option<Difference>; 5],
}

pub(crate) fn ladder(a: &[u8], b: &[u8]) -> Ladder {
    let (forms_a, forms_b) = (forms(a), forms(b));
    let first_match = Rung::ALL
        .into_iter()
        .zip(forms_a.iter().zip(&forms_b))
        .find(|(_, (x, y))| x == y)
        .map(|(r, _)| r);
    let differences = std::array::from_fn(|k| first_difference(&forms_a[k], &forms_b[k]));
    Ladder {
        forms_a,
        forms_b,
        first_match,
        differences,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(a: &str, b: &str) -> Option<Rung> {
        ladder(a.as_bytes(), b.as_bytes()).first_match
    }

    #[test]
    fn each_rung_is_the_first_for_its_own_difference() {
        assert_eq!(first("http://a/b", "http://a/b"), Some(Rung::SimpleString));
        assert_eq!(first("HTTP://A/%7e", "http://a/%7E"), Some(Rung::Case));
        assert_eq!(
            first("http://a/%7E", "http://a/~"),
            Some(Rung::PercentEncoding)
        );
        assert_eq!(
            first("http://a/b/../c", "http://a/c"),
            Some(Rung::PathSegment)
        );
        assert_eq!(first("http://a:80", "http://a/"), Some(Rung::SchemeBased));
        assert_eq!(first("http://a/B", "http://a/b"), None);
    }

    #[test]
    fn case_leaves_path_letters_and_decoded_bytes_alone() {
        assert_eq!(forms(b"HTTP://Ex.COM/A%2fB")[1], b"http://ex.com/A%2FB");
        // %41 is unreserved ('A'): decoded at the percent-encoding rung, not lowercased.
        assert_eq!(forms(b"http://%41.com/")[2], b"http://A.com/");
    }

    #[test]
    fn relative_references_keep_their_dot_segments() {
        assert_eq!(first("../a", "a"), None);
    }

    #[test]
    fn scheme_based_drops_only_the_schemes_default_port() {
        assert_eq!(
            first("https://a:443/", "https://a/"),
            Some(Rung::SchemeBased)
        );
        assert_eq!(first("https://a:80/", "https://a/"), None);
        assert_eq!(first("foo://a:/", "foo://a/"), Some(Rung::SchemeBased));
        assert_eq!(first("http://a/?", "http://a/"), None);
    }
}
