//! Cutting a run of cells to a number of columns: which cells give way to the `…`.

use std::ops::Range;

use ratatui::style::Style;

use super::{Cell, ellipsis, width};

/// Where a value that does not fit gives way, from the least informative place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Keep the start (a label, a name, a short text whose start says what it is).
    End,
    /// The middle of an opaque value (a token, a hash, encoded data): its start and end stay,
    /// the first ⌈(cols − 1)/2⌉ columns and the last ⌊(cols − 1)/2⌋.
    Middle,
    /// Cut inside these cells (an opaque value within a longer text: a long query value), in
    /// their middle; what is outside them stays as long as there is room.
    Inside(Range<usize>),
    /// The cells from this index to the end stay whole (a host's registrable domain and what
    /// follows it); the cut falls just before them, and only when they alone do not fit, at
    /// their start.
    KeepEnd(usize),
    /// A host name: its left labels give way (`…com.evil.example`: the right end says where a
    /// link goes, the left labels are what a phisher writes), the kept text starting at a whole
    /// label; the registrable domain, from this cell index on, stays whole, and when it alone
    /// does not fit, its right end.
    Host(usize),
    /// A window around this cell index (the first difference of two URLs, a cursor): a third of
    /// the room before it, the rest after. Two lines cut this way with the same index and
    /// room show the same window, so a compared pair lines up.
    Around(usize),
}

/// `cells` in `cols` columns: unchanged when they fit, else cut by `how` with `…` (styled
/// `dim`) where cells were left out. Never wider than `cols`.
pub fn cut(cells: &[Cell], cols: usize, how: &Cut, dim: Style) -> Vec<Cell> {
    let total = width(cells);
    if total <= cols {
        return cells.to_vec();
    }
    if cols == 0 {
        return Vec::new();
    }
    let n = cells.len();
    match how {
        Cut::End => {
            let keep = prefix(cells, cols - 1);
            let mut out = cells[..keep].to_vec();
            out.push(ellipsis(at(cells, keep), dim));
            out
        }
        Cut::Middle => inside(cells, 0..n, cols, dim),
        Cut::Inside(r) => inside(cells, r.start.min(n)..r.end.min(n), cols, dim),
        Cut::KeepEnd(k) => {
            let k = (*k).min(n);
            let tail = width(&cells[k..]);
            if tail < cols {
                let keep = prefix(&cells[..k], cols - 1 - tail);
                let mut out = cells[..keep].to_vec();
                out.push(ellipsis(at(cells, keep), dim));
                out.extend_from_slice(&cells[k..]);
                out
            } else {
                // The kept end alone is too wide: its right end, which names it.
                let from = n - suffix(cells, cols - 1);
                let mut out = vec![ellipsis(at(cells, 0), dim)];
                out.extend_from_slice(&cells[from..]);
                out
            }
        }
        Cut::Around(i) => around(cells, (*i).min(n), cols, dim),
        Cut::Host(k) => {
            let k = (*k).min(n);
            let from = n - suffix(cells, cols - 1);
            // Start at a label: after the first dot in the kept text before the registrable
            // domain (none needed when the cut already falls after a dot).
            let at_label = from == 0 || cells[from - 1].text == ".";
            let start = if at_label || from >= k {
                from
            } else {
                cells[from..k]
                    .iter()
                    .position(|c| c.text == ".")
                    .map_or(from, |p| from + p + 1)
            };
            let mut out = vec![ellipsis(at(cells, start), dim)];
            out.extend_from_slice(&cells[start..]);
            out
        }
    }
}

/// How many of the first cells fit in `cols` columns.
fn prefix(cells: &[Cell], cols: usize) -> usize {
    let mut used = 0;
    cells
        .iter()
        .take_while(|c| {
            used += c.width;
            used <= cols
        })
        .count()
}

/// How many of the last cells fit in `cols` columns.
fn suffix(cells: &[Cell], cols: usize) -> usize {
    let mut used = 0;
    cells
        .iter()
        .rev()
        .take_while(|c| {
            used += c.width;
            used <= cols
        })
        .count()
}

/// The byte offset a cut at cell `k` stands for.
fn at(cells: &[Cell], k: usize) -> usize {
    cells.get(k).or(cells.last()).map_or(0, |c| c.at)
}

/// Cut out the middle of `r`, keeping what is around it; when `r` is too short to give up the
/// columns needed (it keeps at least a column on each side of the `…`), the middle of the
/// whole value gives way instead. The stretch that gives way keeps its first ⌈room/2⌉ and its
/// last ⌊room/2⌋ columns: counted from its two ends, never from the total width, so a cut reads
/// only the cells it keeps (`super::window` relies on it).
fn inside(cells: &[Cell], r: Range<usize>, cols: usize, dim: Style) -> Vec<Cell> {
    let n = cells.len();
    let r = r.start.min(r.end)..r.end;
    let outside = width(&cells[..r.start]) + width(&cells[r.end..]);
    let (lo, hi, room) = if outside + 3 <= cols {
        (r.start, r.end, cols - 1 - outside)
    } else {
        (0, n, cols - 1)
    };
    let first = lo + prefix(&cells[lo..hi], room.div_ceil(2));
    let last = hi - suffix(&cells[first..hi], room - width(&cells[lo..first]));
    let mut out = cells[..first].to_vec();
    out.push(ellipsis(at(cells, first), dim));
    out.extend_from_slice(&cells[last..]);
    out
}

