//! What the keys do inside each overlay, one file per overlay (the same file name as in
//! `view/overlays/`), the open overlay's own state (`state.rs`), and what every overlay needs,
//! one exhaustive match a behaviour here: a new overlay makes the compiler name every place to
//! fill in (its name, its analysis data, where keys and typed text go, its scroll, what Enter
//! and Esc do; its copy target is in `model/copy.rs`, its key-bar label in
//! `view/screen/bar.rs`, its drawing in `view/mod.rs`).

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
use crate::tui::keys::bindings::Scope;
use crate::tui::model::app::App;
use crate::tui::model::overlay::{OverlayState, TextTarget};
use crate::tui::msg::{Effect, Focus};

/// How far a list whose length only drawing knows may scroll before the first frame reports
/// it (`Msg::Drawn`); the view clamps to the real end, and the next frame clamps the model.
pub const UNDRAWN_MAX: usize = u16::MAX as usize;

impl App {
    /// The analysis data the open overlay shows, computed only while it is open.
    pub(in crate::tui::model) fn lens(&self) -> Option<Lens> {
        match &self.overlay {
            OverlayState::Host { .. } => Some(Lens::Host),
            OverlayState::Unwrap { .. } => Some(Lens::Unwrap),
            OverlayState::Parsers { .. } => Some(Lens::Parsers),
            OverlayState::Compare { .. } => Some(Lens::Compare),
            OverlayState::Resolve { .. } => Some(Lens::Resolve),
            OverlayState::Same { .. } => Some(Lens::Same),
            OverlayState::None
            | OverlayState::Examples { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::Editor(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links => None,
        }
    }

    /// The one answer to where typed text and a paste go (under the key list too: text goes
    /// where it would go without it).
    pub fn text_target(&self) -> TextTarget {
        let line = if self.panes.focus == Focus::Base {
            TextTarget::Base
        } else {
            TextTarget::Url
        };
        match &self.overlay {
            OverlayState::Links => TextTarget::LinkFilter,
            OverlayState::Aliases { .. } => TextTarget::Aliases,
            OverlayState::Practice(_) => TextTarget::Answer,
            OverlayState::Editor(_) => TextTarget::Editor,
            OverlayState::Same { .. } if self.panes.focus == Focus::Base => TextTarget::Other,
            OverlayState::Same { .. }
            | OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::CopyAs { .. } => line,
        }
    }

    /// Which bindings the keys are read by: the key list's while it is open, else the open
    /// overlay's, else the focused pane's.
    pub fn key_scope(&self) -> Scope {
        if self.panes.help.is_some() {
            return Scope::Help;
        }
        match &self.overlay {
            OverlayState::Aliases { .. } => Scope::Aliases,
            OverlayState::Same { .. } | OverlayState::Practice(_) => Scope::Typing,
            OverlayState::Editor(_) => Scope::Editor,
            OverlayState::Links => Scope::Links,
            // The views take the key list's keys (scroll, choose, close).
            OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::CopyAs { .. } => Scope::Help,
            OverlayState::None if self.panes.focus.is_input() => Scope::Input,
            OverlayState::None => Scope::Pane,
        }
    }

    /// Whether ← → Home End move an edit cursor here (elsewhere the pane's or view's).
    pub fn edits_text(&self) -> bool {
        if self.panes.help.is_some() {
            return false;
        }
        match &self.overlay {
            OverlayState::Aliases { .. } | OverlayState::Editor(_) | OverlayState::Practice(_) => {
                true
            }
            OverlayState::None | OverlayState::Same { .. } => self.panes.focus.is_input(),
            OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::CopyAs { .. }
            | OverlayState::Links => false,
        }
    }

    /// Esc in the open overlay: the alias editor applies its text, the compare-with mode gives
    /// the second line back to the base, the value editor drops its edit; the rest close.
    pub(in crate::tui::model) fn close_overlay(&mut self) -> Vec<Effect> {
        match &self.overlay {
            OverlayState::Aliases { .. } => return self.apply_aliases(),
            OverlayState::Same { .. } => return self.toggle_compare_with(),
            OverlayState::Editor(_) => self.cancel_editor(),
            OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links => self.overlay = OverlayState::None,
        }
        Vec::new()
    }

    /// ↑↓ PgUp PgDn Home End in the open overlay: `step` moves a position by the key's amount.
    pub(in crate::tui::model) fn scroll_overlay(&mut self, step: impl Fn(usize) -> usize) {
        let unwrap_max = self.unwrap_layers().saturating_sub(1);
        let finding_max = self.finding_count().saturating_sub(1);
        let drawn_max = self.panes.drawn.view_max.unwrap_or(UNDRAWN_MAX);
        match &mut self.overlay {
            OverlayState::None | OverlayState::Aliases { .. } | OverlayState::Editor(_) => {}
            OverlayState::CopyAs { sel } => *sel = step(*sel).min(copy_as::COUNT - 1),
            OverlayState::Examples { sel } => *sel = step(*sel).min(examples::EXAMPLES.len() - 1),
            OverlayState::Unwrap { sel, top } => {
                let to = step(*sel).min(unwrap_max);
                if to != *sel {
                    // Another layer's text starts at its top.
                    *top = 0;
                }
                *sel = to;
            }
            OverlayState::Findings { sel } => *sel = step(*sel).min(finding_max),
            OverlayState::Practice(p) => {
                let to = step(p.sel);
                self.go_to_exercise(to);
            }
            OverlayState::Links => self.select_link(step),
            OverlayState::Resolve { top }
            | OverlayState::Parsers { top }
            | OverlayState::Same { top } => *top = step(*top).min(200),
            // The report wraps to the view's width, the compare view's rows depend on its
            // height: the last frame says where each ends.
            OverlayState::Host { top } | OverlayState::Compare { top } => {
                *top = step(*top).min(drawn_max);
            }
        }
    }

    /// Enter in the open overlay: load the example or layer, jump to the warning.
    pub(in crate::tui::model) fn choose(&mut self) -> Vec<Effect> {
        match &self.overlay {
            OverlayState::Examples { sel } => self.load_example(*sel),
            OverlayState::Unwrap { sel, .. } => self.load_layer(*sel),
            OverlayState::Findings { sel } => self.jump_to_finding(*sel),
            OverlayState::Practice(_) => self.check_answer(),
            OverlayState::Editor(_) => self.commit_editor(),
            OverlayState::CopyAs { sel } => self.copy_as(*sel),
            OverlayState::Links => self.choose_link(),
            OverlayState::None
            | OverlayState::Same { .. }
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Host { .. }
            | OverlayState::Parsers { .. } => Vec::new(),
        }
    }
}
