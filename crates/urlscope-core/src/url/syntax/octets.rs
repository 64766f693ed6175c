//! Octet sets (docs/rules.md, "Character classes and hints") and the unit scanner ("Terms").
//!
//! Sets are bit flags in one 256-entry table so that every per-octet test is a load and a mask.

/// Bit flags for the named octet sets (RFC 1738 §2.2, URL编码, FidoURL §5.2.2, Hyvätti).
pub mod set {
    pub(crate) const ALPHA: u32 = 1 << 0;
    pub(crate) const DIGIT: u32 = 1 << 1;
    /// RFC 1738 §2.2's reserved octets.
    pub const R1738_RESERVED: u32 = 1 << 2;
    /// RFC 1738 §2.2's safe octets.
    pub const R1738_SAFE: u32 = 1 << 3;
    pub(crate) const R1738_UNSAFE_DELIM: u32 = 1 << 4;
    pub(crate) const R1738_UNSAFE_TRANSPORT: u32 = 1 << 5;
    pub(crate) const CONTROL: u32 = 1 << 6;
    pub(crate) const NON_ASCII: u32 = 1 << 7;
    pub(crate) const R2396_RESERVED: u32 = 1 << 8;
    pub(crate) const R2396_MARK: u32 = 1 << 9;
    pub(crate) const R2396_UNWISE: u32 = 1 << 10;
    pub(crate) const R2396_DELIMS: u32 = 1 << 11;
    /// The octets Hyvätti encodes when raw.
    pub const HYV_ENCODE_RAW: u32 = 1 << 12;
    /// The octets Hyvätti keeps encoded.
    pub const HYV_KEEP_ENCODED: u32 = 1 << 13;
    pub(crate) const FIDO_RESERVED: u32 = 1 << 14;
    pub(crate) const HEX: u32 = 1 << 15;
    pub(crate) const WHITESPACE: u32 = 1 << 16;
    pub(crate) const FIDO_UNSAFE: u32 = 1 << 17;
    pub(crate) const PERCENT: u32 = 1 << 18;
    pub(crate) const HASH: u32 = 1 << 19;
    pub(crate) const HYPHEN: u32 = 1 << 20;
    pub(crate) const SPACE: u32 = 1 << 21;
    pub(crate) const UPPER: u32 = 1 << 22;

    /// Every octet (each octet is in at least one set: the C-1738 partition).
    #[cfg(test)]
    pub(crate) const ANY: u32 = u32::MAX;
    pub(crate) const QMARK: u32 = 1 << 23;
    pub(crate) const EQUALS: u32 = 1 << 24;
    pub(crate) const AMP: u32 = 1 << 25;
    pub(crate) const AT: u32 = 1 << 26;
    /// RFC 3986 §2: octets no component may hold raw (SP `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`).
    pub(crate) const R3986_DISALLOWED: u32 = 1 << 27;
    pub(crate) const COLON: u32 = 1 << 28;
    /// `[` and `]`: raw only around an IP-literal host (RFC 3986 §3.2.2).
    pub(crate) const BRACKET: u32 = 1 << 29;

    /// Letters and digits.
    pub const ALNUM: u32 = ALPHA | DIGIT;
    pub(crate) const R1738_UNSAFE: u32 = R1738_UNSAFE_DELIM | R1738_UNSAFE_TRANSPORT;
    pub(crate) const NO_GRAPHIC: u32 = CONTROL | NON_ASCII;
}

