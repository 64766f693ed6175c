//! Myers' O((N+M)·D) diff over units (a triplet is one unit), bounded: it runs only on the
//! middle left after trimming the common prefix and suffix, and only while the middle stays
//! small and the edit distance under a limit — a 1 MiB input never builds a table.

use std::ops::Range;

use super::script::Op;
use super::script::{Change, Changes};
use crate::url::syntax::octets::{self, Unit};

/// Largest edit distance (in units) the Myers pass explores before giving up.
pub(crate) const MYERS_MAX_D: usize = 512;
/// Largest middle (units of both sides together) given to Myers.
pub(crate) const MYERS_MAX_UNITS: usize = 16_384;

/// The changes that turn `before` into `after` by Myers over the units of the trimmed middle;
/// `None` when the middle is too large or needs more than `max_d` unit edits.
pub(crate) fn changes(before: &[u8], after: &[u8], max_d: usize) -> Option<Changes> {
    changes_in(before, after, trimmed_middle(before, after), max_d)
}

/// [`changes`] on a middle trimmed by the caller (the oracle trims its own, slower way).
pub(super) fn changes_in(
    before: &[u8],
    after: &[u8],
    (a_mid, b_mid): (Range<usize>, Range<usize>),
    max_d: usize,
) -> Option<Changes> {
    let mut out = Changes::new(before.len(), after.len());
    if a_mid.is_empty() && b_mid.is_empty() {
        return Some(out);
    }
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
    let (mut i, mut j) = (0, 0);
    let (mut pa, mut pb) = (a_mid.start, b_mid.start);
    let mut open: Option<(usize, usize)> = None;
    for op in ops {
        match op {
            Op::Equal => {
                if let Some((sa, sb)) = open.take() {
                    out.push(Change {
                        a: sa..pa,
                        b: sb..pb,
                    });
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
        out.push(Change {
            a: sa..a_mid.end,
            b: sb..b_mid.end,
        });
    }
    Some(out)
}

/// Unit-aligned middles of `a` and `b` after removing the common unit prefix and suffix.
///
/// Unit boundaries are local: every `%` starts a unit (a triplet holds no other `%`), so the
/// unit around an offset is found from the three octets before it, and the common prefix and
/// suffix are found by comparing octets, not by walking units from the start.
#[inline]
pub(crate) fn trimmed_middle(a: &[u8], b: &[u8]) -> (Range<usize>, Range<usize>) {
    // Nearly every change a step's edit makes differs in its first unit and in its last octet
    // (or has an empty side): then nothing is common at either end (different first units
    // share fewer than 3 octets, so the unit walk would stop at 0).
    if a.is_empty()
        || b.is_empty()
        || (a[a.len() - 1] != b[b.len() - 1] && first_units_differ(a, b))
    {
        return (0..a.len(), 0..b.len());
    }
    trimmed_middle_by_octets(a, b)
}

/// [`trimmed_middle`] for strings that may share a prefix or suffix.
fn trimmed_middle_by_octets(a: &[u8], b: &[u8]) -> (Range<usize>, Range<usize>) {
    // Prefix: equal units in lockstep, so `start` is a unit boundary in both. Both strings
    // agree on `..p`, so they share every unit boundary up to `p - 1`; walk from the last one
    // at or before `p - 3`, whose units decide the same way in both.
    let p = common_prefix(a, b);
    let mut start = boundary_at_or_after(a, p.saturating_sub(3));
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
    // Suffix: grow the middles until both end on a unit boundary with equal tails.
    let max_s = (a.len() - start).min(b.len() - start);
    let mut s = common_suffix(&a[start..], &b[start..]).min(max_s);
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

/// Whether the first units of non-empty `a` and `b` differ (without a call to `memcmp`).
#[inline]
fn first_units_differ(a: &[u8], b: &[u8]) -> bool {
    let n = if octets::triplet_at(a, 0) { 3 } else { 1 };
    a[0] != b[0]
        || n != if octets::triplet_at(b, 0) { 3 } else { 1 }
        || (1..n).any(|i| a[i] != b[i])
}

/// Length of the longest common octet prefix of `a` and `b` (compared in blocks).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// Length of the longest common octet suffix of `a` and `b` (compared in blocks).
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut i = n; // a[i..] == b[i..]
    while i >= BLOCK && a[i - BLOCK..i] == b[i - BLOCK..i] {
        i -= BLOCK;
    }
    while i > 0 && a[i - 1] == b[i - 1] {
        i -= 1;
    }
    n - i
}

/// The start of the triplet of `s` covering offset `i`, if a triplet starting before `i`
/// covers it (every `%` starts a unit, so only `i - 1` and `i - 2` can start one).
fn triplet_over(s: &[u8], i: usize) -> Option<usize> {
    (i.saturating_sub(2)..i).find(|&k| octets::triplet_at(s, k))
}

/// The first unit boundary of `s` at or after `i` (`i` itself unless a triplet covers it).
fn boundary_at_or_after(s: &[u8], i: usize) -> usize {
    triplet_over(s, i).map_or(i, |k| k + 3)
}

/// The end of the last unit that starts before `limit`, scanning from the boundary `from`
/// (at least `limit`): the end of the triplet covering `limit - 1`, if one starts at or after
/// `from`, else `limit`.
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

/// Myers' diff of `n` against `m` items; `None` when D exceeds `max_d`.
pub(super) fn myers(
    n: usize,
    m: usize,
    max_d: usize,
    eq: impl Fn(usize, usize) -> bool,
) -> Option<Vec<Op>> {
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

/// The edits that turn `before` into `after`, as (range of `before`, range of `after`) pairs in
/// order: the changes of `diff::between`. Used by steps whose result comes from a library (the
/// WHATWG serializer) rather than from edits of their own.
pub(crate) fn replacements(before: &[u8], after: &[u8]) -> Vec<(Range<usize>, Range<usize>)> {
    let c = changes(before, after, MYERS_MAX_D).unwrap_or_else(|| {
        let (a, b) = trimmed_middle(before, after);
        let mut c = Changes::new(before.len(), after.len());
        c.push(Change { a, b });
        c
    });
    c.list.into_iter().map(|c| (c.a, c.b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triplet_boundary_not_split() {
        // Common byte prefix "%4" but the units differ.
        let (a, b) = trimmed_middle(b"x%41", b"x%4g");
        assert_eq!((a, b), (1..4, 1..4));
    }

    /// The unit walk `trimmed_middle` short-cuts: lockstep units from the start, and the unit
    /// covering each suffix limit found by scanning from the prefix.
    fn trimmed_middle_by_walking(a: &[u8], b: &[u8]) -> (Range<usize>, Range<usize>) {
        let (mut ua, mut ub) = (octets::units(a), octets::units(b));
        let mut start = 0;
        while let (Some(x), Some(y)) = (ua.next(), ub.next()) {
            if a[x.range()] != b[y.range()] {
                break;
            }
            start = x.end();
        }
        let cover = |s: &[u8], limit: usize| {
            let mut end = limit;
            for u in octets::units_in(s, start..s.len()) {
                if u.start >= limit {
                    break;
                }
                end = end.max(u.end());
            }
            end
        };
        let max_s = (a.len() - start).min(b.len() - start);
        let mut s = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(max_s)
            .take_while(|(x, y)| x == y)
            .count();
        loop {
            let (ea, eb) = (cover(a, a.len() - s), cover(b, b.len() - s));
            let s2 = (a.len() - ea).min(b.len() - eb);
            if s2 == s {
                return (start..ea, start..eb);
            }
            s = s2;
        }
    }

    #[test]
    fn trimmed_middle_agrees_with_the_unit_walk() {
        // Every string over an alphabet dense in triplet shapes, against every other, and
        // with long equal runs around them (the blocked prefix comparison).
        let alphabet = [b'%', b'4', b'1', b'g', b'a'];
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=5 {
            let mut n = 1;
            for _ in 0..len {
                n *= alphabet.len();
            }
            for mut k in 0..n {
                let mut w = Vec::new();
                for _ in 0..len {
                    w.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                words.push(w);
            }
        }
        let picks: Vec<&Vec<u8>> = words.iter().step_by(13).collect();
        let pad = b"%41x%%4".repeat(20);
        for a in &picks {
            for b in &picks {
                assert_eq!(trimmed_middle(a, b), trimmed_middle_by_walking(a, b));
                let wrap = |w: &[u8]| [&pad[..], w, &pad[..]].concat();
                let (wa, wb) = (wrap(a), wrap(b));
                assert_eq!(
                    trimmed_middle(&wa, &wb),
                    trimmed_middle_by_walking(&wa, &wb),
                    "{:?} {:?}",
                    a.escape_ascii().to_string(),
                    b.escape_ascii().to_string()
                );
            }
        }
    }

    #[test]
    fn limit_gives_none() {
        let a = vec![b'a'; 2000];
        let b = vec![b'b'; 2000];
        assert!(changes(&a, &b, 10).is_none());
    }
}
