//! The practice view (F3): an exercise of `modern::exercises` (a text, a component, a rule set),
//! the learner's answer typed on its own line, Enter checks it (`exercises::check`); ↑/↓ move
//! between exercises (in order of difficulty); what was solved is kept for the run.

use crate::tui::model::app::App;
use crate::tui::model::overlay::{OverlayState, Practice};
use crate::tui::msg::{Effect, Status};
use urlscope_core::modern::exercises::check;
use urlscope_core::modern::lessons::LESSONS;

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
            effects.extend(self.keep_progress());
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
            effects.extend(self.keep_progress());
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

impl App {
    /// The effect that writes the progress to its file (none when it is kept for the run).
    pub(in crate::tui::model) fn keep_progress(&self) -> Option<Effect> {
        self.progress
            .file
            .as_ref()
            .map(|file| Effect::SaveProgress {
                file: file.clone(),
                progress: self.progress.kept.clone(),
            })
    }

    /// Tab: the exercise ⇄ the lessons list.
    pub(in crate::tui::model) fn toggle_lessons_list(&mut self) {
        if let OverlayState::Practice(p) = &mut self.overlay {
            p.confirm_reset = false;
            p.lessons = match p.lessons {
                Some(_) => None,
                None => Some(0),
            };
        }
    }

    /// ↑↓ Home End in the lessons list: another lesson.
    pub(in crate::tui::model) fn select_lesson(&mut self, step: impl Fn(usize) -> usize) {
        if let OverlayState::Practice(Practice {
            lessons: Some(row), ..
        }) = &mut self.overlay
        {
            *row = step(*row).min(LESSONS.len().saturating_sub(1));
        }
    }

    /// Enter in the practice view: check the answer, open the selected lesson, or (in the
    /// reset confirm) forget the progress.
    pub(in crate::tui::model) fn choose_in_practice(&mut self) -> Vec<Effect> {
        let OverlayState::Practice(p) = &self.overlay else {
            return Vec::new();
        };
        if p.confirm_reset {
            return self.reset_progress();
        }
        match p.lessons {
            Some(row) => {
                let sel = p.sel;
                self.open_lesson(row, Some((sel, row)))
            }
            None => self.check_answer(),
        }
    }

    /// F8: ask before forgetting all progress (Enter forgets, Esc keeps).
    pub(in crate::tui::model) fn ask_reset(&mut self) -> Vec<Effect> {
        if let OverlayState::Practice(p) = &mut self.overlay {
            p.confirm_reset = true;
            self.status.say(Status::warning(format!(
                "forget all progress ({} solved, {} tried, {} lessons done)? Enter forgets · Esc keeps it",
                self.progress.solved_count(),
                self.progress.tried_count(),
                self.progress.lessons_done()
            )));
        }
        Vec::new()
    }

    /// Esc in the reset confirm: the confirm closes, the view and the progress stay.
    /// `false` when no confirm was open.
    pub(in crate::tui::model) fn cancel_reset(&mut self) -> bool {
        if let OverlayState::Practice(p) = &mut self.overlay
            && p.confirm_reset
        {
            p.confirm_reset = false;
            self.status.say(Status::info("progress kept"));
            return true;
        }
        false
    }

    /// Enter in the reset confirm: every exercise and lesson starts afresh (the file too).
    fn reset_progress(&mut self) -> Vec<Effect> {
        if let OverlayState::Practice(p) = &mut self.overlay {
            p.confirm_reset = false;
            p.verdict = None;
            p.hints = 0;
            p.answer_shown = false;
        }
        self.progress.kept = Default::default();
        self.status.say(Status::info(match &self.progress.file {
            Some(f) => format!("progress forgotten ({} now empty)", f.display()),
            None => "progress forgotten".to_string(),
        }));
        self.keep_progress().into_iter().collect()
    }
}
