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

pub use urlscope_core::url::notation::is_hidden_char;

/// Call `f(piece, is_token)` for the terminal-safe form of `s`, piece by piece: runs of text
/// that are shown as they are (`is_token == false`) and escape tokens (`\xHH`, `\\`, `⟨U+XXXX⟩`).
pub fn escape_pieces(s: &[u8], f: impl FnMut(&str, bool)) {
    urlscope_core::url::notation::visible_pieces(s, f);
}

/// Append the terminal-safe form of `s` to `out`.
pub fn escape_into(s: &[u8], out: &mut String) {
    escape_pieces(s, |piece, _| out.push_str(piece));
}

/// The terminal-safe form of `s` with SGR colour: text pieces in `base` (none if empty), escape
/// tokens in `token`, so escaped characters stand out.
pub fn escape_styled(s: &[u8], base: &str, token: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    escape_pieces(s, |piece, is_token| {
        let code = if is_token { token } else { base };
        if code.is_empty() {
            out.push_str(piece);
        } else {
            let _ = write!(out, "\x1b[{code}m{piece}\x1b[0m");
        }
    });
    out
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
    fn styled_tokens() {
        assert_eq!(
            escape_styled(b"a\x1bb", "35", "1;95"),
            "\x1b[35ma\x1b[0m\x1b[1;95m\\x1B\x1b[0m\x1b[35mb\x1b[0m"
        );
    }

    #[test]
    fn harmless_utf8_kept() {
        assert_eq!(escape_bytes("Hyvätti ~".as_bytes()), "Hyvätti ~");
    }
}
