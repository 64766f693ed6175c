//! The compare view (`m`): all seven profiles' results for the current input, each unit that
//! differs from the active profile's result highlighted, and the groups of profiles that agree.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::{cells_line, in_ranges};
use crate::tui::view::pane;

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
    let label_w = 12;
    let width = (inner.width as usize).saturating_sub(label_w);
    let mut lines = vec![Line::styled(
        format!(
            "highlighted: units that differ from the active profile's result ({})",
            app.settings.profile.label()
        ),
        theme.dim,
    )];
    for row in &c.rows {
        let (p, out, err) = (&row.profile, &row.output, &row.error);
        let active = *p == app.settings.profile;
        let label = Span::styled(
            format!(
                "{:<w$}",
                format!("{} {}", if active { "▶" } else { " " }, p.label()),
                w = label_w
            ),
            if active { theme.focus } else { theme.label },
        );
        let mut spans = vec![label];
        if let Some(e) = err {
            spans.push(Span::styled(format!("error: {e}"), theme.error));
        } else {
            let style = |pos| {
                if in_ranges(&row.marked, pos) {
                    theme.inserted.patch(theme.highlight)
                } else {
                    Style::new()
                }
            };
            let (mut cells, end) = cells_line(out, 0, width, theme, style);
            if end < out.len() {
                // Cut: one column for the `…` that says so.
                cells = cells_line(out, 0, width.saturating_sub(1), theme, style).0;
                cells.push(Span::styled("…", theme.dim));
            }
            spans.extend(cells);
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("agree (identical results):", theme.label));
    for g in &c.groups {
        let names: Vec<&str> = g.iter().map(|p| p.label()).collect();
        let what = if g.len() == 1 { "alone" } else { "agree" };
        lines.push(Line::raw(format!("  {}  ({what})", names.join(" = "))));
    }
    let max = lines.len().saturating_sub(inner.height as usize);
    let top = top.min(max) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((top, 0)), inner);
    max
}
