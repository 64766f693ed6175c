//! Mouse hit-testing: which pane, row or cell a screen position falls on, from the same
//! geometry the view draws with (`layout` and the model, never the view modules). Clicks
//! select; the wheel scrolls the pane under the pointer.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

use crate::tui::model::app::App;
use crate::tui::model::layout::{Areas, STRIP_CELL, log_top};
use crate::tui::model::rows;
use crate::tui::msg::command::Command;
use crate::tui::msg::{Focus, Msg, Target};

/// The message for a mouse event, if it lands on something (never while a view covers the panes).
pub fn message(app: &App, ev: MouseEvent) -> Option<Msg> {
    if app.overlay_open() {
        return match ev.kind {
            MouseEventKind::ScrollUp => Some(Msg::Command(Command::Up)),
            MouseEventKind::ScrollDown => Some(Msg::Command(Command::Down)),
            _ => None,
        };
    }
    let pos = Position::new(ev.column, ev.row);
    match ev.kind {
        MouseEventKind::Down(MouseButton::Left) => target(app, pos).map(Msg::Select),
        MouseEventKind::ScrollUp => pane_at(app, pos).map(|f| Msg::Wheel(f, -3)),
        MouseEventKind::ScrollDown => pane_at(app, pos).map(|f| Msg::Wheel(f, 3)),
        _ => None,
    }
}

fn pane_at(app: &App, pos: Position) -> Option<Focus> {
    let a = app.areas();
    [
        (a.components, Focus::Components),
        (a.characters, Focus::Characters),
        (a.result, Focus::Steps),
    ]
    .into_iter()
    .find(|(r, _)| r.contains(pos))
    .map(|(_, f)| f)
}

pub fn target(app: &App, pos: Position) -> Option<Target> {
    let a = app.areas();
    if a.input.contains(pos) {
        return Some(Target::Field(Focus::Input));
    }
    if a.base.contains(pos) {
        return Some(Target::Field(Focus::Base));
    }
    if a.bar.contains(pos) {
        let bar = crate::tui::model::profile_bar::bar(app, a.bar.width);
        return bar.slot_at((pos.x - a.bar.x) as usize).map(Target::Profile);
    }
    let inner = Areas::inner(a.components);
    if inner.contains(pos) {
        // The frame says which row each line shows (a long value wraps over several lines);
        // before the first frame, a row a line.
        let dy = (pos.y - inner.y) as usize;
        let i = if app.panes.drawn.comp_rows.is_empty() {
            app.panes.comp_top + dy
        } else {
            *app.panes.drawn.comp_rows.get(dy)?
        };
        return rows::row_range(app, i).map(|_| Target::Component(i));
    }
    let (strip, _) = a.strip_and_detail();
    if strip.contains(pos) {
        let (cols, _) = a.strip_grid();
        let col = ((pos.x - strip.x) / STRIP_CELL) as usize;
        let row = app.panes.strip_top + ((pos.y - strip.y) / a.strip_lines.max(1)) as usize;
        let i = row * cols + col;
        return (col < cols && i < app.analysis.unit_count()).then_some(Target::Unit(i));
    }
    let [_, log, _] = app.result_parts(Areas::inner(a.result));
    if log.contains(pos) {
        let h = log.height as usize;
        let i = log_top(app.panes.step_sel, h) + (pos.y - log.y) as usize;
        return (i < app.analysis.outcome.steps.len()).then_some(Target::Step(i));
    }
    None
}
