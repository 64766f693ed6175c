//! Provenance (SPEC §7.5): which input octet each output octet was copied from, and which step's
//! rule wrote or touched it, found by following offsets through every step's own edits.

use std::ops::Range;
use std::sync::Arc;

use super::align::Aligner;
use super::script::{Change, Changes, Forms, trim};
use crate::url::profiles::Outcome;
use crate::url::rule::Rule;
use crate::url::step::StepRecord;

/// A step and the rule of it that acted on an octet (SPEC §2.5 `action` of a unit).
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

    /// The rule of the last octet in `r` that has one (a unit's action, SPEC §2.5).
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

/// A [`Piece`] in 16 bytes: the ~800k runs of an edit-heavy 1 MiB input are copied at every
/// step that edits, so their size is most of the provenance's cost. `at` is the input offset
/// a copied run starts at, or `WRITTEN | from` for a written one (`NOWHERE`: it stands for no
/// input octet). Offsets index a `Vec`, so they never reach the top bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    len: usize,
    at: usize,
}

const WRITTEN: usize = 1 << (usize::BITS - 1);
const NOWHERE: usize = usize::MAX;

impl Run {
    fn copied(src: usize, len: usize) -> Run {
        Run { len, at: src }
    }

    fn written(from: Option<usize>, len: usize) -> Run {
        let at = from.map_or(NOWHERE, |f| WRITTEN | f);
        Run { len, at }
    }

    fn src(self) -> Option<usize> {
        (self.at & WRITTEN == 0).then_some(self.at)
    }

    fn piece(self) -> Piece {
        let from = (self.at & WRITTEN != 0 && self.at != NOWHERE).then_some(self.at & !WRITTEN);
        Piece {
            len: self.len,
            src: self.src(),
            from,
        }
    }

    /// The run less its first `k` bytes (a written run keeps the octet it stands for).
    fn skip(self, k: usize) -> Run {
        match self.src() {
            Some(s) => Run::copied(s + k, self.len - k),
            None => Run {
                len: self.len - k,
                at: self.at,
            },
        }
    }

    /// The input octets the first `len` bytes of this run stand for.
    fn origins(self, len: usize) -> Option<Range<usize>> {
        match self.src() {
            Some(s) => Some(s..s + len),
            None => (self.at != NOWHERE).then(|| {
                let f = self.at & !WRITTEN;
                f..f + 1
            }),
        }
    }
}

/// Provenance of every output byte of an [`Outcome`], maintained by applying each step's edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The frames around the steps' result, when the profile keeps any.
    open: Option<Run>,
    close: Option<Run>,
    /// Runs covering the steps' result in order, none empty.
    body: Vec<Run>,
}

impl Provenance {
    pub fn of(o: &Outcome) -> Provenance {
        Self::trace(o, |_, _| {})
    }

    /// Runs covering the whole output in order (frames included).
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.runs().map(Run::piece)
    }

    fn runs(&self) -> impl Iterator<Item = Run> + '_ {
        let body = self.body.iter().copied();
        self.open.into_iter().chain(body).chain(self.close)
    }

    /// For every input octet, the last step rule whose edit replaced it or text standing for it
    /// (an insertion is charged to the octet after it).
    pub fn last_rules(input_len: usize, o: &Outcome) -> RuleMap {
        Self::with_rules(input_len, o).1
    }

    /// The provenance and [`last_rules`](Self::last_rules) from one pass over the steps.
    pub fn with_rules(input_len: usize, o: &Outcome) -> (Provenance, RuleMap) {
        let mut map = RuleMap::sized(input_len);
        let prov = Self::trace(o, |r, by| map.mark(r, by));
        (prov, map)
    }

    /// Follow the steps; `mark` hears every input range an edit acts on, in step order.
    fn trace(o: &Outcome, mut mark: impl FnMut(Range<usize>, StepRule)) -> Provenance {
        let body_len = o.steps.first().map_or(
            o.output
                .len()
                .saturating_sub(o.frame_open.len() + o.frame_close.len()),
            |s| s.before.len(),
        );
        // No empty runs: the run at an edit's start must hold the octet there.
        let mut body = Vec::new();
        if body_len > 0 {
            body.push(Run::copied(o.frame_open.end, body_len));
        }
        let mut total = body_len;
        // Two buffers, swapped at every step: each is allocated once.
        let mut spare = Vec::new();
        for step in &o.steps {
            if step.edits.is_empty() && same(step) {
                continue;
            }
            if step.edits.is_empty() || total != step.before.len() {
                // Not a chain of edits: the step wrote its whole result.
                body.clear();
                total = step.after.len();
                if total > 0 {
                    body.push(Run::written(None, total));
                }
                continue;
            }
            spare.clear();
            spare.reserve(body.len() + 2 * step.edits.len());
            total = apply(total, &body, &mut spare, step, &mut mark);
            std::mem::swap(&mut body, &mut spare);
        }
        let frame = |r: &Range<usize>| (!r.is_empty()).then(|| Run::copied(r.start, r.len()));
        Provenance {
            open: frame(&o.frame_open),
            close: frame(&o.frame_close),
            body,
        }
    }

    /// The changes this provenance describes: an output run copied from the input is equal to
    /// it; input octets no output octet was copied from are deleted; written runs are inserted.
    pub fn changes(&self, input_len: usize, output_len: usize) -> Changes {
        let mut out = Changes::new(input_len, output_len);
        self.each_change(input_len, output_len, |c| out.push(c));
        out
    }

    /// The [forms](Forms) of [`changes`](Self::changes) of `input` and `output`,
    /// [aligned](Changes::aligned) and [trimmed](Changes::trimmed), in one pass with no list
    /// of changes in between.
    pub fn unit_forms(&self, input: &[u8], output: &[u8]) -> Forms {
        let (a_len, b_len) = (input.len(), output.len());
        // About one change per copied run, every other run of an edit-heavy input.
        let mut forms = Forms::with_capacity(self.body.len() / 2 + 2);
        let mut al = Aligner::new(input, output, (a_len, b_len), |c| {
            forms.push(trim(c, input, output))
        });
        self.each_change(a_len, b_len, |c| al.push(c));
        al.finish();
        forms.finish(a_len)
    }

    /// Hand [`changes`](Self::changes)' changes to `f` in order, before `Changes::push` drops
    /// the empty ones and joins the contiguous ones.
    fn each_change(&self, input_len: usize, output_len: usize, mut f: impl FnMut(Change)) {
        let (mut a, mut b) = (0, 0); // ends of the last equal run
        let mut pos = 0;
        for p in self.runs() {
            if let Some(s) = p.src().filter(|&s| s >= a) {
                f(Change { a: a..s, b: b..pos });
                a = s + p.len;
                b = pos + p.len;
            }
            pos += p.len;
        }
        f(Change {
            a: a..input_len.max(a),
            b: b..output_len.max(b),
        });
    }
}

