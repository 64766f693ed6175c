//! The options the analysis and the panes follow: the profile, the PDF state, the host
//! aliases (and the alias text Esc could not apply), the classification, the decoded preview,
//! the theme.

use crate::tui::model::preview::Preview;
use crate::tui::msg::ThemeChoice;
use crate::url::{Classification, Options, PdfState, Profile};

pub struct Settings {
    pub profile: Profile,
    pub pdf_state: PdfState,
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// Alias text Esc could not apply: kept, and the editor reopens on it.
    pub alias_draft: Option<Vec<u8>>,
    /// `None`: the active profile's classification (`c` cycles through the others).
    pub classification: Option<Classification>,
    /// The decoded preview line (`l`), display only.
    pub preview: Preview,
    /// The theme in use (what the theme key cycles from; NO_COLOR keeps it mono).
    pub theme: ThemeChoice,
}

impl Settings {
    /// The classification the panes use.
    pub fn classification(&self) -> Classification {
        self.classification.unwrap_or(self.profile.classification())
    }

    /// The analysis options, with `base` (none when empty).
    pub fn options(&self, base: &[u8]) -> Options {
        Options {
            base: (!base.is_empty()).then(|| base.to_vec()),
            pdf_state: self.pdf_state,
            host_aliases: self.host_aliases.clone(),
            w3lib: Default::default(),
        }
    }
}
