//! Fused batch normalizers: one scan that splits the text, then one pass that writes the output,
//! for the profiles whose step-by-step run re-tokenizes the string between steps (and, for RFC
//! 1738, the plain http(s) shape alone).
//!
//! Each profile's fast path handles the common shapes and declines the rest (`false`), which
//! then run through the traced steps. What it handles it must produce byte for byte as the steps
//! do, diagnostics included: `tests/core/fast_path.rs` and the `fast_path` fuzz target compare them.
//! The declined shapes are the ones where a step changes what a later step's tokenization sees
//! (a `%` that a decoding could join into a new triplet, whitespace that becomes `+`, dot segments
//! that could turn a path into an authority, a PDF base, …).

pub(crate) mod fido;
pub(crate) mod hyvatti;
pub(crate) mod pdf;
pub(crate) mod plain;
pub(crate) mod rfc1738;
pub(crate) mod rfc3986;
pub(crate) mod whatwg;

use std::ops::Range;

use crate::url::syntax::octets;

/// Delimiter classes of the local table: the structure scans test a byte with one load.
mod delim {
    pub(super) const SLASH: u8 = 1;
    pub(super) const QMARK: u8 = 2;
    pub(super) const HASH: u8 = 4;
    pub(super) const COLON: u8 = 8;
    pub(super) const AT: u8 = 16;
    pub(super) const SEMI: u8 = 32;
}

const fn delim_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    t[b'/' as usize] = delim::SLASH;
    t[b'?' as usize] = delim::QMARK;
    t[b'#' as usize] = delim::HASH;
    t[b':' as usize] = delim::COLON;
    t[b'@' as usize] = delim::AT;
    t[b';' as usize] = delim::SEMI;
    t
}

static DELIM: [u8; 256] = delim_table();

/// The first offset in `from..s.len()` holding a byte of `mask` (a `delim` union), or `s.len()`.
#[inline]
fn find(s: &[u8], from: usize, mask: u8) -> usize {
    s[from..]
        .iter()
        .position(|&b| DELIM[b as usize] & mask != 0)
        .map_or(s.len(), |k| from + k)
}

/// The tokenizer's authority (T3/T4) starting at `s` (after `//`): its end (the first `/`, `?`
/// or `#`) and the host, from after the last `@` to the first `:` after that `@`.
fn authority(x: &[u8], s: usize) -> (usize, Range<usize>) {
    let (mut host_start, mut colon) = (s, None);
    let mut i = s;
    while i < x.len() {
        let d = DELIM[x[i] as usize];
        if d != 0 {
            if d & (delim::SLASH | delim::QMARK | delim::HASH) != 0 {
                break;
            }
            if d & delim::AT != 0 {
                host_start = i + 1;
                colon = None;
            } else if d & delim::COLON != 0 && colon.is_none() {
                colon = Some(i);
            }
        }
        i += 1;
    }
    (i, host_start..colon.unwrap_or(i))
}

/// The path from `s` to the first `?` or `#`: its end, and whether a segment of it is `.` or
/// `..` (the test of RFC 1808 §4 step 6 and RFC 3986 §5.2.4 alike). With `params`, the path ends at the
/// first `;` of its last segment, as the tokenizer's T6 reads it.
fn path(x: &[u8], s: usize, params: bool) -> (usize, bool) {
    let is_dots = |seg: &[u8]| seg == b"." || seg == b"..";
    let (mut seg, mut semi, mut dots) = (s, None, false);
    let mut i = s;
    while i < x.len() {
        let d = DELIM[x[i] as usize];
        if d != 0 {
            if d & (delim::QMARK | delim::HASH) != 0 {
                break;
            }
            if d & delim::SLASH != 0 {
                dots |= is_dots(&x[seg..i]);
                seg = i + 1;
                semi = None;
            } else if d & delim::SEMI != 0 && params && semi.is_none() {
                semi = Some(i);
            }
        }
        i += 1;
    }
    (i, dots || is_dots(&x[seg..semi.unwrap_or(i)]))
}

/// Append `s` with its ASCII capitals lowered.
#[inline]
fn push_lower(out: &mut Vec<u8>, s: &[u8]) {
    let at = out.len();
    out.extend_from_slice(s);
    out[at..].make_ascii_lowercase();
}

/// Rewrite `buf[start..]` with each octet of `mask` as its triplet, in place (no scratch buffer).
fn encode_in_place(buf: &mut Vec<u8>, start: usize, mask: u32) {
    let n = buf[start..]
        .iter()
        .filter(|&&b| octets::is(b, mask))
        .count();
    if n == 0 {
        return;
    }
    let old = buf.len();
    buf.resize(old + 2 * n, 0);
    // Backwards, so that every octet is read before its place is written.
    let mut w = buf.len();
    for r in (start..old).rev() {
        let b = buf[r];
        if octets::is(b, mask) {
            w -= 3;
            buf[w..w + 3].copy_from_slice(&octets::encoded(b));
        } else {
            w -= 1;
            buf[w] = b;
        }
    }
}

/// Rewrite `buf[start..]` with every `%HH` unit decoded, left to right, in place.
fn decode_in_place(buf: &mut Vec<u8>, start: usize) {
    let (mut r, mut w) = (start, start);
    while r < buf.len() {
        // The write position never passes the read position: a unit is read before it is written.
        if octets::triplet_at(buf, r) {
            buf[w] = octets::hex_value(buf[r + 1]) << 4 | octets::hex_value(buf[r + 2]);
            r += 3;
        } else {
            buf[w] = buf[r];
            r += 1;
        }
        w += 1;
    }
    buf.truncate(w);
}
