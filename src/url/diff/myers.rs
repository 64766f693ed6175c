//! Myers' O((N+M)·D) diff over units (a triplet is one unit), bounded: it runs only on the
//! middle left after trimming the common prefix and suffix, and only while the middle stays
//! small and the edit distance under a limit — a 1 MiB input never builds a table.

use std::ops::Range;

use super::Op;
use super::script::{Change, Changes};
use crate::url::octets::{self, Unit};

/// Largest edit distance (in units) the Myers pass explores before giving up.
pub const MYERS_MAX_D: usize = 512;
/// Largest middle (units of both sides together) given to Myers.
pub const MYERS_MAX_UNITS: usize = 16_384;

/// The changes that turn `before` into `after` by Myers over the units of the trimmed middle;
/// `None` when the middle is too large or needs more than `max_d` unit edits.
pub fn changes(before: &[u8], after: &[u8], max_d: usize) -> Option<Changes> {
    let (a_mid, b_mid) = trimmed_middle(before, after);
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

/// Myers' diff of `n` against `m` items; `None` when D exceeds `max_d`.
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(changes(&a, &b, 10).is_none());
    }
}
