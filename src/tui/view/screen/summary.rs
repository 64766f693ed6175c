//! The main screen's one-line host summary, drawn at the start of the status line:
//! the effective host, its registrable domain, and the host findings (phishing tricks, special
//! IPs, confusables), most severe first, and the layers of a wrapped link. The analysis computes
//! it for every input (`modern::host::summarize`, read through the one framing rule); this only
//! draws it. A host that does not fit keeps its right end: the registrable domain is what says
//! where a link goes (`…com.evil.example`), the left labels are what a phisher controls.

use ratatui::text::Span;
use unicode_width::UnicodeWidthStr;

use crate::theme::Theme;
use crate::tui::view::fit::{self, Cut};
use urlscope_core::modern::Counts;
use urlscope_core::modern::{HostSummary, Severity};

/// At most this many columns of a host name (a longer one starts with `…`).
const HOST_COLS: usize = 40;

/// `s` (display text) in `cols` columns, styled, ending in `…` when cut (the fitting rule).
fn text(s: &str, cols: usize, style: ratatui::style::Style, theme: &Theme) -> Vec<Span<'static>> {
    let cells = fit::of_octets_within(s.as_bytes(), 0..s.len(), cols, &[], theme, |_| style);
    fit::spans(&fit::cut(&cells, cols, &Cut::End, theme.dim))
}

/// The host `h` in `cols` columns, cut on its left by the fitting rule (`…com.evil.example`):
/// the right end is kept, and the registrable domain `reg` (a suffix of `h`) is whole when
/// `cols` holds it.
fn host_tail(h: &str, reg: Option<&str>, cols: usize, theme: &Theme) -> Vec<Span<'static>> {
    let reg_at = reg
        .filter(|r| h.ends_with(r))
        .map_or(h.len(), |r| h.len() - r.len());
    let cells = fit::of_octets_within(h.as_bytes(), 0..h.len(), cols, &[reg_at], theme, |_| {
        theme.host
    });
    let k = fit::index_of(&cells, reg_at);
    fit::spans(&fit::cut(&cells, cols, &Cut::Host(k), theme.dim))
}

/// The registrable domain as it is written at the host's end (the U-label or the A-label form).
pub fn registrable_suffix(s: &HostSummary) -> Option<&str> {
    let h = s.host.as_deref()?;
    [&s.registrable, &s.registrable_ascii]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .find(|r| !r.is_empty() && h.ends_with(r))
}

/// Columns the host needs at least: `…` and its registrable domain (or 8 for another host),
/// at most [`MAX_HOST_COLS`].
pub fn min_host_cols(s: &HostSummary) -> usize {
    match (&s.host, registrable_suffix(s)) {
        (Some(h), Some(r)) if h == r => cols_of(h, MAX_HOST_COLS),
        (Some(_), Some(r)) => cols_of(r, MAX_HOST_COLS - 1) + 1,
        (Some(h), None) => cols_of(h, 8),
        (None, _) => 0,
    }
}

/// A registrable domain wider than this (a pasted megabyte can be one label) is cut like any
/// host: no line is that wide, and a frame reads no more of it.
pub const MAX_HOST_COLS: usize = 256;

/// The columns `s` takes as cells, counted up to `cap` (at most `cap`).
fn cols_of(s: &str, cap: usize) -> usize {
    crate::tui::model::text::width_between(s.as_bytes(), 0, s.len(), cap).min(cap)
}

/// The warnings and the layers, most severe first, as spans (each after a space).
fn warning_spans(s: &HostSummary, counts: &Counts, theme: &Theme) -> Vec<Span<'static>> {
    // The link's own findings and its wrapped target's (named `target: …`), most severe
    // first; at one severity the link's own come first.
    let mut list: Vec<(String, _)> = s.warnings.iter().map(|w| (String::new(), w)).collect();
    list.extend(
        s.target_warnings()
            .map(|(whose, w)| (format!("{whose}: "), w)),
    );
    list.sort_by_key(|(_, w)| w.severity);
    let mut out: Vec<Span<'static>> = Vec::new();
    for (whose, w) in list {
        let style = if w.severity == Severity::High {
            theme.error
        } else {
            theme.warning
        };
        out.push(Span::raw(" "));
        let short = if w.short.is_empty() { w.id } else { &w.short };
        out.extend(text(
            &format!("⚠ {whose}{short}"),
            HOST_COLS * 2,
            style,
            theme,
        ));
    }
    if let Some(l) = counts.layers.filter(|l| l.wrappers > 0) {
        let n = l.layers;
        out.push(Span::raw(" "));
        out.push(Span::styled(
            format!("⚠ wrapped link: {n} layer{}", if n == 1 { "" } else { "s" }),
            theme.warning,
        ));
    }
    out
}

