//! The compare-with mode (Ctrl+T): the second line holds the URL to compare the URL
//! line with instead of the base, and the view shows `modern::same`'s answer (computed by the
//! analysis, `Lens::Same`). Leaving the mode gives the second line back to the base.

use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Focus, Overlay, Status};

impl App {
    /// Ctrl+T: switch the second line between the base and the URL to compare with (the
    /// mode is entered as any view is opened: the open one is left first).
    pub(in crate::tui::model) fn toggle_compare_with(&mut self) -> Vec<Effect> {
        self.panes.help = None;
        if let OverlayState::Same { .. } = self.overlay {
            return self.leave_compare_with();
        }
        self.show(Overlay::Same)
    }

    /// Leave the mode: the second line is the base again.
    pub(in crate::tui::model) fn leave_compare_with(&mut self) -> Vec<Effect> {
        self.overlay = OverlayState::None;
        self.status.say(Status::info(
            "second line: the base again (Ctrl+T: compare with)",
        ));
        self.reanalyse()
    }

    /// Enter the mode: the second line holds the URL to compare with, and has focus.
    pub(in crate::tui::model) fn enter_compare_with(&mut self) -> Vec<Effect> {
        self.overlay = OverlayState::Same { top: 0 };
        self.panes.focus = Focus::Base;
        self.status
            .say(Status::info(if self.editing.other.buf.is_empty() {
                "type the URL to compare with on the second line (Tab: the URL line; Ctrl+T: base)"
            } else {
                "compare with: Tab switches lines, Ctrl+T gives the second line back to the base"
            }));
        self.reanalyse()
    }
}
