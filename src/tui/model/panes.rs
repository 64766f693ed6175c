//! Each pane's view state: which pane has focus, the screen's size, the character cursor and
//! the strip's scroll, the components pane's selection and scroll, the selected step, the key
//! list's scroll, and what the last frame measured.

use ratatui::layout::Rect;

use crate::tui::model::layout::Areas;
use crate::tui::msg::{Drawn, Focus};

pub struct Panes {
    pub focus: Focus,
    pub size: (u16, u16),
    /// Byte offset of the character cursor in the analysed input.
    pub char_cursor: usize,
    /// First visible row of the character strip.
    pub strip_top: usize,
    /// The character detail's scroll: the unit (its start) it belongs to and the first row
    /// shown; another unit starts at the top.
    pub why: (usize, usize),
    /// First visible row of the components list.
    pub comp_top: usize,
    /// The selected row of the components list (Y / Alt+Y copy it while the pane has focus).
    pub comp_sel: usize,
    /// The pane shows the selected row whole, scrolling to it when it wraps over more lines
    /// than are left (set when the selection moves, cleared by the wheel, which scrolls freely).
    pub comp_sel_whole: bool,
    /// Selected step (shown highlighted when the step log has focus).
    pub step_sel: usize,
    /// The key list, while open: its first visible row (it is drawn over any view).
    pub help: Option<usize>,
    /// What the last frame measured (how far the key list and the host view may scroll).
    pub drawn: Drawn,
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

    /// Scrolls and selections that belonged to the old input start over.
    pub(crate) fn reset_scrolls(&mut self) {
        self.comp_top = 0;
        self.strip_top = 0;
        self.step_sel = 0;
    }
}
