//! w3lib's `canonicalize_url` on its plain shape, read a word at a time and written in one pass.
//!
//! The shape is `http` or `https` (any case) and `//`, a non-empty host of printable ASCII but
//! `@ [ ] % \` (w3lib writes a host as it reads it, lowercased: it reads no labels, numbers or
//! IPv4 forms), an optional port of digits (written as a number), then a path and a query of
//! printable ASCII and spaces but `%` and `\`, with no dot segment (whole or before a `;`), not
//! ending in a space, and a fragment.
//!
//! On it the safe split changes nothing but the case of the scheme and the host and the port's
//! leading zeros, and quotes a path's `"<>{}^` `` ` `` and spaces (which the canonical stage
//! decodes and quotes again: the path is quoted once with the canonical set, which keeps `|[]`;
//! a last segment with `;params`, which keep the safe stage's quoting, is left to the steps where
//! the path has any of them). The canonical stage then sorts and re-encodes the query (the safe
//! stage's quoting of it is undone by `parse_qsl`; a space and a `+` both read as a space),
//! gives an empty path its `/`, and keeps the fragment only if asked: unless it is kept, nothing
//! after the `#` changes the output, so it is not read. Nothing else applies: no `%` to decode,
//! no dot segment, no IPv6 host, no userinfo; the last segment's `;params` are cut off and
//! written back unchanged (but for empty ones, which lose their `;`: a path ending in `;` is
//! left to the steps).

use std::cell::RefCell;
use std::io::Write;
use std::ops::Range;

use crate::canon::options::W3libOptions;
use crate::canon::pct::push_encoded;
use crate::canon::w3lib::{PATH_SAFE, PATH_SAFEST, SPECIAL_QUERY_SAFEST, UNRESERVED};
use crate::url::fast::plain::{host_run, rest_run};

/// Octet classes of the shape, one load per octet.
mod class {
    pub(super) const SLASH: u8 = 1;
    /// Not written as it is read in a host: whitespace, controls, non-ASCII, and `@ [ ] % \`
    /// (userinfo, an IPv6 address, escapes, a backslash read as `/`).
    pub(super) const NOT_HOST: u8 = 2;
    pub(super) const UPPER: u8 = 4;
    /// Never before the fragment: controls, non-ASCII, `%` (decoded by the steps) and `\` (read
    /// as `/`).
    pub(super) const REJECT: u8 = 8;
    /// Quoted in a path (a space and `"<>{}^` `` ` ``), or kept in a path but quoted in its
    /// `;params` (`|[]`).
    pub(super) const QUOTE: u8 = 16;
    pub(super) const QMARK: u8 = 32;
    pub(super) const HASH: u8 = 64;
    /// A port follows (in the host).
    pub(super) const COLON: u8 = 128;
}

