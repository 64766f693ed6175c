//! Exercises for learners (issue 22): a text, the component it is data in, and a rule set; the
//! learner types the encoded form and [`check`] marks every wrong, missing or needless `%XX`
//! with the rule it breaks. The expected form is computed from the rule set (`rules`), never
//! written by hand; the inspector's practice view presents [`EXERCISES`] and [`check`].

mod data;
mod rules;

use std::ops::Range;

pub use data::EXERCISES;
pub use rules::{Why, decide};

use crate::url::syntax::octets;

/// The rule set an exercise is checked under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    Rfc1738,
    Rfc3986,
    Whatwg,
}

impl RuleSet {
    pub fn label(self) -> &'static str {
        match self {
            RuleSet::Rfc1738 => "RFC 1738",
            RuleSet::Rfc3986 => "RFC 3986",
            RuleSet::Whatwg => "WHATWG URL Standard",
        }
    }
}

/// The component the text is data in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// One path segment of an http URL.
    PathSegment,
    /// The value of a `key=value` pair in the query.
    QueryValue,
    Fragment,
    /// The user name of the userinfo.
    Username,
}

impl Part {
    pub fn label(self) -> &'static str {
        match self {
            Part::PathSegment => "the path segment",
            Part::QueryValue => "the query value",
            Part::Fragment => "the fragment",
            Part::Username => "the user name",
        }
    }
}

/// One exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub id: &'static str,
    /// 1 (a space) to 5 (everything at once); [`EXERCISES`] is in this order.
    pub level: u8,
    /// The text to encode, as UTF-8 (its octets are what gets encoded).
    pub text: &'static str,
    pub part: Part,
    pub rules: RuleSet,
    /// Where the text comes from (a source, or "modern rules").
    pub source: &'static str,
}

impl Exercise {
    /// The task as a learner reads it: "the query value `a b&c` under RFC 3986".
    pub fn prompt(&self) -> String {
        format!(
            "Encode {} `{}` under {}",
            self.part.label(),
            self.text,
            self.rules.label()
        )
    }

    /// The expected encoded form.
    pub fn answer(&self) -> String {
        self.text
            .bytes()
            .map(|v| decide(self.rules, self.part, v).token())
            .collect()
    }
}

/// What is wrong at a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// Something other than the expected octet or triplet.
    Wrong,
    /// The octet is there raw but must be encoded, or it is not there at all.
    Missing,
    /// Encoded (or typed) where the rule set does not want it.
    Extra,
}

/// One mark on the typed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Offsets into the typed text (empty at the end when something is missing there).
    pub span: Range<usize>,
    pub kind: MarkKind,
    /// What belongs there (empty for an extra unit).
    pub expected: String,
    pub rule: Why,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub ok: bool,
    pub marks: Vec<Mark>,
}

/// Check what the learner typed against the exercise.
pub fn check(ex: &Exercise, typed: &str) -> Verdict {
    let want: Vec<u8> = ex.text.bytes().collect();
    let units: Vec<octets::Unit> = octets::units(typed.as_bytes()).collect();
    let mut marks = Vec::new();
    let (mut i, mut k) = (0, 0); // i: expected octet, k: typed unit
    let fits = |u: &octets::Unit, v: u8| {
        u.value == v || (form_space(ex, v) && !u.encoded && u.value == b'+')
    };
    while i < want.len() || k < units.len() {
        let v = want.get(i).copied();
        let u = units.get(k);
        let d = v.map(|v| decide(ex.rules, ex.part, v));
        match (v, u, d) {
            (Some(v), Some(u), Some(d)) if fits(u, v) => {
                let raw = !u.encoded;
                if d.encode && raw && !(form_space(ex, v) && u.value == b'+') {
                    marks.push(mark(u.range(), MarkKind::Missing, &d));
                } else if form_space(ex, v) && u.encoded {
                    marks.push(mark(u.range(), MarkKind::Wrong, &d));
                } else if !d.encode && u.encoded && d.needless_is_wrong {
                    marks.push(mark(u.range(), MarkKind::Extra, &d));
                }
                i += 1;
                k += 1;
            }
            (Some(v), Some(u), Some(d)) => {
                let next_fits = units.get(k + 1).is_some_and(|n| fits(n, v));
                let skipped = want.get(i + 1).is_some_and(|&w| fits(u, w));
                if next_fits {
                    marks.push(Mark {
                        span: u.range(),
                        kind: MarkKind::Extra,
                        expected: String::new(),
                        rule: rules::not_in_text(),
                    });
                    k += 1;
                } else if skipped {
                    marks.push(mark(u.start..u.start, MarkKind::Missing, &d));
                    i += 1;
                } else {
                    marks.push(mark(u.range(), MarkKind::Wrong, &d));
                    i += 1;
                    k += 1;
                }
            }
            (Some(_), None, Some(d)) => {
                let end = typed.len();
                marks.push(mark(end..end, MarkKind::Missing, &d));
                i += 1;
            }
            (_, Some(u), _) => {
                marks.push(Mark {
                    span: u.range(),
                    kind: MarkKind::Extra,
                    expected: String::new(),
                    rule: rules::not_in_text(),
                });
                k += 1;
            }
            _ => break,
        }
    }
    Verdict {
        ok: marks.is_empty(),
        marks,
    }
}

/// The WHATWG form serializer writes a space as `+`.
fn form_space(ex: &Exercise, v: u8) -> bool {
    v == b' ' && ex.rules == RuleSet::Whatwg && ex.part == Part::QueryValue
}

fn mark(span: Range<usize>, kind: MarkKind, d: &rules::Decision) -> Mark {
    Mark {
        span,
        kind,
        expected: d.token(),
        rule: d.why,
    }
}

#[cfg(test)]
mod tests;