const fn build_table() -> [u32; 256] {
    use set::*;
    let mut t = [0u32; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut f = 0u32;
        if c.is_ascii_alphabetic() {
            f |= ALPHA;
        }
        if c.is_ascii_digit() {
            f |= DIGIT;
        }
        if c.is_ascii_hexdigit() {
            f |= HEX;
        }
        if c < 0x20 || c == 0x7F {
            f |= CONTROL;
        }
        if c >= 0x80 {
            f |= NON_ASCII;
        }
        if c <= 0x20 || c >= 0x7F {
            f |= HYV_ENCODE_RAW | HYV_KEEP_ENCODED;
        }
        if matches!(c, 0x20 | 0x09 | 0x0A | 0x0B | 0x0C | 0x0D) {
            f |= WHITESPACE;
        }
        f |= match c {
            b';' | b'/' | b'?' | b':' | b'@' | b'=' | b'&' => R1738_RESERVED,
            b'$' | b'-' | b'_' | b'.' | b'+' | b'!' | b'*' | b'\'' | b'(' | b')' | b',' => {
                R1738_SAFE
            }
            b' ' | b'<' | b'>' | b'"' | b'#' | b'%' => R1738_UNSAFE_DELIM,
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'~' | b'[' | b']' | b'`' => R1738_UNSAFE_TRANSPORT,
            _ => 0,
        };
        f |= match c {
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' => R2396_RESERVED,
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' => R2396_MARK,
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`' => R2396_UNWISE,
            b'<' | b'>' | b'#' | b'%' | b'"' => R2396_DELIMS,
            _ => 0,
        };
        if matches!(c, b'<' | b'>' | b'"') {
            f |= HYV_ENCODE_RAW;
        }
        if matches!(
            c,
            b'<' | b'>' | b'"' | b'#' | b'%' | b';' | b'/' | b'?' | b':' | b'@' | b'=' | b'&'
        ) {
            f |= HYV_KEEP_ENCODED;
        }
        if matches!(c, b'?' | b'=' | b'&' | b'@' | b'/' | b'+') {
            f |= FIDO_RESERVED;
        }
        if matches!(c, b'<' | b'>' | b'"' | b'#' | b'%') {
            f |= FIDO_UNSAFE;
        }
        f |= match c {
            b'%' => PERCENT,
            b'#' => HASH,
            b'-' => HYPHEN,
            b' ' => SPACE,
            b'A'..=b'Z' => UPPER,
            b'?' => QMARK,
            b'=' => EQUALS,
            b'&' => AMP,
            b'@' => AT,
            b':' => COLON,
            b'[' | b']' => BRACKET,
            _ => 0,
        };
        if matches!(
            c,
            b' ' | b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}'
        ) {
            f |= R3986_DISALLOWED;
        }
        t[b] = f;
        b += 1;
    }
    t
}

static TABLE: [u32; 256] = build_table();

/// True when octet `b` is in every set of `mask` (use one flag or a union flag such as `ALNUM`:
/// union flags test "in any of").
#[inline]
pub fn is(b: u8, mask: u32) -> bool {
    TABLE[b as usize] & mask != 0
}

/// The union of the set flags of every octet of `s`: one pass that tells which rules could act.
pub(crate) fn summary(s: &[u8]) -> u32 {
    // Four accumulators break the OR chain, so the loads of a long string overlap.
    let mut chunks = s.chunks_exact(4);
    let mut acc = [0u32; 4];
    for c in &mut chunks {
        acc[0] |= TABLE[c[0] as usize];
        acc[1] |= TABLE[c[1] as usize];
        acc[2] |= TABLE[c[2] as usize];
        acc[3] |= TABLE[c[3] as usize];
    }
    let tail = chunks
        .remainder()
        .iter()
        .fold(0, |a, &b| a | TABLE[b as usize]);
    acc[0] | acc[1] | acc[2] | acc[3] | tail
}

/// Finds the next octet of a set mask (the octets `is(b, mask)` accepts): memchr when the set
/// holds at most three octets, else the table, eight octets per test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Finder {
    mask: u32,
    needles: [u8; 3],
    /// How many of `needles` are used; 0 means the table scan.
    n: usize,
}

impl Finder {
    /// A finder for `mask` over a haystack of `len` octets: the set's members are listed (a
    /// 256-entry scan) only when the haystack is long enough to repay it.
    #[inline]
    pub(crate) fn new(mask: u32, len: usize) -> Finder {
        let mut f = Finder {
            mask,
            needles: [0; 3],
            n: 0,
        };
        if len < 256 {
            return f;
        }
        let mut n = 0;
        for b in 0..=255u8 {
            if is(b, mask) {
                if n == 3 {
                    return f;
                }
                f.needles[n] = b;
                n += 1;
            }
        }
        f.n = n;
        f
    }

    /// The first offset in `from..end` of `s` holding an octet of the set, or `end`.
    #[inline]
    pub(crate) fn next_in(&self, s: &[u8], from: usize, end: usize) -> usize {
        if from >= end {
            return end;
        }
        let hay = &s[from..end];
        let found = match self.n {
            1 => memchr::memchr(self.needles[0], hay),
            2 => memchr::memchr2(self.needles[0], self.needles[1], hay),
            3 => memchr::memchr3(self.needles[0], self.needles[1], self.needles[2], hay),
            _ => {
                let mut i = 0;
                let mut blocks = hay.chunks_exact(8);
                for c in &mut blocks {
                    let m = TABLE[c[0] as usize]
                        | TABLE[c[1] as usize]
                        | TABLE[c[2] as usize]
                        | TABLE[c[3] as usize]
                        | TABLE[c[4] as usize]
                        | TABLE[c[5] as usize]
                        | TABLE[c[6] as usize]
                        | TABLE[c[7] as usize];
                    if m & self.mask != 0 {
                        break;
                    }
                    i += 8;
                }
                hay[i..]
                    .iter()
                    .position(|&b| is(b, self.mask))
                    .map(|k| i + k)
            }
        };
        found.map_or(end, |k| from + k)
    }
}

/// `FIDO_MUST_ENCODE` (FidoURL §5.2.2.1–2): no-graphic, SP, `< > " # %` and the nine transport characters.
#[inline]
pub fn fido_must_encode(b: u8) -> bool {
    is(
        b,
        set::NO_GRAPHIC | set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT,
    ) || b == b' '
}

/// `FIDO_DECODABLE` (F2): alnum and `- . _ ! $ ' ( ) * ,` (`R1738_SAFE` minus `+`).
#[inline]
pub fn fido_decodable(b: u8) -> bool {
    is(b, set::ALNUM) || (is(b, set::R1738_SAFE) && b != b'+')
}

/// Whether `b` is a hex digit.
#[inline]
pub fn is_hex(b: u8) -> bool {
    is(b, set::HEX)
}

/// Whether `b` is in the whitespace set (`set::WHITESPACE`).
#[inline]
pub fn is_whitespace(b: u8) -> bool {
    is(b, set::WHITESPACE)
}

/// The value of hex digit `b` (0 for an octet that is not one).
#[inline]
pub fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

pub(crate) const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Every octet's two uppercase hex digits, so that a unit's `value` needs no allocation.
static HEX_PAIRS: &str = "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBFC0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF";

/// The two uppercase hex digits of `b`.
#[inline]
pub(crate) fn hex_pair(b: u8) -> &'static str {
    let i = 2 * usize::from(b);
    &HEX_PAIRS[i..i + 2]
}

/// Append two uppercase hex digits per octet of `s` (JSON's `hex`, vector notation's `\\xHH`).
pub(crate) fn push_hex(out: &mut String, s: &[u8]) {
    for &b in s {
        out.push_str(hex_pair(b));
    }
}

/// Two uppercase hex digits per octet.
pub(crate) fn hex(s: &[u8]) -> String {
    let mut out = String::with_capacity(2 * s.len());
    push_hex(&mut out, s);
    out
}

/// An octet string as lossless JSON: a string when the octets are UTF-8, otherwise
/// `{"hex": "…"}` with two uppercase hex digits per octet (never U+FFFD).
pub fn json(s: &[u8]) -> serde_json::Value {
    match std::str::from_utf8(s) {
        Ok(text) => serde_json::Value::String(text.to_owned()),
        Err(_) => serde_json::json!({ "hex": hex(s) }),
    }
}

/// Appends `%HH` (uppercase hex) for octet `v`.
#[inline]
pub fn push_encoded(out: &mut Vec<u8>, v: u8) {
    out.extend_from_slice(&[
        b'%',
        UPPER_HEX[(v >> 4) as usize],
        UPPER_HEX[(v & 15) as usize],
    ]);
}

/// The triplet `%HH` for `v` as an array.
#[inline]
pub fn encoded(v: u8) -> [u8; 3] {
    [
        b'%',
        UPPER_HEX[(v >> 4) as usize],
        UPPER_HEX[(v & 15) as usize],
    ]
}

/// Is there a valid triplet `%HH` at offset `i` of `s`?
#[inline]
pub fn triplet_at(s: &[u8], i: usize) -> bool {
    i + 2 < s.len() && s[i] == b'%' && is_hex(s[i + 1]) && is_hex(s[i + 2])
}

/// One scanning unit (docs/rules.md, "Terms"): a raw octet or a `%HH` triplet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its start offset.
    pub start: usize,
    /// 1 for a raw octet, 3 for a triplet.
    pub len: usize,
    /// The octet, or the octet a triplet denotes.
    pub value: u8,
    /// Whether it is a `%XX` triplet.
    pub encoded: bool,
}

impl Unit {
    /// Its end offset.
    #[inline]
    pub fn end(&self) -> usize {
        self.start + self.len
    }
    /// Its range.
    #[inline]
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start..self.end()
    }
    /// A raw `%` that does not start a triplet.
    #[inline]
    pub fn is_invalid_percent(&self) -> bool {
        !self.encoded && self.value == b'%'
    }
}