const fn class_table() -> [u8; 256] {
    use class::*;
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut f = 0;
        if c <= 0x20 || c >= 0x7f || matches!(c, b'@' | b'[' | b']' | b'%' | b'\\') {
            f |= NOT_HOST;
        }
        if c < 0x20 || c >= 0x7f || matches!(c, b'%' | b'\\') {
            f |= REJECT;
        }
        if matches!(
            c,
            b' ' | b'"' | b'<' | b'>' | b'{' | b'}' | b'^' | b'`' | b'|' | b'[' | b']'
        ) {
            f |= QUOTE;
        }
        f |= match c {
            b'A'..=b'Z' => UPPER,
            b'/' => SLASH,
            b'?' => QMARK,
            b'#' => HASH,
            b':' => COLON,
            _ => 0,
        };
        t[b] = f;
        b += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

/// Where a record of the shape has its parts.
struct Shape {
    /// The scheme or the host has capitals.
    upper: bool,
    /// The end of the host and its port.
    host_end: usize,
    /// The port's `:` and its number.
    port: Option<(usize, u32)>,
    /// The path is `host_end..path_end`, the query (after its `?`) `path_end + 1..end`.
    path_end: usize,
    /// The fragment's `#`, or the length.
    end: usize,
    /// The path holds octets w3lib quotes.
    quote_path: bool,
}

/// The scheme: the host's start and whether the scheme has capitals, or `None` if `x` does
/// not start with `http://` or `https://` in any case.
#[inline(always)]
fn scheme(x: &[u8]) -> Option<(usize, bool)> {
    // The first eight octets as one word: setting the letters' case bit (0x20, which no other
    // octet maps onto `h`, `t`, `p` or `s`) compares the scheme in any case at once.
    let w = u64::from_le_bytes(*x.first_chunk::<8>()?);
    let (scheme, case) = if (w | 0x2020_2020) << 8 == u64::from_le_bytes(*b"\0http://") {
        (4, 0x2020_2020)
    } else if w | 0x20_2020_2020 == u64::from_le_bytes(*b"https://") {
        (5, 0x20_2020_2020)
    } else {
        return None;
    };
    Some((scheme + 3, w & case != case))
}

/// What the quick run needs of two octets in a row, one load for both: the first one's class
/// (anything that sends the record to the full reading is one bit) and whether they are `/.`.
mod pair {
    /// A port, query, fragment, octet to quote or refuse: read the record in full.
    pub(super) const FULL: u8 = 1;
    pub(super) const UPPER: u8 = 2;
    pub(super) const SLASH: u8 = 4;
    /// `/` then `.`: a dot segment may start here.
    pub(super) const SLASH_DOT: u8 = 8;
}

/// `PAIR[a | b << 8]` for the octets `a`, `b` in a row (a little-endian `u16` read).
const fn pair_table() -> [u8; 65536] {
    use class::*;
    let class = class_table();
    let mut t = [0u8; 65536];
    let mut i = 0usize;
    while i < 65536 {
        let (a, b) = (i & 0xff, i >> 8);
        let c = class[a];
        let mut f = 0;
        if c & (NOT_HOST | REJECT | QUOTE | QMARK | HASH | COLON) != 0 {
            f |= pair::FULL;
        }
        if c & UPPER != 0 {
            f |= pair::UPPER;
        }
        if c & SLASH != 0 {
            f |= pair::SLASH;
            if b == b'.' as usize {
                f |= pair::SLASH_DOT;
            }
        }
        t[i] = f;
        i += 1;
    }
    t
}

static PAIR: [u8; 65536] = pair_table();

/// The union of the `PAIR` entries of the octets of `x` from `from` (`x` holds at least eight
/// octets from there), each read with the octet after it: eight pairs a word, the last eight
/// octets as the last word, whose last octet has no octet after it and is read alone.
#[inline(always)]
fn pair_run(x: &[u8], from: usize) -> u8 {
    let mut acc = 0;
    let mut i = from;
    let at = |c: &[u8], k: usize| PAIR[usize::from(u16::from_le_bytes([c[k], c[k + 1]]))];
    while let Some(c) = x[i..].first_chunk::<9>() {
        acc |= at(c, 0) | at(c, 1) | at(c, 2) | at(c, 3);
        acc |= at(c, 4) | at(c, 5) | at(c, 6) | at(c, 7);
        i += 8;
    }
    let c = x.last_chunk::<8>().expect("eight octets");
    acc |= at(c, 0) | at(c, 1) | at(c, 2) | at(c, 3);
    acc |= at(c, 4) | at(c, 5) | at(c, 6) | PAIR[usize::from(c[7])];
    acc
}

/// The commonest records, read in one run of words from the host on: at least eight octets
/// after `//`, and no port, query, fragment, dot segment, octet to quote or refuse, or `;` at
/// the end. Their answer is the record with the scheme and the host lowercased, and a `/` if
/// there is no path. `false` (nothing written): read the record in full.
#[inline(always)]
fn quick(x: &[u8], h0: usize, scheme_upper: bool, out: &mut Vec<u8>) -> bool {
    // With eight octets after `//`, every word of the run lies after it.
    if x.len() < h0 + 8 || x[h0] == b'/' {
        return false;
    }
    let classes = pair_run(x, h0);
    if classes & (pair::FULL | pair::SLASH_DOT) != 0 || x.last() == Some(&b';') {
        return false;
    }
    let at = out.len();
    out.extend_from_slice(x);
    if scheme_upper || classes & pair::UPPER != 0 {
        let host_end = memchr::memchr(b'/', &x[h0..]).map_or(x.len(), |k| h0 + k);
        out[at..at + host_end].make_ascii_lowercase();
    }
    if classes & pair::SLASH == 0 {
        out.push(b'/');
    }
    true
}

/// Read `x` (whose host starts at `h0`) as the shape, or `None`.
fn read(x: &[u8], h0: usize, scheme_upper: bool, keep_fragments: bool) -> Option<Shape> {
    use class::*;
    let (host_end, host) = host_run(x, h0, &CLASS, class::SLASH | class::QMARK | class::HASH);
    if host_end == h0 || host & NOT_HOST != 0 {
        return None;
    }
    let port = match host & COLON {
        0 => None,
        _ => Some(port(x, h0, host_end)?),
    };
    // The last word may reach back into the host or the scheme: their octets add no `REJECT`,
    // `QMARK` or `HASH`, and at worst a `QUOTE` or a `/.` that the exact tests then clear.
    let (mut rest, mut slash_dot) = rest_run(x, host_end, &CLASS);
    let mut end = x.len();
    if rest & HASH != 0 {
        end = memchr::memchr(b'#', &x[host_end..]).map_or(end, |k| host_end + k);
        let before = &x[host_end..end];
        rest = before.iter().fold(0, |m, &b| m | CLASS[b as usize]);
        slash_dot = before.windows(2).any(|w| w == b"/.");
        let fragment = x.get(end + 1..).unwrap_or_default();
        if keep_fragments && !fragment.iter().all(|&b| PATH_SAFEST.has(b)) {
            return None;
        }
    } else if x.last() == Some(&b' ') {
        // w3lib strips it.
        return None;
    }
    if rest & REJECT != 0 {
        return None;
    }
    let path_end = match rest & QMARK {
        0 => end,
        _ => memchr::memchr(b'?', &x[host_end..end]).map_or(end, |k| host_end + k),
    };
    let path = &x[host_end..path_end];
    // A dot segment, or empty `;params` (w3lib drops them with their `;`).
    if slash_dot && has_dot_segment(path) || path.last() == Some(&b';') {
        return None;
    }
    let quote_path = rest & QUOTE != 0 && quotes_path(path)?;
    Some(Shape {
        upper: scheme_upper || host & UPPER != 0,
        host_end,
        port,
        path_end,
        end,
        quote_path,
    })
}

/// The port after the host's first `:` as `_safe_url_split` reads it (digits, leading zeros
/// dropped, at most 65535): the `:`'s offset and the number; `None` for anything else (w3lib
/// raises, or drops an empty port with its `:`) and for an empty host.
#[cold]
fn port(x: &[u8], h0: usize, host_end: usize) -> Option<(usize, u32)> {
    let colon = h0 + memchr::memchr(b':', &x[h0..host_end])?;
    let digits = &x[colon + 1..host_end];
    if colon == h0 || digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let significant = &digits[digits.iter().take_while(|&&d| d == b'0').count()..];
    if significant.len() > 5 {
        return None;
    }
    let v = significant
        .iter()
        .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    (v <= 65535).then_some((colon, v))
}

/// Does a segment of `path` read `.` or `..`, whole or before a `;`? (w3lib cuts `;params`
/// off the last segment only, so this may say yes where it would not; the steps then decide.)
#[cold]
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&b| b == b'/').any(|seg| {
        let name = seg.split(|&b| b == b';').next().unwrap_or_default();
        matches!(name, b"." | b"..")
    })
}

