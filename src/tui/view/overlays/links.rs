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
use crate::tui::msg::Print;
use crate::tui::view::{fit, pane};

const PICK_TITLE: &str =
    "Links — type to filter · ↑↓ select · Enter print · Tab inspect · Esc cancel";
const MULTI_TITLE: &str =
    "Links — type to filter · Tab mark · Enter print · → inspect · Esc cancel";
const LIST_TITLE: &str =
    "Links — type to filter · ↑↓ select · Enter load · Tab inspect · Esc close";

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let title = if app.exit.pick.is_some() && app.exit.multi {
        MULTI_TITLE
    } else if app.exit.pick.is_some() {
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
    let multi = app.exit.multi && app.exit.pick.is_some();
    let mut lines = vec![filter_line(list, app.exit.pick, multi, theme, width)];
    // Two rows a link at least between the filter line and the target line; rows left over go
    // to the selected link, then to the others in reading order, so a link or its HTML text is
    // wrapped whole before anything is cut (`fit::rows::share`).
    let avail = (inner.height as usize).saturating_sub(2);
    let rows = (avail / 2).max(1);
    let top = list.sel.saturating_sub(rows - 1);
    let shown: Vec<usize> = list.shown().iter().skip(top).take(rows).copied().collect();
    let entries: Vec<Entry> = shown
        .iter()
        .enumerate()
        .map(|(k, &i)| entry(list, i, top + k == list.sel, theme, width))
        .collect();
    // Each link's first row is its own; `share` hands out the rest (at least one more each).
    let want: Vec<usize> = entries
        .iter()
        .map(|e| e.rows_needed(width, theme) - 1)
        .collect();
    let sel_row = list.sel.checked_sub(top);
    let got = fit::rows::share(&want, avail.saturating_sub(entries.len()), sel_row);
    for (e, extra) in entries.iter().zip(got) {
        lines.extend(e.lines(1 + extra, width, theme));
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
fn filter_line(
    list: &LinkList,
    pick: Option<Print>,
    multi: bool,
    theme: &Theme,
    width: usize,
) -> Line<'static> {
    let mut spans = vec![Span::styled("filter: ", theme.label)];
    // The filter's end, where it is typed, in a third of the line.
    let f = list.filter.as_bytes();
    let cells = fit::of_octets(f, 0..f.len(), theme, |_| Style::new());
    spans.extend(fit::spans(&fit::cut(
        &cells,
        width / 3,
        &fit::Cut::KeepEnd(0),
        theme.dim,
    )));
    spans.push(Span::styled("▏", theme.cursor));
    let prints = match pick {
        Some(Print::Found) => " · Enter prints it as found",
        Some(Print::Target) => " · Enter prints its target",
        Some(Print::Canonical) => " · Enter prints it WHATWG-serialized",
        None => "",
    };
    // A streamed mbox: how far it is read (the list grows meanwhile).
    let read = match (list.reading, list.messages) {
        (Some(n), _) => format!(" · reading… {n} messages"),
        (None, Some(n)) => format!(" · {n} messages"),
        (None, None) => String::new(),
    };
    // The counts, then the hints: as many whole as fit after the filter, in this order (the
    // rest left out, never cut mid-word).
    let mut items = vec![fit::of_str(
        &format!("  {} of {} links", list.shown().len(), list.len()),
        theme.dim,
    )];
    if multi {
        let n = list.marked().len();
        let st = if n > 0 { theme.label } else { theme.dim };
        items.push(fit::of_str(&format!(" · {n} marked"), st));
    }
    if !read.is_empty() {
        items.push(fit::of_str(&read, theme.dim));
    }
    items.push(fit::of_str(" (substring, any case)", theme.dim));
    if !prints.is_empty() {
        items.push(fit::of_str(prints, theme.dim));
    }
    let used: usize = spans.iter().map(Span::width).sum();
    let n = fit::wrap::whole(&items, 0, width.saturating_sub(used)).max(1);
    for it in &items[..n] {
        spans.extend(fit::spans(it));
    }
    Line::from(spans)
}

/// A link's rows: its head (mark and line number), the link itself, and the line about it
/// (verdict, registrable domain, layers, the HTML text).
struct Entry {
    head: Vec<fit::Cell>,
    url: Vec<u8>,
    registrable: Option<String>,
    /// The line about it in groups that wrap whole (the verdict, the site, the layers, the
    /// HTML text), so a row break never falls inside a quoted text or a domain that fits.
    about: Vec<Vec<fit::Cell>>,
}

impl Entry {
    /// Rows the link and its line need whole at `width`.
    fn rows_needed(&self, width: usize, theme: &Theme) -> usize {
        let room = width.saturating_sub(fit::width(&self.head)).max(1);
        let cells = fit::of_octets(&self.url, 0..self.url.len(), theme, |_| Style::new());
        fit::wrap::rows_needed(&cells, room) + self.about_rows(width, usize::MAX, theme).len()
    }

    /// The line about the link wrapped at `width` onto at most `rows` rows, the rows after
    /// the first indented under the verdict (each group brings two of the columns).
    fn about_rows(&self, width: usize, rows: usize, theme: &Theme) -> Vec<Vec<fit::Cell>> {
        const HANG: usize = 6;
        let hang = if width > 2 * HANG { HANG } else { 0 };
        let mut out = fit::wrap::groups(&self.about, width, width - hang, rows, theme.dim);
        let pad = fit::of_str(&" ".repeat(hang), Style::new());
        for row in out.iter_mut().skip(1) {
            row.splice(0..0, pad.iter().cloned());
        }
        out
    }

    /// The link in `rows` rows: the URL first (wrapped under its head; cut in the middle of
    /// its path, never through its registrable domain, when it still does not fit), then its
    /// line, wrapped or cut at its end.
    fn lines(&self, rows: usize, width: usize, theme: &Theme) -> Vec<Line<'static>> {
        let head_w = fit::width(&self.head);
        let room = width.saturating_sub(head_w).max(1);
        let cells = fit::of_octets(&self.url, 0..self.url.len(), theme, |_| Style::new());
        let about_need = self.about_rows(width, usize::MAX, theme).len().max(1);
        let url_need = fit::wrap::rows_needed(&cells, room);
        let url_rows = url_need.min(rows.saturating_sub(1).max(1));
        let about_rows = rows.saturating_sub(url_rows).clamp(1, about_need);
        let url = if url_need <= url_rows {
            cells
        } else {
            fit::of_spans(&cut_link(
                &self.url,
                self.registrable.as_deref(),
                room * url_rows,
                theme,
            ))
        };
        let mut out = Vec::new();
        let pad = fit::of_str(&" ".repeat(head_w), Style::new());
        for (k, row) in fit::wrap::cells(&url, room, url_rows, &fit::Cut::Middle, theme.dim)
            .iter()
            .enumerate()
        {
            let lead = if k == 0 { &self.head } else { &pad };
            out.push(fit::line(fit::spans(lead), row));
        }
        for row in self.about_rows(width, about_rows, theme) {
            out.push(fit::line(Vec::new(), &row));
        }
        out
    }
}

