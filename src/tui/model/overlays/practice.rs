//! The practice view (F3): an exercise of `modern::exercises` (a text, a component, a rule set),
//! the learner's answer typed on its own line, Enter checks it (`exercises::check`); ↑/↓ move
//! between exercises (in order of difficulty); what was solved is kept for the run.

use crate::modern::exercises::{EXERCISES, check};
use crate::tui::model::app::App;
use crate::tui::model::overlay::{OverlayState, Practice};
use crate::tui::msg::{Effect, Status};

impl App {
    /// Enter: check the answer to the exercise shown.
    pub(in crate::tui::model) fn check_answer(&mut self) -> Vec<Effect> {
        let OverlayState::Practice(p) = &mut self.overlay else {
            return Vec::new();
        };
        let Some((_, ex)) = EXERCISES.get(p.sel) else {
            return Vec::new();
        };
        let typed = String::from_utf8_lossy(&p.answer.buf).into_owned();
        let verdict = check(ex, &typed);
        let total = EXERCISES.len();
        let ok = verdict.ok;
        let marks = verdict.marks.len();
        let sel = p.sel;
        p.verdict = Some(verdict);
        if ok {
            self.progress.solved[sel] = true;
            let n = self.progress.solved_count();
            self.status.message = Some(Status::info(format!(
                "right: {n} of {total} solved (↓ next exercise)"
            )));
        } else {
            self.status.message = Some(Status::info(format!(
                "{marks} mark{} — each names the rule it breaks",
                if marks == 1 { "" } else { "s" }
            )));
        }
        Vec::new()
    }

    /// Another exercise: a fresh answer line.
    pub(in crate::tui::model) fn go_to_exercise(&mut self, sel: usize) {
        let sel = sel.min(EXERCISES.len() - 1);
        if !matches!(&self.overlay, OverlayState::Practice(p) if p.sel == sel) {
            self.overlay = OverlayState::Practice(Practice::new(sel));
        }
    }
}
