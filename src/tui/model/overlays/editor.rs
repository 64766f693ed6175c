//! The value editor overlay's keys (Enter on a components-pane row, `n` for a new pair or
//! segment): open it, edit its text, switch fields, cancel, and write back (one undo step).
//! Its state and the write are `model/value_editor.rs`.

use crate::modern::edit::EditRules;
use crate::tui::model::app::App;
use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::model::value_editor::Editor;
use crate::tui::msg::{Effect, Overlay};

impl App {
    /// The rules an edit is written by: the active profile's.
    pub fn edit_rules(&self) -> EditRules {
        EditRules::of_profile(self.profile)
    }

    /// Open the editor.
    pub(in crate::tui::model) fn open_editor(&mut self, mut e: Editor) {
        e.opened_on = self.input.buf.clone();
        self.editor = Some(e);
        self.overlay = Overlay::Editor;
        let rules = self.edit_rules();
        self.status = Some(format!(
            "editing {}: Enter writes it back encoded by {}, Esc cancels",
            self.editor.as_ref().map_or("", |e| &e.title),
            rules.title()
        ));
    }

    /// A key that edits text, in the editor.
    pub(in crate::tui::model) fn edit_editor(&mut self, op: &EditOp) {
        if let Some(e) = &mut self.editor {
            e.apply(op);
        }
    }

    /// ↑ (`up`) or ↓: the field above or below (a query pair's name or value).
    pub(in crate::tui::model) fn editor_field(&mut self, up: bool) {
        if let Some(e) = &mut self.editor {
            // Two fields at most: either key goes to the other, as in a form that wraps.
            let n = e.fields.len();
            e.active = if up {
                (e.active + n - 1) % n
            } else {
                (e.active + 1) % n
            };
        }
    }

    /// Esc: close without writing.
    pub(in crate::tui::model) fn cancel_editor(&mut self) {
        let what = self.editor.take().map(|e| e.title).unwrap_or_default();
        self.overlay = Overlay::None;
        self.status = Some(format!("edit of {what} cancelled; the URL is unchanged"));
    }

    /// Enter: write the value back (one undo step), or say why not and stay open.
    pub(in crate::tui::model) fn commit_editor(&mut self) -> Vec<Effect> {
        let Some(e) = self.editor.clone() else {
            self.overlay = Overlay::None;
            return Vec::new();
        };
        if e.opened_on != self.input.buf {
            // An undo or a global key changed the URL under the editor: its numbers are stale.
            self.status = Some(format!(
                "not written: the URL changed while {} was open; Esc, then edit it again",
                e.title
            ));
            return Vec::new();
        }
        let rules = self.edit_rules();
        match e.write(&self.input.buf, rules) {
            Err(why) => {
                self.status = Some(format!("not written: {why} (the URL is unchanged)"));
                Vec::new()
            }
            Ok(None) => {
                self.editor = None;
                self.overlay = Overlay::None;
                self.status = Some(format!("{} unchanged: nothing written", e.title));
                Vec::new()
            }
            Ok(Some(w)) => {
                self.editor = None;
                self.overlay = Overlay::None;
                let said = w.said(rules);
                self.apply_url_edit(w.url, format!("{} written {said}", e.title))
            }
        }
    }

    /// Put an edited URL on the URL line as one undo step; `status` says what happened.
    pub(in crate::tui::model) fn apply_url_edit(
        &mut self,
        url: Vec<u8>,
        status: String,
    ) -> Vec<Effect> {
        if url == self.input.buf {
            self.status = Some(format!("{status} (the URL did not change)"));
            return Vec::new();
        }
        self.undo.before_change(&self.lines());
        self.input = LineEdit::new(url);
        self.pristine = false;
        self.follow_inputs();
        self.status = Some(status);
        self.reanalyse()
    }
}
