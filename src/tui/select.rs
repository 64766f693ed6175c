//! Mouse selection and wheel scrolling on the app (the positions come from `hit`).

use super::action::{Action, Effect, Focus};
use super::app::App;
use super::hit::Target;
use super::view::components;
use crate::url::Profile;

impl App {
    pub(super) fn select(&mut self, t: Target) -> Vec<Effect> {
        match t {
            Target::Field(f) => self.focus = f,
            Target::Profile(i) => {
                return self.update(Action::Profile(Profile::ALL[i.min(Profile::ALL.len() - 1)]));
            }
            Target::Component(i) => {
                self.focus = Focus::Components;
                if let Some(r) = components::row_range(self, i) {
                    self.char_cursor = r.start.min(self.analysis.input.len());
                    self.follow_chars();
                }
            }
            Target::Unit(i) => {
                self.focus = Focus::Characters;
                self.char_cursor = self.analysis.unit_range(i).start;
                self.follow_chars();
            }
            Target::Step(i) => {
                self.focus = Focus::Steps;
                self.step_sel = i;
            }
        }
        Vec::new()
    }

    pub(super) fn wheel(&mut self, pane: Focus, delta: isize) {
        let step = |v: usize, max: usize| ((v as isize + delta).max(0) as usize).min(max);
        match pane {
            Focus::Components => {
                let max = components::row_count(self).saturating_sub(1);
                self.comp_top = step(self.comp_top, max);
            }
            Focus::Characters => {
                let (cols, rows) = self.areas().strip_grid();
                let total = self.analysis.unit_count().div_ceil(cols);
                let max = total.saturating_sub(rows.max(1));
                self.strip_top = step(self.strip_top, max);
            }
            Focus::Steps => {
                let n = self.analysis.outcome.steps.len();
                self.step_sel = step(self.step_sel, n.saturating_sub(1));
            }
            Focus::Input | Focus::Base => {}
        }
    }
}
