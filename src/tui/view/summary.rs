//! The main screen's one-line host summary (issue 11), drawn at the start of the status line:
//! the effective host, its registrable domain, and a warning when the host is an IP in a
//! special-purpose range, mixed-script, confusable, or the link is wrapped. The analysis
//! computes it for every input (`modern::host::summarize`); this only draws it.

use ratatui::text::Span;

use super::line::cells_line;
use crate::modern::host::{HostSummary, Severity};
use crate::tui::theme::Theme;

/// At most this many columns of a host name (a longer one ends in `…`).
const HOST_COLS: usize = 40;

fn text(s: &str, cols: usize, style: ratatui::style::Style, theme: &Theme) -> Vec<Span<'static>> {
    let (spans, end) = cells_line(s.as_bytes(), 0, cols, theme, |_| style);
    let mut out: Vec<Span<'static>> = spans
        .into_iter()
        .map(|sp| Span::styled(sp.content.into_owned(), sp.style))
        .collect();
    if end < s.len() {
        out.push(Span::styled("…", theme.dim));
    }
    out
}

/// The summary's spans, followed by a two-space gap.
pub fn spans(s: &HostSummary, theme: &Theme) -> Vec<Span<'static>> {
    let mut out = vec![Span::styled("host ", theme.label)];
    match &s.host {
        Some(h) if h.is_empty() => out.push(Span::styled("(empty)", theme.dim)),
        Some(h) => {
            out.extend(text(h, HOST_COLS, theme.host, theme));
            if let Some(reg) = s.registrable.as_deref().filter(|r| r != h) {
                out.push(Span::raw(" ("));
                out.extend(text(reg, HOST_COLS, theme.host, theme));
                out.push(Span::raw(")"));
            }
        }
        None => {
            let why = s.note.as_deref().unwrap_or("none");
            out.extend(text(&format!("— {why}"), HOST_COLS * 2, theme.dim, theme));
        }
    }
    for w in &s.warnings {
        let style = if w.severity == Severity::High {
            theme.error
        } else {
            theme.warning
        };
        out.push(Span::raw(" "));
        let short = if w.short.is_empty() { w.id } else { &w.short };
        out.extend(text(&format!("⚠ {short}"), HOST_COLS * 2, style, theme));
    }
    if s.wrapper_layers > 0 {
        let n = s.wrapper_layers;
        let layers = if n == 1 { "layer" } else { "layers" };
        out.push(Span::raw(" "));
        out.push(Span::styled(
            format!("⚠ wrapped link: {n} {layers}"),
            theme.warning,
        ));
    }
    out.push(Span::raw("  "));
    out
}
