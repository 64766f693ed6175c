//! The canonicalizers' fast path: one scan that checks the input has the plain shape and splits
//! it, then the model as the shared first stage of the canonicalizer leaves it, without running
//! that stage's steps one by one. (w3lib, which reads neither labels nor numbers in a host,
//! reads a shape of its own: `w3lib`.)
//!
//! The plain shape is where each of those steps is known to do nothing, or one simple thing
//! (lowercase the scheme and host, drop a default port, give an empty path its `/`): an http or
//! https URL with `//`, a DNS name of at most 63 octets and 16 labels of letters, digits and
//! hyphens whose last label starts with a letter, an optional decimal port, and a path, query
//! and fragment of printable ASCII with no `%`, no `\`, none of the octets a step would encode,
//! no dot segment, no empty segment and no `;` in the path. Anything else is declined (`None`)
//! and runs through the steps, so a step that could change what a later step sees never runs
//! here. `tests/canon/canon_fast.rs` compares every record the fast path takes with the traced run,
//! output and diagnostics.

pub(crate) mod surt;
pub(crate) mod urlcanon;
pub(crate) mod w3lib;

use std::cell::RefCell;
use std::ops::Range;

/// Octet classes of the plain shape, one load per octet.
mod class {
    /// A letter, a digit or `-`: a host label's octets.
    pub(super) const LDH: u8 = 1;
    /// May stand in a plain path, query or fragment (RFC 3986's unreserved and reserved
    /// octets but `%`, `[` and `]`) and is neither a delimiter of the path (`/ ? # ;`) nor a dot.
    pub(super) const ORDINARY: u8 = 2;
    /// Within a path segment: ordinary octets and dots (a dot matters only after a `/`).
    pub(super) const SEGMENT: u8 = 4;
    /// Within a query or a fragment: ordinary octets and `? / ; .`, which both take as they
    /// are.
    pub(super) const QUERY: u8 = 8;
}

const fn class_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if (b as u8).is_ascii_alphanumeric() {
            t[b] = class::LDH | class::ORDINARY | class::SEGMENT | class::QUERY;
        }
        b += 1;
    }
    t[b'-' as usize] |= class::LDH;
    let plain = b"-._~!$&'()*+,;=:/?#@";
    let mut i = 0;
    while i < plain.len() {
        let c = plain[i];
        if !matches!(c, b'/' | b'?' | b'#' | b';' | b'.') {
            t[c as usize] |= class::ORDINARY | class::SEGMENT | class::QUERY;
        }
        i += 1;
    }
    t[b'.' as usize] |= class::SEGMENT | class::QUERY;
    t[b'?' as usize] |= class::QUERY;
    t[b'/' as usize] |= class::QUERY;
    t[b';' as usize] |= class::QUERY;
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

/// Each octet of a word: `LO * b` repeats `b`; `HI` is the high bit of every octet.
const LO: u64 = u64::from_le_bytes([1; 8]);
const HI: u64 = LO << 7;

/// The high bit of every octet of `t` that is not zero (no carry crosses an octet).
#[inline(always)]
fn nonzero_octets(t: u64) -> u64 {
    (((t & !HI) + !HI) | t) & HI
}

/// The high bit of every octet of `w` equal to `b`.
#[inline(always)]
fn equal_octets(w: u64, b: u8) -> u64 {
    !nonzero_octets(w ^ (LO * u64::from(b))) & HI
}

/// The high bit of every octet of `v` (each below 0x80) that is at least `lo` (at least 1):
/// no sum passes 0xFF, so no carry crosses an octet.
#[inline(always)]
fn at_least(v: u64, lo: u8) -> u64 {
    (v + LO * u64::from(0x80 - lo)) & HI
}

/// The high bit of every octet of `w` that is an ASCII letter, a digit, `-` or `.`, and of
/// every `/`.
#[inline(always)]
fn ldh_dot_slash(w: u64) -> u64 {
    let v = w & !HI;
    // `-`, `.`, `/` and the digits are 0x2D to 0x39.
    let punct_digit = at_least(v, 0x2D) & !at_least(v, 0x3A);
    // The letters are those that `| 0x20` makes 0x61 to 0x7A.
    let l = v | (LO * 0x20);
    let letter = at_least(l, 0x61) & !at_least(l, 0x7B);
    (punct_digit | letter) & !w
}