/// Left-to-right unit scanner over `s` starting at `pos`.
#[derive(Clone)]
pub struct Units<'a> {
    s: &'a [u8],
    pos: usize,
    end: usize,
}

impl Iterator for Units<'_> {
    type Item = Unit;
    #[inline]
    fn next(&mut self) -> Option<Unit> {
        if self.pos >= self.end {
            return None;
        }
        let i = self.pos;
        let b = self.s[i];
        // A triplet never crosses `end` because callers pass unit-aligned ranges.
        if b == b'%' && i + 2 < self.end && is_hex(self.s[i + 1]) && is_hex(self.s[i + 2]) {
            self.pos += 3;
            Some(Unit {
                start: i,
                len: 3,
                value: hex_value(self.s[i + 1]) << 4 | hex_value(self.s[i + 2]),
                encoded: true,
            })
        } else {
            self.pos += 1;
            Some(Unit {
                start: i,
                len: 1,
                value: b,
                encoded: false,
            })
        }
    }
}

/// The units of the whole of `s`.
pub fn units(s: &[u8]) -> Units<'_> {
    Units {
        s,
        pos: 0,
        end: s.len(),
    }
}

/// The units of `s[range]`, with offsets into `s`.
pub fn units_in(s: &[u8], range: std::ops::Range<usize>) -> Units<'_> {
    Units {
        s,
        pos: range.start,
        end: range.end.min(s.len()),
    }
}

