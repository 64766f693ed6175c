//! The status line's message and the way out: quitting (and the `q` that asks first), picking
//! a link, and the answer written to stdout after the terminal is restored.

use crate::tui::msg::status::Subject;
use crate::tui::msg::{Print, Status};

/// The status line: the last message, while its subject stays (see [`Subject`]).
#[derive(Default)]
pub struct StatusLine {
    pub message: Option<Status>,
    /// The status line said once that letters are pane keys (`/` or `i` goes back).
    pub letter_hint_shown: bool,
    /// Messages said so far: a message said while handling a message keeps its new subject.
    said: u64,
    /// The subject of the message shown.
    about: Subject,
}

impl StatusLine {
    /// Show `message` (about what the screen shows once the current message is handled).
    pub fn say(&mut self, message: Status) {
        self.message = Some(message);
        self.said += 1;
    }

    /// After a message was handled: a message said meanwhile is about `now`; an older one
    /// ends when its subject is no longer `now`.
    pub(crate) fn keep_current(&mut self, said_before: u64, now: Subject) {
        if self.said != said_before {
            self.about = now;
        } else if self.about != now {
            self.message = None;
            self.about = now;
        }
    }

    /// How many messages were said so far (for [`StatusLine::keep_current`]).
    pub(crate) fn said(&self) -> u64 {
        self.said
    }
}

/// How the run ends.
pub struct Exit {
    pub quit: bool,
    /// A `q` in a pane asked; the next `q` quits, any other key disarms it.
    pub quit_armed: bool,
    /// Picking: Enter in the list prints the link in this form (`urlscope pick`).
    pub pick: Option<Print>,
    /// Picking several links (`pick --multi`): Tab marks links, Enter prints every mark.
    pub multi: bool,
    /// What to write to stdout after the terminal is restored (Enter in the list, Ctrl+O).
    pub answer: Option<Vec<u8>>,
    /// The further lines of a `--multi` answer (each marked link after the first, in list
    /// order); each is written on a line of its own after `answer`.
    pub more: Vec<Vec<u8>>,
}

impl Exit {
    pub(crate) fn new(pick: Option<Print>, multi: bool) -> Exit {
        Exit {
            quit: false,
            quit_armed: false,
            pick,
            multi,
            answer: None,
            more: Vec::new(),
        }
    }
}
