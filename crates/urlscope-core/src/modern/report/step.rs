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
    /// What the library reported while the step ran (the WHATWG validation errors).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub remarks: Vec<JsonRemark>,
}

/// A remark: its id, the library's own words, and this tool's explanation.
#[derive(Serialize)]
pub struct JsonRemark {
    pub id: &'static str,
    pub text: &'static str,
    pub explanation: Option<&'static str>,
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
                .map(|r| JsonRemark {
                    id: r.id.as_str(),
                    text: r.text,
                    explanation: Some(crate::url::explain::modern::violation(r.id).text),
                })
                .collect(),
        }
    }
}
