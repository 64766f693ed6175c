//! The parser comparison view (`p`, docs/lenses.md): the verdict on top, then the components
//! as rows and the four parsers as columns (a list per row when the screen is too narrow), each
//! cell that disagrees with the `whatwg` column marked `≠` and highlighted, the classes named
//! under its row, then why parsers rejected the text, the classes' reasons and what each column
//! means. It only reads `analysis.parsers`, which the analysis computes while the view is open.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::text::cells;
use crate::tui::view::{fit, pane};
use urlscope_core::Comparison;
use urlscope_core::modern::{Cell, Parser, Row, Value};

const LABEL: usize = 15;
/// A cell wraps onto at least this many lines; on a taller view, onto as many as the view
/// has rows (the grid shares the view's rows: a 1 MiB path stays one screen, cut in its middle).
const MAX_CELL_LINES: usize = 3;
/// Narrower columns than this switch to the list layout.
const MIN_COL: usize = 12;

/// `s` in lines of at most `width` columns, escaped cell by cell; at most `max` lines, cut in
/// its middle when longer (a value's start and end say the most; the scroll shows the rows).
fn wrap(s: &str, width: usize, max: usize, style: Style, theme: &Theme) -> Vec<Vec<Span<'static>>> {
    let all = fit::of_octets(s.as_bytes(), 0..s.len(), theme, |_| style);
    fit::wrap::cells(&all, width.max(2), max, &fit::Cut::Middle, theme.dim)
        .iter()
        .map(|row| fit::spans(row))
        .collect()
}

fn width(spans: &[Span<'_>]) -> usize {
    spans.iter().map(Span::width).sum()
}

fn value_lines(cell: &Cell, w: usize, cap: usize, theme: &Theme) -> Vec<Vec<Span<'static>>> {
    let marked = if cell.differs {
        theme.error.add_modifier(Modifier::BOLD)
    } else {
        Style::new()
    };
    match &cell.value {
        Value::Present(s) => wrap(&format!("\"{s}\""), w, cap, marked, theme),
        Value::Absent => vec![vec![Span::styled("absent", marked.patch(theme.dim))]],
        Value::NotKept => vec![vec![Span::styled("not kept", theme.dim)]],
        Value::Rejected => vec![vec![Span::styled("✗ rejected", theme.warning)]],
    }
}

fn mark(cell: &Cell, theme: &Theme) -> Span<'static> {
    if cell.differs {
        Span::styled("≠ ", theme.error.add_modifier(Modifier::BOLD))
    } else {
        Span::raw("  ")
    }
}

fn classes_line(c: &Comparison, row: Row, theme: &Theme, indent: usize) -> Option<Line<'static>> {
    c.rows[row as usize].named_line().map(|named| {
        Line::from(vec![
            Span::raw(" ".repeat(indent)),
            Span::styled(format!("↳ {named}"), theme.warning),
        ])
    })
}

/// A rejecting column only says so: it needs no more than `≠ ✗ rejected`.
const REJECTED_COL: usize = 13;

/// Column widths (mark included) for an inner width `w`: rejecting columns narrow, the others
/// sharing the rest; `None` when they would be too narrow for a grid.
fn column_widths(c: &Comparison, w: usize) -> Option<Vec<usize>> {
    let rejected = c
        .columns
        .iter()
        .filter(|col| col.rejection.is_some())
        .count();
    let accepted = Parser::ALL.len() - rejected;
    let rest = w.checked_sub(LABEL + rejected * REJECTED_COL)?;
    let each = rest.checked_div(accepted).unwrap_or(REJECTED_COL);
    (each >= MIN_COL).then(|| {
        c.columns
            .iter()
            .map(|col| {
                if col.rejection.is_some() {
                    REJECTED_COL
                } else {
                    each
                }
            })
            .collect()
    })
}

