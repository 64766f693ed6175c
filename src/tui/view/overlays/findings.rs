//! The warnings list (`w`, Alt+W): every warning and error the analysis found, with its place
//! in the URL line and the units there; Enter jumps to the selected one. It only reads
//! `analysis.findings` (computed by `url::findings` in the analysis).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::{fit, pane};
use urlscope_core::url::{Finding, Level};

const TITLE: &str = "Warnings — ↑↓ select · Enter jump there · Alt+T trim edges · Esc close";
/// Columns of the input shown for a finding at least (cut in their middle when longer).
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
    let width = inner.width as usize;
    // Most severe first, each row labelled by its own level (the count above uses the same).
    let order = f.most_severe_first();
    // The header, the rows, then the selected finding's whole sentence (up to 4 rows).
    let sentence = order.get(sel).map(|&k| {
        let item = &f.list[k];
        let mut c = fit::of_str(&format!("{}: ", item.id), theme.label);
        c.extend(fit::of_str(&item.text, Style::new()));
        fit::wrap::words(&c, width, 4, theme.dim)
    });
    let below = sentence.as_ref().map_or(0, |s| s.len() + 1);
    let rows = (inner.height as usize)
        .saturating_sub(lines.len() + below)
        .max(1);
    let top = sel.saturating_sub(rows - 1);
    let shown: Vec<Vec<fit::Cell>> = order
        .iter()
        .skip(top)
        .take(rows)
        .map(|&k| row_cells(&f.list[k], x, width, theme))
        .collect();
    // A row wraps (at spaces) onto the rows the list leaves free: the selected one first,
    // then in reading order (the one fitting rule).
    let room = width.saturating_sub(INDENT).max(1);
    let want: Vec<usize> = shown
        .iter()
        .map(|c| fit::wrap::words(c, room, usize::MAX, theme.dim).len())
        .collect();
    let got = fit::rows::share(&want, rows, sel.checked_sub(top));
    for (i, (cells, n)) in shown.iter().zip(got).enumerate() {
        let selected = top + i == sel;
        for (k, row) in fit::wrap::prose(cells, room, n, theme.dim)
            .iter()
            .enumerate()
        {
            let lead = match (k, selected) {
                (0, true) => Span::styled("▶ ", theme.selected),
                _ => Span::raw("  "),
            };
            lines.push(fit::line(vec![lead], row));
        }
    }
    if let Some(rows) = sentence {
        lines.push(Line::raw(""));
        lines.extend(rows.iter().map(|r| fit::line(Vec::new(), r)));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Columns a finding's continuation rows are indented by.
const INDENT: usize = 2;

/// One finding's row as cells: its own level, its id, its place, the octets there (cut in
/// their middle to what the row leaves) and its sentence.
fn row_cells(item: &Finding, x: &[u8], width: usize, theme: &Theme) -> Vec<fit::Cell> {
    let level = item.level();
    let st = match level {
        Level::Error => theme.error,
        Level::Warning => theme.warning,
        Level::Hint => theme.dim,
    };
    let place = match &item.at {
        Some(r) if r.len() <= 1 => format!("at {:<9}", r.start + 1),
        Some(r) => format!("at {:<9}", format!("{}–{}", r.start + 1, r.end)),
        None => format!("{:<12}", "(whole)"),
    };
    let mut cells = fit::of_spans(&[
        Span::styled(format!("{:<8}", level.name()), st),
        Span::styled(format!("{:<26} ", item.id), st),
        Span::styled(place, theme.label),
    ]);
    let text = fit::of_str(&item.text, theme.dim);
    if let Some(r) = &item.at {
        let r = r.start.min(x.len())..r.end.min(x.len());
        let octets = fit::of_octets(x, r, theme, |_| theme.host);
        // At least SHOWN columns; more when the sentence leaves them on the row.
        let left = width.saturating_sub(INDENT + fit::width(&cells) + fit::width(&text) + 4);
        let budget = left.max(SHOWN);
        cells.extend(fit::of_str("«", Style::new()));
        cells.extend(fit::cut(&octets, budget, &fit::Cut::Middle, theme.dim));
        cells.extend(fit::of_str("» ", Style::new()));
    }
    cells.extend(text);
    cells
}
