//! urlcanon's canonicalizers and Safe Browsing on a plain URL, written in one pass.
//!
//! On the plain shape the steps of urlcanon's first stages reduce to: the scheme and the host
//! lowercased (IDNA of an LDH name lowercases it), a default port dropped, an empty path made
//! `/`, and nothing else: there is nothing to decode, no tab, backslash, dot segment, repeated
//! slash or octet of any encoding set, no IP address and no userinfo. What differs between the
//! canonicalizers is written by the parts below, which they share as urlcanon composes them:
//! `semantic` is `semantic_precise` without the fragment, `aggressive` is `semantic` and then
//! its own steps on the host, path and query, SSURT is `whatwg` in another order.

use super::{Plain, Scratch, push_lower_range, push_reversed_labels, with_scratch};
use crate::canon::Canonicalizer;
use crate::canon::urlcanon::steps::{
    dedupe_amps, strip_path_session_ids, strip_query_session_ids, www_prefix,
};

/// `c`'s output for the plain URL `x`, or `false` (nothing written) if `c` is not urlcanon's.
pub(crate) fn run(c: Canonicalizer, x: &[u8], p: &Plain, out: &mut Vec<u8>) -> bool {
    match c {
        Canonicalizer::UcWhatwg => {
            head(x, p, true, out);
            tail(x, p, true, out);
        }
        // google's encoding finds nothing to encode once the fragment is gone.
        Canonicalizer::UcGoogle => {
            head(x, p, true, out);
            tail(x, p, false, out);
        }
        // Safe Browsing: google's steps, then the port and the userinfo dropped.
        Canonicalizer::Sb4 => {
            head(x, p, false, out);
            tail(x, p, false, out);
        }
        Canonicalizer::UcSemanticPrecise | Canonicalizer::UcSemantic => {
            head(x, p, true, out);
            path(x, p, out);
            if let Some(q) = &p.query {
                out.push(b'?');
                with_scratch(|scratch| {
                    ld_sorted_query(&x[q.clone()], scratch);
                    join_sorted(scratch, out);
                });
            }
            if c == Canonicalizer::UcSemanticPrecise {
                fragment(x, p, out);
            }
        }
        Canonicalizer::UcAggressive => with_scratch(|scratch| aggressive(x, p, scratch, out)),
        Canonicalizer::Ssurt => ssurt(x, p, out),
        Canonicalizer::Surt | Canonicalizer::W3lib => return false,
    }
    true
}

/// `scheme://host[:port]`, the scheme and host lowercased, a default port (or, without
/// `port`, any) dropped.
fn head(x: &[u8], p: &Plain, port: bool, out: &mut Vec<u8>) {
    // The plain shape has `://` between the scheme and the host: one lowercasing pass.
    push_lower_range(out, x, 0..p.host.end);
    push_port(x, p, port, out);
}

/// The path (an empty one is `/`), the query and, `with_fragment`, the fragment, as written:
/// they follow one another in the input.
fn tail(x: &[u8], p: &Plain, with_fragment: bool, out: &mut Vec<u8>) {
    if p.path.is_empty() {
        out.push(b'/');
    }
    let end = match &p.fragment {
        Some(f) if !with_fragment => f.start - 1,
        _ => x.len(),
    };
    out.extend_from_slice(&x[p.path.start..end]);
}

#[inline(always)]
fn push_port(x: &[u8], p: &Plain, port: bool, out: &mut Vec<u8>) {
    if let Some(r) = &p.port
        && port
        && !p.default_port(x)
    {
        out.push(b':');
        out.extend_from_slice(&x[r.clone()]);
    }
}

/// The path; an empty one is `/`.
fn path(x: &[u8], p: &Plain, out: &mut Vec<u8>) {
    if p.path.is_empty() {
        out.push(b'/');
    } else {
        out.extend_from_slice(&x[p.path.clone()]);
    }
}

