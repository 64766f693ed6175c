//! Terminal-safe display of untrusted octets.
//!
//! Input octets never reach the terminal raw: valid UTF-8 is kept where it is harmless, and
//! everything that could move the cursor, start an escape sequence, reorder text or hide itself
//! is written as a visible token:
//!
//! - C0 controls (00–1F), DEL (7F) and octets that are not part of valid UTF-8: `\xHH`;
//! - a backslash: `\\` (so the escapes are unambiguous);
//! - C1 controls U+0080–U+009F, bidi controls U+061C, U+200E–U+200F, U+202A–U+202E,
//!   U+2066–U+2069, zero-width and invisible characters U+180E, U+200B–U+200D, U+2060–U+2064,
//!   U+FEFF, line/paragraph separators U+2028–U+2029, and noncharacter U+FFFE–U+FFFF: `⟨U+XXXX⟩`.

use std::fmt::Write as _;

/// Is `c` a code point that must be shown as a `⟨U+XXXX⟩` token?
pub fn is_hidden_char(c: char) -> bool {
    matches!(c as u32,
        0x80..=0x9F
        | 0x061C
        | 0x180E
        | 0x200B..=0x200F
        | 0x2028..=0x202E
        | 0x2060..=0x2064
        | 0x2066..=0x2069
        | 0xFEFF
        | 0xFFF9..=0xFFFB
        | 0xFFFE..=0xFFFF)
}

/// Append the terminal-safe form of `s` to `out`.
pub fn escape_into(s: &[u8], out: &mut String) {
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                    let _ = write!(out, "\\x{:02X}", c as u32);
                }
                c if is_hidden_char(c) => {
                    let _ = write!(out, "⟨U+{:04X}⟩", c as u32);
                }
                c => out.push(c),
            }
        }
        for &b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
}

/// The terminal-safe form of `s`.
pub fn escape_bytes(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(s, &mut out);
    out
}

/// Like [`escape_bytes`], but also shows a space as `␠` so edges and runs of spaces are visible.
pub fn escape_visible_space(s: &[u8]) -> String {
    escape_bytes(s).replace(' ', "␠")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_octets_are_tokens() {
        let s = escape_bytes(b"a\x1b[31mb\x07\xc2\x9b\xe2\x80\xae\xef\xbb\xbf\xff\\");
        assert_eq!(s, "a\\x1B[31mb\\x07⟨U+009B⟩⟨U+202E⟩⟨U+FEFF⟩\\xFF\\\\");
        assert!(!s.bytes().any(|b| b < 0x20 || b == 0x7f));
    }

    #[test]
    fn harmless_utf8_kept() {
        assert_eq!(escape_bytes("Hyvätti ~".as_bytes()), "Hyvätti ~");
    }
}
