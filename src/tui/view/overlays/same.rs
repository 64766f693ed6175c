//! The compare-with mode (Ctrl+T): is the URL line (A) the same URL as the second line (B)? For
//! each profile, equal or not and after which step; RFC 3986 §6.2's ladder with the first rung
//! at which they match; the WHATWG parser with and without the fragment. Where two results
//! differ, the differing units are marked (A's as removed, B's as inserted).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::analysis::same::Differs;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::in_ranges;
use crate::tui::view::fit;
use crate::tui::view::{pane, scrolled};
use unicode_width::UnicodeWidthStr;
use urlscope_core::modern::{Difference, Rung, WhatwgSameness};
use urlscope_core::url::Group;

const LABEL_W: usize = 12;

pub fn render(app: &App, top: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Compare with — A: URL line, B: With line · Tab switches · Ctrl+T/Esc: base",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    if app.editing.other.buf.is_empty() {
        let lines = vec![
            Line::styled(
                "Type the URL to compare with on the second line (\"With\").",
                theme.label,
            ),
            Line::raw(""),
            Line::raw("Then this view says, for the URL line (A) and that URL (B):"),
            Line::raw("  · each profile: equal or not after normalizing, and after which step;"),
            Line::raw("  · RFC 3986 §6.2's comparison ladder: the first rung at which they match;"),
            Line::raw("  · the WHATWG parser: equal with and without the fragment."),
            Line::raw(""),
            Line::styled(
                "Tab moves between the two lines; Ctrl+T or Esc gives the second line back to the base.",
                theme.dim,
            ),
        ];
        frame.render_widget(
            Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false }),
            inner,
        );
        return;
    }
    let Some(w) = app
        .analysis
        .same
        .as_ref()
        .filter(|w| w.other == app.editing.other.buf)
    else {
        frame.render_widget(
            Paragraph::new("comparing the two URLs…").style(theme.dim),
            inner,
        );
        return;
    };
    let s = &w.sameness;
    let mut lines: Vec<Line<'static>> = Vec::new();
    // Where the two lines differ, first: named, and both lines cut around it and marked.
    lines.extend(pair(
        "A and B",
        &app.analysis.input,
        &w.other,
        s.difference.as_ref(),
        &Differs::default(),
        inner.width as usize,
        theme,
    ));
    lines.push(Line::raw(""));
    // The results that differ come after the table, marked where they differ.
    let mut differing = Vec::new();
    lines.push(Line::styled(
        "profiles: equal after normalizing? (▶ the active profile)",
        theme.label,
    ));
    // The labels people read where they leave the verdicts two thirds of the row; else the
    // command-line names.
    let long = s.profiles.iter().map(|p| p.profile.label().chars().count());
    let use_labels = long
        .max()
        .is_some_and(|n| n + 2 <= inner.width as usize / 3);
    let shown = |p: urlscope_core::Profile| if use_labels { p.label() } else { p.name() };
    // Each group's labels as wide as its longest (at least LABEL_W).
    let group_w = |g: urlscope_core::url::Group| {
        g.profiles()
            .map(|p| shown(p).chars().count() + 1)
            .max()
            .unwrap_or(0)
            .max(LABEL_W)
    };
    // Each group under its heading, a row a profile with its verdict and step.
    for g in Group::ALL {
        lines.push(Line::styled(format!(" {}", g.label()), theme.dim));
        for (p, d) in s
            .profiles
            .iter()
            .zip(&w.profiles)
            .filter(|(p, _)| p.profile.group() == g)
        {
            let active = p.profile == app.settings.profile;
            let label = format!(
                "{}{:<w$}",
                if active { "▶" } else { " " },
                shown(p.profile),
                w = group_w(g)
            );
            let (mark, st) = verdict_style(p.equal, theme);
            lines.push(Line::from(vec![
                Span::styled(label, if active { theme.focus } else { theme.label }),
                Span::styled(format!("{mark} {}", p.verdict()), st),
            ]));
            if !p.equal {
                differing.push((p.profile.label(), p, d));
            }
        }
    }
    lines.push(Line::raw(""));
    let first = s.ladder.first_match;
    lines.push(Line::styled(
        match first {
            Some(r) => format!(
                "RFC 3986 §6.2 ladder: they match at rung {} ({})",
                r.name(),
                r.section()
            ),
            None => "RFC 3986 §6.2 ladder: no rung makes them match".into(),
        },
        theme.label,
    ));
    let at = first.and_then(|r| Rung::ALL.iter().position(|&x| x == r));
    for (k, rung) in Rung::ALL.iter().enumerate() {
        let equal = at.is_some_and(|a| k >= a);
        let (mark, st) = verdict_style(equal, theme);
        let note = if at == Some(k) {
            "  ← first match"
        } else {
            ""
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<17}", rung.name()), theme.label),
            Span::styled(format!("{mark} {}{note}", rung.section()), st),
        ]));
    }
    lines.extend(whatwg_lines(&s.whatwg, theme, inner.width as usize));
    if !differing.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "where the results differ (A's units marked as removed, B's as inserted; ↓ scrolls)",
            theme.label,
        ));
        for (label, p, d) in differing {
            lines.extend(pair(
                &format!("{label}: the results"),
                &p.output_a,
                &p.output_b,
                p.difference.as_ref(),
                d,
                inner.width as usize,
                theme,
            ));
        }
    }
    // Each rung below the first match: both strings after it, marked where they differ.
    let below = at.unwrap_or(Rung::ALL.len());
    if below > 0 {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "where the ladder's rungs still differ (A and B after each rung)",
            theme.label,
        ));
    }
    for (k, rung) in Rung::ALL.iter().enumerate().take(below) {
        lines.extend(pair(
            &format!("after {}, A and B", rung.name()),
            &s.ladder.forms_a[k],
            &s.ladder.forms_b[k],
            s.ladder.differences[k].as_ref(),
            &w.rungs[k],
            inner.width as usize,
            theme,
        ));
    }
    scrolled(lines, top, frame, inner);
}

