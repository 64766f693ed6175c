//! The practice view (F3): an exercise of `modern::exercises` (a text, a component, a rule set),
//! the learner's answer typed on its own line, Enter checks it (`exercises::check`); ↑/↓ move
//! between exercises (in order of difficulty); what was solved is kept for the run.

use crate::modern::exercises::check;
use crate::tui::model::app::App;
use crate::tui::model::overlay::{OverlayState, Practice};
use crate::tui::msg::{Effect, Status};

impl App {
    /// Enter: check the answer to the exercise shown.
    pub(in crate::tui::model) fn check_answer(&mut self) -> Vec<Effect> {
        let OverlayState::Practice(p) = &mut self.overlay else {
            return Vec::new();
        };
        let exercises = self.progress.exercises.clone();
        let Some((_, ex)) = exercises.get(p.sel) else {
            return Vec::new();
        };
        let typed = String::from_utf8_lossy(&p.answer.buf).into_owned();
        let verdict = check(ex, &typed);
        let total = exercises.len();
        let ok = verdict.ok;
        let marks = verdict.marks.len();
        let sel = p.sel;
        p.verdict = Some(verdict);
        let mut effects = Vec::new();
        if let Some(key) = self.progress.key(sel) {
            self.progress.kept.attempt(&key, ok);
            if let Some(file) = &self.progress.file {
                effects.push(Effect::SaveProgress {
                    file: file.clone(),
                    progress: self.progress.kept.clone(),
                });
            }
        }
        if ok {
            let n = self.progress.solved_count();
            self.status.say(Status::info(format!(
                "right: {n} of {total} solved (↓ next exercise)"
            )));
        } else {
            self.status.say(Status::info(format!(
                "{marks} mark{} — each names the rule it breaks (F5 a hint, F6 the answer)",
                if marks == 1 { "" } else { "s" }
            )));
        }
        effects
    }

    /// F5: the next hint of the exercise shown.
    pub(in crate::tui::model) fn next_hint(&mut self) -> Vec<Effect> {
        let OverlayState::Practice(p) = &mut self.overlay else {
            return Vec::new();
        };
        let n = self
            .progress
            .exercises
            .get(p.sel)
            .map_or(0, |(_, e)| e.hints.len());
        if p.hints < n {
            p.hints += 1;
        }
        self.status.say(Status::info(if n == 0 {
            "this exercise has no hints".to_string()
        } else {
            format!("hint {} of {n}", p.hints)
        }));
        Vec::new()
    }

    /// F6: show the answer and why (the exercise counts as shown, not solved).
    pub(in crate::tui::model) fn show_answer(&mut self) -> Vec<Effect> {
        let OverlayState::Practice(p) = &mut self.overlay else {
            return Vec::new();
        };
        p.answer_shown = true;
        let sel = p.sel;
        let mut effects = Vec::new();
        if let Some(key) = self.progress.key(sel) {
            self.progress.kept.shown(&key);
            if let Some(file) = &self.progress.file {
                effects.push(Effect::SaveProgress {
                    file: file.clone(),
                    progress: self.progress.kept.clone(),
                });
            }
        }
        self.status
            .say(Status::info("the answer and why are shown below"));
        effects
    }

    /// Another exercise: a fresh answer line.
    pub(in crate::tui::model) fn go_to_exercise(&mut self, sel: usize) {
        let sel = sel.min(self.progress.exercises.len().saturating_sub(1));
        if !matches!(&self.overlay, OverlayState::Practice(p) if p.sel == sel) {
            self.overlay = OverlayState::Practice(Practice::new(sel));
        }
    }
}
