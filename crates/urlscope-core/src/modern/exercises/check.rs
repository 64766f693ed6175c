//! Marking a typed answer: every unit (an octet or a `%XX` triplet) that is wrong, missing or
//! not wanted, each with the rule it breaks.

use std::ops::Range;

use super::normalize::{outcome, why_at};
use super::rules::{self, Decision, decide};
use super::{Exercise, Task, Why};
use crate::url::octets;

/// What is wrong at a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// Something other than the expected octet or triplet.
    Wrong,
    /// The octet is there raw but must be encoded, or it is not there at all.
    Missing,
    /// Encoded (or typed) where the rules do not want it.
    Extra,
}

/// One mark on the typed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Offsets into the typed text (empty when something is missing at that point).
    pub span: Range<usize>,
    /// What the mark says about the octet.
    pub kind: MarkKind,
    /// What belongs there (empty for an extra unit).
    pub expected: String,
    /// The rule behind the mark.
    pub rule: Why,
}

/// The answer to an exercise checked: right or not, and the marks that say why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer is the expected one.
    pub ok: bool,
    /// The marks on the answer's octets.
    pub marks: Vec<Mark>,
}

/// Check what the learner typed against the exercise.
pub fn check(ex: &Exercise, typed: &str) -> Verdict {
    let marks = match &ex.task {
        Task::Encode { text, part, rules } => {
            check_encoded(text.as_bytes(), typed, |v| decide(*rules, *part, v))
        }
        Task::Normalize { .. } => check_normalized(ex, typed),
    };
    Verdict {
        ok: marks.is_empty(),
        marks,
    }
}

/// An encoding exercise, octet by octet of the text against unit by unit of the answer.
fn check_encoded(want: &[u8], typed: &str, decide: impl Fn(u8) -> Decision) -> Vec<Mark> {
    let units: Vec<octets::Unit> = octets::units(typed.as_bytes()).collect();
    let mut marks = Vec::new();
    let (mut i, mut k) = (0, 0); // i: expected octet, k: typed unit
    while i < want.len() || k < units.len() {
        let v = want.get(i).copied();
        let u = units.get(k);
        match (v, u) {
            (Some(v), Some(u)) if u.value == v => {
                let d = decide(v);
                if d.encode && !u.encoded {
                    marks.push(mark(u.range(), MarkKind::Missing, &d));
                } else if !d.encode && u.encoded && d.needless_is_wrong {
                    marks.push(mark(u.range(), MarkKind::Extra, &d));
                }
                i += 1;
                k += 1;
            }
            (Some(v), Some(u)) => {
                let d = decide(v);
                let next_fits = units.get(k + 1).is_some_and(|n| n.value == v);
                let skipped = want.get(i + 1).is_some_and(|&w| u.value == w);
                if next_fits {
                    marks.push(not_in_text(u.range()));
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
            (Some(v), None) => {
                let end = typed.len();
                marks.push(mark(end..end, MarkKind::Missing, &decide(v)));
                i += 1;
            }
            (None, Some(u)) => {
                marks.push(not_in_text(u.range()));
                k += 1;
            }
            (None, None) => break,
        }
    }
    marks
}

fn not_in_text(span: Range<usize>) -> Mark {
    Mark {
        span,
        kind: MarkKind::Extra,
        expected: String::new(),
        rule: rules::not_in_text(),
    }
}

fn mark(span: Range<usize>, kind: MarkKind, d: &Decision) -> Mark {
    Mark {
        span,
        kind,
        expected: d.token(),
        rule: d.why.clone(),
    }
}

/// Units longer than this are compared as one block (the alignment is quadratic).
const MAX_UNITS: usize = 2_000;

/// A normalization exercise: the typed answer aligned with the expected one unit by unit
/// (a triplet is one unit, compared as written: `%7e` is not `%7E`); each run that differs is
/// one mark, with the rule that writes (or drops) that part of the expected answer.
fn check_normalized(ex: &Exercise, typed: &str) -> Vec<Mark> {
    let o = outcome(ex);
    let want = o.output.as_slice();
    let got = typed.as_bytes();
    let a: Vec<Range<usize>> = octets::units(want).map(|u| u.range()).collect();
    let b: Vec<Range<usize>> = octets::units(got).map(|u| u.range()).collect();
    let pairs = if a.len() <= MAX_UNITS && b.len() <= MAX_UNITS {
        common_units(want, &a, got, &b)
    } else if want == got {
        (0..a.len()).map(|i| (i, i)).collect()
    } else {
        Vec::new()
    };
    let mut marks = Vec::new();
    let (mut i, mut k) = (0, 0);
    for (pi, pk) in pairs.into_iter().chain(std::iter::once((a.len(), b.len()))) {
        if pi > i || pk > k {
            let w = span(&a, i..pi, want.len());
            let t = span(&b, k..pk, got.len());
            let kind = match (w.is_empty(), t.is_empty()) {
                (false, false) => MarkKind::Wrong,
                (false, true) => MarkKind::Missing,
                _ => MarkKind::Extra,
            };
            marks.push(Mark {
                span: t,
                kind,
                expected: String::from_utf8_lossy(&want[w.clone()]).into_owned(),
                rule: why_at(ex.given().as_bytes(), &o, w),
            });
        }
        i = pi + 1;
        k = pk + 1;
    }
    marks
}

/// The byte range of units `r` (at `end` when `r` is empty past the last unit).
fn span(units: &[Range<usize>], r: Range<usize>, end: usize) -> Range<usize> {
    let start = units.get(r.start).map_or(end, |u| u.start);
    if r.is_empty() {
        return start..start;
    }
    start..units[r.end - 1].end
}

/// The longest common subsequence of the two unit lists, as index pairs in order.
fn common_units(x: &[u8], a: &[Range<usize>], y: &[u8], b: &[Range<usize>]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    let eq = |i: usize, k: usize| x[a[i].clone()] == y[b[k].clone()];
    // lcs[i][k]: the longest common subsequence of a[i..] and b[k..].
    let mut lcs = vec![0u16; (n + 1) * (m + 1)];
    let at = |i: usize, k: usize| i * (m + 1) + k;
    for i in (0..n).rev() {
        for k in (0..m).rev() {
            lcs[at(i, k)] = if eq(i, k) {
                lcs[at(i + 1, k + 1)] + 1
            } else {
                lcs[at(i + 1, k)].max(lcs[at(i, k + 1)])
            };
        }
    }
    let (mut i, mut k) = (0, 0);
    let mut out = Vec::new();
    while i < n && k < m {
        if eq(i, k) {
            out.push((i, k));
            i += 1;
            k += 1;
        } else if lcs[at(i + 1, k)] >= lcs[at(i, k + 1)] {
            i += 1;
        } else {
            k += 1;
        }
    }
    out
}
