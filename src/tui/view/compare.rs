//! The compare view (`m`): all seven profiles' results for the current input, each unit that
//! differs from the active profile's result highlighted, and the groups of profiles that agree.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::line::{cells_line, in_ranges};
use super::pane;
use crate::tui::app::App;
use crate::tui::layout::Areas;
use crate::tui::shell::SYNC_LIMIT;
use crate::tui::theme::Theme;
use crate::url::diag::Diag;
use crate::url::{Profile, diff, normalize};

/// Each profile with its output (or its first error), the groups of identical outputs in
/// profile order, computed for `app`'s input and options.
pub struct Comparison {
    pub outputs: Vec<(Profile, Vec<u8>, Option<Diag>)>,
    pub groups: Vec<Vec<Profile>>,
}

pub fn compare(app: &App) -> Comparison {
    let a = &app.analysis;
    let outputs: Vec<_> = Profile::ALL
        .into_iter()
        .map(|p| {
            let o = normalize(&a.input, p, &a.options);
            let err = o.errors().next();
            (p, o.output, err)
        })
        .collect();
    let mut groups: Vec<Vec<Profile>> = Vec::new();
    let mut keys: Vec<(&[u8], Option<Diag>)> = Vec::new();
    for (p, out, err) in &outputs {
        match keys.iter().position(|k| *k == (out.as_slice(), *err)) {
            Some(i) => groups[i].push(*p),
            None => {
                keys.push((out, *err));
                groups.push(vec![*p]);
            }
        }
    }
    Comparison { outputs, groups }
}

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let block = pane("Compare — every profile's result (Esc closes)", true, theme);
    let inner = Areas::inner(area);
    frame.render_widget(block, area);
    let a = &app.analysis;
    if a.input.len() > SYNC_LIMIT {
        let msg = format!(
            "the input is {} B; the compare view works on inputs up to {} B",
            a.input.len(),
            SYNC_LIMIT
        );
        frame.render_widget(Paragraph::new(msg), inner);
        return;
    }
    let c = compare(app);
    let reference = c
        .outputs
        .iter()
        .find(|(p, ..)| *p == app.profile)
        .map(|(_, o, _)| o.clone())
        .unwrap_or_default();
    let label_w = 12;
    let width = (inner.width as usize).saturating_sub(label_w);
    let mut lines = vec![Line::styled(
        format!(
            "highlighted: units that differ from the active profile's result ({})",
            app.profile.label()
        ),
        theme.dim,
    )];
    for (p, out, err) in &c.outputs {
        let active = *p == app.profile;
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
            let marked = match diff::myers_units(&reference, out, 2000) {
                Some(d) => d.inserted,
                None => std::iter::once(0..out.len()).collect(),
            };
            let (cells, _) = cells_line(out, 0, width, theme, |pos| {
                if in_ranges(&marked, pos) {
                    theme.inserted.patch(theme.selected)
                } else {
                    Style::new()
                }
            });
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
    let top = app.view_top.min(lines.len().saturating_sub(1)) as u16;
    frame.render_widget(Paragraph::new(lines).scroll((top, 0)), inner);
}
