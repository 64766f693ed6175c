//! The copy-as menu: one row a form (its name and a preview cut to the width), then the
//! selected form's full title and its whole text, wrapped.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlays::copy_as;
use crate::tui::view::{fit, pane};
use urlscope_core::modern::FormId;

/// Columns of the name column.
const NAME: usize = 11;

pub fn render(app: &App, sel: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane("Copy as — ↑↓ choose, Enter copies, Esc closes", true, theme),
        area,
    );
    let inner = Areas::inner(area);
    let width = inner.width as usize;
    let forms = copy_as::rows(app);
    let sel = sel.min(forms.len() - 1);
    let names: Vec<&str> = FormId::ALL
        .iter()
        .map(|f| f.name())
        .chain(["component"])
        .collect();
    let room = width.saturating_sub(NAME + 2).max(1);
    let f = &forms[sel];
    // The selected form whole under the list (wrapped); the rows left after it go to the
    // other forms' previews in reading order (`fit::rows::share`), each wrapped whole while
    // room lasts, else cut in its middle.
    let whole: Vec<Vec<fit::Cell>> = match &f.octets {
        Ok(o) => {
            let cells = fit::of_octets(o, 0..o.len(), theme, |_| Style::new());
            let below = (inner.height as usize)
                .saturating_sub(forms.len() + 2)
                .max(1);
            fit::wrap::cells(&cells, width, below, &fit::Cut::Middle, theme.dim)
        }
        Err(_) => Vec::new(),
    };
    let cells: Vec<Vec<fit::Cell>> = forms
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let style = if i == sel {
                theme.selected
            } else {
                Style::new()
            };
            match &f.octets {
                Ok(o) => fit::of_octets(o, 0..o.len(), theme, |_| style),
                Err(why) => fit::of_str(&format!("({why})"), theme.dim),
            }
        })
        .collect();
    let want: Vec<usize> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if i == sel {
                1
            } else {
                fit::wrap::rows_needed(c, room)
            }
        })
        .collect();
    let free = (inner.height as usize).saturating_sub(2 + whole.len().max(1));
    let got = fit::rows::share(&want, free.max(forms.len()), None);
    let mut lines = Vec::new();
    for (i, ((c, name), rows)) in cells.iter().zip(&names).zip(got).enumerate() {
        let mark = if i == sel { "▶ " } else { "  " };
        let style = if i == sel {
            theme.selected
        } else {
            Style::new()
        };
        for (k, part) in fit::wrap::cells(c, room, rows.max(1), &fit::Cut::Middle, theme.dim)
            .iter()
            .enumerate()
        {
            let lead = if k == 0 {
                format!("{mark}{name:<NAME$}")
            } else {
                " ".repeat(NAME + 2)
            };
            lines.push(fit::line(
                vec![Span::styled(lead, style.patch(theme.label))],
                part,
            ));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(f.title.clone(), theme.focus));
    match &f.octets {
        Ok(_) => lines.extend(whole.iter().map(|r| fit::line(Vec::new(), r))),
        Err(why) => lines.push(Line::styled(
            format!("nothing to copy: {why}"),
            theme.warning,
        )),
    }
    frame.render_widget(Paragraph::new(lines), inner);
}
