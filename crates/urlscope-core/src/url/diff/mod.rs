//! The before/after diff (docs/rules.md, "The diff and provenance") and the provenance of output units: one algorithm, one
//! rule for choosing the script, read by `explain` (text and JSON) and by the inspector.
//!
//! Pure: octets in, ranges out. The rule ([`diff`]):
//! 1. Myers over units (a triplet is one unit) on the middle left after trimming the common
//!    prefix and suffix, while the middle is small and the edit distance under a limit;
//! 2. the script the steps' own edits describe (provenance: every output byte either was copied
//!    from an input offset or was written by a `(step, rule)`), widened to whole units and
//!    less the units a change keeps at its ends, when it
//!    shows fewer changed runs than Myers — Myers can match scattered single characters, e.g.
//!    when a FidoURL join drops the text around the URL — or when Myers gave up.
//!
//! Two strings without steps between them (the compare and resolve views) use [`between`]:
//! the same Myers, or one replacement of the trimmed middle when it gives up.

mod align;
pub(crate) mod myers;
#[cfg(test)]
mod oracle;
mod provenance;
mod runs;
mod script;

use std::ops::Range;

pub(crate) use myers::MYERS_MAX_D;
pub(crate) use myers::trimmed_middle;
pub use provenance::Provenance;
pub use provenance::action_at;
pub use provenance::map_forward;
pub(crate) use provenance::{RuleMap, StepRule, edit_at};
pub(crate) use script::Change;
pub(crate) use script::Changes;
pub(crate) use script::Forms;
pub use script::Op;

use super::profiles::Outcome;

impl Op {
    /// The name `explain --json` writes.
    pub fn name(self) -> &'static str {
        match self {
            Op::Equal => "equal",
            Op::Delete => "delete",
            Op::Insert => "insert",
        }
    }
}

/// How a [`UnitDiff`] was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Myers over the units of the changed middle.
    Myers,
    /// Derived from the steps' edits (fewer changed runs, or the middle was too large).
    Edits,
    /// One replacement of the trimmed middle (two strings without steps, Myers gave up).
    Middle,
}

/// A unit-aligned diff of a before and an after string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDiff {
    /// `Equal` and `Delete` ranges index the before string, `Insert` ranges the after string;
    /// in each change the deletion comes first.
    pub script: Vec<(Op, Range<usize>)>,
    /// Deleted byte ranges of the before string, sorted.
    pub deleted: Vec<Range<usize>>,
    /// Inserted byte ranges of the after string, sorted.
    pub inserted: Vec<Range<usize>>,
    /// How the diff was computed.
    pub method: Method,
}

impl UnitDiff {
    fn of(c: &Changes, method: Method) -> UnitDiff {
        UnitDiff::from_forms(c.forms(), method)
    }

    fn from_forms(f: Forms, method: Method) -> UnitDiff {
        UnitDiff {
            script: f.script,
            deleted: f.deleted,
            inserted: f.inserted,
            method,
        }
    }

    /// Whether `pos` of `before` lies in a deleted unit.
    pub fn is_deleted(&self, pos: usize) -> bool {
        contains(&self.deleted, pos)
    }
    /// Whether `pos` of `after` lies in an inserted unit.
    pub fn is_inserted(&self, pos: usize) -> bool {
        contains(&self.inserted, pos)
    }
}

/// Whether a sorted list of disjoint ranges contains `pos` (binary search).
pub fn contains(ranges: &[Range<usize>], pos: usize) -> bool {
    let i = ranges.partition_point(|r| r.end <= pos);
    ranges.get(i).is_some_and(|r| r.start <= pos)
}

/// The diff of `input` and the output of `outcome` (the profile run on `input`), by the rule in
/// the module comment. `explain`, `explain --json` and the inspector all show this one.
pub fn diff(input: &[u8], outcome: &Outcome) -> UnitDiff {
    choose(
        input,
        outcome,
        provenance::unit_forms(input, outcome, |_, _| {}),
    )
}

/// [`diff`] and [`Provenance::last_rules`] from one pass over the steps (`explain --json`
/// needs both; the diff is the same as [`diff`]'s).
pub(crate) fn diff_and_rules(input: &[u8], outcome: &Outcome) -> (UnitDiff, RuleMap) {
    let mut rules = RuleMap::sized(input.len());
    let edits = provenance::unit_forms(input, outcome, |r, by| rules.mark(r, by));
    (choose(input, outcome, edits), rules)
}

/// The rule of [`diff`], given the forms of the steps' edits.
fn choose(input: &[u8], outcome: &Outcome, edits: Forms) -> UnitDiff {
    let myers = myers::changes(input, &outcome.output, MYERS_MAX_D);
    match myers {
        Some(m) if m.runs() <= edits.runs() => UnitDiff::of(&m, Method::Myers),
        _ => UnitDiff::from_forms(edits, Method::Edits),
    }
}

/// The diff of two strings with no steps between them (a profile's result against the
/// reference result): Myers as in [`diff`], or one replacement of the trimmed middle.
pub fn between(before: &[u8], after: &[u8]) -> UnitDiff {
    match myers::changes(before, after, MYERS_MAX_D) {
        Some(m) => UnitDiff::of(&m, Method::Myers),
        None => {
            let (a, b) = trimmed_middle(before, after);
            let mut c = Changes::new(before.len(), after.len());
            c.push(Change { a, b });
            UnitDiff::of(&c, Method::Middle)
        }
    }
}

/// Unit diff of `before` and `after` by Myers on the trimmed middle; `None` when the middle
/// needs more than `max_d` unit edits or is too large.
pub fn myers_units(before: &[u8], after: &[u8], max_d: usize) -> Option<UnitDiff> {
    myers::changes(before, after, max_d).map(|c| UnitDiff::of(&c, Method::Myers))
}

#[cfg(test)]
mod tests;
