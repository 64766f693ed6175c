//! The commonest shape, read once for every fused path: `http://` or `https://` (any case), a
//! host of letters, digits, `.`, `-` and `_` (no userinfo, port or brackets), then a path without
//! dot segments, an optional query and at most one `#`, all of octets that no profile encodes,
//! decodes or re-splits (no `%`, whitespace, controls, non-ASCII, `<>"{}|\^[]` or `` ` ``).
//!
//! On this shape every profile's output is the input with the scheme and perhaps the host
//! lowercased, cut at the fragment or given one `/`: each profile says which from the `Plain`
//! read here, without a scan of its own. Anything else returns `None` and takes the profile's
//! general fused path.

/// Octet classes of the shape scan, one load per octet.
mod class {
    /// Not a host octet (anything but ASCII letters, digits, `.`, `-`, `_`).
    pub(super) const NOT_HOST: u8 = 1;
    /// Never in the shape: an octet some profile rewrites or re-reads.
    pub(super) const REJECT: u8 = 2;
    pub(super) const UPPER: u8 = 4;
    pub(crate) const HYPHEN: u8 = 8;
    /// `~`, `=` and `&`: FidoURL encodes them in some places.
    pub(crate) const FIDO: u8 = 16;
    pub(super) const SLASH: u8 = 32;
    pub(super) const QMARK: u8 = 64;
    pub(super) const HASH: u8 = 128;
}

