//! The unwrap view (`u`, docs/lenses.md): the layers from the pasted text to the link's real
//! target, the selected one in detail. It only reads the chain the analysis computed while the
//! view is open; Enter and Backspace are the app's (`crate::tui::model::overlays::unwrap`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::{fit, pane};
use urlscope_core::Chain;
use urlscope_core::modern::Layer;

const TITLE: &str = "Unwrap — ↑↓ select · Enter load · Backspace back · Esc close";

/// `▶ 2 kind  from layer 1: what`, cut to `width` (the text is ours; the detail has it all).
fn header(i: usize, l: &Layer, selected: bool, width: usize, theme: &Theme) -> Line<'static> {
    let mark = if selected { "▶" } else { " " };
    let style = if selected { theme.focus } else { theme.label };
    let head = format!("{mark}{i:>2} {}", l.label);
    let room = width.saturating_sub(head.chars().count());
    let mut spans = vec![Span::styled(head, style)];
    if let Some(s) = &l.source {
        let from = format!("  from layer {}: {}", i - 1, s.what);
        spans.extend(fit::spans(&fit::cut(
            &fit::of_str(&from, theme.dim),
            room,
            &fit::Cut::End,
            theme.dim,
        )));
    }
    Line::from(spans)
}

/// `t` in at most `n` lines of `width` columns after `lead` (the first line's start, its
/// columns kept free on the others too), cut at its end with `…` when it goes on (the one
/// fitting rule's wrap and cut).
fn wrapped(
    t: &[u8],
    lead: Vec<Span<'static>>,
    width: usize,
    n: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let indent: usize = lead.iter().map(Span::width).sum();
    let room = width.saturating_sub(indent).max(1);
    let all = fit::of_octets(t, 0..t.len(), theme, |_| Style::new());
    let mut head = Some(lead);
    fit::wrap::cells(&all, room, n.max(1), &fit::Cut::End, theme.dim)
        .iter()
        .map(|row| {
            let start = head
                .take()
                .unwrap_or_else(|| vec![Span::raw(" ".repeat(indent))]);
            fit::line(start, row)
        })
        .collect()
}

/// Lines `t` takes after `indent` columns in `width` (at least one).
fn lines_needed(t: &[u8], indent: usize, width: usize, theme: &Theme) -> usize {
    let room = width.saturating_sub(indent).max(1);
    fit::wrap::rows_needed(
        &fit::of_octets(t, 0..t.len(), theme, |_| Style::new()),
        room,
    )
}

/// The summary line (the target wrapped over `target_rows` lines), the stop reason and the
/// notes.
fn summary(c: &Chain, width: usize, target_rows: usize, theme: &Theme) -> Vec<Line<'static>> {
    // The one layer count (`Chain::layer_count`): the status line says the same number.
    let count = c.layer_count();
    let mut out = Vec::new();
    if count.layers == 0 {
        out.push(Line::styled(
            "no wrapper, defanging or encoding layer: the text is its own target",
            theme.dim,
        ));
    } else {
        let lead = vec![Span::styled(target_lead(c), theme.label)];
        let target = c.target().text.as_bytes();
        out.extend(wrapped(target, lead, width, target_rows, theme));
    }
    for s in c.stopped.iter().chain(&c.notes) {
        out.push(Line::styled(s.clone(), theme.warning));
    }
    out
}

/// `3 layers (3 wrappers) to the target: `.
fn target_lead(c: &Chain) -> String {
    format!("{} to the target: ", c.layer_count().label())
}

