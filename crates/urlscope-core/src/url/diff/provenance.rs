//! Provenance (docs/rules.md, "The diff and provenance"): which input octet each output octet was copied from, and which step's
//! rule wrote or touched it, found by following offsets through every step's own edits.

use std::ops::Range;

use super::align::Aligner;
use super::runs::{self, Run, RunSink, same};
use super::script::{Change, Changes, Forms, trim};
use crate::url::profiles::Outcome;
use crate::url::profiles::step::{Edit, StepRecord};
use crate::url::rule::Rule;

/// A step and the rule of it that acted on an octet (a unit's `action`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StepRule {
    pub step: &'static str,
    pub rule: &'static str,
}

/// A step rule for every input octet, kept as an index into the few distinct step rules (two
/// octets per input octet: a 1 MiB input needs 2 MiB, not a 32-byte record per octet).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleMap {
    /// 0: no rule; otherwise 1 + an index into `rules`.
    index: Vec<u16>,
    rules: Vec<StepRule>,
}

impl RuleMap {
    /// No rule for any of `input_len` octets.
    pub(super) fn sized(input_len: usize) -> RuleMap {
        RuleMap {
            index: vec![0; input_len],
            rules: Vec::new(),
        }
    }

    fn id(&mut self, r: StepRule) -> u16 {
        // Consecutive marks nearly always come from one rule: try the newest entry first.
        let i = match self.rules.iter().rposition(|&x| x == r) {
            Some(i) => i,
            None => {
                self.rules.push(r);
                self.rules.len() - 1
            }
        };
        // A profile has a few dozen rules; the table cannot outgrow the index type.
        u16::try_from(i + 1).unwrap_or(u16::MAX)
    }

    /// Charge the input octets `r` to `by` (a later mark of an octet replaces an earlier one).
    pub(super) fn mark(&mut self, r: Range<usize>, by: StepRule) {
        let id = self.id(by);
        if let Some(slots) = self.index.get_mut(r) {
            slots.fill(id);
        }
    }

    /// The rule of input octet `pos`.
    pub fn at(&self, pos: usize) -> Option<StepRule> {
        let i = *self.index.get(pos)?;
        (i > 0).then(|| self.rules[usize::from(i) - 1])
    }

    /// The rule of the last octet in `r` that has one (a unit's action).
    pub fn last_in(&self, r: Range<usize>) -> Option<StepRule> {
        let i = self.last_id_in(r);
        (i > 0).then(|| self.rules[usize::from(i) - 1])
    }

    /// The id of [`last_in`](Self::last_in)'s rule, 0 for none: equal ids, equal rules (the
    /// writers of `explain` key what they have built on it).
    pub fn last_id_in(&self, r: Range<usize>) -> u16 {
        self.index
            .get(r)
            .and_then(|slots| slots.iter().rev().find(|&&i| i > 0))
            .copied()
            .unwrap_or(0)
    }
}

/// A run of output bytes: copied from the input, or written by a step. Which rule wrote it is
/// kept by the rule map ([`Provenance::with_rules`]), not here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub len: usize,
    /// Input offset of the first byte, when the run was copied unchanged from the input.
    pub src: Option<usize>,
    /// For a written run: the input octet it stands for (the first octet its edit replaced, or
    /// the octet an insertion was made before), so later edits of it are charged to that octet.
    pub from: Option<usize>,
}

/// Provenance of every output byte of an [`Outcome`], maintained by applying each step's edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// Runs covering the whole output in order (frames included), none empty.
    runs: Vec<Run>,
}

impl Provenance {
    /// Where every octet of `o`'s output came from.
    pub fn of(o: &Outcome) -> Provenance {
        let mut runs = Vec::new();
        runs::trace(o, |_, _| {}, &mut runs);
        Provenance { runs }
    }

    /// Runs covering the whole output in order (frames included).
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.runs.iter().map(|r| r.piece())
    }

    /// For every input octet, the last step rule whose edit replaced it or text standing for it
    /// (an insertion is charged to the octet after it).
    pub fn last_rules(input_len: usize, o: &Outcome) -> RuleMap {
        Self::with_rules(input_len, o).1
    }

    /// The provenance and [`last_rules`](Self::last_rules) from one pass over the steps.
    pub fn with_rules(input_len: usize, o: &Outcome) -> (Provenance, RuleMap) {
        let mut map = RuleMap::sized(input_len);
        let mut runs = Vec::new();
        runs::trace(o, |r, by| map.mark(r, by), &mut runs);
        (Provenance { runs }, map)
    }

    /// The changes this provenance describes: an output run copied from the input is equal to
    /// it; input octets no output octet was copied from are deleted; written runs are inserted.
    pub fn changes(&self, input_len: usize, output_len: usize) -> Changes {
        let mut out = Changes::new(input_len, output_len);
        let mut to = ToChanges::new(|c| out.push(c));
        to.many(&self.runs);
        to.finish(input_len, output_len);
        out
    }
}

