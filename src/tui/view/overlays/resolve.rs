//! The resolve view (`r`, SPEC §7.6): base and reference components side by side, the §4.2 rule
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
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;
use crate::url::{Parsed, explain};

/// Owned spans for `s`, at most `width` columns, in `style`.
fn text(s: &[u8], width: usize, style: Style, theme: &Theme) -> Vec<Span<'static>> {
    let (spans, _) = cells_line(s, 0, width, theme, |_| style);
    spans
        .into_iter()
        .map(|sp| Span::styled(sp.content.into_owned(), sp.style))
        .collect()
}

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
        let mut spans = vec![Span::styled(format!("{:<10}", c.name()), theme.label)];
        for (x, range) in [(base.as_slice(), b), (reference, rr)] {
            let cell = match range {
                Some(r) => text(&x[r], col.saturating_sub(1), theme.host, theme),
                None => vec![Span::styled("absent", theme.dim)],
            };
            let w: usize = cell.iter().map(|s| s.width()).sum();
            spans.extend(cell);
            spans.push(Span::raw(" ".repeat(col.saturating_sub(w))));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::raw(""));
    out.extend(three_results(r, width, theme));
    let res = r.rfc1808();
    out.push(Line::raw(""));
    let mut spans = vec![Span::styled(
        format!("{:<34}", "result by RFC 1808 (SPEC §4)"),
        theme.label,
    )];
    match res.error {
        Some(e) => spans.push(Span::styled(format!("error: {e}"), theme.error)),
        None => spans.extend(text(
            &res.output,
            width.saturating_sub(34),
            Style::new(),
            theme,
        )),
    }
    out.push(Line::from(spans));
    if let Some(m) = &res.merged_path {
        out.push(Line::raw(""));
        let mut spans = vec![Span::styled(
            format!("{:<34}", "merged path (before D)"),
            theme.label,
        )];
        spans.extend(text(m, width.saturating_sub(34), theme.path, theme));
        out.push(Line::from(spans));
        for (rule, path) in &res.dot_steps {
            let mut spans = vec![Span::styled(
                format!("{:<34}", format!("after {rule}")),
                theme.label,
            )];
            spans.extend(text(path, width.saturating_sub(34), theme.path, theme));
            out.push(Line::from(spans));
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(
        "rules taken (SPEC §4.2), in order:",
        theme.label,
    ));
    for (i, id) in res.rules.iter().enumerate() {
        let why = explain::resolution(*id).text;
        out.push(Line::from(vec![
            Span::styled(format!("{:>3} {id:<31} ", i + 1), theme.focus),
            Span::raw(why.to_string()),
        ]));
    }
    out
}

/// SPEC-MODERN §9.3: the result under each rule set, units that differ from RFC 1808's result
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
        let mut spans = vec![Span::styled(
            format!("  {:<10}", rules.label()),
            theme.label,
        )];
        let room = width.saturating_sub(12 + verdict.chars().count());
        match res.error {
            Some(e) => spans.push(Span::styled(format!("error: {e}"), theme.error)),
            None => {
                let marked = &r.by_rules[i].marked;
                let (cells, _) = cells_line(&res.output, 0, room, theme, |pos| {
                    if i > 0 && crate::tui::view::cells::in_ranges(marked, pos) {
                        theme.inserted.patch(theme.highlight)
                    } else {
                        Style::new()
                    }
                });
                spans.extend(
                    cells
                        .into_iter()
                        .map(|s| Span::styled(s.content.into_owned(), s.style)),
                );
            }
        }
        spans.push(Span::styled(
            verdict,
            if same_as.is_empty() {
                theme.warning
            } else {
                theme.dim
            },
        ));
        out.push(Line::from(spans));
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
