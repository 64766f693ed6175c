//! The main screen's one-line host summary (issue 11), drawn at the start of the status line:
//! the effective host, its registrable domain, and a warning when the host is an IP in a
//! special-purpose range, mixed-script, confusable, or the link is wrapped. The analysis
//! computes it for every input (`modern::host::summarize`); this only draws it.

use ratatui::text::Span;

use crate::modern::host::{HostSummary, Severity};
use crate::theme::Theme;
use crate::tui::view::cells::cells_line;

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

/// The summary's spans in at most `cols` columns (best effort), followed by a two-space gap.
/// The warnings matter most, so on a narrow line the host names shrink (ending in `…`) before a
/// warning is pushed off the line.
pub fn spans(s: &HostSummary, theme: &Theme, cols: usize) -> Vec<Span<'static>> {
    let mut warnings: Vec<Span<'static>> = Vec::new();
    for w in &s.warnings {
        let style = if w.severity == Severity::High {
            theme.error
        } else {
            theme.warning
        };
        warnings.push(Span::raw(" "));
        let short = if w.short.is_empty() { w.id } else { &w.short };
        warnings.extend(text(&format!("⚠ {short}"), HOST_COLS * 2, style, theme));
    }
    if s.wrapper_layers > 0 {
        let n = s.wrapper_layers;
        let layers = if n == 1 { "layer" } else { "layers" };
        warnings.push(Span::raw(" "));
        warnings.push(Span::styled(
            format!("⚠ wrapped link: {n} {layers}"),
            theme.warning,
        ));
    }
    let warn_cols: usize = warnings.iter().map(Span::width).sum();
    let mut out = vec![Span::styled("host ", theme.label)];
    match &s.host {
        Some(h) if h.is_empty() => out.push(Span::styled("(empty)", theme.dim)),
        Some(h) => {
            let reg = s.registrable.as_deref().filter(|r| r != h);
            // "host " + " (" + ")" + the gap: 10 columns around the names.
            let names = if reg.is_some() { 2 } else { 1 };
            let host_cols = (cols.saturating_sub(warn_cols + 10) / names).clamp(8, HOST_COLS);
            out.extend(text(h, host_cols, theme.host, theme));
            if let Some(reg) = reg {
                out.push(Span::raw(" ("));
                out.extend(text(reg, host_cols, theme.host, theme));
                out.push(Span::raw(")"));
            }
        }
        None => {
            let why = s.note.as_deref().unwrap_or("none");
            out.extend(text(&format!("— {why}"), HOST_COLS * 2, theme.dim, theme));
        }
    }
    out.extend(warnings);
    out.push(Span::raw("  "));
    out
}
