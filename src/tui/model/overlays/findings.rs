//! The warnings list (`w`, Alt+W): Enter puts the cursor on the selected finding.

use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Focus, Status};

impl App {
    /// Open the list on row `sel`; with nothing to list, say so, or show the host's findings
    /// when the status line's count is theirs.
    pub(in crate::tui::model) fn open_findings(&mut self, sel: usize) {
        self.overlay = OverlayState::Findings { sel };
        if !self.analysis.findings.list.is_empty() {
            return;
        }
        let c = self.analysis.counts;
        if c.host_high + c.host_warnings > 0 {
            self.overlay = OverlayState::Host { top: 0 };
            self.status.say(Status::info(
                "the URL's text has no warnings; the host's are here",
            ));
        } else {
            self.status
                .say(Status::info("no warnings or errors to list"));
        }
    }

    /// Enter on row `sel`: close the list, put the character and edit cursors on the finding and
    /// show it in the characters pane (its detail names the unit's hints).
    pub(in crate::tui::model) fn jump_to_finding(&mut self, sel: usize) -> Vec<Effect> {
        // The list reads most severe first: row `sel` is that finding.
        let findings = &self.analysis.findings;
        let Some(f) = findings
            .most_severe_first()
            .get(sel)
            .map(|&k| &findings.list[k])
        else {
            self.status
                .say(Status::info("no warnings or errors to list"));
            return Vec::new();
        };
        let Some(at) = f.at.clone() else {
            self.status.say(Status::info(format!(
                "{}: about the input as a whole (or the base), not one place",
                f.id
            )));
            return Vec::new();
        };
        let id = f.id;
        let len = self.analysis.input.len();
        let pos = at.start.min(len);
        self.overlay = OverlayState::None;
        self.panes.focus = Focus::Characters;
        self.panes.char_cursor = pos;
        self.editing.input.cursor = crate::tui::model::text::align_back(
            &self.editing.input.buf,
            pos.min(self.editing.input.buf.len()),
        );
        self.follow_inputs();
        self.follow_chars();
        self.status.say(Status::info(format!(
            "{id} at octet {} (w lists them again)",
            pos + 1
        )));
        Vec::new()
    }

    /// How many rows the list has.
    pub(in crate::tui::model) fn finding_count(&self) -> usize {
        self.analysis.findings.list.len()
    }
}
