//! The canonicalizers' fast path: one scan that checks the input has the plain shape and splits
//! it, then the model as the shared first stage of the canonicalizer leaves it (or, for w3lib,
//! the output), without running that stage's steps one by one.
//!
//! The plain shape is where each of those steps is known to do nothing, or one simple thing
//! (lowercase the scheme and host, drop a default port, give an empty path its `/`): an http or
//! https URL with `//`, a DNS name of letters, digits and hyphens whose last label is not
//! numeric, an optional decimal port, and a path, query and fragment of printable ASCII with no
//! `%`, no `\`, none of the octets a step would encode, no dot segment, no empty segment and no
//! `;` in the path. Anything else is declined (`None`) and runs through the steps, so a step that
//! could change what a later step sees never runs here. `tests/canon_fast.rs` compares every
//! record the fast path takes with the traced run, output and diagnostics.

pub mod surt;
pub mod urlcanon;
pub mod w3lib;

use std::ops::Range;

/// Octet classes of the plain shape, one load per octet.
mod class {
    /// A letter, a digit or `-`: a host label's octets.
    pub const LDH: u8 = 1;
    /// May stand in a plain path, query or fragment (RFC 3986's unreserved and reserved
    /// octets but `%`, `[` and `]`) and is neither a delimiter of the path (`/ ? # ;`) nor a dot.
    pub const ORDINARY: u8 = 2;
}

const fn class_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if (b as u8).is_ascii_alphanumeric() {
            t[b] = class::LDH | class::ORDINARY;
        }
        b += 1;
    }
    t[b'-' as usize] |= class::LDH;
    let plain = b"-._~!$&'()*+,;=:/?#@";
    let mut i = 0;
    while i < plain.len() {
        let c = plain[i];
        if !matches!(c, b'/' | b'?' | b'#' | b';' | b'.') {
            t[c as usize] |= class::ORDINARY;
        }
        i += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

/// The first offset from `i` whose octet is not of `mask`, or `x.len()`.
#[inline]
fn skip(x: &[u8], mut i: usize, mask: u8) -> usize {
    while i < x.len() && CLASS[x[i] as usize] & mask != 0 {
        i += 1;
    }
    i
}

/// The end of a query's or a fragment's plain run from `s`: ordinary octets and `?`, `/`, `;`,
/// `.` (which the query and the fragment take as they are).
fn plain_run(x: &[u8], s: usize) -> usize {
    let mut e = s;
    loop {
        e = skip(x, e, class::ORDINARY);
        match x.get(e) {
            Some(b'?' | b'/' | b';' | b'.') => e += 1,
            _ => return e,
        }
    }
}

/// A URL of the plain shape, as ranges of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    pub scheme: Range<usize>,
    pub https: bool,
    pub host: Range<usize>,
    /// The port's digits (no leading zero, at most 65535).
    pub port: Option<Range<usize>>,
    pub path: Range<usize>,
    /// After `?`, up to `#`.
    pub query: Option<Range<usize>>,
    /// After `#` (no second `#`).
    pub fragment: Option<Range<usize>>,
}

impl Plain {
    /// Whether the port is the scheme's default (80, 443).
    pub fn default_port(&self, x: &[u8]) -> bool {
        self.port.as_ref().is_some_and(|p| {
            let want: &[u8] = if self.https { b"443" } else { b"80" };
            x[p.clone()] == *want
        })
    }
}

/// The split of `x` if it has the plain shape.
pub fn split(x: &[u8]) -> Option<Plain> {
    let n = x.iter().position(|b| !b.is_ascii_alphabetic())?;
    let https = match n {
        4 if x[..4].eq_ignore_ascii_case(b"http") => false,
        5 if x[..5].eq_ignore_ascii_case(b"https") => true,
        _ => return None,
    };
    if !x[n..].starts_with(b"://") {
        return None;
    }
    let host = host(x, n + 3)?;
    let mut i = host.end;
    let mut port = None;
    if x.get(i) == Some(&b':') {
        let s = i + 1;
        let e = s + x[s..].iter().take_while(|b| b.is_ascii_digit()).count();
        // A leading zero, an empty port or more than five digits: the references read them
        // differently (octets against numbers), so the steps decide.
        if e == s || e - s > 5 || x[s] == b'0' {
            return None;
        }
        let v = x[s..e]
            .iter()
            .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        if v > 65535 {
            return None;
        }
        port = Some(s..e);
        i = e;
    }
    match x.get(i) {
        None | Some(b'/' | b'?' | b'#') => {}
        _ => return None,
    }
    let path = i..path(x, i)?;
    i = path.end;
    let mut query = None;
    if x.get(i) == Some(&b'?') {
        let s = i + 1;
        // `?` belongs to the query, `#` ends it.
        let e = plain_run(x, s);
        query = Some(s..e);
        i = e;
    }
    let mut fragment = None;
    if x.get(i) == Some(&b'#') {
        let s = i + 1;
        let e = plain_run(x, s);
        fragment = Some(s..e);
        i = e;
    }
    (i == x.len()).then_some(Plain {
        scheme: 0..n,
        https,
        host,
        port,
        path,
        query,
        fragment,
    })
}

