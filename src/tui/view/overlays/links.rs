//! The link list (`urlscope pick`, Alt+L): the filter line, then two lines a link — its line
//! number and the link (cut in the middle, never through its host), then the verdict, the
//! registrable domain, the wrapper layers and the HTML text where it differs — and the
//! selected link's target at the bottom. Only the rows on screen ask the lenses
//! (`LinkList::facts`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::linklist::{Level, LinkList, verdict};
use crate::tui::model::text;
use crate::tui::msg::Print;
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;

const PICK_TITLE: &str =
    "Links — type to filter · ↑↓ select · Enter print · Tab inspect · Esc cancel";
const LIST_TITLE: &str =
    "Links — type to filter · ↑↓ select · Enter load · Tab inspect · Esc close";

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let title = if app.exit.pick.is_some() {
        PICK_TITLE
    } else {
        LIST_TITLE
    };
    frame.render_widget(pane(title, true, theme), area);
    let inner = Areas::inner(area);
    let Some(list) = &app.links else {
        return;
    };
    let width = inner.width as usize;
    let mut lines = vec![filter_line(list, app.exit.pick, theme, width)];
    // Two lines a link between the filter line and the target line.
    let rows = ((inner.height as usize).saturating_sub(2) / 2).max(1);
    let top = list.sel.saturating_sub(rows - 1);
    for (row, &i) in list.shown().iter().enumerate().skip(top).take(rows) {
        let (first, second) = entry(list, i, row == list.sel, theme, width);
        lines.push(first);
        lines.push(second);
    }
    if list.shown().is_empty() {
        lines.push(Line::styled(
            "no link matches the filter (Backspace or Ctrl+U)",
            theme.dim,
        ));
    }
    frame.render_widget(Paragraph::new(lines), inner);
    if let Some(i) = list.selected()
        && inner.height >= 3
    {
        let foot = Rect::new(inner.x, inner.y + inner.height - 1, inner.width, 1);
        let target = &list.facts(i).target;
        let mut spans = vec![Span::styled("target ", theme.label)];
        spans.extend(untrusted(
            target.as_bytes(),
            width.saturating_sub(7),
            theme,
            theme.host,
        ));
        frame.render_widget(Clear, foot);
        frame.render_widget(Paragraph::new(Line::from(spans)), foot);
    }
}

/// `filter: abc▏   3 of 120 links · substring, any case · Enter prints the link as found`.
fn filter_line(list: &LinkList, pick: Option<Print>, theme: &Theme, width: usize) -> Line<'static> {
    let mut spans = vec![Span::styled("filter: ", theme.label)];
    let (cells, _) = cells_line(list.filter.as_bytes(), 0, width / 3, theme, |_| {
        Style::new()
    });
    spans.extend(owned(cells));
    spans.push(Span::styled("▏", theme.cursor));
    let prints = match pick {
        Some(Print::Found) => " · Enter prints it as found",
        Some(Print::Target) => " · Enter prints its target",
        Some(Print::Canonical) => " · Enter prints it WHATWG-serialized",
        None => "",
    };
    spans.push(Span::styled(
        format!(
            "  {} of {} links (substring, any case){prints}",
            list.shown().len(),
            list.len()
        ),
        theme.dim,
    ));
    Line::from(spans)
}

/// A link's two lines.
fn entry(
    list: &LinkList,
    i: usize,
    selected: bool,
    theme: &Theme,
    width: usize,
) -> (Line<'static>, Line<'static>) {
    let link = list.link(i);
    let facts = list.facts(i);
    let row = if selected {
        theme.selected
    } else {
        Style::new()
    };
    let mark = if selected { "▶" } else { " " };
    let head = format!("{mark}{:>6} ", link.line);
    let room = width.saturating_sub(head.chars().count());
    let mut first = vec![Span::styled(head, row.patch(theme.label))];
    first.extend(cut_link(
        &link.url,
        facts.registrable.as_deref(),
        room,
        theme,
    ));
    let (level, words) = verdict(facts);
    let (sym, st) = match level {
        Level::Danger => ("✗", theme.error),
        Level::Warning => ("⚠", theme.warning),
        Level::Wrapped => ("↪", theme.label),
        Level::Ok => ("✓", theme.dim),
    };
    let mut second = vec![
        Span::styled(format!("{:8}", ""), row),
        Span::styled(format!("{sym} {words:<24} "), st),
    ];
    let mut used = 8 + 2 + words.chars().count().max(24) + 1;
    if let Some(reg) = facts.registrable.as_ref().or(facts.host.as_ref()) {
        let shown = untrusted(
            reg.as_bytes(),
            width.saturating_sub(used),
            theme,
            theme.host,
        );
        used += shown.iter().map(Span::width).sum::<usize>();
        second.extend(shown);
    }
    if facts.wrapper_layers > 0 {
        let s = format!("  {} wrapper(s)", facts.wrapper_layers);
        used += s.chars().count();
        second.push(Span::styled(s, theme.dim));
    }
    if let Some(t) = link.text.as_deref().filter(|t| t.as_bytes() != link.url)
        && width > used + 10
    {
        second.push(Span::styled("  text “", theme.dim));
        second.extend(untrusted(
            t.as_bytes(),
            width - used - 10,
            theme,
            Style::new(),
        ));
        second.push(Span::styled("”", theme.dim));
    }
    (Line::from(first), Line::from(second))
}

