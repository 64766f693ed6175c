//! w3lib's `canonicalize_url` on the plain http(s) shape, written in one pass.
//!
//! The shape is the one the historical profiles' fused paths read (`url::fast::plain`): `http`
//! or `https`, `//`, a host of ASCII letters, digits, `.`, `-` and `_` (no userinfo, port or
//! brackets), no dot segment (whole or before a `;`), at most one `#`, and no `%`, whitespace,
//! control, non-ASCII octet or any of `<>"{}|\^[]` and `` ` ``. w3lib asks less of a host than
//! the canonicalizers' shared split does (it reads no labels or numbers) and keeps empty
//! segments, so it reads that shape, not the split's.
//!
//! On it the safe split changes nothing but the case of the scheme and the host: every octet
//! left is in the safe sets of the path and the fragment, and the query's one exception (`'`)
//! is decoded again by `parse_qsl`. The canonical stage then sorts and re-encodes the query,
//! gives an empty path its `/`, keeps the fragment only if asked, and finds nothing else to do:
//! no `%` to decode, no dot segment, no IPv6 host, no octet to quote; the last segment's
//! `;params` are cut off and written back unchanged (but for empty ones, which lose their `;`:
//! a path ending in `;` is left to the steps).

use std::cell::RefCell;
use std::ops::Range;

use crate::canon::options::W3libOptions;
use crate::url::fast::plain;

/// The octets the canonical query keeps as they are (`_quote_into` with no safe characters).
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// A query's (key, value) pairs as ranges of it, kept from record to record.
type Pairs = Vec<(Range<usize>, Range<usize>)>;

thread_local! {
    static PAIRS: RefCell<Pairs> = const { RefCell::new(Vec::new()) };
}

/// w3lib of `x` into `out` if `x` has the plain shape; `false` (nothing written) for any
/// other shape and for options the fast path leaves to the steps (an encoding other than
/// UTF-8, a query separator that is not ASCII).
pub fn run(x: &[u8], opts: &W3libOptions, out: &mut Vec<u8>) -> bool {
    if opts.encoding.is_some() || !opts.query_separator.is_ascii() {
        return false;
    }
    let Some(p) = plain::read(x) else {
        return false;
    };
    // A path ending in `;` may end in empty `;params`, which w3lib drops with their `;`.
    if x[..p.path_end].last() == Some(&b';') {
        return false;
    }
    // The scheme, `://` and the host follow one another, and only their capitals change.
    p.write_lowered(x, p.path_end, true, out);
    if p.path_end == p.host_end {
        out.push(b'/');
    }
    // The path ends at the first `?` or `#`, the query (if any) at the `#`.
    if p.path_end < p.hash {
        let q = &x[p.path_end + 1..p.hash];
        PAIRS.with_borrow_mut(|pairs| query(q, opts, pairs, out));
    }
    if opts.keep_fragments && p.hash + 1 < x.len() {
        out.extend_from_slice(&x[p.hash..]);
    }
    true
}

/// The query as `parse_qsl`, `sort` and `urlencode` leave it, `?` included unless it is empty.
/// A plain query has no `%`, so unquoting only turns `+` into a space, and the sort compares
/// the unquoted (key, value) pairs.
fn query(q: &[u8], opts: &W3libOptions, pairs: &mut Pairs, out: &mut Vec<u8>) {
    pairs.clear();
    let sep = opts.query_separator;
    // Each pair as two ranges of `q`: key then value.
    let mut next = 0;
    for field in q.split(|&b| b == sep) {
        let s = next;
        next += field.len() + 1;
        if field.is_empty() {
            continue;
        }
        let (k, v, has_eq) = match field.iter().position(|&b| b == b'=') {
            Some(e) => (s..s + e, s + e + 1..s + field.len(), true),
            None => (s..s + field.len(), s + field.len()..s + field.len(), false),
        };
        if !opts.keep_blank_values && (!has_eq || v.is_empty()) {
            continue;
        }
        pairs.push((k, v));
    }
    if pairs.is_empty() {
        return;
    }
    if pairs.len() > 1 {
        sort(q, pairs);
    }
    out.push(b'?');
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        quote_plus(&q[k.clone()], out);
        out.push(b'=');
        quote_plus(&q[v.clone()], out);
    }
}

/// Sort the pairs as Python sorts the unquoted (key, value) tuples. Equal pairs are equal
/// octets, so an unstable sort writes the same. Without a `+` the unquoted pairs are the
/// octets themselves.
fn sort(q: &[u8], pairs: &mut Pairs) {
    if memchr::memchr(b'+', q).is_none() {
        pairs.sort_unstable_by(|a, b| {
            q[a.0.clone()]
                .cmp(&q[b.0.clone()])
                .then_with(|| q[a.1.clone()].cmp(&q[b.1.clone()]))
        });
        return;
    }
    let unplus = |r: &Range<usize>| {
        q[r.clone()]
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
    };
    pairs.sort_unstable_by(|a, b| {
        unplus(&a.0)
            .cmp(unplus(&b.0))
            .then_with(|| unplus(&a.1).cmp(unplus(&b.1)))
    });
}

/// `quote_plus` of unquoted octets that were plain: a `+` was a space and is one again.
fn quote_plus(s: &[u8], out: &mut Vec<u8>) {
    for &b in s {
        if unreserved(b) || b == b'+' {
            out.push(b);
        } else {
            crate::canon::pct::push_encoded(out, b);
        }
    }
}
