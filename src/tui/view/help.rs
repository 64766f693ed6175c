//! The key list overlay (F1 / `?`): every binding of `keymap::BINDINGS`, grouped by where it
//! applies, so the list cannot drift from the keys the app knows; then the colour legend.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::pane;
use crate::tui::command::Scope;
use crate::tui::keymap::BINDINGS;
use crate::tui::theme::Theme;

/// The overlay's lines: a heading per scope, then `key  what it does`.
pub fn lines(theme: &Theme) -> Vec<Line<'static>> {
    let width = BINDINGS
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for scope in [
        Scope::Global,
        Scope::Input,
        Scope::Pane,
        Scope::Help,
        Scope::Aliases,
    ] {
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        out.push(Line::styled(scope.describe(), theme.label));
        for b in BINDINGS.iter().filter(|b| b.scope == scope) {
            let pad = width - b.label.chars().count();
            out.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(b.label, theme.focus),
                Span::raw(" ".repeat(pad + 2)),
                Span::raw(b.help),
            ]));
        }
    }
    out.extend(super::legend::lines(theme));
    out
}

/// The last useful first line on a screen `height` rows high (the list ends at the bottom).
pub fn max_top(height: u16) -> usize {
    let area = centred(Rect::new(0, 0, 100, height), 100, 90);
    lines(&Theme::default())
        .len()
        .saturating_sub(area.height.saturating_sub(2) as usize)
}

/// Draw the overlay centred on the screen, from line `top`.
pub fn render(top: usize, theme: &Theme, frame: &mut Frame) {
    let area = centred(frame.area(), 100, 90);
    frame.render_widget(Clear, area);
    let lines: Vec<Line> = lines(theme).into_iter().skip(top).collect();
    let block = pane("keys (Esc closes, ↑↓ scroll)", true, theme);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// A rectangle of at most `w` columns and `pct` per cent of the rows, centred in `r`.
fn centred(r: Rect, w: u16, pct: u16) -> Rect {
    let [v] = Layout::vertical([Constraint::Percentage(pct)])
        .flex(Flex::Center)
        .areas(r);
    let [h] = Layout::horizontal([Constraint::Max(w)])
        .flex(Flex::Center)
        .areas(v);
    h
}
