//! The WHATWG profile in one pass: the URL Standard's basic URL parser (§4.4) and serializer
//! (§4.5) for the common shape of real URLs, written straight from the input.
//!
//! The shape: a special scheme other than `file` (`http`, `https`, `ws`, `wss`, `ftp`, any case)
//! followed by `//`; a host of ASCII letters, digits, `-`, `_` and `.` (no leading or doubled
//! dot, no `xn--` label, a last label that does not start with a digit, so neither IDNA's
//! Punycode nor the IPv4 parser has anything to do); an optional decimal port; then a path
//! without dot segments, a query and a fragment, of ASCII without controls or `\`, or of UTF-8.
//! On it the parser's work is: lowercase the scheme and the host, drop a default port and a
//! port's leading zeros, give an empty path its `/`, and percent-encode each part with its set.
//! Everything else (credentials, IP literals, IDNA, tabs and newlines, backslashes, dot segments,
//! leading or trailing spaces, a failure of any kind) is declined and goes to the full parser.
//!
//! The output must be the parser's href byte for byte: `tests/whatwg_fast.rs` and the
//! `whatwg_fused` fuzz target compare them.

use super::plain::{HI, LO, equal_bytes, fold, nonzero_bytes, rest_run};

/// Octet classes after the host, one load per octet; a word's classes are or-ed together
/// eight at a time.
mod class {
    /// Never in the shape after the host: C0 controls (the tab and newlines the parser
    /// removes among them), DEL and `\` (a path delimiter of special URLs).
    pub(super) const REJECT: u8 = 1;
    /// In some part's percent-encode set: space, `"`, `<`, `>`, `` ` ``, `{`, `}`, `'`, `^`
    /// and every non-ASCII octet.
    pub(super) const ENCODE: u8 = 2;
    pub(super) const QMARK: u8 = 4;
    pub(super) const HASH: u8 = 8;
    /// `%`: a `%2e` segment is a dot segment.
    pub(super) const PERCENT: u8 = 16;
}

