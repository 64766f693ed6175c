//! The F2 pick-list of the sources' own examples; Enter loads one into the input (and the base).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlays::examples::{EXAMPLES, group};
use crate::tui::view::{fit, pane};

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
    // The selected example's note, wrapped whole under the list (it says what to expect); up to
    // a third of the view, the list keeps the rest.
    let note = fit::wrap::words(
        &fit::of_str(EXAMPLES[sel.min(EXAMPLES.len() - 1)].note, theme.dim),
        inner.width as usize,
        (inner.height as usize / 3).max(1),
        theme.dim,
    );
    let rows = (inner.height as usize)
        .saturating_sub(1 + note.len())
        .max(1);
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
        let spans = vec![Span::styled(
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
        // An example longer than the row gives way in its middle; Enter loads it whole.
        let cells = fit::of_octets(&shown, 0..shown.len(), theme, |_| style);
        lines.push(fit::line(
            spans,
            &fit::cut(&cells, width, &fit::Cut::Middle, theme.dim),
        ));
    }
    lines.push(Line::raw(""));
    lines.extend(note.iter().map(|r| fit::line(Vec::new(), r)));
    frame.render_widget(Paragraph::new(lines), inner);
}