/// The bits below the lowest set bit of `m` (all of them if none is set).
#[inline(always)]
fn below_first(m: u64) -> u64 {
    (m & m.wrapping_neg()).wrapping_sub(1)
}

/// The eight octets from `i < x.len()` as a word, with zeros past the input's end (read as the
/// last eight octets shifted: the input holds eight octets before any host ends).
#[inline(always)]
fn word_at(x: &[u8], i: usize) -> u64 {
    match x[i..].first_chunk::<8>() {
        Some(c) => u64::from_le_bytes(*c),
        None => {
            let last = x.last_chunk::<8>().expect("eight octets");
            u64::from_le_bytes(*last) >> (8 * (8 - (x.len() - i)))
        }
    }
}

/// The end of a query's or a fragment's plain run from `s`: ordinary octets and `?`, `/`, `;`,
/// `.` (which the query and the fragment take as they are).
fn plain_run(x: &[u8], s: usize) -> usize {
    skip(x, s, class::QUERY)
}

/// A URL of the plain shape, as ranges of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plain {
    pub scheme: Range<usize>,
    pub https: bool,
    pub host: Range<usize>,
    /// The host's dots, as offsets into it.
    pub dots: Dots,
    /// The port's digits (no leading zero, at most 65535).
    pub port: Option<Range<usize>>,
    pub path: Range<usize>,
    /// After `?`, up to `#`.
    pub query: Option<Range<usize>>,
    /// After `#` (no second `#`).
    pub fragment: Option<Range<usize>>,
}

/// The most labels a plain host has: more are rare enough to leave to the steps.
const MAX_LABELS: u32 = 16;

/// The longest plain host: its dots fit one 64-bit mask, and none of its labels can be longer
/// than 63 octets (longer names, valid up to 253 octets, are rare enough to leave to the steps).
const MAX_HOST: usize = 63;

/// Where a plain host's dots are: bit `o` is set for a dot at offset `o` of the host, so the
/// split records a word's dots without a branch per dot and the labels are found from the mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dots(u64);

impl Dots {
    /// Where each label starts, as a mask of offsets into the host: after each dot, and at 0
    /// unless the first label is left out.
    #[inline(always)]
    fn label_starts(self, with_first: bool) -> u64 {
        (self.0 << 1) | u64::from(with_first)
    }
}

