//! Learner texts for the panes (SPEC §6, §2.5, §1.9), through one adapter over
//! `url::explain` so the view does not depend on where the sentences live.

use crate::url::classes::Hint;
use crate::url::diag::Diag;
use crate::url::explain::{self, Explanation};
use crate::url::rule::Rule;
use crate::url::{Class, Classification, Profile};

fn with_source(e: Explanation) -> String {
    format!("{} — {}", e.text, e.source)
}

/// Explanation of a normalization step or rule under `profile`.
pub fn step(r: Rule, profile: Profile) -> String {
    with_source(explain::rule(r, profile))
}

/// Explanation of a class under a classification (SPEC §6.3).
pub fn class(class: Class, classification: Classification) -> String {
    with_source(explain::class(class, classification))
}

/// The sentence of a learner hint.
pub fn hint(id: Hint) -> String {
    explain::hint(id).text.to_string()
}

/// The status-line sentence of a diagnostic (the id alone when there is none).
pub fn diagnostic(id: Diag) -> String {
    explain::diagnostic(id).text.to_string()
}
