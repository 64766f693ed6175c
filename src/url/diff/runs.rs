//! Runs of output octets, each copied from the input or written by a step, and how a step's
//! edits rewrite them (SPEC §7.5 provenance, followed through every step's own edits).

use std::ops::Range;
use std::sync::Arc;

use super::provenance::{Piece, StepRule};
use crate::url::profiles::Outcome;
use crate::url::step::StepRecord;

/// A [`Piece`] in 16 bytes: the ~800k runs of an edit-heavy 1 MiB input are copied at every
/// step that edits, so their size is most of the provenance's cost. `at` is the input offset
/// a copied run starts at, or `WRITTEN | from` for a written one (`NOWHERE`: it stands for no
/// input octet). Offsets index a `Vec`, so they never reach the top bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub len: usize,
    at: usize,
}

const WRITTEN: usize = 1 << (usize::BITS - 1);
const NOWHERE: usize = usize::MAX;

impl Run {
    pub fn copied(src: usize, len: usize) -> Run {
        Run { len, at: src }
    }

    pub fn written(from: Option<usize>, len: usize) -> Run {
        let at = from.map_or(NOWHERE, |f| WRITTEN | f);
        Run { len, at }
    }

    pub fn src(self) -> Option<usize> {
        (self.at & WRITTEN == 0).then_some(self.at)
    }

    pub fn piece(self) -> Piece {
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

/// Where the runs of a result go, in order: a list, or a reader that needs each run once.
pub(super) trait RunSink {
    fn one(&mut self, r: Run);
    fn many(&mut self, rs: &[Run]) {
        rs.iter().for_each(|&r| self.one(r));
    }
}

impl RunSink for Vec<Run> {
    fn one(&mut self, r: Run) {
        self.push(r);
    }
    fn many(&mut self, rs: &[Run]) {
        self.extend_from_slice(rs);
    }
}

/// Follow the steps of `o`: the runs of its output (frames included, none empty) go to `sink`
/// in order; `mark` hears every input range an edit acts on, in step order. The runs between
/// steps are kept in two lists swapped at every step; the last step that acts writes straight
/// to `sink`.
pub(super) fn trace(
    o: &Outcome,
    mut mark: impl FnMut(Range<usize>, StepRule),
    sink: &mut impl RunSink,
) {
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
    let acts = |s: &StepRecord| !(s.edits.is_empty() && same(s));
    // Not a chain of edits: the step wrote its whole result.
    let whole = |s: &StepRecord, total: usize| s.edits.is_empty() || total != s.before.len();
    let written = |s: &StepRecord| (!s.after.is_empty()).then(|| Run::written(None, s.after.len()));
    let last = o.steps.iter().rposition(acts);
    let mut spare = Vec::new();
    for step in o.steps[..last.unwrap_or(0)].iter().filter(|s| acts(s)) {
        if whole(step, total) {
            body.clear();
            body.extend(written(step));
            total = step.after.len();
            continue;
        }
        spare.clear();
        spare.reserve(body.len() + 2 * step.edits.len());
        total = apply(total, &body, &mut spare, step, &mut mark);
        std::mem::swap(&mut body, &mut spare);
    }
    let frame = |r: &Range<usize>| (!r.is_empty()).then(|| Run::copied(r.start, r.len()));
    if let Some(r) = frame(&o.frame_open) {
        sink.one(r);
    }
    match last.map(|i| &o.steps[i]) {
        Some(step) if whole(step, total) => {
            if let Some(r) = written(step) {
                sink.one(r);
            }
        }
        Some(step) => {
            apply(total, &body, sink, step, &mut mark);
        }
        None => sink.many(&body),
    }
    if let Some(r) = frame(&o.frame_close) {
        sink.one(r);
    }
}

/// Write the runs after `step` to `out`, given the runs of its `before` (none empty, `len`
/// octets in all); returns the total length of the runs written.
fn apply(
    len: usize,
    runs: &[Run],
    out: &mut impl RunSink,
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
                out.one(r);
                at += r.len;
                i += 1;
                cur = runs.get(i).copied();
            } else {
                out.one(Run {
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
            out.one(Run::written(first, e.replacement.len()));
            total += e.replacement.len();
        }
    }
    if let Some(r) = cur {
        out.one(r);
        out.many(&runs[i + 1..]);
    }
    total
}

/// Whether `step` left its string as it was (a step that changes nothing holds one string
/// twice: `Arc`'s `==` compares a slice's octets even then).
pub(super) fn same(step: &StepRecord) -> bool {
    Arc::ptr_eq(&step.before, &step.after) || step.before == step.after
}
