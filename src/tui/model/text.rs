//! The display model of untrusted octets: every grapheme becomes a cell with a byte range and a
//! width in columns, and anything a terminal would hide or obey becomes a visible token.
//!
//! - control octets 00–1F → U+2400 + octet (ESC → ␛), 7F → ␡;
//! - C1 controls, bidi controls, zero-width and other invisible characters (the one set of
//!   `url::notation::is_hidden_char`, shared with the command line), and lone zero-width marks
//!   → `⟨U+XXXX⟩`;
//! - octets that are not valid UTF-8 → `\xHH` (drawn dim).
//!
//! Nothing from the input reaches the terminal except through [`cells`].

use std::borrow::Cow;
use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// How a cell's text relates to the octets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// The octets themselves (a printable grapheme).
    Text,
    /// A visible stand-in for an invisible or dangerous character.
    Symbol,
    /// An octet that is not valid UTF-8, shown as `\xHH`.
    Invalid,
}

/// One display cell: a grapheme (or one escaped character / octet) of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell<'a> {
    pub bytes: Range<usize>,
    pub text: Cow<'a, str>,
    pub width: usize,
    pub glyph: Glyph,
}

/// Whether a printable-looking character must be shown as a `⟨U+XXXX⟩` token (the same set the
/// command line escapes).
pub fn is_hidden(c: char) -> bool {
    urlscope_core::url::notation::is_hidden_char(c)
}

fn token(c: char) -> String {
    format!("⟨U+{:04X}⟩", c as u32)
}

/// The stand-in for a control octet (`None` for others).
pub fn control_symbol(b: u8) -> Option<char> {
    match b {
        0x00..=0x1F => char::from_u32(0x2400 + b as u32),
        0x7F => Some('␡'),
        _ => None,
    }
}

/// Length of the valid UTF-8 character starting at `s[i]`, if any.
fn utf8_len(s: &[u8], i: usize) -> Option<usize> {
    let b = s[i];
    let n = match b {
        0x00..=0x7F => return Some(1),
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let end = i.checked_add(n)?;
    if end > s.len() {
        return None;
    }
    std::str::from_utf8(&s[i..end]).ok().map(|_| n)
}

/// `s` as it is drawn: every cell's text (controls, bidi and zero-width characters as their
/// visible tokens). For text built from the input outside a cell-by-cell view (a status
/// message quoting a filter, a legend of characters).
pub fn visible(s: &[u8]) -> String {
    cells(s, 0..s.len()).map(|c| c.text).collect()
}

/// The cells of `s[range]`. `range.start` should be a cell boundary (a character start).
pub fn cells(s: &[u8], range: Range<usize>) -> Cells<'_> {
    Cells {
        s,
        pos: range.start.min(s.len()),
        end: range.end.min(s.len()),
    }
}

/// Iterator behind [`cells`].
pub struct Cells<'a> {
    s: &'a [u8],
    pos: usize,
    end: usize,
}

/// How many cells this thread has made (tests: a frame must not read a whole long input).
#[cfg(test)]
pub mod made {
    thread_local!(static MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });

    /// One more cell.
    pub fn count() {
        MADE.with(|m| m.set(m.get() + 1));
    }

    /// The cells made since the last call.
    pub fn take() -> usize {
        MADE.with(|m| m.replace(0))
    }
}

impl<'a> Iterator for Cells<'a> {
    type Item = Cell<'a>;
    fn next(&mut self) -> Option<Cell<'a>> {
        if self.pos >= self.end {
            return None;
        }
        #[cfg(test)]
        made::count();
        let i = self.pos;
        let b = self.s[i];
        if let Some(sym) = control_symbol(b) {
            self.pos += 1;
            return Some(Cell {
                bytes: i..i + 1,
                text: Cow::Owned(sym.to_string()),
                width: 1,
                glyph: Glyph::Symbol,
            });
        }
        let Some(n) = utf8_len(&self.s[..self.end], i) else {
            self.pos += 1;
            return Some(Cell {
                bytes: i..i + 1,
                text: Cow::Owned(format!("\\x{b:02X}")),
                width: 4,
                glyph: Glyph::Invalid,
            });
        };
        if b < 0x80 && (i + 1 >= self.end || self.s[i + 1] < 0x80) {
            // ASCII fast path: printable ASCII followed by ASCII is a grapheme of its own.
            self.pos += 1;
            let text = std::str::from_utf8(&self.s[i..i + 1]).unwrap_or("?");
            return Some(Cell {
                bytes: i..i + 1,
                text: Cow::Borrowed(text),
                width: 1,
                glyph: Glyph::Text,
            });
        }
        // A grapheme: extend over following valid characters, up to a bound.
        let mut j = i + n;
        let limit = (i + 64).min(self.end);
        while j < limit {
            match utf8_len(&self.s[..self.end], j) {
                Some(m) if self.s[j] >= 0x80 && j + m <= limit => j += m,
                _ => break,
            }
        }
        let run = std::str::from_utf8(&self.s[i..j]).unwrap_or("");
        let g = run.graphemes(true).next().unwrap_or("");
        let first = g.chars().next().unwrap_or('\u{FFFD}');
        if g.chars().any(is_hidden) || g.is_empty() {
            // Show hidden characters one at a time.
            let clen = first.len_utf8();
            self.pos += clen;
            if is_hidden(first) {
                let t = token(first);
                return Some(Cell {
                    bytes: i..i + clen,
                    width: t.chars().count(),
                    text: Cow::Owned(t),
                    glyph: Glyph::Symbol,
                });
            }
            let text = &run[..clen];
            let w = text.width();
            return Some(self.text_cell(i, text, w));
        }
        let w = g.width();
        self.pos += g.len();
        Some(self.text_cell(i, g, w))
    }
}

