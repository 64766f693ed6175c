//! The compare view (`m`): every profile's result for the current input under its group's
//! heading (sources, today, crawlers), each unit that differs from the active profile's result
//! highlighted, and the groups of profiles that agree.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::in_ranges;
use crate::tui::view::{fit, pane};

/// Draws the view; returns the last scroll position that still fills the view (the model
/// clamps End there: End must not scroll to a blank page).
pub fn render(app: &App, top: usize, theme: &Theme, frame: &mut Frame, area: Rect) -> usize {
    frame.render_widget(Clear, area);
    let block = pane("Compare — every profile's result (Esc closes)", true, theme);
    let inner = Areas::inner(area);
    frame.render_widget(block, area);
    // Computed by the analysis while the view is open; a large input's is on its way.
    let Some(c) = &app.analysis.compare else {
        frame.render_widget(
            Paragraph::new("comparing the profiles' results…").style(theme.dim),
            inner,
        );
        return 0;
    };
    // The labels people read, where they leave the results two thirds of the row; else the
    // command-line names.
    let long = c
        .rows
        .iter()
        .map(|r| r.profile.label().chars().count())
        .max();
    let use_labels = long.is_some_and(|n| n + 3 <= inner.width as usize / 3);
    let shown = |p: urlscope_core::Profile| if use_labels { p.label() } else { p.name() };
    // Each group's labels as wide as its longest (at least 12): the sources' results stay
    // where they always were, the crawlers' longer names get their own column.
    let group_w = |g: urlscope_core::url::Group| {
        g.profiles()
            .map(|p| shown(p).chars().count() + 3)
            .max()
            .unwrap_or(0)
            .max(12)
    };
    let label_ws: Vec<usize> = c.rows.iter().map(|r| group_w(r.profile.group())).collect();
    let width_of = |label_w: usize| (inner.width as usize).saturating_sub(label_w);
    let mut lines = vec![Line::styled(
        format!(
            "highlighted: units that differ from the active profile's result ({})",
            app.settings.profile.label()
        ),
        theme.dim,
    )];
    // The groups below the results take their rows; the rows left go to the results, in the
    // profiles' order, each wrapped whole while room lasts (`fit::rows::share`); a result that
    // still does not fit is cut around its first unit that differs from the active result.
    let fixed = 1 + 2 + c.groups.len() + urlscope_core::url::Group::ALL.len();
    let results: Vec<Vec<fit::Cell>> = c
        .rows
        .iter()
        .map(|row| {
            fit::of_octets(&row.output, 0..row.output.len(), theme, |pos| {
                if in_ranges(&row.marked, pos) {
                    theme.inserted.patch(theme.highlight)
                } else {
                    Style::new()
                }
            })
        })
        .collect();
    let want: Vec<usize> = c
        .rows
        .iter()
        .zip(&results)
        .zip(&label_ws)
        .map(|((row, cells), &lw)| {
            if row.error.is_some() {
                1
            } else {
                fit::wrap::rows_needed(cells, width_of(lw))
            }
        })
        .collect();
    let room = (inner.height as usize)
        .saturating_sub(fixed)
        .max(c.rows.len());
    let got = fit::rows::share(&want, room, None);
    let mut group = None;
    for (((row, cells), rows), &label_w) in c.rows.iter().zip(&results).zip(got).zip(&label_ws) {
        let (p, err) = (&row.profile, &row.error);
        let width = width_of(label_w);
        if group != Some(p.group()) {
            group = Some(p.group());
            lines.push(Line::styled(p.group().label().to_string(), theme.label));
        }
        let active = *p == app.settings.profile;
        let label = Span::styled(
            format!(
                "{:<w$}",
                format!("{} {}", if active { "▶" } else { " " }, shown(*p)),
                w = label_w
            ),
            if active { theme.focus } else { theme.label },
        );
        if let Some(e) = err {
            lines.push(Line::from(vec![
                label,
                Span::styled(format!("error: {e}"), theme.error),
            ]));
            continue;
        }
        let how = match row.marked.first() {
            Some(r) => fit::Cut::Around(fit::index_of(cells, r.start)),
            None => fit::Cut::Middle,
        };
        for (k, part) in fit::wrap::cells(cells, width, rows.max(1), &how, theme.dim)
            .iter()
            .enumerate()
        {
            let lead = if k == 0 {
                label.clone()
            } else {
                Span::raw(" ".repeat(label_w))
            };
            lines.push(fit::line(vec![lead], part));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("agree (identical results):", theme.label));
    for g in &c.groups {
        let names: Vec<&str> = g.iter().map(|p| shown(*p)).collect();
        let what = if g.len() == 1 { "alone" } else { "agree" };
        let text = format!("{}  ({what})", names.join(" = "));
        // A long group wraps at its `=`s, never cut.
        let rows = fit::wrap::words(
            &fit::of_str(&text, Style::new()),
            (inner.width as usize).saturating_sub(2).max(1),
            usize::MAX / 2,
            theme.dim,
        );
        lines.extend(rows.iter().map(|r| fit::line(vec![Span::raw("  ")], r)));
    }
    let max = lines.len().saturating_sub(inner.height as usize);
    let top = top.min(max) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((top, 0)), inner);
    max
}