/// The units of `s[range]` (offsets into `s`) whose first octet is in the set `mask`, found
/// with a [`Finder`]: the units a pass acts on, without visiting the ones it keeps. A mask
/// without `set::PERCENT` must hold no hex digit, so that skipping never lands in a triplet.
pub(crate) fn units_of(s: &[u8], range: std::ops::Range<usize>, mask: u32) -> UnitsOf<'_> {
    debug_assert!(mask & set::PERCENT != 0 || mask & set::HEX == 0);
    let end = range.end.min(s.len());
    UnitsOf {
        units: Units {
            s,
            pos: range.start,
            end,
        },
        finder: Finder::new(mask, end.saturating_sub(range.start)),
    }
}

/// The iterator of [`units_of`].
#[derive(Clone)]
pub(crate) struct UnitsOf<'a> {
    units: Units<'a>,
    finder: Finder,
}

impl<'a> UnitsOf<'a> {
    /// All units (not only the set's) from the current position on: a pass's look-ahead.
    pub(crate) fn all_ahead(&self) -> Units<'a> {
        self.units.clone()
    }
}

impl Iterator for UnitsOf<'_> {
    type Item = Unit;
    #[inline]
    fn next(&mut self) -> Option<Unit> {
        let u = &mut self.units;
        u.pos = self.finder.next_in(u.s, u.pos, u.end);
        u.next()
    }
}

