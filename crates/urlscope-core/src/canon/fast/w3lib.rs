//! w3lib's `canonicalize_url` on a plain URL, written in one pass.
//!
//! On this shape the safe split changes nothing but the case of the scheme and the host, and
//! the port is written as a number; the canonical stage then sorts and re-encodes the query,
//! gives an empty path its `/`, keeps the fragment only if asked, and finds nothing else to do
//! (no `%` to decode, no `;params`, no dot segment, no IPv6 host, no octet to quote).

use std::ops::Range;

use super::{Plain, Scratch, push_lower};
use crate::canon::options::W3libOptions;

/// The octets the canonical query keeps as they are (`_quote_into` with no safe characters).
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// w3lib of the plain URL `x` into `out`; `false` (nothing written) for options the fast path
/// leaves to the steps (an encoding other than UTF-8).
pub fn run(
    x: &[u8],
    p: &Plain,
    opts: &W3libOptions,
    scratch: &mut Scratch,
    out: &mut Vec<u8>,
) -> bool {
    if opts.encoding.is_some() {
        return false;
    }
    // The scheme, `://`, the host and the port follow one another in the plain shape, and
    // lowering changes only the scheme's and the host's capitals: one pass.
    push_lower(out, &x[..p.path.start]);
    if p.path.is_empty() {
        out.push(b'/');
    } else {
        out.extend_from_slice(&x[p.path.clone()]);
    }
    if let Some(q) = &p.query {
        query(&x[q.clone()], opts, scratch, out);
    }
    if let Some(f) = &p.fragment
        && opts.keep_fragments
        && !f.is_empty()
    {
        out.push(b'#');
        out.extend_from_slice(&x[f.clone()]);
    }
    true
}

/// The query as `parse_qsl`, `sort` and `urlencode` leave it, `?` included unless it is empty.
/// A plain query has no `%`, so unquoting only turns `+` into a space, and the sort compares
/// the unquoted (key, value) pairs.
fn query(q: &[u8], opts: &W3libOptions, scratch: &mut Scratch, out: &mut Vec<u8>) {
    scratch.clear();
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
        scratch.pairs.push((k, v));
    }
    if scratch.pairs.is_empty() {
        return;
    }
    let unplus = |r: &Range<usize>| {
        q[r.clone()]
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
    };
    scratch.pairs.sort_unstable_by(|a, b| {
        unplus(&a.0)
            .cmp(unplus(&b.0))
            .then_with(|| unplus(&a.1).cmp(unplus(&b.1)))
    });
    out.push(b'?');
    for (i, (k, v)) in scratch.pairs.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        quote_plus(&q[k.clone()], out);
        out.push(b'=');
        quote_plus(&q[v.clone()], out);
    }
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
