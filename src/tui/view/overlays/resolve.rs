//! The resolve view (`r`, docs/guide.md): base and reference components side by side, the RFC 1808 rule
//! ids taken in order with their explanations, the merged path before `D` and after each dot
//! rule, and the result.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::analysis::resolve::Resolved;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::{fit, pane};
use urlscope_core::{Parsed, explain};

/// The view's lines for `r`, the resolution of `reference` (parsed as `rp`).
pub fn lines(
    r: &Resolved,
    reference: &[u8],
    rp: &Parsed,
    theme: &Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let base = &r.base;
    let mut out = Vec::new();
    if base.is_empty() {
        out.push(Line::styled(
            "no base: type one in the Base line (Tab) or pick a resolution example with F2",
            theme.warning,
        ));
    }
    let col = width.saturating_sub(10) / 2;
    let head = |s: &str| Span::styled(format!("{s:<col$}"), theme.label);
    out.push(Line::from(vec![
        Span::raw(format!("{:<10}", "")),
        head("base"),
        head("reference (the URL line)"),
    ]));
    for ((c, b), (_, rr)) in r.base_parsed.components().into_iter().zip(rp.components()) {
        // Each side wraps in its column; the row takes the rows the longer side needs.
        let room = col.saturating_sub(1).max(1);
        let side = |x: &[u8], range: Option<std::ops::Range<usize>>| -> Vec<Vec<fit::Cell>> {
            match range {
                Some(r) => {
                    let cells = fit::of_octets(x, r, theme, |_| theme.host);
                    let n = fit::wrap::rows_needed(&cells, room);
                    fit::wrap::cells(&cells, room, n, &fit::Cut::Middle, theme.dim)
                }
                None => vec![fit::of_str("absent", theme.dim)],
            }
        };
        let (left, right) = (side(base.as_slice(), b), side(reference, rr));
        for k in 0..left.len().max(right.len()) {
            let name = if k == 0 { c.name() } else { "" };
            let mut spans = vec![Span::styled(format!("{name:<10}"), theme.label)];
            let l = left.get(k).cloned().unwrap_or_default();
            spans.extend(fit::spans(&l));
            spans.push(Span::raw(" ".repeat(col.saturating_sub(fit::width(&l)))));
            spans.extend(fit::spans(right.get(k).map_or(&[][..], |r| &r[..])));
            out.push(Line::from(spans));
        }
    }
    out.push(Line::raw(""));
    out.extend(three_results(r, width, theme));
    let res = r.rfc1808();
    out.push(Line::raw(""));
    let mut spans = vec![Span::styled(
        format!("{:<34}", "result by RFC 1808 §4"),
        theme.label,
    )];
    // Every value whole, wrapped under itself: the view scrolls.
    let value = |lead: Vec<Span<'static>>, x: &[u8], style: Style| {
        let cells = fit::of_octets(x, 0..x.len(), theme, |_| style);
        fit::hanging(lead, 34, &cells, width, theme.dim)
    };
    match res.error {
        Some(e) => {
            spans.push(Span::styled(format!("error: {e}"), theme.error));
            out.push(Line::from(spans));
        }
        None => out.extend(value(spans, &res.output, Style::new())),
    }
    if let Some(m) = &res.merged_path {
        out.push(Line::raw(""));
        let lead = vec![Span::styled(
            format!("{:<34}", "merged path (before D)"),
            theme.label,
        )];
        out.extend(value(lead, m, theme.path));
        for (rule, path) in &res.dot_steps {
            let lead = vec![Span::styled(
                format!("{:<34}", format!("after {rule}")),
                theme.label,
            )];
            out.extend(value(lead, path, theme.path));
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(
        "rules taken (RFC 1808 §4), in order:",
        theme.label,
    ));
    for (i, id) in res.rules.iter().enumerate() {
        let why = explain::resolution(*id).text;
        let lead = vec![Span::styled(format!("{:>3} {id:<31} ", i + 1), theme.focus)];
        let cells = fit::of_str(why, Style::new());
        out.extend(fit::hanging_words(lead, 36, &cells, width, theme.dim));
    }
    out
}

/// The result under each rule set, units that differ from RFC 1808's result
/// highlighted, and which results agree.
fn three_results(r: &Resolved, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let results: Vec<_> = r
        .by_rules
        .iter()
        .map(|b| (b.rules, &b.resolution))
        .collect();
    let mut out = vec![Line::styled(
        "resolved by three rule sets (highlighted: where it differs from RFC 1808):",
        theme.label,
    )];
    for (i, (rules, res)) in results.iter().enumerate() {
        let same_as: Vec<&str> = results[..i]
            .iter()
            .filter(|(_, o)| o.output == res.output && o.error == res.error)
            .map(|(r, _)| r.label())
            .collect();
        let verdict = match (i, same_as.first()) {
            (0, _) => String::new(),
            (_, Some(first)) => format!("  = {first}"),
            (_, None) => {
                let above: Vec<&str> = results[..i].iter().map(|(r, _)| r.label()).collect();
                format!("  ≠ {}", above.join(" and "))
            }
        };
        let lead = vec![Span::styled(
            format!("  {:<10}", rules.label()),
            theme.label,
        )];
        let mut cells = match res.error {
            Some(e) => fit::of_str(&format!("error: {e}"), theme.error),
            None => {
                let marked = &r.by_rules[i].marked;
                fit::of_octets(&res.output, 0..res.output.len(), theme, |pos| {
                    if i > 0 && crate::tui::view::cells::in_ranges(marked, pos) {
                        theme.inserted.patch(theme.highlight)
                    } else {
                        Style::new()
                    }
                })
            }
        };
        let verdict_style = if same_as.is_empty() {
            theme.warning
        } else {
            theme.dim
        };
        // The verdict after the value, wrapped with it (the view scrolls).
        cells.extend(fit::of_str(&verdict, verdict_style));
        out.extend(fit::hanging(lead, 12, &cells, width, theme.dim));
    }
    out
}

pub fn render(app: &App, top: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Resolve — base + reference (↑↓ scroll, Esc closes)",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    // Computed by the analysis while the view is open; a large input's is on its way.
    let a = &app.analysis;
    let Some(r) = &a.resolve else {
        frame.render_widget(
            Paragraph::new("resolving the URL against the base…").style(theme.dim),
            inner,
        );
        return;
    };
    let lines = lines(r, &a.input, &a.parsed, theme, inner.width as usize);
    crate::tui::view::scrolled(lines, top, frame, inner);
}
