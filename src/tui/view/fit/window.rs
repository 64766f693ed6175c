//! The cells of a long value that a fit can show, and no others: a frame costs what it shows,
//! not what the input holds (a pasted megabyte is a million cells).
//!
//! Every cut policy ([`super::Cut`]) keeps cells counted from the value's two ends or from a
//! place it names (a first difference, a cursor, a registrable domain), and measures any other
//! stretch only to see whether it is wider than the room. So a fit into `room` columns needs the
//! first and the last `room + 1` columns and `room + 1` on each side of each place: the
//! *windows*. What lies between two windows is one gap cell, wider than the room, which every
//! policy cuts away whole (the property test below checks the result against the whole value's
//! for every policy).
//!
//! Reading backwards needs a cell boundary to start from: an ASCII octet always starts a cell
//! in [`text::cells`] (a grapheme run takes only non-ASCII characters after its first), so a
//! window starts at the nearest ASCII octet before it, else at a character start (a run of
//! over 64 octets with no ASCII, where a grapheme of the whole value could start earlier).

use std::ops::Range;

use ratatui::style::Style;

use super::{Cell, of_octets};
use crate::theme::Theme;
use crate::tui::model::text;

/// The cells of untrusted octets `s[range]` that a fit into `room` columns can show (whole or
/// cut by any policy, wrapped or not: `room` is all the rows' columns), with `places` (byte
/// offsets a policy names: [`super::index_of`] finds them in the result) in sight. When the
/// value is wider, the stretches no such fit can show are each one gap cell of `room + 1`
/// columns. Styled as [`of_octets`] styles them.
pub fn of_octets_within(
    s: &[u8],
    range: Range<usize>,
    room: usize,
    places: &[usize],
    theme: &Theme,
    style: impl Fn(usize) -> Style,
) -> Vec<Cell> {
    let end = range.end.min(s.len());
    let start = range.start.min(end);
    let need = room.saturating_add(1);
    let head = forward(s, start..end, start, need);
    if head >= end {
        return of_octets(s, start..end, theme, style);
    }
    let mut wanted = vec![start..head, back(s, start, end, need)..end];
    for &p in places {
        let p = p.clamp(start, end);
        let from = back(s, start, p, need);
        wanted.push(from..forward(s, from..end, p, need));
    }
    wanted.sort_by_key(|r| r.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(wanted.len());
    for r in wanted {
        match merged.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => merged.push(r),
        }
    }
    let mut out = Vec::new();
    for (k, r) in merged.iter().enumerate() {
        if k > 0 {
            out.push(gap(merged[k - 1].end, need));
        }
        // Read to the value's end so a grapheme is the same as in the whole value; stop at
        // the window's end (a cell boundary: `forward` and `back` return ones).
        out.extend(of_octets_iter(s, r.start..end, theme, &style).take_while(|c| c.at < r.end));
    }
    out
}

/// The stand-in for a stretch no fit shows: wider than any room it was made for.
fn gap(at: usize, width: usize) -> Cell {
    Cell {
        text: super::ELLIPSIS.into(),
        width,
        style: Style::new(),
        at,
    }
}

/// [`of_octets`] as an iterator.
fn of_octets_iter<'a>(
    s: &'a [u8],
    range: Range<usize>,
    theme: &'a Theme,
    style: &'a impl Fn(usize) -> Style,
) -> impl Iterator<Item = Cell> + 'a {
    text::cells(s, range).map(move |c| {
        let mut st = style(c.bytes.start);
        if c.glyph == text::Glyph::Invalid {
            st = st.patch(theme.escaped);
        }
        Cell {
            text: c.text.into_owned(),
            width: c.width,
            style: st,
            at: c.bytes.start,
        }
    })
}

/// The end of the cell that completes `cols` columns from `p` (the cells read from `range.start`,
/// a cell boundary at or before `p`), or `range.end`.
fn forward(s: &[u8], range: Range<usize>, p: usize, cols: usize) -> usize {
    let mut used = 0;
    for c in text::cells(s, range.clone()) {
        if c.bytes.start < p {
            continue;
        }
        used += c.width;
        if used >= cols {
            return c.bytes.end;
        }
    }
    range.end
}

