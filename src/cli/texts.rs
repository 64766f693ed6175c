//! The learner texts as the command line uses them: a thin layer over
//! [`urlscope_core::explain`], so every subcommand prints the same sentences as the TUI.

use urlscope_core::Profile;
use urlscope_core::explain;
use urlscope_core::url::Diag;
use urlscope_core::url::Hint;
use urlscope_core::url::ResolveRule;
use urlscope_core::{Class, Classification};

/// One explanation: the id it explains, the sentence, and where it comes from.
pub type Text = explain::Explanation;

/// A normalization step or rule id under `profile`; resolution ids too.
pub fn step(id: &str, profile: Profile) -> Option<Text> {
    explain::step_or_resolution(id, profile)
}

/// A resolution rule.
pub fn resolution(id: ResolveRule) -> Option<Text> {
    Some(explain::resolution(id))
}

/// A character class under a classification.
pub fn class(class: Class, classification: Classification) -> Option<Text> {
    Some(explain::class(class, classification))
}

/// A hint.
pub fn hint(id: Hint) -> Option<Text> {
    Some(explain::hint(id))
}

/// A diagnostic.
pub fn diagnostic(id: Diag) -> Option<Text> {
    Some(explain::diagnostic(id))
}

/// The sentence for diagnostic `id`; used in `record N: E-…: text` lines.
pub fn diagnostic_text(id: Diag) -> String {
    explain::diagnostic(id).text.to_owned()
}
