//! A report cut to the part of a long input a view shows: the per-octet records outside it
//! dropped, so that showing 100 KiB costs what the screen holds, not the input's length.

use std::ops::Range;

use super::model::Report;

/// Whether `start..end` (an empty range: a point) lies in or touches `w`.
fn meets(start: usize, end: usize, w: &Range<usize>) -> bool {
    if start == end {
        w.start <= start && start <= w.end
    } else {
        start < w.end && end > w.start
    }
}

impl Report<'_> {
    /// Keep only what lies in the input octets `window`: the units, spans, path segments,
    /// query pairs and areatags, the edits (by their offsets in each step's input) and the URL
    /// Standard trace's code points and transitions. Everything else — the components, the
    /// steps' texts and counts, the diagnostics, the validation errors, the output and the
    /// diff — stays whole, and every offset stays an offset into the whole input. The JSON of
    /// a report kept whole is `explain --json`'s; of a windowed one, the same with fewer
    /// records.
    pub fn keep_window(&mut self, window: Range<usize>) {
        let w = &window;
        let units = self.units.units;
        let first = units.partition_point(|u| u.range.end <= w.start);
        let last = units.partition_point(|u| u.range.start < w.end);
        self.units.units = &units[first..last.max(first)];
        self.spans.retain(|s| meets(s.start, s.end, w));
        self.segments.retain(|s| meets(s.start, s.end, w));
        self.query_pairs.retain(|p| {
            meets(
                p.key.start,
                p.value.as_ref().map_or(p.key.end, |v| v.end),
                w,
            )
        });
        self.areatags.retain(|a| {
            meets(
                a.tag.start,
                a.domain.as_ref().map_or(a.tag.end, |d| d.end),
                w,
            )
        });
        if let Some(t) = &mut self.query_table {
            t.pairs.retain(|p| meets(p.start, p.end, w));
        }
        for step in &mut self.steps {
            step.record.edits.retain(|e| meets(e.start, e.end, w));
            if let Some(trace) = &mut step.whatwg {
                trace.code_points.retain(|c| w.contains(&c.offset));
                trace.transitions.retain(|t| meets(t.offset, t.offset, w));
            }
        }
    }
}