/// A link's entry.
fn entry(list: &LinkList, i: usize, selected: bool, theme: &Theme, width: usize) -> Entry {
    let link = list.link(i);
    let facts = list.facts(i);
    let row = if selected {
        theme.selected
    } else {
        Style::new()
    };
    // The selection's arrow, then the `pick --multi` mark.
    let arrow = if selected { "▶" } else { " " };
    let mark = if list.is_marked(i) { "●" } else { " " };
    let head = fit::of_str(
        &format!("{arrow}{mark}{:>5} ", link.line),
        row.patch(theme.label),
    );
    let (level, words) = verdict(facts);
    let (sym, st) = match level {
        Level::Danger => ("✗", theme.error),
        Level::Warning => ("⚠", theme.warning),
        Level::Wrapped => ("↪", theme.label),
        Level::Ok => ("✓", theme.dim),
    };
    // The registrable domain (else the host), and its ASCII form beside it where they differ:
    // pasted into a ticket, `pаypal.com` with a Cyrillic а reads as paypal.com.
    let mut site = Vec::new();
    if let Some(reg) = facts.registrable.as_ref().or(facts.host.as_ref()) {
        site.extend(untrusted(reg.as_bytes(), usize::MAX, theme, theme.host));
        if let Some(ascii) = facts.registrable_ascii.as_ref().filter(|a| *a != reg) {
            site.push(Span::styled(" = ", theme.dim));
            site.extend(untrusted(ascii.as_bytes(), usize::MAX, theme, theme.host));
        }
    }
    let site = fit::of_spans(&site);
    // Every finding, most serious first, in the room the site leaves on the line (at least
    // the first); those that do not fit are counted (`+2`).
    const INDENT: usize = 8;
    const VERDICT_COLS: usize = 24;
    let room = width.saturating_sub(INDENT + 2 + 2 + fit::width(&site));
    let mut about = fit::of_spans(&[Span::styled(format!("{:INDENT$}", ""), row)]);
    about.extend(fit::of_str(&format!("{sym} "), st));
    // Padded to a column, so the sites line up down the list.
    let said = findings_cells(&words, room.max(VERDICT_COLS), st, theme);
    let pad = VERDICT_COLS.saturating_sub(fit::width(&said)) + 1;
    about.extend(said);
    about.extend(fit::of_str(&" ".repeat(pad), Style::new()));
    let mut groups = vec![about, site];
    if facts.wrapper_layers > 0 {
        groups.push(fit::of_str(
            &format!("  {} wrapper(s)", facts.wrapper_layers),
            theme.dim,
        ));
    }
    if let Some(t) = link.text.as_deref().filter(|t| t.as_bytes() != link.url) {
        let mut text = vec![Span::styled("  text “", theme.dim)];
        text.extend(untrusted(t.as_bytes(), usize::MAX, theme, Style::new()));
        text.push(Span::styled("”", theme.dim));
        groups.push(fit::of_spans(&text));
    }
    Entry {
        head,
        url: link.url.clone(),
        registrable: facts.registrable.clone(),
        about: groups,
    }
}

