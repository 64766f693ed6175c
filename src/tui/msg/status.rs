//! The status line's message: a level (how it is drawn) and its text, chosen where the message
//! is made, so nothing downstream reads the words to decide anything.

use crate::clipboard::CopyResult;

/// How a message is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// What a key did.
    Info,
    /// What to do next while the built-in example is untouched (Esc turns it into the pane
    /// keys' hint).
    Hint,
    /// A key that did nothing, and why (drawn in the warning colour).
    Warning,
}

/// A message for the status line, shown until the next edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub level: Level,
    pub text: String,
}

impl Status {
    pub fn info(text: impl Into<String>) -> Status {
        Status {
            level: Level::Info,
            text: text.into(),
        }
    }

    pub fn hint(text: impl Into<String>) -> Status {
        Status {
            level: Level::Hint,
            text: text.into(),
        }
    }

    pub fn warning(text: impl Into<String>) -> Status {
        Status {
            level: Level::Warning,
            text: text.into(),
        }
    }

    /// What became of a copy of `what` (a failed copy is a warning).
    pub fn of_copy(result: &CopyResult, what: &str) -> Status {
        let text = result.message(what);
        match result {
            CopyResult::Failed(_) => Status::warning(text),
            CopyResult::Copied { .. } | CopyResult::SentOsc52 => Status::info(text),
        }
    }

    /// The same message with `more` after it (the level stays).
    pub fn and(self, more: &str) -> Status {
        Status {
            level: self.level,
            text: format!("{} · {more}", self.text),
        }
    }
}

/// Why a copy key (or Ctrl+O) found nothing: the status line says "nothing copied: …" or
/// "nothing printed: …".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nothing(pub String);

impl Nothing {
    /// The warning for the key that found nothing to `verb` ("copied", "printed").
    pub fn said(&self, verb: &str) -> Status {
        if self.0.is_empty() {
            Status::warning(format!("nothing {verb}"))
        } else {
            Status::warning(format!("nothing {verb}: {}", self.0))
        }
    }
}

/// What a message is about. The status line keeps a message while its subject stays and drops
/// it when the subject changes (the lines edited, the profile or an option changed, another
/// view, pane, row, link or character selected), so an old message never describes a new
/// subject.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Subject {
    /// The analysis request the screen shows: the lines, the profile and the options.
    pub request: u64,
    /// The open view.
    pub view: super::Overlay,
    /// The pane with focus.
    pub focus: Option<super::Focus>,
    /// What is selected where the keys act: a row, a link, a character (0 where nothing is).
    pub selected: usize,
}
