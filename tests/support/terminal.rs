//! Text safe to write to a terminal: no character of the input may drive it or hide text. Used
//! by the CLI and inspector tests and, included with `#[path]`, by the fuzz targets.

use urlscope_core::url::notation::is_hidden_char;

/// Could `c` drive a terminal or hide text: a C0 control, DEL, a C1 control, or one of the
/// characters every view shows as `⟨U+XXXX⟩` (bidi controls, zero-width and invisible
/// characters, line and paragraph separators, …)?
pub fn terminal_unsafe(c: char) -> bool {
    c.is_control() || is_hidden_char(c)
}

/// `s` holds no `terminal_unsafe` character but line feeds; the error names the first one.
pub fn terminal_safe_text(s: &str) -> Result<(), String> {
    match s
        .char_indices()
        .find(|&(_, c)| c != '\n' && terminal_unsafe(c))
    {
        Some((i, c)) => Err(format!("U+{:04X} at byte {i}", c as u32)),
        None => Ok(()),
    }
}

/// `s` without the SGR sequences (`ESC [ digits/; m`) a colour renderer writes.
pub fn strip_sgr(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == 0x1b && s.get(i + 1) == Some(&b'[') {
            let mut j = i + 2;
            while j < s.len() && (s[j].is_ascii_digit() || s[j] == b';') {
                j += 1;
            }
            if s.get(j) == Some(&b'm') {
                i = j + 1;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}
