//! Wrapping onto rows: values at any cell, prose at spaces, hints whole or not at all.

use std::ops::Range;

use ratatui::style::Style;

use super::{Cell, Cut, cut, width};

/// `cells` wrapped at `cols` columns onto at most `rows` rows; when they need more, cut by
/// `how` first (the `…` lands where the policy says, then the rest is wrapped). A wide cell
/// that does not fit at the end of a row starts the next.
pub fn cells(cells: &[Cell], cols: usize, rows: usize, how: &Cut, dim: Style) -> Vec<Vec<Cell>> {
    if cols == 0 || rows == 0 {
        return Vec::new();
    }
    // Cut to the room the rows hold; a wide cell can leave a row's last column free, so cut
    // one column more until the rows hold it all.
    let mut room = cols * rows;
    loop {
        let out = chunk(&cut(cells, room, how, dim), cols);
        if out.len() <= rows || room == 0 {
            return out;
        }
        room -= 1;
    }
}

/// Rows `cells` need wrapped at `cols` columns (at least one).
pub fn rows_needed(cells: &[Cell], cols: usize) -> usize {
    if cols == 0 {
        return 1;
    }
    chunk(cells, cols).len().max(1)
}

/// Groups of cells (a word or label of the view's, a value, a decoded text) on at most `rows`
/// rows, the first `first` columns wide and each further one `rest`: a group that does not fit
/// on its row moves whole to the next when it fits there, else it is broken between cells.
/// When they need more rows, the last row is cut at its end with `…`.
pub fn groups(
    groups: &[Vec<Cell>],
    first: usize,
    rest: usize,
    rows: usize,
    dim: Style,
) -> Vec<Vec<Cell>> {
    if first == 0 || rows == 0 {
        return Vec::new();
    }
    let rest = rest.max(1);
    let mut out: Vec<Vec<Cell>> = vec![Vec::new()];
    let mut used = 0;
    let mut cols = first;
    for g in groups {
        let gw = width(g);
        if used + gw > cols && used > 0 && gw <= rest {
            out.push(Vec::new());
            (cols, used) = (rest, 0);
        }
        for c in g {
            if used + c.width > cols && used > 0 {
                out.push(Vec::new());
                (cols, used) = (rest, 0);
            }
            used += c.width;
            if let Some(row) = out.last_mut() {
                row.push(c.clone());
            }
        }
    }
    if out.len() <= rows {
        return out;
    }
    out.truncate(rows);
    let cols = if rows == 1 { first } else { rest };
    let last = out.last_mut().expect("rows > 0");
    while width(last) + 1 > cols && last.pop().is_some() {}
    let at = last.last().map_or(0, |c| c.at);
    last.push(super::ellipsis(at, dim));
    out
}

fn chunk(cells: &[Cell], cols: usize) -> Vec<Vec<Cell>> {
    chunk_hanging(cells, cols, cols)
}

/// Rows of `cells`: the first `first` columns wide, the others `rest`; a cell that does not
/// fit on a row starts the next.
fn chunk_hanging(cells: &[Cell], first: usize, rest: usize) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = vec![Vec::new()];
    let mut used = 0;
    let mut cols = first;
    for c in cells {
        if used + c.width > cols && used > 0 {
            cols = rest;
            out.push(Vec::new());
            used = 0;
        }
        used += c.width;
        if let Some(row) = out.last_mut() {
            row.push(c.clone());
        }
    }
    out
}

/// Prose wrapped at spaces onto at most `rows` rows of `cols` columns; a word longer than a
/// row is broken. When the text needs more rows, the last row ends in `…` after its last whole
/// word, so nothing is ever cut mid-word.
pub fn words(cells: &[Cell], cols: usize, rows: usize, dim: Style) -> Vec<Vec<Cell>> {
    if cols == 0 || rows == 0 {
        return Vec::new();
    }
    let all = word_rows(cells, cols);
    if all.len() <= rows {
        return all;
    }
    let mut out: Vec<Vec<Cell>> = all[..rows].to_vec();
    let last = out.last_mut().expect("rows > 0");
    // Drop whole words from the end of the last row until ` …` fits after the last one.
    while width(last) + 2 > cols && !last.is_empty() {
        let cut_at = last.iter().rposition(|c| c.text == " ").unwrap_or(0);
        last.truncate(cut_at);
    }
    while last.last().is_some_and(|c| c.text == " ") {
        last.pop();
    }
    let at = last.last().map_or(0, |c| c.at);
    if !last.is_empty() {
        last.push(Cell {
            text: " ".into(),
            width: 1,
            style: dim,
            at,
        });
    }
    last.push(super::ellipsis(at, dim));
    out
}

/// Rows of whole words (spaces at a break are dropped).
fn word_rows(cells: &[Cell], cols: usize) -> Vec<Vec<Cell>> {
    word_ranges(cells, cols)
        .into_iter()
        .map(|r| cells[r].to_vec())
        .collect()
}