fn fragment(x: &[u8], p: &Plain, out: &mut Vec<u8>) {
    if let Some(f) = &p.fragment {
        out.push(b'#');
        out.extend_from_slice(&x[f.clone()]);
    }
}

/// `ld_query` on a plain query, into `scratch.bytes` with each `&` piece's range in
/// `scratch.ranges`: every `=` after a piece's first becomes `%3D` (nothing else of a plain
/// query is in its set, and there is nothing to decode).
fn ld_sorted_query(q: &[u8], scratch: &mut Scratch) {
    scratch.clear();
    for piece in q.split(|&b| b == b'&') {
        let s = scratch.bytes.len();
        match piece.iter().position(|&b| b == b'=') {
            Some(e) => {
                scratch.bytes.extend_from_slice(&piece[..=e]);
                for &b in &piece[e + 1..] {
                    if b == b'=' {
                        scratch.bytes.extend_from_slice(b"%3D");
                    } else {
                        scratch.bytes.push(b);
                    }
                }
            }
            None => scratch.bytes.extend_from_slice(piece),
        }
        scratch.ranges.push(s..scratch.bytes.len());
    }
}

/// `sort_query`: the pieces in `scratch` sorted as octet strings, joined with `&`.
fn join_sorted(scratch: &mut Scratch, out: &mut Vec<u8>) {
    let Scratch { bytes, ranges, .. } = scratch;
    if ranges.len() > 1 {
        ranges.sort_unstable_by(|a, b| bytes[a.clone()].cmp(&bytes[b.clone()]));
    }
    for (k, r) in ranges.iter().enumerate() {
        if k > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(&bytes[r.clone()]);
    }
}

/// `aggressive`: `semantic`, then http for https (after the default port was judged by the
/// scheme as written), one `www…` label off the host, the path and the query lowercased and
/// stripped of session ids, one trailing `/` off the path, the query's `&` runs collapsed, an
/// empty query dropped with its `?`, and the query sorted again.
#[inline(always)]
fn aggressive(x: &[u8], p: &Plain, scratch: &mut Scratch, out: &mut Vec<u8>) {
    out.extend_from_slice(b"http://");
    let host = out.len();
    push_lower_range(out, x, p.host.clone());
    if let Some(n) = www_prefix(&out[host..]) {
        out.drain(host..host + n);
    }
    push_port(x, p, true, out);

    let mut buf = std::mem::take(&mut scratch.path);
    buf.clear();
    if p.path.is_empty() {
        buf.push(b'/');
    } else {
        push_lower_range(&mut buf, x, p.path.clone());
    }
    strip_path_session_ids(&mut buf);
    if buf != b"/" && buf.last() == Some(&b'/') {
        buf.pop();
    }
    out.extend_from_slice(&buf);

    if let Some(q) = &p.query {
        ld_sorted_query(&x[q.clone()], scratch);
        buf.clear();
        join_sorted(scratch, &mut buf);
        buf.make_ascii_lowercase();
        strip_query_session_ids(&mut buf);
        dedupe_amps(&mut buf);
        if !buf.is_empty() {
            out.push(b'?');
            scratch.clear();
            for piece in buf.split(|&b| b == b'&') {
                let s = scratch.bytes.len();
                scratch.bytes.extend_from_slice(piece);
                scratch.ranges.push(s..scratch.bytes.len());
            }
            join_sorted(scratch, out);
        }
    }
    scratch.path = buf;
}

/// SSURT of `whatwg`'s output: the host's labels reversed with a trailing `,`, then `//`, the
/// port and its `:`, the scheme and its `:`, the path, query and fragment.
fn ssurt(x: &[u8], p: &Plain, out: &mut Vec<u8>) {
    push_reversed_labels(out, x, p, false);
    out.extend_from_slice(b",//");
    if let Some(r) = &p.port
        && !p.default_port(x)
    {
        out.extend_from_slice(&x[r.clone()]);
        out.push(b':');
    }
    push_lower_range(out, x, p.scheme.clone());
    out.push(b':');
    tail(x, p, true, out);
}
