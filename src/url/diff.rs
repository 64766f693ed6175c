//! Unit-level diff of a profile's input and output (SPEC §7.5) and provenance of output units.
//!
//! Pure: octets in, ranges out. Two methods:
//! - a Myers diff over units, run only on the middle left after trimming the common prefix and
//!   suffix, and only while the edit distance stays under a limit;
//! - otherwise a diff derived from the steps' own edits (provenance): every output byte either
//!   was copied from an input offset or was written by a `(step, rule)`.

use std::ops::Range;

use super::octets::{self, Unit};
use super::profiles::Outcome;

/// How a [`UnitDiff`] was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Myers over the units of the changed middle.
    Myers,
    /// Derived from the steps' edits (the middle was too large).
    Edits,
}

/// Deleted byte ranges of `before` and inserted byte ranges of `after`, sorted, unit-aligned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDiff {
    pub deleted: Vec<Range<usize>>,
    pub inserted: Vec<Range<usize>>,
    pub method: Method,
}

impl UnitDiff {
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

/// Largest edit distance (in units) the Myers pass explores before giving up.
pub const MYERS_MAX_D: usize = 512;
/// Largest middle (units of both sides together) given to Myers; beyond it the edits decide.
pub const MYERS_MAX_UNITS: usize = 16_384;

/// Unit diff of `before` and `after` by Myers on the trimmed middle; `None` when the middle
/// needs more than `max_d` unit edits.
pub fn myers_units(before: &[u8], after: &[u8], max_d: usize) -> Option<UnitDiff> {
    let (a_mid, b_mid) = trimmed_middle(before, after);
    if a_mid.len() + b_mid.len() > 3 * MYERS_MAX_UNITS {
        return None;
    }
    let a: Vec<Unit> = octets::units_in(before, a_mid.clone()).collect();
    let b: Vec<Unit> = octets::units_in(after, b_mid.clone()).collect();
    if a.len() + b.len() > MYERS_MAX_UNITS {
        return None;
    }
    let eq = |i: usize, j: usize| before[a[i].range()] == after[b[j].range()];
    let ops = myers(a.len(), b.len(), max_d, eq)?;
    let mut out = UnitDiff {
        deleted: Vec::new(),
        inserted: Vec::new(),
        method: Method::Myers,
    };
    let (mut i, mut j) = (0, 0);
    for op in ops {
        match op {
            Op::Equal => {
                i += 1;
                j += 1;
            }
            Op::Delete => {
                push_range(&mut out.deleted, a[i].range());
                i += 1;
            }
            Op::Insert => {
                push_range(&mut out.inserted, b[j].range());
                j += 1;
            }
        }
    }
    Some(out)
}

/// The edits that turn `before` into `after`, as (range of `before`, range of `after`) pairs in
/// order: runs of Myers unit operations between equal units, or one pair for the whole changed
/// middle when Myers would cost too much. Used by steps whose result comes from a library (the
/// WHATWG serializer) rather than from edits of their own.
pub fn replacements(before: &[u8], after: &[u8]) -> Vec<(Range<usize>, Range<usize>)> {
    let (a_mid, b_mid) = trimmed_middle(before, after);
    if a_mid.is_empty() && b_mid.is_empty() {
        return Vec::new();
    }
    let whole = vec![(a_mid.clone(), b_mid.clone())];
    if a_mid.len() + b_mid.len() > 3 * MYERS_MAX_UNITS {
        return whole;
    }
    let a: Vec<Unit> = octets::units_in(before, a_mid.clone()).collect();
    let b: Vec<Unit> = octets::units_in(after, b_mid.clone()).collect();
    if a.len() + b.len() > MYERS_MAX_UNITS {
        return whole;
    }
    let eq = |i: usize, j: usize| before[a[i].range()] == after[b[j].range()];
    let Some(ops) = myers(a.len(), b.len(), MYERS_MAX_D, eq) else {
        return whole;
    };
    let mut out: Vec<(Range<usize>, Range<usize>)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    let (mut pa, mut pb) = (a_mid.start, b_mid.start);
    let mut open: Option<(usize, usize)> = None;
    for op in ops {
        match op {
            Op::Equal => {
                if let Some((sa, sb)) = open.take() {
                    out.push((sa..pa, sb..pb));
                }
                pa = a[i].end();
                pb = b[j].end();
                i += 1;
                j += 1;
            }
            Op::Delete => {
                open.get_or_insert((pa, pb));
                pa = a[i].end();
                i += 1;
            }
            Op::Insert => {
                open.get_or_insert((pa, pb));
                pb = b[j].end();
                j += 1;
            }
        }
    }
    if let Some((sa, sb)) = open {
        out.push((sa..a_mid.end, sb..b_mid.end));
    }
    out
}

/// The diff the UI shows: Myers when cheap, otherwise the edits-based diff of `outcome`
/// (whose input was `input`).
pub fn diff_outcome(input: &[u8], outcome: &Outcome) -> UnitDiff {
    if let Some(d) = myers_units(input, &outcome.output, MYERS_MAX_D) {
        return d;
    }
    let prov = Provenance::of(input, outcome);
    UnitDiff {
        deleted: prov.deleted(input.len()),
        inserted: prov.inserted(),
        method: Method::Edits,
    }
}

fn push_range(v: &mut Vec<Range<usize>>, r: Range<usize>) {
    if let Some(last) = v.last_mut()
        && last.end == r.start
    {
        last.end = r.end;
        return;
    }
    v.push(r);
}

/// Unit-aligned middles of `a` and `b` after removing the common unit prefix and suffix.
pub fn trimmed_middle(a: &[u8], b: &[u8]) -> (Range<usize>, Range<usize>) {
    // Prefix: equal units in lockstep, so `start` is a unit boundary in both.
    let (mut ua, mut ub) = (octets::units(a), octets::units(b));
    let mut start = 0;
    while let (Some(x), Some(y)) = (ua.next(), ub.next()) {
        if a[x.range()] != b[y.range()] {
            break;
        }
        start = x.end();
    }
    // Suffix: grow the middles until both end on a unit boundary with equal tails.
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

/// The end of the last unit that starts before `limit`, scanning from the boundary `from`
/// (at least `limit`).
fn unit_cover_end(s: &[u8], from: usize, limit: usize) -> usize {
    let mut end = limit;
    for u in octets::units_in(s, from..s.len()) {
        if u.start >= limit {
            break;
        }
        end = end.max(u.end());
    }
    end
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Equal,
    Delete,
    Insert,
}

/// Myers' O((N+M)·D) diff; `None` when D exceeds `max_d`.
fn myers(n: usize, m: usize, max_d: usize, eq: impl Fn(usize, usize) -> bool) -> Option<Vec<Op>> {
    let max = n + m;
    let limit = max.min(max_d);
    let off = limit as isize + 1;
    let mut v = vec![0isize; 2 * limit + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    for d in 0..=limit as isize {
        trace.push(v.clone());
        let mut k = -d;
        while k <= d {
            let idx = (k + off) as usize;
            let mut x = if k == -d || (k != d && v[idx - 1] < v[idx + 1]) {
                v[idx + 1]
            } else {
                v[idx - 1] + 1
            };
            let mut y = x - k;
            while (x as usize) < n && y >= 0 && (y as usize) < m && eq(x as usize, y as usize) {
                x += 1;
                y += 1;
            }
            v[idx] = x;
            if x as usize >= n && y >= 0 && y as usize >= m {
                return Some(backtrack(&trace, off, n, m, d));
            }
            k += 2;
        }
    }
    None
}

fn backtrack(trace: &[Vec<isize>], off: isize, n: usize, m: usize, d_end: isize) -> Vec<Op> {
    let mut ops = Vec::new();
    let (mut x, mut y) = (n as isize, m as isize);
    for d in (0..=d_end).rev() {
        let v = &trace[d as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && v[(k - 1 + off) as usize] < v[(k + 1 + off) as usize])
        {
            k + 1
        } else {
            k - 1
        };
        let prev_x = if d == 0 {
            0
        } else {
            v[(prev_k + off) as usize]
        };
        let prev_y = prev_x - prev_k;
        while x > prev_x.max(0) && y > prev_y.max(0) {
            ops.push(Op::Equal);
            x -= 1;
            y -= 1;
        }
        if d > 0 {
            if x == prev_x {
                ops.push(Op::Insert);
                y -= 1;
            } else {
                ops.push(Op::Delete);
                x -= 1;
            }
        }
    }
    while x > 0 && y > 0 {
        ops.push(Op::Equal);
        x -= 1;
        y -= 1;
    }
    ops.reverse();
    ops
}

/// Who wrote an output byte: a run copied from the input, or a step's rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub len: usize,
    /// Input offset of the first byte, when the run was copied unchanged from the input.
    pub src: Option<usize>,
    /// The step index and rule that last wrote the run (`None` for untouched input).
    pub by: Option<(usize, &'static str)>,
}

/// Provenance of every output byte of an [`Outcome`], maintained by applying each step's edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// Runs covering the whole output in order (frames included).
    pub pieces: Vec<Piece>,
}

impl Provenance {
    pub fn of(input: &[u8], o: &Outcome) -> Provenance {
        let body_start = o.frame_open.end;
        let body_len = o.steps.first().map_or(
            o.output
                .len()
                .saturating_sub(o.frame_open.len() + o.frame_close.len()),
            |s| s.before.len(),
        );
        let mut pieces = vec![Piece {
            len: body_len,
            src: Some(body_start),
            by: None,
        }];
        for (si, step) in o.steps.iter().enumerate() {
            if step.before == step.after && step.edits.is_empty() {
                continue;
            }
            let total: usize = pieces.iter().map(|p| p.len).sum();
            if step.edits.is_empty() || total != step.before.len() {
                pieces = vec![Piece {
                    len: step.after.len(),
                    src: None,
                    by: Some((si, step.step.as_str())),
                }];
                continue;
            }
            pieces = apply(&pieces, step, si);
        }
        let mut all = Vec::with_capacity(pieces.len() + 2);
        if !o.frame_open.is_empty() {
            all.push(Piece {
                len: o.frame_open.len(),
                src: Some(o.frame_open.start),
                by: None,
            });
        }
        all.extend(pieces.into_iter().filter(|p| p.len > 0));
        if !o.frame_close.is_empty() {
            all.push(Piece {
                len: o.frame_close.len(),
                src: Some(o.frame_close.start),
                by: None,
            });
        }
        let _ = input;
        Provenance { pieces: all }
    }

    /// Output ranges written by a rule.
    pub fn inserted(&self) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let mut pos = 0;
        for p in &self.pieces {
            if p.src.is_none() {
                push_range(&mut out, pos..pos + p.len);
            }
            pos += p.len;
        }
        out
    }

    /// Input ranges that no output byte was copied from.
    pub fn deleted(&self, input_len: usize) -> Vec<Range<usize>> {
        let mut kept: Vec<Range<usize>> = self
            .pieces
            .iter()
            .filter_map(|p| p.src.map(|s| s..s + p.len))
            .collect();
        kept.sort_by_key(|r| r.start);
        let mut out = Vec::new();
        let mut pos = 0;
        for r in kept {
            if r.start > pos {
                out.push(pos..r.start);
            }
            pos = pos.max(r.end);
        }
        if pos < input_len {
            out.push(pos..input_len);
        }
        out
    }

    /// The piece covering output offset `pos`, with its start.
    pub fn at(&self, pos: usize) -> Option<(usize, &Piece)> {
        let mut start = 0;
        for p in &self.pieces {
            if pos < start + p.len {
                return Some((start, p));
            }
            start += p.len;
        }
        None
    }
}

fn apply(pieces: &[Piece], step: &super::step::StepRecord, si: usize) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len() + step.edits.len() * 2);
    let mut it = pieces.iter().cloned();
    let mut cur = it.next();
    let mut cur_start = 0usize; // position of `cur` in `before`
    // Copy before[pos..to) from the piece stream.
    let mut copy_to = |to: usize,
                       out: &mut Vec<Piece>,
                       cur: &mut Option<Piece>,
                       cur_start: &mut usize,
                       keep: bool| {
        while let Some(p) = cur.as_mut() {
            if *cur_start >= to {
                break;
            }
            let take = (to - *cur_start).min(p.len);
            if keep && take > 0 {
                out.push(Piece {
                    len: take,
                    src: p.src,
                    by: p.by,
                });
            }
            if take == p.len {
                *cur_start += take;
                *cur = it.next();
            } else {
                p.len -= take;
                p.src = p.src.map(|s| s + take);
                *cur_start += take;
            }
        }
    };
    for e in &step.edits {
        copy_to(e.range.start, &mut out, &mut cur, &mut cur_start, true);
        copy_to(e.range.end, &mut out, &mut cur, &mut cur_start, false);
        if !e.replacement.is_empty() {
            out.push(Piece {
                len: e.replacement.len(),
                src: None,
                by: Some((si, e.rule.as_str())),
            });
        }
    }
    copy_to(usize::MAX, &mut out, &mut cur, &mut cur_start, true);
    out
}

