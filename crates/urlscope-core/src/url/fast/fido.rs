//! FidoURL (F1–F9, docs/rules.md) in one pass, for text without whitespace, non-graphic octets or `---`,
//! whose every `%` begins a triplet inside the frame after a scheme. Then F1 and F3 change
//! nothing (no pause mark, nothing non-graphic); F2, F4 and F9 rewrite each triplet on its own
//! (decoded, `+` for `%20` before the fragment, else uppercased), and what they write is no octet
//! F5, F6 or F8 act on (a decoded `-` is declined); F5 and F6 decide each raw octet from the first
//! `#` and the first `?` alone, which no edit moves: one pass writes them all.
//!
//! Declined as well: areatag schemes (F6 reads their items, which a `+` from F4 would re-split),
//! and an invalid `%` (F2 and F5 read it with the octets around it).

use super::plain::{self, Plain, equal_bytes};
use crate::url::syntax::octets::{self, set};
use crate::url::syntax::tokenize::{frame_bounds, has_triple_minus, is_areatag_scheme, scheme_len};

/// Octets whose presence sends the text through the steps.
const DECLINE: u32 = set::NO_GRAPHIC | set::WHITESPACE;
/// F5's octets (encoded wherever they are raw, except the fragment mark).
const UNSAFE: u32 = set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT;

pub(crate) fn normalize_into(x: &[u8], out: &mut Vec<u8>) -> bool {
    if let Some(p) = plain::read(x) {
        // A run of hyphens lies in the host or after it (the scheme holds none and a `/`, `?`
        // or `#` parts them): only a part that holds a hyphen is read again.
        let h0 = p.scheme + 3;
        if (p.host & plain::HYPHEN != 0 && plain::has_three(&x[h0..p.host_end], b'-'))
            || (p.rest & plain::HYPHEN != 0 && plain::has_three(&x[p.host_end..], b'-'))
        {
            return false;
        }
        // No frame, no areatag scheme; without `~`, `=`, `&` or a second `?` nothing to encode.
        if p.second_qmark {
            // The scheme and host hold none of F5's or F6's octets.
            let fm = (p.hash < x.len()).then_some(p.hash);
            let taken = encode(x, p.host_end, fm, out);
            debug_assert!(taken, "the shape holds no `%`");
        } else if p.has(plain::FIDO) {
            encode_plain(x, &p, out);
        } else {
            out.extend_from_slice(x);
        }
        return true;
    }
    let summary = octets::summary(x);
    if summary & DECLINE != 0 || (summary & set::HYPHEN != 0 && has_triple_minus(x)) {
        return false;
    }
    // No pause mark (every `%` is checked to begin a triplet): the steps work inside the frame.
    let (a, z) = frame_bounds(x);
    let body = &x[a..z];
    let fm = memchr::memchr(b'#', body);
    let w_end = fm.unwrap_or(body.len());
    let scheme = scheme_len(&body[..w_end]);
    if scheme.is_some_and(|n| is_areatag_scheme(&body[..n])) {
        return false;
    }
    // A triplet is read as F2 and F4 read it only in the scheme-specific part of the body (a
    // text without a scheme is tokenized again once F2 has decoded).
    if summary & set::PERCENT != 0
        && (scheme.is_none()
            || memchr::memchr(b'%', &x[..a]).is_some()
            || memchr::memchr(b'%', &x[z..]).is_some())
    {
        return false;
    }

    let start = out.len();
    out.extend_from_slice(&x[..a]);
    if !encode(body, 0, fm, out) {
        out.truncate(start);
        return false;
    }
    out.extend_from_slice(&x[z..]);
    true
}

