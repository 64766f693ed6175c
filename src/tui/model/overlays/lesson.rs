//! A lesson's guided walk (F3's lessons list, `urlscope learn --lesson`): each step of a
//! `modern::lessons` lesson loads its worked example into the URL and base lines under its
//! profile, puts the character cursor on the first character it is about, and says where it
//! is on the status line; → and ← walk the steps; Esc gives back the lines, profile, focus and
//! cursor the user had (a lesson never goes into undo or the input history). Reaching the last
//! step marks the lesson done in the progress file.

use std::ops::Range;

use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::overlay::{Before, OverlayState, Practice, Walk};
use crate::tui::msg::command::Command;
use crate::tui::msg::{Effect, Focus, Status};
use urlscope_core::modern::lessons::{LESSONS, Lesson, Step};

/// What the screen marks while a lesson step is shown: the URL line's characters the step is
/// about, and the step log's rows that act on them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LessonMarks {
    pub chars: Vec<Range<usize>>,
    pub steps: Vec<usize>,
}

impl App {
    /// Open lesson `i` at its first step. `practice` is the practice view's exercise and
    /// lessons-list row to go back to on Esc.
    pub fn open_lesson(&mut self, i: usize, practice: Option<(usize, usize)>) -> Vec<Effect> {
        let Some(i) = (i < LESSONS.len()).then_some(i) else {
            self.status.say(Status::info("no such lesson"));
            return Vec::new();
        };
        // A lesson opened from another keeps what the user had before the first.
        let before = if let OverlayState::Lesson(w) = std::mem::take(&mut self.overlay) {
            w.before
        } else {
            Box::new(Before {
                lines: self.lines(),
                profile: self.settings.profile,
                focus: self.panes.focus,
                char_cursor: self.panes.char_cursor,
                pristine: self.editing.pristine,
                practice,
            })
        };
        self.overlay = OverlayState::Lesson(Walk {
            lesson: i,
            step: 0,
            before,
        });
        self.load_lesson_step()
    }

    /// → ← Home End Enter in a lesson: another step (Enter and → the next).
    pub(in crate::tui::model) fn lesson_key(&mut self, cmd: Command) -> Vec<Effect> {
        let OverlayState::Lesson(w) = &mut self.overlay else {
            return Vec::new();
        };
        let last = LESSONS[w.lesson].steps.len() - 1;
        let to = if matches!(
            cmd,
            Command::Right | Command::Choose | Command::Down | Command::PageDown
        ) {
            if w.step == last {
                self.status.say(Status::info(
                    "that was the last step: Esc leaves the lesson (your URL comes back)",
                ));
                return Vec::new();
            }
            w.step + 1
        } else if matches!(cmd, Command::Left | Command::Up | Command::PageUp) {
            w.step.saturating_sub(1)
        } else if cmd == Command::Home {
            0
        } else if cmd == Command::End {
            last
        } else {
            return Vec::new();
        };
        if to == w.step {
            return Vec::new();
        }
        w.step = to;
        self.load_lesson_step()
    }

    /// Load the step shown into the lines and record how far the lesson got.
    fn load_lesson_step(&mut self) -> Vec<Effect> {
        let OverlayState::Lesson(w) = &self.overlay else {
            return Vec::new();
        };
        let (n, lesson) = (w.step, &LESSONS[w.lesson]);
        let step = &lesson.steps[n];
        let first = step.highlighted().first().map_or(0, |r| r.start);
        let mut input = LineEdit::new(step.input.as_bytes().to_vec());
        // The first character the step is about is where the line scrolls to.
        input.cursor = first;
        self.editing.input = input;
        self.editing.base = LineEdit::new(step.base.clone().unwrap_or_default().into_bytes());
        self.editing.pristine = false;
        self.settings.profile = step.profile;
        self.panes.reset_scrolls();
        // The character detail shows the first character the step is about.
        self.panes.focus = Focus::Characters;
        self.panes.char_cursor = first;
        self.follow_inputs();
        self.progress
            .kept
            .lesson_step(&lesson.name, n + 1, lesson.steps.len());
        self.status.say(Status::info(step_status(lesson, n)));
        let mut effects: Vec<Effect> = self.keep_progress().into_iter().collect();
        effects.extend(self.reanalyse());
        effects
    }