/// The summary's spans in at most `cols` columns (best effort), followed by a two-space gap.
/// On a narrow line the host is cut on its left (never its registrable domain) before a
/// warning is pushed off the line; below that the `host` label goes.
pub fn spans(s: &HostSummary, counts: &Counts, theme: &Theme, cols: usize) -> Vec<Span<'static>> {
    let warnings = warning_spans(s, counts, theme);
    let warn_cols: usize = warnings.iter().map(Span::width).sum();
    let mut out = Vec::new();
    match &s.host {
        Some(h) if h.is_empty() => {
            out.push(Span::styled("host ", theme.label));
            out.push(Span::styled("(empty)", theme.dim));
        }
        Some(h) => {
            let reg = s.registrable.as_deref().filter(|r| r != h);
            // The ASCII form beside a registrable domain spelt otherwise (`pаypal.com` with a
            // Cyrillic а reads as paypal.com; `xn--pypal-4ve.com` does not), unless the host
            // is written in it already.
            let ascii = s
                .registrable_ascii
                .as_deref()
                .filter(|a| Some(*a) != s.registrable.as_deref() && !h.ends_with(a));
            let full = || match ascii {
                Some(a) => format!("{h} ({} = {a})", reg.unwrap_or(h)),
                None => format!("{h} ({})", reg.unwrap_or_default()),
            };
            let free = cols.saturating_sub(warn_cols + 2);
            if (reg.is_some() || ascii.is_some())
                && cols_of(h, HOST_COLS + 1) <= HOST_COLS
                && full().width() + 5 <= free
            {
                out.push(Span::styled("host ", theme.label));
                out.extend(text(h, HOST_COLS, theme.host, theme));
                out.push(Span::raw(" ("));
                out.extend(text(reg.unwrap_or(h), HOST_COLS, theme.host, theme));
                if let Some(a) = ascii {
                    out.push(Span::styled(" = ", theme.dim));
                    out.extend(text(a, HOST_COLS, theme.host, theme));
                }
                out.push(Span::raw(")"));
            } else {
                // The host alone, cut on its left; the label only where it leaves room.
                let at_least = min_host_cols(s);
                let with_label = free >= at_least + 5;
                if with_label {
                    out.push(Span::styled("host ", theme.label));
                }
                let room = free.saturating_sub(if with_label { 5 } else { 0 });
                out.extend(host_tail(
                    h,
                    registrable_suffix(s),
                    room.clamp(at_least, HOST_COLS.max(at_least)),
                    theme,
                ));
            }
        }
        None => {
            out.push(Span::styled("host ", theme.label));
            let why = s.note.as_deref().unwrap_or("none");
            out.extend(text(&format!("— {why}"), HOST_COLS * 2, theme.dim, theme));
        }
    }
    out.extend(warnings);
    out.push(Span::raw("  "));
    out
}

#[cfg(test)]
mod tests {
    use super::host_tail;
    use crate::theme::Theme;

    fn shown(h: &str, reg: Option<&str>, cols: usize) -> String {
        host_tail(h, reg, cols, &Theme::default())
            .iter()
            .map(|s| s.content.as_ref())
            .collect()
    }

    #[test]
    fn a_cut_host_keeps_its_right_end_and_its_registrable_domain() {
        let h = "paypal.com.evil.example";
        assert_eq!(shown(h, Some("evil.example"), 40), h);
        assert_eq!(shown(h, Some("evil.example"), 18), "…com.evil.example");
        assert_eq!(shown(h, Some("evil.example"), 13), "…evil.example");
        assert_eq!(shown(h, None, 5), "…mple");
    }
}
