//! The result pane: before and after lines with the inline unit diff, and the step log.
//! With the step log focused, the lines show the selected step's own before and after, with its
//! edits highlighted, and its explanation.

use std::borrow::Cow;
use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::{Areas, LABEL};
use crate::tui::model::preview::{Preview, decode};
use crate::tui::model::text;
use crate::tui::model::texts;
use crate::tui::msg::Focus;
use crate::tui::view::cells::{cells_line, in_ranges};
use crate::tui::view::pane;
use crate::url::{StepRecord, diff};

/// Text and markings of one before/after line.
struct Side<'a> {
    text: &'a [u8],
    start: usize,
    marked: Cow<'a, [Range<usize>]>,
    dim: Vec<Range<usize>>,
}

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let focused = app.panes.focus == Focus::Steps;
    let a = &app.analysis;
    let title = format!("Result — {}", a.profile.label());
    frame.render_widget(pane(&title, focused, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let width = inner.width.saturating_sub(LABEL + 2) as usize;
    let step = if focused {
        a.outcome.steps.get(app.panes.step_sel)
    } else {
        None
    };
    let (before, after) = match step {
        Some(s) => step_sides(s, width),
        None => whole_sides(app, width),
    };
    let preview = app.settings.preview != Preview::Off;
    let [lines_area, log_area, explain_area] = app.result_parts(inner);
    let label = |s: &str, st: Style| Span::styled(format!("{s:<w$}", w = LABEL as usize + 2), st);
    let mut lines = Vec::new();
    // The rows each side has (the model gave the lines the rows the step log leaves free).
    let side_rows = lines_area.height.saturating_sub(u16::from(preview)) as usize;
    let need = |x: &[u8]| crate::tui::model::layout::wrapped_rows(x, width, side_rows);
    let (rows_b, rows_a) = if step.is_some() {
        (1, 1)
    } else {
        crate::tui::model::layout::side_rows((need(before.text), need(after.text)), side_rows)
    };
    for (name, side, mark_style, rows) in [
        ("before", &before, theme.deleted, rows_b),
        ("after", &after, theme.inserted, rows_a),
    ] {
        let style = |p| {
            if in_ranges(&side.marked, p) {
                mark_style
            } else if in_ranges(&side.dim, p) {
                theme.frame
            } else {
                Style::new()
            }
        };
        // Wrapped over its rows from the start when it has more than one; the last row ends
        // in `…` when the text goes on.
        let mut pos = if rows > 1 { 0 } else { side.start };
        for r in 0..rows {
            let (mut spans, end) = cells_line(side.text, pos, width, theme, style);
            if end < side.text.len() && r + 1 == rows {
                spans = cells_line(side.text, pos, width.saturating_sub(1), theme, style).0;
                spans.push(Span::styled("…", theme.dim));
            }
            let head = if r == 0 { name } else { "" };
            spans.insert(0, label(head, theme.label));
            lines.push(Line::from(spans));
            if end >= side.text.len() || end == pos {
                break;
            }
            pos = end;
        }
    }
    if preview {
        // Enough of the input for one line (a cell is at most 4 bytes; a triplet 3 octets).
        let x = &a.input[..a.input.len().min(width * 12 + 12)];
        let (shown, used) = decode(x, &a.parsed, app.settings.preview);
        let (spans, _) = cells_line(&shown, 0, width, theme, |_| Style::new());
        // It decodes the input (the `before` line), not `after`: the label says so, and a
        // guess says it is one.
        let named = if used.is_empty() {
            app.settings.preview.name().to_string()
        } else {
            used.join("+")
        };
        let short = match app.settings.preview {
            Preview::Guess => format!("(guess: {named}) "),
            Preview::Off | Preview::Charset(_) => format!("({named}) "),
        };
        let mut owned = vec![label("input", theme.label), Span::styled(short, theme.dim)];
        owned.extend(
            spans
                .into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style)),
        );
        lines.push(Line::from(owned));
    }
    frame.render_widget(Paragraph::new(lines), lines_area);
    render_log(app, theme, frame, log_area, focused);
    if let Some(s) = step
        && explain_area.height > 0
    {
        let text = texts::step(s.step, a.profile);
        let mut note = s.note.map(|n| format!(" ({n})")).unwrap_or_default();
        if !s.remarks.is_empty() {
            let said: Vec<&str> = s.remarks.iter().map(|r| r.text).collect();
            note.push_str(&format!(" Validation errors: {}.", said.join("; ")));
        }
        frame.render_widget(
            Paragraph::new(Span::styled(format!("{text}{note}"), theme.dim))
                .wrap(Wrap { trim: true }),
            explain_area,
        );
    }
}

