//! The host-alias editor overlay: one `alias canonical` pair per line, the cursor reversed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::layout::Areas;
use crate::tui::view::{fit, pane};

pub fn render(ed: &LineEdit, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Host aliases (H6) — Enter new line, Esc applies",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    let width = inner.width as usize;
    let help = fit::of_str(
        "one `alias canonical` pair per line; # starts a comment (as --host-aliases FILE)",
        theme.dim,
    );
    let mut lines: Vec<Line<'static>> = fit::wrap::words(&help, width, usize::MAX, theme.dim)
        .iter()
        .map(|r| fit::line(Vec::new(), r))
        .collect();
    lines.push(Line::raw(""));
    // Each pair on its row through the fitting rule: the cursor's row a window around the
    // cursor (one column kept for it at the end), any other row too long for the box cut in its
    // middle, so both the alias and its canonical name keep their ends; the cut marked with `…`.
    let mut start = 0;
    for line in ed.buf.split(|&b| b == b'\n') {
        let end = start + line.len();
        let cursor_here = (start..=end).contains(&ed.cursor);
        let all = fit::of_octets(&ed.buf, start..end, theme, |p| {
            if p == ed.cursor {
                theme.cursor
            } else {
                Style::new()
            }
        });
        let (cols, how) = if cursor_here {
            let at = fit::Cut::Around(fit::index_of(&all, ed.cursor));
            (width.saturating_sub(1), at)
        } else {
            (width, fit::Cut::Middle)
        };
        let mut spans = fit::spans(&fit::cut(&all, cols, &how, theme.dim));
        if ed.cursor == end {
            spans.push(Span::styled(" ", theme.cursor));
        }
        lines.push(Line::from(spans));
        start = end + 1;
    }
    frame.render_widget(Paragraph::new(lines), inner);
}
