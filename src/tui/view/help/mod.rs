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

/// Draw the overlay centred on the screen, from line `top`; returns the last useful first
/// line (the end of the list at the bottom of the box).
pub fn render(top: usize, theme: &Theme, frame: &mut Frame) -> usize {
    let area = layout::key_list(frame.area());
    frame.render_widget(Clear, area);
    let lines = keyhelp::lines(theme, area.width.saturating_sub(2));
    let max = lines
        .len()
        .saturating_sub(area.height.saturating_sub(2) as usize);
    let lines: Vec<Line> = lines.into_iter().skip(top.min(max)).collect();
    let block = pane("keys (Esc closes, ↑↓ scroll)", true, theme);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    max
}
