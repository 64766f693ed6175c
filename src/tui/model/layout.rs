//! Where each pane goes (docs/guide.md, "The inspector"). Pure: the app uses it for scroll widths, the view to draw.

use ratatui::layout::{Constraint, Layout, Margin, Rect};

use crate::tui::msg::Focus;

/// Below this size the inspector draws only "enlarge the window": the URL line,
/// the status line and one pane need these columns and rows at least.
pub const MIN_SIZE: (u16, u16) = (20, 8);

/// Below this width or height the main screen is compact: only the focused pane is drawn in
/// the middle (the input lines' focus shows the components), the other two are collapsed.
pub const COMPACT_BELOW: (u16, u16) = (60, 16);

/// Whether `area` is below the inspector's minimum size.
pub fn too_small(area: Rect) -> bool {
    area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1
}

/// Whether `area` gets the compact layout (one pane drawn).
pub fn compact(area: Rect) -> bool {
    area.width < COMPACT_BELOW.0 || area.height < COMPACT_BELOW.1
}

/// Width of the labels in front of the input and base lines (`"URL  "`).
pub const LABEL: u16 = 5;
/// Columns per cell of the character strip (cell text up to 4 plus a gap).
pub const STRIP_CELL: u16 = 5;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    pub input: Rect,
    pub base: Rect,
    pub bar: Rect,
    pub components: Rect,
    pub characters: Rect,
    pub result: Rect,
    pub status: Rect,
    /// The one-line key bar at the bottom.
    pub keys: Rect,
    /// Screen lines per row of the character strip: 2 when a state row (the URL Standard
    /// state that read each character, under the `whatwg` profile) follows each row of
    /// characters, else 1 (0 reads as 1).
    pub strip_lines: u16,
}

impl Areas {
    /// The panes for `area` with `focus`: the full layout, or on a small screen the compact
    /// one (the focused pane takes the middle; the others are empty rectangles there).
    pub fn with_focus(area: Rect, focus: Focus) -> Areas {
        if !compact(area) {
            return Areas::of(area);
        }
        let [input, base, bar, middle, status, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let none = Rect::new(middle.x, middle.y, 0, 0);
        let (mut components, mut characters, mut result) = (none, none, none);
        match focus {
            Focus::Input | Focus::Base | Focus::Components => components = middle,
            Focus::Characters => characters = middle,
            Focus::Steps => result = middle,
        }
        Areas {
            input,
            base,
            bar,
            components,
            characters,
            result,
            status,
            keys,
            strip_lines: 1,
        }
    }

    /// The same areas with `lines` screen lines per row of the character strip.
    pub fn with_strip_lines(self, lines: u16) -> Areas {
        Areas {
            strip_lines: lines.max(1),
            ..self
        }
    }

    /// The full layout of `area` (every pane drawn).
    pub fn of(area: Rect) -> Areas {
        let h = area.height;
        let result_h = (h.saturating_sub(5) * 2 / 5).max(h.saturating_sub(5).min(8));
        let [input, base, bar, middle, result, status, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(result_h),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [components, characters] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(middle);
        Areas {
            input,
            base,
            bar,
            components,
            characters,
            result,
            status,
            keys,
            strip_lines: 1,
        }
    }

    /// Where a view (compare, resolve, …) is drawn: over the three panes, the screen's width.
    pub fn views(&self) -> Rect {
        self.components.union(self.characters).union(self.result)
    }

    /// Text columns of the input and base lines.
    pub fn input_width(&self) -> usize {
        self.input.width.saturating_sub(LABEL) as usize
    }

    /// Inner rectangle of a bordered pane (nothing when the pane has no room inside).
    pub fn inner(r: Rect) -> Rect {
        r.inner(Margin::new(1, 1))
    }

    /// The strip and the detail box inside the characters pane.
    pub fn strip_and_detail(&self) -> (Rect, Rect) {
        let inner = Areas::inner(self.characters);
        let detail_h = inner.height.saturating_sub(2).min(9).max(inner.height / 2);
        // A strip with a state row under each row of characters keeps two rows of each where
        // the pane has them (the detail scrolls).
        let detail_h = if self.strip_lines > 1 {
            detail_h.min(inner.height.saturating_sub(2 * self.strip_lines).max(3))
        } else {
            detail_h
        };
        let [strip, detail] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(detail_h)]).areas(inner);
        (strip, detail)
    }