/// Whether `path` holds an octet w3lib quotes; `None` where it does and the last segment has
/// `;params` (they keep the safe stage's quoting, which differs for `|[]`).
#[cold]
fn quotes_path(path: &[u8]) -> Option<bool> {
    if !path.iter().any(|&b| CLASS[b as usize] & class::QUOTE != 0) {
        return Some(false);
    }
    let last = path
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(path, |k| &path[k + 1..]);
    (!last.contains(&b';')).then_some(true)
}

/// A query's (key, value) pairs as ranges of it, kept from record to record.
type Pairs = Vec<(Range<usize>, Range<usize>)>;

thread_local! {
    static PAIRS: RefCell<Pairs> = const { RefCell::new(Vec::new()) };
}

/// w3lib of `x` into `out` if `x` has the shape; `false` (nothing written) for any other shape
/// and for options the fast path leaves to the steps (an encoding other than UTF-8, a query
/// separator the safe stage would quote). What it writes is printable ASCII: the shape's
/// spaces are written as `%20` or `+`.
pub(crate) fn run(x: &[u8], opts: &W3libOptions, out: &mut Vec<u8>) -> bool {
    let sep = opts.query_separator;
    if opts.encoding.is_some() || !SPECIAL_QUERY_SAFEST.has(sep) || sep == b'%' {
        return false;
    }
    let Some((h0, scheme_upper)) = scheme(x) else {
        return false;
    };
    if quick(x, h0, scheme_upper, out) {
        return true;
    }
    let Some(s) = read(x, h0, scheme_upper, opts.keep_fragments) else {
        return false;
    };
    write(x, &s, opts, out);
    true
}

