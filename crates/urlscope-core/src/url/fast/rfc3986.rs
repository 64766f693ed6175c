//! RFC 3986 (M1–M9, docs/lenses.md) in one pass, for text without `%`, whitespace or brackets. Then
//! M1 removes at most one frame, M3's triplets are the only ones (uppercase, of octets that are
//! never unreserved: M4 and M5 change nothing), and M3's encodings and M6's lowercasing move no
//! delimiter, so the split of M2 holds for M6–M9: one pass writes them all.
//!
//! Declined as well: a scheme with a dot segment in its path (M7).

use crate::url::syntax::diag::Diag;
use std::ops::Range;

use super::{DELIM, delim, find, path, plain};
use crate::url::syntax::diag;
use crate::url::syntax::octets::{self, set, starts_with_ci};

const DECLINE: u32 = set::PERCENT | set::WHITESPACE | set::BRACKET;
/// What M3 looks at anywhere: the declined octets, and '#' (data after the fragment's own).
const TRIGGER: u32 = DECLINE | set::NO_GRAPHIC | set::R3986_DISALLOWED | set::HASH;

/// M2's split (`split::split`) for text without brackets, with what M3 and M6 need.
struct Parts {
    scheme: Option<usize>,
    authority: bool,
    /// Where `@`s are data: the userinfo, before the last `@` of the authority.
    userinfo: Range<usize>,
    host: Range<usize>,
    port: Option<Range<usize>>,
    bad_port: bool,
    path: Range<usize>,
    /// Where `:`s are data: the first segment of a relative-path reference.
    first_segment: Range<usize>,
    /// A segment of the path is `.` or `..`.
    dots: bool,
    /// The fragment's `#`: every later `#` is data.
    hash: usize,
}

fn split(s: &[u8]) -> Parts {
    // The first of ':', '/', '?', '#' is a scheme's ':' exactly when every octet before it is a
    // scheme octet (none of the four is one).
    let n = s
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .unwrap_or(s.len());
    let scheme = (n > 0 && s.get(n) == Some(&b':') && s[0].is_ascii_alphabetic()).then_some(n);
    let mut i = scheme.map_or(0, |n| n + 1);
    let mut p = Parts {
        scheme,
        authority: false,
        userinfo: 0..0,
        host: i..i,
        port: None,
        bad_port: false,
        path: 0..0,
        first_segment: 0..0,
        dots: false,
        hash: s.len(),
    };
    if s[i..].starts_with(b"//") {
        // Up to the first '/', '?' or '#'; the userinfo ends at the last '@', the port starts
        // after the last ':' behind it.
        let a = i + 2;
        let (mut at, mut colon) = (None, None);
        let mut z = a;
        while z < s.len() {
            let d = DELIM[s[z] as usize];
            if d & (delim::SLASH | delim::QMARK | delim::HASH) != 0 {
                break;
            }
            if d & delim::AT != 0 {
                at = Some(z);
                colon = None;
            } else if d & delim::COLON != 0 {
                colon = Some(z);
            }
            z += 1;
        }
        p.authority = true;
        let hp = at.map_or(a, |k| {
            p.userinfo = a..k;
            k + 1
        });
        match colon {
            Some(k) if s[k + 1..z].iter().all(u8::is_ascii_digit) => {
                p.host = hp..k;
                p.port = Some(k + 1..z);
            }
            Some(_) => {
                p.host = hp..z;
                p.bad_port = true;
            }
            None => p.host = hp..z,
        }
        i = z;
    }
    let (pz, dots) = path(s, i, false);
    p.path = i..pz;
    p.dots = dots;
    if p.scheme.is_none() && !p.authority && s.get(i) != Some(&b'/') {
        p.first_segment = i..find(&s[..pz], i, delim::SLASH);
    }
    p.hash = match s.get(pz) {
        Some(b'?') => memchr::memchr(b'#', &s[pz..]).map_or(s.len(), |k| pz + k),
        _ => pz,
    };
    p
}

