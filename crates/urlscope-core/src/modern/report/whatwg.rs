//! The URL Standard parser's walk through the `whatwg` profile's parse step, as `explain` shows
//! it: which state read each code point, each transition with the standard's step, each
//! validation error by the standard's name, and each change the parser made (the provenance of
//! the step's edits). Read off the trace the profile's traced run keeps on the step; nothing is
//! parsed again.

use serde::Serialize;

use crate::url::StepRecord;
use crate::url::profiles::whatwg::rule_of;

/// The trace of one parse. Every offset indexes the step's `before` (the input, with octets
/// that are not UTF-8 written as triplets by the step before).
#[derive(Serialize)]
pub struct WhatwgTraceJson {
    /// Every code point of `before`, with the state that read it (`null`: none did — a removed
    /// tab or newline, stripped C0 controls and spaces, text after a failure).
    pub code_points: Vec<CodePointJson>,
    /// Each change of state, in order.
    pub transitions: Vec<TransitionJson>,
    /// Each validation error, in order.
    pub validation_errors: Vec<ValidationErrorJson>,
    /// Each change the parser made to the text, with the rule its edits carry.
    pub changes: Vec<ChangeJson>,
}

/// A code point and the state that read it.
#[derive(Serialize)]
pub struct CodePointJson {
    pub offset: usize,
    pub char: char,
    /// The state's id (`scheme-start`, `path`, …).
    pub state: Option<&'static str>,
}

/// A transition: at which code point, from which state to which, and the standard's step.
#[derive(Serialize)]
pub struct TransitionJson {
    pub offset: usize,
    /// The code point at `offset` (`null` at the end of the input: the EOF code point).
    pub char: Option<char>,
    pub from: &'static str,
    pub to: &'static str,
    /// The standard's names of the two states ("scheme start state").
    pub from_name: &'static str,
    pub to_name: &'static str,
    /// The standard's step that makes the transition, quoted.
    pub step: &'static str,
}

/// A validation error by the standard's name.
#[derive(Serialize)]
pub struct ValidationErrorJson {
    pub name: &'static str,
    pub offset: usize,
    /// Whether it failed the parse.
    pub fails: bool,
}

/// A change of the text: the range of `before` it applies to (empty for an insertion) and the
/// rule of the edits it makes.
#[derive(Serialize)]
pub struct ChangeJson {
    pub start: usize,
    pub end: usize,
    pub rule: &'static str,
}

/// The trace of `s`, if it is a traced parse step of the `whatwg` profile.
pub(crate) fn trace_json(s: &StepRecord) -> Option<WhatwgTraceJson> {
    let trace = s.whatwg.as_deref()?;
    let text = std::str::from_utf8(&s.before).ok()?;
    let states = trace.states(text);
    let code_points = text
        .char_indices()
        .map(|(offset, char)| CodePointJson {
            offset,
            char,
            state: states[offset].map(|st| st.id()),
        })
        .collect();
    let transitions = trace
        .transitions
        .iter()
        .map(|t| TransitionJson {
            offset: t.at,
            char: text.get(t.at..).and_then(|r| r.chars().next()),
            from: t.from.id(),
            to: t.to.id(),
            from_name: t.from.name(),
            to_name: t.to.name(),
            step: t.step,
        })
        .collect();
    let validation_errors = trace
        .errors
        .iter()
        .map(|e| ValidationErrorJson {
            name: e.error.name(),
            offset: e.at,
            fails: e.fails,
        })
        .collect();
    let changes = trace
        .changes
        .iter()
        .map(|c| ChangeJson {
            start: c.input.start,
            end: c.input.end,
            rule: rule_of(c.change).as_str(),
        })
        .collect();
    Some(WhatwgTraceJson {
        code_points,
        transitions,
        validation_errors,
        changes,
    })
}
