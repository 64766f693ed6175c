//! Moving in the panes, the key list and the views: the character cursor, scrolling, Home/End.

use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::overlays::UNDRAWN_MAX;
use crate::tui::msg::Focus;
use crate::tui::msg::command::Command;

impl App {
    /// Keep the character cursor's row in view.
    pub fn follow_chars(&mut self) {
        let (cols, rows) = self.areas().strip_grid();
        let row = self.analysis.unit_index(self.panes.char_cursor) / cols;
        let rows = rows.max(1);
        if row < self.panes.strip_top {
            self.panes.strip_top = row;
        } else if row >= self.panes.strip_top + rows {
            self.panes.strip_top = row + 1 - rows;
        }
        // No empty rows below the last unit when the strip could show more.
        let total_rows = self.analysis.unit_count().div_ceil(cols);
        self.panes.strip_top = self.panes.strip_top.min(total_rows.saturating_sub(rows));
    }

    pub(super) fn move_char(&mut self, action: Command) {
        if self.overlay_open() && matches!(action, Command::Home | Command::End) {
            // Home / End in the key list and the views: the first / last row.
            let far = if matches!(action, Command::Home) {
                Command::Up
            } else {
                Command::Down
            };
            for _ in 0..4096 {
                let before = (self.panes.help, self.overlay(), self.overlay.top());
                self.scroll(far);
                if (self.panes.help, self.overlay(), self.overlay.top()) == before {
                    break;
                }
            }
            return;
        }
        if self.panes.focus == Focus::Components && matches!(action, Command::Home | Command::End) {
            // The first / last row of the components pane.
            return self.scroll(action);
        }
        if self.panes.focus != Focus::Characters {
            return;
        }
        let a = &self.analysis;
        let n = a.unit_count();
        if n == 0 {
            return;
        }
        let i = a.unit_index(self.panes.char_cursor);
        // ← → Home, else End (the only commands that reach here).
        let j = if action == Command::Left {
            i.saturating_sub(1)
        } else if action == Command::Right {
            (i + 1).min(n - 1)
        } else if action == Command::Home {
            0
        } else {
            n - 1
        };
        self.panes.char_cursor = a.unit_range(j).start;
        self.follow_chars();
    }

    pub(super) fn scroll(&mut self, action: Command) {
        let page = (self.panes.size.1 / 3).max(1) as usize;
        // ↑ ↓ PgUp Home End, else PgDn (the only commands that reach here).
        let delta: isize = if action == Command::Up {
            -1
        } else if action == Command::Down {
            1
        } else if action == Command::PageUp {
            -(page as isize)
        } else if action == Command::Home {
            -(isize::MAX / 4)
        } else if action == Command::End {
            isize::MAX / 4
        } else {
            page as isize
        };
        let step = |v: usize| (v as isize + delta).max(0) as usize;
        if let Some(top) = self.panes.help {
            // The key list and the colour legend, down to its last line at the bottom.
            let max = self.panes.drawn.help_max.unwrap_or(UNDRAWN_MAX);
            self.panes.help = Some(step(top).min(max));
            return;
        }
        if let OverlayState::Unwrap { top, .. } = &mut self.overlay
            && matches!(action, Command::PageUp | Command::PageDown)
        {
            // ↑↓ choose the layer; PgUp/PgDn scroll its text where the detail cuts it (the
            // last frame says how far).
            let max = self.panes.drawn.view_max.unwrap_or(UNDRAWN_MAX);
            *top = step(*top).min(max);
            return;
        }
        if self.overlay.is_open() {
            return self.scroll_overlay(step);
        }
        match self.panes.focus {
            Focus::Components => self.move_comp_sel(delta),
            Focus::Steps => {
                let n = self.analysis.outcome.steps.len();
                self.panes.step_sel = step(self.panes.step_sel).min(n.saturating_sub(1));
            }
            Focus::Characters => {
                let (cols, _) = self.areas().strip_grid();
                let a = &self.analysis;
                let n = a.unit_count();
                if n > 0 {
                    let i = a.unit_index(self.panes.char_cursor) as isize + delta * cols as isize;
                    let i = i.clamp(0, n as isize - 1) as usize;
                    self.panes.char_cursor = a.unit_range(i).start;
                    self.follow_chars();
                }
            }
            Focus::Input | Focus::Base => {}
        }
    }
}
