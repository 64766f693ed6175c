//! Hyvätti robots (H1–H7, docs/rules.md) in one pass, for text without `%` and without host aliases. Then H3
//! only encodes raw octets (no triplet to decode, no invalid `%` to guard), and its triplets move
//! no delimiter, so one reading of the structure serves H4–H7. H5 lowercases the whole host text,
//! the hex digits of H3's triplets in it included.
//!
//! Declined as well: an IPv6 literal host (the tokenizer's bracket rules).

use super::{authority, plain};
use crate::url::profiles::options::Options;
use crate::url::syntax::octets::starts_with_ci;
use crate::url::syntax::octets::{self, set};
use crate::url::syntax::tokenize::scheme_len;

pub(crate) fn normalize_into(x: &[u8], opts: &Options, out: &mut Vec<u8>) -> bool {
    if !opts.host_aliases.is_empty() {
        return false;
    }
    if let Some(p) = plain::read(x) {
        // H1 cuts the fragment; nothing to strip (H2) or encode (H3); H5 lowers an http host.
        p.write_lowered(x, p.hash, !p.is_https(), out);
        return true;
    }
    if memchr::memchr(b'%', x).is_some() {
        return false;
    }
    // H1, then H2.
    let cut = &x[..memchr::memchr(b'#', x).unwrap_or(x.len())];
    let (a, z) = wrapper_bounds(cut);
    let cur = &cut[a..z];
    let scheme = scheme_len(cur).unwrap_or(0);
    let ssp = if scheme > 0 { scheme + 1 } else { 0 };
    // H5–H7 only for http with an authority; the host as the tokenizer reads it.
    let mut host = 0..0;
    let mut drop = 0..0;
    if cur[..scheme].eq_ignore_ascii_case(b"http") && cur[ssp..].starts_with(b"//") {
        let (e, h) = authority(cur, ssp + 2);
        if h.start < e && cur[h.start] == b'[' {
            return false;
        }
        if &cur[h.end..e] == b":80" {
            drop = h.end..e;
        }
        host = h;
    }

    let mut copied = 0;
    for (i, &b) in cur.iter().enumerate() {
        if !octets::is(b, set::HYV_ENCODE_RAW | set::UPPER | set::COLON) {
            continue;
        }
        let lower = i < scheme || host.contains(&i);
        if octets::is(b, set::HYV_ENCODE_RAW) {
            out.extend_from_slice(&cur[copied..i]);
            let mut enc = octets::encoded(b);
            if lower {
                enc.make_ascii_lowercase();
            }
            out.extend_from_slice(&enc);
            copied = i + 1;
        } else if lower && b.is_ascii_uppercase() {
            out.extend_from_slice(&cur[copied..i]);
            out.push(b.to_ascii_lowercase());
            copied = i + 1;
        } else if i == drop.start && !drop.is_empty() {
            out.extend_from_slice(&cur[copied..i]);
            copied = drop.end;
        }
    }
    out.extend_from_slice(&cur[copied..]);
    true
}
/// H2's greedy stripping: the kept range `a..z`.
pub(crate) fn wrapper_bounds(s: &[u8]) -> (usize, usize) {
    let mut a = 0;
    loop {
        if starts_with_ci(&s[a..], b"<URL:") {
            a += 5;
        } else if a < s.len() && matches!(s[a], b'<' | b'>' | b'"') {
            a += 1;
        } else {
            break;
        }
    }
    let mut z = s.len();
    while z > a && matches!(s[z - 1], b'<' | b'>' | b'"') {
        z -= 1;
    }
    (a, z)
}