/// ASCII case-insensitive prefix test.
#[inline]
pub(crate) fn starts_with_ci(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// The first offset of `s` where `n` octets `b` follow each other (`%%`: n = 2, `---`: n = 3).
/// memchr finds the candidates: cheaper on URL-length text than building a substring searcher.
#[inline]
pub(crate) fn find_run(b: u8, n: usize, s: &[u8]) -> Option<usize> {
    // A long text may hold the octet densely (a %-encoded path): there a substring search,
    // which tests each candidate pair in its vector loop, pays for its set-up.
    if s.len() >= 4096 && (1..=4).contains(&n) {
        return memchr::memmem::find(s, &[b; 4][..n]);
    }
    let mut from = 0;
    while let Some(i) = memchr::memchr(b, &s[from..]) {
        let at = from + i;
        let run = s[at..].iter().take(n).take_while(|&&c| c == b).count();
        if run == n {
            return Some(at);
        }
        from = at + run;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_pairs_are_the_digits_of_each_octet() {
        for b in 0..=255u8 {
            assert_eq!(hex_pair(b), format!("{b:02X}"));
            assert_eq!(encoded(b)[1..], *hex_pair(b).as_bytes());
        }
        assert_eq!(hex(b"\x00\xffA"), "00FF41");
    }

    /// Strings rich in what the finders look for: triplets, stray `%`, hex digits, delimiters.
    fn samples() -> Vec<Vec<u8>> {
        const ALPHABET: &[u8] = b"%%%7eE2B aZ9?=&@#:/;<>\"{}|~[]-+.\x00\x7f\x80\xff";
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..300)
            .map(|k| {
                // Lengths on both sides of the finders' 256-octet threshold.
                let len = (next() % if k % 3 == 0 { 40 } else { 900 }) as usize;
                let sparse = k % 2 == 0;
                (0..len)
                    .map(|_| {
                        let r = next();
                        if sparse && r % 8 != 0 {
                            b'a'
                        } else {
                            ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                        }
                    })
                    .collect()
            })
            .collect()
    }

    const MASKS: [u32; 9] = [
        set::PERCENT,
        set::SPACE | set::PERCENT,
        set::QMARK | set::EQUALS | set::AMP | set::AT,
        set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT,
        set::NO_GRAPHIC,
        set::NO_GRAPHIC | set::R1738_UNSAFE,
        set::PERCENT | set::HYV_ENCODE_RAW,
        set::HASH,
        set::ANY,
    ];

    #[test]
    fn finder_agrees_with_the_table() {
        for s in samples() {
            for mask in MASKS {
                for len_hint in [0, s.len()] {
                    let f = Finder::new(mask, len_hint);
                    for from in [0, 1, s.len() / 3, s.len()] {
                        for end in [s.len(), s.len() / 2, s.len().saturating_sub(1)] {
                            let naive = (from..end).find(|&i| is(s[i], mask)).unwrap_or(end);
                            let got = f.next_in(&s, from, end);
                            assert_eq!(got, if from >= end { end } else { naive });
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn units_of_are_the_units_whose_first_octet_is_in_the_set() {
        for s in samples() {
            for mask in MASKS {
                for range in [0..s.len(), s.len() / 4..s.len() / 2 * 2, 1..s.len() + 5] {
                    let want: Vec<Unit> = units_in(&s, range.clone())
                        .filter(|u| is(s[u.start], mask))
                        .collect();
                    assert_eq!(units_of(&s, range.clone(), mask).collect::<Vec<_>>(), want);
                    // The look-ahead continues with every unit after the one just taken.
                    let mut it = units_of(&s, range.clone(), mask);
                    if let Some(u) = it.next() {
                        let rest: Vec<Unit> = units_in(&s, u.end()..range.end).collect();
                        assert_eq!(it.all_ahead().collect::<Vec<_>>(), rest);
                    }
                }
            }
        }
    }

    #[test]
    fn find_run_is_the_first_run_on_short_and_long_text() {
        let naive = |b: u8, n: usize, s: &[u8]| {
            (0..s.len()).find(|&i| s.len() - i >= n && s[i..i + n].iter().all(|&c| c == b))
        };
        for s in samples() {
            // Long text takes the substring search: repeat the sample past its threshold.
            let long: Vec<u8> = s.iter().copied().cycle().take(5000).collect();
            for t in [&s[..], &long[..]] {
                for (b, n) in [(b'%', 2), (b'-', 3), (b'%', 1), (b'a', 4)] {
                    assert_eq!(find_run(b, n, t), naive(b, n, t), "{b} {n}");
                }
            }
        }
        let mut x = vec![b'%'; 5000];
        x.iter_mut().step_by(2).for_each(|c| *c = b'a');
        assert_eq!(find_run(b'%', 2, &x), None);
        x[4001] = b'%';
        x[4000] = b'%';
        assert_eq!(find_run(b'%', 2, &x), Some(3999));
    }

    #[test]
    fn summary_is_the_union_of_the_octets_sets() {
        for s in samples() {
            let naive = s.iter().fold(0, |acc, &b| acc | TABLE[b as usize]);
            assert_eq!(summary(&s), naive);
        }
    }
}

/// An octet string that serializes as [`json`] writes it, without building a value first.
#[derive(Clone, Copy, Debug)]
pub struct Octets<'a>(pub &'a [u8]);

impl serde::Serialize for Octets<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(self.0) {
            Ok(text) => s.serialize_str(text),
            Err(_) => {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("hex", &hex(self.0))?;
                m.end()
            }
        }
    }
}