/// F5 and F6 on the plain shape `p` without a second `?`: `~` is encoded wherever it is, `=`
/// and `&` in the path, and in the query each `=` after its pair's first. Only `~`, `=` and
/// `&` can change, so they are found eight octets a word and only they are looked at: the
/// octet-by-octet pass ([`encode`]) took a branch on every `?`, `=` and `&` it met.
fn encode_plain(x: &[u8], p: &Plain, out: &mut Vec<u8>) {
    let (mut copied, mut eq_in_pair) = (0, false);
    let mut i = p.host_end;
    while i < x.len() {
        // Past the last full word, the last eight octets with those already read masked off.
        let (w, skip) = match x[i..].first_chunk::<8>() {
            Some(c) => (u64::from_le_bytes(*c), 0),
            None => {
                let c = x.last_chunk::<8>().expect("the shape holds eight octets");
                (u64::from_le_bytes(*c), 8 - (x.len() - i))
            }
        };
        let base = i - skip;
        let mut found = (equal_bytes(w, b'~') | equal_bytes(w, b'=') | equal_bytes(w, b'&'))
            >> (8 * skip)
            << (8 * skip);
        while found != 0 {
            let at = base + found.trailing_zeros() as usize / 8;
            found &= found - 1;
            let b = x[at];
            let encode = b == b'~'
                || at < p.path_end
                || (at < p.hash
                    && if b == b'&' {
                        eq_in_pair = false;
                        false
                    } else {
                        std::mem::replace(&mut eq_in_pair, true)
                    });
            if encode {
                out.extend_from_slice(&x[copied..at]);
                out.extend_from_slice(&octets::encoded(b));
                copied = at + 1;
            }
        }
        i += 8;
    }
    out.extend_from_slice(&x[copied..]);
}

/// F5 and F6 over `body`, whose fragment mark is `fm`: each octet they encode as its triplet;
/// and F2, F4 and F9 on each triplet. `body[..from]` is copied as it is (it holds no `?` and no
/// `%`). `false` for an invalid `%` or a triplet that F2 decodes to `-` (F8 would count it), with
/// part of the body appended.
fn encode(body: &[u8], from: usize, fm: Option<usize>, out: &mut Vec<u8>) -> bool {
    let w_end = fm.unwrap_or(body.len());
    let mut query_mark = None;
    let mut seen_eq_in_pair = false;
    let mut copied = 0;
    let mut next = from;
    while next < body.len() {
        let (i, b) = (next, body[next]);
        next += 1;
        if !octets::is(b, UNSAFE | set::QMARK | set::EQUALS | set::AMP) {
            continue;
        }
        if b == b'%' {
            if !octets::triplet_at(body, i) {
                return false;
            }
            let v = octets::hex_value(body[i + 1]) << 4 | octets::hex_value(body[i + 2]);
            let in_w = i < w_end;
            if in_w && v == b'-' {
                return false;
            }
            out.extend_from_slice(&body[copied..i]);
            if in_w && octets::fido_decodable(v) {
                // F2.
                out.push(v);
            } else if in_w && v == b' ' {
                // F4.
                out.push(b'+');
            } else {
                // F9.
                out.extend_from_slice(&octets::encoded(v));
            }
            copied = i + 3;
            next = i + 3;
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
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_pass_encodes_the_plain_shape_as_the_octet_pass_does() {
        let heads: [&[u8]; 3] = [b"http://a", b"HTTPS://Www.Example.com", b"http://abcdefg"];
        let pieces: [&[u8]; 12] = [
            b"/", b"~", b"=", b"&", b"?", b"#", b"a", b"bc", b"x=1", b"&y=2=3", b"/p~q", b"defghij",
        ];
        let mut seen = 0;
        for head in heads {
            // Every sequence of up to four pieces after the host.
            let mut tails: Vec<Vec<u8>> = vec![Vec::new()];
            for _ in 0..4 {
                let longer: Vec<Vec<u8>> = tails
                    .iter()
                    .flat_map(|t| pieces.iter().map(move |p| [&t[..], p].concat()))
                    .collect();
                tails.extend(longer);
                tails.sort();
                tails.dedup();
            }
            for tail in &tails {
                let x = [head, &tail[..]].concat();
                let Some(p) = plain::read(&x) else { continue };
                if p.second_qmark {
                    continue;
                }
                seen += 1;
                let fm = (p.hash < x.len()).then_some(p.hash);
                let (mut want, mut got) = (Vec::new(), Vec::new());
                encode(&x, p.host_end, fm, &mut want);
                encode_plain(&x, &p, &mut got);
                assert_eq!(got, want, "{:?}", String::from_utf8_lossy(&x));
            }
        }
        assert!(seen > 10_000, "{seen} plain inputs");
    }
}
