//! Changes to the URL and base lines: edits (recorded for undo), replacing the input (a paste
//! into the untouched example, an example, an unwrap layer), undo and redo, the inspected-input
//! history (Alt+↑/↓) and trimming edge whitespace. A new input resets what belonged to the old
//! one (scrolls, the selected step).

use crate::tui::keys::bindings::Scope;
use crate::tui::keys::bindings::active;
use crate::tui::model::app::App;
use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::overlay::TextTarget;
use crate::tui::model::undo::Lines;
use crate::tui::msg::{Effect, Focus, Status};
use urlscope_core::url;

/// What the status line says after Esc leaves the untouched example's URL line.
pub const PANES_HINT: &str = "0–6 profiles · m compare · r resolve · w warnings · q quit · F1 keys";

/// What the status line says while the built-in example is untouched.
pub const EXAMPLE_HINT: &str = "example: type or paste a URL over it · Esc: pane keys";

impl App {
    pub fn lines(&self) -> Lines {
        self.editing.lines()
    }

    /// Scrolls and selections that belonged to the old input start over.
    pub fn reset_scrolls(&mut self) {
        self.panes.reset_scrolls();
        if let Some(top) = self.overlay.top_mut() {
            *top = 0;
        }
    }

    /// Replace the URL line with `text`, a new input: one undo step, one history entry.
    pub fn replace_input(&mut self, text: Vec<u8>) -> Vec<Effect> {
        self.editing.undo.before_change(&self.lines());
        self.editing.inputs.visit(&self.editing.input.buf, &text);
        self.set_input(text);
        self.reanalyse()
    }

    /// Replace both lines (an example): one undo step.
    pub fn replace_both(&mut self, input: Vec<u8>, base: Vec<u8>) -> Vec<Effect> {
        self.editing.undo.before_change(&self.lines());
        self.editing.inputs.visit(&self.editing.input.buf, &input);
        self.editing.base = LineEdit::new(base);
        self.set_input(input);
        self.reanalyse()
    }

    pub(in crate::tui::model) fn set_input(&mut self, text: Vec<u8>) {
        self.editing.pristine = false;
        self.editing.input = LineEdit::new(text);
        self.reset_scrolls();
        self.follow_inputs();
    }

