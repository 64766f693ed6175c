//! The warnings list (`w`, Alt+W): every warning and error the analysis found, with its place
//! in the URL line and the units there; Enter jumps to the selected one. It only reads
//! `analysis.findings` (computed by `url::findings` in the analysis).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;
use crate::url::findings::Level;

const TITLE: &str = "Warnings — ↑↓ select · Enter jump there · Alt+T trim edges · Esc close";
/// Octets of the input shown for a finding (the rest is marked `…`).
const SHOWN: usize = 24;

pub fn render(app: &App, sel: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(pane(TITLE, true, theme), area);
    let inner = Areas::inner(area);
    let f = &app.analysis.findings;
    let x = &app.analysis.input;
    let mut lines = Vec::new();
    // The status line's one count; the host's findings are in the host view.
    let c = &app.analysis.counts;
    let more = if f.truncated { " (the first ones)" } else { "" };
    let host = c.host_high + c.host_warnings;
    let whose = if app.analysis.host_summary.target.is_some() {
        "the host's and the target's"
    } else {
        "the host's"
    };
    let host = if host > 0 {
        format!(" · {whose} {host} in the host view (h)")
    } else {
        String::new()
    };
    lines.push(Line::styled(
        format!(
            "{} error(s), {} warning(s), {} hint(s){more}{host}",
            c.errors, c.warnings, c.hints
        ),
        theme.label,
    ));
    if f.list.is_empty() {
        lines.push(Line::styled("no warnings or errors", theme.dim));
    }
    // The header, the rows, then the selected finding's whole sentence (up to 4 lines).
    let rows = (inner.height as usize).saturating_sub(6).max(1);
    let top = sel.saturating_sub(rows - 1);
    let width = inner.width as usize;
    // Most severe first, each row labelled by its own level (the count above uses the same).
    let order = f.most_severe_first();
    for (i, item) in order
        .iter()
        .map(|&k| &f.list[k])
        .enumerate()
        .skip(top)
        .take(rows)
    {
        let selected = i == sel;
        let level = item.level();
        let st = match level {
            Level::Error => theme.error,
            Level::Warning => theme.warning,
            Level::Hint => theme.dim,
        };
        let mark = if selected { "▶" } else { " " };
        let place = match &item.at {
            Some(r) if r.is_empty() => format!("at {:<9}", r.start + 1),
            Some(r) if r.len() == 1 => format!("at {:<9}", r.start + 1),
            Some(r) => format!("at {:<9}", format!("{}–{}", r.start + 1, r.end)),
            None => format!("{:<12}", "(whole)"),
        };
        let sev = level.name();
        let row_style = if selected {
            theme.selected
        } else {
            Style::new()
        };
        let mut spans = vec![
            Span::styled(format!("{mark} "), row_style),
            Span::styled(format!("{sev:<8}"), st),
            Span::styled(format!("{:<26} ", item.id), st),
            Span::styled(place, theme.label),
        ];
        if let Some(r) = &item.at {
            let end = r.end.min(r.start + SHOWN).min(x.len());
            let start = r.start.min(end);
            let (cells, _) = cells_line(&x[start..end], 0, SHOWN, theme, |_| theme.host);
            spans.push(Span::raw("«"));
            spans.extend(
                cells
                    .into_iter()
                    .map(|s| Span::styled(s.content.into_owned(), s.style)),
            );
            if end < r.end {
                spans.push(Span::styled("…", theme.dim));
            }
            spans.push(Span::raw("» "));
        }
        let used: usize = spans.iter().map(Span::width).sum();
        let room = width.saturating_sub(used);
        spans.push(Span::styled(
            item.text.chars().take(room).collect::<String>(),
            theme.dim,
        ));
        lines.push(Line::from(spans));
    }
    if let Some(item) = order.get(sel).map(|&k| &f.list[k]) {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled(format!("{}: ", item.id), theme.label),
            Span::raw(item.text.clone()),
        ]));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}
