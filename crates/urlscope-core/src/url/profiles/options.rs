//! The options every profile takes (docs/rules.md, "Profiles and step records"). Apart from the profiles so that the fast paths
//! can take them without reaching the step tables.

/// PDF P8: the user-declared initial encoding state (the PDF Reference's Note on "one and only one encoding pass").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PdfState {
    /// `once`.
    #[default]
    EncodedOnce,
    /// `unencoded`.
    Unencoded,
    /// `twice`.
    EncodedTwice,
}

impl PdfState {
    /// Every state.
    pub const ALL: [PdfState; 3] = [
        PdfState::EncodedOnce,
        PdfState::Unencoded,
        PdfState::EncodedTwice,
    ];
    /// The command-line name (`--pdf-state`).
    pub fn name(self) -> &'static str {
        match self {
            PdfState::EncodedOnce => "once",
            PdfState::Unencoded => "unencoded",
            PdfState::EncodedTwice => "twice",
        }
    }
    /// The name in step notes and JSON.
    pub fn label(self) -> &'static str {
        match self {
            PdfState::EncodedOnce => "EncodedOnce",
            PdfState::Unencoded => "Unencoded",
            PdfState::EncodedTwice => "EncodedTwice",
        }
    }
    /// Accepts the command-line names and those names.
    pub fn from_name(name: &str) -> Option<PdfState> {
        PdfState::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name) || s.label().eq_ignore_ascii_case(name))
    }
}

/// The options of every profile (docs/rules.md, "Profiles and step records").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Base URL for PDF P1 (an empty base counts as none).
    pub base: Option<Vec<u8>>,
    /// PDF P8: the declared initial encoding state.
    pub pdf_state: PdfState,
    /// Hyvätti H6: `(alias, canonical)` pairs; keys are matched exactly against the lowercased host.
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// w3lib's keyword options (`w3lib.url.canonicalize_url`).
    pub w3lib: crate::canon::options::W3libOptions,
}

impl Options {
    /// The base URL, when one is set.
    pub fn base(&self) -> Option<&[u8]> {
        self.base.as_deref().filter(|b| !b.is_empty())
    }
}
