//! The practice view's progress (F3): the exercises solved and tried, the lessons done. It outlives the view
//! (close and come back) and the run: what is kept is the progress file's
//! (`crate::progress`), read by the shell at start and written back after each check through
//! an effect; the answer being typed is the view's own (`OverlayState::Practice`).

use std::path::PathBuf;
use std::sync::Arc;

use urlscope_core::modern::exercises::{EXERCISES, Exercise};

/// The exercises practised (the built-in ones, or a teacher's set: `urlscope learn --set`),
/// and those solved and tried, kept between runs when there is a file to keep them in.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Each exercise with its set's name, in the order the view walks them (never empty).
    pub(crate) exercises: Arc<[(String, Exercise)]>,
    pub(crate) kept: crate::progress::Progress,
    /// Where the shell writes it (`None`: kept for the run only, as in the tests).
    pub(crate) file: Option<PathBuf>,
}

/// Read access for the library's users (the crate changes the fields).
impl Progress {
    /// Each exercise with its set's name.
    pub fn exercises(&self) -> &[(String, Exercise)] {
        &self.exercises
    }

    /// The exercises solved and tried, the lessons done.
    pub fn kept(&self) -> &crate::progress::Progress {
        &self.kept
    }

    /// Where the shell writes it.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            exercises: EXERCISES.iter().cloned().collect(),
            kept: Default::default(),
            file: None,
        }
    }
}

impl Progress {
    /// The key of exercise `i` in the progress file.
    pub fn key(&self, i: usize) -> Option<String> {
        self.exercises.get(i).map(|(set, e)| e.key(set))
    }

    pub fn solved(&self, i: usize) -> bool {
        self.key(i).is_some_and(|k| self.kept.solved(&k))
    }

    /// How often exercise `i` was checked.
    pub fn attempts(&self, i: usize) -> u32 {
        self.key(i)
            .and_then(|k| self.kept.exercises.get(&k).map(|r| r.attempts))
            .unwrap_or(0)
    }

    pub fn solved_count(&self) -> usize {
        (0..self.exercises.len())
            .filter(|&i| self.solved(i))
            .count()
    }

    /// The lessons walked to their last step.
    pub fn lessons_done(&self) -> usize {
        urlscope_core::modern::lessons::LESSONS
            .iter()
            .filter(|l| self.kept.lessons.get(&l.name).is_some_and(|r| r.done))
            .count()
    }

    /// How far lesson `name` got: its furthest step seen (1-based; 0: not begun) and whether
    /// it is done.
    pub fn lesson(&self, name: &str) -> (usize, bool) {
        self.kept
            .lessons
            .get(name)
            .map_or((0, false), |r| (r.step, r.done))
    }

    /// The exercises tried at least once.
    pub fn tried_count(&self) -> usize {
        (0..self.exercises.len())
            .filter(|&i| self.attempts(i) > 0)
            .count()
    }
}