/// A DNS name from `s`: labels of 1 to 63 letters, digits and hyphens joined by single dots,
/// the last not starting with a digit (so no reference reads it as an IPv4 address), at most
/// 253 octets.
fn host(x: &[u8], s: usize) -> Option<Range<usize>> {
    let mut l = s;
    loop {
        let i = skip(x, l, class::LDH);
        if i == l || i - l > 63 {
            return None;
        }
        if x.get(i) != Some(&b'.') {
            if x[l].is_ascii_digit() || i - s > 253 {
                return None;
            }
            return Some(s..i);
        }
        l = i + 1;
    }
}

/// The end of the path from `s` (at `/`, `?`, `#` or the end): `/` and segments of plain
/// octets, none of them `.`, `..` or empty but the last, and no `;`.
fn path(x: &[u8], s: usize) -> Option<usize> {
    let mut i = s;
    loop {
        i = skip(x, i, class::ORDINARY);
        match x.get(i) {
            None | Some(b'?' | b'#') => return Some(i),
            Some(b'.') => i += 1,
            Some(b'/') => {
                i += 1;
                // The next segment: empty, `.` or `..` (before a delimiter or the end)?
                match x.get(i) {
                    Some(b'/') => return None,
                    Some(b'.') => {
                        let k = if x.get(i + 1) == Some(&b'.') {
                            i + 2
                        } else {
                            i + 1
                        };
                        if matches!(x.get(k), None | Some(b'/' | b'?' | b'#')) {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
            // `;` or an octet that is not plain.
            Some(_) => return None,
        }
    }
}

/// Buffers a fast path reuses from record to record: octets, and ranges of them to sort.
#[derive(Debug, Default)]
pub struct Scratch {
    pub bytes: Vec<u8>,
    pub ranges: Vec<Range<usize>>,
    pub pairs: Vec<(Range<usize>, Range<usize>)>,
    /// A path or a query being rewritten.
    pub path: Vec<u8>,
}

impl Scratch {
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.ranges.clear();
        self.pairs.clear();
    }
}

/// Append `s` with its ASCII capitals lowered.
#[inline]
fn push_lower(out: &mut Vec<u8>, s: &[u8]) {
    // One pass that the compiler vectorizes (a copy and then a lowering pass is two).
    out.extend(s.iter().map(u8::to_ascii_lowercase));
}

/// Append the labels of `host` in reverse order, joined with `,` (the SURT and SSURT hosts),
/// lowercased.
fn push_reversed_labels(out: &mut Vec<u8>, host: &[u8]) {
    // The key is as long as the host: the label at `a..b` goes to `n - b..n - a`, with the
    // `,` before it. One pass over the labels, then one lowercasing pass over the key.
    let start = out.len();
    let n = host.len();
    out.resize(start + n, b',');
    let key = &mut out[start..];
    let mut a = 0;
    for label in host.split(|&c| c == b'.') {
        let b = a + label.len();
        key[n - b..n - a].copy_from_slice(label);
        a = b + 1;
    }
    key.make_ascii_lowercase();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_shapes() {
        let p = split(b"HTTPS://Www.Example.com:8443/a/b?x=1&y#top").unwrap();
        assert!(p.https);
        assert_eq!(p.host, 8..23);
        assert_eq!(p.port, Some(24..28));
        assert_eq!(p.path, 28..32);
        assert_eq!(p.query, Some(33..38));
        assert_eq!(p.fragment, Some(39..42));
        for x in [
            &b"http://a.com"[..],
            b"http://a.com/",
            b"http://a.com?",
            b"http://a.com#",
            b"http://a-b.c0m/x/",
        ] {
            assert!(split(x).is_some(), "{x:?}");
        }
    }

    #[test]
    fn declined_shapes() {
        for x in [
            &b"ftp://a.com/"[..],
            b"http:/a.com/",
            b"http://u@a.com/",
            b"http://a.com:/",
            b"http://a.com:080/",
            b"http://a.com:65536/",
            b"http://1.2.3.4/",
            b"http://a.0x7f/",
            b"http://a..com/",
            b"http://a.com./",
            b"http://.a.com/",
            b"http://[::1]/",
            b"http://a.com/a//b",
            b"http://a.com/./b",
            b"http://a.com/a/..",
            b"http://a.com/a;b",
            b"http://a.com/%41",
            b"http://a.com/a b",
            b"http://a.com/a\\b",
            b"http://a.com/<",
            b"http://a.com/?q=\"",
            b"http://a.com/#a#b",
            b"http://a.com/\xc3\xa9",
            b" http://a.com/",
        ] {
            assert!(split(x).is_none(), "{}", String::from_utf8_lossy(x));
        }
    }
}