/// The [forms](Forms) of the provenance's [changes](Provenance::changes) between `input` and
/// the output of `o`, [aligned](Changes::aligned) and [trimmed](Changes::trimmed), from one
/// pass over the steps that keeps neither the output's runs nor a list of changes; `mark` hears
/// what [`Provenance::with_rules`] marks.
pub(crate) fn unit_forms(
    input: &[u8],
    o: &Outcome,
    mark: impl FnMut(Range<usize>, StepRule),
) -> Forms {
    let output = &o.output[..];
    let (a_len, b_len) = (input.len(), output.len());
    // About one change per edit of an edit-heavy input, at most.
    let edits: usize = o.steps.iter().map(|s| s.edits.len()).sum();
    let mut forms = Forms::with_capacity(edits.min(a_len + b_len) + 2);
    let mut al = Aligner::new(input, output, (a_len, b_len), |c| {
        forms.push(trim(c, input, output))
    });
    let mut to = ToChanges::new(|c| al.push(c));
    runs::trace(o, mark, &mut to);
    to.finish(a_len, b_len);
    al.finish();
    forms.finish(a_len)
}

/// Reads runs of the output in order and hands `f` the changes they describe (before
/// `Changes::push` drops the empty ones and joins the contiguous ones).
struct ToChanges<F: FnMut(Change)> {
    /// The ends of the last equal run in the input and the output.
    a: usize,
    b: usize,
    /// Output offset of the next run.
    pos: usize,
    f: F,
}

impl<F: FnMut(Change)> ToChanges<F> {
    fn new(f: F) -> Self {
        ToChanges {
            a: 0,
            b: 0,
            pos: 0,
            f,
        }
    }

    fn finish(mut self, input_len: usize, output_len: usize) {
        (self.f)(Change {
            a: self.a..input_len.max(self.a),
            b: self.b..output_len.max(self.b),
        });
    }
}

impl<F: FnMut(Change)> RunSink for ToChanges<F> {
    #[inline]
    fn one(&mut self, p: Run) {
        if let Some(s) = p.src().filter(|&s| s >= self.a) {
            (self.f)(Change {
                a: self.a..s,
                b: self.b..self.pos,
            });
            self.a = s + p.len;
            self.b = self.pos + p.len;
        }
        self.pos += p.len;
    }
}

/// What the profile does to input offset `pos`: the first step whose edit covers it, with the
/// rule, following the offset through earlier steps. `None`: the octet passes through.
pub fn action_at(o: &Outcome, pos: usize) -> Option<(usize, Rule, Rule)> {
    let (si, ei) = edit_at(o, pos)?;
    let step = &o.steps[si];
    Some((si, step.step, ei.map_or(step.step, |i| step.edits[i].rule)))
}

/// The step and edit (its index in the step's edits) that first act on input offset `pos`;
/// the edit is `None` for a step that rewrote its text without listing edits.
pub(crate) fn edit_at(o: &Outcome, pos: usize) -> Option<(usize, Option<usize>)> {
    if pos < o.frame_open.end || pos >= o.frame_close.start.max(o.frame_open.end) {
        return None;
    }
    let mut p = pos - o.frame_open.end;
    for (si, step) in o.steps.iter().enumerate() {
        let i = step.edits.partition_point(|e| e.range.end <= p);
        if let Some(e) = step.edits.get(i)
            && e.range.start <= p
            && p < e.range.end
        {
            return Some((si, Some(i)));
        }
        if step.edits.is_empty() && !same(step) {
            return Some((si, None));
        }
        p = (p as isize + delta(step, i)).max(0) as usize;
    }
    None
}

/// Where input offset `pos` lands in the output of `o` (the start of the replacement when a
/// rule rewrote it). Used to line up the before and after lines.
pub fn map_forward(o: &Outcome, pos: usize) -> usize {
    let body = o.frame_open.end..o.frame_close.start.max(o.frame_open.end);
    if pos < body.start {
        return pos;
    }
    if pos >= body.end {
        return o
            .output
            .len()
            .saturating_sub(o.frame_close.end.saturating_sub(pos));
    }
    let mut p = pos - body.start;
    for step in &o.steps {
        let i = step.edits.partition_point(|e| e.range.end <= p);
        let d = delta(step, i);
        if let Some(e) = step.edits.get(i)
            && e.range.start < p
        {
            p = e.range.start;
        }
        p = (p as isize + d).max(0) as usize;
        p = p.min(step.after.len());
    }
    o.frame_open.len() + p
}

/// How much the first `i` edits of `step` move the text after them: summed from the nearer
/// end, since all of them together move it by the change in length (applying a step's edits to
/// its `before` gives its `after`: `tests/core/properties.rs`). A cursor at the end of a long input,
/// where typing happens, costs nothing.
fn delta(step: &StepRecord, i: usize) -> isize {
    let shift = |e: &Edit| e.replacement.len() as isize - e.range.len() as isize;
    if i <= step.edits.len() / 2 {
        step.edits[..i].iter().map(shift).sum()
    } else {
        let all = step.after.len() as isize - step.before.len() as isize;
        all - step.edits[i..].iter().map(shift).sum::<isize>()
    }
}
