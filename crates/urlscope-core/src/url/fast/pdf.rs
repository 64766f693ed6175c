//! PDF Web Capture (P1–P8, docs/rules.md) in one pass. Lowercasing the scheme and host and cutting the
//! fragment, `localhost` or a default port never move a delimiter, so one reading of the structure
//! serves P1–P7; P8 then rewrites the result in place.
//!
//! Declined: a relative URL with a base (P1 resolves it), areatag and `netmail` schemes (their
//! own structure), an IPv6 literal host, and a path with a dot segment (P7's authority guard).

use super::{authority, decode_in_place, encode_in_place, path, plain, push_lower};
use crate::url::profiles::options::{Options, PdfState};
use crate::url::syntax::diag;
use crate::url::syntax::diag::Diag;
use crate::url::syntax::octets::set;
use crate::url::syntax::tokenize::{frame_bounds, is_areatag_scheme, scheme_len};

pub(crate) fn normalize_into(
    x: &[u8],
    opts: &Options,
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) -> bool {
    // P8 has nothing to decode in the plain shape, but would encode its `~` and `#` raw.
    if opts.pdf_state != PdfState::Unencoded
        && let Some(p) = plain::read(x)
    {
        // P2 cuts the fragment; no port to cut, no `localhost` (not `file`).
        p.write_lowered(x, p.hash, true, out);
        if p.is_https() {
            flags.push(diag::W_PDF_SCHEME);
        }
        return true;
    }
    let (a, z) = frame_bounds(x);
    let body = &x[a..z];
    // A '#' ends a scheme as any other non-scheme octet: P1 reads the same with or without P2.
    let scheme = scheme_len(body).map(|n| &body[..n]);
    match scheme {
        None if opts.base().is_some() => return false,
        Some(s) if is_areatag_scheme(s) || s.eq_ignore_ascii_case(b"netmail") => return false,
        _ => {}
    }
    let ssp = scheme.map_or(0, |s| s.len() + 1);
    let mut path_start = ssp;
    let mut host = None;
    let mut port = None;
    if body[ssp..].starts_with(b"//") {
        let (e, h) = authority(body, ssp + 2);
        if h.start < e && body[h.start] == b'[' {
            return false;
        }
        port = (h.end < e).then_some(h.end + 1..e);
        host = Some(h);
        path_start = e;
    }
    let (path_end, dots) = path(body, path_start, true);
    if dots {
        return false;
    }
    // P2 cuts the fragment; the query before it stays.
    let hash = match body.get(path_end) {
        Some(b'?') => memchr::memchr(b'#', &body[path_end..]).map_or(body.len(), |k| path_end + k),
        _ => path_end,
    };
    let cur = &body[..hash];

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
/// Is `port` (all digits) numerically equal to `default`? Leading zeros are ignored, so there is
/// no integer to overflow.
pub(crate) fn port_equals(port: &[u8], default: &[u8]) -> bool {
    let digits = &port[port.iter().take_while(|&&b| b == b'0').count()..];
    digits == default
}
