//! The components pane's rows (the model the pane draws, the mouse hits, the copy keys and the
//! selection read): the nine components, then segments, params, query pairs and areatags.
//! Rows are produced lazily, so only the visible ones are built.

use std::ops::Range;

use crate::tui::model::app::App;
use urlscope_core::Parsed;
use urlscope_core::modern::{QueryPair, QueryTable};
use urlscope_core::url::SpanKind;
use urlscope_core::url::param_items;

/// One row of the pane.
pub enum Row<'a> {
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

pub fn rows<'a>(
    p: &'a Parsed,
    q: &'a QueryTable,
    x: &'a [u8],
) -> impl Iterator<Item = Row<'a>> + 'a {
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
    let note = q.semicolon.then_some(Row::Note(
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
