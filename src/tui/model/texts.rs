//! Learner texts for the panes (steps, classes, hints, diagnostics), through one adapter over
//! `url::explain` so the view does not depend on where the sentences live.

use urlscope_core::explain;
use urlscope_core::explain::Explanation;
use urlscope_core::url::Diag;
use urlscope_core::url::Hint;
use urlscope_core::url::Rule;
use urlscope_core::{Class, Classification, Profile};

fn with_source(e: Explanation) -> String {
    format!("{} — {}", e.text, e.source)
}

/// Explanation of a normalization step or rule under `profile`.
pub fn step(r: Rule, profile: Profile) -> String {
    with_source(explain::rule(r, profile))
}

/// The selected step's explanation under the step log: what the rule does, then its status
/// whole (the log's column may cut it), its note and its validation errors.
pub fn step_explained(s: &urlscope_core::url::StepRecord, profile: Profile) -> String {
    let mut text = format!("{} — {}", step(s.step, profile), s.status.label());
    if let Some(n) = s.note {
        text.push_str(&format!(" ({n})"));
    }
    if !s.remarks.is_empty() {
        // By the URL Standard's names, where they occurred, and which one failed the parse.
        let said: Vec<String> = s
            .remarks
            .iter()
            .map(|r| {
                let fails = if r.fails { ", fails the parse" } else { "" };
                format!("{} at {}{fails}", r.error.name(), r.at)
            })
            .collect();
        text.push_str(&format!(" Validation errors: {}.", said.join("; ")));
    }
    text
}

/// Explanation of a class under a classification.
pub fn class(class: Class, classification: Classification) -> String {
    with_source(explain::class(class, classification))
}

/// The sentence of a learner hint.
pub fn hint(id: Hint) -> String {
    explain::hint(id).text.to_string()
}

/// A learner text and the source it rests on, kept apart so a view that shows several texts
/// can cite each source once (the character detail's why text).
pub struct Why {
    pub text: String,
    pub source: &'static str,
}

/// [`step`] as text and source.
pub fn step_why(r: Rule, profile: Profile) -> Why {
    let e = explain::rule(r, profile);
    Why {
        text: e.text.to_string(),
        source: e.source,
    }
}

/// [`class`] as text and source.
pub fn class_why(class: Class, classification: Classification) -> Why {
    let e = explain::class(class, classification);
    Why {
        text: e.text.to_string(),
        source: e.source,
    }
}

/// A hint's sentence and source.
pub fn hint_why(id: Hint) -> Why {
    let e = explain::hint(id);
    Why {
        text: format!("{id}: {}", e.text),
        source: e.source,
    }
}

/// The section a class rests on, short (the detail's class lines).
pub fn class_source(class: Class, classification: Classification) -> &'static str {
    explain::class(class, classification).source
}

/// The status-line sentence of a diagnostic (the id alone when there is none).
pub fn diagnostic(id: Diag) -> String {
    explain::diagnostic(id).text.to_string()
}