impl<'a> Cells<'a> {
    fn text_cell(&self, i: usize, text: &'a str, w: usize) -> Cell<'a> {
        if w == 0 {
            let c = text.chars().next().unwrap_or('\u{FFFD}');
            let t = token(c);
            return Cell {
                bytes: i..i + text.len(),
                width: t.chars().count(),
                text: Cow::Owned(t),
                glyph: Glyph::Symbol,
            };
        }
        Cell {
            bytes: i..i + text.len(),
            text: Cow::Borrowed(text),
            width: w,
            glyph: Glyph::Text,
        }
    }
}

/// A position at or before `i` from which cell iteration is aligned (a character start).
pub fn align_back(s: &[u8], i: usize) -> usize {
    let mut j = i.min(s.len());
    let floor = j.saturating_sub(3);
    while j > floor && j < s.len() && (0x80..0xC0).contains(&s[j]) {
        j -= 1;
    }
    j
}

/// The start of the cell that ends at or covers `i - 1` (the grapheme before `i`).
pub fn prev_boundary(s: &[u8], i: usize) -> usize {
    if i == 0 {
        return 0;
    }
    let from = align_back(s, i.saturating_sub(64));
    let mut last = i.saturating_sub(1);
    for c in cells(s, from..i) {
        last = c.bytes.start;
    }
    last
}

/// The end of the cell starting at `i`.
pub fn next_boundary(s: &[u8], i: usize) -> usize {
    cells(s, i..s.len()).next().map_or(s.len(), |c| c.bytes.end)
}

/// Columns from `from` to `to` (both cell boundaries), stopping once `cap` is exceeded.
pub fn width_between(s: &[u8], from: usize, to: usize, cap: usize) -> usize {
    let mut w = 0;
    for c in cells(s, from..to) {
        w += c.width;
        if w > cap {
            break;
        }
    }
    w
}

/// A horizontal scroll offset (a cell boundary) that keeps the cell at `cursor` visible in
/// `width` columns, moving the previous offset `scroll` as little as possible.
pub fn scroll_to_show(s: &[u8], scroll: usize, cursor: usize, width: usize) -> usize {
    let width = width.max(1);
    if cursor <= scroll {
        return cursor;
    }
    let cursor_w = cells(s, cursor..s.len()).next().map_or(1, |c| c.width);
    if width_between(s, scroll, cursor, width) + cursor_w <= width {
        return scroll;
    }
    // Walk back from the cursor, keeping at most `width` columns. Cells are ≥ 1 column and
    // ≤ 64 bytes, so looking back 64 × width bytes is enough.
    let from = align_back(s, cursor.saturating_sub(64 * width).max(scroll));
    let mut starts: Vec<(usize, usize)> = Vec::new();
    for c in cells(s, from..cursor) {
        starts.push((c.bytes.start, c.width));
    }
    let mut used = cursor_w;
    let mut best = cursor;
    for &(start, w) in starts.iter().rev() {
        if used + w > width {
            break;
        }
        used += w;
        best = start;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &[u8]) -> Vec<String> {
        cells(s, 0..s.len()).map(|c| c.text.into_owned()).collect()
    }

    #[test]
    fn escapes() {
        assert_eq!(texts(b"a\x1b\x7f\x00"), ["a", "␛", "␡", "␀"]);
        assert_eq!(texts("x\u{202E}y".as_bytes()), ["x", "⟨U+202E⟩", "y"]);
        assert_eq!(texts("\u{200B}".as_bytes()), ["⟨U+200B⟩"]);
        assert_eq!(texts(b"\xff\xc3"), ["\\xFF", "\\xC3"]);
        assert_eq!(texts("\u{85}".as_bytes()), ["⟨U+0085⟩"]);
    }

    #[test]
    fn graphemes_and_widths() {
        let s = "e\u{301}漢a".as_bytes();
        let v: Vec<_> = cells(s, 0..s.len()).map(|c| (c.bytes, c.width)).collect();
        assert_eq!(v, [(0..3, 1), (3..6, 2), (6..7, 1)]);
        assert_eq!(prev_boundary(s, 6), 3);
        assert_eq!(prev_boundary(s, 3), 0);
        assert_eq!(next_boundary(s, 0), 3);
    }

    #[test]
    fn scrolling_keeps_cursor_visible() {
        let s = b"abcdefghij";
        assert_eq!(scroll_to_show(s, 0, 9, 5), 5);
        assert_eq!(scroll_to_show(s, 5, 2, 5), 2);
        assert_eq!(scroll_to_show(s, 0, 3, 5), 0);
        assert_eq!(scroll_to_show(s, 0, 10, 5), 6);
    }
}
