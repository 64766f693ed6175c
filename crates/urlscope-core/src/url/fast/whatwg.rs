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

use super::plain::{host_run, rest_run};

/// Octet classes, one load per octet; a word's classes are or-ed together eight at a time.
mod class {
    /// Not a host octet of the shape (anything but ASCII letters, digits, `.`, `-`, `_`).
    pub const NOT_HOST: u8 = 1;
    pub const UPPER: u8 = 2;
    /// Ends the host: `:`, `/`, `?`, `#`.
    pub const HOST_END: u8 = 4;
    /// Never in the shape after the host: C0 controls (the tab and newlines the parser
    /// removes among them), DEL and `\` (a path delimiter of special URLs).
    pub const REJECT: u8 = 8;
    /// In some part's percent-encode set: space, `"`, `<`, `>`, `` ` ``, `{`, `}`, `'`, `^`
    /// and every non-ASCII octet.
    pub const ENCODE: u8 = 16;
    pub const QMARK: u8 = 32;
    pub const HASH: u8 = 64;
    /// `%`: a `%2e` segment is a dot segment.
    pub const PERCENT: u8 = 128;
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
            b'A'..=b'Z' => UPPER,
            b':' | b'/' => HOST_END,
            b'?' => HOST_END | QMARK,
            b'#' => HOST_END | HASH,
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

/// The scheme's entry in [`SCHEMES`] and the length of `scheme://`, from the first eight
/// octets.
#[inline(always)]
fn scheme(x: &[u8]) -> Option<(&'static [u8], u16)> {
    // Setting the case bit (0x20) maps no other octet onto a letter of these names.
    let w = u64::from_le_bytes(*x.first_chunk::<8>()?);
    let lower = |n: usize| w | (0x2020_2020_2020_2020 >> (8 * (8 - n)));
    let is = |name: &[u8], n: usize| {
        let mut want = [0u8; 8];
        want[..name.len()].copy_from_slice(name);
        let mask = u64::MAX >> (8 * (8 - name.len()));
        (lower(n) & mask) == u64::from_le_bytes(want) & mask
    };
    // The scheme's letters get the case bit, `://` is compared as it is; http and https first.
    if is(SCHEMES[1].0, 5) {
        return Some(SCHEMES[1]);
    }
    SCHEMES
        .into_iter()
        .find(|&(name, _)| is(name, name.len() - 3))
}

/// The shape's parse and serialization; `None` (with `out` partly written) where it declines.
#[inline(always)]
fn write(x: &[u8], out: &mut Vec<u8>) -> Option<()> {
    use class::*;
    let (prefix, default_port) = scheme(x)?;
    // Trailing spaces and controls are stripped by the parser (basic URL parser, step 1).
    if x.last().is_none_or(|&b| b <= b' ') {
        return None;
    }
    let h0 = prefix.len();
    let (host_end, host) = host_run(x, h0, &CLASS, HOST_END);
    if host_end == h0 || host & NOT_HOST != 0 || !plain_domain(&x[h0..host_end]) {
        return None;
    }
    // The port's digits (the port state), up to the path, query or fragment.
    let mut rest = host_end;
    let mut port = None;
    if x.get(host_end) == Some(&b':') {
        let digits = &x[host_end + 1..];
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
        rest = host_end + 1 + n;
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

    out.reserve(x.len() + 8);
    out.extend_from_slice(prefix);
    let host_at = out.len();
    out.extend_from_slice(&x[h0..host_end]);
    if host & UPPER != 0 {
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

/// Whether the domain `host` (of host octets only, not empty) needs nothing of domain to ASCII
/// but lowercasing and is not read as an IPv4 address: no empty label but a trailing one after
/// the root dot, no `xn--` label (Punycode), and a last label that does not start with a digit
/// (the "ends in a number" checker, §3.5, reads more only then).
#[inline(always)]
fn plain_domain(host: &[u8]) -> bool {
    let name = host.strip_suffix(b".").unwrap_or(host);
    // Two dots in a row (or a leading one) make an empty label; two hyphens may start `xn--`.
    let (mut prev, mut hyphens) = (b'.', false);
    for &b in name {
        if b == b'.' && prev == b'.' {
            return false;
        }
        hyphens |= b == b'-' && prev == b'-';
        prev = b;
    }
    if hyphens
        && name
            .split(|&b| b == b'.')
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
    {
        return false;
    }
    // The last label, not empty here (`name` does not end with a dot unless it is all dots).
    let last = memchr::memrchr(b'.', name).map_or(0, |d| d + 1);
    name.get(last).is_some_and(|b| !b.is_ascii_digit())
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
    pub const PATH: u8 = 1;
    /// The special-query percent-encode set.
    pub const SPECIAL_QUERY: u8 = 2;
    /// The fragment percent-encode set.
    pub const FRAGMENT: u8 = 4;
    /// `^` in a path: declined (see `PATH`).
    pub const DECLINE_IN_PATH: u8 = 8;
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

    #[test]
    fn dot_segments_are_told_from_names_with_dots() {
        assert!(!has_dot_segment(b"/.a/a./.../%2e%2e%2e/%2f"));
        assert!(has_dot_segment(b"/a/%2E"));
        assert!(has_dot_segment(b"/a/.%2e/"));
    }
}
