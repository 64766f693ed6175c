//! The Hyvätti host-alias editor (`a`): the aliases as `alias canonical` lines, edited in place
//! and applied to H6 on Esc (the same format as `--host-aliases FILE`).

use crate::tui::model::app::App;
use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::msg::{Effect, Overlay};
use crate::url::aliases::{self, to_text};

/// Open the editor on the current aliases.
pub fn open(app: &mut App) {
    app.alias_edit = LineEdit::new(to_text(&app.host_aliases));
    app.overlay = Overlay::Aliases;
}

/// An editing command in the editor (no re-analysis until the aliases are applied).
pub fn edit(app: &mut App, op: &EditOp) {
    app.alias_edit.apply(op);
}

/// Esc: apply the aliases and close, or say which line is wrong and stay open.
pub fn apply(app: &mut App) -> Vec<Effect> {
    match aliases::parse(&app.alias_edit.buf) {
        Ok(list) => {
            let n = list.len();
            let changed = list != app.host_aliases;
            app.host_aliases = list;
            app.overlay = Overlay::None;
            app.status = Some(format!(
                "{n} host alias{} applied (H6, Hyvätti profile)",
                if n == 1 { "" } else { "es" }
            ));
            if changed {
                vec![Effect::Analyse(app.request())]
            } else {
                Vec::new()
            }
        }
        Err((line, msg)) => {
            app.status = Some(format!("aliases not applied: line {line}: {msg}"));
            Vec::new()
        }
    }
}
