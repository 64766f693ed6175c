//! The diff as it was computed before the speed work, kept as the oracle the tests
//! compare the fast code with: pieces rebuilt at every step, changes aligned and trimmed one by
//! one, the common suffix found octet by octet, step deltas summed per call.

use std::ops::Range;

use super::provenance::Piece;
use super::script::Op;
use super::script::{Change, Changes};
use super::{MYERS_MAX_D, Method, RuleMap, StepRule, UnitDiff};
use crate::url::profiles::Outcome;
use crate::url::profiles::step::StepRecord;
use crate::url::rule::Rule;
use crate::url::syntax::octets;

pub(super) fn diff_and_rules(input: &[u8], o: &Outcome) -> (UnitDiff, RuleMap) {
    let mut map = RuleMap::sized(input.len());
    let pieces = trace(o, |r, by| map.mark(r, by));
    let out = &o.output;
    let myers = myers_changes(input, out);
    let edits = trimmed(
        aligned(changes(&pieces, input.len(), out.len()), input, out),
        input,
        out,
    );
    let d = match myers {
        Some(m) if m.runs() <= edits.runs() => of(&m, Method::Myers),
        _ => of(&edits, Method::Edits),
    };
    (d, map)
}

pub(super) fn pieces(o: &Outcome) -> Vec<Piece> {
    trace(o, |_, _| {})
}

fn of(c: &Changes, method: Method) -> UnitDiff {
    let script = {
        let mut out = Vec::new();
        let mut pa = 0;
        for c in &c.list {
            if c.a.start > pa {
                out.push((Op::Equal, pa..c.a.start));
            }
            if !c.a.is_empty() {
                out.push((Op::Delete, c.a.clone()));
            }
            if !c.b.is_empty() {
                out.push((Op::Insert, c.b.clone()));
            }
            pa = c.a.end;
        }
        if c.a_len > pa {
            out.push((Op::Equal, pa..c.a_len));
        }
        out
    };
    let deleted = c.list.iter().map(|c| c.a.clone()).filter(|r| !r.is_empty());
    let inserted = c.list.iter().map(|c| c.b.clone()).filter(|r| !r.is_empty());
    UnitDiff {
        script,
        deleted: deleted.collect(),
        inserted: inserted.collect(),
        method,
    }
}

fn origins(p: &Piece, len: usize) -> Option<Range<usize>> {
    match (p.src, p.from) {
        (Some(s), _) => Some(s..s + len),
        (None, Some(f)) => Some(f..f + 1),
        (None, None) => None,
    }
}

fn trace(o: &Outcome, mut mark: impl FnMut(Range<usize>, StepRule)) -> Vec<Piece> {
    let body_start = o.frame_open.end;
    let body_len = o.steps.first().map_or(
        o.output
            .len()
            .saturating_sub(o.frame_open.len() + o.frame_close.len()),
        |s| s.before.len(),
    );
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
    all
}

