//! The one fitting rule of every screen: text laid into the room a pane has.
//!
//! 1. **Wrap onto free rows first.** A pane that has rows to spare gives them to the lines that
//!    need them, in a stated priority: the selected row, then the rows the user reads, in reading
//!    order ([`rows::share`]). Prose wraps at spaces ([`wrap::words`]); values wrap at any cell
//!    ([`wrap::cells`]).
//! 2. **Then cut with `…` at the least informative place** ([`Cut`]): the middle of an opaque
//!    value, never a host's registrable end, around the first difference of a compared pair (the
//!    same window on both lines), never a hint mid-word ([`wrap::whole`]).
//! 3. **A cut value is always reachable whole**: each view that cuts says where (the selection's
//!    detail line, scrolling, the editor); the every-screen check (`tests/tui/tui_fit.rs`) fails
//!    where a row is cut while its pane has a free row, or with 8 free columns after the cut.
//!
//! Views hand text over as [`Cell`]s (from spans or from untrusted octets, through
//! `model::text::cells` only) and get [`Line`]s back; none of them writes `…` itself.

pub mod cut;
pub mod rows;
pub mod window;
pub mod wrap;

use std::ops::Range;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::theme::Theme;
use crate::tui::model::text::{self, Glyph};

pub use cut::{Cut, cut};
pub use window::of_octets_within;

/// The mark of a cut: one column, drawn dim.
pub const ELLIPSIS: &str = "…";

/// One display cell of text to fit: a grapheme, its width in columns and its style; `at` is the
/// byte offset it came from (for untrusted octets) so a policy can name a place in the value.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub width: usize,
    pub style: Style,
    pub at: usize,
}

/// The cells of `spans` (already safe text, built by the view), one a grapheme; `at` counts
/// bytes across the spans.
pub fn of_spans(spans: &[Span<'_>]) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut at = 0;
    for s in spans {
        for g in s.content.graphemes(true) {
            out.push(Cell {
                text: g.to_string(),
                width: g.width(),
                style: s.style,
                at,
            });
            at += g.len();
        }
    }
    out
}

/// The cells of `s` (plain text) in `style`.
pub fn of_str(s: &str, style: Style) -> Vec<Cell> {
    of_spans(&[Span::styled(s.to_string(), style)])
}

/// The cells of untrusted octets `s[range]`, each styled by `style(byte offset)` (an octet that
/// is not UTF-8 also gets the theme's escaped style). Nothing raw: `model::text::cells` decides
/// what every octet looks like.
pub fn of_octets(
    s: &[u8],
    range: Range<usize>,
    theme: &Theme,
    style: impl Fn(usize) -> Style,
) -> Vec<Cell> {
    text::cells(s, range)
        .map(|c| {
            let mut st = style(c.bytes.start);
            if c.glyph == Glyph::Invalid {
                st = st.patch(theme.escaped);
            }
            Cell {
                text: c.text.into_owned(),
                width: c.width,
                style: st,
                at: c.bytes.start,
            }
        })
        .collect()
}

/// Columns the cells take.
pub fn width(cells: &[Cell]) -> usize {
    cells.iter().map(|c| c.width).sum()
}

/// The index of the first cell that starts at or after byte `at` (the cells' length when none
/// does): a difference or a cursor is always at a unit's start.
pub fn index_of(cells: &[Cell], at: usize) -> usize {
    cells.partition_point(|c| c.at < at)
}

/// The cells as spans, neighbours of one style merged.
pub fn spans(cells: &[Cell]) -> Vec<Span<'static>> {
    let mut out: Vec<Span<'static>> = Vec::new();
    for c in cells {
        match out.last_mut() {
            Some(last) if last.style == c.style => last.content.to_mut().push_str(&c.text),
            _ => out.push(Span::styled(c.text.clone(), c.style)),
        }
    }
    out
}

/// The cells as one line, after `lead` (a label, already fitted by its view).
pub fn line(lead: Vec<Span<'static>>, cells: &[Cell]) -> Line<'static> {
    let mut s = lead;
    s.extend(spans(cells));
    Line::from(s)
}

/// The `…` cell, dim (`at` is where the cut starts).
pub fn ellipsis(at: usize, theme_dim: Style) -> Cell {
    Cell {
        text: ELLIPSIS.into(),
        width: 1,
        style: theme_dim,
        at,
    }
}

/// `cells` after `lead` (`lead_w` columns), wrapped whole: each further row starts under the
/// first cell. For a view that scrolls, where a value is never cut.
pub fn hanging(
    lead: Vec<Span<'static>>,
    lead_w: usize,
    cells: &[Cell],
    cols: usize,
    dim: Style,
) -> Vec<Line<'static>> {
    let room = cols.saturating_sub(lead_w).max(1);
    let rows = wrap::rows_needed(cells, room);
    let mut lead = Some(lead);
    wrap::cells(cells, room, rows, &Cut::Middle, dim)
        .iter()
        .map(|row| {
            let first = lead
                .take()
                .unwrap_or_else(|| vec![Span::raw(" ".repeat(lead_w))]);
            line(first, row)
        })
        .collect()
}

/// Prose after `lead` (`lead_w` columns), wrapped whole at spaces, each further row under the
/// first word. For a view that scrolls.
pub fn hanging_words(
    lead: Vec<Span<'static>>,
    lead_w: usize,
    cells: &[Cell],
    cols: usize,
    dim: Style,
) -> Vec<Line<'static>> {
    let room = cols.saturating_sub(lead_w).max(1);
    let mut lead = Some(lead);
    wrap::words(cells, room, usize::MAX, dim)
        .iter()
        .map(|row| {
            let first = lead
                .take()
                .unwrap_or_else(|| vec![Span::raw(" ".repeat(lead_w))]);
            line(first, row)
        })
        .collect()
}