    /// Esc: leave the lesson; the user's lines, profile, focus and cursor come back, and a
    /// lesson opened from the practice view goes back to its list.
    pub(in crate::tui::model) fn leave_lesson(&mut self) -> Vec<Effect> {
        let OverlayState::Lesson(w) = std::mem::take(&mut self.overlay) else {
            return Vec::new();
        };
        let b = *w.before;
        self.editing.input = b.lines.input;
        self.editing.base = b.lines.base;
        self.editing.pristine = b.pristine;
        self.settings.profile = b.profile;
        self.panes.focus = b.focus;
        self.panes.reset_scrolls();
        self.panes.char_cursor = b.char_cursor;
        self.follow_inputs();
        if let Some((sel, row)) = b.practice {
            let mut p = Practice::new(sel);
            p.lessons = Some(row);
            self.overlay = OverlayState::Practice(p);
        }
        let lesson = &LESSONS[w.lesson];
        let done = self
            .progress
            .kept
            .lessons
            .get(&lesson.name)
            .is_some_and(|r| r.done);
        self.status.say(Status::info(format!(
            "left the lesson {}{}: your URL is back",
            lesson.name,
            if done { " (done, kept)" } else { "" }
        )));
        self.reanalyse()
    }

    /// What the screen marks for the lesson step shown (nothing while the analysis on screen
    /// is not the step's own).
    pub fn lesson_marks(&self) -> Option<LessonMarks> {
        let step = self.lesson_step()?;
        let a = &self.analysis;
        if self.is_stale() || a.input.as_slice() != step.input.as_bytes() {
            return None;
        }
        Some(LessonMarks {
            chars: step.highlighted(),
            steps: step.acting_steps(&a.outcome),
        })
    }

    /// The lesson and step shown, while a lesson is open.
    pub fn lesson_shown(&self) -> Option<(&'static Lesson, usize)> {
        let w = self.overlay.lesson()?;
        Some((&LESSONS[w.lesson], w.step))
    }

    fn lesson_step(&self) -> Option<&'static Step> {
        self.lesson_shown().map(|(l, n)| &l.steps[n])
    }
}

/// The status line for step `n` of `lesson`.
fn step_status(lesson: &Lesson, n: usize) -> String {
    let of = lesson.steps.len();
    if n + 1 == of {
        format!(
            "{}: step {of} of {of}, the last: the lesson is done (kept) · ← back · Esc leaves",
            lesson.name
        )
    } else {
        format!(
            "{}: step {} of {of} · → next · ← back · Esc leaves (your URL comes back)",
            lesson.name,
            n + 1
        )
    }
}

impl App {
    /// A command while a lesson is walked: the walking keys walk it, F3 goes back to the
    /// practice view (leaving the lesson), and what would change the lines or open another
    /// view is refused with a word (Esc first gives the user's URL back). `None`: the command
    /// acts as anywhere else (copy, profiles, the key list, quit).
    pub(in crate::tui::model) fn lesson_command(&mut self, cmd: Command) -> Option<Vec<Effect>> {
        if walks(cmd) && self.panes.help.is_none() {
            return Some(self.lesson_key(cmd));
        }
        if let Command::Show(crate::tui::msg::Overlay::Practice(_)) = cmd {
            let row = self.overlay.lesson().map_or(0, |w| w.lesson);
            let effects = self.leave_lesson();
            if !self.overlay.is_open() {
                let mut p = Practice::new(0);
                p.lessons = Some(row);
                self.overlay = OverlayState::Practice(p);
            }
            return Some(effects);
        }
        if refused_in_lesson(cmd) {
            self.refuse_in_lesson();
            return Some(Vec::new());
        }
        None
    }

    /// Say why a key that would change the lesson's lines does nothing.
    pub(in crate::tui::model) fn refuse_in_lesson(&mut self) {
        self.status.say(Status::info(LESSON_FIRST));
    }
}

/// The keys that walk a lesson's steps (→ Enter ↓ PgDn forward, ← ↑ PgUp back, Home, End).
fn walks(cmd: Command) -> bool {
    use Command as C;
    matches!(
        cmd,
        C::Left
            | C::Right
            | C::Home
            | C::End
            | C::Choose
            | C::Up
            | C::Down
            | C::PageUp
            | C::PageDown
    )
}

/// The commands a lesson refuses (Esc first): they would change the lines the lesson loaded,
/// or open another view over it (F3 leaves the lesson for the practice view instead).
pub fn refused_in_lesson(cmd: Command) -> bool {
    use Command as C;
    let practice = matches!(cmd, C::Show(crate::tui::msg::Overlay::Practice(_)));
    !practice
        && matches!(
            cmd,
            C::Show(_)
                | C::ToggleCompareWith
                | C::Backspace
                | C::Delete
                | C::WordLeft
                | C::WordRight
                | C::DeleteWordBack
                | C::DeleteToStart
                | C::Newline
                | C::Undo
                | C::Redo
                | C::HistoryBack
                | C::HistoryForward
                | C::TrimEdges
                | C::ClearLine
                | C::PasteClipboard
                | C::Back
                | C::EditRow
                | C::AddItem
                | C::DeleteItem
                | C::MoveItemUp
                | C::MoveItemDown
                | C::SortQuery
                | C::InspectLink
                | C::ReturnToLinks
        )
}

/// What a key that would change the lines says during a lesson.
pub const LESSON_FIRST: &str =
    "in a lesson: Esc leaves it first (your URL comes back), → ← walk it";
