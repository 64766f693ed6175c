//! The components pane: the nine components, then segments, params, query pairs and areatags.
//! Rows are produced lazily, so only the visible ones are built. The query pairs are the query
//! table (SPEC-MODERN §10.4): form-decoded, tracking parameters marked `⚑`.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::line::cells_line;
use super::pane;
use crate::modern::query::{QueryPair, QueryTable};
use crate::tui::action::Focus;
use crate::tui::app::App;
use crate::tui::layout::Areas;
use crate::tui::theme::Theme;
use crate::url::components::param_items;
use crate::url::{Parsed, Profile, SpanKind};

/// One row of the pane.
enum Row<'a> {
    Component(&'static str, Option<Range<usize>>, SpanKind),
    Header(String),
    /// Group (`path segment`, `param`, `areatag`), number, value, and a second value.
    Item(
        &'static str,
        usize,
        Range<usize>,
        SpanKind,
        Option<(Range<usize>, SpanKind)>,
    ),
    Note(&'static str),
    /// A pair of the query table, with its number.
    Pair(usize, &'a QueryPair),
}

fn rows<'a>(p: &'a Parsed, q: &'a QueryTable, x: &'a [u8]) -> impl Iterator<Item = Row<'a>> + 'a {
    use SpanKind as K;
    let nine = p
        .components()
        .map(|(c, r)| Row::Component(c.name(), r, c.span_kind()));
    let segs =
        (!p.segments.is_empty()).then(|| Row::Header(format!("segments ({})", p.segments.len())));
    let seg_rows = p.segments.iter().enumerate().map(|(i, s)| {
        let params = s.params.clone().map(|r| (r, K::SegmentParam));
        Row::Item(
            "path segment",
            i + 1,
            s.name.clone(),
            K::PathSegment,
            params,
        )
    });
    let params = p.params.clone().filter(|r| !r.is_empty());
    let param_head = params.as_ref().map(|_| Row::Header("params list".into()));
    let param_rows = params
        .into_iter()
        .flat_map(move |r| param_items(x, r))
        .enumerate()
        .map(|(i, r)| Row::Item("param", i + 1, r, K::Param, None));
    let tracking = q.tracking_count();
    let pairs_head = (!q.pairs.is_empty()).then(|| {
        Row::Header(if tracking == 0 {
            format!("query pairs ({})", q.pairs.len())
        } else {
            format!(
                "query pairs ({}; ⚑ {tracking} tracking, x strips)",
                q.pairs.len()
            )
        })
    });
    let semi = p.query.clone().is_some_and(|q| x[q].contains(&b';'));
    let note = semi.then_some(Row::Note(
        "  ';' splits pairs only in URL编码 (an RFC 2396 tutorial); here '&' alone (WHATWG)",
    ));
    let pair_rows = q
        .pairs
        .iter()
        .enumerate()
        .map(|(i, pr)| Row::Pair(i + 1, pr));
    let tags_head =
        (!p.areatags.is_empty()).then(|| Row::Header(format!("areatags ({})", p.areatags.len())));
    let tag_rows = p.areatags.iter().enumerate().map(|(i, t)| {
        Row::Item(
            "areatag",
            i + 1,
            t.tag.clone(),
            K::Areatag,
            t.domain.clone().map(|d| (d, K::FtnDomain)),
        )
    });
    nine.into_iter()
        .chain(segs)
        .chain(seg_rows)
        .chain(param_head)
        .chain(param_rows)
        .chain(pairs_head)
        .chain(note)
        .chain(pair_rows)
        .chain(tags_head)
        .chain(tag_rows)
}

/// The octets row `i` of the pane shows (its component, segment, param, pair key or tag), for
/// the mouse.
pub fn row_range(app: &App, i: usize) -> Option<Range<usize>> {
    row_value(app, i)?.1
}

/// What row `i` holds, for copying: its name ("the host", "path segment 2", "query pair 1")
/// and its raw octets (`None` for an absent component). `None` for headings and notes, which
/// cannot be selected.
pub fn row_value(app: &App, i: usize) -> Option<(String, Option<Range<usize>>)> {
    let a = &app.analysis;
    row_value_of(rows(&a.parsed, &a.query, &a.input).nth(i)?)
}

fn row_value_of(row: Row) -> Option<(String, Option<Range<usize>>)> {
    match row {
        Row::Component(name, r, _) => Some((format!("the {name}"), r)),
        Row::Item(group, n, r, _, v) => Some((
            format!("{group} {n}"),
            Some(match v {
                Some((v, _)) if v.end > r.start => r.start..v.end,
                _ => r,
            }),
        )),
        Row::Pair(n, pr) => Some((format!("query pair {n}"), Some(pr.range.clone()))),
        Row::Header(_) | Row::Note(_) => None,
    }
}

/// The selectable row nearest `from` in direction `dir` (±1), starting at `from` itself, or
/// `None` when there is none that way.
pub fn selectable_from(app: &App, from: usize, dir: isize) -> Option<usize> {
    let a = &app.analysis;
    let ok: Vec<bool> = rows(&a.parsed, &a.query, &a.input)
        .map(|r| !matches!(r, Row::Header(_) | Row::Note(_)))
        .collect();
    let mut i = from.min(ok.len().checked_sub(1)?) as isize;
    while (0..ok.len() as isize).contains(&i) {
        if ok[i as usize] {
            return Some(i as usize);
        }
        i += dir.signum();
    }
    None
}

/// Number of rows the pane has (for scrolling with the wheel).
pub fn row_count(app: &App) -> usize {
    let a = &app.analysis;
    rows(&a.parsed, &a.query, &a.input).count()
}

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let focused = app.focus == Focus::Components;
    frame.render_widget(pane("Components", focused, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let w = inner.width as usize;
    let dec = (&a.parsed, a.profile);
    let lines: Vec<Line> = rows(&a.parsed, &a.query, x)
        .enumerate()
        .skip(app.comp_top)
        .take(inner.height as usize)
        .map(|(i, row)| {
            let line = row_line(row, x, w, dec, theme);
            // The selected row (Y copies it), reversed in every theme: not by colour alone.
            if focused && i == app.comp_sel {
                line.patch_style(theme.selected)
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// What the decoded view (SPEC §1.7) needs: the parse of the input and the profile.
type Decoding<'a> = (&'a Parsed, Profile);

fn row_line<'a>(
    row: Row<'a>,
    x: &'a [u8],
    width: usize,
    dec: Decoding<'_>,
    theme: &Theme,
) -> Line<'a> {
    match row {
        Row::Pair(n, pr) => pair_line(n, pr, x, width, theme),
        Row::Header(h) => Line::from(Span::styled(h, theme.label)),
        Row::Note(n) => Line::from(Span::styled(n, theme.dim)),
        Row::Component(name, range, kind) => {
            let marker = match &range {
                None => "absent ",
                Some(r) if r.is_empty() => "empty  ",
                Some(_) => "present",
            };
            let mut spans = vec![
                Span::styled(format!("{name:<9}"), theme.label),
                Span::styled(marker, theme.dim),
                Span::raw(" "),
            ];
            if let Some(r) = range.filter(|r| !r.is_empty()) {
                value(&mut spans, x, r, kind, width.saturating_sub(18), dec, theme);
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
    theme: &Theme,
) -> Line<'a> {
    let flag = if pr.tracking { "⚑" } else { " " };
    let mut spans = vec![
        Span::styled(format!("  {n:<2}"), theme.dim),
        Span::styled(flag, theme.warning),
        Span::raw(" "),
    ];
    let room = width.saturating_sub(6);
    let (left, right) = match pr.value {
        Some(_) => (room / 2, room - room / 2),
        None => (room, 0),
    };
    decoded_value(
        &mut spans,
        x,
        pr.key.clone(),
        &pr.key_decoded,
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
            SpanKind::QueryValue,
            right.saturating_sub(2),
            theme,
        );
    }
    Line::from(spans)
}

/// Raw `x[r]` in the span's colour, then `⇒ decoded` when `decoded` differs and there is room.
fn decoded_value<'a>(
    spans: &mut Vec<Span<'a>>,
    x: &'a [u8],
    r: Range<usize>,
    decoded: &[u8],
    kind: SpanKind,
    width: usize,
    theme: &Theme,
) {
    let style: Style = theme.span(kind);
    let (line, _) = cells_line(&x[..r.end], r.start, width, theme, |_| style);
    let used: usize = line.iter().map(|s| s.width()).sum();
    spans.extend(line);
    if decoded != &x[r] && used + 4 < width {
        spans.push(Span::styled(" ⇒ ", theme.dim));
        let (d, _) = cells_line(decoded, 0, width - used - 3, theme, |_| Style::new());
        spans.extend(
            d.into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style)),
        );
    }
}

/// Raw text in the component's colour, then `⇒ decoded` when it holds a triplet or decoding
/// changes it (the core's decoded view, SPEC §1.7).
#[allow(clippy::too_many_arguments)]
fn value<'a>(
    spans: &mut Vec<Span<'a>>,
    x: &'a [u8],
    r: Range<usize>,
    kind: SpanKind,
    width: usize,
    (parsed, profile): Decoding<'_>,
    theme: &Theme,
) {
    let style: Style = theme.span(kind);
    let raw = &x[r.clone()];
    let (line, _) = cells_line(&x[..r.end], r.start, width, theme, |_| style);
    let used: usize = line.iter().map(|s| s.width()).sum();
    spans.extend(line);
    if used + 4 >= width {
        return;
    }
    // One octet per unit: as many units as the cells could show.
    let decoded: Vec<u8> = parsed.decoded(x, r, profile).take(width * 4).collect();
    if raw.contains(&b'%') || raw[..decoded.len()] != decoded[..] {
        spans.push(Span::styled(" ⇒ ", theme.dim));
        let (d, _) = cells_line(&decoded, 0, width - used - 3, theme, |_| Style::new());
        spans.extend(
            d.into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style)),
        );
    }
}
