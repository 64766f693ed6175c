//! The query table (docs/lenses.md, "The query table"): every `key=value` pair of the query in order, duplicates
//! kept, raw and decoded as `application/x-www-form-urlencoded` (WHATWG URL Standard §5.1: pairs
//! split on `&` only, the first `=` separates key and value, `+` is SP, then percent-decoding),
//! with the known tracking parameters flagged, and the URL without them.
//!
//! The query span is the project tokenizer's query component, so the table lines up with the
//! components pane. The decoding keeps octets: the `url` crate's `form_urlencoded::parse` returns
//! text with U+FFFD for invalid UTF-8, which would hide exactly what an inspector must show (the
//! tests check that both agree wherever the octets are valid UTF-8).

use std::ops::Range;

use crate::url::{Parsed, octets, tokenize};

/// One pair of the query: ranges into the input, and the decoded octets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryPair {
    /// The whole pair (key, `=` and value), without the `&` around it.
    pub range: Range<usize>,
    /// The key's range in the input.
    pub key: Range<usize>,
    /// `None` when the pair has no `=`.
    pub value: Option<Range<usize>>,
    /// The key, percent-decoded.
    pub key_decoded: Vec<u8>,
    /// The value, percent-decoded.
    pub value_decoded: Vec<u8>,
    /// A known tracking parameter (see `is_tracking`).
    pub tracking: bool,
}

/// The pairs of the input's query (empty pairs between `&&` are skipped, as the WHATWG parser
/// does; they are kept byte-identical by [`without_tracking`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryTable {
    /// The query component (after `?`, before `#`), from the project tokenizer.
    pub query: Option<Range<usize>>,
    /// Offset of the `?`.
    pub mark: Option<usize>,
    /// The pairs, in input order.
    pub pairs: Vec<QueryPair>,
    /// The query holds a `;`, which splits pairs only in the URL编码 tutorial (RFC 2396 era), not
    /// here (WHATWG: `&` alone). Found once, so a view need not search a long query each frame.
    pub semicolon: bool,
}

impl QueryTable {
    /// How many pairs are flagged as tracking parameters.
    pub fn tracking_count(&self) -> usize {
        self.pairs.iter().filter(|p| p.tracking).count()
    }
}

/// Parameters whose only purpose is to tell the target where a click came from: the `utm_*`
/// family (Google Analytics campaign parameters) and the click identifiers of the big ad and mail
/// platforms.
pub(crate) const TRACKING_KEYS: &[&str] = &[
    "fbclid",
    "gclid",
    "dclid",
    "msclkid",
    "mc_cid",
    "mc_eid",
    "_hsenc",
    "_hsmi",
    "igshid",
    "yclid",
    "twclid",
    "ttclid",
    "li_fat_id",
];

/// Whether a decoded key names a tracking parameter (`utm_*` or one of [`TRACKING_KEYS`]).
/// Matching is exact and case-sensitive, as the services write them.
pub(crate) fn is_tracking(key: &[u8]) -> bool {
    key.starts_with(b"utm_") || TRACKING_KEYS.iter().any(|k| k.as_bytes() == key)
}

/// Which query parameters are tracking parameters: the built-in list (`is_tracking`), extended
/// or replaced by a user's own names (a config file's). `TrackingList::default()` is the
/// built-in list alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrackingList {
    /// Only `names` count (the built-in list does not).
    pub replace: bool,
    /// Decoded key names, exact and case-sensitive; a trailing `*` matches any rest (`utm_*`).
    pub names: Vec<String>,
}

impl TrackingList {
    /// Whether a decoded key names a tracking parameter of this list.
    pub fn matches(&self, key: &[u8]) -> bool {
        (!self.replace && is_tracking(key))
            || self.names.iter().any(|n| match n.strip_suffix('*') {
                Some(prefix) => key.starts_with(prefix.as_bytes()),
                None => n.as_bytes() == key,
            })
    }

    /// Flag the pairs of `t` by this list (a table from [`table_of`] is flagged by the
    /// built-in one).
    pub fn flag(&self, t: &mut QueryTable) {
        for p in &mut t.pairs {
            p.tracking = self.matches(&p.key_decoded);
        }
    }
}

/// `application/x-www-form-urlencoded` decoding of `x[r]`: `+` is SP, triplets are decoded, every
/// other octet stays as it is.
pub fn form_decode(x: &[u8], r: Range<usize>) -> Vec<u8> {
    octets::units_in(x, r)
        .map(|u| {
            if !u.encoded && u.value == b'+' {
                b' '
            } else {
                u.value
            }
        })
        .collect()
}

/// The query table of `x`, with `parsed` its tokenization.
pub fn table_of(x: &[u8], parsed: &Parsed) -> QueryTable {
    let Some(q) = parsed.query.clone() else {
        return QueryTable::default();
    };
    let mut pairs = Vec::new();
    let mut start = q.start;
    let mut semicolon = false;
    for i in q.start..=q.end {
        semicolon |= i < q.end && x[i] == b';';
        if i < q.end && x[i] != b'&' {
            continue;
        }
        if i > start {
            let range = start..i;
            let eq = x[range.clone()].iter().position(|&b| b == b'=');
            let (key, value) = match eq {
                Some(e) => (start..start + e, Some(start + e + 1..i)),
                None => (range.clone(), None),
            };
            let key_decoded = form_decode(x, key.clone());
            let value_decoded = value.clone().map(|v| form_decode(x, v)).unwrap_or_default();
            pairs.push(QueryPair {
                tracking: is_tracking(&key_decoded),
                range,
                key,
                value,
                key_decoded,
                value_decoded,
            });
        }
        start = i + 1;
    }
    QueryTable {
        query: Some(q),
        mark: parsed.query_mark,
        pairs,
        semicolon,
    }
}

