//! A normalization step's record as JSON: `normalize --json`'s `steps` and `explain`'s.

use serde::Serialize;

use crate::url::octets::Octets;
use crate::url::{StepRecord, StepStatus};

/// A step record as JSON; edit offsets index `before`.
#[derive(Serialize)]
pub struct JsonStep<'a> {
    /// The step's id.
    pub id: &'static str,
    /// The step's status (`changed`, `unchanged`, `not-applicable`, …).
    pub status: &'static str,
    /// Why the step did not apply, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// A note on what the step did, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
    /// The text before the step.
    pub before: Octets<'a>,
    /// The text after it.
    pub after: Octets<'a>,
    /// The edits that turn `before` into `after`.
    pub edits: Vec<JsonEdit<'a>>,
    /// What the parser reported while the step ran (the URL Standard's validation errors).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub remarks: Vec<JsonRemark>,
}

/// A remark: a validation error by the URL Standard's name, where it occurred (an offset of
/// `before`), whether it failed the parse, and its sentence with the section it rests on.
#[derive(Serialize)]
pub struct JsonRemark {
    pub id: &'static str,
    pub at: usize,
    pub fails: bool,
    pub text: &'static str,
    pub source: &'static str,
}

/// One edit of a step, as JSON writes it.
#[derive(Serialize)]
pub struct JsonEdit<'a> {
    /// Start offset in `before`.
    pub start: usize,
    /// End offset in `before`.
    pub end: usize,
    /// What replaces `before[start..end]`.
    pub replacement: Octets<'a>,
    /// The rule that made the edit.
    pub rule: &'static str,
}

impl<'a> JsonStep<'a> {
    /// The JSON form of `s`.
    pub fn of(s: &'a StepRecord) -> JsonStep<'a> {
        JsonStep {
            id: s.step.as_str(),
            status: s.status.kind(),
            reason: match s.status {
                StepStatus::NotApplicable(why) => Some(why),
                StepStatus::Error(code) => Some(code.as_str()),
                _ => None,
            },
            note: s.note,
            before: Octets(&s.before),
            after: Octets(&s.after),
            edits: s
                .edits
                .iter()
                .map(|e| JsonEdit {
                    start: e.range.start,
                    end: e.range.end,
                    replacement: Octets(&e.replacement),
                    rule: e.rule.as_str(),
                })
                .collect(),
            remarks: s
                .remarks
                .iter()
                .map(|r| {
                    let x = crate::explain::modern::validation_error(r.error);
                    JsonRemark {
                        id: r.error.name(),
                        at: r.at,
                        fails: r.fails,
                        text: x.text,
                        source: x.source,
                    }
                })
                .collect(),
        }
    }
}
