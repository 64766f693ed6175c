//! The F2 pick-list of the seeds' own examples; Enter loads one into the input (and the base).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlays::examples::{EXAMPLES, group};
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;

pub fn render(sel: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Examples — ↑↓ PgUp PgDn Home End choose, Enter loads, Esc closes, F3 practice",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    let rows = (inner.height as usize).saturating_sub(2).max(1);
    let width = (inner.width as usize).saturating_sub(8);
    // Rows: a heading where the group changes, then the examples; scrolled to keep `sel` in view.
    let mut all: Vec<(Option<usize>, &str)> = Vec::new();
    let mut last = "";
    for (i, ex) in EXAMPLES.iter().enumerate() {
        let g = group(ex.id);
        if g != last {
            all.push((None, g));
            last = g;
        }
        all.push((Some(i), ""));
    }
    let at = all.iter().position(|r| r.0 == Some(sel)).unwrap_or(0);
    // Show the selected example's heading when it is the first of its group.
    let at_head = if at > 0 && all[at - 1].0.is_none() {
        at - 1
    } else {
        at
    };
    let top = at.saturating_sub(rows - 1).min(at_head);
    let mut lines = Vec::new();
    for &(row, heading) in all.iter().skip(top).take(rows) {
        let Some(i) = row else {
            lines.push(Line::styled(heading.to_string(), theme.label));
            continue;
        };
        let ex = &EXAMPLES[i];
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
