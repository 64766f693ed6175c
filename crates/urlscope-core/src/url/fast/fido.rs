//! FidoURL (SPEC §3.4) in one pass, for text without `%`, whitespace, non-graphic octets or
//! `---`. Then F1–F4 and F7–F9 provably change nothing (no pause mark, no triplet but the ones F5
//! and F6 write, in uppercase and never of `+`), and F5 and F6 decide each octet from the first
//! `#` and the first `?` alone, which their encodings never move: one pass writes both.
//!
//! Declined as well: areatag schemes (F6 reads their items, which a `+` from F4 would re-split).

use super::plain;
use crate::url::syntax::octets::{self, set};
use crate::url::syntax::tokenize::{frame_bounds, has_triple_minus, is_areatag_scheme, scheme_len};

/// Octets whose presence sends the text through the steps.
const DECLINE: u32 = set::PERCENT | set::NO_GRAPHIC | set::WHITESPACE;
/// F5's octets (encoded wherever they are raw, except the fragment mark).
const UNSAFE: u32 = set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT;

pub fn normalize_into(x: &[u8], out: &mut Vec<u8>) -> bool {
    if let Some(p) = plain::read(x) {
        if p.has(plain::HYPHEN) && has_triple_minus(x) {
            return false;
        }
        // No frame, no areatag scheme; without `~`, `=`, `&` or a second `?` nothing to encode.
        if !p.has(plain::FIDO) && !p.second_qmark {
            out.extend_from_slice(x);
        } else {
            // The scheme and host hold none of F5's or F6's octets.
            let fm = (p.hash < x.len()).then_some(p.hash);
            encode(x, p.host_end, fm, out);
        }
        return true;
    }
    let summary = octets::summary(x);
    if summary & DECLINE != 0 || (summary & set::HYPHEN != 0 && has_triple_minus(x)) {
        return false;
    }
    // No '%', so no pause mark: the steps work inside the frame.
    let (a, z) = frame_bounds(x);
    let body = &x[a..z];
    let fm = memchr::memchr(b'#', body);
    let w_end = fm.unwrap_or(body.len());
    if scheme_len(&body[..w_end]).is_some_and(|n| is_areatag_scheme(&body[..n])) {
        return false;
    }

    out.extend_from_slice(&x[..a]);
    encode(body, 0, fm, out);
    out.extend_from_slice(&x[z..]);
    true
}

/// F5 and F6 over `body`, whose fragment mark is `fm`: each octet they encode as its triplet.
/// `body[..from]` is copied as it is (it holds no `?`).
fn encode(body: &[u8], from: usize, fm: Option<usize>, out: &mut Vec<u8>) {
    let w_end = fm.unwrap_or(body.len());
    let mut query_mark = None;
    let mut seen_eq_in_pair = false;
    let mut copied = 0;
    for (i, &b) in body.iter().enumerate().skip(from) {
        if !octets::is(b, UNSAFE | set::QMARK | set::EQUALS | set::AMP) {
            continue;
        }
        let encode = if octets::is(b, UNSAFE) {
            // F5.
            fm != Some(i)
        } else if i >= w_end {
            false
        } else {
            // F6 in the URL proper; its query starts after the first '?'.
            match (b, query_mark.is_some()) {
                (b'?', false) => {
                    query_mark = Some(i);
                    false
                }
                (b'&', true) => {
                    seen_eq_in_pair = false;
                    false
                }
                (b'=', true) => std::mem::replace(&mut seen_eq_in_pair, true),
                _ => true,
            }
        };
        if encode {
            out.extend_from_slice(&body[copied..i]);
            out.extend_from_slice(&octets::encoded(b));
            copied = i + 1;
        }
    }
    out.extend_from_slice(&body[copied..]);
}
