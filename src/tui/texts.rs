//! Learner texts for the panes (SPEC §6), through one adapter so the view does not depend on
//! where the sentences live.

use crate::url::{Class, Classification, Profile};

/// Explanation of a normalization step or rule under `profile`.
pub fn step(id: &str, profile: Profile) -> String {
    let _ = profile;
    id.to_string()
}

/// Explanation of a class under a classification (SPEC §6.3).
pub fn class(class: Class, classification: Classification) -> String {
    format!("{} ({})", class.name(), classification.name())
}

/// Short text of a learner hint.
pub fn hint(id: &str) -> String {
    id.to_string()
}

/// Short text of a diagnostic for the status line.
pub fn diagnostic(id: &str) -> String {
    id.to_string()
}