/// Where each row of whole words starts and ends in `cells` (a row is a run of cells; the
/// space at a break belongs to no row).
fn word_ranges(cells: &[Cell], cols: usize) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut row: Option<Range<usize>> = None;
    let mut used = 0;
    let mut k = 0;
    while k < cells.len() {
        // The next word: non-spaces up to a space (or the end).
        let end = cells[k..]
            .iter()
            .position(|c| c.text == " ")
            .map_or(cells.len(), |p| k + p);
        let ww = width(&cells[k..end]);
        let sep = usize::from(row.is_some());
        if used + sep + ww <= cols {
            // The word (and the space before it) joins the row.
            let start = row.as_ref().map_or(k, |r| r.start);
            row = Some(start..end);
            used += sep + ww;
        } else {
            if let Some(r) = row.take() {
                out.push(r);
            }
            // A word longer than a row is broken where the row ends.
            let mut start = k;
            used = 0;
            for (j, c) in cells[k..end].iter().enumerate() {
                if used + c.width > cols && used > 0 {
                    out.push(start..k + j);
                    start = k + j;
                    used = 0;
                }
                used += c.width;
            }
            row = Some(start..end);
        }
        // Past the word and the one space after it; further spaces are kept as a word of width.
        k = end + 1;
    }
    if let Some(r) = row {
        out.push(r);
    }
    if out.is_empty() {
        out.push(0..0);
    }
    out
}

/// Prose wrapped at spaces onto at most `rows` rows of `cols` columns, for a list's row whose
/// whole text is shown elsewhere (the selected row, a detail line): when it needs more rows,
/// the last one is filled and cut at its end with `…`, so no column of the room is lost.
pub fn prose(cells: &[Cell], cols: usize, rows: usize, dim: Style) -> Vec<Vec<Cell>> {
    if cols == 0 || rows == 0 {
        return Vec::new();
    }
    let all = word_ranges(cells, cols);
    if all.len() <= rows {
        return all.into_iter().map(|r| cells[r].to_vec()).collect();
    }
    let mut out: Vec<Vec<Cell>> = all[..rows - 1]
        .iter()
        .map(|r| cells[r.clone()].to_vec())
        .collect();
    let rest = &cells[all[rows - 1].start..];
    out.push(cut(rest, cols, &Cut::End, dim));
    out
}

/// Of `items` (hints, labels) joined by `sep`, as many whole items, in order, as fit in
/// `cols` columns; the rest left out, never cut. Returns how many fit.
pub fn whole(items: &[Vec<Cell>], sep: usize, cols: usize) -> usize {
    let mut used = 0;
    let mut n = 0;
    for it in items {
        let need = width(it) + if n > 0 { sep } else { 0 };
        if used + need > cols {
            break;
        }
        used += need;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::super::of_str;
    use super::*;

    fn text(rows: &[Vec<Cell>]) -> Vec<String> {
        rows.iter()
            .map(|r| r.iter().map(|c| c.text.as_str()).collect())
            .collect()
    }

    #[test]
    fn values_wrap_onto_the_rows_they_have_then_cut() {
        let c = of_str("abcdefghij", Style::new());
        assert_eq!(
            text(&cells(&c, 4, 3, &Cut::End, Style::new())),
            ["abcd", "efgh", "ij"]
        );
        assert_eq!(
            text(&cells(&c, 4, 2, &Cut::Middle, Style::new())),
            ["abcd", "…hij"]
        );
        assert_eq!(rows_needed(&c, 4), 3);
    }

    #[test]
    fn a_group_moves_whole_to_the_next_row_when_it_fits_there() {
        let g = |t: &str| of_str(t, Style::new());
        let parts = [g("key "), g("a%20b"), g(" ⇒ "), g("a long text")];
        assert_eq!(
            text(&groups(&parts, 14, 12, 3, Style::new())),
            ["key a%20b ⇒ ", "a long text"]
        );
        // Wider than a row: broken between cells; out of rows: `…` at the end.
        assert_eq!(
            text(&groups(&[g("abcdefghij")], 4, 4, 2, Style::new())),
            ["abcd", "efg…"]
        );
    }

    #[test]
    fn wide_cells_start_the_next_row() {
        let c = of_str("日本語です", Style::new());
        let rows = cells(&c, 5, 3, &Cut::End, Style::new());
        assert!(rows.iter().all(|r| width(r) <= 5));
        assert_eq!(text(&rows).concat(), "日本語です");
    }

    #[test]
    fn prose_breaks_at_spaces_and_never_mid_word() {
        let c = of_str("Ctrl+O prints the URL and quits", Style::new());
        assert_eq!(
            text(&words(&c, 16, 3, Style::new())),
            ["Ctrl+O prints", "the URL and", "quits"]
        );
        assert_eq!(text(&words(&c, 16, 1, Style::new())), ["Ctrl+O prints …"]);
        // A word longer than the row is broken.
        let c = of_str("ab abcdefghij", Style::new());
        assert_eq!(
            text(&words(&c, 4, 4, Style::new())),
            ["ab", "abcd", "efgh", "ij"]
        );
    }

    #[test]
    fn a_list_row_fills_its_last_row_before_the_cut() {
        let c = of_str("Ctrl+O prints the URL and quits", Style::new());
        assert_eq!(
            text(&prose(&c, 16, 2, Style::new())),
            ["Ctrl+O prints", "the URL and qui…"]
        );
        assert_eq!(text(&prose(&c, 16, 3, Style::new())).len(), 3);
        assert_eq!(
            text(&prose(&c, 40, 1, Style::new())),
            ["Ctrl+O prints the URL and quits"]
        );
    }

    #[test]
    fn hints_are_whole_or_left_out() {
        let items: Vec<Vec<Cell>> = ["Tab next", "q quit", "F1 keys"]
            .iter()
            .map(|s| of_str(s, Style::new()))
            .collect();
        assert_eq!(whole(&items, 2, 16), 2);
        assert_eq!(whole(&items, 2, 25), 3);
        assert_eq!(whole(&items, 2, 3), 0);
    }
}
