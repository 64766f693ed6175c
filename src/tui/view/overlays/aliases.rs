//! The host-alias editor overlay: one `alias canonical` pair per line, the cursor reversed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::cells_line;
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
    let mut start = 0;
    for line in ed.buf.split(|&b| b == b'\n') {
        let end = start + line.len();
        let (spans, _) = cells_line(&ed.buf[..end], start, width, theme, |p| {
            if p == ed.cursor {
                theme.cursor
            } else {
                Style::new()
            }
        });
        let mut owned: Vec<Span<'static>> = spans
            .into_iter()
            .map(|s| Span::styled(s.content.into_owned(), s.style))
            .collect();
        if ed.cursor == end {
            owned.push(Span::styled(" ", theme.cursor));
        }
        lines.push(Line::from(owned));
        start = end + 1;
    }
    frame.render_widget(Paragraph::new(lines), inner);
}
