//! The components pane: draws the rows of [`crate::tui::model::rows`] (the nine components, then
//! segments, params, query pairs and areatags), only the visible ones. The query pairs are the
//! query table (docs/lenses.md): form-decoded, tracking parameters marked `⚑`.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::preview::Preview;
use crate::tui::model::rows::{Row, rows};
use crate::tui::msg::Focus;
use crate::tui::view::{fit, pane};
use urlscope_core::modern;
use urlscope_core::modern::QueryPair;
use urlscope_core::url::SpanKind;
use urlscope_core::{Parsed, Profile};

/// What the pane drew: its first row, and the row each of its inner lines shows (a long value
/// wraps over several), for the mouse and the model's scrolling (`Drawn`).
pub struct DrawnRows {
    pub top: usize,
    pub rows: Vec<usize>,
}

/// Draw the pane.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) -> Option<DrawnRows> {
    let focused = app.panes.focus == Focus::Components;
    frame.render_widget(pane("Components", focused, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return None;
    }
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let w = inner.width as usize;
    let dec = decoding(app);
    let plan = plan(app, theme, inner);
    let mut lines: Vec<Line> = Vec::new();
    let mut at = Vec::new();
    let visible = rows(&a.parsed, &a.query, x).enumerate().skip(plan.top);
    for ((i, row), &(_, n)) in visible.zip(&plan.rows) {
        let indent = indent_of(&row, w);
        let line = row_line(row, x, wrapped_width(w, indent, n), dec, theme);
        for part in split_line(line, w, indent, n, theme) {
            // The selected row (Y copies it), reversed in every theme: not by colour alone.
            lines.push(if focused && i == app.panes.comp_sel {
                part.patch_style(theme.selected)
            } else {
                part
            });
            at.push(i);
        }
    }
    frame.render_widget(Paragraph::new(lines), inner);
    Some(DrawnRows {
        top: plan.top,
        rows: at,
    })
}

/// The rows the pane shows and the lines each takes.
pub struct Plan {
    /// The first row drawn.
    pub top: usize,
    /// Each row drawn and its lines.
    pub rows: Vec<(usize, usize)>,
}

/// Which rows the pane shows and how many lines each takes (long values wrap where
/// the pane has room and scroll where it has not). The selected row is shown whole, up to the
/// pane's height (half of it for one of the nine components; none for a query, path or params
/// whose parts are listed below it), while the selection leads (`App::comp_sel_whole`) and the pane has focus: when
/// it needs more lines
/// than are left below it, the pane starts further down. Every other row takes one line, and a
/// value that does not fit its line wraps onto the rows left free below the last row: the pairs,
/// segments and params first, then the nine components (the whole query is also on the URL line
/// and in the Result). The host keeps its one line: cut on its left, its registrable domain
/// whole, it reads as one name (a host broken over lines reads as two).
pub fn plan(app: &App, theme: &Theme, inner: Rect) -> Plan {
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let (w, h) = (inner.width as usize, inner.height as usize);
    let dec = decoding(app);
    // Lines a row needs to be whole: drawn as wide as the whole pane could make it.
    let need = |row: Row| -> usize {
        if w == 0 || matches!(row, Row::Component(_, _, SpanKind::Host)) {
            return 1;
        }
        let indent = indent_of(&row, w);
        let line = row_line(row, x, wrapped_width(w, indent, h), dec, theme);
        split_line(line, w, indent, h, theme).len()
    };
    let sel = app.panes.comp_sel;
    // (Only while the pane has focus: elsewhere the selection is not shown.)
    let leads = app.panes.comp_sel_whole && app.panes.focus == Focus::Components;
    // A component whose parts are listed below it (the query's pairs, the path's segments, the
    // params) gives way to them: what it holds is read there, whole. Any other selected row is
    // whole: a pair, segment or param up to the whole pane, one of the nine components up to
    // half, so the host and its neighbours stay in sight.
    let split = |row: &Row| match row {
        Row::Component("query", ..) => !a.query.pairs.is_empty(),
        Row::Component("path", ..) => !a.parsed.segments.is_empty(),
        Row::Component("params", ..) => a.parsed.params.as_ref().is_some_and(|r| !r.is_empty()),
        Row::Component(..) | Row::Header(_) | Row::Item(..) | Row::Note(_) | Row::Pair(..) => false,
    };
    let sel_row = rows(&a.parsed, &a.query, x).nth(sel).filter(|r| !split(r));
    let sel_lines = sel_row
        .filter(|_| leads && sel >= app.panes.comp_top)
        .map(|row| {
            let cap = if matches!(row, Row::Component(..)) {
                (h / 2).max(1)
            } else {
                h
            };
            need(row).min(cap)
        });
    // Rows above the selected one take a line each: start where the selected row ends on the
    // pane's last line, if it would end below it.
    let top = match sel_lines {
        Some(n) => app.panes.comp_top.max((sel + n).saturating_sub(h)).min(sel),
        None => app.panes.comp_top,
    };
    let mut plan = Vec::new();
    let mut used = 0;
    for (i, _) in rows(&a.parsed, &a.query, x).enumerate().skip(top) {
        if used == h {
            break;
        }
        let n = match sel_lines {
            Some(n) if i == sel => n.min(h - used),
            _ => 1,
        };
        plan.push((i, n));
        used += n;
    }
    let mut free = h - used;
    if free > 0 && w > 0 {
        // The free rows: the selected row first (when it is not whole already), then the
        // parts a value is read by, then the nine components.
        let mut whole_rows = Vec::new();
        let mut split_sel = false;
        let needs: Vec<usize> = rows(&a.parsed, &a.query, x)
            .enumerate()
            .skip(top)
            .take(plan.len())
            .map(|(i, row)| {
                whole_rows.push(matches!(row, Row::Component(..)));
                split_sel |= i == sel && split(&row);
                need(row)
            })
            .collect();
        let at_sel = plan
            .iter()
            .position(|&(i, _)| i == sel)
            .filter(|_| !split_sel);
        let whole_rows = &whole_rows;
        let others = |whole: bool| (0..plan.len()).filter(move |&k| whole_rows[k] == whole);
        let order = at_sel.into_iter().chain(
            others(false)
                .chain(others(true))
                .filter(|&k| Some(k) != at_sel),
        );
        for k in order {
            let extra = needs[k].saturating_sub(plan[k].1).min(free);
            plan[k].1 += extra;
            free -= extra;
        }
    }
    Plan { top, rows: plan }
}