/// The selected layer in detail: where it came from, why, and its text from row `top` (as many
/// rows as fit, what lies above and below marked). Also the last first row (0 when it fits).
fn detail(
    c: &Chain,
    sel: usize,
    width: usize,
    rows: usize,
    top: usize,
    theme: &Theme,
) -> (Vec<Line<'static>>, usize) {
    let Some(l) = c.layers.get(sel) else {
        return (Vec::new(), 0);
    };
    let mut out = vec![Line::styled(
        format!("layer {sel}: {} — {} B", l.label, l.text.len()),
        theme.label,
    )];
    if let Some(s) = &l.source {
        out.push(Line::styled(
            format!(
                "from layer {}: {}, bytes {}..{}",
                sel - 1,
                s.what,
                s.start,
                s.end
            ),
            theme.dim,
        ));
    }
    out.push(Line::raw(l.explanation.clone()));
    // Every row of the text (wrapped by the fitting rule), with the octet each starts at.
    let t = l.text.as_bytes();
    let all = fit::of_octets(t, 0..t.len(), theme, |_| Style::new());
    let w = width.max(1);
    let text_rows: Vec<(usize, Vec<Span<'static>>)> = if all.is_empty() {
        Vec::new()
    } else {
        fit::wrap::cells(
            &all,
            w,
            fit::wrap::rows_needed(&all, w),
            &fit::Cut::End,
            theme.dim,
        )
        .iter()
        .map(|row| (row.first().map_or(0, |c| c.at), fit::spans(row)))
        .collect()
    };
    let room = rows.saturating_sub(out.len());
    if text_rows.len() <= room {
        out.extend(text_rows.into_iter().map(|(_, spans)| Line::from(spans)));
        return (out, 0);
    }
    // Cut: a row each for what lies above and below, the text scrolls between (PgUp/PgDn).
    let budget = room.saturating_sub(2).max(1);
    let max = text_rows.len() - budget;
    let top = top.min(max);
    let above = text_rows[top].0;
    out.push(Line::styled(
        if above == 0 {
            "(PgDn scrolls the text)".to_string()
        } else {
            format!("↑ {above} B above (PgUp)")
        },
        theme.dim,
    ));
    let below = text_rows.get(top + budget).map_or(t.len(), |r| r.0);
    out.extend(
        text_rows
            .into_iter()
            .skip(top)
            .take(budget)
            .map(|(_, spans)| Line::from(spans)),
    );
    if below < t.len() {
        out.push(Line::styled(
            format!("… {} B more (PgDn)", t.len() - below),
            theme.dim,
        ));
    }
    (out, max)
}

/// Draws the view; returns the selected layer's last first row (what PgDn may scroll to).
pub fn render(
    app: &App,
    sel: usize,
    top: usize,
    theme: &Theme,
    frame: &mut Frame,
    area: Rect,
) -> usize {
    frame.render_widget(Clear, area);
    frame.render_widget(pane(TITLE, true, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return 0;
    }
    let Some(c) = app.analysis.unwrap.as_ref().filter(|_| !app.is_stale()) else {
        frame.render_widget(Paragraph::new("unwrapping…"), inner);
        return 0;
    };
    let width = inner.width as usize;
    let height = inner.height as usize;
    let sel = sel.min(c.layers.len() - 1);
    let notes = c.stopped.iter().count() + c.notes.len();
    // Two rows a layer; the detail keeps at least six rows when there is room.
    let room = height.saturating_sub(1 + notes);
    let list_rows = (2 * c.layers.len()).min(room.saturating_sub(7).max(2));
    let visible = (list_rows / 2).max(1);
    let first = if sel < visible { 0 } else { sel + 1 - visible };
    let more = usize::from(first + visible < c.layers.len());
    // Rows left when the detail shows its layer whole: the target, then the layers' texts
    // wrap onto them, else each is one line cut with `…`.
    // (The explanation is one line that the paragraph wraps: count its rows.)
    let detail_rows: usize = detail(c, sel, width, usize::MAX, 0, theme)
        .0
        .iter()
        .map(|l| l.width().div_ceil(width).max(1))
        .sum();
    let mut free = height.saturating_sub(1 + notes + 2 * visible + more + 1 + detail_rows);
    let mut take = |need: usize| {
        let extra = need.saturating_sub(1).min(free);
        free -= extra;
        1 + extra
    };
    let target_rows = if c.layer_count().layers == 0 {
        1
    } else {
        take(lines_needed(
            c.target().text.as_bytes(),
            target_lead(c).chars().count(),
            width,
            theme,
        ))
    };
    let mut lines = summary(c, width, target_rows, theme);
    for (i, l) in c.layers.iter().enumerate().skip(first).take(visible) {
        lines.push(header(i, l, i == sel, width, theme));
        let t = l.text.as_bytes();
        let n = take(lines_needed(t, 4, width, theme));
        lines.extend(wrapped(t, vec![Span::raw("    ")], width, n, theme));
    }
    if more > 0 {
        lines.push(Line::styled(
            format!("  ↓ {} more", c.layers.len() - first - visible),
            theme.dim,
        ));
    }
    lines.push(Line::styled("─".repeat(width), theme.border));
    let rows = height.saturating_sub(lines.len());
    let (detail, max) = detail(c, sel, width, rows, top, theme);
    lines.extend(detail);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    max
}