const fn class_table() -> [u8; 256] {
    use class::*;
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut f = 0;
        if c < 0x20 || c == 0x7F || c == b'\\' {
            f |= REJECT;
        }
        if c >= 0x80
            || matches!(
                c,
                b' ' | b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'\'' | b'^'
            )
        {
            f |= ENCODE;
        }
        f |= match c {
            b'?' => QMARK,
            b'#' => HASH,
            b'%' => PERCENT,
            _ => 0,
        };
        t[b] = f;
        b += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

/// The special schemes the shape takes, as the serializer writes them (with `//`), and their
/// default ports.
const SCHEMES: [(&[u8], u16); 5] = [
    (b"http://", 80),
    (b"https://", 443),
    (b"ws://", 80),
    (b"wss://", 443),
    (b"ftp://", 21),
];

/// Appends the href of `x` (parsed without a base) to `out` and returns true, or returns false
/// having left `out` as it was: `x` is not of the shape, and the full parser decides.
pub fn href_into(x: &[u8], out: &mut Vec<u8>) -> bool {
    let at = out.len();
    let done = write(x, out).is_some();
    if !done {
        out.truncate(at);
    }
    done
}

/// The scheme's entry in [`SCHEMES`] (so the length of `scheme://`), from the first eight
/// octets, and whether `x` writes it in lowercase.
#[inline(always)]
fn scheme(x: &[u8]) -> Option<((&'static [u8], u16), bool)> {
    // Setting the case bit (0x20) maps no other octet onto a letter of these names.
    let w = u64::from_le_bytes(*x.first_chunk::<8>()?);
    let lower = |n: usize| w | (0x2020_2020_2020_2020 >> (8 * (8 - n)));
    let is = |name: &[u8], n: usize| {
        let mut want = [0u8; 8];
        want[..name.len()].copy_from_slice(name);
        let mask = u64::MAX >> (8 * (8 - name.len()));
        let want = u64::from_le_bytes(want) & mask;
        ((lower(n) & mask) == want).then_some((w & mask) == want)
    };
    // The scheme's letters get the case bit, `://` is compared as it is; http and https first.
    if let Some(lowercase) = is(SCHEMES[1].0, 5) {
        return Some((SCHEMES[1], lowercase));
    }
    SCHEMES
        .into_iter()
        .find_map(|s| Some((s, is(s.0, s.0.len() - 3)?)))
}

/// The shape's parse and serialization; `None` (with `out` partly written) where it declines.
#[inline(always)]
fn write(x: &[u8], out: &mut Vec<u8>) -> Option<()> {
    use class::*;
    let ((prefix, default_port), scheme_lowercase) = scheme(x)?;
    // Trailing spaces and controls are stripped by the parser (basic URL parser, step 1).
    if x.last().is_none_or(|&b| b <= b' ') {
        return None;
    }
    let h0 = prefix.len();
    let host = domain(x, h0)?;
    // The port's digits (the port state), up to the path, query or fragment.
    let mut rest = host.end;
    let mut port = None;
    if x.get(host.end) == Some(&b':') {
        let digits = &x[host.end + 1..];
        let n = digits
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(digits.len());
        let mut value: u32 = 0;
        for &d in &digits[..n] {
            if !d.is_ascii_digit() {
                return None;
            }
            value = value * 10 + u32::from(d - b'0');
            if value > 65535 {
                return None;
            }
        }
        if n > 0 && value != u32::from(default_port) {
            port = Some(value);
        }
        rest = host.end + 1 + n;
    }
    let (classes, slash_dot) = if rest < x.len() {
        rest_run(x, rest, &CLASS)
    } else {
        (0, false)
    };
    if classes & REJECT != 0 {
        return None;
    }
    // '?' and '#' are rare: found again only when the classes say they are there.
    let path_end = if classes & (QMARK | HASH) != 0 {
        memchr::memchr2(b'?', b'#', &x[rest..]).map_or(x.len(), |k| rest + k)
    } else {
        x.len()
    };
    if (slash_dot || classes & PERCENT != 0) && has_dot_segment(&x[rest..path_end]) {
        return None;
    }
    // Most real URLs are written as the parser serializes them: one copy.
    let verbatim = scheme_lowercase
        && !host.upper
        && rest == host.end
        && rest < path_end
        && classes & ENCODE == 0;
    if verbatim {
        out.extend_from_slice(x);
        return Some(());
    }

    out.reserve(x.len() + 8);
    out.extend_from_slice(prefix);
    let host_at = out.len();
    out.extend_from_slice(&x[h0..host.end]);
    if host.upper {
        out[host_at..].make_ascii_lowercase();
    }
    if let Some(p) = port {
        out.push(b':');
        push_decimal(out, p);
    }
    // A special URL's empty path is serialized as `/` (the path start state appends "").
    if rest == path_end {
        out.push(b'/');
    }
    if classes & ENCODE == 0 {
        out.extend_from_slice(&x[rest..]);
        return Some(());
    }
    // The scheme and host are ASCII; the profile's W0 step encodes invalid UTF-8 and says so.
    if std::str::from_utf8(&x[rest..]).is_err() {
        return None;
    }
    encode_tail(x, rest, path_end, out)
}

/// Host octet classes, one load per octet: the classes of the host scan.
mod host_class {
    /// Not a host octet of the shape (anything but ASCII letters, digits, `.`, `-`, `_`).
    pub(super) const NOT_HOST: u8 = 1;
    pub(super) const UPPER: u8 = 2;
    /// Ends the host: `:`, `/`, `?`, `#`.
    pub(super) const END: u8 = 4;
}

const fn host_class_table() -> [u8; 256] {
    use host_class::*;
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_') {
            0
        } else if matches!(c, b':' | b'/' | b'?' | b'#') {
            NOT_HOST | END
        } else {
            NOT_HOST
        };
        b += 1;
    }
    t
}

static HOST_CLASS: [u8; 256] = host_class_table();

/// A host of the shape: where it ends, and whether it holds a capital.
struct Domain {
    end: usize,
    upper: bool,
}

