//! The profile picker: every profile under its group's heading (one column where the rows fit,
//! else the crawlers beside the sources and today's two), then the selected profile whole.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlays::profiles;
use crate::tui::view::{fit, pane};
use crate::url::{Group, Profile};

/// What each group's heading says after its name, when the column has room.
fn heading(g: Group) -> &'static str {
    match g {
        Group::Sources => "the source documents",
        Group::Today => "today's canonical forms",
        Group::Crawlers => "the keys crawlers make",
    }
}

/// One group's lines in a column `cols` wide: its heading, then a row a profile (its
/// command-line name, and its label where that says more and fits whole).
fn group_lines(
    app: &App,
    g: Group,
    sel: Profile,
    cols: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let title = format!("{} — {}", g.label(), heading(g));
    let title = if title.chars().count() <= cols {
        title
    } else {
        g.label().to_string()
    };
    let mut out = vec![Line::styled(title, theme.label)];
    let name_w = g.profiles().map(|p| p.name().len()).max().unwrap_or(0);
    for p in g.profiles() {
        let mark = if p == sel {
            "▶ "
        } else if p == app.settings.profile {
            "• "
        } else {
            "  "
        };
        let style = if p == sel {
            theme.selected
        } else {
            Style::new()
        };
        let mut text = format!("{mark}{:<name_w$}", p.name());
        let says_more = !p.label().eq_ignore_ascii_case(p.name());
        if says_more && text.chars().count() + 2 + p.label().chars().count() <= cols {
            text = format!("{text}  {}", p.label());
        }
        out.push(Line::styled(text, style));
    }
    out
}

pub fn render(app: &App, sel: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Profiles — ↑↓ select, Enter makes it active, Esc closes",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    let width = inner.width as usize;
    let chosen = profiles::profile_at(sel);
    // The selected profile whole below the list: its label, name, group and steps.
    let steps = chosen.steps().count();
    let mut detail = format!(
        "{} (`-p {}`, {}): {steps} steps",
        chosen.label(),
        chosen.name(),
        chosen.group().label()
    );
    if chosen == app.settings.profile {
        detail.push_str(" — the active profile (•)");
    }
    let detail = fit::wrap::words(&fit::of_str(&detail, theme.focus), width, 3, theme.dim);
    let rows = Group::ALL
        .iter()
        .map(|g| 1 + g.profiles().count())
        .sum::<usize>();
    let one_column = rows + 1 + detail.len() <= inner.height as usize;
    let [list, below] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(detail.len() as u16 + 1),
    ])
    .areas(inner);
    if one_column {
        let mut lines = Vec::new();
        for g in Group::ALL {
            lines.extend(group_lines(app, g, chosen, width, theme));
        }
        frame.render_widget(Paragraph::new(lines), list);
    } else {
        // The crawlers beside the rest: ten rows instead of nineteen.
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(list);
        let mut lines = group_lines(app, Group::Sources, chosen, left.width as usize, theme);
        lines.extend(group_lines(
            app,
            Group::Today,
            chosen,
            left.width as usize,
            theme,
        ));
        frame.render_widget(Paragraph::new(lines), left);
        let lines = group_lines(app, Group::Crawlers, chosen, right.width as usize, theme);
        frame.render_widget(Paragraph::new(lines), right);
    }
    let mut lines = vec![Line::raw("")];
    lines.extend(detail.iter().map(|r| fit::line(Vec::<Span>::new(), r)));
    frame.render_widget(Paragraph::new(lines), below);
}