    /// Cells per row and visible rows of the character strip (a row takes `strip_lines`
    /// screen lines).
    pub fn strip_grid(&self) -> (usize, usize) {
        let (strip, _) = self.strip_and_detail();
        (
            ((strip.width / STRIP_CELL) as usize).max(1),
            (strip.height / self.strip_lines.max(1)) as usize,
        )
    }
}

/// The result pane's inside: the before/after lines (`line_rows`: 3 with the decoded preview),
/// the step log, and the selected step's explanation (`reason_chars` long, when the log has
/// focus and a step is selected), which gets the rows it needs wrapped to the pane as long as
/// one row of the log stays visible: never cut off while there is space.
pub fn result_parts(inner: Rect, line_rows: u16, reason_rows: Option<usize>) -> [Rect; 3] {
    // The selected step's explanation gets the rows its words need (at most 12), no more:
    // rows it would leave blank go to the step's before and after lines.
    let explain_h: u16 = match reason_rows {
        Some(rows) => (rows.clamp(1, 12) as u16).min(inner.height.saturating_sub(line_rows + 1)),
        None => 0,
    };
    Layout::vertical([
        Constraint::Length(line_rows.min(inner.height)),
        Constraint::Min(0),
        Constraint::Length(explain_h),
    ])
    .areas(inner)
}

/// Rows `text` takes wrapped at spaces at `width` columns (a word wider than a row is broken):
/// the count of the view's prose wrapping (`view::fit::wrap::words`), which draws it.
pub fn prose_rows(text: &str, width: usize) -> usize {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    let mut rows = 1;
    let mut used = 0;
    for word in text.split(' ') {
        let w = word.width();
        let sep = usize::from(used > 0);
        if used + sep + w <= width {
            used += sep + w;
        } else if w <= width {
            rows += 1;
            used = w;
        } else {
            // Broken where rows end: the first piece starts a row of its own.
            if used > 0 {
                rows += 1;
            }
            rows += (w - 1) / width;
            used = (w - 1) % width + 1;
        }
    }
    rows
}

/// Rows `x` takes wrapped at `width` columns, counted up to `cap` (a long paste stops there).
pub fn wrapped_rows(x: &[u8], width: usize, cap: usize) -> usize {
    let width = width.max(1);
    let mut cols = 0;
    for c in crate::tui::model::text::cells(x, 0..x.len()) {
        cols += c.width;
        if cols > width * cap {
            return cap;
        }
    }
    cols.div_ceil(width).max(1)
}

/// How the before/after lines share `rows` (a long value wraps where the pane has
/// free rows): each side its rows when both fit, else half each; at least one row each.
pub fn side_rows(need: (usize, usize), rows: usize) -> (usize, usize) {
    let (b, a) = (need.0.max(1), need.1.max(1));
    if b + a <= rows {
        (b, a)
    } else {
        let half = (rows / 2).max(1);
        (b.min(half), rows.saturating_sub(b.min(half)).max(1))
    }
}

/// First visible step of a log `h` rows high with `sel` selected.
pub fn log_top(sel: usize, h: usize) -> usize {
    if sel >= h { sel + 1 - h } else { 0 }
}

/// The key list's box on a screen `area`: at most 100 columns and 90% of the rows, centred.
pub fn key_list(area: Rect) -> Rect {
    area.centered(Constraint::Max(100), Constraint::Percentage(90))
}