/// The host from `h0` (`x` holds at least eight octets) if it is a domain of the shape: of host
/// octets only, not empty, and needing nothing of domain to ASCII but lowercasing, nor read as
/// an IPv4 address. That is: no empty label but a trailing one after the root dot, no `xn--`
/// label (Punycode), and a last label that does not start with a digit (the "ends in a number"
/// checker, §3.5, reads more only then).
///
/// Eight octets a word, as `plain::host_run` reads: the classes by table, the end found in the
/// word without a branch per octet, and the dots and hyphens as masks of the word, so that two
/// in a row (an empty label, a possible `xn--`) show as a mask and its shift.
#[inline(always)]
fn domain(x: &[u8], h0: usize) -> Option<Domain> {
    use host_class::*;
    let (mut classes, mut dot_pairs, mut hyphen_pairs) = (0u64, 0u64, 0u64);
    // The high bit of byte 0 when the last word's last octet was a dot (a hyphen).
    let (mut dot_carry, mut hyphen_carry) = (0u64, 0u64);
    // The last word that held a dot, and where it was read: the last dot is found once, after.
    let mut last_dots = (0u64, 0usize);
    let mut i = h0;
    let end = loop {
        if i >= x.len() {
            break x.len();
        }
        // Fewer than eight left: the last eight octets, those already read shifted out.
        let (c, shift) = match x[i..].first_chunk::<8>() {
            Some(c) => (c, 0),
            None => (
                x.last_chunk::<8>().expect("eight octets"),
                8 * (8 - (x.len() - i)),
            ),
        };
        let w = u64::from_le_bytes(*c) >> shift;
        let cls = u64::from_le_bytes(c.map(|b| HOST_CLASS[b as usize])) >> shift;
        let ends = nonzero_bytes(cls & (LO * u64::from(END)));
        // The octets of this word that are the host's, as the high bit of each.
        let (inside, n) = if ends == 0 {
            (HI, 8)
        } else {
            let k = ends.trailing_zeros() as usize / 8;
            (HI & ((1u64 << (8 * k)) - 1), k)
        };
        let dots = equal_bytes(w, b'.') & inside;
        let hyphens = equal_bytes(w, b'-') & inside;
        dot_pairs |= dots & (dots << 8 | dot_carry);
        hyphen_pairs |= hyphens & (hyphens << 8 | hyphen_carry);
        dot_carry = dots >> 56;
        hyphen_carry = hyphens >> 56;
        if dots != 0 {
            last_dots = (dots, i);
        }
        classes |= cls & ((inside >> 7) * 0xFF);
        if n < 8 {
            break i + n;
        }
        i += 8;
    };
    let classes = fold(classes);
    if end == h0 || classes & NOT_HOST != 0 || x[h0] == b'.' || dot_pairs != 0 {
        return None;
    }
    if hyphen_pairs != 0 && has_xn_label(&x[h0..end]) {
        return None;
    }
    // The last label: the one before a trailing (root) dot, not empty here.
    let last_dot = match last_dots {
        (0, _) => None,
        (dots, at) => Some(at + (63 - dots.leading_zeros() as usize) / 8),
    };
    let label = match last_dot {
        Some(d) if d + 1 == end => x[h0..d]
            .iter()
            .rposition(|&b| b == b'.')
            .map_or(h0, |k| h0 + k + 1),
        Some(d) => d + 1,
        None => h0,
    };
    if x[label].is_ascii_digit() {
        return None;
    }
    Some(Domain {
        end,
        upper: classes & UPPER != 0,
    })
}

/// Whether a label of `host` starts with `xn--`, in any case (Punycode, which domain to ASCII
/// decodes and checks).
#[cold]
fn has_xn_label(host: &[u8]) -> bool {
    host.split(|&b| b == b'.')
        .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
}

/// Whether a segment of `path` is a single-dot or double-dot segment: `.`, `..`, or those with
/// a dot written `%2e` (§4.4, "single-dot URL path segment").
#[cold]
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&b| b == b'/').any(|seg| {
        if seg.len() > 6 || seg.is_empty() {
            return false;
        }
        let mut dots = 0;
        let mut i = 0;
        while i < seg.len() {
            if seg[i] == b'.' {
                i += 1;
            } else if seg[i..].len() >= 3 && seg[i..i + 3].eq_ignore_ascii_case(b"%2e") {
                i += 3;
            } else {
                return false;
            }
            dots += 1;
        }
        dots <= 2
    })
}

