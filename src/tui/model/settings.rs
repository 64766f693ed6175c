//! The options the analysis and the panes follow: the profile, the PDF state, the host
//! aliases (and the alias text Esc could not apply), the classification, the decoded preview,
//! the theme.

use crate::tui::model::preview::Preview;
use crate::tui::msg::ThemeChoice;
use urlscope_core::{Classification, Options, PdfState, Profile};

pub struct Settings {
    pub(crate) profile: Profile,
    pub(crate) pdf_state: PdfState,
    pub(crate) host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// Alias text Esc could not apply: kept, and the editor reopens on it.
    pub(crate) alias_draft: Option<Vec<u8>>,
    /// `None`: the active profile's classification (`c` cycles through the others).
    pub(crate) classification: Option<Classification>,
    /// The decoded preview line (`l`), display only.
    pub(crate) preview: Preview,
    /// The theme in use (what the theme key cycles from; NO_COLOR keeps it mono).
    pub(crate) theme: ThemeChoice,
}

/// Read access for the library's users (the crate changes the fields).
impl Settings {
    /// The active profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The PDF encoding state.
    pub fn pdf_state(&self) -> PdfState {
        self.pdf_state
    }

    /// The host aliases in use.
    pub fn host_aliases(&self) -> &[(Vec<u8>, Vec<u8>)] {
        &self.host_aliases
    }

    /// Alias text Esc could not apply.
    pub fn alias_draft(&self) -> Option<&[u8]> {
        self.alias_draft.as_deref()
    }

    /// The classification chosen with `c` (`None`: the profile's).
    pub fn chosen_classification(&self) -> Option<Classification> {
        self.classification
    }

    /// The decoded preview line's charset.
    pub fn preview(&self) -> Preview {
        self.preview
    }

    /// The theme in use.
    pub fn theme(&self) -> &ThemeChoice {
        &self.theme
    }
}

impl Settings {
    /// The classification the panes use.
    pub fn classification(&self) -> Classification {
        self.classification.unwrap_or(self.profile.classification())
    }

    /// `c`: the profile's own classification → each of `Classification::EVERY` → back.
    pub(crate) fn cycle_classification(&mut self) {
        self.classification = match self.classification {
            None => Some(Classification::EVERY[0]),
            Some(c) => {
                let i = Classification::EVERY
                    .iter()
                    .position(|&x| x == c)
                    .unwrap_or(0);
                Classification::EVERY.get(i + 1).copied()
            }
        };
    }

    /// `l`: the decoded preview's next charset (or off).
    pub(crate) fn cycle_preview(&mut self) {
        self.preview = self.preview.next();
    }

    /// `e`: the next PDF encoding state.
    pub(crate) fn cycle_pdf_state(&mut self) {
        let i = PdfState::ALL.iter().position(|&s| s == self.pdf_state);
        self.pdf_state = PdfState::ALL[i.map_or(0, |i| (i + 1) % PdfState::ALL.len())];
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
