//! The `same --json` report: one shape for the CLI, the web page and anything else that asks.

use serde_json::{Value, json};

use super::difference::Difference;
use super::groups::{Answer, Group};
use super::ladder::Rung;
use super::{EqualAt, Sameness};
use crate::url::Profile;
use crate::url::syntax::octets;

impl Sameness {
    /// The report as JSON, for the two URLs `a` and `b` this was computed from, with the verdict
    /// under `chosen` at the top level. Field order is the documented order (docs/cli.md,
    /// `same`); every octet string is lossless JSON (`{"hex": …}` when not UTF-8).
    pub fn json(&self, a: &[u8], b: &[u8], chosen: Profile) -> Value {
        let profiles: Vec<Value> = self
            .profiles
            .iter()
            .map(|p| {
                let (index, step) = match p.equal_at {
                    Some(EqualAt::Step { index, step }) => (Some(index), Some(step.as_str())),
                    Some(EqualAt::Input) => (Some(0), None),
                    None => (None, None),
                };
                json!({
                    "profile": p.profile.name(),
                    "equal": p.equal,
                    "equal_after_step": index,
                    "step": step,
                    "verdict": p.verdict(),
                    "output_a": octets::json(&p.output_a),
                    "output_b": octets::json(&p.output_b),
                    "first_difference": difference_json(p.difference.as_ref(), &p.output_a, &p.output_b),
                })
            })
            .collect();
        let rungs: Vec<Value> = Rung::ALL
            .into_iter()
            .enumerate()
            .map(|(k, r)| {
                json!({
                    "rung": r.name(),
                    "section": r.section(),
                    "equal": self.ladder.forms_a[k] == self.ladder.forms_b[k],
                    "a": octets::json(&self.ladder.forms_a[k]),
                    "b": octets::json(&self.ladder.forms_b[k]),
                    "first_difference": difference_json(
                        self.ladder.differences[k].as_ref(),
                        &self.ladder.forms_a[k],
                        &self.ladder.forms_b[k]
                    ),
                })
            })
            .collect();
        let groups: Vec<Value> = self.groups().iter().map(|g| self.group_json(g)).collect();
        json!({
            "a": octets::json(a),
            "b": octets::json(b),
            "profile": chosen.name(),
            "equal": self.profile(chosen).equal,
            "first_difference": difference_json(self.difference.as_ref(), a, b),
            "profiles": profiles,
            "groups": groups,
            "ladder": {
                "first_match": self.ladder.first_match.map(Rung::name),
                "rungs": rungs,
            },
            "whatwg": {
                "href_a": self.whatwg.href_a,
                "href_b": self.whatwg.href_b,
                "equal": self.whatwg.equal,
                "equal_without_fragment": self.whatwg.equal_without_fragment,
            },
        })
    }

    /// One group of profiles: `answer` (`equal-as-given`, `equal-after-step` with its `step`,
    /// or `different` with the `first_difference` of the `shown` member's results), the
    /// `profiles`, and `own`: the members whose results are not `shown`'s.
    fn group_json(&self, g: &Group) -> Value {
        let names = |ps: &[Profile]| ps.iter().map(|p| p.name()).collect::<Vec<_>>();
        let shown = self.profile(g.shown);
        let (answer, step, difference) = match &g.answer {
            Answer::EqualAsGiven => ("equal-as-given", None, Value::Null),
            Answer::EqualAfter(step) => ("equal-after-step", Some(step.as_str()), Value::Null),
            Answer::Different(_) => (
                "different",
                None,
                difference_json(shown.difference.as_ref(), &shown.output_a, &shown.output_b),
            ),
        };
        json!({
            "answer": answer,
            "step": step,
            "first_difference": difference,
            "profiles": names(&g.profiles),
            "shown": g.shown.name(),
            "own": names(&g.own),
        })
    }
}

/// `{component, pair, offset_a, offset_b, piece_a, piece_b}` (offsets from 0), or null.
fn difference_json(d: Option<&Difference>, a: &[u8], b: &[u8]) -> Value {
    match d {
        Some(d) => json!({
            "component": d.component.id(),
            "pair": d.component.pair(),
            "offset_a": d.offset_a,
            "offset_b": d.offset_b,
            "piece_a": octets::json(&a[d.piece_a.clone()]),
            "piece_b": octets::json(&b[d.piece_b.clone()]),
        }),
        None => Value::Null,
    }
}
