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
    pub const NOT_HOST: u8 = 1;
    /// Never in the shape: an octet some profile rewrites or re-reads.
    pub const REJECT: u8 = 2;
    pub const UPPER: u8 = 4;
    pub const HYPHEN: u8 = 8;
    /// `~`, `=` and `&`: FidoURL encodes them in some places.
    pub const FIDO: u8 = 16;
    pub const SLASH: u8 = 32;
    pub const QMARK: u8 = 64;
    pub const HASH: u8 = 128;
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
pub struct Plain {
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
    /// The union of the classes of the path's and the query's octets, the query's own `?`
    /// excepted (the path's `/` are not counted).
    pub rest: u8,
    /// The union of the classes of the fragment's octets (after its `#`).
    pub fragment: u8,
}

impl Plain {
    pub fn is_https(&self) -> bool {
        self.scheme == 5
    }

    pub fn has(&self, bits: u8) -> bool {
        (self.host | self.rest | self.fragment) & bits != 0
    }

    /// Append `x[..end]` with the scheme, and the host when `host` is set, lowercased.
    pub fn write_lowered(&self, x: &[u8], end: usize, host: bool, out: &mut Vec<u8>) {
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

pub use class::{FIDO, HYPHEN, QMARK};

/// Scan `x[i..]` while no octet of `stop` is met, adding each octet's class to `acc`.
#[inline(always)]
fn run(x: &[u8], mut i: usize, stop: u8, acc: &mut u8) -> usize {
    // Eight octets at a time while none of them stops the run: one test and one branch per
    // eight, the rest one by one.
    while let Some(c) = x.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let m = c.iter().fold(0, |m, &b| m | CLASS[b as usize]);
        if m & stop != 0 {
            break;
        }
        *acc |= m;
        i += 8;
    }
    while i < x.len() {
        let c = CLASS[x[i] as usize];
        if c & stop != 0 {
            break;
        }
        *acc |= c;
        i += 1;
    }
    i
}

/// Is the segment starting at `s` `.` or `..`, whole or before a `;` (PDF's reading of the last
/// segment)? A `;` ends it here in every segment, so this may say yes where a profile says no;
/// the general path then decides.
#[inline]
fn dot_segment(x: &[u8], s: usize) -> bool {
    let mut j = s;
    if x.get(j) != Some(&b'.') {
        return false;
    }
    j += 1;
    if x.get(j) == Some(&b'.') {
        j += 1;
    }
    x.get(j)
        .is_none_or(|&b| matches!(b, b'/' | b'?' | b'#' | b';'))
}

/// Read `x` as the plain shape, or `None`.
pub fn read(x: &[u8]) -> Option<Plain> {
    use class::*;
    let scheme = match x.get(..8)? {
        [h, t1, t2, p, b':', b'/', b'/', _] if is_http(*h, *t1, *t2, *p) => 4,
        [h, t1, t2, p, s, b':', b'/', b'/'] if is_http(*h, *t1, *t2, *p) && s | 0x20 == b's' => 5,
        _ => return None,
    };
    let scheme_upper = x[..scheme].iter().any(u8::is_ascii_uppercase);

    let h0 = scheme + 3;
    let mut host = 0;
    let host_end = run(x, h0, SLASH | QMARK | HASH, &mut host);
    if host_end == h0 || host & NOT_HOST != 0 {
        return None;
    }

    let mut rest = 0;
    let mut i = host_end;
    while i < x.len() && x[i] == b'/' {
        if dot_segment(x, i + 1) {
            return None;
        }
        i = run(x, i + 1, SLASH | QMARK | HASH, &mut rest);
    }
    let path_end = i;
    if i < x.len() && x[i] == b'?' {
        i = run(x, i + 1, HASH, &mut rest);
    }
    let hash = i;
    let mut fragment = 0;
    if i < x.len() && run(x, i + 1, HASH, &mut fragment) < x.len() {
        // A second '#': data that FidoURL and RFC 3986 encode.
        return None;
    }
    if (rest | fragment) & REJECT != 0 {
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
        fragment,
    })
}

#[inline]
fn is_http(h: u8, t1: u8, t2: u8, p: u8) -> bool {
    h | 0x20 == b'h' && t1 | 0x20 == b't' && t2 | 0x20 == b't' && p | 0x20 == b'p'
}