fn changes(pieces: &[Piece], input_len: usize, output_len: usize) -> Changes {
    let mut out = Changes::new(input_len, output_len);
    let (mut a, mut b) = (0, 0);
    let mut pos = 0;
    for p in pieces {
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

fn apply(
    pieces: &[Piece],
    step: &StepRecord,
    mark: &mut impl FnMut(Range<usize>, StepRule),
) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut it = pieces.iter();
    let mut cur = it.next().cloned();
    let mut at = 0;
    let mut take_to = |to: usize, cur: &mut Option<Piece>, f: &mut dyn FnMut(Piece)| {
        while let Some(p) = cur.as_mut() {
            if at >= to {
                break;
            }
            let take = (to - at).min(p.len);
            if take == p.len {
                at += take;
                f(cur.take().expect("checked above"));
                *cur = it.next().cloned();
            } else if take > 0 {
                f(Piece {
                    len: take,
                    ..p.clone()
                });
                p.len -= take;
                p.src = p.src.map(|s| s + take);
                at += take;
            }
        }
    };
    for e in &step.edits {
        let by = StepRule {
            step: step.step.as_str(),
            rule: e.rule.as_str(),
        };
        take_to(e.range.start, &mut cur, &mut |p| out.push(p));
        let mut first = None;
        if e.range.is_empty() {
            first = cur.as_ref().and_then(|p| origins(p, 1)).map(|r| r.start);
            if let Some(f) = first {
                mark(f..f + 1, by);
            }
        } else {
            take_to(e.range.end, &mut cur, &mut |p| {
                if let Some(r) = origins(&p, p.len) {
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
    take_to(usize::MAX, &mut cur, &mut |p| out.push(p));
    out
}

pub(super) fn aligned(c: Changes, a: &[u8], b: &[u8]) -> Changes {
    let mut left: Vec<Change> = Vec::new();
    for mut c in c.list {
        while !(boundary(a, c.a.start) && boundary(b, c.b.start)) {
            let (pa, pb) = left.last().map_or((0, 0), |p| (p.a.end, p.b.end));
            if c.a.start > pa && c.b.start > pb {
                c.a.start -= 1;
                c.b.start -= 1;
            } else if let Some(p) = left.pop() {
                c.a.start = p.a.start;
                c.b.start = p.b.start;
            } else {
                break;
            }
        }
        left.push(c);
    }
    let mut right: Vec<Change> = Vec::new();
    for mut ch in left.into_iter().rev() {
        while !(boundary(a, ch.a.end) && boundary(b, ch.b.end)) {
            let (na, nb) = right
                .last()
                .map_or((c.a_len, c.b_len), |n| (n.a.start, n.b.start));
            if ch.a.end < na && ch.b.end < nb {
                ch.a.end += 1;
                ch.b.end += 1;
            } else if let Some(n) = right.pop() {
                ch.a.end = n.a.end;
                ch.b.end = n.b.end;
            } else {
                break;
            }
        }
        right.push(ch);
    }
    right.reverse();
    Changes { list: right, ..c }
}

pub(super) fn trimmed(c: Changes, a: &[u8], b: &[u8]) -> Changes {
    let mut out = Changes::new(c.a_len, c.b_len);
    for c in c.list {
        let (ma, mb) = trimmed_middle(&a[c.a.clone()], &b[c.b.clone()]);
        out.push(Change {
            a: c.a.start + ma.start..c.a.start + ma.end,
            b: c.b.start + mb.start..c.b.start + mb.end,
        });
    }
    out
}

fn myers_changes(before: &[u8], after: &[u8]) -> Option<Changes> {
    super::myers::changes_in(before, after, trimmed_middle(before, after), MYERS_MAX_D)
}

pub(super) fn trimmed_middle(a: &[u8], b: &[u8]) -> (Range<usize>, Range<usize>) {
    let n = a.len().min(b.len());
    let p = (0..n).find(|&i| a[i] != b[i]).unwrap_or(n);
    let mut start = triplet_over(a, p.saturating_sub(3)).map_or(p.saturating_sub(3), |k| k + 3);
    let (mut ua, mut ub) = (
        octets::units_in(a, start..a.len()),
        octets::units_in(b, start..b.len()),
    );
    while let (Some(x), Some(y)) = (ua.next(), ub.next()) {
        if a[x.range()] != b[y.range()] {
            break;
        }
        start = x.end();
    }
    let max_s = (a.len() - start).min(b.len() - start);
    let mut s = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_s)
        .take_while(|(x, y)| x == y)
        .count();
    loop {
        let ea = unit_cover_end(a, start, a.len() - s);
        let eb = unit_cover_end(b, start, b.len() - s);
        let s2 = (a.len() - ea).min(b.len() - eb);
        if s2 == s {
            return (start..ea, start..eb);
        }
        s = s2;
    }
}

fn boundary(s: &[u8], p: usize) -> bool {
    let inside = |back: usize| p >= back && octets::triplet_at(s, p - back);
    !inside(1) && !inside(2)
}

fn triplet_over(s: &[u8], i: usize) -> Option<usize> {
    (i.saturating_sub(2)..i).find(|&k| octets::triplet_at(s, k))
}

fn unit_cover_end(s: &[u8], from: usize, limit: usize) -> usize {
    if limit <= from {
        return limit;
    }
    let last = limit - 1;
    let k = if octets::triplet_at(s, last) {
        Some(last)
    } else {
        triplet_over(s, last)
    };
    match k {
        Some(k) if k >= from => limit.max(k + 3),
        _ => limit,
    }
}

pub(super) fn action_at(o: &Outcome, pos: usize) -> Option<(usize, Rule, Rule)> {
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

pub(super) fn map_forward(o: &Outcome, pos: usize) -> usize {
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

fn delta(step: &StepRecord, i: usize) -> isize {
    step.edits[..i]
        .iter()
        .map(|e| e.replacement.len() as isize - e.range.len() as isize)
        .sum()
}