/// The pane's decoding settings for `app`.
fn decoding(app: &App) -> Decoding<'_> {
    let a = &app.analysis;
    // The registrable domain's labels: a host cut to fit keeps at least these.
    let reg_labels = crate::tui::view::screen::summary::registrable_suffix(&a.host_summary)
        .map_or(2, |r| r.split('.').count());
    Decoding {
        parsed: &a.parsed,
        profile: a.profile,
        reg_labels,
        preview: app.settings.preview,
    }
}

/// Where a row's continuation lines start: under its value (after the name and marker of a
/// component, the number of an item or pair); flush left in a pane too narrow for that.
fn indent_of(row: &Row, w: usize) -> usize {
    let indent = match row {
        // Under the value, or under the marker in a narrow pane (80×24's is 34 wide).
        Row::Component(..) if w >= 3 * 17 => 17,
        Row::Component(..) => 9,
        Row::Item(..) | Row::Pair(..) => 6,
        Row::Header(_) | Row::Note(_) => 2,
    };
    if indent * 2 > w { 0 } else { indent }
}

/// The columns `n` lines of width `w` hold when every line after the first starts at `indent`.
fn wrapped_width(w: usize, indent: usize, n: usize) -> usize {
    w + n.saturating_sub(1) * (w - indent)
}

/// `line` on at most `n` lines of `w` columns, each after the first starting with `indent`
/// spaces (under the value), by the fitting rule: a span (a word of ours, a value, its decoded
/// text) moves whole to the next line when it fits there, else it wraps at any cell; what does
/// not fit in `n` lines is cut at its end with `…`.
fn split_line<'a>(
    line: Line<'a>,
    w: usize,
    indent: usize,
    n: usize,
    theme: &Theme,
) -> Vec<Line<'a>> {
    if n <= 1 {
        return vec![line];
    }
    let groups: Vec<Vec<fit::Cell>> = line
        .spans
        .iter()
        .map(|s| fit::of_spans(std::slice::from_ref(s)))
        .collect();
    fit::wrap::groups(&groups, w, w - indent, n, theme.dim)
        .iter()
        .enumerate()
        .map(|(k, row)| {
            let lead = if k == 0 {
                Vec::new()
            } else {
                vec![Span::raw(" ".repeat(indent))]
            };
            fit::line(lead, row)
        })
        .collect()
}

/// What the decoded view needs: the parse of the input, the profile and the preview's charset; and how
/// many labels of the host a cut keeps (its registrable domain's).
#[derive(Clone, Copy)]
struct Decoding<'a> {
    parsed: &'a Parsed,
    profile: Profile,
    reg_labels: usize,
    /// The decoded preview's charset (`l`), which the decoded column follows.
    preview: Preview,
}

