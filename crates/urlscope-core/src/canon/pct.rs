//! The percent primitives the crawler canonicalizers share (docs/canon.md): one
//! decoding pass, decoding until nothing changes, and encoding an octet set, over octets.

/// A set of octets, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Set([u64; 4]);

impl Set {
    pub(crate) const EMPTY: Set = Set([0; 4]);

    /// The set of the octets `lo..=hi`.
    pub(crate) const fn range(self, lo: u8, hi: u8) -> Set {
        let mut s = self;
        let mut b = lo as usize;
        while b <= hi as usize {
            s.0[b / 64] |= 1 << (b % 64);
            b += 1;
        }
        s
    }

    /// The set plus each octet of `octets`.
    pub(crate) const fn with(self, octets: &[u8]) -> Set {
        let mut s = self;
        let mut i = 0;
        while i < octets.len() {
            let b = octets[i] as usize;
            s.0[b / 64] |= 1 << (b % 64);
            i += 1;
        }
        s
    }

    #[inline]
    pub(crate) const fn has(&self, b: u8) -> bool {
        self.0[(b / 64) as usize] & (1 << (b % 64)) != 0
    }
}

/// `C0`: the C0 controls and everything above `~`.
pub(crate) const C0: Set = Set::EMPTY.range(0x00, 0x1f).range(0x7f, 0xff);
/// `PATH`: `C0` and SP `" # < > ?` `` ` `` `{ }`.
pub(crate) const PATH: Set = C0.with(b" \"#<>?`{}");
/// `QUERY`: C0 controls, SP, `" # < >` and everything above `~`.
pub(crate) const QUERY: Set = Set::EMPTY
    .range(0x00, 0x20)
    .range(0x7f, 0xff)
    .with(b"\"#<>");
/// `USERINFO`: `PATH` and `/ : ; = @ [ \ ] ^ |`.
pub(crate) const USERINFO: Set = PATH.with(b"/:;=@[\\]^|");
/// `HOST`: what urlcanon's WHATWG emulation encodes in a host.
pub(crate) const HOST: Set = Set::EMPTY.range(0x00, 0x20).range(0x7f, 0xff);
/// `GOOGLE`: the Safe Browsing set (and surt's `escapeOnce`).
pub(crate) const GOOGLE: Set = HOST.with(b"#%");
/// `LD-USER`, `LD-PATH`, `LD-QUERY`: urlcanon's "less dumb" sets.
pub(crate) const LD_USER: Set = GOOGLE.with(b":@");
pub(crate) const LD_PATH: Set = GOOGLE.with(b"?");
pub(crate) const LD_QUERY: Set = GOOGLE.with(b"&=");

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The triplet at `s[i..]`, if `s[i]` starts one.
#[inline]
pub(crate) fn triplet_at(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*s.get(i + 1)?)?;
    let lo = hex_value(*s.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Append `%HH` (uppercase hex) for `b`.
#[inline]
pub(crate) fn push_encoded(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[
        b'%',
        HEX_UPPER[(b >> 4) as usize],
        HEX_UPPER[(b & 15) as usize],
    ]);
}

/// `DEC1`: one decoding pass (Python's `unquote_to_bytes`); `%` without two hex digits stays.
pub(crate) fn dec1(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if let Some(v) = triplet_at(s, i) {
            out.push(v);
            i += 3;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// `DEC1` in place; whether anything was decoded.
pub(crate) fn dec1_in_place(s: &mut Vec<u8>) -> bool {
    if !s.contains(&b'%') {
        return false;
    }
    let d = dec1(s);
    let changed = d.len() != s.len();
    *s = d;
    changed
}

/// `DECR`: `DEC1` until nothing changes.
pub(crate) fn decr_in_place(s: &mut Vec<u8>) {
    while dec1_in_place(s) {}
}

/// `DECR` of a copy.
pub(crate) fn decr(s: &[u8]) -> Vec<u8> {
    let mut v = s.to_vec();
    decr_in_place(&mut v);
    v
}

/// `ENC(s, set)`: each octet of `set` becomes its triplet.
pub(crate) fn enc_in_place(s: &mut Vec<u8>, set: &Set) {
    if !s.iter().any(|&b| set.has(b)) {
        return;
    }
    let mut out = Vec::with_capacity(s.len() + 8);
    for &b in s.iter() {
        if set.has(b) {
            push_encoded(&mut out, b);
        } else {
            out.push(b);
        }
    }
    *s = out;
}

/// `ENC` of a copy.
pub(crate) fn enc(s: &[u8], set: &Set) -> Vec<u8> {
    let mut v = s.to_vec();
    enc_in_place(&mut v, set);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_follows_python() {
        assert_eq!(decr(b"%25252525"), b"%");
        assert_eq!(decr(b"%2541"), b"A");
        assert_eq!(dec1(b"%zz%4"), b"%zz%4");
        assert_eq!(decr(b"%!A%21%21%25"), b"%!A!!%");
        assert_eq!(decr(b"%25%"), b"%%");
    }

    #[test]
    fn encoding_uses_uppercase_hex() {
        assert_eq!(enc(b"a b\xff#%", &GOOGLE), b"a%20b%FF%23%25");
        assert_eq!(enc(b"a b", &C0), b"a b");
    }
}
