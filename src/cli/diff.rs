//! The before/after diff of SPEC §7.5: an LCS over unit sequences (a triplet is one unit).

use std::ops::Range;

use crate::url::{Outcome, octets};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Range into the old string (equal in both).
    Equal,
    /// Range into the old string.
    Delete,
    /// Range into the new string.
    Insert,
}

/// Above this many DP cells the middle is shown as one replacement instead.
const MAX_CELLS: usize = 4_000_000;

fn unit_ranges(s: &[u8]) -> Vec<Range<usize>> {
    octets::units(s).map(|u| u.range()).collect()
}

/// Push `(op, r)`, merging with the previous entry when both have the same op and touch.
fn push(out: &mut Vec<(Op, Range<usize>)>, op: Op, r: Range<usize>) {
    if r.is_empty() {
        return;
    }
    if let Some((last_op, last)) = out.last_mut()
        && *last_op == op
        && last.end == r.start
    {
        last.end = r.end;
        return;
    }
    out.push((op, r));
}

/// Diff `a` (before) against `b` (after) over units. Equal and Delete ranges index `a`; Insert
/// ranges index `b`. Applying the script to `a` gives `b`.
pub fn units(a: &[u8], b: &[u8]) -> Vec<(Op, Range<usize>)> {
    let ua = unit_ranges(a);
    let ub = unit_ranges(b);
    let same = |i: usize, j: usize| a[ua[i].clone()] == b[ub[j].clone()];
    let mut pre = 0;
    while pre < ua.len() && pre < ub.len() && same(pre, pre) {
        pre += 1;
    }
    let mut suf = 0;
    while suf < ua.len() - pre
        && suf < ub.len() - pre
        && same(ua.len() - 1 - suf, ub.len() - 1 - suf)
    {
        suf += 1;
    }
    let (n, m) = (ua.len() - pre - suf, ub.len() - pre - suf);
    let mut out = Vec::new();
    let a_at = |i: usize| if i < ua.len() { ua[i].start } else { a.len() };
    let b_at = |j: usize| if j < ub.len() { ub[j].start } else { b.len() };
    push(&mut out, Op::Equal, 0..a_at(pre));
    if n > 0 && m > 0 && n.saturating_mul(m) <= MAX_CELLS {
        // lcs[i][j] = LCS length of a-units[pre+i..pre+n] and b-units[pre+j..pre+m].
        let w = m + 1;
        let mut lcs = vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * w + j] = if same(pre + i, pre + j) {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && same(pre + i, pre + j) {
                push(&mut out, Op::Equal, ua[pre + i].clone());
                i += 1;
                j += 1;
            } else if i < n && (j == m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                // Deletions before insertions at the same place.
                push(&mut out, Op::Delete, ua[pre + i].clone());
                i += 1;
            } else {
                push(&mut out, Op::Insert, ub[pre + j].clone());
                j += 1;
            }
        }
    } else {
        push(&mut out, Op::Delete, a_at(pre)..a_at(pre + n));
        push(&mut out, Op::Insert, b_at(pre)..b_at(pre + m));
    }
    push(&mut out, Op::Equal, a_at(pre + n)..a.len());
    out
}

/// The diff the steps' own edits describe (SPEC §7.5 provenance): an output octet untouched by
/// every edit is `Equal` to the input octet it came from; octets an edit wrote are `Insert`; input
/// octets that no longer appear are `Delete`. `None` if the step chain cannot be followed.
pub fn from_edits(input: &[u8], outcome: &Outcome) -> Option<Vec<(Op, Range<usize>)>> {
    let (a, z) = (outcome.frame_open.end, outcome.frame_close.start);
    if a > z || z > input.len() {
        return None;
    }
    let mut origin: Vec<Option<usize>> = (a..z).map(Some).collect();
    for s in &outcome.steps {
        if origin.len() != s.before.len() {
            return None;
        }
        if s.edits.is_empty() {
            continue;
        }
        let mut next = Vec::with_capacity(s.after.len());
        let mut pos = 0;
        for e in &s.edits {
            next.extend_from_slice(origin.get(pos..e.range.start)?);
            next.extend(std::iter::repeat_n(None, e.replacement.len()));
            pos = e.range.end;
        }
        next.extend_from_slice(origin.get(pos..)?);
        origin = next;
    }
    let full: Vec<Option<usize>> = (0..a)
        .map(Some)
        .chain(origin)
        .chain((z..input.len()).map(Some))
        .collect();
    if full.len() != outcome.output.len() {
        return None;
    }
    let mut out = Vec::new();
    let mut next_in = 0;
    for (j, o) in full.into_iter().enumerate() {
        match o {
            Some(i) if i >= next_in => {
                push(&mut out, Op::Delete, next_in..i);
                push(&mut out, Op::Equal, i..i + 1);
                next_in = i + 1;
            }
            _ => push(&mut out, Op::Insert, j..j + 1),
        }
    }
    push(&mut out, Op::Delete, next_in..input.len());
    // Show what went before what came instead, as the LCS script does.
    for k in 1..out.len() {
        if out[k - 1].0 == Op::Insert && out[k].0 == Op::Delete {
            out.swap(k - 1, k);
        }
    }
    Some(out)
}