/// Write the runs after `step` to `out`, given the runs of its `before` (none empty, `len`
/// octets in all); returns the total length of the runs written.
fn apply(
    len: usize,
    runs: &[Run],
    out: &mut Vec<Run>,
    step: &StepRecord,
    mark: &mut impl FnMut(Range<usize>, StepRule),
) -> usize {
    // The current run is `cur`: what is left of runs[i], starting at `at` in `before`.
    let (mut i, mut at) = (0, 0);
    let mut cur = runs.first().copied();
    let mut total = len;
    for e in &step.edits {
        let (start, end) = (e.range.start, e.range.end);
        // Keep the runs before the edit, splitting the one it starts in.
        while let Some(r) = cur
            && at < start
        {
            if r.len <= start - at {
                out.push(r);
                at += r.len;
                i += 1;
                cur = runs.get(i).copied();
            } else {
                out.push(Run {
                    len: start - at,
                    ..r
                });
                cur = Some(r.skip(start - at));
                at = start;
            }
        }
        // The octet the replacement stands for: the first one it replaces, or for an
        // insertion the one it is made before.
        let by = || StepRule {
            step: step.step.as_str(),
            rule: e.rule.as_str(),
        };
        let mut first = None;
        if e.range.is_empty() {
            first = cur.and_then(|r| r.origins(1)).map(|o| o.start);
            if let Some(f) = first {
                mark(f..f + 1, by());
            }
        }
        while let Some(r) = cur
            && at < end
        {
            let take = r.len.min(end - at);
            if let Some(o) = r.origins(take) {
                first.get_or_insert(o.start);
                mark(o, by());
            }
            at += take;
            total -= take;
            if take == r.len {
                i += 1;
                cur = runs.get(i).copied();
            } else {
                cur = Some(r.skip(take));
            }
        }
        if !e.replacement.is_empty() {
            out.push(Run::written(first, e.replacement.len()));
            total += e.replacement.len();
        }
    }
    if let Some(r) = cur {
        out.push(r);
        out.extend_from_slice(&runs[i + 1..]);
    }
    total
}

/// Whether `step` left its string as it was (a step that changes nothing holds one string
/// twice: `Arc`'s `==` compares a slice's octets even then).
fn same(step: &StepRecord) -> bool {
    Arc::ptr_eq(&step.before, &step.after) || step.before == step.after
}

/// What the profile does to input offset `pos`: the first step whose edit covers it, with the
/// rule, following the offset through earlier steps. `None`: the octet passes through.
pub fn action_at(o: &Outcome, pos: usize) -> Option<(usize, Rule, Rule)> {
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
            return Some((si, step.step, e.rule));
        }
        if step.edits.is_empty() && !same(step) {
            return Some((si, step.step, step.step));
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

/// How much the first `i` edits of `step` move the text after them.
fn delta(step: &StepRecord, i: usize) -> isize {
    step.edits[..i]
        .iter()
        .map(|e| e.replacement.len() as isize - e.range.len() as isize)
        .sum()
}
