//! The status line's message and the way out: quitting (and the `q` that asks first), picking
//! a link, and the answer written to stdout after the terminal is restored.

use crate::tui::msg::{Print, Status};

/// The status line: the last message, until the next edit.
#[derive(Default)]
pub struct StatusLine {
    pub message: Option<Status>,
    /// The status line said once that letters are pane keys (`/` or `i` goes back).
    pub letter_hint_shown: bool,
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