fn verdict_style(equal: bool, theme: &Theme) -> (&'static str, Style) {
    if equal {
        ("=", theme.inserted)
    } else {
        ("≠", theme.warning)
    }
}

/// Two strings compared: a sentence naming their first difference ("differ at query pair 8:
/// `y=2` ≠ `y=5`, byte 251"), then each on its own row, cut around that difference (the same
/// window on both, so they line up), the units where they differ coloured and the first
/// difference underlined on both, and a marker row under it (not colour alone).
fn pair(
    what: &str,
    a: &[u8],
    b: &[u8],
    first: Option<&Difference>,
    d: &Differs,
    cols: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let width = cols.saturating_sub(LABEL_W + 3);
    let Some(first) = first else {
        return vec![Line::styled(
            format!("{what} are equal octet for octet"),
            theme.inserted,
        )];
    };
    // The sentence on one row: the pieces share what the words leave, each cut in its middle
    // (the whole strings are on the rows below).
    let bare = format!("{what} differ at {}", first.describe("", ""));
    let budget = (cols.saturating_sub(UnicodeWidthStr::width(bare.as_str())) / 2).max(6);
    let piece = |s: &[u8], r: &std::ops::Range<usize>| -> String {
        let cells = fit::of_octets(s, r.clone(), theme, |_| Style::new());
        fit::cut(&cells, budget, &fit::Cut::Middle, Style::new())
            .iter()
            .map(|c| c.text.as_str())
            .collect()
    };
    let sentence = format!(
        "{what} differ at {}",
        first.describe(&piece(a, &first.piece_a), &piece(b, &first.piece_b))
    );
    let mut out: Vec<Line<'static>> =
        fit::wrap::words(&fit::of_str(&sentence, theme.warning), cols, 3, theme.dim)
            .iter()
            .map(|r| fit::line(Vec::new(), r))
            .collect();
    let underline = Modifier::UNDERLINED | Modifier::BOLD;
    let mut marker_col = None;
    for (tag, s, marked, st, at) in [
        ("A", a, &d.in_a, theme.deleted, first.offset_a),
        ("B", b, &d.in_b, theme.inserted, first.offset_b),
    ] {
        let cells = fit::of_octets(s, 0..s.len(), theme, |pos| {
            let base = if in_ranges(marked, pos) {
                st.patch(theme.highlight)
            } else {
                Style::new()
            };
            if pos == at {
                base.patch(theme.warning).add_modifier(underline)
            } else {
                base
            }
        });
        let k = fit::index_of(&cells, at);
        let shown = fit::cut(&cells, width, &fit::Cut::Around(k), theme.dim);
        // The marker's column: where the difference's cell is (or the end, when a string stops
        // there).
        let col = shown
            .iter()
            .position(|c| c.at == at && c.text != fit::ELLIPSIS)
            .map_or(fit::width(&shown), |i| fit::width(&shown[..i]));
        marker_col.get_or_insert(col);
        out.push(fit::line(
            vec![Span::styled(
                format!("{:>w$} ", tag, w = LABEL_W + 2),
                theme.dim,
            )],
            &shown,
        ));
    }
    // The marker points up at the difference; near the row's end its words go to its left.
    let col = LABEL_W + 3 + marker_col.unwrap_or(0);
    let words = format!("byte {}", first.offset_a + 1);
    let marker = if col + 2 + words.len() <= cols {
        vec![
            Span::raw(" ".repeat(col)),
            Span::styled(format!("↑ {words}"), theme.warning),
        ]
    } else {
        vec![
            Span::raw(" ".repeat(col.saturating_sub(words.len() + 1))),
            Span::styled(format!("{words} ↑"), theme.warning),
        ]
    };
    out.push(Line::from(marker));
    out
}