/// A cell boundary at or before `p` with at least `cols` columns between it and `p` (or
/// `start`), reading back in growing steps.
fn back(s: &[u8], start: usize, p: usize, cols: usize) -> usize {
    let mut step = cols.max(16).saturating_mul(4);
    loop {
        let from = resync(s, start, p.saturating_sub(step).max(start));
        if from == start {
            return start;
        }
        let mut used = 0;
        for c in text::cells(s, from..s.len()) {
            if c.bytes.start >= p {
                break;
            }
            used += c.width;
            if used >= cols {
                return from;
            }
        }
        step = step.saturating_mul(4);
    }
}

/// A cell boundary at or before `q`: the nearest ASCII octet within 64 octets, else the start
/// of the character at `q`.
fn resync(s: &[u8], start: usize, q: usize) -> usize {
    let floor = q.saturating_sub(64).max(start);
    (floor..=q)
        .rev()
        .find(|&j| j == start || s.get(j).is_none_or(|&b| b < 0x80))
        .unwrap_or_else(|| text::align_back(s, q).max(start))
}

#[cfg(test)]
mod tests {
    use super::super::{Cut, cut, index_of, of_octets, width, wrap};
    use super::*;
    use proptest::prelude::*;

    fn texts(cells: &[Cell]) -> String {
        cells.iter().map(|c| c.text.as_str()).collect()
    }

    /// A cut policy computed from the cells it cuts.
    type Policy<'a> = dyn Fn(&[Cell]) -> Cut + 'a;

    /// Every policy cuts the windows as it cuts the whole value.
    fn same_as_whole(s: &[u8], room: usize, place: usize) {
        let theme = Theme::default();
        let dim = Style::new();
        let whole = of_octets(s, 0..s.len(), &theme, |_| Style::new());
        let places = [place, (place + 7).min(s.len())];
        let part = of_octets_within(s, 0..s.len(), room, &places, &theme, |_| Style::new());
        assert!(part.len() <= whole.len());
        let k = |cells: &[Cell]| index_of(cells, place);
        let host = |cells: &[Cell]| Cut::Host(k(cells));
        let policies: [&Policy<'_>; 6] = [
            &|_| Cut::End,
            &|_| Cut::Middle,
            &|c| Cut::Around(k(c)),
            &|c| Cut::KeepEnd(k(c)),
            &host,
            &|c| Cut::Inside(k(c)..index_of(c, place + 7)),
        ];
        for how in policies {
            for cols in [0, 1, 2, 3, 7, room / 2, room]
                .into_iter()
                .filter(|&c| c <= room)
            {
                let a = cut(&whole, cols, &how(&whole), dim);
                let b = cut(&part, cols, &how(&part), dim);
                assert_eq!(texts(&a), texts(&b), "{:?} in {cols}", how(&whole));
                assert_eq!(width(&a), width(&b));
            }
            let rows = 3;
            let cols = room / rows;
            if cols > 0 {
                let a = wrap::cells(&whole, cols, rows, &how(&whole), dim);
                let b = wrap::cells(&part, cols, rows, &how(&part), dim);
                let t = |rows: &[Vec<Cell>]| rows.iter().map(|r| texts(r)).collect::<Vec<_>>();
                assert_eq!(t(&a), t(&b));
            }
        }
    }

    #[test]
    fn a_megabyte_is_read_only_where_it_can_be_shown() {
        let mut s = b"https://a.example/".to_vec();
        s.resize(1 << 20, b'a');
        s.extend_from_slice(b"?q=1#frag");
        let theme = Theme::default();
        let cells = of_octets_within(&s, 0..s.len(), 100, &[500_000], &theme, |_| Style::new());
        // Three windows of a few hundred cells and two gaps, not a million cells.
        assert!(cells.len() < 2_000, "{}", cells.len());
        assert_eq!(cells.iter().filter(|c| c.width == 101).count(), 2);
        same_as_whole(&s, 100, 500_000);
    }

