//! Address parsing as the Python references do it: urlcanon's lenient IPv4 (`parse.parse_ipv4`, read with
//! Python's `int()`), and `ipaddress.IPv6Address` with CPython 3.11's text form.

/// Magnitudes are clamped here: anything that large is out of every range checked, and the
/// arithmetic below stays inside `i128`.
const CLAMP: i128 = 1 << 100;

/// Python's `int(s, base)` on octets: surrounding ASCII whitespace, a sign, the base's prefix,
/// `_` between digits. `None` where Python raises `ValueError`.
pub(crate) fn py_int(s: &[u8], base: u32) -> Option<i128> {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let start = s.iter().position(|b| !is_space(b))?;
    let end = s.iter().rposition(|b| !is_space(b))? + 1;
    let mut t = &s[start..end];
    let mut negative = false;
    if let Some((&c, rest)) = t.split_first()
        && (c == b'+' || c == b'-')
    {
        negative = c == b'-';
        t = rest;
    }
    let mut prefixed = false;
    if t.len() >= 2 && t[0] == b'0' {
        let p = t[1].to_ascii_lowercase();
        if (base == 16 && p == b'x') || (base == 8 && p == b'o') || (base == 2 && p == b'b') {
            t = &t[2..];
            prefixed = true;
        }
    }
    // After a prefix one `_` may come first (`0x_1f`).
    if prefixed && t.first() == Some(&b'_') {
        t = &t[1..];
    }
    if t.is_empty() {
        return None;
    }
    let mut value: i128 = 0;
    let mut last_underscore = true;
    for &b in t {
        if b == b'_' {
            if last_underscore {
                return None;
            }
            last_underscore = true;
            continue;
        }
        let d = (b as char).to_digit(base)? as i128;
        value = (value * base as i128 + d).min(CLAMP);
        last_underscore = false;
    }
    if last_underscore {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// urlcanon's `_parse_num`.
fn uc_num(s: &[u8]) -> Option<i128> {
    if s.len() >= 2 && (s.starts_with(b"0x") || s.starts_with(b"0X")) {
        if s.len() >= 3 {
            py_int(&s[2..], 16)
        } else {
            Some(0)
        }
    } else if s.len() >= 2 && s[0] == b'0' {
        py_int(&s[1..], 8)
    } else if s.is_empty() {
        Some(0)
    } else {
        py_int(s, 10)
    }
}

/// `UC-IPV4` (urlcanon `parse_ipv4`): the value, or `None` if the host is not IPv4 to urlcanon.
/// The value can be negative (`-1`), which urlcanon accepts here and fails on when it prints it.
pub(crate) fn uc_ipv4(host: &[u8]) -> Option<i128> {
    let mut parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    let n = |p: &[u8]| uc_num(p);
    let v = match parts.len() {
        1 => n(parts[0])?,
        2 => {
            let b = n(parts[1])?;
            if b >= 1 << 24 {
                return None;
            }
            (n(parts[0])? << 24) + b
        }
        3 => {
            let b = n(parts[1])?;
            if b >= 1 << 8 {
                return None;
            }
            let c = n(parts[2])?;
            if c >= 1 << 16 {
                return None;
            }
            (n(parts[0])? << 24) + (b << 16) + c
        }
        4 => {
            let (b, c, d) = (n(parts[1])?, n(parts[2])?, n(parts[3])?);
            if b >= 256 || c >= 256 || d >= 256 {
                return None;
            }
            (n(parts[0])? << 24) + (b << 16) + (c << 8) + d
        }
        // No part (the host was "" or "."), or more than four.
        _ => return None,
    };
    if v >= 1 << 32 {
        return None;
    }
    Some(v)
}

/// Dotted decimal of a value `0..2^32`.
pub(crate) fn dotted(v: u32) -> Vec<u8> {
    let [a, b, c, d] = v.to_be_bytes();
    format!("{a}.{b}.{c}.{d}").into_bytes()
}

/// Python's `IPv4Address(str)`: exactly four decimal octets, no leading zero.
fn strict_ipv4(s: &[u8]) -> Option<u32> {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut v: u32 = 0;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if p.len() > 1 && p[0] == b'0' {
            return None;
        }
        let o: u32 = std::str::from_utf8(p).ok()?.parse().ok()?;
        if o > 255 {
            return None;
        }
        v = v << 8 | o;
    }
    Some(v)
}

/// Python 3.11's `ipaddress.IPv6Address(text)` as an integer (the scope id is accepted and
/// dropped, as `int()` drops it).
pub(crate) fn py_ipv6(text: &[u8]) -> Option<u128> {
    if text.contains(&b'/') {
        return None;
    }
    let addr = match text.iter().position(|&b| b == b'%') {
        Some(i) => {
            let scope = &text[i + 1..];
            if scope.is_empty() || scope.contains(&b'%') {
                return None;
            }
            &text[..i]
        }
        None => text,
    };
    if addr.is_empty() {
        return None;
    }
    let mut parts: Vec<Vec<u8>> = addr.split(|&b| b == b':').map(<[u8]>::to_vec).collect();
    if parts.len() < 3 {
        return None;
    }
    if parts.last().is_some_and(|p| p.contains(&b'.')) {
        let v4 = strict_ipv4(&parts.pop()?)?;
        parts.push(format!("{:x}", v4 >> 16).into_bytes());
        parts.push(format!("{:x}", v4 & 0xffff).into_bytes());
    }
    if parts.len() > 9 {
        return None;
    }
    let mut skip = None;
    for (i, p) in parts.iter().enumerate().take(parts.len() - 1).skip(1) {
        if p.is_empty() {
            if skip.is_some() {
                return None;
            }
            skip = Some(i);
        }
    }
    let (hi, lo, skipped) = match skip {
        Some(k) => {
            let mut hi = k;
            let mut lo = parts.len() - k - 1;
            if parts[0].is_empty() {
                hi -= 1;
                if hi != 0 {
                    return None;
                }
            }
            if parts[parts.len() - 1].is_empty() {
                lo -= 1;
                if lo != 0 {
                    return None;
                }
            }
            let skipped = 8i32 - (hi + lo) as i32;
            if skipped < 1 {
                return None;
            }
            (hi, lo, skipped as u32)
        }
        None => {
            if parts.len() != 8 || parts[0].is_empty() || parts[7].is_empty() {
                return None;
            }
            (parts.len(), 0, 0)
        }
    };
    let hextet = |p: &[u8]| -> Option<u128> {
        if p.is_empty() || p.len() > 4 || !p.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        u128::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok()
    };
    let mut v: u128 = 0;
    for p in &parts[..hi] {
        v = v << 16 | hextet(p)?;
    }
    v = v.checked_shl(16 * skipped).unwrap_or(0);
    for p in &parts[parts.len() - lo..] {
        v = v << 16 | hextet(p)?;
    }
    Some(v)
}

/// CPython 3.11's `str(IPv6Address(v))`: lowercase hex, the first longest run of two or more
/// zero groups as `::`; IPv4-mapped addresses stay in hex.
pub(crate) fn ipv6_text(v: u128) -> String {
    let groups: Vec<u16> = (0..8).map(|i| (v >> (112 - 16 * i)) as u16).collect();
    let (mut best, mut best_len, mut cur, mut cur_len) = (0usize, 0usize, 0usize, 0usize);
    for (i, &g) in groups.iter().enumerate() {
        if g == 0 {
            if cur_len == 0 {
                cur = i;
            }
            cur_len += 1;
            if cur_len > best_len {
                best = cur;
                best_len = cur_len;
            }
        } else {
            cur_len = 0;
        }
    }
    let hex = |gs: &[u16]| {
        gs.iter()
            .map(|g| format!("{g:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    if best_len > 1 {
        format!(
            "{}::{}",
            hex(&groups[..best]),
            hex(&groups[best + best_len..])
        )
    } else {
        hex(&groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_int_leniency() {
        assert_eq!(py_int(b"1_0", 10), Some(10));
        assert_eq!(py_int(b" 1", 10), Some(1));
        assert_eq!(py_int(b"-1", 10), Some(-1));
        assert_eq!(py_int(b"1__0", 10), None);
        assert_eq!(py_int(b"0x10", 16), Some(16));
        assert_eq!(py_int(b"", 10), None);
    }

    #[test]
    fn urlcanon_ipv4() {
        assert_eq!(uc_ipv4(b"0x7f.1"), Some(0x7f00_0001));
        assert_eq!(uc_ipv4(b"..0x7f.1"), Some(0x7f01));
        assert_eq!(uc_ipv4(b"1_0"), Some(10));
        assert_eq!(uc_ipv4(b"-1"), Some(-1));
        assert_eq!(uc_ipv4(b"39024579298"), None);
        assert_eq!(uc_ipv4(b"a.com"), None);
    }

    #[test]
    fn ipv6_in_cpython_form() {
        let v = py_ipv6(b"::FFFF:1.2.3.4").unwrap();
        assert_eq!(ipv6_text(v), "::ffff:102:304");
        assert_eq!(ipv6_text(py_ipv6(b"::0:1").unwrap()), "::1");
        assert_eq!(ipv6_text(0), "::");
        assert_eq!(py_ipv6(b"1:2"), None);
        assert_eq!(ipv6_text(py_ipv6(b"fe80::1%eth0").unwrap()), "fe80::1");
    }
}
