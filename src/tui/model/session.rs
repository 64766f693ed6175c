//! The status line's message and the way out: quitting (and the `q` that asks first), picking
//! a link, and the answer written to stdout after the terminal is restored.

use crate::tui::msg::status::Subject;
use crate::tui::msg::{Effect, Print, Status};

/// The status line: the last message, while its subject stays (see [`Subject`]).
#[derive(Default)]
pub struct StatusLine {
    pub(crate) message: Option<Status>,
    /// The status line said once that letters are pane keys (`/` or `i` goes back).
    pub(crate) letter_hint_shown: bool,
    /// Messages said so far: a message said while handling a message keeps its new subject.
    said: u64,
    /// The subject of the message shown.
    about: Subject,
}

/// Read access for the library's users (the crate changes the fields).
impl StatusLine {
    /// The message shown.
    pub fn message(&self) -> Option<&Status> {
        self.message.as_ref()
    }
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
    pub(crate) quit: bool,
    /// A `q` in a pane asked; the next `q` quits, any other key disarms it.
    pub(crate) quit_armed: bool,
    /// Picking: Enter in the list prints the link in this form (`urlscope pick`).
    pub(crate) pick: Option<Print>,
    /// Picking several links (`pick --multi`): Tab marks links, Enter prints every mark.
    pub(crate) multi: bool,
    /// What to write to stdout after the terminal is restored (Enter in the list, Ctrl+O).
    pub(crate) answer: Option<Vec<u8>>,
    /// The further lines of a `--multi` answer (each marked link after the first, in list
    /// order); each is written on a line of its own after `answer`.
    pub(crate) more: Vec<Vec<u8>>,
}

/// Read access for the library's users (the crate changes the fields).
impl Exit {
    /// Whether the run ends.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Whether a `q` asked and the next one quits.
    pub fn quit_armed(&self) -> bool {
        self.quit_armed
    }

    /// The form Enter in the list prints, when picking.
    pub fn pick(&self) -> Option<Print> {
        self.pick
    }

    /// What is written to stdout after the terminal is restored.
    pub fn answer(&self) -> Option<&[u8]> {
        self.answer.as_deref()
    }

    /// The further lines of a `--multi` answer.
    pub fn more(&self) -> &[Vec<u8>] {
        &self.more
    }
}

impl Exit {
    /// Quit now.
    pub(crate) fn quit_now(&mut self) -> Vec<Effect> {
        self.quit = true;
        vec![Effect::Quit]
    }

    /// Quit and write `octets` to stdout once the terminal is restored (Ctrl+O).
    pub(crate) fn print(&mut self, octets: Vec<u8>) -> Vec<Effect> {
        self.answer = Some(octets);
        self.quit_now()
    }

    /// Quit and write each of `lines` on a line of its own (the links picked).
    pub(crate) fn print_lines(&mut self, lines: Vec<Vec<u8>>) -> Vec<Effect> {
        let mut lines = lines.into_iter();
        self.answer = lines.next();
        self.more = lines.collect();
        self.quit_now()
    }

    /// A `q` asked to quit: the next one quits.
    pub(crate) fn arm(&mut self) {
        self.quit_armed = true;
    }

    /// Forget a `q` that asked to quit; whether one had.
    pub(crate) fn disarm(&mut self) -> bool {
        std::mem::take(&mut self.quit_armed)
    }

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