/// `x[r]` in `width` columns by the fitting rule: whole, or cut with `…` at its end (a host
/// on its left, whose right end says where a link goes: `…com.evil.example`, its last
/// `reg_labels` labels whole). Returns the spans and the columns they take.
fn cut_value<'a>(
    x: &'a [u8],
    r: Range<usize>,
    kind: SpanKind,
    width: usize,
    reg_labels: usize,
    theme: &Theme,
) -> (Vec<Span<'a>>, usize) {
    let style: Style = theme.span(kind);
    // The registrable domain starts after the dot before its first label. Only the dots in
    // the host's last columns matter: a cut keeps at most `width` of them, each at most 64
    // octets, and a registrable domain starting before those is cut like one starting there.
    let reg_at = (kind == SpanKind::Host).then(|| {
        let near = r.end - (r.end - r.start).min(width.saturating_add(1).saturating_mul(64));
        x[near..r.end]
            .iter()
            .enumerate()
            .rev()
            .filter(|&(_, &b)| b == b'.')
            .nth(reg_labels.saturating_sub(1))
            .map_or(near, |(i, _)| near + i + 1)
    });
    let places: Vec<usize> = reg_at.into_iter().collect();
    let cells = fit::of_octets_within(x, r.clone(), width, &places, theme, |_| style);
    let how = match reg_at {
        Some(at) => fit::Cut::Host(fit::index_of(&cells, at)),
        // Its start says what it is.
        None => fit::Cut::End,
    };
    let line = fit::spans(&fit::cut(&cells, width, &how, theme.dim));
    let w = line.iter().map(Span::width).sum();
    (line, w)
}

fn row_line<'a>(
    row: Row<'a>,
    x: &'a [u8],
    width: usize,
    dec: Decoding<'_>,
    theme: &Theme,
) -> Line<'a> {
    match row {
        Row::Pair(n, pr) => pair_line(n, pr, x, width, dec.preview, theme),
        Row::Header(h) => Line::from(Span::styled(h, theme.label)),
        Row::Note(n) => Line::from(Span::styled(n, theme.dim)),
        Row::Component(name, range, kind) => {
            let marker = match &range {
                None => "absent ",
                Some(r) if r.is_empty() => "empty  ",
                Some(_) => "present",
            };
            let mut spans = vec![Span::styled(format!("{name:<9}"), theme.label)];
            // A host that does not fit after `present` takes that word's columns: the value
            // says it is present, and the host's right end is what matters.
            let wide = range.clone().filter(|r| {
                kind == SpanKind::Host
                    && crate::tui::model::text::width_between(
                        x,
                        r.start,
                        r.end,
                        width.saturating_sub(18),
                    ) > width.saturating_sub(18)
            });
            let room = if wide.is_some() {
                width.saturating_sub(9)
            } else {
                spans.push(Span::styled(marker, theme.dim));
                spans.push(Span::raw(" "));
                width.saturating_sub(18)
            };
            if let Some(r) = range.filter(|r| !r.is_empty()) {
                value(&mut spans, x, r, kind, room, dec, theme);
            }
            Line::from(spans)
        }
        Row::Item(_, n, r, kind, second) => {
            let mut spans = vec![Span::styled(format!("  {n:<4}"), theme.dim)];
            let room = width.saturating_sub(6);
            let (left, right) = if second.is_some() {
                (room / 2, room - room / 2)
            } else {
                (room, 0)
            };
            value(&mut spans, x, r, kind, left, dec, theme);
            if let Some((r2, k2)) = second {
                spans.push(Span::styled(
                    if k2 == SpanKind::SegmentParam {
                        " ;"
                    } else {
                        " ="
                    },
                    theme.delimiter,
                ));
                value(&mut spans, x, r2, k2, right.saturating_sub(2), dec, theme);
            }
            Line::from(spans)
        }
    }
}

