//! The copy-as menu: one row a form (its name and a preview cut to the width), then the
//! selected form's full title and its whole text, wrapped.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::modern::edit::forms::FormId;
use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlays::copy_as;
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;

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
    let names = FormId::ALL.iter().map(|f| f.name()).chain(["component"]);
    let mut lines = Vec::new();
    for (i, (f, name)) in forms.iter().zip(names).enumerate() {
        let mark = if i == sel { "▶ " } else { "  " };
        let style = if i == sel {
            theme.selected
        } else {
            Style::new()
        };
        let mut spans = vec![Span::styled(
            format!("{mark}{name:<NAME$}"),
            style.patch(theme.label),
        )];
        let room = width.saturating_sub(NAME + 2);
        spans.extend(preview(&f.octets, room, theme, style));
        lines.push(Line::from(spans));
    }
    let f = &forms[sel];
    lines.push(Line::raw(""));
    lines.push(Line::styled(f.title.clone(), theme.focus));
    match &f.octets {
        Ok(o) => {
            let mut start = 0;
            let room = (inner.height as usize).saturating_sub(lines.len());
            for _ in 0..room {
                let (spans, end) = cells_line(o, start, width, theme, |_| Style::new());
                lines.push(Line::from(owned(spans)));
                if end <= start || end >= o.len() {
                    break;
                }
                start = end;
            }
        }
        Err(why) => lines.push(Line::styled(
            format!("nothing to copy: {why}"),
            theme.warning,
        )),
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn preview(
    octets: &Result<Vec<u8>, String>,
    room: usize,
    theme: &Theme,
    style: Style,
) -> Vec<Span<'static>> {
    match octets {
        Ok(o) => {
            let (spans, end) = cells_line(o, 0, room.saturating_sub(1), theme, |_| style);
            let mut out = owned(spans);
            if end < o.len() {
                out.push(Span::styled("…", theme.dim));
            }
            out
        }
        Err(why) => vec![Span::styled(format!("({why})"), theme.dim)],
    }
}

fn owned(spans: Vec<Span<'_>>) -> Vec<Span<'static>> {
    spans
        .into_iter()
        .map(|s| Span::styled(s.content.into_owned(), s.style))
        .collect()
}