const fn class_table() -> [u8; 256] {
    use class::*;
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut f = 0;
        if !(c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_')) {
            f |= NOT_HOST;
        }
        if c <= 0x20
            || c >= 0x7F
            || matches!(
                c,
                b'%' | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`'
            )
        {
            f |= REJECT;
        }
        f |= match c {
            b'A'..=b'Z' => UPPER,
            b'-' => HYPHEN,
            b'~' | b'=' | b'&' => FIDO,
            b'/' => SLASH,
            b'?' => QMARK,
            b'#' => HASH,
            _ => 0,
        };
        t[b] = f;
        b += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

/// Where the shape's parts end, and which classes of octets occur in them.
pub(crate) struct Plain {
    /// The scheme's length: 4 (`http`) or 5 (`https`).
    pub scheme: usize,
    /// The host is `scheme + 3..host_end`.
    pub host_end: usize,
    /// The path is `host_end..path_end` (it ends at the first `?` or `#`).
    pub path_end: usize,
    /// The fragment's `#`, or the length.
    pub hash: usize,
    /// The scheme is not written in lowercase.
    pub scheme_upper: bool,
    /// The union of the classes of the host's octets.
    pub host: u8,
    /// The union of the classes of the octets after the host (more may be counted: the last
    /// eight octets are read as one word).
    pub rest: u8,
    /// The query holds a second `?` (data that FidoURL encodes).
    pub second_qmark: bool,
}

impl Plain {
    pub(crate) fn is_https(&self) -> bool {
        self.scheme == 5
    }

    pub(crate) fn has(&self, bits: u8) -> bool {
        (self.host | self.rest) & bits != 0
    }

    /// Append `x[..end]` with the scheme, and the host when `host` is set, lowercased.
    pub(crate) fn write_lowered(&self, x: &[u8], end: usize, host: bool, out: &mut Vec<u8>) {
        let at = out.len();
        out.extend_from_slice(&x[..end]);
        if self.scheme_upper {
            out[at..at + self.scheme].make_ascii_lowercase();
        }
        if host && self.host & class::UPPER != 0 {
            out[at + self.scheme + 3..at + self.host_end].make_ascii_lowercase();
        }
    }
}

pub(crate) use class::{FIDO, HYPHEN};

/// Each byte of a word: `LO * b` repeats `b`, `HI` is the high bit of every byte.
pub(crate) const LO: u64 = u64::from_le_bytes([1; 8]);
pub(crate) const HI: u64 = LO << 7;

/// The high bit of every byte of `t` that is not zero (no carry crosses a byte).
#[inline(always)]
pub(crate) fn nonzero_bytes(t: u64) -> u64 {
    (((t & !HI) + !HI) | t) & HI
}

/// The high bit of every byte of `w` equal to `b`.
#[inline(always)]
pub(crate) fn equal_bytes(w: u64, b: u8) -> u64 {
    !nonzero_bytes(w ^ (LO * u64::from(b))) & HI
}

/// The union of the bytes of `w`.
#[inline(always)]
pub(crate) fn fold(w: u64) -> u8 {
    let w = w | w >> 32;
    let w = w | w >> 16;
    (w | w >> 8) as u8
}

/// The host from `h0` (`x` holds at least eight octets): its end (the first octet of a class
/// in `stop`, or the length) and the union of its octets' classes in `table`. Eight octets a
/// word, the stop found in the word without a branch per octet; past the last full word, the
/// last eight octets with those already read shifted out. Shared with w3lib's shape, which
/// reads with a table of its own.
#[inline(always)]
pub(crate) fn host_run(x: &[u8], h0: usize, table: &[u8; 256], stop: u8) -> (usize, u8) {
    let stop = LO * u64::from(stop);
    let mut acc = 0;
    let mut i = h0;
    while i < x.len() {
        let cls = match x[i..].first_chunk::<8>() {
            Some(c) => u64::from_le_bytes(c.map(|b| table[b as usize])),
            None => {
                // x holds at least eight octets (the scheme's word), fewer than eight are left.
                let c = x.last_chunk::<8>().expect("eight octets");
                u64::from_le_bytes(c.map(|b| table[b as usize])) >> (8 * (8 - (x.len() - i)))
            }
        };
        let stops = nonzero_bytes(cls & stop);
        if stops != 0 {
            let k = stops.trailing_zeros() as usize / 8;
            acc |= cls & ((1u64 << (8 * k)) - 1);
            return (i + k, fold(acc));
        }
        acc |= cls;
        i += 8;
    }
    (x.len(), fold(acc))
}

/// From `from` to the end: the union of the octets' classes in `table`, and whether `/.`
/// occurs (where a dot segment could start). The last word is the last eight octets, which may
/// reach back into the host or the scheme: the caller's table must give their octets no class
/// it tests, and at worst a `/.` that an exact test then clears.
#[inline(always)]
pub(crate) fn rest_run(x: &[u8], from: usize, table: &[u8; 256]) -> (u8, bool) {
    let (mut acc, mut pairs, mut carry) = (0, 0, 0);
    let mut i = from;
    while i < x.len() {
        let c = match x[i..].first_chunk::<8>() {
            Some(c) => c,
            None => x.last_chunk::<8>().expect("eight octets"),
        };
        acc |= c.iter().fold(0, |m, &b| m | table[b as usize]);
        let w = u64::from_le_bytes(*c);
        let (slash, dot) = (equal_bytes(w, b'/'), equal_bytes(w, b'.'));
        // A '/' whose next octet is '.', in this word or across from the last one.
        pairs |= slash & (dot >> 8) | carry & dot;
        carry = (slash >> 56) & 0x80;
        i += 8;
    }
    (acc, pairs != 0)
}

/// Does `x` hold three `b`s in a row? Eight octets a word, each word six on from the last
/// (the last one ends at the end), so that every run of three lies whole in one word: no
/// branch per octet, and none per `b` as a search for each `b` would take.
pub(crate) fn has_three(x: &[u8], b: u8) -> bool {
    if x.len() < 8 {
        return x.windows(3).any(|w| w == [b; 3]);
    }
    let mut i = 0;
    loop {
        let w = u64::from_le_bytes(*x[i..].first_chunk::<8>().expect("eight octets"));
        let m = equal_bytes(w, b);
        if m & (m >> 8) & (m >> 16) != 0 {
            return true;
        }
        if i + 8 >= x.len() {
            return false;
        }
        i = (i + 6).min(x.len() - 8);
    }
}

/// Does a segment of `path` read `.` or `..`, whole or before a `;` (PDF's reading of the last
/// segment)? A `;` ends a segment here in every segment, so this may say yes where a profile
/// says no; the general path then decides.
#[cold]
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&b| b == b'/').any(|seg| {
        let name = seg.split(|&b| b == b';').next().unwrap_or_default();
        matches!(name, b"." | b"..")
    })
}