fn whole_sides(app: &App, width: usize) -> (Side<'_>, Side<'_>) {
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let o = &a.outcome;
    let out: &[u8] = &o.output;
    // Line the window up with the input line's scroll when the text is longer than the pane.
    let start = if x.len() <= width {
        0
    } else {
        text::align_back(x, app.editing.input.scroll.min(x.len()))
    };
    let out_start = if start == 0 {
        0
    } else {
        text::align_back(out, diff::map_forward(o, start).min(out.len()))
    };
    let frames_in = vec![o.frame_open.clone(), o.frame_close.clone()];
    let n = out.len();
    let frames_out = vec![
        0..o.frame_open.len(),
        n.saturating_sub(o.frame_close.len())..n,
    ];
    (
        Side {
            text: x,
            start,
            marked: Cow::Borrowed(&a.diff.deleted),
            dim: frames_in,
        },
        Side {
            text: out,
            start: out_start,
            marked: Cow::Borrowed(&a.diff.inserted),
            dim: frames_out,
        },
    )
}

fn step_sides(s: &StepRecord, width: usize) -> (Side<'_>, Side<'_>) {
    let mut del = Vec::new();
    let mut ins = Vec::new();
    let mut delta: isize = 0;
    for e in &s.edits {
        del.push(e.range.clone());
        let at = (e.range.start as isize + delta) as usize;
        ins.push(at..at + e.replacement.len());
        delta += e.replacement.len() as isize - e.range.len() as isize;
    }
    let first = s.edits.first().map_or(0, |e| e.range.start);
    let start = if s.before.len() <= width {
        0
    } else {
        text::align_back(&s.before, first.saturating_sub(width / 4))
    };
    let out_start = if start == 0 {
        0
    } else {
        text::align_back(
            &s.after,
            ins.first().map_or(0, |r| r.start).saturating_sub(width / 4),
        )
    };
    (
        Side {
            text: &s.before,
            start,
            marked: Cow::Owned(del),
            dim: Vec::new(),
        },
        Side {
            text: &s.after,
            start: out_start,
            marked: Cow::Owned(ins),
            dim: Vec::new(),
        },
    )
}

fn render_log(app: &App, theme: &Theme, frame: &mut Frame, area: Rect, focused: bool) {
    let steps = &app.analysis.outcome.steps;
    let h = area.height as usize;
    if h == 0 {
        return;
    }
    if steps.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                "no steps: the 'none' profile only inspects",
                theme.dim,
            )),
            area,
        );
        return;
    }
    let top = crate::tui::model::layout::log_top(app.panes.step_sel, h);
    // Column widths from the longest step id and status label (statuses capped).
    const STATUS_MAX: usize = 36;
    let name_w = steps
        .iter()
        .map(|s| s.step.as_str().len())
        .max()
        .unwrap_or(0);
    let status_w = steps
        .iter()
        .map(|s| s.status.label().chars().count())
        .max()
        .unwrap_or(0)
        .min(STATUS_MAX);
    let lines: Vec<Line> = steps
        .iter()
        .enumerate()
        .skip(top)
        .take(h)
        .map(|(i, s)| {
            let mut status = s.status.label();
            if status.chars().count() > STATUS_MAX {
                status = status.chars().take(STATUS_MAX - 1).collect::<String>() + "…";
            }
            let st = match s.status.kind() {
                "changed" => theme.inserted,
                "error" => theme.error,
                _ => theme.dim,
            };
            let rules = app.analysis.step_rules.get(i).map_or("", String::as_str);
            let mut spans = vec![
                Span::styled(format!("{:>2} ", i + 1), theme.dim),
                Span::raw(format!("{:<name_w$} ", s.step)),
                Span::raw(format!("{:>3} edits  ", s.edits.len())),
                Span::styled(format!("{status:<status_w$}  "), st),
                Span::styled(rules, theme.label),
            ];
            if focused && i == app.panes.step_sel {
                for sp in &mut spans {
                    sp.style = sp.style.patch(theme.selected);
                }
            }
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}
