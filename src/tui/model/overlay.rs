//! The open overlay and the state that lives only while it is open: a scroll position, a
//! selected row, a line being typed, the value being edited. Closing the overlay drops it, so
//! nothing in [`App`](crate::tui::model::app::App) means something only while one view is open.
//! What outlives a view stays in the app: the compare-with URL (Ctrl+T brings it back), the
//! alias draft, the exercises solved, the link list with its filter. Also [`TextTarget`], the
//! line typed text goes to. (Apart from `overlays/`, whose files hold `impl App` blocks, so
//! that the app can hold this without an import circle across the two folders.)

use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::model::undo::Lines;
use crate::tui::model::value_editor::Editor;
use crate::tui::msg::{Focus, Overlay};
use urlscope_core::Profile;
use urlscope_core::modern::exercises::Verdict;

/// The open overlay with its own state; [`OverlayState::name`] is the [`Overlay`] that names it
/// (what `Command::Show` opens and the tests compare).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OverlayState {
    #[default]
    None,
    /// The first line shown (the rows depend on the height: the frame says how far).
    Compare {
        top: usize,
    },
    Resolve {
        top: usize,
    },
    /// The selected example.
    Examples {
        sel: usize,
    },
    /// The alias text being edited (applied on Esc).
    Aliases {
        text: LineEdit,
    },
    Host {
        top: usize,
    },
    /// The selected layer and the first line of its detail.
    Unwrap {
        sel: usize,
        top: usize,
    },
    Parsers {
        top: usize,
    },
    Findings {
        sel: usize,
    },
    /// The compare-with mode (its line, `App::other`, is kept for the next Ctrl+T).
    Same {
        top: usize,
    },
    /// The exercise shown, the answer being typed and its verdict as last checked.
    Practice(Practice),
    /// A lesson's guided walk: its step, and what the user had before it began.
    Lesson(Walk),
    /// The value being edited (Enter on a components-pane row).
    Editor(Box<Editor>),
    CopyAs {
        sel: usize,
    },
    /// The list and its filter outlive the overlay (`App::links`): nothing of its own here.
    Links,
    /// The profile picker: the selected row, and the overlay it was opened over (given back
    /// when it closes, so that a view can switch to any profile and stay open).
    Profiles {
        sel: usize,
        back: Box<OverlayState>,
    },
}

/// The practice view's exercise and answer line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    pub(crate) sel: usize,
    pub(crate) answer: LineEdit,
    /// Cleared by the next edit of the answer.
    pub(crate) verdict: Option<Verdict>,
    /// How many of the exercise's hints are shown (F5).
    pub(crate) hints: usize,
    /// The answer and why are shown (F6).
    pub(crate) answer_shown: bool,
    /// The lessons list is shown instead of the exercise (Tab), with its selected lesson.
    pub(crate) lessons: Option<usize>,
    /// Forgetting all progress was asked for and waits for Enter (Esc keeps it).
    pub(crate) confirm_reset: bool,
}

/// Read access for the library's users (the crate changes the fields).
impl Practice {
    /// The exercise shown.
    pub fn sel(&self) -> usize {
        self.sel
    }

    /// The answer being typed.
    pub fn answer(&self) -> &LineEdit {
        &self.answer
    }

    /// The verdict as last checked.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// How many hints are shown.
    pub fn hints(&self) -> usize {
        self.hints
    }

    /// Whether the answer and why are shown.
    pub fn answer_shown(&self) -> bool {
        self.answer_shown
    }

    /// The lessons list's selected lesson, while it is shown.
    pub fn lessons(&self) -> Option<usize> {
        self.lessons
    }

    /// Whether forgetting all progress waits for Enter.
    pub fn confirm_reset(&self) -> bool {
        self.confirm_reset
    }
}

impl Practice {
    pub fn new(sel: usize) -> Practice {
        Practice {
            sel,
            answer: LineEdit::new(Vec::new()),
            verdict: None,
            hints: 0,
            answer_shown: false,
            lessons: None,
            confirm_reset: false,
        }
    }

    /// An editing command on the answer line (a new answer needs a new check).
    pub fn edit(&mut self, op: &EditOp) {
        if self.answer.apply(op) {
            self.verdict = None;
        }
    }
}

/// A lesson being walked: which lesson and step, and what a step's load replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The lesson's index in `modern::lessons::LESSONS`.
    pub(crate) lesson: usize,
    /// The step shown (0-based).
    pub(crate) step: usize,
    /// What Esc gives back.
    pub(crate) before: Box<Before>,
}

/// Read access for the library's users (the crate changes the fields).
impl Walk {
    /// The lesson's index.
    pub fn lesson(&self) -> usize {
        self.lesson
    }

    /// The step shown (0-based).
    pub fn step(&self) -> usize {
        self.step
    }

    /// What Esc gives back.
    pub fn before(&self) -> &Before {
        &self.before
    }
}

/// The user's own state before a lesson loaded its examples (Esc restores it all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Before {
    pub(crate) lines: Lines,
    pub(crate) profile: Profile,
    pub(crate) focus: Focus,
    pub(crate) char_cursor: usize,
    /// The built-in example was untouched.
    pub(crate) pristine: bool,
    /// The practice view's lessons list the lesson was opened from (Esc goes back there).
    pub(crate) practice: Option<(usize, usize)>,
}

