//! What every pane and view is drawn in: a bordered pane with its title, the style of a label
//! that shows focus, and a view's lines scrolled from its position.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::msg::Focus;

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

/// A bordered pane whose title shows focus (reversed when focused, so not by colour alone).
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
            // A title may name a piece of the input (the value editor's pair): drawn as cells.
            format!(
                "{mark}{}",
                crate::tui::model::text::visible(title.as_bytes())
            ),
            style,
        )]))
}

/// Style for a label that shows whether its pane has focus.
pub fn label_style(app: &App, focus: Focus, theme: &Theme) -> Style {
    if app.panes.focus == focus {
        theme.focus
    } else {
        theme.label
    }
}