fn whatwg_lines(w: &WhatwgSameness, theme: &Theme, cols: usize) -> Vec<Line<'static>> {
    let yes_no = |v: Option<bool>| match v {
        Some(true) => ("=", "equal", theme.inserted),
        Some(false) => ("≠", "different", theme.warning),
        None => (
            "–",
            "not comparable: the parser rejects one of them",
            theme.error,
        ),
    };
    let mut out = vec![Line::styled(
        "WHATWG URL Standard (the url crate's parser and serializer)",
        theme.label,
    )];
    for (what, v) in [
        ("as parsed", w.equal),
        ("no fragment", w.equal_without_fragment),
    ] {
        let (mark, word, st) = yes_no(v);
        out.push(Line::from(vec![
            Span::styled(format!(" {what:<w$}", w = LABEL_W), theme.label),
            Span::styled(format!("{mark} {word}"), st),
        ]));
    }
    for (tag, href) in [("A", &w.href_a), ("B", &w.href_b)] {
        let shown = href.as_deref().unwrap_or("(rejected)").as_bytes();
        // The serialization is the parser's, read cell by cell (nothing raw reaches the
        // terminal) and wrapped whole: the view scrolls.
        let cells = fit::of_octets(shown, 0..shown.len(), theme, |_| Style::new());
        let lead = LABEL_W + 3;
        let room = cols.saturating_sub(lead).max(1);
        let rows = fit::wrap::rows_needed(&cells, room);
        for (k, row) in fit::wrap::cells(&cells, room, rows, &fit::Cut::Middle, theme.dim)
            .iter()
            .enumerate()
        {
            let head = if k == 0 { tag } else { "" };
            out.push(fit::line(
                vec![Span::styled(
                    format!("{:>w$} ", head, w = LABEL_W + 2),
                    theme.dim,
                )],
                row,
            ));
        }
    }
    out
}
