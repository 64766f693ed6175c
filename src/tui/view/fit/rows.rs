//! Sharing a pane's free rows among the lines that want more than one. The lines are the ones
//! in the pane's window (the view scrolls so the selected line is among them).

/// `want[i]`: rows line `i` needs whole (at least 1); `free`: rows the pane has for all of
/// them; `first`: the line that gets its rows first (the selected one), if any. Every line gets
/// one row while there are rows; then the first line gets what it wants; then the others, in
/// reading order, get theirs whole while the rest of the room lasts (a line that cannot get all
/// its rows gets what is left, so the last one read is the one cut). Returns rows per line; a
/// line with 0 is not shown.
pub fn share(want: &[usize], free: usize, first: Option<usize>) -> Vec<usize> {
    let mut got = vec![0; want.len()];
    let mut left = free;
    for g in got.iter_mut() {
        if left == 0 {
            break;
        }
        *g = 1;
        left -= 1;
    }
    let order = first
        .filter(|&f| f < want.len())
        .into_iter()
        .chain((0..want.len()).filter(|&i| Some(i) != first));
    for i in order {
        if got[i] == 0 {
            continue;
        }
        let more = want[i].max(1) - 1;
        let give = more.min(left);
        got[i] += give;
        left -= give;
    }
    got
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selected_line_first_then_reading_order() {
        // Room for all.
        assert_eq!(share(&[2, 3, 1], 6, None), [2, 3, 1]);
        // Two spare rows: the selected line (2) takes them before line 0.
        assert_eq!(share(&[3, 1, 3], 5, Some(2)), [1, 1, 3]);
        // Not even a row each: the first lines in reading order.
        assert_eq!(share(&[2, 2, 2], 2, Some(2)), [1, 1, 0]);
    }

    #[test]
    fn never_more_than_the_room() {
        for free in 0..8 {
            for first in [None, Some(0), Some(3)] {
                let got = share(&[1, 4, 2, 5], free, first);
                assert!(got.iter().sum::<usize>() <= free);
            }
        }
    }
}
