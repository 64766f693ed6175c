//! The test-vector notation and the span-list notation (docs/rules.md, "The tokenizer").
//!
//! `\xHH` is one octet, `\\` one backslash, `∅` alone the empty string; space and `|` are always
//! written `\x20` and `\x7C`. Octets outside printable ASCII are written `\xHH`, so the notation is
//! also a safe way to show any octet string on a terminal.

use crate::url::syntax::span::Span;

/// Code points that must never reach a terminal as themselves, and are shown as `⟨U+XXXX⟩` by
/// every view (the inspector and the command line): C1 controls, bidi controls (U+061C,
/// U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), zero-width and invisible characters (U+180E,
/// U+200B–U+200D, U+2060–U+2064, U+FEFF), line and paragraph separators (U+2028–U+2029),
/// interlinear annotation marks (U+FFF9–U+FFFB) and the noncharacters U+FFFE–U+FFFF.
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

/// Call `f(piece, is_token)` for the visible form of `s`, piece by piece: runs of text shown as
/// they are (`is_token == false`) and tokens for what must not reach a screen raw: C0 controls,
/// DEL and octets that are not UTF-8 as `\xHH`, a backslash as `\\` (so the tokens are
/// unambiguous), and the [`is_hidden_char`] code points as `⟨U+XXXX⟩`.
pub fn visible_pieces(s: &[u8], mut f: impl FnMut(&str, bool)) {
    use std::fmt::Write as _;
    let mut tok = String::new();
    for chunk in s.utf8_chunks() {
        let valid = chunk.valid();
        let mut start = 0;
        for (i, c) in valid.char_indices() {
            tok.clear();
            match c {
                '\\' => tok.push_str("\\\\"),
                c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                    let _ = write!(tok, "\\x{:02X}", c as u32);
                }
                c if is_hidden_char(c) => {
                    let _ = write!(tok, "⟨U+{:04X}⟩", c as u32);
                }
                _ => continue,
            }
            if start < i {
                f(&valid[start..i], false);
            }
            f(&tok, true);
            start = i + c.len_utf8();
        }
        if start < valid.len() {
            f(&valid[start..], false);
        }
        for &b in chunk.invalid() {
            tok.clear();
            let _ = write!(tok, "\\x{b:02X}");
            f(&tok, true);
        }
    }
}

/// The visible form of `s` (see [`visible_pieces`]): never a control character, an escape
/// sequence or an invisible code point.
pub fn visible(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    visible_pieces(s, |piece, _| out.push_str(piece));
    out
}

/// `line` (serialized JSON) with the [`is_hidden_char`] code points written as `\uXXXX`
/// escapes: the same JSON value, with nothing a terminal would obey or hide. Outside strings
/// JSON holds none of them.
pub fn json_visible(line: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if is_hidden_char(c) {
            let _ = write!(out, "\\u{:04X}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// What `urlscope tokens` prints: the span list, then with `classes` one line a unit with its
/// offset, its visible text, its span, and its RFC 3986 and URL Standard classes.
pub fn tokens_text(url: &[u8], classes: bool) -> String {
    use crate::url::Classification;
    let p = crate::tokenize(url);
    let mut out = span_list(url, &p.spans);
    out.push('\n');
    if classes {
        for u in crate::url::unit_infos(url, &p) {
            out.push_str(&format!(
                "{:>7} {:<8} {:<24} {:<18} {}\n",
                u.range.start,
                visible(&url[u.range.clone()]),
                u.span_kind.map_or("-", |k| k.name()),
                u.class(Classification::C3986).name(),
                u.class(Classification::CWhatwg).name()
            ));
        }
    }
    out
}

/// Write `s` in vector notation.
pub fn encode(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    encode_into(s, &mut out);
    out
}

/// Append `s` in vector notation (no `∅` for the empty string).
pub(crate) fn encode_into(s: &[u8], out: &mut String) {
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x21..=0x7E if b != b'|' => out.push(b as char),
            _ => {
                out.push_str("\\x");
                out.push_str(crate::url::syntax::octets::hex_pair(b));
            }
        }
    }
}

/// Read one field in vector notation. Errors name the offending position.
pub fn decode(field: &str) -> Result<Vec<u8>, String> {
    if field == "∅" {
        return Ok(Vec::new());
    }
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            match b.get(i + 1) {
                Some(b'\\') => {
                    out.push(b'\\');
                    i += 2;
                }
                Some(b'x')
                    if i + 3 < b.len()
                        && b[i + 2].is_ascii_hexdigit()
                        && b[i + 3].is_ascii_hexdigit() =>
                {
                    out.push(
                        crate::url::syntax::octets::hex_value(b[i + 2]) << 4
                            | crate::url::syntax::octets::hex_value(b[i + 3]),
                    );
                    i += 4;
                }
                _ => return Err(format!("bad escape at byte {i} of {field:?}")),
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// The span list: `kind"text"` items separated by one space; `(no spans)` when empty.
pub fn span_list(x: &[u8], spans: &[Span]) -> String {
    if spans.is_empty() {
        return "(no spans)".to_string();
    }
    let mut out = String::new();
    for (i, s) in spans.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(s.kind.name());
        out.push('"');
        encode_into(&x[s.range.clone()], &mut out);
        out.push('"');
    }
    out
}