/// A query-table row: number, `⚑` for a tracking parameter (not by colour alone), then key and
/// value, each raw and `⇒ form-decoded` when decoding changes it.
fn pair_line<'a>(
    n: usize,
    pr: &'a QueryPair,
    x: &'a [u8],
    width: usize,
    preview: Preview,
    theme: &Theme,
) -> Line<'a> {
    let flag = if pr.tracking { "⚑" } else { " " };
    let mut spans = vec![
        Span::styled(format!("  {n:<2}"), theme.dim),
        Span::styled(flag, theme.warning),
        Span::raw(" "),
    ];
    let room = width.saturating_sub(6);
    // The key gets what it needs up to half the room, the value the rest (a short key leaves
    // a long value its columns).
    // Counted up to the room (a pasted key can be a megabyte).
    let key_cols = crate::tui::model::text::width_between(x, pr.key.start, pr.key.end, room);
    let (left, right) = match pr.value {
        Some(_) => {
            let left = key_cols.min(room / 2).max(1.min(room));
            (left, room - left)
        }
        None => (room, 0),
    };
    decoded_value(
        &mut spans,
        x,
        pr.key.clone(),
        &pr.key_decoded,
        preview,
        SpanKind::QueryKey,
        left,
        theme,
    );
    if let Some(v) = pr.value.clone() {
        spans.push(Span::styled(" =", theme.delimiter));
        decoded_value(
            &mut spans,
            x,
            v,
            &pr.value_decoded,
            preview,
            SpanKind::QueryValue,
            right.saturating_sub(2),
            theme,
        );
    }
    Line::from(spans)
}

/// As much of decoded octets as `width` columns can show (a cell is at most 64 octets).
fn shown_part(decoded: &[u8], width: usize) -> &[u8] {
    &decoded[..decoded
        .len()
        .min(width.saturating_add(1).saturating_mul(64))]
}

/// Decoded octets as the preview's charset reads them (`l`; unchanged when it is off or they are
/// ASCII), invalid sequences marked in place.
fn in_charset(decoded: &[u8], preview: Preview) -> Vec<u8> {
    match preview.charset_for(decoded) {
        Some(cs) if !decoded.is_ascii() => {
            modern::decode_octets(decoded, cs).display().into_bytes()
        }
        Some(_) | None => decoded.to_vec(),
    }
}

/// Raw `x[r]` in the span's colour, then `⇒ decoded` when `decoded` differs and there is room.
// The span list, the value and its place, and how to draw it: grouping them would only rename.
#[allow(clippy::too_many_arguments)]
fn decoded_value<'a>(
    spans: &mut Vec<Span<'a>>,
    x: &'a [u8],
    r: Range<usize>,
    decoded: &[u8],
    preview: Preview,
    kind: SpanKind,
    width: usize,
    theme: &Theme,
) {
    let (line, used) = cut_value(x, r.clone(), kind, width, 2, theme);
    spans.extend(line);
    if used + 4 >= width {
        return;
    }
    let room = width - used - 3;
    // Only what the room can show is read in the preview's charset.
    let part = shown_part(decoded, room);
    let shown = in_charset(part, preview);
    if decoded != &x[r] || shown != part {
        spans.push(Span::styled(" ⇒ ", theme.dim));
        decoded_tail(spans, &shown, room, theme);
    }
}

/// Raw text in the component's colour, then `⇒ decoded` when it holds a triplet or decoding
/// changes it (the core's decoded view).
#[allow(clippy::too_many_arguments)]
fn value<'a>(
    spans: &mut Vec<Span<'a>>,
    x: &'a [u8],
    r: Range<usize>,
    kind: SpanKind,
    width: usize,
    dec: Decoding<'_>,
    theme: &Theme,
) {
    let (parsed, profile) = (dec.parsed, dec.profile);
    let raw = &x[r.clone()];
    let (line, used) = cut_value(x, r.clone(), kind, width, dec.reg_labels.max(1), theme);
    spans.extend(line);
    if used + 4 >= width {
        return;
    }
    // One octet per unit: as many units as the cells could show.
    let mut decoded: Vec<u8> = parsed.decoded(x, r, profile).take(width * 4).collect();
    let changed = raw.contains(&b'%') || raw[..decoded.len()] != decoded[..];
    // The preview's charset (`l`) decodes the column too, invalid octets marked in place.
    decoded = in_charset(&decoded, dec.preview);
    if changed {
        spans.push(Span::styled(" ⇒ ", theme.dim));
        decoded_tail(spans, &decoded, width - used - 3, theme);
    }
}

/// The decoded text after `⇒` in `width` columns, cut at its end with `…` (the fitting rule).
fn decoded_tail(spans: &mut Vec<Span<'_>>, decoded: &[u8], width: usize, theme: &Theme) {
    let cells = fit::of_octets(decoded, 0..decoded.len(), theme, |_| Style::new());
    spans.extend(fit::spans(&fit::cut(
        &cells,
        width,
        &fit::Cut::End,
        theme.dim,
    )));
}