/// Appends `v` in decimal.
fn push_decimal(out: &mut Vec<u8>, v: u32) {
    let mut digits = [0u8; 5];
    let mut n = 0;
    let mut v = v;
    loop {
        digits[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend(digits[..n].iter().rev());
}

/// Where an octet is percent-encoded: each of the parts' sets (§1.3), restricted to what the
/// shape lets through (no controls, DEL or `\`).
mod set {
    /// The path percent-encode set. `^` joined it in 2024; the shape declines it instead, so
    /// that the output stays the same for parsers on either side of that change.
    pub(super) const PATH: u8 = 1;
    /// The special-query percent-encode set.
    pub(super) const SPECIAL_QUERY: u8 = 2;
    /// The fragment percent-encode set.
    pub(super) const FRAGMENT: u8 = 4;
    /// `^` in a path: declined (see `PATH`).
    pub(super) const DECLINE_IN_PATH: u8 = 8;
}

const fn set_table() -> [u8; 256] {
    use set::*;
    let mut t = [0u8; 256];
    let mut b = 0x80;
    while b < 256 {
        t[b] = PATH | SPECIAL_QUERY | FRAGMENT;
        b += 1;
    }
    t[b' ' as usize] = PATH | SPECIAL_QUERY | FRAGMENT;
    t[b'"' as usize] = PATH | SPECIAL_QUERY | FRAGMENT;
    t[b'<' as usize] = PATH | SPECIAL_QUERY | FRAGMENT;
    t[b'>' as usize] = PATH | SPECIAL_QUERY | FRAGMENT;
    t[b'`' as usize] = PATH | FRAGMENT;
    t[b'{' as usize] = PATH;
    t[b'}' as usize] = PATH;
    t[b'\'' as usize] = SPECIAL_QUERY;
    t[b'^' as usize] = DECLINE_IN_PATH;
    t
}

static SET: [u8; 256] = set_table();

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The path from `rest` to `path_end`, then the query and the fragment, each octet in its
/// part's set percent-encoded (the path state, the query state with UTF-8, the fragment state).
#[cold]
fn encode_tail(x: &[u8], rest: usize, path_end: usize, out: &mut Vec<u8>) -> Option<()> {
    let mut set = set::PATH;
    for (i, &b) in x[rest..].iter().enumerate() {
        let i = rest + i;
        if i == path_end && b == b'?' {
            set = set::SPECIAL_QUERY;
        } else if b == b'#' && set != set::FRAGMENT {
            set = set::FRAGMENT;
        } else if set == set::PATH && SET[b as usize] & set::DECLINE_IN_PATH != 0 {
            return None;
        } else if SET[b as usize] & set != 0 {
            out.extend_from_slice(&[
                b'%',
                UPPER_HEX[usize::from(b >> 4)],
                UPPER_HEX[usize::from(b & 15)],
            ]);
            continue;
        }
        out.push(b);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn href(x: &str) -> Option<String> {
        let mut out = b"before".to_vec();
        if !href_into(x.as_bytes(), &mut out) {
            assert_eq!(out, b"before", "declined but wrote: {x:?}");
            return None;
        }
        Some(String::from_utf8(out[6..].to_vec()).expect("ASCII"))
    }

    #[test]
    fn the_shape_is_written_as_the_parser_serializes_it() {
        let cases = [
            ("HTTP://WWW.Example.COM", "http://www.example.com/"),
            ("https://a.b:443/x", "https://a.b/x"),
            ("https://a.b:0443/x", "https://a.b/x"),
            ("https://a.b:08080?q", "https://a.b:8080/?q"),
            ("wss://a.b:/p", "wss://a.b/p"),
            ("ftp://ftp.a.b:21/pub", "ftp://ftp.a.b/pub"),
            (
                "http://a.b/p a?q a'#f a`",
                "http://a.b/p%20a?q%20a%27#f%20a%60",
            ),
            ("http://a.b/{x}?{y}#{z}", "http://a.b/%7Bx%7D?{y}#{z}"),
            ("http://a.b/ä?ä#ä", "http://a.b/%C3%A4?%C3%A4#%C3%A4"),
            ("http://a.b/%2x/%41", "http://a.b/%2x/%41"),
            ("http://a.b./x", "http://a.b./x"),
            ("http://a.b/x#y#z?", "http://a.b/x#y#z?"),
            ("http://a.b?x?y", "http://a.b/?x?y"),
            ("http://a_b.c-d/", "http://a_b.c-d/"),
            (
                "https://www.sec.gov/edgar.shtml",
                "https://www.sec.gov/edgar.shtml",
            ),
            ("http://a.b/?q=1&r=2", "http://a.b/?q=1&r=2"),
        ];
        for (input, want) in cases {
            assert_eq!(href(input).as_deref(), Some(want), "{input}");
        }
    }

    #[test]
    fn everything_else_is_declined() {
        for input in [
            "ws://a/",
            "file:///etc",
            "mailto:a@b",
            "http:/a.b/",
            "http:///a.b/",
            "http://u@a.b/",
            "http://a.b:99999/",
            "http://a.b:8x/",
            "http://1.2.3.4/",
            "http://a.0x7f/",
            "http://xn--a.b/",
            "http://a.XN--b/",
            "http://a..b/",
            "http://.a.b/",
            "http://[::1]/",
            "http://ä.b/",
            "http://a.b/./x",
            "http://a.b/x/..",
            "http://a.b/%2E%2e/x",
            "http://a.b/x/.%2e?y",
            "http://a.b/x\ty",
            "http://a.b\\x",
            "http://a.b/x ",
            "http://a.b/^",
            "http://a%62.c/",
        ] {
            assert_eq!(href(input), None, "{input}");
        }
    }

    /// The host of the shape read octet by octet, as `domain`'s doc states it.
    fn naive_domain(x: &[u8], h0: usize) -> Option<(usize, bool)> {
        let end = (h0..x.len())
            .find(|&i| matches!(x[i], b':' | b'/' | b'?' | b'#'))
            .unwrap_or(x.len());
        let host = &x[h0..end];
        let host_octet = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_');
        if host.is_empty() || !host.iter().all(host_octet) {
            return None;
        }
        let name = host.strip_suffix(b".").unwrap_or(host);
        let labels: Vec<&[u8]> = name.split(|&b| b == b'.').collect();
        let last = labels.last().expect("split gives one");
        let empty = labels.iter().any(|l| l.is_empty());
        let xn = labels
            .iter()
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"));
        if empty || xn || last[0].is_ascii_digit() {
            return None;
        }
        Some((end, host.iter().any(u8::is_ascii_uppercase)))
    }

    #[test]
    fn the_word_scan_reads_hosts_as_the_octet_scan_does() {
        let hosts: &[&[u8]] = &[
            b"a",
            b"Www.Ex-ample_1.com",
            b"a.b.",
            b"a..b",
            b".a",
            b"a.",
            b"..",
            b".",
            b"abcdefg.",
            b"abcdefgh.1x",
            b"a.b.c.d.e.f.9",
            b"a.1",
            b"1.a",
            b"xn--a.b",
            b"a.XN--b",
            b"a-.-b.x--n",
            b"abcdefg-.-abcdef",
            b"abcdef--abc",
            b"a%62.c",
            b"a b",
            b"\xC3\xA4.b",
        ];
        for host in hosts {
            for tail in [&b""[..], b":80/x", b"/p", b"?q", b"#f"] {
                // Hosts placed at every offset of a word, cut at every length.
                for pad in 0..8 {
                    let x = [b"http://", &b"abcdefgh"[..pad], host, tail].concat();
                    for n in 8..=x.len() {
                        let x = &x[..n];
                        let got = domain(x, 7).map(|d| (d.end, d.upper));
                        assert_eq!(got, naive_domain(x, 7), "{:?}", String::from_utf8_lossy(x));
                    }
                }
            }
        }
    }

    #[test]
    fn dot_segments_are_told_from_names_with_dots() {
        assert!(!has_dot_segment(b"/.a/a./.../%2e%2e%2e/%2f"));
        assert!(has_dot_segment(b"/a/%2E"));
        assert!(has_dot_segment(b"/a/.%2e/"));
    }
}
