//! The profile picker (`7`, Alt+7, a click on the bar's last slot): every profile, grouped
//! (sources, today, crawlers); Enter makes the selected one the active profile. It opens over
//! whatever overlay is open and gives it back when it closes, so that the compare view or the
//! compare-with mode can switch to any profile and stay where it was.

use crate::tui::analysis::compare::INSPECTOR;
use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::Effect;
use urlscope_core::Profile;

/// How many rows the picker has: one a profile.
pub const COUNT: usize = INSPECTOR.len();

/// The profile of row `sel`.
pub fn profile_at(sel: usize) -> Profile {
    INSPECTOR[sel.min(COUNT - 1)]
}

impl App {
    /// Open the picker on the active profile's row, over the open overlay; or close it.
    pub(in crate::tui::model) fn toggle_profiles(&mut self) -> Vec<Effect> {
        if let OverlayState::Profiles { .. } = self.overlay {
            self.close_profiles();
            return Vec::new();
        }
        let sel = INSPECTOR
            .iter()
            .position(|&p| p == self.settings.profile)
            .unwrap_or(0);
        let back = Box::new(std::mem::take(&mut self.overlay));
        self.overlay = OverlayState::Profiles { sel, back };
        Vec::new()
    }

    /// Esc: the overlay the picker was opened over comes back.
    pub(in crate::tui::model) fn close_profiles(&mut self) {
        if let OverlayState::Profiles { back, .. } = std::mem::take(&mut self.overlay) {
            self.overlay = *back;
        }
    }

    /// Enter: row `sel`'s profile becomes the active one; the picker closes.
    pub(in crate::tui::model) fn choose_profile(&mut self, sel: usize) -> Vec<Effect> {
        self.close_profiles();
        self.set_profile(profile_at(sel))
    }
}