/// The number of changed runs of a script (fewer reads better).
pub fn changes(script: &[(Op, Range<usize>)]) -> usize {
    script.iter().filter(|(op, _)| *op != Op::Equal).count()
}

/// The before/after diff shown by `explain`: the LCS over units, unless the steps' own edits give a
/// script with fewer changed runs (LCS can match scattered single characters, e.g. when F1 drops
/// the text around a FidoURL).
pub fn best(input: &[u8], outcome: &Outcome) -> Vec<(Op, Range<usize>)> {
    let lcs = units(input, &outcome.output);
    match from_edits(input, outcome) {
        Some(e) if changes(&e) < changes(&lcs) => e,
        _ => lcs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(a: &[u8], b: &[u8], script: &[(Op, Range<usize>)]) -> Vec<u8> {
        let mut out = Vec::new();
        for (op, r) in script {
            match op {
                Op::Equal => out.extend_from_slice(&a[r.clone()]),
                Op::Delete => {}
                Op::Insert => out.extend_from_slice(&b[r.clone()]),
            }
        }
        out
    }

    #[test]
    fn scripts_rebuild_the_after_string() {
        let cases: [(&[u8], &[u8]); 6] = [
            (
                b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
                b"http://www.iki.fi/~hyvatti/",
            ),
            (b"", b"abc"),
            (b"abc", b""),
            (b"a%7eb", b"a~b"),
            (b"same", b"same"),
            (b"x y", b"x%20y"),
        ];
        for (a, b) in cases {
            let s = units(a, b);
            assert_eq!(apply(a, b, &s), b, "{a:?} -> {b:?}");
            let equal: usize = s
                .iter()
                .filter(|(o, _)| *o == Op::Equal)
                .map(|(_, r)| r.len())
                .sum();
            let deleted: usize = s
                .iter()
                .filter(|(o, _)| *o == Op::Delete)
                .map(|(_, r)| r.len())
                .sum();
            assert_eq!(equal + deleted, a.len());
        }
    }

    #[test]
    fn edit_provenance_keeps_whole_runs() {
        use crate::url::{Options, Profile, normalize};
        let x = b"MtW>> like area://A.Win%%\nMtW>> %%Soft/ is used.";
        let o = normalize(x, Profile::Fido, &Options::default());
        let s = best(x, &o);
        assert_eq!(apply(x, &o.output, &s), o.output);
        let deleted: Vec<&[u8]> = s
            .iter()
            .filter(|(op, _)| *op == Op::Delete)
            .map(|(_, r)| &x[r.clone()])
            .collect();
        assert_eq!(
            deleted,
            [&b"MtW>> like "[..], b"%%\nMtW>> %%", b" is used."]
        );
        for input in [
            &b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x"[..],
            b"<URL:http://a/%7e b>",
            b"",
        ] {
            for p in crate::url::Profile::ALL {
                let o = normalize(input, p, &Options::default());
                let s = from_edits(input, &o).expect("the step chain is followed");
                assert_eq!(apply(input, &o.output, &s), o.output, "{p:?} {input:?}");
            }
        }
    }

    #[test]
    fn triplets_are_whole_units() {
        let s = units(b"a%7eb", b"a~b");
        assert_eq!(
            s,
            vec![
                (Op::Equal, 0..1),
                (Op::Delete, 1..4),
                (Op::Insert, 1..2),
                (Op::Equal, 4..5)
            ]
        );
    }
}
