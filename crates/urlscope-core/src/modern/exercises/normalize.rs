//! The engine side of a normalization exercise: the profile's traced outcome, and which step
//! rule wrote (or dropped) each part of the expected answer.

use std::borrow::Cow;
use std::ops::Range;

use super::{Exercise, Task, Why};
use crate::explain;
use crate::url::diff::Provenance;
use crate::url::rule::Rule;
use crate::url::{Options, Outcome, Profile, normalize};

/// The profile's traced outcome on the exercise's input (an encoding exercise has none: its
/// outcome is the input under `none`).
pub(super) fn outcome(ex: &Exercise) -> Outcome {
    match &ex.task {
        Task::Normalize {
            input,
            profile,
            base,
            ..
        } => {
            let opts = Options {
                base: base.as_ref().map(|b| b.as_bytes().to_vec()),
                ..Options::default()
            };
            normalize(input.as_bytes(), *profile, &opts)
        }
        Task::Encode { text, .. } => normalize(text.as_bytes(), Profile::None, &Options::default()),
    }
}

/// The step rules whose edits act on the input, in order, each once.
pub(super) fn rules_applied(o: &Outcome) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    for s in &o.steps {
        let before = s.before.as_ref() as &[u8];
        let after = s.after.as_ref() as &[u8];
        let mut add = |r: Rule| {
            if !out.contains(&r) {
                out.push(r)
            }
        };
        if s.edits.is_empty() && before != after {
            add(s.step);
        }
        for e in &s.edits {
            add(s.step);
            add(e.rule);
        }
    }
    out
}

/// The rule behind the expected answer's `region` (output offsets): the rule of the change
/// that wrote or dropped text there, or the profile's keeping the input as it is.
pub(super) fn why_at(input: &[u8], o: &Outcome, region: Range<usize>) -> Why {
    let (prov, map) = Provenance::with_rules(input.len(), o);
    let changes = prov.changes(input.len(), o.output.len());
    let touches = |b: &Range<usize>| {
        if region.is_empty() || b.is_empty() {
            b.start <= region.end && region.start <= b.end
        } else {
            b.start < region.end && region.start < b.end
        }
    };
    let found = changes.list.iter().filter(|c| touches(&c.b)).find_map(|c| {
        map.last_in(c.a.clone())
            .or_else(|| map.at(c.a.start))
            .and_then(|sr| Rule::from_name(sr.rule))
    });
    match found {
        Some(rule) => {
            let e = explain::rule(rule, o.profile);
            Why {
                id: Cow::Borrowed(rule.as_str()),
                text: Cow::Borrowed(e.text),
                source: Cow::Borrowed(e.source),
            }
        }
        None => Why {
            id: Cow::Borrowed("unchanged"),
            text: Cow::Owned(format!(
                "The {} profile leaves this part of the input as it is: copy it unchanged.",
                o.profile.label()
            )),
            source: Cow::Owned(format!("the {} profile", o.profile.label())),
        },
    }
}
