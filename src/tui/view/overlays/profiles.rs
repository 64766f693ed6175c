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
use urlscope_core::Profile;
use urlscope_core::url::Group;

/// What each group's heading says after its name, when the column has room.
fn heading(g: Group) -> &'static str {
    match g {
        Group::Sources => "the source documents",
        Group::Today => "today's canonical forms",
        Group::Crawlers => "the keys crawlers make",
    }
}

/// One group's lines in a column `cols` wide: its heading, then a row a profile (its
/// command-line name, and its label where that says more). A label too long to sit beside the
/// name takes the row below, indented, while the column has `spare` rows: a cut label with
/// empty rows under the list would hide what the pane has room for.
fn group_lines(
    app: &App,
    g: Group,
    sel: Profile,
    cols: usize,
    spare: &mut usize,
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
        let label_w = p.label().chars().count();
        let beside = text.chars().count() + 2;
        if says_more && beside + label_w <= cols {
            text = format!("{text}  {}", p.label());
            out.push(Line::styled(text, style));
        } else if says_more && *spare > 0 && LABEL_INDENT + label_w <= cols {
            *spare -= 1;
            out.push(Line::styled(text.trim_end().to_string(), style));
            out.push(Line::styled(
                format!("{:LABEL_INDENT$}{}", "", p.label()),
                style,
            ));
        } else {
            out.push(Line::styled(text, style));
        }
    }
    out
}

/// How far a label on its own row is indented: past the selection mark.
const LABEL_INDENT: usize = 4;

/// The rows a group takes with every label beside its name.
fn group_rows(g: Group) -> usize {
    1 + g.profiles().count()
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
    let rows = Group::ALL.iter().map(|&g| group_rows(g)).sum::<usize>();
    let one_column = rows + 1 + detail.len() <= inner.height as usize;
    let [list, below] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(detail.len() as u16 + 1),
    ])
    .areas(inner);
    let height = list.height as usize;
    if one_column {
        let mut spare = height.saturating_sub(rows);
        let mut lines = Vec::new();
        for g in Group::ALL {
            lines.extend(group_lines(app, g, chosen, width, &mut spare, theme));
        }
        frame.render_widget(Paragraph::new(lines), list);
    } else {
        // The crawlers beside the rest: ten rows instead of nineteen.
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(list);
        let (cols, mut spare) = (
            left.width as usize,
            height.saturating_sub(group_rows(Group::Sources) + group_rows(Group::Today)),
        );
        let mut lines = group_lines(app, Group::Sources, chosen, cols, &mut spare, theme);
        lines.extend(group_lines(
            app,
            Group::Today,
            chosen,
            cols,
            &mut spare,
            theme,
        ));
        frame.render_widget(Paragraph::new(lines), left);
        let (cols, mut spare) = (
            right.width as usize,
            height.saturating_sub(group_rows(Group::Crawlers)),
        );
        let lines = group_lines(app, Group::Crawlers, chosen, cols, &mut spare, theme);
        frame.render_widget(Paragraph::new(lines), right);
    }
    let mut lines = vec![Line::raw("")];
    lines.extend(detail.iter().map(|r| fit::line(Vec::<Span>::new(), r)));
    frame.render_widget(Paragraph::new(lines), below);
}