/// The verdict's words joined by ` · ` in `cols` columns: as many whole words as fit, in order,
/// then `+N` for the rest (the first word always, even alone too wide: the line wraps it).
fn findings_cells(words: &[String], cols: usize, style: Style, theme: &Theme) -> Vec<fit::Cell> {
    const SEP: &str = " · ";
    const SEP_COLS: usize = 3;
    let items: Vec<Vec<fit::Cell>> = words.iter().map(|w| fit::of_str(w, style)).collect();
    let all = fit::wrap::whole(&items, SEP_COLS, cols);
    let n = if all == items.len() {
        all
    } else {
        let plus = format!(" +{}", items.len());
        fit::wrap::whole(&items, SEP_COLS, cols.saturating_sub(plus.len())).max(1)
    };
    let mut out = Vec::new();
    for (k, it) in items.iter().take(n).enumerate() {
        if k > 0 {
            out.extend(fit::of_str(SEP, theme.dim));
        }
        out.extend(it.iter().cloned());
    }
    if n < items.len() {
        out.extend(fit::of_str(&format!(" +{}", items.len() - n), style));
    }
    out
}

/// Untrusted octets as cells (control characters escaped), at most `width` columns.
/// Cut in the middle when longer (a target URL keeps its host and its end).
fn untrusted(s: &[u8], width: usize, theme: &Theme, style: Style) -> Vec<Span<'static>> {
    let cells = fit::of_octets(s, 0..s.len(), theme, |_| style);
    fit::spans(&fit::cut(&cells, width, &fit::Cut::Middle, theme.dim))
}

