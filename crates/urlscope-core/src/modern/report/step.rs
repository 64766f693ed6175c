//! A normalization step's record as JSON: `normalize --json`'s `steps` and `explain`'s.

use serde::Serialize;

use crate::url::octets::Octets;
use crate::url::{StepRecord, StepStatus};

/// A step record as JSON; edit offsets index `before`.
#[derive(Serialize)]
pub struct JsonStep<'a> {
    pub id: &'static str,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
    pub before: Octets<'a>,
    pub after: Octets<'a>,
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

#[derive(Serialize)]
pub struct JsonEdit<'a> {
    pub start: usize,
    pub end: usize,
    pub replacement: Octets<'a>,
    pub rule: &'static str,
}

impl<'a> JsonStep<'a> {
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
