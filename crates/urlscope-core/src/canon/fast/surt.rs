//! surt's SURT key of a plain URL, written in one pass.
//!
//! On the plain shape handyurl's parse keeps the scheme as written and reads the port as a
//! number; the Google stage drops the fragment, lowercases the host (an LDH name that is no IPv4
//! number), gives an empty path its `/` and finds nothing to decode, resolve or escape; an empty
//! query is none. The IA stage and the SURT form then run as written below, with the same
//! session-id rules as the steps.

use std::ops::Range;

use super::{
    Scratch, holds16, lower8, lower16, path_words, push_lower_range, push_reversed_labels,
    push_words, split_head, split_rest, with_scratch, www_label,
};
use crate::canon::surt::{maybe_session_id, strip_path_session_ids, strip_query_session_ids};

/// `surt.surt` of `x` into `out` if `x` has the plain shape, else `false` (nothing written).
/// The key follows the input's order (host, path, query), so it is written as the shape is
/// read: the path is lowercased in the same pass that checks it.
pub(crate) fn run(x: &[u8], out: &mut Vec<u8>) -> bool {
    let Some(p) = split_head(x) else {
        return false;
    };
    let base = out.len();
    // The host, lowercased, one `www…` label off its front (the key's last label), its labels
    // reversed and joined with `,`.
    push_reversed_labels(out, x, &p, www_label(&x[p.host.clone()]));
    if let Some(r) = &p.port
        && !p.default_port(x)
    {
        out.push(b':');
        out.extend_from_slice(&x[r.clone()]);
    }
    out.push(b')');

    // The path, lowercased, without session ids and one trailing `/`.
    let path = out.len();
    out.reserve(x.len() - p.path.start + 8);
    let read = path_words(x, p.path.start, |w| {
        out.extend_from_slice(&lower8(w).to_le_bytes());
    });
    let Some(p) = read.and_then(|(end, _)| split_rest(x, p, end)) else {
        out.truncate(base);
        return false;
    };
    if p.path.is_empty() {
        out.truncate(path);
        out.push(b'/');
    } else if read.is_some_and(|(_, words)| words) {
        // Read by words: only the commonest octets, so no `(` and no session id.
        out.truncate(path + p.path.len());
    } else {
        out.truncate(path);
        let mut paren = false;
        push_words(out, x, p.path.clone(), |w| {
            // Octets past the path are seen too: at worst the copy below runs for nothing.
            paren |= holds16(w, b'(');
            lower16(w)
        });
        if paren {
            // Where a session id may be: the steps' own function on a copy.
            with_scratch(|scratch| {
                let buf = &mut scratch.path;
                buf.clear();
                buf.extend_from_slice(&out[path..]);
                strip_path_session_ids(buf);
                out.truncate(path);
                out.extend_from_slice(buf);
            });
        }
    }
    // Without a branch on the path's last octet, which no predictor knows.
    let n = out.len();
    out.truncate(n - usize::from((n - path > 1) & (out[n - 1] == b'/')));

    // The query without session ids, lowercased, sorted as (key, value) pairs.
    if let Some(r) = p.query.clone().filter(|q| !q.is_empty()) {
        let q = &x[r.clone()];
        if !q.contains(&b'&') && !maybe_session_id(q) {
            // One piece, nothing to strip: only lowercased.
            out.push(b'?');
            push_lower_range(out, x, r);
        } else {
            with_scratch(|scratch| query(q, scratch, out));
        }
    }
    true
}

/// A query of more than one piece, or with a session id: stripped, lowercased and sorted.
fn query(q: &[u8], scratch: &mut Scratch, out: &mut Vec<u8>) {
    let mut buf = std::mem::take(&mut scratch.path);
    buf.clear();
    buf.extend_from_slice(q);
    strip_query_session_ids(&mut buf);
    buf.make_ascii_lowercase();
    // An empty query is dropped with its `?`; a path was written.
    if !buf.is_empty() {
        out.push(b'?');
        alpha_reorder(&buf, scratch, out);
    }
    scratch.path = buf;
}

/// `alphaReorderQuery`: the `&` pieces sorted as (key, value) tuples, a piece without `=`
/// (value `None`) before the same key with one.
fn alpha_reorder(q: &[u8], scratch: &mut Scratch, out: &mut Vec<u8>) {
    // One piece is in order.
    if !q.contains(&b'&') {
        out.extend_from_slice(q);
        return;
    }
    scratch.clear();
    let mut next = 0;
    for piece in q.split(|&b| b == b'&') {
        let s = next;
        next += piece.len() + 1;
        // Without `=`, the value's range is empty and starts where the key ends.
        let pair = match piece.iter().position(|&b| b == b'=') {
            Some(e) => (s..s + e, s + e + 1..s + piece.len()),
            None => (s..s + piece.len(), s + piece.len()..s + piece.len()),
        };
        scratch.pairs.push(pair);
    }
    let has_value = |(k, v): &(Range<usize>, Range<usize>)| v.start != k.end;
    scratch.pairs.sort_unstable_by(|a, b| {
        q[a.0.clone()]
            .cmp(&q[b.0.clone()])
            .then_with(|| has_value(a).cmp(&has_value(b)))
            .then_with(|| q[a.1.clone()].cmp(&q[b.1.clone()]))
    });
    for (i, (k, v)) in scratch.pairs.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(&q[k.clone()]);
        if v.start != k.end {
            out.push(b'=');
            out.extend_from_slice(&q[v.clone()]);
        }
    }
}