/// The answer for a record of the shape.
fn write(x: &[u8], s: &Shape, opts: &W3libOptions, out: &mut Vec<u8>) {
    let at = out.len();
    let head = s.port.map_or(s.host_end, |(colon, _)| colon);
    if s.port.is_none() && !s.quote_path {
        // The scheme, `://`, the host and the path follow one another unchanged.
        out.extend_from_slice(&x[..s.path_end]);
    } else {
        out.extend_from_slice(&x[..head]);
        if let Some((_, v)) = s.port {
            write!(out, ":{v}").expect("a Vec takes every write");
        }
        let path = &x[s.host_end..s.path_end];
        if s.quote_path {
            quote(path, out);
        } else {
            out.extend_from_slice(path);
        }
    }
    if s.upper {
        out[at..at + head].make_ascii_lowercase();
    }
    if s.path_end == s.host_end {
        out.push(b'/');
    }
    if s.path_end < s.end {
        let q = &x[s.path_end + 1..s.end];
        PAIRS.with_borrow_mut(|pairs| query(q, opts, pairs, out));
    }
    if opts.keep_fragments && s.end + 1 < x.len() {
        out.extend_from_slice(&x[s.end..]);
    }
}

/// The path quoted with the canonical path's safe set.
#[cold]
fn quote(path: &[u8], out: &mut Vec<u8>) {
    for &b in path {
        if PATH_SAFE.has(b) {
            out.push(b);
        } else {
            push_encoded(out, b);
        }
    }
}

/// The query as `parse_qsl`, `sort` and `urlencode` leave it, `?` included unless it is empty.
/// A query of the shape has no `%`, so unquoting only turns `+` (and the safe stage's `%20`
/// for a space) into a space, and the sort compares the unquoted (key, value) pairs.
fn query(q: &[u8], opts: &W3libOptions, pairs: &mut Pairs, out: &mut Vec<u8>) {
    pairs.clear();
    let sep = opts.query_separator;
    // Each pair as two ranges of `q`: key then value.
    let mut next = 0;
    for field in q.split(|&b| b == sep) {
        let s = next;
        next += field.len() + 1;
        if field.is_empty() {
            continue;
        }
        let (k, v, has_eq) = match field.iter().position(|&b| b == b'=') {
            Some(e) => (s..s + e, s + e + 1..s + field.len(), true),
            None => (s..s + field.len(), s + field.len()..s + field.len(), false),
        };
        if !opts.keep_blank_values && (!has_eq || v.is_empty()) {
            continue;
        }
        pairs.push((k, v));
    }
    if pairs.is_empty() {
        return;
    }
    if pairs.len() > 1 {
        sort(q, pairs);
    }
    out.reserve(q.len() + 1);
    out.push(b'?');
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        quote_plus(&q[k.clone()], out);
        out.push(b'=');
        quote_plus(&q[v.clone()], out);
    }
}

/// An octet of the query as unquoted: `+` and a space read as a space.
fn unquoted(b: u8) -> u8 {
    if b == b'+' { b' ' } else { b }
}

/// Sort the pairs as Python sorts the unquoted (key, value) tuples. Equal pairs are equal
/// octets, so an unstable sort writes the same. Without a `+` the unquoted pairs are the
/// octets themselves.
fn sort(q: &[u8], pairs: &mut Pairs) {
    if memchr::memchr(b'+', q).is_none() {
        pairs.sort_unstable_by(|a, b| {
            q[a.0.clone()]
                .cmp(&q[b.0.clone()])
                .then_with(|| q[a.1.clone()].cmp(&q[b.1.clone()]))
        });
        return;
    }
    let unplus = |r: &Range<usize>| q[r.clone()].iter().map(|&b| unquoted(b));
    pairs.sort_unstable_by(|a, b| {
        unplus(&a.0)
            .cmp(unplus(&b.0))
            .then_with(|| unplus(&a.1).cmp(unplus(&b.1)))
    });
}

