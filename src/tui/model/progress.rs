//! The practice view's progress (F3): the exercises solved and tried. It outlives the view
//! (close and come back) and the run: what is kept is the progress file's
//! (`crate::progress`), read by the shell at start and written back after each check through
//! an effect; the answer being typed is the view's own (`OverlayState::Practice`).

use std::path::PathBuf;

use crate::modern::exercises::EXERCISES;

/// The exercises solved and tried, kept between runs when there is a file to keep them in.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub kept: crate::progress::Progress,
    /// Where the shell writes it (`None`: kept for the run only, as in the tests).
    pub file: Option<PathBuf>,
}

impl Progress {
    /// The key of built-in exercise `i` in the progress file.
    pub fn key(i: usize) -> Option<String> {
        EXERCISES.get(i).map(|(set, e)| e.key(set))
    }

    pub fn solved(&self, i: usize) -> bool {
        Progress::key(i).is_some_and(|k| self.kept.solved(&k))
    }

    /// How often exercise `i` was checked.
    pub fn attempts(&self, i: usize) -> u32 {
        Progress::key(i)
            .and_then(|k| self.kept.exercises.get(&k).map(|r| r.attempts))
            .unwrap_or(0)
    }

    pub fn solved_count(&self) -> usize {
        (0..EXERCISES.len()).filter(|&i| self.solved(i)).count()
    }

    /// The exercises tried at least once.
    pub fn tried_count(&self) -> usize {
        (0..EXERCISES.len())
            .filter(|&i| self.attempts(i) > 0)
            .count()
    }
}
