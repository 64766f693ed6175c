//! The result pane: before and after lines with the inline unit diff, and the step log.
//! With the step log focused, the lines show the selected step's own before and after, with its
//! edits highlighted, and its explanation.

use std::borrow::Cow;
use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::{Areas, LABEL};
use crate::tui::model::preview::{Preview, decode};
use crate::tui::model::text;
use crate::tui::model::texts;
use crate::tui::msg::Focus;
use crate::tui::view::cells::in_ranges;
use crate::tui::view::{fit, pane};
use urlscope_core::url::{StepRecord, diff};

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
    let (rows_b, rows_a) =
        crate::tui::model::layout::side_rows((need(before.text), need(after.text)), side_rows);
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
        // Wrapped over its rows; when it needs more, cut around the first change (or, with
        // nothing changed, where the URL line is scrolled to), so the change stays in sight.
        let at = side.marked.first().map_or(side.start, |r| r.start);
        // Only what its rows can show is read (a pasted megabyte is a million cells).
        let room = width.saturating_mul(rows.max(1));
        let cells = fit::of_octets_within(side.text, 0..side.text.len(), room, &[at], theme, style);
        let how = if at == 0 {
            fit::Cut::Middle
        } else {
            fit::Cut::Around(fit::index_of(&cells, at))
        };
        for (r, row) in fit::wrap::cells(&cells, width, rows.max(1), &how, theme.dim)
            .iter()
            .enumerate()
        {
            let head = if r == 0 { name } else { "" };
            lines.push(fit::line(vec![label(head, theme.label)], row));
        }
    }
    if preview {
        // Enough of the input for one line (a cell is at most 4 bytes; a triplet 3 octets).
        let x = &a.input[..a.input.len().min(width * 12 + 12)];
        let (shown, used) = decode(x, &a.parsed, app.settings.preview);
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
        // The decoded input in the columns the labels leave, cut at its end.
        let room = width.saturating_sub(short.chars().count());
        let cells = fit::of_octets(&shown, 0..shown.len(), theme, |_| Style::new());
        let mut owned = vec![label("input", theme.label), Span::styled(short, theme.dim)];
        owned.extend(fit::spans(&fit::cut(
            &cells,
            room,
            &fit::Cut::End,
            theme.dim,
        )));
        lines.push(Line::from(owned));
    }
    frame.render_widget(Paragraph::new(lines), lines_area);
    render_log(app, theme, frame, log_area, focused);
    if let Some(s) = step
        && explain_area.height > 0
    {
        // Wrapped at spaces into the rows the model gave it (it counted them the same way).
        let text = texts::step_explained(s, a.profile);
        let rows = fit::wrap::words(
            &fit::of_str(&text, theme.dim),
            explain_area.width as usize,
            explain_area.height as usize,
            theme.dim,
        );
        let lines: Vec<Line> = rows.iter().map(|r| fit::line(Vec::new(), r)).collect();
        frame.render_widget(Paragraph::new(lines), explain_area);
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
    // A lesson step marks the rows of the steps that act on its characters (and scrolls to
    // the first of them).
    let marked = app.lesson_marks().map(|m| m.steps).unwrap_or_default();
    let anchor = match marked.first() {
        Some(&first) if !focused => first,
        _ => app.panes.step_sel,
    };
    let top = crate::tui::model::layout::log_top(anchor, h);
    let width = area.width as usize;
    // Columns: number, step id (never cut: it names the step), edits, then the status and the
    // rules, which share the rest. The status gets its longest form when there is room; a
    // status or a rule list that is still cut ends in `…`, and the selected step's status is
    // whole in the explanation below the log.
    let name_w = steps
        .iter()
        .map(|s| s.step.as_str().len())
        .max()
        .unwrap_or(0);
    let fixed = 3 + name_w + 1 + 11;
    let room = width.saturating_sub(fixed);
    let status_w = steps
        .iter()
        .map(|s| unicode_width::UnicodeWidthStr::width(s.status.label().as_str()))
        .max()
        .unwrap_or(0)
        .min(room);
    let lines: Vec<Line> = steps
        .iter()
        .enumerate()
        .skip(top)
        .take(h)
        .map(|(i, s)| {
            let st = match s.status.kind() {
                "changed" => theme.inserted,
                "error" => theme.error,
                _ => theme.dim,
            };
            let rules = app.analysis.step_rules.get(i).map_or("", String::as_str);
            let status = fit::cut(
                &fit::of_str(&s.status.label(), st),
                status_w,
                &fit::Cut::End,
                theme.dim,
            );
            let pad = status_w - fit::width(&status);
            let rules_room = room.saturating_sub(status_w + 2);
            let rules = fit::cut(
                &fit::of_str(rules, theme.label),
                rules_room,
                &fit::Cut::End,
                theme.dim,
            );
            let mut spans = vec![
                Span::styled(format!("{:>2} ", i + 1), theme.dim),
                Span::raw(format!("{:<name_w$} ", s.step)),
                Span::raw(format!("{:>3} edits  ", s.edits.len())),
            ];
            spans.extend(fit::spans(&status));
            if !rules.is_empty() {
                spans.push(Span::raw(" ".repeat(pad + 2)));
                spans.extend(fit::spans(&rules));
            }
            if marked.contains(&i) {
                for sp in &mut spans {
                    sp.style = sp.style.patch(theme.highlight);
                }
            }
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
