//! The practice view (F3): the exercise, the answer line, and after Enter the verdict — each
//! wrong, missing or needless `%XX` marked in the answer and listed with the rule it breaks.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlay::Practice;
use crate::tui::model::text;
use crate::tui::view::{fit, pane};
use urlscope_core::modern::exercises::MarkKind;
use urlscope_core::modern::lessons::LESSONS;

const PROMPT: &str = "answer › ";

pub fn render(app: &App, p: &Practice, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let solved = &app.progress;
    let total = solved.exercises.len();
    let sel = p.sel.min(total - 1);
    let ex = &solved.exercises[sel].1;
    let counts = format!(
        "{} solved, {} tried · lessons {}/{} done",
        solved.solved_count(),
        solved.tried_count(),
        solved.lessons_done(),
        LESSONS.len()
    );
    let title = match p.lessons {
        Some(_) => format!("Lessons · {counts}"),
        // The keys are on the key bar: the title keeps the counts whole at 80 columns.
        None => format!(
            "Practice {}/{total} · level {} · {counts}",
            sel + 1,
            ex.level
        ),
    };
    frame.render_widget(pane(&title, true, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    if p.confirm_reset {
        let ask = format!(
            "Forget all progress: {counts}? Enter forgets it (the file too) · Esc keeps it."
        );
        let rows = fit::wrap::words(
            &fit::of_str(&ask, theme.warning),
            inner.width as usize,
            inner.height as usize,
            theme.dim,
        );
        let lines: Vec<Line<'static>> = rows.iter().map(|r| fit::line(Vec::new(), r)).collect();
        frame.render_widget(Paragraph::new(lines), inner);
        return;
    }
    if let Some(row) = p.lessons {
        render_lessons(app, row, theme, frame, inner);
        return;
    }
    let mut lines: Vec<Line<'static>> = Vec::new();
    let done = if solved.solved(sel) {
        "  ✓ solved".to_string()
    } else if solved.attempts(sel) > 0 {
        format!("  tried {}×", solved.attempts(sel))
    } else {
        String::new()
    };
    lines.push(Line::from(vec![
        Span::styled(format!("{}.", ex.id), theme.dim),
        Span::raw(" "),
        Span::styled(text::visible(ex.prompt().as_bytes()), theme.label),
        Span::styled(done, theme.inserted),
    ]));
    lines.push(Line::styled(
        format!("{} — {}", text::visible(ex.quote.as_bytes()), ex.source),
        theme.dim,
    ));
    lines.push(Line::raw(""));
    // The answer line: the typed octets as cells (never raw control octets), the marked units
    // highlighted once checked; a long answer shows a window around the cursor (the fitting
    // rule's `Around`), one column kept for the cursor.
    let marks = p
        .verdict
        .as_ref()
        .map(|v| v.marks.as_slice())
        .unwrap_or(&[]);
    let width = (inner.width as usize).saturating_sub(PROMPT.chars().count());
    let marked = |pos: usize| {
        if marks.iter().any(|m| m.span.contains(&pos)) {
            theme.error.patch(theme.highlight)
        } else {
            Style::new()
        }
    };
    let buf = &p.answer.buf;
    let all = fit::of_octets(buf, 0..buf.len(), theme, marked);
    let cursor = p.answer.cursor.min(buf.len());
    let how = fit::Cut::Around(fit::index_of(&all, cursor));
    let shown = fit::cut(&all, width.saturating_sub(1), &how, theme.dim);
    // The cursor's column: the cells drawn before the one it stands on.
    let cursor_col = fit::width(
        &shown[..shown
            .iter()
            .position(|c| c.at >= cursor && c.text != fit::ELLIPSIS)
            .unwrap_or(shown.len())],
    );
    let mut answer = vec![Span::styled(PROMPT, theme.focus)];
    answer.extend(fit::spans(&shown));
    let answer_row = lines.len();
    lines.push(Line::from(answer));
    lines.push(Line::raw(""));
    for h in ex.hints.iter().take(p.hints) {
        lines.push(Line::styled(
            format!("hint: {}", text::visible(h.as_bytes())),
            theme.label,
        ));
    }
    if p.answer_shown {
        let why = if ex.why.is_empty() {
            String::new()
        } else {
            format!(" — {}", text::visible(ex.why.as_bytes()))
        };
        lines.push(Line::styled(
            format!("answer: {}{why}", text::visible(ex.expected().as_bytes())),
            theme.inserted,
        ));
    }
    match &p.verdict {
        None => lines.push(Line::styled(
            "Type the answer, then Enter (each %XX as two hex digits).",
            theme.dim,
        )),
        Some(v) if v.ok => {
            lines.push(Line::styled(
                "✓ right: that is what these rules write.",
                theme.inserted,
            ));
        }
        Some(v) => {
            lines.push(Line::styled(
                format!("✗ not yet: {} mark(s)", v.marks.len()),
                theme.warning,
            ));
            for m in &v.marks {
                // A space is shown as ␠ (a mark on nothing visible would say nothing).
                let typed = text::visible(p.answer.buf.get(m.span.clone()).unwrap_or_default())
                    .replace(' ', "␠");
                let what = match m.kind {
                    MarkKind::Wrong => format!(
                        "`{typed}` is wrong here: {}",
                        text::visible(m.expected.as_bytes())
                    ),
                    MarkKind::Missing if typed.is_empty() => {
                        format!("missing here: {}", text::visible(m.expected.as_bytes()))
                    }
                    MarkKind::Missing => format!(
                        "`{typed}` must be written {}",
                        text::visible(m.expected.as_bytes())
                    ),
                    MarkKind::Extra => format!("`{typed}` does not belong here"),
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("  at {}: ", m.span.start), theme.dim),
                    Span::styled(what, theme.warning),
                ]));
                lines.push(Line::styled(
                    format!("    {} — {}", m.rule.text, m.rule.source),
                    theme.dim,
                ));
            }
        }
    }
    lines.push(Line::raw(""));
    // A space between levels: the strip wraps there, never mid-level at the pane's edge.
    let mut strip = String::new();
    for i in 0..total {
        if i > 0 && solved.exercises[i].1.level != solved.exercises[i - 1].1.level {
            strip.push(' ');
        }
        strip.push(match (i == sel, solved.solved(i), solved.attempts(i) > 0) {
            (true, _, _) => '▶',
            (false, true, _) => '✓',
            (false, false, true) => '○',
            (false, false, false) => '·',
        });
    }
    lines.push(Line::styled(
        format!("progress, kept between runs (✓ solved, ○ tried; F8 forgets): {strip}"),
        theme.dim,
    ));
    let prefix_rows: usize = lines[..answer_row]
        .iter()
        .map(|l| l.width().div_ceil(inner.width as usize).max(1))
        .sum();
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    if (prefix_rows as u16) < inner.height {
        let col = cursor_col.min(width.saturating_sub(1));
        frame.set_cursor_position(Position::new(
            inner.x + (PROMPT.chars().count() + col) as u16,
            inner.y + prefix_rows as u16,
        ));
    }
}

