//! Widening changes to unit boundaries as they are produced, in one forward pass: the
//! alignment of [`Changes::aligned`](super::Changes::aligned) without a list in between (an
//! edit-heavy 1 MiB input has ~150k changes).
//!
//! The two passes it replaces widen every start leftwards (a change whose room runs out joins
//! the change before it), then every end rightwards (joining the change after it). A start
//! that moves back stops at the first boundary, which the change before it ends on or before,
//! so a change joins at most the one before it; and an end only needs the start of the next
//! change once that start is final. So three changes in flight are enough.

use super::script::{Change, boundary};

/// Feed changes in order with [`push`](Self::push) (empty ones are dropped, contiguous ones
/// joined, as [`Changes::push`](super::Changes::push) does); the aligned changes reach `sink`
/// in order.
pub(crate) struct Aligner<'s, F: FnMut(Change)> {
    a: &'s [u8],
    b: &'s [u8],
    /// Where the last change's end stops if it finds no boundary (the lengths of the strings).
    ends: (usize, usize),
    /// The newest change, still growing by contiguous ones.
    raw: Option<Change>,
    /// The last change with an aligned start; the next one may still join it.
    top: Option<Change>,
    /// A change with a final start whose end waits for the start of the one after it.
    open: Option<Change>,
    sink: F,
}

impl<'s, F: FnMut(Change)> Aligner<'s, F> {
    pub(super) fn new(a: &'s [u8], b: &'s [u8], ends: (usize, usize), sink: F) -> Self {
        Aligner {
            a,
            b,
            ends,
            raw: None,
            top: None,
            open: None,
            sink,
        }
    }

    pub(super) fn push(&mut self, c: Change) {
        if c.a.is_empty() && c.b.is_empty() {
            return;
        }
        if let Some(r) = self.raw.as_mut()
            && r.a.end == c.a.start
            && r.b.end == c.b.start
        {
            r.a.end = c.a.end;
            r.b.end = c.b.end;
            return;
        }
        if let Some(r) = self.raw.replace(c) {
            self.align_start(r);
        }
    }

    /// Hand the last changes to the sink.
    pub(super) fn finish(mut self) {
        if let Some(r) = self.raw.take() {
            self.align_start(r);
        }
        if let Some(t) = self.top.take() {
            self.align_end(t);
        }
        if let Some(mut c) = self.open.take() {
            let (a, b) = (self.a, self.b);
            while !(boundary(a, c.a.end) && boundary(b, c.b.end)) {
                if c.a.end < self.ends.0 && c.b.end < self.ends.1 {
                    c.a.end += 1;
                    c.b.end += 1;
                } else {
                    break;
                }
            }
            (self.sink)(c);
        }
    }

    /// Move the start of `c` back to a boundary of both strings, joining `top` when it reaches
    /// it; otherwise `top` is final and its end can be aligned.
    fn align_start(&mut self, mut c: Change) {
        let (a, b) = (self.a, self.b);
        while !(boundary(a, c.a.start) && boundary(b, c.b.start)) {
            let (pa, pb) = self.top.as_ref().map_or((0, 0), |p| (p.a.end, p.b.end));
            if c.a.start > pa && c.b.start > pb {
                c.a.start -= 1;
                c.b.start -= 1;
            } else if let Some(p) = self.top.take() {
                // `top`'s start is aligned unless it is the first change (then the string
                // starts before it): the loop ends here, or goes on with nothing before it.
                c.a.start = p.a.start;
                c.b.start = p.b.start;
            } else {
                // Only the first change can stop short, at the start of a string.
                break;
            }
        }
        if let Some(t) = self.top.replace(c) {
            self.align_end(t);
        }
    }

    /// `n` has its final start: align the end of the change before it, which may join it.
    fn align_end(&mut self, n: Change) {
        let (a, b) = (self.a, self.b);
        let Some(mut c) = self.open.take() else {
            self.open = Some(n);
            return;
        };
        while !(boundary(a, c.a.end) && boundary(b, c.b.end)) {
            if c.a.end < n.a.start && c.b.end < n.b.start {
                c.a.end += 1;
                c.b.end += 1;
            } else {
                // Joined: the end is `n`'s, aligned when the change after `n` arrives.
                self.open = Some(Change {
                    a: c.a.start..n.a.end,
                    b: c.b.start..n.b.end,
                });
                return;
            }
        }
        (self.sink)(c);
        self.open = Some(n);
    }
}
