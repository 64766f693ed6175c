//! A diff as a list of changes between equal runs, and the forms the views read: the edit
//! script, the deleted and the inserted ranges.

use std::ops::Range;

use super::align::Aligner;
use super::myers::trimmed_middle;
use crate::url::syntax::octets;

/// One entry of an edit script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A run of the before string that is also in the after string.
    Equal,
    /// A run of the before string that is not in the after string.
    Delete,
    /// A run of the after string that is not in the before string.
    Insert,
}

/// One change: the units `a` of the before string become the units `b` of the after string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub a: Range<usize>,
    pub b: Range<usize>,
}

/// Changes in order; between two changes (and before the first, after the last) lies an equal
/// run, the same octets in both strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changes {
    pub a_len: usize,
    pub b_len: usize,
    pub list: Vec<Change>,
}

impl Changes {
    pub fn new(a_len: usize, b_len: usize) -> Changes {
        Changes {
            a_len,
            b_len,
            list: Vec::new(),
        }
    }

    /// Append `c`, joining it to the previous change when no equal run lies between them.
    pub fn push(&mut self, c: Change) {
        if c.a.is_empty() && c.b.is_empty() {
            return;
        }
        if let Some(last) = self.list.last_mut()
            && last.a.end == c.a.start
            && last.b.end == c.b.start
        {
            last.a.end = c.a.end;
            last.b.end = c.b.end;
            return;
        }
        self.list.push(c);
    }

    /// The number of changed runs the script shows (a deletion and an insertion each count).
    pub fn runs(&self) -> usize {
        self.list
            .iter()
            .map(|c| usize::from(!c.a.is_empty()) + usize::from(!c.b.is_empty()))
            .sum()
    }

    /// The same changes widened until every edge is a unit boundary in both strings (a
    /// triplet is never split), joining changes whose equal run between is used up.
    pub fn aligned(self, a: &[u8], b: &[u8]) -> Changes {
        let mut list = Vec::with_capacity(self.list.len());
        let mut al = Aligner::new(a, b, (self.a_len, self.b_len), |c| list.push(c));
        self.list.into_iter().for_each(|c| al.push(c));
        al.finish();
        Changes { list, ..self }
    }

    /// The same changes less the units each one keeps at its start and end (a step that
    /// rewrites "/%2e%2E/x" to "/x" keeps the last "/x"). The edges must be unit boundaries.
    pub fn trimmed(self, a: &[u8], b: &[u8]) -> Changes {
        let mut out = Changes::new(self.a_len, self.b_len);
        out.list.reserve(self.list.len());
        for c in self.list {
            out.push(trim(c, a, b));
        }
        out
    }

    /// The edit script: `Equal` and `Delete` ranges index the before string, `Insert` ranges
    /// the after string; in each change the deletion comes first. Applying it to the before
    /// string gives the after string.
    pub fn script(&self) -> Vec<(Op, Range<usize>)> {
        self.forms().script
    }

    /// The script, deleted and inserted ranges of these changes.
    pub fn forms(&self) -> Forms {
        let mut f = Forms::with_capacity(self.list.len());
        self.list.iter().for_each(|c| f.push(c.clone()));
        f.finish(self.a_len)
    }
}

/// The forms the views read, built from changes fed in order (joined by the rule of
/// [`Changes::push`]): the edit script, the deleted and the inserted ranges.
#[derive(Debug, Default)]
pub struct Forms {
    /// See [`Changes::script`].
    pub script: Vec<(Op, Range<usize>)>,
    /// Deleted ranges of the before string, sorted.
    pub deleted: Vec<Range<usize>>,
    /// Inserted ranges of the after string, sorted.
    pub inserted: Vec<Range<usize>>,
    /// The newest change, still growing by contiguous ones.
    last: Option<Change>,
    /// The end of the changes written so far in the before string.
    pa: usize,
}

impl Forms {
    pub fn with_capacity(changes: usize) -> Forms {
        Forms {
            script: Vec::with_capacity(3 * changes + 1),
            deleted: Vec::with_capacity(changes),
            inserted: Vec::with_capacity(changes),
            ..Forms::default()
        }
    }

    pub fn push(&mut self, c: Change) {
        if c.a.is_empty() && c.b.is_empty() {
            return;
        }
        if let Some(last) = self.last.as_mut()
            && last.a.end == c.a.start
            && last.b.end == c.b.start
        {
            last.a.end = c.a.end;
            last.b.end = c.b.end;
            return;
        }
        if let Some(last) = self.last.replace(c) {
            self.write(last);
        }
    }

    fn write(&mut self, c: Change) {
        if c.a.start > self.pa {
            self.script.push((Op::Equal, self.pa..c.a.start));
        }
        if !c.a.is_empty() {
            self.script.push((Op::Delete, c.a.clone()));
            self.deleted.push(c.a.clone());
        }
        if !c.b.is_empty() {
            self.script.push((Op::Insert, c.b.clone()));
            self.inserted.push(c.b);
        }
        self.pa = c.a.end;
    }

    /// The forms, the before string being `a_len` octets long.
    pub fn finish(mut self, a_len: usize) -> Forms {
        if let Some(last) = self.last.take() {
            self.write(last);
        }
        if a_len > self.pa {
            self.script.push((Op::Equal, self.pa..a_len));
            self.pa = a_len;
        }
        self
    }

    /// The number of changed runs the script shows (as [`Changes::runs`]).
    pub fn runs(&self) -> usize {
        self.deleted.len()
            + self.inserted.len()
            + self.last.as_ref().map_or(0, |c| {
                usize::from(!c.a.is_empty()) + usize::from(!c.b.is_empty())
            })
    }
}

/// `c` less the units it keeps at its start and end (see [`Changes::trimmed`]).
#[inline]
pub(super) fn trim(c: Change, a: &[u8], b: &[u8]) -> Change {
    let (ma, mb) = trimmed_middle(&a[c.a.clone()], &b[c.b.clone()]);
    Change {
        a: c.a.start + ma.start..c.a.start + ma.end,
        b: c.b.start + mb.start..c.b.start + mb.end,
    }
}

/// Whether offset `p` of `s` is a unit boundary. A `%` is never the second or third octet of a
/// triplet (those are hex digits), so a triplet at `p - 1` or `p - 2` always is a unit.
#[inline]
pub(super) fn boundary(s: &[u8], p: usize) -> bool {
    let inside = |back: usize| p >= back && octets::triplet_at(s, p - back);
    !inside(1) && !inside(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_widens_to_whole_triplets_and_joins() {
        // "%41" -> "%42": a byte-level change of "1" to "2" becomes the whole triplet.
        let mut c = Changes::new(5, 5);
        c.push(Change { a: 3..4, b: 3..4 });
        let c = c.aligned(b"x%41y", b"x%42y");
        assert_eq!(c.list, [Change { a: 1..4, b: 1..4 }]);
        // Two changes inside one triplet join.
        let mut c = Changes::new(3, 3);
        c.push(Change { a: 0..1, b: 0..1 });
        c.push(Change { a: 2..3, b: 2..3 });
        let c = c.aligned(b"%41", b"%4A");
        assert_eq!(c.list, [Change { a: 0..3, b: 0..3 }]);
        assert_eq!(c.script(), [(Op::Delete, 0..3), (Op::Insert, 0..3)]);
    }
}
