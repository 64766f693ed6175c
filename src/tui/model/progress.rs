//! The practice view's progress for the run (F3): the exercises solved. It outlives the view
//! (close and come back); the answer being typed is the view's own (`OverlayState::Practice`).

use crate::modern::exercises::EXERCISES;

/// The exercises solved during this run.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Per exercise (the index of `EXERCISES`): solved during this run.
    pub solved: Vec<bool>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            solved: vec![false; EXERCISES.len()],
        }
    }
}

impl Progress {
    pub fn solved_count(&self) -> usize {
        self.solved.iter().filter(|&&s| s).count()
    }
}
