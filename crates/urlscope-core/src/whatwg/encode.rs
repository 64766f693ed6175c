//! The percent-encode sets and percent-encoding of the URL Standard (§1.3).

use super::trace::EncodeSet;

/// Whether the code point `c` is in `set` (and so is percent-encoded).
#[inline]
pub fn in_set(c: char, set: EncodeSet) -> bool {
    let _ = (c, set);
    unimplemented!("percent-encode sets")
}

/// UTF-8 percent-encodes `c` with `set` onto `out`; true when it was encoded.
#[inline]
pub fn encode_char(c: char, set: EncodeSet, out: &mut String) -> bool {
    let _ = (c, set, out);
    unimplemented!("percent-encode")
}

/// Percent-decodes `input` (§1.3 "percent-decode").
pub fn percent_decode(input: &[u8]) -> Vec<u8> {
    let _ = input;
    unimplemented!("percent-decode")
}