/// Rows as lines, parsers as columns.
fn grid(c: &Comparison, theme: &Theme, widths: &[usize], cap: usize, out: &mut Vec<Line<'static>>) {
    let mut head = vec![Span::raw(" ".repeat(LABEL))];
    for (p, col) in Parser::ALL.iter().zip(widths) {
        head.push(Span::styled(
            format!("  {:<w$}", p.as_str(), w = col - 2),
            theme.label,
        ));
    }
    out.push(Line::from(head));
    for row in Row::ALL {
        let cols: Vec<(Span<'static>, Vec<Vec<Span<'static>>>, usize)> = Parser::ALL
            .iter()
            .zip(widths)
            .map(|(&p, &col)| {
                let cell = c.cell(row, p);
                let lines = if c.column(p).rejection.is_some() && row != Row::ALL[0] {
                    vec![Vec::new()]
                } else {
                    value_lines(cell, col - 2, cap, theme)
                };
                (mark(cell, theme), lines, col)
            })
            .collect();
        let height = cols.iter().map(|(_, l, _)| l.len()).max().unwrap_or(1);
        for i in 0..height {
            let label = if i == 0 { row.as_str() } else { "" };
            let mut spans = vec![Span::styled(format!("{label:<LABEL$}"), theme.label)];
            for (m, lines, col) in &cols {
                spans.push(if i == 0 { m.clone() } else { Span::raw("  ") });
                let line = lines.get(i).cloned().unwrap_or_default();
                let w = width(&line);
                spans.extend(line);
                spans.push(Span::raw(" ".repeat((col - 2).saturating_sub(w))));
            }
            out.push(Line::from(spans));
        }
        out.extend(classes_line(c, row, theme, LABEL));
    }
}

/// One block per row, one line per parser (narrow screens).
fn list(c: &Comparison, theme: &Theme, w: usize, cap: usize, out: &mut Vec<Line<'static>>) {
    for row in Row::ALL {
        out.push(Line::styled(row.as_str().to_string(), theme.label));
        for p in Parser::ALL {
            let cell = c.cell(row, p);
            if c.column(p).rejection.is_some() && row != Row::ALL[0] {
                continue;
            }
            let lines = value_lines(cell, w.saturating_sub(12).max(4), cap, theme);
            for (i, line) in lines.into_iter().enumerate() {
                let mut spans = if i == 0 {
                    vec![mark(cell, theme), Span::raw(format!("{:<10}", p.as_str()))]
                } else {
                    vec![Span::raw(" ".repeat(12))]
                };
                spans.extend(line);
                out.push(Line::from(spans));
            }
        }
        out.extend(classes_line(c, row, theme, 2));
    }
}

/// The view's lines for an inner width of `w` columns and `rows` rows.
pub fn lines(c: &Comparison, theme: &Theme, w: usize, rows: usize) -> Vec<Line<'static>> {
    let cap = rows.max(MAX_CELL_LINES);
    let mut out = Vec::new();
    let esc = |s: &str| {
        cells(s.as_bytes(), 0..s.len())
            .map(|c| c.text.into_owned())
            .collect::<String>()
    };
    let (sym, style) = if c.verdict.agree {
        ("✓ ", theme.label)
    } else {
        ("≠ ", theme.error.add_modifier(Modifier::BOLD))
    };
    out.push(Line::from(vec![
        Span::styled(sym, style),
        Span::styled(c.verdict.line(esc), style),
    ]));
    if c.invalid_utf8 {
        out.push(Line::styled(
            "octets that are not UTF-8 were read as %XX triplets",
            theme.dim,
        ));
    }
    out.push(Line::raw(""));
    if let Some(widths) = column_widths(c, w) {
        grid(c, theme, &widths, cap, &mut out);
    } else {
        list(c, theme, w, cap, &mut out);
    }
    out.push(Line::styled(
        "≠ disagrees with the whatwg column (the reference)",
        theme.dim,
    ));
    for col in &c.columns {
        if let Some(r) = &col.rejection {
            out.push(Line::from(vec![
                Span::styled(format!("✗ {} ", col.parser.as_str()), theme.warning),
                Span::raw(esc(&r.line())),
            ]));
        }
    }
    if !c.classes.is_empty() {
        out.push(Line::raw(""));
        out.push(Line::styled("confusion classes", theme.label));
        for n in &c.classes {
            out.push(Line::from(vec![
                Span::styled(format!("{} ", n.class.as_str()), theme.error),
                Span::raw(n.reason),
            ]));
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(
        "columns and their effective host",
        theme.label,
    ));
    for col in &c.columns {
        out.push(Line::from(vec![
            Span::styled(format!("{} ", col.parser.as_str()), theme.focus),
            Span::raw(col.reads),
        ]));
        out.push(Line::from(vec![
            Span::styled("  effective host: ", theme.dim),
            Span::raw(col.effective_host),
        ]));
    }
    out
}

pub fn render(app: &App, top: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Parsers — four parsers, one URL (↑↓ PgUp PgDn scroll, Esc closes)",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    let Some(c) = &app.analysis.parsers else {
        frame.render_widget(Paragraph::new("comparing the parsers…"), inner);
        return;
    };
    let lines = lines(c, theme, inner.width as usize, inner.height as usize);
    crate::tui::view::scrolled(lines, top, frame, inner);
}
