//! The unwrap view's actions (`u`, docs/lenses.md): loading a layer into the URL line and
//! going back to the input before it.

use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Focus, Status};

impl App {
    /// Number of layers of the chain on screen (0 while it is being computed).
    pub(in crate::tui::model) fn unwrap_layers(&self) -> usize {
        self.analysis.unwrap.as_ref().map_or(0, |c| c.layers.len())
    }

    /// Enter: load layer `sel` into the URL line, a new entry of the input history right after the
    /// input it came from (so back returns there).
    pub(in crate::tui::model) fn load_layer(&mut self, sel: usize) -> Vec<Effect> {
        // A paste into the view's input can leave the selection past a shorter chain.
        let sel = sel.min(self.unwrap_layers().saturating_sub(1));
        let Some(layer) = self
            .analysis
            .unwrap
            .as_ref()
            .and_then(|c| c.layers.get(sel))
        else {
            self.status
                .say(Status::info("the unwrap chain is still being computed"));
            return Vec::new();
        };
        if sel == 0 {
            self.status
                .say(Status::info("layer 0 is the URL line already"));
            return Vec::new();
        }
        let msg = format!(
            "loaded layer {sel} ({}) into the URL line; Backspace goes back",
            layer.label
        );
        let text = layer.text.clone().into_bytes();
        self.editing.undo.before_change(&self.lines());
        self.editing.inputs.visit(&self.editing.input.buf, &text);
        self.editing.input = LineEdit::new(text);
        self.editing.pristine = false;
        self.after_layer(msg)
    }

    /// Backspace (in the view) or Alt+←: back to the input before the last loaded layer.
    pub(in crate::tui::model) fn unwrap_back(&mut self) -> Vec<Effect> {
        // One history of inputs: "back" is the inspector's Alt+↑ (`crate::tui::model::history`).
        let Some(previous) = self.editing.inputs.back(&self.editing.input.buf) else {
            self.status
                .say(Status::info("no previous input to go back to"));
            return Vec::new();
        };
        self.editing.input = LineEdit::new(previous);
        self.editing.pristine = false;
        let left = self.editing.inputs.before();
        let msg = if left == 0 {
            "back to the previous input".to_string()
        } else {
            format!("back to the previous input ({left} more to go back to)")
        };
        self.after_layer(msg)
    }

    fn after_layer(&mut self, msg: String) -> Vec<Effect> {
        // The start of the URL (scheme and host) is what tells the layers apart.
        self.editing.input.cursor = 0;
        self.editing.input.scroll = 0;
        self.panes.focus = Focus::Components;
        if let OverlayState::Unwrap { sel, .. } = &mut self.overlay {
            *sel = 0;
        }
        self.reset_scrolls();
        self.status.say(Status::info(msg));
        self.follow_inputs();
        vec![Effect::Analyse(self.request())]
    }
}