    /// The first character typed into the untouched example replaces it. Typing a key that
    /// acts in the panes (a digit, `q`) says so, since the user may have meant the key.
    pub fn type_over_example(&mut self, bytes: Vec<u8>) -> Vec<Effect> {
        let key = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|s| {
                let mut cs = s.chars();
                cs.next().filter(|_| cs.next().is_none())
            })
            .and_then(|c| {
                active().iter().find(|b| {
                    b.scope == Scope::Pane
                        && b.mods.is_empty()
                        && b.code == crossterm::event::KeyCode::Char(c)
                })
            });
        let effects = self.replace_input(bytes);
        self.status.say(Status::info(match key {
            Some(b) => format!(
                "'{}' typed over the example (Ctrl+Z undoes); Esc first for {}: {}",
                b.label, b.label, b.help
            ),
            None => "the example was replaced (Ctrl+Z brings it back)".to_string(),
        }));
        effects
    }

    pub fn undo_step(&mut self) -> Vec<Effect> {
        let now = self.lines();
        match self.editing.undo.undo(&now) {
            Some(l) => self.restore(l, "undone"),
            None => {
                self.status.say(Status::warning("nothing to undo"));
                Vec::new()
            }
        }
    }

    pub fn redo_step(&mut self) -> Vec<Effect> {
        let now = self.lines();
        match self.editing.undo.redo(&now) {
            Some(l) => self.restore(l, "redone"),
            None => {
                self.status.say(Status::warning("nothing to redo"));
                Vec::new()
            }
        }
    }

    fn restore(&mut self, l: Lines, what: &str) -> Vec<Effect> {
        let new_input = l.input.buf != self.editing.input.buf;
        self.editing.input = l.input;
        self.editing.base = l.base;
        self.editing.pristine = false;
        if new_input {
            self.reset_scrolls();
        }
        self.follow_inputs();
        let (u, r) = (self.editing.undo.can_undo(), self.editing.undo.can_redo());
        self.status.say(Status::info(format!(
            "{what} ({u} to undo with Ctrl+Z, {r} to redo with Ctrl+R)"
        )));
        self.reanalyse()
    }

    /// Alt+↑ (`back`) or Alt+↓: the previous or next inspected input.
    pub fn walk_inputs(&mut self, back: bool) -> Vec<Effect> {
        let next = if back {
            self.editing.inputs.back(&self.editing.input.buf)
        } else {
            self.editing.inputs.forward(&self.editing.input.buf)
        };
        let Some(text) = next else {
            self.status.say(Status::info(if back {
                "no earlier input in this run"
            } else {
                "no later input in this run"
            }));
            return Vec::new();
        };
        self.set_input(text);
        self.status.say(Status::info(format!(
            "input {} of {} (Alt+↑ earlier, Alt+↓ later)",
            self.editing.inputs.before() + 1,
            self.editing.inputs.len()
        )));
        self.reanalyse()
    }

    /// Remove the URL line's leading and trailing whitespace, as one undoable step.
    pub fn trim_edges(&mut self) -> Vec<Effect> {
        let trimmed = url::trim_edges(&self.editing.input.buf);
        if trimmed.len() == self.editing.input.buf.len() {
            self.status.say(Status::warning(
                "nothing to trim: the URL has no edge whitespace",
            ));
            return Vec::new();
        }
        let removed = self.editing.input.buf.len() - trimmed.len();
        let trimmed = trimmed.to_vec();
        let lead = self
            .editing
            .input
            .buf
            .iter()
            .take_while(|&&b| urlscope_core::url::octets::is_whitespace(b))
            .count();
        self.editing.undo.before_change(&self.lines());
        let cursor = self
            .editing
            .input
            .cursor
            .saturating_sub(lead)
            .min(trimmed.len());
        self.editing.input.buf = trimmed;
        self.editing.input.cursor =
            crate::tui::model::text::align_back(&self.editing.input.buf, cursor);
        self.editing.pristine = false;
        if !self.panes.focus.is_input() {
            // The analysis shown may be of an older, shorter line (still being analysed).
            self.panes.char_cursor = self.editing.input.cursor.min(self.analysis.input.len());
        }
        self.follow_inputs();
        self.status.say(Status::info(format!(
            "trimmed {removed} octet(s) of edge whitespace (Ctrl+Z undoes)"
        )));
        if self.panes.focus == Focus::Base {
            self.panes.focus = Focus::Input;
        }
        self.reanalyse()
    }

    /// An editing command on the line [`App::text_target`] names.
    pub(super) fn edit(&mut self, op: EditOp) -> Vec<Effect> {
        self.status.message = None;
        let width = self.areas().input_width();
        match (self.text_target(), &mut self.overlay) {
            (TextTarget::Aliases, OverlayState::Aliases { text }) => {
                // No re-analysis until the aliases are applied.
                text.apply(&op);
                Vec::new()
            }
            (TextTarget::Answer, OverlayState::Practice(p)) => {
                p.edit(&op);
                Vec::new()
            }
            (TextTarget::Editor, OverlayState::Editor(e)) => {
                e.apply(&op);
                Vec::new()
            }
            (TextTarget::Other, _) => {
                // The URL to compare with: not part of the undo history of the two lines.
                let changed = self.editing.other.apply(&op);
                self.editing.other.follow(width);
                if changed {
                    self.reanalyse()
                } else {
                    Vec::new()
                }
            }
            // The filter is edited by its own keys (`links_command`), never by these.
            (TextTarget::LinkFilter, _) => Vec::new(),
            (TextTarget::Url | TextTarget::Base, _) => {
                let on_url = self.panes.focus != Focus::Base;
                if self.editing.pristine && on_url {
                    self.editing.pristine = false;
                    if let EditOp::Insert(bytes) = op {
                        return self.type_over_example(bytes);
                    }
                }
                self.edit_recorded(op, true)
            }
            // `text_target` names the open overlay's own line: no other pair arises.
            (TextTarget::Aliases | TextTarget::Answer | TextTarget::Editor, _) => Vec::new(),
        }
    }

    /// Apply `op` to the focused line; `record`: the undo history records it (a paste has
    /// recorded its own step already).
    pub(super) fn edit_recorded(&mut self, op: EditOp, record: bool) -> Vec<Effect> {
        let width = self.areas().input_width();
        let on_base = self.panes.focus == Focus::Base;
        let edits_text = matches!(
            op,
            EditOp::Insert(_)
                | EditOp::Backspace
                | EditOp::Delete
                | EditOp::DeleteWordBack
                | EditOp::DeleteToStart
        );
        let before = (record && edits_text).then(|| self.lines());
        let field = if on_base {
            &mut self.editing.base
        } else {
            &mut self.editing.input
        };
        let cursor = field.cursor;
        let changed = field.apply(&op);
        field.follow(width);
        let after = field.cursor;
        if changed {
            if let Some(before) = before {
                if !on_base && self.editing.input.buf.is_empty() {
                    // The line was cleared: what it held was an inspected input.
                    self.editing.inputs.visit(&before.input.buf, b"");
                    self.reset_scrolls();
                }
                self.editing.undo.before_edit(&before, &op, on_base, cursor);
                self.editing.undo.after_edit(after);
            }
            self.editing.pristine = false;
        }
        if !on_base {
            self.panes.char_cursor = self.editing.input.cursor.min(self.analysis.input.len());
            self.follow_chars();
        }
        if changed {
            self.reanalyse()
        } else {
            Vec::new()
        }
    }
}
