//! The components pane: draws the rows of [`crate::tui::model::rows`] (the nine components, then
//! segments, params, query pairs and areatags), only the visible ones. The query pairs are the
//! query table (SPEC-MODERN §10.4): form-decoded, tracking parameters marked `⚑`.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::modern::charset;
use crate::modern::query::QueryPair;
use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::preview::Preview;
use crate::tui::model::rows::{Row, rows};
use crate::tui::msg::Focus;
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;
use crate::url::{Parsed, Profile, SpanKind};

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
    let dec = (&a.parsed, a.profile, app.preview);
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
type Decoding<'a> = (&'a Parsed, Profile, Preview);

fn row_line<'a>(
    row: Row<'a>,
    x: &'a [u8],
    width: usize,
    dec: Decoding<'_>,
    theme: &Theme,
) -> Line<'a> {
    match row {
        Row::Pair(n, pr) => pair_line(n, pr, x, width, dec.2, theme),
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
    let (left, right) = match pr.value {
        Some(_) => (room / 2, room - room / 2),
        None => (room, 0),
    };
    decoded_value(
        &mut spans,
        x,
        pr.key.clone(),
        &in_charset(&pr.key_decoded, preview),
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
            &in_charset(&pr.value_decoded, preview),
            SpanKind::QueryValue,
            right.saturating_sub(2),
            theme,
        );
    }
    Line::from(spans)
}

/// Decoded octets as the preview's charset reads them (`l`; unchanged when it is off or they are
/// ASCII), invalid sequences marked in place.
fn in_charset(decoded: &[u8], preview: Preview) -> Vec<u8> {
    match preview.charset_for(decoded) {
        Some(cs) if !decoded.is_ascii() => {
            charset::decode_octets(decoded, cs).display().into_bytes()
        }
        Some(_) | None => decoded.to_vec(),
    }
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
    (parsed, profile, preview): Decoding<'_>,
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
    let mut decoded: Vec<u8> = parsed.decoded(x, r, profile).take(width * 4).collect();
    let changed = raw.contains(&b'%') || raw[..decoded.len()] != decoded[..];
    // The preview's charset (`l`) decodes the column too, invalid octets marked in place.
    decoded = in_charset(&decoded, preview);
    if changed {
        spans.push(Span::styled(" ⇒ ", theme.dim));
        let (d, _) = cells_line(&decoded, 0, width - used - 3, theme, |_| Style::new());
        spans.extend(
            d.into_iter()
                .map(|s| Span::styled(s.content.into_owned(), s.style)),
        );
    }
}
