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