/// What the profile does to input offset `pos`: the first step whose edit covers it, with the
/// rule, following the offset through earlier steps. `None`: the octet passes through.
pub fn action_at(o: &Outcome, pos: usize) -> Option<(usize, &'static str, &'static str)> {
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
            return Some((si, step.step.as_str(), e.rule.as_str()));
        }
        if step.edits.is_empty() && step.before != step.after {
            return Some((si, step.step.as_str(), step.step.as_str()));
        }
        let delta: isize = step.edits[..i]
            .iter()
            .map(|e| e.replacement.len() as isize - e.range.len() as isize)
            .sum();
        p = (p as isize + delta).max(0) as usize;
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
        let delta: isize = step.edits[..i]
            .iter()
            .map(|e| e.replacement.len() as isize - e.range.len() as isize)
            .sum();
        if let Some(e) = step.edits.get(i)
            && e.range.start < p
        {
            p = e.range.start;
        }
        p = (p as isize + delta).max(0) as usize;
        p = p.min(step.after.len());
    }
    o.frame_open.len() + p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::{Options, Profile, normalize};

    fn show(s: &[u8], rs: &[Range<usize>]) -> Vec<String> {
        rs.iter()
            .map(|r| String::from_utf8_lossy(&s[r.clone()]).into_owned())
            .collect()
    }

    #[test]
    fn myers_on_units() {
        let d = myers_units(b"a%7eb c", b"a%7Eb%20c", 100).unwrap();
        assert_eq!(show(b"a%7eb c", &d.deleted), ["%7e", " "]);
        assert_eq!(show(b"a%7Eb%20c", &d.inserted), ["%7E", "%20"]);
    }

    #[test]
    fn identical_and_empty() {
        let d = myers_units(b"abc", b"abc", 10).unwrap();
        assert!(d.deleted.is_empty() && d.inserted.is_empty());
        let d = myers_units(b"", b"xy", 10).unwrap();
        assert_eq!(d.inserted, vec![0..2]);
        let d = myers_units(b"xy", b"", 10).unwrap();
        assert_eq!(d.deleted, vec![0..2]);
    }

    #[test]
    fn triplet_boundary_not_split() {
        // Common byte prefix "%4" but the units differ.
        let (a, b) = trimmed_middle(b"x%41", b"x%4g");
        assert_eq!((a, b), (1..4, 1..4));
    }

    #[test]
    fn limit_gives_none() {
        let a = vec![b'a'; 2000];
        let b = vec![b'b'; 2000];
        assert!(myers_units(&a, &b, 10).is_none());
    }

    #[test]
    fn provenance_matches_output() {
        let x = b"<URL:HTTP://WWW.Example.COM:80/a/./b/../%7e c?q=1#frag>";
        for p in Profile::ALL {
            let o = normalize(x, p, &Options::default());
            let prov = Provenance::of(x, &o);
            let total: usize = prov.pieces.iter().map(|p| p.len).sum();
            assert_eq!(total, o.output.len(), "{p:?}");
            let mut pos = 0;
            for piece in &prov.pieces {
                if let Some(s) = piece.src {
                    assert_eq!(
                        &o.output[pos..pos + piece.len],
                        &x[s..s + piece.len],
                        "{p:?}"
                    );
                }
                pos += piece.len;
            }
        }
    }

    #[test]
    fn action_of_port_and_hex() {
        let x = b"HTTP://WWW.Example.COM:80/%7e";
        let o = normalize(x, Profile::Rfc1738, &Options::default());
        let d = diff_outcome(x, &o);
        assert_eq!(d.method, Method::Myers);
        let tilde = x.len() - 3;
        assert!(action_at(&o, tilde).is_some());
        assert!(d.is_deleted(tilde));
    }
}
