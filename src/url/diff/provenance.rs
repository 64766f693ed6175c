//! Provenance (SPEC §7.5): which input octet each output octet was copied from, and which step's
//! rule wrote or touched it, found by following offsets through every step's own edits.

use std::ops::Range;

use super::script::{Change, Changes};
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
    fn id(&mut self, r: StepRule) -> u16 {
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
/// kept by the rule map ([`Provenance::with_rules`]), not here: the ~400k pieces of an
/// edit-heavy 1 MiB input are copied at every step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub len: usize,
    /// Input offset of the first byte, when the run was copied unchanged from the input.
    pub src: Option<usize>,
    /// For a written run: the input octet it stands for (the first octet its edit replaced, or
    /// the octet an insertion was made before), so later edits of it are charged to that octet.
    pub from: Option<usize>,
}

impl Piece {
    /// The input octets the first `len` bytes of this run stand for.
    fn origins(&self, len: usize) -> Option<Range<usize>> {
        match (self.src, self.from) {
            (Some(s), _) => Some(s..s + len),
            (None, Some(f)) => Some(f..f + 1),
            (None, None) => None,
        }
    }
}

/// Provenance of every output byte of an [`Outcome`], maintained by applying each step's edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// Runs covering the whole output in order (frames included).
    pub pieces: Vec<Piece>,
}

impl Provenance {
    pub fn of(o: &Outcome) -> Provenance {
        Self::trace(o, |_, _| {})
    }

    /// For every input octet, the last step rule whose edit replaced it or text standing for it
    /// (an insertion is charged to the octet after it).
    pub fn last_rules(input_len: usize, o: &Outcome) -> RuleMap {
        Self::with_rules(input_len, o).1
    }

    /// The provenance and [`last_rules`](Self::last_rules) from one pass over the steps.
    pub fn with_rules(input_len: usize, o: &Outcome) -> (Provenance, RuleMap) {
        let mut map = RuleMap {
            index: vec![0; input_len],
            rules: Vec::new(),
        };
        let prov = Self::trace(o, |r, by| {
            let id = map.id(by);
            if let Some(slots) = map.index.get_mut(r) {
                slots.fill(id);
            }
        });
        (prov, map)
    }

    /// Follow the steps; `mark` hears every input range an edit acts on, in step order.
    fn trace(o: &Outcome, mut mark: impl FnMut(Range<usize>, StepRule)) -> Provenance {
        let body_start = o.frame_open.end;
        let body_len = o.steps.first().map_or(
            o.output
                .len()
                .saturating_sub(o.frame_open.len() + o.frame_close.len()),
            |s| s.before.len(),
        );
        // No empty pieces: the piece at an edit's start must hold the octet there.
        let mut pieces: Vec<Piece> = (body_len > 0)
            .then_some(Piece {
                len: body_len,
                src: Some(body_start),
                from: None,
            })
            .into_iter()
            .collect();
        for step in &o.steps {
            if step.edits.is_empty() && step.before == step.after {
                continue;
            }
            let total: usize = pieces.iter().map(|p| p.len).sum();
            if step.edits.is_empty() || total != step.before.len() {
                // Not a chain of edits: the step wrote its whole result.
                pieces = (!step.after.is_empty())
                    .then_some(Piece {
                        len: step.after.len(),
                        src: None,
                        from: None,
                    })
                    .into_iter()
                    .collect();
                continue;
            }
            pieces = apply(&pieces, step, &mut mark);
        }
        let mut all = Vec::with_capacity(pieces.len() + 2);
        let frame = |r: &Range<usize>| Piece {
            len: r.len(),
            src: Some(r.start),
            from: None,
        };
        if !o.frame_open.is_empty() {
            all.push(frame(&o.frame_open));
        }
        all.extend(pieces.into_iter().filter(|p| p.len > 0));
        if !o.frame_close.is_empty() {
            all.push(frame(&o.frame_close));
        }
        Provenance { pieces: all }
    }

    /// The changes this provenance describes: an output run copied from the input is equal to
    /// it; input octets no output octet was copied from are deleted; written runs are inserted.
    pub fn changes(&self, input_len: usize, output_len: usize) -> Changes {
        let mut out = Changes::new(input_len, output_len);
        let (mut a, mut b) = (0, 0); // ends of the last equal run
        let mut pos = 0;
        for p in &self.pieces {
            if let Some(s) = p.src.filter(|&s| s >= a) {
                out.push(Change { a: a..s, b: b..pos });
                a = s + p.len;
                b = pos + p.len;
            }
            pos += p.len;
        }
        out.push(Change {
            a: a..input_len.max(a),
            b: b..output_len.max(b),
        });
        out
    }
}

/// The pieces after `step`, given the pieces of its `before`.
fn apply(
    pieces: &[Piece],
    step: &StepRecord,
    mark: &mut impl FnMut(Range<usize>, StepRule),
) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len() + step.edits.len() * 2);
    let mut rest = Pieces {
        it: pieces.iter(),
        cur: None,
        at: 0,
    };
    rest.cur = rest.it.next().cloned();
    for e in &step.edits {
        let by = StepRule {
            step: step.step.as_str(),
            rule: e.rule.as_str(),
        };
        rest.take_to(e.range.start, |p| out.push(p));
        // The octet the replacement stands for: the first one it replaces, or for an
        // insertion the one it is made before.
        let mut first = None;
        if e.range.is_empty() {
            first = rest
                .cur
                .as_ref()
                .and_then(|p| p.origins(1))
                .map(|r| r.start);
            if let Some(f) = first {
                mark(f..f + 1, by);
            }
        } else {
            rest.take_to(e.range.end, |p| {
                if let Some(r) = p.origins(p.len) {
                    first.get_or_insert(r.start);
                    mark(r, by);
                }
            });
        }
        if !e.replacement.is_empty() {
            out.push(Piece {
                len: e.replacement.len(),
                src: None,
                from: first,
            });
        }
    }
    rest.take_to(usize::MAX, |p| out.push(p));
    out
}

/// The pieces of a step's `before`, consumed from the front.
struct Pieces<'a> {
    it: std::slice::Iter<'a, Piece>,
    cur: Option<Piece>,
    /// Offset of `cur` in `before`.
    at: usize,
}

impl Pieces<'_> {
    /// Hand the pieces of `before[at..to]` to `f` (splitting the one that crosses `to`).
    fn take_to(&mut self, to: usize, mut f: impl FnMut(Piece)) {
        while let Some(p) = self.cur.as_mut() {
            if self.at >= to {
                break;
            }
            let take = (to - self.at).min(p.len);
            if take == p.len {
                self.at += take;
                f(self.cur.take().expect("checked above"));
                self.cur = self.it.next().cloned();
            } else if take > 0 {
                f(Piece {
                    len: take,
                    ..p.clone()
                });
                p.len -= take;
                p.src = p.src.map(|s| s + take);
                self.at += take;
            }
        }
    }
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
        if step.edits.is_empty() && step.before != step.after {
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