/// `quote_plus` of unquoted octets: a space (read from a space or a `+`) as `+`.
fn quote_plus(s: &[u8], out: &mut Vec<u8>) {
    for &b in s {
        if UNRESERVED.has(b) {
            out.push(b);
        } else if unquoted(b) == b' ' {
            out.push(b'+');
        } else {
            push_encoded(out, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape read octet by octet, as the module's doc states it: (host end, path end, end).
    fn naive(x: &[u8], keep_fragments: bool) -> Option<(usize, usize, usize)> {
        let lower = x.to_ascii_lowercase();
        let h0 = if lower.starts_with(b"http://") {
            7
        } else if lower.starts_with(b"https://") {
            8
        } else {
            return None;
        };
        let find = |from: usize, set: &[u8]| {
            (from..x.len())
                .find(|&i| set.contains(&x[i]))
                .unwrap_or(x.len())
        };
        let host_end = find(h0, b"/?#");
        let host = &x[h0..host_end];
        let name = host.split(|&b| b == b':').next().unwrap_or_default();
        let host_ok = !name.is_empty()
            && host.iter().all(|&b| {
                (0x21..0x7f).contains(&b) && !matches!(b, b'@' | b'[' | b']' | b'%' | b'\\')
            })
            && (name.len() == host.len() || {
                let p = &host[name.len() + 1..];
                let sig = p.iter().skip_while(|&&d| d == b'0').count();
                !p.is_empty()
                    && p.iter().all(u8::is_ascii_digit)
                    && sig <= 5
                    && std::str::from_utf8(p).unwrap().parse::<u64>().unwrap() <= 65535
            });
        let end = find(host_end, b"#");
        let ok = |&b: &u8| (0x20..0x7f).contains(&b) && !matches!(b, b'%' | b'\\');
        if !host_ok || !x[host_end..end].iter().all(ok) {
            return None;
        }
        if end == x.len() && x.last() == Some(&b' ') {
            return None;
        }
        if keep_fragments && end < x.len() && !x[end + 1..].iter().all(|&b| PATH_SAFEST.has(b)) {
            return None;
        }
        let path_end = find(host_end, b"?#");
        let path = &x[host_end..path_end];
        if has_dot_segment(path) || path.last() == Some(&b';') {
            return None;
        }
        let last = path.split(|&b| b == b'/').next_back().unwrap_or_default();
        if last.contains(&b';') && path.iter().any(|b| b" \"<>{}^`|[]".contains(b)) {
            return None;
        }
        Some((host_end, path_end, end))
    }

    #[test]
    fn the_word_scans_read_the_shape_as_the_octet_scan_does() {
        let hosts: &[&[u8]] = &[
            b"a",
            b"Www.Ex-ample_1.com",
            b"\"w{}.c",
            b"abcdefgh",
            b"a:80",
            b"a:0080",
            b"a:000000080",
            b"a:99999",
            b"a:",
            b":80",
            b"a:8:0",
            b"a@b",
            b"a b",
            b"",
        ];
        let tails: &[&[u8]] = &[
            b"",
            b"/",
            b"/a/b.html",
            b"/./",
            b"/x/..",
            b"/.a/..b/.;c",
            b"/a;b/..;c?d",
            b"/a;",
            b"?q=1&r=2?s",
            b"/p?q#f",
            b"#f#g",
            b"#f \t\xff%",
            b"/~u/=&",
            b"/Ab/CD.Html",
            b"/abcdefgh/Ijklmnop;",
            b"/a b",
            b"/a b ",
            b"/a\"b;c",
            b"/a|b/c;d",
            b"/a[b]/c",
            b"/\xC3\xA4",
            b"/%41",
            b"/a\\b",
            b"?a b&c\"d",
            b"/abcdefghijklmnopq/rstuvwxyz0123456789?x/./y#z/..",
            // A '/' ending one word and a '.' starting the next.
            b"/abcdef/./abcdefgh",
            b"/abcdef/abcdef/..?",
        ];
        for start in [&b"http://"[..], b"HTTPS://", b"https:/", b"ftp://"] {
            for host in hosts {
                for tail in tails {
                    let x = [start, host, tail].concat();
                    // Every cut, so that each run ends at every place of a word.
                    for n in 0..=x.len() {
                        let x = &x[..n];
                        for keep in [false, true] {
                            let full = scheme(x).and_then(|(h0, up)| read(x, h0, up, keep));
                            let got = full.as_ref().map(|s| (s.host_end, s.path_end, s.end));
                            assert_eq!(got, naive(x, keep), "{:?}", String::from_utf8_lossy(x));
                            // The quick run answers a record only as the full one does.
                            let mut fast = Vec::new();
                            let opts = W3libOptions {
                                keep_fragments: keep,
                                ..W3libOptions::default()
                            };
                            if let Some((h0, up)) = scheme(x)
                                && quick(x, h0, up, &mut fast)
                            {
                                let mut want = Vec::new();
                                write(x, full.as_ref().expect("read in full"), &opts, &mut want);
                                assert_eq!(fast, want, "{:?}", String::from_utf8_lossy(x));
                            }
                        }
                    }
                }
            }
        }
    }
}