/// Read access for the library's users (the crate changes the fields).
impl Before {
    /// The URL and base lines.
    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The focus.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The character cursor.
    pub fn char_cursor(&self) -> usize {
        self.char_cursor
    }

    /// Whether the built-in example was untouched.
    pub fn pristine(&self) -> bool {
        self.pristine
    }

    /// The practice view's lessons list the lesson was opened from.
    pub fn practice(&self) -> Option<(usize, usize)> {
        self.practice
    }
}

impl OverlayState {
    /// A fresh state for the overlay `o` names, at its top. `None` for the overlays that open
    /// on something only the app has (the alias text, the value being edited).
    pub fn fresh(o: Overlay) -> Option<OverlayState> {
        Some(match o {
            Overlay::None => OverlayState::None,
            Overlay::Compare => OverlayState::Compare { top: 0 },
            Overlay::Resolve => OverlayState::Resolve { top: 0 },
            Overlay::Examples(sel) => OverlayState::Examples { sel },
            Overlay::Host => OverlayState::Host { top: 0 },
            Overlay::Unwrap(sel) => OverlayState::Unwrap { sel, top: 0 },
            Overlay::Parsers => OverlayState::Parsers { top: 0 },
            Overlay::Findings(sel) => OverlayState::Findings { sel },
            Overlay::Same => OverlayState::Same { top: 0 },
            Overlay::Practice(sel) => OverlayState::Practice(Practice::new(sel)),
            Overlay::CopyAs(sel) => OverlayState::CopyAs { sel },
            Overlay::Links => OverlayState::Links,
            Overlay::Profiles(sel) => OverlayState::Profiles {
                sel,
                back: Box::default(),
            },
            Overlay::Aliases | Overlay::Editor | Overlay::Lesson(_) => return None,
        })
    }

    /// The overlay's name (with its selected row, for the lists).
    pub fn name(&self) -> Overlay {
        match self {
            OverlayState::None => Overlay::None,
            OverlayState::Compare { .. } => Overlay::Compare,
            OverlayState::Resolve { .. } => Overlay::Resolve,
            OverlayState::Examples { sel } => Overlay::Examples(*sel),
            OverlayState::Aliases { .. } => Overlay::Aliases,
            OverlayState::Host { .. } => Overlay::Host,
            OverlayState::Unwrap { sel, .. } => Overlay::Unwrap(*sel),
            OverlayState::Parsers { .. } => Overlay::Parsers,
            OverlayState::Findings { sel } => Overlay::Findings(*sel),
            OverlayState::Same { .. } => Overlay::Same,
            OverlayState::Practice(p) => Overlay::Practice(p.sel),
            OverlayState::Lesson(w) => Overlay::Lesson(w.lesson),
            OverlayState::Editor(_) => Overlay::Editor,
            OverlayState::CopyAs { sel } => Overlay::CopyAs(*sel),
            OverlayState::Links => Overlay::Links,
            OverlayState::Profiles { sel, .. } => Overlay::Profiles(*sel),
        }
    }

    /// The first line shown, for the views that scroll a text (0 for the others).
    pub fn top(&self) -> usize {
        match self {
            OverlayState::Compare { top }
            | OverlayState::Resolve { top }
            | OverlayState::Host { top }
            | OverlayState::Unwrap { top, .. }
            | OverlayState::Parsers { top }
            | OverlayState::Same { top } => *top,
            OverlayState::None
            | OverlayState::Examples { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::Lesson(_)
            | OverlayState::Editor(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links
            | OverlayState::Profiles { .. } => 0,
        }
    }

    /// The first line shown, to change, for the views that scroll a text.
    pub fn top_mut(&mut self) -> Option<&mut usize> {
        match self {
            OverlayState::Compare { top }
            | OverlayState::Resolve { top }
            | OverlayState::Host { top }
            | OverlayState::Unwrap { top, .. }
            | OverlayState::Parsers { top }
            | OverlayState::Same { top } => Some(top),
            OverlayState::None
            | OverlayState::Examples { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::Lesson(_)
            | OverlayState::Editor(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links
            | OverlayState::Profiles { .. } => None,
        }
    }

    /// The value editor, while it is open.
    pub fn editor(&self) -> Option<&Editor> {
        if let OverlayState::Editor(e) = self {
            Some(e)
        } else {
            None
        }
    }

    /// The practice view's exercise and answer, while it is open.
    pub fn practice(&self) -> Option<&Practice> {
        if let OverlayState::Practice(p) = self {
            Some(p)
        } else {
            None
        }
    }

    /// The lesson being walked, while it is open.
    pub fn lesson(&self) -> Option<&Walk> {
        if let OverlayState::Lesson(w) = self {
            Some(w)
        } else {
            None
        }
    }

    /// The alias editor's text, while it is open.
    pub fn alias_text(&self) -> Option<&LineEdit> {
        if let OverlayState::Aliases { text } = self {
            Some(text)
        } else {
            None
        }
    }

    pub fn is_open(&self) -> bool {
        *self != OverlayState::None
    }
}

/// The line that receives typed text and pastes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextTarget {
    /// The URL line (also from a pane: a paste moves the focus there).
    Url,
    Base,
    /// The URL to compare with (the second line in compare-with mode).
    Other,
    /// The alias editor's text.
    Aliases,
    /// The practice view's answer.
    Answer,
    /// The value editor's active field.
    Editor,
    /// The link list's filter (typed at its end).
    LinkFilter,
}
