//! The value editor overlay's keys (Enter on a components-pane row, `n` for a new pair or
//! segment): open it, edit its text, switch fields, cancel, and write back (one undo step).
//! Its state and the write are `model/value_editor.rs`.

use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::value_editor::Editor;
use crate::tui::msg::{Effect, Status};
use urlscope_core::modern::EditRules;

impl App {
    /// The rules an edit is written by: the active profile's.
    pub fn edit_rules(&self) -> EditRules {
        EditRules::of_profile(self.settings.profile)
    }

    /// Open the editor.
    pub(in crate::tui::model) fn open_editor(&mut self, mut e: Editor) {
        e.opened_on = self.editing.input.buf.clone();
        let rules = self.edit_rules();
        self.status.say(Status::info(format!(
            "editing {}: Enter writes it back encoded by {}, Esc cancels",
            e.title,
            rules.title()
        )));
        self.overlay = OverlayState::Editor(Box::new(e));
    }

    /// ↑ (`up`) or ↓: the field above or below (a query pair's name or value).
    pub(in crate::tui::model) fn editor_field(&mut self, up: bool) {
        if let OverlayState::Editor(e) = &mut self.overlay {
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
        if let OverlayState::Editor(e) = std::mem::take(&mut self.overlay) {
            self.status.say(Status::info(format!(
                "edit of {} cancelled; the URL is unchanged",
                e.title
            )));
        }
    }

    /// Enter: write the value back (one undo step), or say why not and stay open.
    pub(in crate::tui::model) fn commit_editor(&mut self) -> Vec<Effect> {
        let OverlayState::Editor(e) = &self.overlay else {
            return Vec::new();
        };
        if e.opened_on != self.editing.input.buf {
            // An undo or a global key changed the URL under the editor: its numbers are stale.
            self.status.say(Status::info(format!(
                "not written: the URL changed while {} was open; Esc, then edit it again",
                e.title
            )));
            return Vec::new();
        }
        let rules = self.edit_rules();
        match e.write(&self.editing.input.buf, rules) {
            Err(why) => {
                self.status.say(Status::info(format!(
                    "not written: {why} (the URL is unchanged)"
                )));
                Vec::new()
            }
            Ok(None) => {
                self.status.say(Status::info(format!(
                    "{} unchanged: nothing written",
                    e.title
                )));
                self.overlay = OverlayState::None;
                Vec::new()
            }
            Ok(Some(w)) => {
                let said = format!("{} written {}", e.title, w.said(rules));
                self.overlay = OverlayState::None;
                self.apply_url_edit(w.url, said)
            }
        }
    }

    /// Put an edited URL on the URL line as one undo step; `status` says what happened.
    pub(in crate::tui::model) fn apply_url_edit(
        &mut self,
        url: Vec<u8>,
        status: String,
    ) -> Vec<Effect> {
        if url == self.editing.input.buf {
            self.status
                .say(Status::info(format!("{status} (the URL did not change)")));
            return Vec::new();
        }
        self.editing.undo.before_change(&self.lines());
        self.editing.input = LineEdit::new(url);
        self.editing.pristine = false;
        self.follow_inputs();
        self.status.say(Status::info(status));
        self.reanalyse()
    }
}
