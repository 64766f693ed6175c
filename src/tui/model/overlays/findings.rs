//! The warnings list (`w`, Alt+W): Enter puts the cursor on the selected finding.

use crate::tui::model::app::App;
use crate::tui::msg::{Effect, Focus, Overlay};

/// Enter on row `sel`: close the list, put the character and edit cursors on the finding and
/// show it in the characters pane (its detail names the unit's hints).
pub fn jump(app: &mut App, sel: usize) -> Vec<Effect> {
    let Some(f) = app.analysis.findings.list.get(sel) else {
        app.status = Some("no warnings or errors to list".into());
        return Vec::new();
    };
    let Some(at) = f.at.clone() else {
        app.status = Some(format!(
            "{}: about the input as a whole (or the base), not one place",
            f.id
        ));
        return Vec::new();
    };
    let id = f.id;
    let len = app.analysis.input.len();
    let pos = at.start.min(len);
    app.overlay = Overlay::None;
    app.focus = Focus::Characters;
    app.char_cursor = pos;
    app.input.cursor =
        crate::tui::model::text::align_back(&app.input.buf, pos.min(app.input.buf.len()));
    app.follow_inputs();
    app.follow_chars();
    app.status = Some(format!("{id} at octet {} (w lists them again)", pos + 1));
    Vec::new()
}

/// How many rows the list has.
pub fn count(app: &App) -> usize {
    app.analysis.findings.list.len()
}