/// A window of `cols` columns around cell `i`: a third before it, the rest after, `…` at
/// either end that was cut. Every width it measures is counted from `i` or from an end.
fn around(cells: &[Cell], i: usize, cols: usize, dim: Style) -> Vec<Cell> {
    if cols < 3 {
        // No room for a window between two marks.
        return vec![ellipsis(at(cells, i), dim)];
    }
    let n = cells.len();
    // Room for the text, with one column per `…`; first assume both ends are cut.
    let lead = (cols.saturating_sub(2)) / 3;
    let first = if width(&cells[..i]) <= lead + 1 {
        0
    } else if width(&cells[i..]) + lead < cols {
        // The end is in reach: show it whole, `…` only at the start.
        n - suffix(cells, cols - 1)
    } else {
        // `lead` columns before `i`.
        i - suffix(&cells[..i], lead)
    };
    let cut_start = first > 0;
    let room = cols - usize::from(cut_start);
    let take = prefix(&cells[first..], room);
    let cut_end = first + take < n;
    let take = if cut_end {
        prefix(&cells[first..], room.saturating_sub(1))
    } else {
        take
    };
    let mut out = Vec::with_capacity(take + 2);
    if cut_start {
        out.push(ellipsis(at(cells, 0), dim));
    }
    out.extend_from_slice(&cells[first..first + take]);
    if cut_end {
        out.push(ellipsis(at(cells, first + take), dim));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::of_str;
    use super::*;

    fn show(s: &str, cols: usize, how: Cut) -> String {
        let out = cut(&of_str(s, Style::new()), cols, &how, Style::new());
        assert!(width(&out) <= cols, "{s} in {cols}");
        out.iter().map(|c| c.text.as_str()).collect()
    }

    #[test]
    fn what_fits_is_not_cut() {
        assert_eq!(show("abc", 3, Cut::End), "abc");
        assert_eq!(show("abc", 3, Cut::Middle), "abc");
    }

    #[test]
    fn each_policy_gives_way_where_it_says() {
        assert_eq!(show("abcdefghij", 6, Cut::End), "abcde…");
        assert_eq!(show("abcdefghij", 7, Cut::Middle), "abc…hij");
        // Inside the value `vvvvvvvv`, not in the key before it or the pair after it.
        assert_eq!(show("k=vvvvvvvv&z=1", 10, Cut::Inside(2..10)), "k=vv…v&z=1");
        // The registrable end `evil.example` stays whole.
        let host = "login.paypal.com.evil.example";
        let k = host.find("evil").unwrap();
        assert_eq!(show(host, 20, Cut::KeepEnd(k)), "login.p…evil.example");
        assert_eq!(show(host, 8, Cut::KeepEnd(k)), "…example");
        // A host gives way on its left, from a whole label; its registrable domain stays.
        let host = "paypal.com.evil.example";
        let k = host.find("evil").unwrap();
        assert_eq!(show(host, 40, Cut::Host(k)), host);
        assert_eq!(show(host, 18, Cut::Host(k)), "…com.evil.example");
        assert_eq!(show(host, 16, Cut::Host(k)), "…evil.example");
        assert_eq!(show(host, 8, Cut::Host(k)), "…example");
    }

    #[test]
    fn a_window_around_a_place_keeps_it_in_sight() {
        let s = "0123456789abcdefghijklmnopqrstuvwxyz";
        let i = s.find('k').unwrap();
        let w = show(s, 12, Cut::Around(i));
        assert!(w.contains('k'), "{w}");
        assert!(w.starts_with('…') && w.ends_with('…'), "{w}");
        // Near the start: only the end is cut; near the end: only the start.
        assert_eq!(show(s, 12, Cut::Around(2)), "0123456789a…");
        assert_eq!(show(s, 12, Cut::Around(35)), "…pqrstuvwxyz");
    }

    #[test]
    fn two_lines_cut_around_the_same_place_line_up() {
        let a = "https://x.example/path?a=1&b=2&c=3&y=X&z=9";
        let b = "https://x.example/path?a=1&b=2&c=3&y=W&z=9";
        let i = a.find("y=X").unwrap() + 2;
        let (wa, wb) = (show(a, 14, Cut::Around(i)), show(b, 14, Cut::Around(i)));
        let col = |w: &str, c: char| w.chars().position(|x| x == c);
        assert!(col(&wa, 'X').is_some(), "{wa}");
        assert_eq!(col(&wa, 'X'), col(&wb, 'W'), "{wa} / {wb}");
    }

    #[test]
    fn wide_cells_never_overflow() {
        for cols in 0..12 {
            for how in [
                Cut::End,
                Cut::Middle,
                Cut::KeepEnd(3),
                Cut::Around(4),
                Cut::Host(5),
            ] {
                show("日本語のテキストです", cols, how);
            }
        }
    }
}
