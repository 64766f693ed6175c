//! RFC 1738 (R0–R5, docs/rules.md) for the plain http(s) shape only. There R1–R4 meet no triplet and no
//! unsafe or non-graphic octet but `~` (encoded wherever it is) and the fragment mark (kept),
//! and R5 no triplet: the output is the input with each `~` written `%7E`. Every other shape
//! runs through the steps.

use super::plain;
use crate::url::syntax::octets;

pub(crate) fn normalize_into(x: &[u8], out: &mut Vec<u8>) -> bool {
    let Some(p) = plain::read(x) else {
        return false;
    };
    if !p.has(plain::FIDO) {
        out.extend_from_slice(x);
        return true;
    }
    // `~` shares its class with `=` and `&`, which R1–R4 keep.
    let mut copied = 0;
    for i in memchr::memchr_iter(b'~', x) {
        out.extend_from_slice(&x[copied..i]);
        out.extend_from_slice(&octets::encoded(b'~'));
        copied = i + 1;
    }
    out.extend_from_slice(&x[copied..]);
    true
}
