//! The unwrap view's actions (`u`, SPEC-MODERN §10.3): loading a layer into the URL line and
//! going back to the input before it.

use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::msg::{Effect, Focus, Overlay};

/// Number of layers of the chain on screen (0 while it is being computed).
pub fn layer_count(app: &App) -> usize {
    app.analysis.unwrap.as_ref().map_or(0, |c| c.layers.len())
}

/// Enter: load layer `sel` into the URL line, a new entry of the input history right after the
/// input it came from (so back returns there).
pub fn load(app: &mut App, sel: usize) -> Vec<Effect> {
    // A paste into the view's input can leave the selection past a shorter chain.
    let sel = sel.min(layer_count(app).saturating_sub(1));
    let Some(layer) = app.analysis.unwrap.as_ref().and_then(|c| c.layers.get(sel)) else {
        app.status = Some("the unwrap chain is still being computed".into());
        return Vec::new();
    };
    if sel == 0 {
        app.status = Some("layer 0 is the URL line already".into());
        return Vec::new();
    }
    let msg = format!(
        "loaded layer {sel} ({}) into the URL line; Backspace goes back",
        layer.label
    );
    let text = layer.text.clone().into_bytes();
    app.undo.before_change(&app.lines());
    app.inputs.visit(&app.input.buf, &text);
    app.input = LineEdit::new(text);
    app.pristine = false;
    finish(app, msg)
}

/// Backspace (in the view) or Alt+←: back to the input before the last loaded layer.
pub fn back(app: &mut App) -> Vec<Effect> {
    // One history of inputs: "back" is the inspector's Alt+↑ (`crate::tui::model::history`).
    let Some(previous) = app.inputs.back(&app.input.buf) else {
        app.status = Some("no previous input to go back to".into());
        return Vec::new();
    };
    app.input = LineEdit::new(previous);
    app.pristine = false;
    let left = app.inputs.before();
    let msg = if left == 0 {
        "back to the previous input".to_string()
    } else {
        format!("back to the previous input ({left} more to go back to)")
    };
    finish(app, msg)
}

fn finish(app: &mut App, msg: String) -> Vec<Effect> {
    // The start of the URL (scheme and host) is what tells the layers apart.
    app.input.cursor = 0;
    app.input.scroll = 0;
    app.focus = Focus::Components;
    if let Overlay::Unwrap(_) = app.overlay {
        app.overlay = Overlay::Unwrap(0);
    }
    app.reset_scrolls();
    app.status = Some(msg);
    app.follow_inputs();
    vec![Effect::Analyse(app.request())]
}
