//! Runs of output octets, each copied from the input or written by a step, and how a step's
//! edits rewrite them (provenance, followed through every step's own edits).

use std::ops::Range;
use std::sync::Arc;

use super::provenance::{Piece, StepRule};
use crate::url::profiles::Outcome;
use crate::url::profiles::step::StepRecord;

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
    pub(super) fn copied(src: usize, len: usize) -> Run {
        Run { len, at: src }
    }

    pub(super) fn written(from: Option<usize>, len: usize) -> Run {
        let at = from.map_or(NOWHERE, |f| WRITTEN | f);
        Run { len, at }
    }

    pub(super) fn src(self) -> Option<usize> {
        (self.at & WRITTEN == 0).then_some(self.at)
    }

    pub(super) fn piece(self) -> Piece {
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

/// Room kept before the runs between steps: a step whose edits lie in the first few runs (the
/// scheme, the host) rewrites them there instead of copying the ~200k runs after them.
const ROOM: usize = 16;
const PAD: Run = Run {
    len: 0,
    at: NOWHERE,
};

/// Follow the steps of `o`: the runs of its output (frames included, none empty) go to `sink`
/// in order; `mark` hears every input range an edit acts on, in step order. The runs between
/// steps are kept in two lists swapped at every step (`buf[head..]`, after room for
/// [`apply_in_front`]); the last step that acts writes straight to `sink`.
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
    let mut buf = vec![PAD; ROOM];
    if body_len > 0 {
        buf.push(Run::copied(o.frame_open.end, body_len));
    }
    let (mut head, mut total) = (ROOM, body_len);
    let acts = |s: &StepRecord| !(s.edits.is_empty() && same(s));
    // Not a chain of edits: the step wrote its whole result.
    let whole = |s: &StepRecord, total: usize| s.edits.is_empty() || total != s.before.len();
    let written = |s: &StepRecord| (!s.after.is_empty()).then(|| Run::written(None, s.after.len()));
    let last = o.steps.iter().rposition(acts);
    let mut spare = Vec::new();
    for step in o.steps[..last.unwrap_or(0)].iter().filter(|s| acts(s)) {
        if whole(step, total) {
            buf.truncate(ROOM);
            buf.extend(written(step));
            (head, total) = (ROOM, step.after.len());
        } else if let Some(t) = apply_in_front(&mut buf, &mut head, total, step, &mut mark) {
            total = t;
        } else {
            spare.clear();
            spare.reserve(ROOM + buf.len() - head + 2 * step.edits.len());
            spare.resize(ROOM, PAD);
            total = apply(total, &buf[head..], &mut spare, step, &mut mark);
            std::mem::swap(&mut buf, &mut spare);
            head = ROOM;
        }
    }
    let body = &buf[head..];
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
            apply(total, body, sink, step, &mut mark);
        }
        None => sink.many(body),
    }
    if let Some(r) = frame(&o.frame_close) {
        sink.one(r);
    }
}

/// [`apply`] `step` to the runs `buf[*head..]` (`len` octets) in place, when its edits end
/// within the first [`ROOM`] runs and what those runs become fits the room before them;
/// returns the new total length, or `None` (nothing done) otherwise.
fn apply_in_front(
    buf: &mut [Run],
    head: &mut usize,
    len: usize,
    step: &StepRecord,
    mark: &mut impl FnMut(Range<usize>, StepRule),
) -> Option<usize> {
    // Each edit makes at most two runs of one.
    if 2 * step.edits.len() > *head {
        return None;
    }
    let end = step
        .edits
        .iter()
        .map(|e| e.range.start.max(e.range.end))
        .max()?;
    // The runs up to the one holding offset `end` (an insertion there stands for its octet).
    let runs = &buf[*head..];
    let (mut k, mut pos) = (0, 0);
    while let Some(r) = runs.get(k)
        && pos <= end
    {
        if k == ROOM {
            return None;
        }
        pos += r.len;
        k += 1;
    }
    let mut front = Vec::with_capacity(k + 2 * step.edits.len());
    let front_len = apply(pos, &runs[..k], &mut front, step, mark);
    let start = *head + k - front.len();
    buf[start..*head + k].copy_from_slice(&front);
    *head = start;
    Some(len - pos + front_len)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::profiles::step::{Bytes, Edit, StepStatus};
    use crate::url::rule::Rule;
    use proptest::prelude::*;

    /// Runs of lengths `lens` (copied, written from an octet, or from none) and a step of a
    /// few edits over their string, each given as (offset, length, replacement length).
    fn case(
        lens: &[(usize, u8)],
        edits: &[(usize, usize, usize)],
    ) -> (Vec<Run>, usize, StepRecord) {
        let mut at = 0;
        let runs: Vec<Run> = lens
            .iter()
            .map(|&(len, kind)| {
                at += len;
                match kind {
                    0 => Run::copied(at, len),
                    1 => Run::written(Some(at), len),
                    _ => Run::written(None, len),
                }
            })
            .collect();
        let mut pos = 0;
        let mut list = Vec::new();
        for &(skip, len, repl) in edits {
            let start = (pos + skip).min(at);
            let end = (start + len).min(at);
            list.push(Edit {
                range: start..end,
                replacement: Bytes::new(&b"xyz"[..repl]),
                rule: Rule::Rfc1738CharPass,
            });
            pos = end;
        }
        let s: Arc<[u8]> = vec![b'a'; at].into();
        let step = StepRecord {
            step: Rule::Rfc1738CharPass,
            status: StepStatus::Changed,
            before: s.clone(),
            after: s,
            edits: list,
            note: None,
            remarks: Vec::new(),
            whatwg: None,
        };
        (runs, at, step)
    }

    proptest! {
        /// Rewriting the first runs in place gives the runs and marks of the copying pass,
        /// also for insertions where a run starts.
        #[test]
        fn in_front_is_apply(
            lens in prop::collection::vec((1usize..4, 0u8..3), 0..24),
            edits in prop::collection::vec((0usize..3, 0usize..3, 0usize..3), 1..6),
        ) {
            let (runs, len, step) = case(&lens, &edits);
            let mut marks = Vec::new();
            let mut out = Vec::new();
            let total = apply(len, &runs, &mut out, &step, &mut |r, _| marks.push(r));
            let mut buf = vec![PAD; ROOM];
            buf.extend_from_slice(&runs);
            let mut head = ROOM;
            let mut front_marks = Vec::new();
            let got = apply_in_front(&mut buf, &mut head, len, &step, &mut |r, _| front_marks.push(r));
            if let Some(t) = got {
                prop_assert_eq!(t, total);
                prop_assert_eq!(&buf[head..], &out[..]);
                prop_assert_eq!(front_marks, marks);
            } else {
                prop_assert!(front_marks.is_empty() && buf[head..] == runs[..]);
            }
        }
    }
}
