//! The view: functions that only read the app and draw one pane each.

mod aliases;
pub mod bar;
mod chars;
mod compare;
pub mod components;
mod examples;
mod findings;
pub mod help;
mod host;
mod input;
pub mod parsers;
mod resolve;
pub mod result;
pub mod summary;
mod unwrap;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::app::App;
use super::layout::Areas;
use super::msg::{Focus, Overlay};
use crate::theme::Theme;

/// Draw the whole screen. Every pane copes with any size, down to 1×1.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame) {
    let areas = Areas::of(frame.area());
    input::render(app, theme, frame, &areas);
    bar::render_profiles(app, theme, frame, areas.bar);
    components::render(app, theme, frame, areas.components);
    chars::render(app, theme, frame, &areas);
    result::render(app, theme, frame, areas.result);
    bar::render_status(app, theme, frame, areas.status);
    bar::render_keys(app, theme, frame, areas.keys);
    let over = areas.views();
    match app.overlay {
        Overlay::None => {}
        Overlay::Compare => compare::render(app, theme, frame, over),
        Overlay::Resolve => resolve::render(app, theme, frame, over),
        Overlay::Examples(sel) => examples::render(sel, theme, frame, over),
        Overlay::Aliases => aliases::render(app, theme, frame, over),
        Overlay::Host => host::render(app, theme, frame, over),
        Overlay::Unwrap(sel) => unwrap::render(app, sel, theme, frame, over),
        Overlay::Parsers => parsers::render(app, theme, frame, over),
        Overlay::Findings(sel) => findings::render(app, sel, theme, frame, over),
    }
    if let Some(top) = app.help {
        help::render(top, theme, frame);
    }
}

/// A bordered pane whose title shows focus (reversed when focused, so not by colour alone).
/// A view's lines, wrapped, from its scroll position `top` (clamped to the last line).
pub fn scrolled(lines: Vec<Line<'static>>, top: usize, frame: &mut Frame, area: Rect) {
    let top = top.min(lines.len().saturating_sub(1)) as u16;
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((top, 0)),
        area,
    );
}

pub fn pane<'a>(title: &'a str, focused: bool, theme: &Theme) -> Block<'a> {
    let style = if focused { theme.focus } else { theme.label };
    let mark = if focused { "▶ " } else { "" };
    Block::default()
        .borders(Borders::ALL)
        .border_style(if focused {
            theme.border_focused
        } else {
            theme.border
        })
        .title(Line::from(vec![Span::styled(
            format!("{mark}{title}"),
            style,
        )]))
}

/// Style for a label that shows whether its pane has focus.
pub fn label_style(app: &App, focus: Focus, theme: &Theme) -> Style {
    if app.focus == focus {
        theme.focus
    } else {
        theme.label
    }
}