/// The query table of `x` (tokenizes it).
pub fn table(x: &[u8]) -> QueryTable {
    table_of(x, &tokenize(x))
}

/// The input without its flagged pairs, and how many were removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stripped {
    pub url: Vec<u8>,
    pub removed: usize,
}

/// `x` without the tracking pairs: each removed pair takes one `&` next to it with it; every other
/// octet stays byte-identical; the `?` goes when no pair is left (a fragment stays).
pub fn without_tracking(x: &[u8], t: &QueryTable) -> Stripped {
    let removed = t.tracking_count();
    let Some(q) = t.query.clone().filter(|_| removed > 0) else {
        return Stripped {
            url: x.to_vec(),
            removed: 0,
        };
    };
    // The gaps around and between the kept pairs stay as written, unless a tracking pair lies in
    // one: then it becomes one `&` between two kept pairs, nothing at either end.
    let kept: Vec<&QueryPair> = t.pairs.iter().filter(|p| !p.tracking).collect();
    let has_tracking = |g: &Range<usize>| {
        t.pairs
            .iter()
            .any(|m| m.tracking && g.contains(&m.range.start))
    };
    let mut query = Vec::with_capacity(q.len());
    let mut from = q.start;
    for (i, p) in kept.iter().enumerate() {
        let gap = from..p.range.start;
        if !has_tracking(&gap) {
            query.extend_from_slice(&x[gap]);
        } else if i > 0 {
            query.push(b'&');
        }
        query.extend_from_slice(&x[p.range.clone()]);
        from = p.range.end;
    }
    let tail = from..q.end;
    if !has_tracking(&tail) {
        query.extend_from_slice(&x[tail]);
    }
    let mut url = Vec::with_capacity(x.len());
    let cut = if query.is_empty() {
        t.mark.unwrap_or(q.start)
    } else {
        q.start
    };
    url.extend_from_slice(&x[..cut]);
    url.extend_from_slice(&query);
    url.extend_from_slice(&x[q.end..]);
    Stripped { url, removed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(x: &str) -> (String, usize) {
        let t = table(x.as_bytes());
        let s = without_tracking(x.as_bytes(), &t);
        (String::from_utf8(s.url).unwrap(), s.removed)
    }

    #[test]
    fn pairs_in_order_with_duplicates() {
        let x = b"http://h/p?a=1&b=x+y&a=2&c&=v&&d=%C3%A9#f";
        let t = table(x);
        let keys: Vec<&[u8]> = t.pairs.iter().map(|p| &x[p.key.clone()]).collect();
        assert_eq!(keys, [&b"a"[..], b"b", b"a", b"c", b"", b"d"]);
        assert_eq!(t.pairs[1].value_decoded, b"x y");
        assert_eq!(t.pairs[3].value, None);
        assert_eq!(t.pairs[5].value_decoded, "é".as_bytes());
    }

    #[test]
    fn removal_keeps_the_rest() {
        assert_eq!(
            strip("http://h/?utm_source=x&a=1&fbclid=z&b=%2B#frag"),
            ("http://h/?a=1&b=%2B#frag".into(), 2)
        );
        assert_eq!(strip("http://h/?gclid=1#f"), ("http://h/#f".into(), 1));
        assert_eq!(
            strip("http://h/?a=1&&b=2"),
            ("http://h/?a=1&&b=2".into(), 0)
        );
        assert_eq!(
            strip("http://h/?a=1&utm_x=2&&b=2&utm_y"),
            ("http://h/?a=1&b=2".into(), 2)
        );
        assert_eq!(
            strip("http://h/?&a=1&utm_x=2&"),
            ("http://h/?&a=1".into(), 1)
        );
        assert_eq!(
            strip("http://h/?UTM_source=1"),
            ("http://h/?UTM_source=1".into(), 0)
        );
    }

    #[test]
    fn decoding_agrees_with_form_urlencoded_where_utf8() {
        for q in [
            "a=1&b=x+y&&c=%C3%A9%20z&=v&k&a=%2B+",
            "x=%zz&y=%&z==",
            "%61%62=+%2b",
        ] {
            let x = format!("http://h/?{q}#f");
            let t = table(x.as_bytes());
            let ours: Vec<(String, String)> = t
                .pairs
                .iter()
                .map(|p| {
                    (
                        String::from_utf8(p.key_decoded.clone()).unwrap(),
                        String::from_utf8(p.value_decoded.clone()).unwrap(),
                    )
                })
                .collect();
            let theirs: Vec<(String, String)> = url::form_urlencoded::parse(q.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            assert_eq!(ours, theirs, "{q}");
        }
    }

    #[test]
    fn invalid_utf8_is_kept_as_octets() {
        let t = table(b"http://h/?k=%FF%C3&j=\xfe");
        assert_eq!(t.pairs[0].value_decoded, b"\xff\xc3");
        assert_eq!(t.pairs[1].value_decoded, b"\xfe");
    }
}