/// The lessons list (Tab): one row a lesson — a mark, its name, how far it got, its title
/// (cut at its end when the row is short: Enter opens it whole) — then the selected lesson's
/// source, wrapped.
fn render_lessons(app: &App, row: usize, theme: &Theme, frame: &mut Frame, inner: Rect) {
    let cols = inner.width as usize;
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (i, l) in LESSONS.iter().enumerate() {
        let (step, done) = app.progress.lesson(&l.name);
        let of = l.steps.len();
        let mark = match (i == row, done, step > 0) {
            (true, _, _) => "▶",
            (false, true, _) => "✓",
            (false, false, true) => "○",
            (false, false, false) => "·",
        };
        let state = if done {
            "done".to_string()
        } else if step > 0 {
            format!("{step}/{of}")
        } else {
            format!("{of} steps")
        };
        let lead = format!("{mark} {:<9} {:>8}  ", l.name, state);
        let style = if i == row {
            theme.selected
        } else {
            Style::new()
        };
        let lead_cells = fit::of_str(&lead, if done { theme.inserted } else { style });
        let room = cols.saturating_sub(fit::width(&lead_cells));
        let title = fit::cut(
            &fit::of_str(&text::visible(l.title.as_bytes()), style),
            room,
            &fit::Cut::End,
            theme.dim,
        );
        let mut cells = lead_cells;
        cells.extend(title);
        lines.push(fit::line(Vec::new(), &cells));
    }
    lines.push(Line::raw(""));
    if let Some(l) = LESSONS.get(row) {
        let about = format!(
            "{} — {} steps from {}; each loads its example here, marks the characters it is about and quotes the source. Progress is kept between runs (F8 forgets).",
            text::visible(l.title.as_bytes()),
            l.steps.len(),
            text::visible(l.source.as_bytes())
        );
        let left = (inner.height as usize).saturating_sub(lines.len());
        for r in fit::wrap::words(&fit::of_str(&about, theme.dim), cols, left, theme.dim) {
            lines.push(fit::line(Vec::new(), &r));
        }
    }
    frame.render_widget(Paragraph::new(lines), inner);
}
