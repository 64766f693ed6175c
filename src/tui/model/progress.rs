//! The practice view's state for the run (F3): the answer line and what was solved. Apart
//! from the view's keys (`overlays/practice.rs`) so the app can hold it without a circle.

use crate::modern::exercises::{EXERCISES, Verdict};
use crate::tui::model::edit::LineEdit;

/// The practice view's state for the run.
#[derive(Clone, Debug)]
pub struct Practice {
    /// The answer being typed.
    pub answer: LineEdit,
    /// The verdict on the answer as last checked (cleared by the next edit).
    pub verdict: Option<Verdict>,
    /// Per exercise (the index of `EXERCISES`): solved during this run.
    pub solved: Vec<bool>,
}

impl Default for Practice {
    fn default() -> Practice {
        Practice {
            answer: LineEdit::new(Vec::new()),
            verdict: None,
            solved: vec![false; EXERCISES.len()],
        }
    }
}

impl Practice {
    pub fn solved_count(&self) -> usize {
        self.solved.iter().filter(|&&s| s).count()
    }
}
