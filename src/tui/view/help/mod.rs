//! The key list overlay (F1 / `?`): draws [`crate::tui::view::help::keyhelp`]'s lines (the bindings by
//! place, the keys that differ by place, the colour legend) in a centred box.

pub mod keyhelp;
pub mod legend;

use ratatui::Frame;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::layout;
use crate::tui::view::pane;

/// Draw the overlay centred on the screen, from line `top`.
pub fn render(top: usize, theme: &Theme, frame: &mut Frame) {
    let area = layout::key_list(frame.area());
    frame.render_widget(Clear, area);
    let lines: Vec<Line> = keyhelp::lines(theme, area.width.saturating_sub(2))
        .into_iter()
        .skip(top)
        .collect();
    let block = pane("keys (Esc closes, ↑↓ scroll)", true, theme);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