/// Untrusted octets as cells (control characters escaped), at most `width` columns.
fn untrusted(s: &[u8], width: usize, theme: &Theme, style: Style) -> Vec<Span<'static>> {
    let (cells, end) = cells_line(s, 0, width, theme, |_| style);
    let mut out = owned(cells);
    if end < s.len() && !out.is_empty() {
        out.pop();
        out.push(Span::styled("…", theme.dim));
    }
    out
}

fn owned(spans: Vec<Span<'_>>) -> Vec<Span<'static>> {
    spans
        .into_iter()
        .map(|s| Span::styled(s.content.into_owned(), s.style))
        .collect()
}

/// The link in `width` columns: whole when it fits; else cut in the path's middle, keeping the
/// scheme, the whole host and the end; when even the host is too long, its start is cut and its
/// end — at least the registrable domain — kept.
pub fn cut_link(
    url: &[u8],
    registrable: Option<&str>,
    width: usize,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let cells: Vec<_> = text::cells(url, 0..url.len()).collect();
    let total: usize = cells.iter().map(|c| c.width).sum();
    let span = |c: &text::Cell| {
        let st = if c.glyph == text::Glyph::Invalid {
            theme.escaped
        } else {
            Style::new()
        };
        Span::styled(c.text.to_string(), st)
    };
    if total <= width {
        return cells.iter().map(span).collect();
    }
    let host_end = authority_end(url);
    let reg_start = registrable_start(&url[..host_end], registrable);
    let k = cells.partition_point(|c| c.bytes.end <= host_end);
    let (head, tail) = cells.split_at(k);
    let cols = |cs: &[text::Cell]| cs.iter().map(|c| c.width).sum::<usize>();
    // How many of the first cells of `cs` fit in `w` columns; where the last ones that fit start.
    let first = |cs: &[text::Cell], w: usize| {
        let mut used = 0;
        cs.iter()
            .take_while(|c| {
                used += c.width;
                used <= w
            })
            .count()
    };
    let last = |cs: &[text::Cell], w: usize| {
        let mut used = 0;
        cs.len()
            - cs.iter()
                .rev()
                .take_while(|c| {
                    used += c.width;
                    used <= w
                })
                .count()
    };
    let ellipsis = || Span::styled("…", theme.dim);
    let mut out = Vec::new();
    let tail_keep = cols(tail).min(8);
    if cols(head) + 1 + tail_keep <= width {
        out.extend(head.iter().map(span));
        if !tail.is_empty() {
            out.push(ellipsis());
            out.extend(tail[last(tail, width - cols(head) - 1)..].iter().map(span));
        }
        return out;
    }
    // The host alone is too long: its start, …, its end (the registrable domain and the port
    // at least); then …, the path's end if there is room.
    let reg_cols = cols(&head[head.partition_point(|c| c.bytes.start < reg_start)..]);
    let mut tail_w = if tail.is_empty() {
        0
    } else {
        (width / 5).min(tail_keep)
    };
    if reg_cols + 2 + tail_w + 1 > width {
        tail_w = 0;
    }
    let head_w = width.saturating_sub(if tail_w > 0 { tail_w + 1 } else { 0 });
    let lead = (head_w.saturating_sub(reg_cols + 1) / 2).min(8);
    let n = first(head, lead);
    out.extend(head[..n].iter().map(span));
    out.push(ellipsis());
    let end_w = head_w.saturating_sub(cols(&head[..n]) + 1);
    out.extend(head[last(head, end_w).max(n)..].iter().map(span));
    if tail_w > 0 {
        out.push(ellipsis());
        out.extend(tail[last(tail, tail_w)..].iter().map(span));
    }
    out
}

/// Where the authority (userinfo, host, port) ends: the first `/ ? #` after `//`, else after
/// the scheme's `:` (a schemeless `www.` link: from the start).
fn authority_end(url: &[u8]) -> usize {
    let start = memchr::memmem::find(url, b"//").map_or(0, |i| i + 2);
    url[start..]
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(url.len(), |i| start + i)
}

/// Where the registrable domain starts in `authority` (any case); when the link spells it
/// otherwise (punycode, percent-encoding), where its last two labels start.
fn registrable_start(authority: &[u8], registrable: Option<&str>) -> usize {
    let lower = authority.to_ascii_lowercase();
    if let Some(r) = registrable.filter(|r| !r.is_empty())
        && let Some(i) = memchr::memmem::rfind(&lower, r.to_ascii_lowercase().as_bytes())
    {
        return i;
    }
    let host_end = memchr::memrchr(b':', authority)
        .filter(|&i| authority[i + 1..].iter().all(u8::is_ascii_digit))
        .unwrap_or(authority.len());
    let mut dots = authority[..host_end]
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &b)| b == b'.' || b == b'@' || b == b'/');
    match (dots.next(), dots.next()) {
        (Some(_), Some((i, _))) => i + 1,
        _ => 0,
    }
}
