//! The F2 pick-list of the seeds' own examples; Enter loads one into the input (and the base).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::line::cells_line;
use super::pane;
use crate::tui::examples::EXAMPLES;
use crate::tui::layout::Areas;
use crate::tui::theme::Theme;

pub fn render(sel: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane("Examples — ↑↓ choose, Enter loads, Esc closes", true, theme),
        area,
    );
    let inner = Areas::inner(area);
    let rows = (inner.height as usize).saturating_sub(2).max(1);
    let top = sel.saturating_sub(rows - 1);
    let width = (inner.width as usize).saturating_sub(8);
    let mut lines = Vec::new();
    for (i, ex) in EXAMPLES.iter().enumerate().skip(top).take(rows) {
        let style = if i == sel {
            theme.selected
        } else {
            Style::new()
        };
        let mut spans = vec![Span::styled(
            format!("{} {:<5} ", if i == sel { "▶" } else { " " }, ex.id),
            style,
        )];
        let mut shown = ex.input.to_vec();
        if !ex.base.is_empty() {
            shown = [
                ex.base,
                b"  +  ",
                if ex.input.is_empty() {
                    b"(empty)"
                } else {
                    ex.input
                },
            ]
            .concat();
        }
        let (cells, _) = cells_line(&shown, 0, width, theme, |_| style);
        spans.extend(
            cells
                .into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style)),
        );
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        EXAMPLES[sel.min(EXAMPLES.len() - 1)].note,
        theme.dim,
    ));
    frame.render_widget(Paragraph::new(lines), inner);
}