/// The link in `width` columns by the fitting rule: whole when it fits; else cut in the
/// middle of what follows the host, keeping the scheme, the whole host and the end; when even
/// the host is too long, the host gives way on its left (its registrable domain and port
/// kept), then the end of what follows it if there is room.
pub fn cut_link(
    url: &[u8],
    registrable: Option<&str>,
    width: usize,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let cells = fit::of_octets(url, 0..url.len(), theme, |_| Style::new());
    if fit::width(&cells) <= width {
        return fit::spans(&cells);
    }
    let host_end = authority_end(url);
    let k = fit::index_of(&cells, host_end);
    let (head, tail) = cells.split_at(k);
    let (head_cols, tail_cols) = (fit::width(head), fit::width(tail));
    let tail_keep = tail_cols.min(8);
    if head_cols + 1 + tail_keep <= width {
        // The path's middle gives way; the host stays whole.
        let how = fit::Cut::Inside(k..cells.len());
        return fit::spans(&fit::cut(&cells, width, &how, theme.dim));
    }
    // The host alone is too long: the scheme, the host's end (at least the registrable
    // domain and the port), then the end of what follows it if there is room.
    let auth = memchr::memmem::find(url, b"//").map_or(0, |i| i + 2);
    let a = fit::index_of(head, auth);
    let (scheme, host) = head.split_at(a);
    let reg = fit::index_of(host, registrable_start(&url[..host_end], registrable));
    let reg_cols = fit::width(&host[reg..]);
    let mut tail_w = if tail.is_empty() {
        0
    } else {
        (width / 5).min(tail_keep)
    };
    if reg_cols + 2 + tail_w + 1 > width {
        tail_w = 0;
    }
    let head_w = width.saturating_sub(if tail_w > 0 { tail_w + 1 } else { 0 });
    let scheme_cols = fit::width(scheme);
    let mut out = Vec::new();
    let host_w = if scheme_cols + 1 + reg_cols <= head_w {
        out.extend_from_slice(scheme);
        head_w - scheme_cols
    } else {
        head_w
    };
    out.extend(fit::cut(host, host_w, &fit::Cut::Host(reg), theme.dim));
    if tail_w > 0 {
        out.extend(fit::cut(tail, tail_w + 1, &fit::Cut::KeepEnd(0), theme.dim));
    }
    fit::spans(&out)
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

#[cfg(test)]
mod tests {
    use super::cut_link;
    use crate::theme::Theme;

    fn shown(url: &str, reg: Option<&str>, width: usize) -> String {
        let s: String = cut_link(url.as_bytes(), reg, width, &Theme::default())
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        assert!(s.chars().count() <= width, "{s} in {width}");
        s
    }

    #[test]
    fn a_link_gives_way_in_its_path_and_keeps_its_host() {
        let url = "https://shop.example/a/very/long/path/to/the/item?id=7";
        assert_eq!(shown(url, Some("shop.example"), 80), url);
        let s = shown(url, Some("shop.example"), 40);
        assert!(s.starts_with("https://shop.example/"), "{s}");
        assert!(s.ends_with("id=7") && s.contains('…'), "{s}");
    }

    #[test]
    fn a_host_too_long_gives_way_on_its_left_never_its_registrable_domain() {
        let url = "https://paypal.com.account-security-check.login.evil.example/verify?id=7";
        let s = shown(url, Some("evil.example"), 40);
        assert!(s.starts_with("https://…"), "{s}");
        assert!(s.contains("evil.example"), "{s}");
        assert!(!s.contains("paypal"), "{s}");
        // Narrower: still the registrable domain, after a `…`.
        let s = shown(url, Some("evil.example"), 16);
        assert!(s.contains("evil.example"), "{s}");
    }
}
