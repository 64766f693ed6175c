//! Where each diagnostic lies in the input: the octets a diagnostic is about (every run of
//! controls, every invalid `%`, the port, …), and the `..` segments above the root.

use std::ops::Range;

use super::edge_whitespace;
use crate::url::syntax::diag::{self, Diag};
use crate::url::syntax::octets;
use crate::url::syntax::tokenize::Parsed;

/// Runs of octets satisfying `pred`, as ranges.
fn runs(x: &[u8], pred: impl Fn(u8) -> bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < x.len() {
        if pred(x[i]) {
            let s = i;
            while i < x.len() && pred(x[i]) {
                i += 1;
            }
            out.push(s..i);
        } else {
            i += 1;
        }
    }
    out
}

fn at_octets(x: &[u8], r: Range<usize>, b: u8) -> Vec<Range<usize>> {
    (r.clone())
        .filter(|&i| x[i] == b)
        .map(|i| i..i + 1)
        .collect()
}

fn whole(r: &Option<Range<usize>>) -> Vec<Range<usize>> {
    r.iter().cloned().collect()
}

/// Where a diagnostic (tokenizer or profile) applies; empty when it has no place in the input.
pub(super) fn places(id: Diag, x: &[u8], p: &Parsed) -> Vec<Range<usize>> {
    let body = p.body.clone();
    match id {
        diag::W_NO_SCHEME => std::iter::once(body.start..body.start).collect(),
        diag::W_SCHEME_LOOKS_LIKE_HOST | diag::W_PDF_SCHEME | diag::W_FIDO_SCHEME_TRIPLE_MINUS => {
            whole(&p.scheme)
        }
        diag::W_EMPTY_HOST
        | diag::W_IPV6
        | diag::W_IPV6_UNTERMINATED
        | diag::W_HOST_JUNK
        | diag::E_WHATWG_EMPTY_HOST
        | diag::E_WHATWG_IDNA
        | diag::E_WHATWG_INVALID_IPV4
        | diag::E_WHATWG_INVALID_IPV6
        | diag::E_WHATWG_INVALID_DOMAIN_CHARACTER => whole(&p.host),
        diag::W_BAD_PORT
        | diag::W_EMPTY_PORT
        | diag::E_RFC3986_PORT
        | diag::E_WHATWG_INVALID_PORT => whole(&p.port),
        // The `whatwg` profile's failures: the host's or the port's, by the error that failed.
        d if d.whatwg_error().is_some_and(|e| {
            matches!(
                e,
                crate::whatwg::ValidationError::PortInvalid
                    | crate::whatwg::ValidationError::PortOutOfRange
            )
        }) =>
        {
            whole(&p.port)
        }
        d if d.whatwg_error().is_some_and(|e| {
            !matches!(
                e,
                crate::whatwg::ValidationError::MissingSchemeNonRelativeUrl
            )
        }) =>
        {
            whole(&p.host)
        }
        diag::W_AT_IN_USERINFO => {
            let end = p
                .host
                .as_ref()
                .map_or(body.start, |h| h.start)
                .saturating_sub(1);
            let start = p.user.as_ref().map_or(end, |u| u.start);
            at_octets(x, start..end, b'@')
        }
        diag::W_COLON_IN_PASSWORD => p
            .password
            .clone()
            .map_or_else(Vec::new, |r| at_octets(x, r, b':')),
        diag::W_MULTI_QUESTION => p
            .query
            .clone()
            .map_or_else(Vec::new, |r| at_octets(x, r, b'?')),
        diag::W_MULTI_HASH => p
            .fragment
            .clone()
            .map_or_else(Vec::new, |r| at_octets(x, r, b'#')),
        diag::W_INVALID_PERCENT => memchr::memchr_iter(b'%', x)
            .filter(|&i| !octets::triplet_at(x, i))
            .map(|i| i..i + 1)
            .collect(),
        diag::W_NON_ASCII => runs(x, |b| b >= 0x80),
        diag::W_CONTROL => runs(x, |b| b < 0x20 || b == 0x7f),
        diag::W_EDGE_WHITESPACE => edge_whitespace(x).into_iter().collect(),
        diag::W_TRIPLE_MINUS => {
            let from = p
                .scheme
                .as_ref()
                .map_or(body.start, |s| s.end + 1)
                .min(x.len());
            runs(&x[from..], |b| b == b'-')
                .into_iter()
                .filter(|r| r.len() >= 3)
                .map(|r| r.start + from..r.end + from)
                .collect()
        }
        diag::W_INVALID_UTF8 => invalid_utf8(x),
        diag::E_FIDO_PAUSE_WITHOUT_LINE_BREAK | diag::E_FIDO_NO_RESUME => {
            memchr::memmem::find(x, b"%%")
                .map(|i| i..i + 2)
                .into_iter()
                .collect()
        }
        _ => Vec::new(),
    }
}

fn invalid_utf8(x: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < x.len() {
        match std::str::from_utf8(&x[i..]) {
            Ok(_) => break,
            Err(e) => {
                let s = i + e.valid_up_to();
                let n = e.error_len().unwrap_or(x.len() - s);
                out.push(s..s + n);
                i = s + n;
            }
        }
    }
    out
}

/// `..` path segments (also `%2e` spelled) that go above the root of an absolute path.
pub(super) fn dots_above_root(x: &[u8], p: &Parsed) -> Vec<Range<usize>> {
    let path = &x[p.path.clone()];
    // A relative path climbs from the base's directory: that is what `..` is for there.
    if !path.starts_with(b"/") {
        return Vec::new();
    }
    let is_dot = |s: &[u8], i: usize| -> Option<usize> {
        if s.get(i) == Some(&b'.') {
            Some(1)
        } else if s.len() >= i + 3 && s[i..i + 3].eq_ignore_ascii_case(b"%2e") {
            Some(3)
        } else {
            None
        }
    };
    let mut depth = 0usize;
    let mut out = Vec::new();
    for seg in &p.segments {
        let s = &x[seg.name.clone()];
        let one = is_dot(s, 0);
        let two = one.and_then(|n| is_dot(s, n).map(|m| n + m));
        if two == Some(s.len()) {
            if depth == 0 {
                out.push(seg.name.clone());
            }
            depth = depth.saturating_sub(1);
        } else if one != Some(s.len()) {
            depth += 1;
        }
    }
    out
}
