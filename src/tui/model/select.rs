//! Selection on the app: mouse clicks and the wheel (the positions come from `hit`), the
//! components pane's selected row, and pasting what the shell read from the clipboard.

use crate::tui::model::app::App;
use crate::tui::model::rows;
use crate::tui::msg::{Effect, Focus, Status, Target};

impl App {
    pub(super) fn select(&mut self, t: Target) -> Vec<Effect> {
        match t {
            Target::Field(f) => self.panes.focus = f,
            // A click on the profile bar does what the slot's key does.
            Target::Profile(i) => {
                return self.command(crate::tui::model::profile_bar::slot_command(i));
            }
            Target::Component(i) => {
                self.panes.focus = Focus::Components;
                self.panes.comp_sel = i;
                self.panes.comp_sel_whole = true;
                if let Some(r) = rows::row_range(self, i) {
                    self.panes.char_cursor = r.start.min(self.analysis.input.len());
                    self.follow_chars();
                }
            }
            Target::Unit(i) => {
                self.panes.focus = Focus::Characters;
                self.panes.char_cursor = self.analysis.unit_range(i).start;
                self.follow_chars();
            }
            Target::Step(i) => {
                self.panes.focus = Focus::Steps;
                self.panes.step_sel = i;
            }
        }
        Vec::new()
    }

    /// Focus `f`; entering the components pane selects the component the cursor lies in.
    pub(super) fn set_focus(&mut self, f: Focus) {
        if f == Focus::Components && self.panes.focus != f {
            let pos = self.panes.char_cursor;
            let n = rows::row_count(self);
            // The nine components come first; the cursor may sit just after the last octet.
            let hit = (0..n.min(9))
                .find(|&i| rows::row_range(self, i).is_some_and(|r| r.contains(&pos)))
                .or_else(|| {
                    (0..n.min(9)).find(|&i| {
                        rows::row_range(self, i).is_some_and(|r| !r.is_empty() && r.end == pos)
                    })
                });
            if let Some(i) = hit {
                self.panes.comp_sel = i;
            }
            self.follow_comp_sel();
        }
        self.panes.focus = f;
        // On a small screen the focused pane is the one drawn: its size changed with focus.
        let screen = ratatui::layout::Rect::new(0, 0, self.panes.size.0, self.panes.size.1);
        if crate::tui::model::layout::compact(screen) {
            self.follow_chars();
            self.follow_comp_sel();
        }
    }

    /// ↑↓ PgUp PgDn in the components pane: move the selection over the rows that hold a
    /// value (headings are skipped) and keep it visible.
    pub(super) fn move_comp_sel(&mut self, delta: isize) {
        let n = rows::row_count(self);
        if n == 0 {
            return;
        }
        let target = (self.panes.comp_sel as isize + delta).clamp(0, n as isize - 1) as usize;
        let dir = if delta < 0 { -1 } else { 1 };
        self.panes.comp_sel = rows::selectable_from(self, target, dir)
            .or_else(|| rows::selectable_from(self, target, -dir))
            .unwrap_or(0);
        self.follow_comp_sel();
    }

    /// Keep the selected row inside the pane (and the selection inside the rows).
    pub(super) fn follow_comp_sel(&mut self) {
        self.panes.comp_sel_whole = true;
        let n = rows::row_count(self);
        self.panes.comp_sel = self.panes.comp_sel.min(n.saturating_sub(1));
        let rows = (self.areas().components.height.saturating_sub(2) as usize).max(1);
        if self.panes.comp_sel < self.panes.comp_top {
            self.panes.comp_top = self.panes.comp_sel;
        } else if self.panes.comp_sel >= self.panes.comp_top + rows {
            self.panes.comp_top = self.panes.comp_sel + 1 - rows;
        }
    }

    /// The clipboard's text goes into the URL input as a paste would; the status line says so.
    pub(super) fn paste_clipboard(&mut self, read: Result<Vec<u8>, String>) -> Vec<Effect> {
        match read {
            Ok(bytes) => {
                let n = bytes.len();
                let (effects, replaced) = self.paste_and_say(bytes);
                let unit = if n == 1 { "byte" } else { "bytes" };
                let from = format!("pasted {n} {unit} from the clipboard");
                let text = if replaced {
                    // A replacing paste says so (and how to undo it) after the count.
                    let said = self
                        .status
                        .message
                        .take()
                        .map(|s| s.text)
                        .unwrap_or_default();
                    format!("{from}: {said}")
                } else {
                    from
                };
                self.status.say(Status::info(text));
                effects
            }
            Err(why) => {
                self.status
                    .say(Status::warning(format!("nothing pasted: {why}")));
                Vec::new()
            }
        }
    }

    pub(super) fn wheel(&mut self, pane: Focus, delta: isize) {
        let step = |v: usize, max: usize| ((v as isize + delta).max(0) as usize).min(max);
        match pane {
            Focus::Components => {
                let max = rows::row_count(self).saturating_sub(1);
                self.panes.comp_top = step(self.panes.comp_top, max);
                self.panes.comp_sel_whole = false;
            }
            Focus::Characters => {
                let (cols, rows) = self.areas().strip_grid();
                let total = self.analysis.unit_count().div_ceil(cols);
                let max = total.saturating_sub(rows.max(1));
                self.panes.strip_top = step(self.panes.strip_top, max);
            }
            Focus::Steps => {
                let n = self.analysis.outcome.steps.len();
                self.panes.step_sel = step(self.panes.step_sel, n.saturating_sub(1));
            }
            Focus::Input | Focus::Base => {}
        }
    }
}
