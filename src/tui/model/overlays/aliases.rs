//! The Hyvätti host-alias editor (`a`): the aliases as `alias canonical` lines, edited in place
//! and applied to H6 on Esc (the same format as `--host-aliases FILE`).

use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Status};
use urlscope_core::url::aliases;
use urlscope_core::url::aliases::to_text;

impl App {
    /// Open the editor on the current aliases.
    pub(in crate::tui::model) fn open_aliases(&mut self) {
        let text = match self.settings.alias_draft.take() {
            Some(draft) => {
                self.status.say(Status::info(
                    "alias editor: the draft not applied last time",
                ));
                draft
            }
            None => to_text(&self.settings.host_aliases),
        };
        self.overlay = OverlayState::Aliases {
            text: LineEdit::new(text),
        };
    }

    /// Esc: apply the aliases and close; text with a wrong line is kept as a draft (the editor
    /// reopens on it) and the status line says which line (Esc always closes).
    pub(in crate::tui::model) fn apply_aliases(&mut self) -> Vec<Effect> {
        let OverlayState::Aliases { text } = std::mem::take(&mut self.overlay) else {
            return Vec::new();
        };
        match aliases::parse(&text.buf) {
            Ok(list) => {
                let n = list.len();
                let changed = list != self.settings.host_aliases;
                self.settings.host_aliases = list;
                self.status.say(Status::info(format!(
                    "{n} host alias{} applied (H6, Hyvätti profile)",
                    if n == 1 { "" } else { "es" }
                )));
                if changed {
                    vec![Effect::Analyse(self.request())]
                } else {
                    Vec::new()
                }
            }
            Err((line, msg)) => {
                self.settings.alias_draft = Some(text.buf);
                self.status.say(Status::info(format!(
                    "aliases kept as a draft (a reopens): line {line}: {msg}"
                )));
                Vec::new()
            }
        }
    }
}