/// Read `x` as the plain shape, or `None`.
pub(crate) fn read(x: &[u8]) -> Option<Plain> {
    use class::*;
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
    let scheme_upper = w & case != case;

    let h0 = scheme + 3;
    let (host_end, host) = host_run(x, h0, &CLASS, class::SLASH | class::QMARK | class::HASH);
    if host_end == h0 || host & NOT_HOST != 0 {
        return None;
    }
    let (rest, slash_dot) = rest_run(x, host_end, &CLASS);
    if rest & REJECT != 0 {
        return None;
    }
    // '?' and '#' are rare: found again only when the classes say they are there.
    let (mut path_end, mut hash, mut second_qmark) = (x.len(), x.len(), false);
    if rest & (QMARK | HASH) != 0 {
        let after = &x[host_end..];
        path_end = memchr::memchr2(b'?', b'#', after).map_or(x.len(), |k| host_end + k);
        hash = memchr::memchr(b'#', &x[path_end..]).map_or(x.len(), |k| path_end + k);
        if hash < x.len() && memchr::memchr(b'#', &x[hash + 1..]).is_some() {
            // A second '#': data that FidoURL and RFC 3986 encode.
            return None;
        }
        second_qmark = path_end < hash && memchr::memchr(b'?', &x[path_end + 1..hash]).is_some();
    }
    if slash_dot && has_dot_segment(&x[host_end..path_end]) {
        return None;
    }
    Some(Plain {
        scheme,
        host_end,
        path_end,
        hash,
        scheme_upper,
        host,
        rest,
        second_qmark,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape read octet by octet, as the module's doc states it.
    fn naive(x: &[u8]) -> Option<(usize, usize, usize, bool)> {
        let lower = x.to_ascii_lowercase();
        let h0 = if lower.starts_with(b"http://") {
            7
        } else if lower.starts_with(b"https://") {
            8
        } else {
            return None;
        };
        let host_end = (h0..x.len())
            .find(|&i| matches!(x[i], b'/' | b'?' | b'#'))
            .unwrap_or(x.len());
        let host_ok = x[h0..host_end]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
        let rejected = |&b: &u8| b <= 0x20 || b >= 0x7F || br#"%<>"{}|\^[]`"#.contains(&b);
        if host_end == h0 || !host_ok || x[host_end..].iter().any(rejected) {
            return None;
        }
        let find = |from: usize, set: &[u8]| {
            (from..x.len())
                .find(|&i| set.contains(&x[i]))
                .unwrap_or(x.len())
        };
        let path_end = find(host_end, b"?#");
        let hash = find(host_end, b"#");
        if hash < x.len() && find(hash + 1, b"#") < x.len() {
            return None;
        }
        let dots = x[host_end..path_end].split(|&b| b == b'/').any(|seg| {
            let name = seg.split(|&b| b == b';').next().unwrap_or_default();
            name == b"." || name == b".."
        });
        if dots {
            return None;
        }
        let second_qmark = path_end < hash && x[path_end + 1..hash].contains(&b'?');
        Some((host_end, path_end, hash, second_qmark))
    }

    #[test]
    fn the_word_scans_read_the_shape_as_the_octet_scan_does() {
        let hosts: &[&[u8]] = &[
            b"a",
            b"Www.Ex-ample_1.com",
            b"abcdefg",
            b"abcdefgh",
            b"a:80",
            b"a@b",
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
            b"?q=1&r=2?s",
            b"/p?q#f",
            b"#f#g",
            b"/~u/=&",
            b"/a b",
            b"/\xC3\xA4",
            b"/%41",
            b"/a|b",
            b"/abcdefghijklmnopq/rstuvwxyz0123456789?x/./y#z/..",
            // A '/' ending one word and a '.' starting the next.
            b"/abcdef/./abcdefgh",
            b"/abcdef/abcdef/..?",
        ];
        for scheme in [&b"http://"[..], b"HTTPS://", b"https:/", b"ftp://"] {
            for host in hosts {
                for tail in tails {
                    let x = [scheme, host, tail].concat();
                    // Every cut, so that each run ends at every place of a word.
                    for n in 0..=x.len() {
                        let x = &x[..n];
                        let got = read(x).map(|p| (p.host_end, p.path_end, p.hash, p.second_qmark));
                        assert_eq!(got, naive(x), "{:?}", String::from_utf8_lossy(x));
                    }
                }
            }
        }
    }

    #[test]
    fn three_in_a_row_is_found_wherever_it_lies() {
        let naive = |x: &[u8]| x.windows(3).any(|w| w == b"---");
        for len in 0..40 {
            // Every placement of runs of one to four hyphens, alone and in pairs.
            for a in 0..len {
                for run in 1..=4 {
                    for gap in [0, 1, 2, 7, 100] {
                        let mut x = vec![b'a'; len];
                        x[a..(a + run).min(len)].fill(b'-');
                        if let Some(b) = a.checked_add(run + gap).filter(|&b| b < len) {
                            x[b..(b + run).min(len)].fill(b'-');
                        }
                        assert_eq!(
                            has_three(&x, b'-'),
                            naive(&x),
                            "{:?}",
                            String::from_utf8_lossy(&x)
                        );
                    }
                }
            }
        }
    }
}
