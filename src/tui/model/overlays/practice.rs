//! The practice view (F3, issue 22): an exercise of `modern::exercises` (a text, a component, a
//! rule set), the learner's answer typed on its own line, Enter checks it (`exercises::check`);
//! ↑/↓ move between exercises (in order of difficulty); what was solved is kept for the run.

use crate::modern::exercises::{EXERCISES, check};
use crate::tui::model::app::App;
use crate::tui::model::edit::{EditOp, LineEdit};
pub use crate::tui::model::progress::Practice;
use crate::tui::msg::{Effect, Overlay};

impl App {
    /// An editing command on the answer line (a new answer needs a new check).
    pub(in crate::tui::model) fn edit_answer(&mut self, op: &EditOp) {
        if self.practice.answer.apply(op) {
            self.practice.verdict = None;
        }
    }

    /// Enter: check the answer to exercise `sel`.
    pub(in crate::tui::model) fn check_answer(&mut self, sel: usize) -> Vec<Effect> {
        let Some((_, ex)) = EXERCISES.get(sel) else {
            return Vec::new();
        };
        let typed = String::from_utf8_lossy(&self.practice.answer.buf).into_owned();
        let verdict = check(ex, &typed);
        let total = EXERCISES.len();
        if verdict.ok {
            self.practice.solved[sel] = true;
            let n = self.practice.solved_count();
            self.status = Some(format!("right: {n} of {total} solved (↓ next exercise)"));
        } else {
            let n = verdict.marks.len();
            self.status = Some(format!(
                "{n} mark{} — each names the rule it breaks",
                if n == 1 { "" } else { "s" }
            ));
        }
        self.practice.verdict = Some(verdict);
        Vec::new()
    }

    /// Another exercise: a fresh answer line.
    pub(in crate::tui::model) fn go_to_exercise(&mut self, sel: usize) {
        let sel = sel.min(EXERCISES.len() - 1);
        if self.overlay != Overlay::Practice(sel) {
            self.practice.answer = LineEdit::new(Vec::new());
            self.practice.verdict = None;
        }
        self.overlay = Overlay::Practice(sel);
    }
}