/// The bits of the octets of `m` (each `0x80` or 0) gathered into its low eight bits, the
/// first octet lowest: one multiply moves each octet's bit to its own place in the top octet.
#[inline(always)]
fn octet_bits(m: u64) -> u64 {
    (m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Plain {
    /// Whether the port is the scheme's default (80, 443).
    pub(crate) fn default_port(&self, x: &[u8]) -> bool {
        self.port.as_ref().is_some_and(|p| {
            let want: &[u8] = if self.https { b"443" } else { b"80" };
            x[p.clone()] == *want
        })
    }
}

/// The split of `x` if it has the plain shape.
pub(crate) fn split(x: &[u8]) -> Option<Plain> {
    let p = split_head(x)?;
    let end = path(x, p.path.start)?;
    split_rest(x, p, end)
}

/// The scheme, host and port of a plain URL, up to where its path starts: `path` is empty
/// there, and there is no query or fragment yet ([`split_rest`] reads them).
#[inline(always)]
fn split_head(x: &[u8]) -> Option<Plain> {
    // `http` or `https` in any case, then `://`: four octets compared at once.
    let head = u32::from_le_bytes(*x.first_chunk::<4>()?);
    if head | 0x2020_2020 != u32::from_le_bytes(*b"http") {
        return None;
    }
    let https = x.get(4)? | 0x20 == b's';
    let n = 4 + usize::from(https);
    if x.get(n..n + 3)? != b"://" {
        return None;
    }
    let (host, dots) = host(x, n + 3)?;
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
    Some(Plain {
        scheme: 0..n,
        https,
        host,
        dots,
        port,
        path: i..i,
        query: None,
        fragment: None,
    })
}

/// [`split_head`]'s `p` with its path ending at `end` (as [`path`] found it), and the query
/// and fragment after it; `None` unless the input ends there.
#[inline(always)]
fn split_rest(x: &[u8], mut p: Plain, end: usize) -> Option<Plain> {
    p.path.end = end;
    let mut i = end;
    if x.get(i) == Some(&b'?') {
        let s = i + 1;
        // `?` belongs to the query, `#` ends it.
        let e = plain_run(x, s);
        p.query = Some(s..e);
        i = e;
    }
    if x.get(i) == Some(&b'#') {
        let s = i + 1;
        let e = plain_run(x, s);
        p.fragment = Some(s..e);
        i = e;
    }
    (i == x.len()).then_some(p)
}

/// A DNS name from `s` and its dots: 1 to 16 labels of letters, digits and hyphens joined by
/// single dots, the last starting with a letter (so no reference reads it as an IPv4 number:
/// Python's `int()` takes `-0`), at most 63 octets (so is each label; a longer name, valid up to
/// 253 octets, is left to the steps). Read eight octets a word: the name ends at the first
/// octet that is not a label's or a dot, and the dots before it go to the mask; the labels are
/// then checked on the mask as a whole.
#[inline(always)]
fn host(x: &[u8], s: usize) -> Option<(Range<usize>, Dots)> {
    let mut dots = 0u64;
    let mut i = s;
    let end = loop {
        if i >= x.len() {
            break x.len();
        }
        let w = word_at(x, i);
        let slash = equal_octets(w, b'/');
        let stops = !(ldh_dot_slash(w) & !slash) & HI;
        dots |= octet_bits(equal_octets(w, b'.') & below_first(stops)) << (i - s);
        if stops != 0 {
            break i + stops.trailing_zeros() as usize / 8;
        }
        i += 8;
        // Longer than the mask: no need to read on.
        if i - s > MAX_HOST {
            return None;
        }
    };
    // The loop reads no word past offset 56: `n` is at most 63.
    let n = end - s;
    // A label starting at a dot or at the end is empty (the host too, if `n` is 0).
    if Dots(dots).label_starts(true) & (dots | 1 << n) != 0 {
        return None;
    }
    // Sixteen labels take at least 31 octets.
    if n > 30 && dots.count_ones() >= MAX_LABELS {
        return None;
    }
    // The last label starts after the last dot.
    let last = s + (64 - dots.leading_zeros() as usize);
    if !x[last].is_ascii_alphabetic() {
        return None;
    }
    Some((s..end, Dots(dots)))
}

/// The end of the path from `s` (at `/`, `?`, `#` or the end): `/` and segments of plain
/// octets, none of them `.`, `..` or empty but the last, and no `;`.
#[inline(never)]
fn path(x: &[u8], s: usize) -> Option<usize> {
    path_words(x, s, |_| ()).map(|(end, _)| end)
}

/// The end of the path from `s` as [`path`] reads it, and whether it was read by words alone.
/// Read eight octets a word while the octets are the commonest (letters, digits, `-`, `.`,
/// `/`, `_`, `~`), with a test for a `/` followed by `.` or `/` (where an empty or a dot segment
/// may be); `each` sees every word read, octets past the path's end included. A path with such
/// a pair or another octet is read again octet by octet (`path_exact`): then `false`.
#[inline(always)]
fn path_words(x: &[u8], s: usize, mut each: impl FnMut(u64)) -> Option<(usize, bool)> {
    let (mut pairs, mut carry) = (0, 0);
    let mut i = s;
    let end = loop {
        if i >= x.len() {
            break x.len();
        }
        let w = word_at(x, i);
        each(w);
        let common = ldh_dot_slash(w) | equal_octets(w, b'_') | equal_octets(w, b'~');
        let stops = !common & HI;
        let slash = equal_octets(w, b'/');
        // `.` and `/` are the octets that `| 1` makes `/`.
        let dot_or_slash = equal_octets(w | LO, b'/');
        pairs |= (slash & (dot_or_slash >> 8) | carry & dot_or_slash) & below_first(stops);
        carry = (slash >> 56) & 0x80;
        if stops != 0 {
            break i + stops.trailing_zeros() as usize / 8;
        }
        i += 8;
    };
    if pairs != 0 || !matches!(x.get(end), None | Some(b'?' | b'#')) {
        return path_exact(x, s).map(|end| (end, false));
    }
    Some((end, true))
}

/// [`path`] octet by octet, with the test for empty and dot segments.
#[cold]
fn path_exact(x: &[u8], s: usize) -> Option<usize> {
    let mut i = s;
    loop {
        i = skip(x, i, class::SEGMENT);
        match x.get(i) {
            None | Some(b'?' | b'#') => return Some(i),
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
pub(crate) struct Scratch {
    pub bytes: Vec<u8>,
    pub ranges: Vec<Range<usize>>,
    pub pairs: Vec<(Range<usize>, Range<usize>)>,
    /// A path or a query being rewritten.
    pub path: Vec<u8>,
}

impl Scratch {
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.ranges.clear();
        self.pairs.clear();
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// `f` on the thread's scratch buffers: borrowed only by the records that need them (a query
/// to sort, a path to rewrite), not by every record.
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with_borrow_mut(f)
}

/// Sixteen octets of `x` from `i` (below its length) as a word, with zeros past its end; `None`
/// if `x` is shorter than sixteen octets.
#[inline(always)]
fn word16_at(x: &[u8], i: usize) -> Option<u128> {
    Some(match x[i..].first_chunk::<16>() {
        Some(w) => u128::from_le_bytes(*w),
        // The last sixteen octets, shifted: `i` is at most fifteen octets before the end.
        None => u128::from_le_bytes(*x.last_chunk::<16>()?) >> (8 * (i + 16 - x.len())),
    })
}

/// Append `x[r]` mapped by `f`, a word of sixteen octets at a time (`f` maps each octet on its
/// own; the octets past the range in the last word are cut off again). The first two words
/// are written whatever the length (an empty range too), so a range of up to 32 octets, nearly
/// all of them, takes no branch that depends on its length.
#[inline(always)]
fn push_words(out: &mut Vec<u8>, x: &[u8], r: Range<usize>, mut f: impl FnMut(u128) -> u128) {
    let keep = out.len() + r.len();
    let mut i = r.start;
    if x.len() < 16 || i >= x.len() {
        // Too short for a word (or nothing to copy).
        out.extend(x[r].iter().map(|&b| f(u128::from(b)) as u8));
        return;
    }
    out.reserve(r.len() + 32);
    loop {
        for _ in 0..2 {
            let w = word16_at(x, i.min(x.len() - 1)).expect("sixteen octets");
            out.extend_from_slice(&f(w).to_le_bytes());
            i += 16;
        }
        if i >= r.end {
            break;
        }
    }
    out.truncate(keep);
}

/// Eight octets with their ASCII capitals lowered (and nothing else changed).
#[inline(always)]
fn lower8(w: u64) -> u64 {
    let capital = at_least(w & !HI, b'A') & !at_least(w & !HI, b'Z' + 1) & !w;
    w | (capital >> 2)
}

/// Sixteen octets with their ASCII capitals lowered (and nothing else changed).
#[inline(always)]
fn lower16(w: u128) -> u128 {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    let low = w & (0x7f * ONES);
    // Per octet without carries into the next: its high bit says `>= b'A'`, and `> b'Z'`.
    let from_a = low + (0x80 - u128::from(b'A')) * ONES;
    let past_z = low + (0x80 - u128::from(b'Z') - 1) * ONES;
    let capital = from_a & !past_z & !w & (0x80 * ONES);
    w | (capital >> 2)
}

/// Whether one of the sixteen octets of `w` is `b`.
#[inline(always)]
fn holds16(w: u128, b: u8) -> bool {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    // An octet equal to `b` is a zero octet of `w ^ B`; the classic test for one.
    let v = w ^ (u128::from(b) * ONES);
    v.wrapping_sub(ONES) & !v & (0x80 * ONES) != 0
}

/// Append `x[r]` with its ASCII capitals lowered.
#[inline]
fn push_lower_range(out: &mut Vec<u8>, x: &[u8], r: Range<usize>) {
    push_words(out, x, r, lower16);
}

/// Append the labels of `p`'s host in reverse order, joined with `,`, lowercased (the SURT and
/// SSURT hosts); without the host's first label if `drop_first`.
fn push_reversed_labels(out: &mut Vec<u8>, x: &[u8], p: &Plain, drop_first: bool) {
    let mut starts = p.dots.label_starts(!drop_first);
    out.reserve(p.host.len() + 8);
    let mut end = p.host.end;
    while starts != 0 {
        // The last label left: it starts at the highest offset.
        let at = 63 - starts.leading_zeros() as usize;
        starts ^= 1 << at;
        let start = p.host.start + at;
        // Eight octets at a time from the input, on past the label's end where the input goes
        // on: what is written past it is cut off again.
        let keep = out.len() + (end - start);
        let mut i = start;
        while i < end {
            match x.get(i..i + 8) {
                Some(w) => {
                    let w = u64::from_le_bytes(w.try_into().expect("eight octets"));
                    out.extend_from_slice(&(w | 0x2020_2020_2020_2020).to_le_bytes());
                    i += 8;
                }
                None => {
                    out.extend(x[i..end].iter().map(|&b| lower_ldh(b)));
                    i = end;
                }
            }
        }
        out.truncate(keep);
        out.push(b',');
        end = start.wrapping_sub(1);
    }
    out.pop();
}

/// An octet of a host name of the plain shape (a letter, a digit, `-` or `.`) lowercased: only
/// a capital lacks the `0x20` bit among them (so `| 0x20` lowers eight of them in a word).
#[inline]
fn lower_ldh(b: u8) -> u8 {
    debug_assert!(b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    b | 0x20
}

/// Whether the plain host's first label is `www` and digits (any case) and another label
/// follows: what `www_prefix` strips.
#[inline]
fn www_label(host: &[u8]) -> bool {
    let Some(w) = host.first_chunk::<4>() else {
        return www_digits_label(host);
    };
    // Four octets compared at once (`| 0x20` keeps the dot and the digits), and no branch on
    // whether the name starts with `www.`: only `www` and another octet (a digit?) is read on.
    let w = u32::from_le_bytes(*w) | 0x2020_2020;
    let www = w & 0xFF_FF_FF == u32::from_le_bytes(*b"www\0");
    if www & (w >> 24 != u32::from(b'.')) {
        return www_digits_label(host);
    }
    w == u32::from_le_bytes(*b"www.")
}

/// [`www_label`] octet by octet.
#[cold]
fn www_digits_label(host: &[u8]) -> bool {
    match host.first_chunk::<3>() {
        Some(w) if w.map(lower_ldh) == *b"www" => {
            let d = host[3..].iter().take_while(|b| b.is_ascii_digit()).count();
            host.get(3 + d) == Some(&b'.')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_lower_and_search_as_octets_do() {
        // Every octet at every place of every range of inputs up to three words long, the
        // range at the input's end or not.
        for len in 0..48 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut x: Vec<u8> = (0..len).map(|i| b"aZ@[`{9~"[i % 8]).collect();
                    x[at] = b;
                    if let Some(w) = x.first_chunk::<16>() {
                        let w = u128::from_le_bytes(*w);
                        assert_eq!(lower16(w).to_le_bytes(), *x[..16].to_ascii_lowercase());
                        let w8 = u64::from_le_bytes(*x.first_chunk::<8>().expect("eight"));
                        assert_eq!(lower8(w8).to_le_bytes(), *x[..8].to_ascii_lowercase());
                        assert_eq!(holds16(w, b), x[..16].contains(&b), "{x:?} holds {b}");
                        assert_eq!(holds16(w, b'('), x[..16].contains(&b'('), "{x:?}");
                    }
                    for start in [0, at / 2, at, len] {
                        for end in [at, len] {
                            let Some(r) = (start <= end).then_some(start..end) else {
                                continue;
                            };
                            let mut out = b"x".to_vec();
                            push_lower_range(&mut out, &x, r.clone());
                            assert_eq!(out[1..], x[r.clone()].to_ascii_lowercase(), "{x:?} {r:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn reversed_labels() {
        let long = "Ab-".repeat(9);
        for host in [
            "a.com".to_string(),
            "WWW.Example.COM".to_string(),
            "www1.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o".to_string(),
            format!("{long}.x.{long}"),
            "abcdefgh.abcdefghi.abcdefghijklmnopq".to_string(),
        ] {
            let want: Vec<String> = host
                .to_lowercase()
                .split('.')
                .rev()
                .map(String::from)
                .collect();
            // The host at the end of the input, and before a path.
            for tail in ["", "/", "/a/b/c/d/e/f/g/h"] {
                let x = format!("http://{host}{tail}");
                let p = split(x.as_bytes()).unwrap();
                for drop_first in [false, true] {
                    assert_reversed(&x, &p, &want, drop_first);
                }
            }
        }
        assert!(www_label(b"WwW12.a"));
        assert!(!www_label(b"www"));
        assert!(!www_label(b"wwwa.b"));
    }

    /// `push_reversed_labels` of `x` (after an octet already written) equals `want`'s labels
    /// joined with `,`, less the host's first label when `drop_first`.
    fn assert_reversed(x: &str, p: &Plain, want: &[String], drop_first: bool) {
        let mut out = b"k".to_vec();
        push_reversed_labels(&mut out, x.as_bytes(), p, drop_first);
        let n = want.len() - usize::from(drop_first);
        assert_eq!(
            out[1..],
            *want[..n].join(",").as_bytes(),
            "{x} {drop_first}"
        );
    }

    /// The reversed labels of hosts of one to six labels of every length about a word's, at
    /// the input's end or not, with and without the first label, equal the labels split and
    /// joined.
    #[test]
    fn reversed_labels_of_every_count_and_length() {
        let lengths = [1, 2, 7, 8, 9, 15, 16, 17];
        let mut hosts = Vec::new();
        for count in 1..=6u32 {
            for k in 0..lengths.len().pow(count.min(4)) {
                let labels: Vec<String> = (0..count as usize)
                    .map(|i| {
                        let n = lengths[(k / lengths.len().pow(i as u32 % 4)) % lengths.len()];
                        // Capitals, digits and hyphens after a letter.
                        (0..n)
                            .map(|j| match j {
                                0 => b"Qz"[i % 2] as char,
                                _ => b"Qz-9aM"[(i + j) % 6] as char,
                            })
                            .collect()
                    })
                    .collect();
                hosts.push(labels.join("."));
            }
        }
        for host in &hosts {
            let want: Vec<String> = host
                .to_lowercase()
                .split('.')
                .rev()
                .map(String::from)
                .collect();
            for tail in ["", "/", "/ab", "/abcdefghijklmnopqrstuvwxyz"] {
                let x = format!("http://{host}{tail}");
                let Some(p) = split(x.as_bytes()) else {
                    assert!(host.len() > MAX_HOST, "{x}");
                    continue;
                };
                for drop_first in [false, true].into_iter().take(want.len()) {
                    assert_reversed(&x, &p, &want, drop_first);
                }
            }
        }
    }

    #[test]
    fn www_label_reads_as_octets_do() {
        let parts = [
            "", "w", "W", "ww", "www", "WwW", "wwww", "1", "12", ".", "a", "-", ".b",
        ];
        for a in parts {
            for b in parts {
                for c in parts {
                    let h = format!("{a}{b}{c}");
                    assert_eq!(
                        www_label(h.as_bytes()),
                        www_digits_label(h.as_bytes()),
                        "{h}"
                    );
                }
            }
        }
    }

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
            b"http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p/",
        ] {
            assert!(split(x).is_some(), "{x:?}");
        }
    }

    /// The host as the octet-by-octet scan reads it: labels one at a time.
    fn host_by_octets(x: &[u8], s: usize) -> Option<(Range<usize>, Dots)> {
        let mut dots = 0u64;
        let mut l = s;
        loop {
            let i = skip(x, l, class::LDH);
            if i == l || i - l > 63 {
                return None;
            }
            if x.get(i) != Some(&b'.') {
                let labels = dots.count_ones() + 1;
                if !x[l].is_ascii_alphabetic() || i - s > MAX_HOST || labels > MAX_LABELS {
                    return None;
                }
                return Some((s..i, Dots(dots)));
            }
            dots |= 1 << (i - s).min(63);
            l = i + 1;
        }
    }

    /// `path_words` writing each word lowered (SURT's path): the path's end as the octet
    /// scan finds it and, where read by words alone, the path lowercased and without `(`.
    fn path_words_lowered(x: &[u8], s: usize) {
        let mut out = b"k".to_vec();
        let read = path_words(x, s, |w| out.extend_from_slice(&lower8(w).to_le_bytes()));
        assert_eq!(read.map(|(end, _)| end), path_exact(x, s), "{x:?} from {s}");
        if let Some((end, true)) = read {
            assert_eq!(
                out[1..][..end - s],
                *x[s..end].to_ascii_lowercase(),
                "{x:?} from {s}"
            );
            assert!(!x[s..end].contains(&b'('), "{x:?} from {s}");
        }
    }

    #[test]
    fn the_word_scans_read_hosts_and_paths_as_the_octet_scans_do() {
        let label63 = "a".repeat(63);
        let label64 = "b".repeat(64);
        let long = ["abcdefgh"; 31].join(".");
        let names: Vec<String> = [
            "a",
            "Www.Ex-ample.com",
            "abcdefg.hi",
            "abcdefgh",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q",
            "a..b",
            ".a",
            "a.",
            "a.1",
            "1a.b-",
            "a_b.c",
            "AZaz09-.@[`{",
            "a:80",
            "a@b",
            "",
        ]
        .iter()
        .map(|h| h.to_string())
        .chain([
            format!("{label63}.{label63}"),
            format!("x.{label64}"),
            format!("{label64}.x"),
            long.clone(),
            format!("{long}.abcdef"),
        ])
        // Names of 62 to 65 octets, about the longest the fast path takes.
        .chain((20..24).map(|k| format!("{}.{}.{}", "a".repeat(20), "b".repeat(20), "c".repeat(k))))
        .collect();
        let tails: &[&[u8]] = &[
            b"",
            b"/",
            b"/a/b.html",
            b"//",
            b"/./",
            b"/x/..",
            b"/.a/..b/.c",
            b"/a;b",
            b"/a?b/./c",
            b"?q=1&r=2?s",
            b"/p?q#f",
            b"#f#g",
            b"/~u/=&()_",
            b"/a b",
            b"/\xC3\xA4",
            b"/\xAF",
            b"/%41",
            b"/a|b",
            b"/a\0b",
            b"/AZaz09-._~/@[`{:",
            b"/abcdefghijklmnopq/rstuvwxyz0123456789?x/./y#z/..",
            // A '/' ending one word and a '.' or '/' starting the next.
            b"/abcdef/./abcdefgh",
            b"/abcdef/abcdef/..?",
            b"/abcdef//abcdefgh",
            b"/abcdefg/.abcdefg",
        ];
        let delimited = |x: &[u8], s: usize| matches!(x.get(s), None | Some(b'/' | b'?' | b'#'));
        for name in &names {
            for tail in tails {
                let x = [b"http://", name.as_bytes(), tail].concat();
                // Every cut, so that each run ends at every place of a word.
                for n in 8..=x.len() {
                    let x = &x[..n];
                    let text = String::from_utf8_lossy(x);
                    let want = host_by_octets(x, 7);
                    assert_eq!(host(x, 7), want, "{text}");
                    let Some((h, _)) = want else { continue };
                    for s in (h.end..=x.len()).filter(|&s| delimited(x, s)) {
                        assert_eq!(path(x, s), path_exact(x, s), "{text} from {s}");
                        path_words_lowered(x, s);
                    }
                }
            }
        }
        // Every octet at every place of a word, in a name and in a path.
        for b in 0..=255u8 {
            for k in 0..9 {
                let mut x = b"http://abcdefghi/abcdefghi".to_vec();
                x[7 + k] = b;
                assert_eq!(host(&x, 7), host_by_octets(&x, 7), "{x:?}");
                let mut x = b"http://a/abcdefghijklmnop".to_vec();
                x[9 + k] = b;
                assert_eq!(path(&x, 8), path_exact(&x, 8), "{x:?}");
                path_words_lowered(&x, 8);
            }
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
            b"http://-0/",
            b"http://a.-0/",
            b"http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q/",
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
