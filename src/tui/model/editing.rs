//! The lines being edited and their history: the URL and base lines, the URL to compare with,
//! undo and redo, the inputs inspected during the run, and whether the built-in example is
//! still untouched.

use crate::tui::model::edit::LineEdit;
use crate::tui::model::history::Inputs;
use crate::tui::model::undo::{Lines, Undo};

pub struct Editing {
    pub(crate) input: LineEdit,
    pub(crate) base: LineEdit,
    /// The URL to compare with (the second line in compare-with mode, Ctrl+T); kept when the
    /// mode is left, for the next Ctrl+T.
    pub(crate) other: LineEdit,
    /// Undo and redo of the URL and base lines.
    pub(crate) undo: Undo,
    /// The inputs inspected during the run (Alt+↑/↓; the unwrap view's Backspace / Alt+←).
    pub(crate) inputs: Inputs,
    /// The built-in example is shown and untouched: the first typing or paste replaces it.
    pub(crate) pristine: bool,
}

/// Read access for the library's users (the crate changes the fields).
impl Editing {
    /// The URL line.
    pub fn input(&self) -> &LineEdit {
        &self.input
    }

    /// The base line.
    pub fn base(&self) -> &LineEdit {
        &self.base
    }

    /// The URL to compare with.
    pub fn other(&self) -> &LineEdit {
        &self.other
    }

    /// Undo and redo of the URL and base lines.
    pub fn undo(&self) -> &Undo {
        &self.undo
    }

    /// The inputs inspected during the run.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// Whether the built-in example is shown and untouched.
    pub fn pristine(&self) -> bool {
        self.pristine
    }
}

impl Editing {
    pub(crate) fn new(input: Vec<u8>, base: Vec<u8>, pristine: bool) -> Editing {
        Editing {
            inputs: Inputs::new(input.clone()),
            input: LineEdit::new(input),
            base: LineEdit::new(base),
            other: LineEdit::new(Vec::new()),
            undo: Undo::default(),
            pristine,
        }
    }

    /// The two lines undo restores.
    pub fn lines(&self) -> Lines {
        Lines {
            input: self.input.clone(),
            base: self.base.clone(),
        }
    }

    /// Keep each line's cursor visible in `width` columns.
    pub(crate) fn follow(&mut self, width: usize) {
        self.input.follow(width);
        self.base.follow(width);
        self.other.follow(width);
    }
}
