//! The Hyvätti host-alias editor (`a`): the aliases as `alias canonical` lines, edited in place
//! and applied to H6 on Esc (the same format as `--host-aliases FILE`).

use crate::tui::model::app::App;
use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::msg::{Effect, Overlay};
use crate::url::aliases::{self, to_text};

impl App {
    /// Open the editor on the current aliases.
    pub(in crate::tui::model) fn open_aliases(&mut self) {
        let text = match self.alias_draft.take() {
            Some(draft) => {
                self.status = Some("alias editor: the draft not applied last time".into());
                draft
            }
            None => to_text(&self.host_aliases),
        };
        self.alias_edit = LineEdit::new(text);
        self.overlay = Overlay::Aliases;
    }

    /// An editing command in the editor (no re-analysis until the aliases are applied).
    pub(in crate::tui::model) fn edit_aliases(&mut self, op: &EditOp) {
        self.alias_edit.apply(op);
    }

    /// Esc: apply the aliases and close; text with a wrong line is kept as a draft (the editor
    /// reopens on it) and the status line says which line (issue 20: Esc always closes).
    pub(in crate::tui::model) fn apply_aliases(&mut self) -> Vec<Effect> {
        match aliases::parse(&self.alias_edit.buf) {
            Ok(list) => {
                let n = list.len();
                let changed = list != self.host_aliases;
                self.host_aliases = list;
                self.overlay = Overlay::None;
                self.status = Some(format!(
                    "{n} host alias{} applied (H6, Hyvätti profile)",
                    if n == 1 { "" } else { "es" }
                ));
                if changed {
                    vec![Effect::Analyse(self.request())]
                } else {
                    Vec::new()
                }
            }
            Err((line, msg)) => {
                self.alias_draft = Some(std::mem::take(&mut self.alias_edit.buf));
                self.alias_edit = LineEdit::new(Vec::new());
                self.overlay = Overlay::None;
                self.status = Some(format!(
                    "aliases kept as a draft (a reopens): line {line}: {msg}"
                ));
                Vec::new()
            }
        }
    }
}
