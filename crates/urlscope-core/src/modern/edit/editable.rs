//! The text an editor shows for a value, and back: decoded UTF-8, with every octet that is not
//! part of valid UTF-8 — and every `%` — shown as its triplet, so that the text maps back to
//! exactly the octets ([`from_editable`]) and then goes through `set_component` with
//! `Encode::Encoded`.

use crate::url::syntax::octets;

/// The editor's text for the decoded octets `value`.
pub fn editable(value: &[u8]) -> String {
    let mut out = String::with_capacity(value.len());
    for chunk in value.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '%' {
                out.push_str("%25");
            } else {
                out.push(c);
            }
        }
        for &b in chunk.invalid() {
            out.extend(octets::encoded(b).iter().map(|&d| d as char));
        }
    }
    out
}

/// The octets an editor's text stands for: each valid triplet is its octet, everything else
/// is the text's UTF-8.
pub fn from_editable(text: &str) -> Vec<u8> {
    octets::units_in(text.as_bytes(), 0..text.len())
        .map(|u| u.value)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_of_any_octets() {
        for v in [
            &b"plain"[..],
            "é 日本".as_bytes(),
            b"%41 and %",
            b"\xff\xc3(",
            b"\x00\x1b",
        ] {
            assert_eq!(from_editable(&editable(v)), v, "{v:?}");
        }
        assert_eq!(editable(b"a%\xff"), "a%25%FF");
    }
}
