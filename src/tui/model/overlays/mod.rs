//! What the keys do inside each overlay, one file per overlay (the same file name as in
//! `view/overlays/`), and what every overlay needs, each one exhaustive match here: a new
//! overlay makes the compiler name every place to fill in (its analysis data, its scroll, what
//! Enter does; its copy target is in `model/copy.rs`, its key-bar label in `view/screen/bar.rs`).

pub mod aliases;
pub mod copy_as;
pub mod editor;
pub mod examples;
pub mod findings;
pub mod links;
pub mod practice;
pub mod same;
pub mod unwrap;

use crate::tui::analysis::Lens;
use crate::tui::model::app::App;
use crate::tui::msg::{Effect, Overlay};

/// How far a list whose length only drawing knows may scroll before the first frame reports
/// it (`Msg::Drawn`); the view clamps to the real end, and the next frame clamps the model.
pub const UNDRAWN_MAX: usize = u16::MAX as usize;

impl App {
    /// The analysis data the open overlay shows, computed only while it is open.
    pub(in crate::tui::model) fn lens(&self) -> Option<Lens> {
        match self.overlay {
            Overlay::Host => Some(Lens::Host),
            Overlay::Unwrap(_) => Some(Lens::Unwrap),
            Overlay::Parsers => Some(Lens::Parsers),
            Overlay::Compare => Some(Lens::Compare),
            Overlay::Resolve => Some(Lens::Resolve),
            Overlay::Same => Some(Lens::Same),
            Overlay::None
            | Overlay::Examples(_)
            | Overlay::Aliases
            | Overlay::Findings(_)
            | Overlay::Practice(_)
            | Overlay::Editor
            | Overlay::CopyAs(_)
            | Overlay::Links => None,
        }
    }

    /// ↑↓ PgUp PgDn Home End in the open overlay: `step` moves a position by the key's amount.
    pub(in crate::tui::model) fn scroll_overlay(&mut self, step: impl Fn(usize) -> usize) {
        match self.overlay {
            Overlay::None | Overlay::Aliases | Overlay::Editor => {}
            Overlay::CopyAs(sel) => {
                self.overlay = Overlay::CopyAs(step(sel).min(copy_as::COUNT - 1));
            }
            Overlay::Examples(sel) => {
                let max = examples::EXAMPLES.len() - 1;
                self.overlay = Overlay::Examples(step(sel).min(max));
            }
            Overlay::Unwrap(sel) => {
                let max = self.unwrap_layers().saturating_sub(1);
                let to = step(sel).min(max);
                if to != sel {
                    // Another layer's text starts at its top.
                    self.view_top = 0;
                }
                self.overlay = Overlay::Unwrap(to);
            }
            Overlay::Findings(sel) => {
                let max = self.finding_count().saturating_sub(1);
                self.overlay = Overlay::Findings(step(sel).min(max));
            }
            Overlay::Practice(sel) => self.go_to_exercise(step(sel)),
            Overlay::Links => self.select_link(step),
            Overlay::Resolve | Overlay::Parsers | Overlay::Same => {
                self.view_top = step(self.view_top).min(200);
            }
            // The report wraps to the view's width, the compare view's rows depend on its
            // height: the last frame says where each ends.
            Overlay::Host | Overlay::Compare => {
                let max = self.drawn.view_max.unwrap_or(UNDRAWN_MAX);
                self.view_top = step(self.view_top).min(max);
            }
        }
    }

    /// Enter in the open overlay: load the example or layer, jump to the warning.
    pub(in crate::tui::model) fn choose(&mut self) -> Vec<Effect> {
        match self.overlay {
            Overlay::Examples(sel) => self.load_example(sel),
            Overlay::Unwrap(sel) => self.load_layer(sel),
            Overlay::Findings(sel) => self.jump_to_finding(sel),
            Overlay::Practice(sel) => self.check_answer(sel),
            Overlay::Editor => self.commit_editor(),
            Overlay::CopyAs(sel) => self.copy_as(sel),
            Overlay::Links => self.choose_link(),
            Overlay::None
            | Overlay::Same
            | Overlay::Compare
            | Overlay::Resolve
            | Overlay::Aliases
            | Overlay::Host
            | Overlay::Parsers => Vec::new(),
        }
    }
}
