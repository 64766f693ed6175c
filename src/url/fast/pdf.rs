//! PDF Web Capture (SPEC §3.3) in one pass. Lowercasing the scheme and host and cutting the
//! fragment, `localhost` or a default port never move a delimiter, so one reading of the structure
//! serves P1–P7; P8 then rewrites the result in place.
//!
//! Declined: a relative URL with a base (P1 resolves it), areatag and `netmail` schemes (their
//! own structure), an IPv6 literal host, and a path with a dot segment (P7's authority guard).

use super::{decode_in_place, delim, encode_in_place, find, push_lower, rfind};
use crate::url::diag;
use crate::url::dots::has_dot_segment;
use crate::url::octets::set;
use crate::url::profiles::pdf::port_equals;
use crate::url::profiles::{Options, PdfState};
use crate::url::tokenize::{frame_bounds, is_areatag_scheme, scheme_len};

pub fn normalize_into(
    x: &[u8],
    opts: &Options,
    out: &mut Vec<u8>,
    flags: &mut Vec<&'static str>,
) -> bool {
    let (a, z) = frame_bounds(x);
    let body = &x[a..z];
    // P2 cuts the fragment, and nothing before P2 looks past the first '#'.
    let cur = &body[..memchr::memchr(b'#', body).unwrap_or(body.len())];
    let scheme = scheme_len(cur).map(|n| &cur[..n]);
    match scheme {
        None if opts.base().is_some() => return false,
        Some(s) if is_areatag_scheme(s) || s.eq_ignore_ascii_case(b"netmail") => return false,
        _ => {}
    }
    let ssp = scheme.map_or(0, |s| s.len() + 1);

    // The tokenizer's authority (T3/T4): the host runs from after the last '@' to the first ':'.
    let mut path_start = ssp;
    let mut host = None;
    let mut port = None;
    if cur[ssp..].starts_with(b"//") {
        let s = ssp + 2;
        let e = find(cur, s, delim::SLASH | delim::QMARK);
        let hp = rfind(cur, s..e, delim::AT).map_or(s, |at| at + 1);
        if hp < e && cur[hp] == b'[' {
            return false;
        }
        let c = find(&cur[..e], hp, delim::COLON);
        host = Some(hp..c);
        port = (c < e).then_some(c + 1..e);
        path_start = e;
    }
    // T6: the path ends at the '?', or at the first ';' of its last segment.
    let q = find(cur, path_start, delim::QMARK);
    let last = rfind(cur, path_start..q, delim::SLASH).map_or(path_start, |i| i + 1);
    let path_end = find(&cur[..q], last, delim::SEMI);
    if has_dot_segment(&cur[path_start..path_end]) {
        return false;
    }

    let is = |s: Option<&[u8]>, name: &[u8]| s.is_some_and(|s| s.eq_ignore_ascii_case(name));
    let file = is(scheme, b"file");
    let default_port: Option<&[u8]> = if is(scheme, b"http") {
        Some(b"80")
    } else if is(scheme, b"ftp") {
        Some(b"21")
    } else {
        None
    };
    let strip_host = file
        && host
            .as_ref()
            .is_some_and(|h| cur[h.clone()].eq_ignore_ascii_case(b"localhost"));
    let strip_port = match (&port, default_port) {
        (Some(p), Some(d)) => {
            let digits = &cur[p.clone()];
            !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) && port_equals(digits, d)
        }
        _ => false,
    };

    out.extend_from_slice(&x[..a]);
    let start = out.len();
    let mut pos = 0;
    if let Some(s) = scheme {
        push_lower(out, s);
        pos = s.len();
    }
    if let Some(h) = host {
        out.extend_from_slice(&cur[pos..h.start]);
        if !strip_host {
            push_lower(out, &cur[h.clone()]);
        }
        pos = h.end;
        if strip_port {
            pos = path_start;
        }
    }
    out.extend_from_slice(&cur[pos..]);
    match opts.pdf_state {
        PdfState::EncodedOnce => {}
        // Triplets are not recognised in this state: every octet is raw.
        PdfState::Unencoded => encode_in_place(out, start, set::NO_GRAPHIC | set::R1738_UNSAFE),
        PdfState::EncodedTwice => decode_in_place(out, start),
    }
    out.extend_from_slice(&x[z..]);

    match scheme {
        None => flags.push(diag::W_PDF_NO_BASE),
        Some(_) if !file && default_port.is_none() => flags.push(diag::W_PDF_SCHEME),
        Some(_) => {}
    }
    true
}