    #[test]
    fn what_fits_is_whole() {
        let s = b"https://a.example/x";
        let theme = Theme::default();
        let cells = of_octets_within(s, 0..s.len(), 40, &[3], &theme, |_| Style::new());
        assert_eq!(texts(&cells), "https://a.example/x");
    }

    #[test]
    fn wide_and_escaped_cells_and_long_graphemes() {
        let mut s = Vec::new();
        for k in 0..400 {
            s.extend_from_slice("日本\u{202E}e\u{301}\x1b\u{200B}".as_bytes());
            s.push(if k % 7 == 0 { 0xFF } else { b'.' });
        }
        for place in [0, 17, 1500, s.len() - 3, s.len()] {
            same_as_whole(&s, 30, text::align_back(&s, place));
        }
    }

    /// A frame of a pasted megabyte reads a few screens of it, wherever it is long (a query
    /// value, a path, a host), under profiles that change it and one that does not, after a
    /// key (the analysis is then the last one) and with each pane focused.
    #[test]
    fn a_frame_of_a_megabyte_reads_a_few_screens_of_it() {
        use crate::tui::model::app::App;
        use crate::tui::msg::LaunchOptions;
        use crate::tui::msg::Msg;
        use crate::tui::msg::command::Command;
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        use urlscope_core::Profile;

        let mib = 1 << 20;
        let long = |head: &str, fill: &[u8], tail: &str| {
            let mut x = head.as_bytes().to_vec();
            while x.len() + tail.len() < mib {
                x.extend_from_slice(fill);
            }
            x.truncate(mib - tail.len());
            x.extend_from_slice(tail.as_bytes());
            x
        };
        let inputs = [
            long(
                "https://www.example.com/f?data=",
                b"AbC1%2F-_",
                "&utm_source=x#top",
            ),
            long("http://a.example/", b"seg/./b%7e/", "?q=1"),
            long("https://", b"label.", "example.com/"),
        ];
        let theme = Theme::default();
        for input in inputs {
            for profile in [Profile::None, Profile::Rfc1738, Profile::Whatwg] {
                let mut app = App::new(&LaunchOptions {
                    input: Some(input.clone()),
                    profile: Some(profile),
                    ..Default::default()
                });
                app.update(crate::tui::msg::Msg::Resize(120, 40));
                let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
                let steps: [Msg; 4] = [
                    Msg::Type('x'),
                    Command::FocusNext.into(),
                    Command::FocusNext.into(),
                    Command::FocusNext.into(),
                ];
                for step in steps {
                    app.update(step);
                    text::made::take();
                    term.draw(|f| {
                        crate::tui::view::render(&app, &theme, f);
                    })
                    .unwrap();
                    let made = text::made::take();
                    // A screen is 4,800 cells; every fit reads its windows of a few rooms.
                    assert!(
                        made < 100_000,
                        "{made} cells made for one frame ({profile:?}, {:?})",
                        String::from_utf8_lossy(&input[..40])
                    );
                }
            }
        }
    }

    proptest! {
        #[test]
        fn any_octets_cut_as_the_whole(
            s in proptest::collection::vec(
                prop_oneof![Just(b'a'), Just(b'.'), Just(0xE6), Just(0x97), Just(0xA5),
                            Just(0xCC), Just(0x81), Just(0x1B), any::<u8>()],
                0..600,
            ),
            room in 3usize..60,
            place in 0usize..600,
        ) {
            // A place is a cell start, as a policy's places are.
            let whole = of_octets(&s, 0..s.len(), &Theme::default(), |_| Style::new());
            let place = whole.iter().map(|c| c.at).find(|&at| at >= place).unwrap_or(s.len());
            // Long runs with no ASCII octet may start a grapheme differently (module doc);
            // the generator mixes ASCII in, so a window always finds one within 64 octets.
            prop_assume!(s.windows(60).all(|w| w.iter().any(|&b| b < 0x80)));
            same_as_whole(&s, room, place);
        }
    }
}