pub(crate) fn normalize_into(x: &[u8], out: &mut Vec<u8>, flags: &mut Vec<Diag>) -> bool {
    if let Some(p) = plain::read(x) {
        // No frame (M1), nothing to encode (M3), no port (M8): M6 lowers the scheme and host,
        // M9 gives an empty path its '/'.
        if p.path_end == p.host_end {
            p.write_lowered(x, p.host_end, true, out);
            out.push(b'/');
            out.extend_from_slice(&x[p.host_end..]);
        } else {
            p.write_lowered(x, x.len(), true, out);
        }
        return true;
    }
    // M1 without whitespace: one `<URL:…>`, `<…>` or `"…"` frame at most.
    let n = x.len();
    let open = if n >= 6 && x[0] == b'<' && starts_with_ci(&x[1..], b"URL:") && x[n - 1] == b'>' {
        5
    } else if n >= 2 && matches!((x[0], x[n - 1]), (b'<', b'>') | (b'"', b'"')) {
        1
    } else {
        0
    };
    let s = if open > 0 { &x[open..n - 1] } else { x };
    let p = split(s);
    if p.scheme.is_some() && p.dots {
        return false;
    }

    let scheme = p.scheme.map(|n| &s[..n]);
    // M8: an empty port, or the scheme's default, goes with its ':'.
    let drop_port = p.port.clone().filter(|port| {
        let digits = &s[port.clone()];
        digits.is_empty()
            || scheme.is_some_and(|sc| {
                DEFAULT_PORTS.iter().any(|&(name, d)| {
                    sc.eq_ignore_ascii_case(name.as_bytes()) && port_value(digits) == Some(d)
                })
            })
    });
    // M9: a web URI with an authority and an empty path gets '/'.
    let slash = p.authority
        && p.path.is_empty()
        && scheme.is_some_and(|sc| {
            ["http", "https", "ws", "wss"]
                .iter()
                .any(|w| sc.eq_ignore_ascii_case(w.as_bytes()))
        });

    // Written as it is read: a declined octet undoes what was written. From the path on, no
    // octet is lowered and only the first relative segment's ':' is encoded.
    let start = out.len();
    let head = TRIGGER | set::UPPER | set::AT | set::COLON;
    let tail = TRIGGER
        | if p.first_segment.is_empty() {
            0
        } else {
            set::COLON
        };
    let written = match drop_port {
        Some(port) => {
            write(s, 0..port.start - 1, &p, head, out)
                && write(s, port.end..p.path.start, &p, head, out)
        }
        None => write(s, 0..p.path.start, &p, head, out),
    } && {
        if slash {
            out.push(b'/');
        }
        write(s, p.path.start..s.len(), &p, tail, out)
    };
    if !written {
        out.truncate(start);
        return false;
    }
    if p.bad_port {
        flags.push(diag::E_RFC3986_PORT);
    }
    true
}

/// M3 and M6 over `s[range]`: encode what the component forbids raw, lower the scheme and host.
/// Only octets of `trigger` are looked at. `false` at a declined octet.
fn write(s: &[u8], range: Range<usize>, p: &Parts, trigger: u32, out: &mut Vec<u8>) -> bool {
    let scheme = 0..p.scheme.unwrap_or(0);
    let mut copied = range.start;
    for (i, &b) in s[range.clone()].iter().enumerate() {
        if !octets::is(b, trigger) {
            continue;
        }
        let i = range.start + i;
        let encode = match b {
            _ if octets::is(b, DECLINE) => return false,
            b'#' => i > p.hash,
            b'@' => p.userinfo.contains(&i),
            b':' => p.host.contains(&i) || p.first_segment.contains(&i),
            b'A'..=b'Z' => {
                if scheme.contains(&i) || p.host.contains(&i) {
                    out.extend_from_slice(&s[copied..i]);
                    out.push(b.to_ascii_lowercase());
                    copied = i + 1;
                }
                continue;
            }
            _ => true,
        };
        if encode {
            out.extend_from_slice(&s[copied..i]);
            out.extend_from_slice(&octets::encoded(b));
            copied = i + 1;
        }
    }
    out.extend_from_slice(&s[copied..range.end]);
    true
}
/// The default ports of §6.2.3 that M8 knows (lowercased scheme, port).
pub(crate) const DEFAULT_PORTS: [(&str, u32); 5] = [
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
    ("ftp", 21),
];

/// The numeric value of a run of digits, leading zeros allowed; `None` past `u32`.
pub(crate) fn port_value(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |v, &d| {
        v.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })
}
