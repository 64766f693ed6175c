//! Drawing a window of untrusted octets as styled cells (through `text::cells` only).

use std::ops::Range;

use ratatui::style::Style;
use ratatui::text::Span;

use crate::theme::Theme;
use crate::tui::model::text::{self, Glyph};

/// Spans for `s` from `start`, at most `width` columns, each cell styled by `style(byte offset)`.
/// Returns the spans and the byte where drawing stopped.
pub fn cells_line<'a>(
    s: &'a [u8],
    start: usize,
    width: usize,
    theme: &Theme,
    style: impl Fn(usize) -> Style,
) -> (Vec<Span<'a>>, usize) {
    let mut out: Vec<Span<'a>> = Vec::new();
    let mut used = 0;
    let mut end = start;
    for c in text::cells(s, start..s.len()) {
        if used + c.width > width {
            break;
        }
        used += c.width;
        end = c.bytes.end;
        let mut st = style(c.bytes.start);
        if c.glyph == Glyph::Invalid {
            st = st.patch(theme.escaped);
        }
        out.push(Span::styled(c.text, st));
    }
    (out, end)
}

/// Whether `pos` is in one of the sorted, disjoint `ranges`.
pub fn in_ranges(ranges: &[Range<usize>], pos: usize) -> bool {
    urlscope_core::url::diff::contains(ranges, pos)
}
