//! Each pane's view state: which pane has focus, the screen's size, the character cursor and
//! the strip's scroll, the components pane's selection and scroll, the selected step, the key
//! list's scroll, and what the last frame measured.

use ratatui::layout::Rect;

use crate::tui::model::layout::Areas;
use crate::tui::msg::{Drawn, Focus};

pub struct Panes {
    pub(crate) focus: Focus,
    pub(crate) size: (u16, u16),
    /// Byte offset of the character cursor in the analysed input.
    pub(crate) char_cursor: usize,
    /// First visible row of the character strip.
    pub(crate) strip_top: usize,
    /// The character detail's scroll: the unit (its start) it belongs to and the first row
    /// shown; another unit starts at the top.
    pub(crate) why: (usize, usize),
    /// First visible row of the components list.
    pub(crate) comp_top: usize,
    /// The selected row of the components list (Y / Alt+Y copy it while the pane has focus).
    pub(crate) comp_sel: usize,
    /// The pane shows the selected row whole, scrolling to it when it wraps over more lines
    /// than are left (set when the selection moves, cleared by the wheel, which scrolls freely).
    pub(crate) comp_sel_whole: bool,
    /// Selected step (shown highlighted when the step log has focus).
    pub(crate) step_sel: usize,
    /// The key list, while open: its first visible row (it is drawn over any view).
    pub(crate) help: Option<usize>,
    /// What the last frame measured (how far the key list and the host view may scroll).
    pub(crate) drawn: Drawn,
}

/// Read access for the library's users (the crate changes the fields).
impl Panes {
    /// The pane with focus.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The screen's size.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Byte offset of the character cursor in the analysed input.
    pub fn char_cursor(&self) -> usize {
        self.char_cursor
    }

    /// First visible row of the character strip.
    pub fn strip_top(&self) -> usize {
        self.strip_top
    }

    /// First visible row of the components list.
    pub fn comp_top(&self) -> usize {
        self.comp_top
    }

    /// The selected row of the components list.
    pub fn comp_sel(&self) -> usize {
        self.comp_sel
    }

    /// The selected step.
    pub fn step_sel(&self) -> usize {
        self.step_sel
    }

    /// The key list's first visible row, while it is open.
    pub fn help(&self) -> Option<usize> {
        self.help
    }

    /// What the last frame measured.
    pub fn drawn(&self) -> &Drawn {
        &self.drawn
    }
}

impl Panes {
    pub(crate) fn new() -> Panes {
        Panes {
            focus: Focus::Input,
            size: (80, 24),
            char_cursor: 0,
            strip_top: 0,
            why: (0, 0),
            comp_top: 0,
            comp_sel: 0,
            comp_sel_whole: true,
            step_sel: 0,
            help: None,
            drawn: Drawn::default(),
        }
    }

    /// Where each pane is on the screen, with the focused one drawn larger on a small screen.
    pub fn areas(&self) -> Areas {
        Areas::with_focus(Rect::new(0, 0, self.size.0, self.size.1), self.focus)
    }

    /// The character detail's first row for the unit under the cursor, at most `max`.
    pub fn why_top(&self, max: usize) -> usize {
        if self.why.0 == self.char_cursor {
            self.why.1.min(max)
        } else {
            0
        }
    }

    /// F1: open the key list at its top, or close it.
    pub(crate) fn toggle_help(&mut self) {
        self.help = self.help.is_none().then_some(0);
    }

    /// Shift+↑/↓: scroll the why text of the unit under the cursor by `delta` rows, to at
    /// most the last row the frame measured.
    pub(crate) fn scroll_why(&mut self, delta: isize) {
        let max = self.drawn.why_max.unwrap_or(0);
        let top = self.why_top(max).saturating_add_signed(delta).min(max);
        self.why = (self.char_cursor, top);
    }

    /// The terminal's new size.
    pub(crate) fn resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
    }

    /// Scrolls and selections that belonged to the old input start over.
    pub(crate) fn reset_scrolls(&mut self) {
        self.comp_top = 0;
        self.strip_top = 0;
        self.step_sel = 0;
    }
}
