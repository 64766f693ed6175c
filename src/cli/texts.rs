//! The learner texts of SPEC §6 as the command line uses them: a thin layer over
//! `crate::url::explain`, so every subcommand prints the same sentences as the TUI.

use crate::url::Profile;
use crate::url::classes::{Class, Classification};

/// One explanation: the id it explains, the sentence, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub id: String,
    pub text: String,
    pub source: String,
}

/// A normalization step or rule id under `profile` (§6.1).
pub fn step(_id: &str, _profile: Profile) -> Option<Text> {
    None
}

/// A resolution rule id (§6.2).
pub fn resolution(_id: &str) -> Option<Text> {
    None
}

/// A character class under a classification (§6.3).
pub fn class(_class: Class, _classification: Classification) -> Option<Text> {
    None
}

/// A hint id (§2.5).
pub fn hint(_id: &str) -> Option<Text> {
    None
}

/// A diagnostic id (§1.9).
pub fn diagnostic(_id: &str) -> Option<Text> {
    None
}

/// The sentence for diagnostic `id`, or a neutral fallback; used in `record N: E-…: text` lines.
pub fn diagnostic_text(id: &str) -> String {
    diagnostic(id)
        .map(|t| t.text)
        .unwrap_or_else(|| "see SPEC §1.9".to_owned())
}
