//! The host view (`h`, docs/lenses.md): the host lens report the analysis computed while
//! the view is open — findings first, then the host, IPv4 parts, address class, labels and
//! registrable domain. Lines are cut to the view's width here (not wrapped by ratatui) so the
//! scroll range is exact: the view draws them and reports where they end (`Msg::Drawn`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::cells::cells_line;
use crate::tui::view::pane;
use urlscope_core::HostReport;
use urlscope_core::modern::Section;
use urlscope_core::modern::{Address, Severity};

/// Label column width.
const L: usize = 13;

/// Escaped spans for untrusted text (every control, bidi and zero-width character visible).
fn esc(s: &str, style: Style, theme: &Theme) -> Vec<Span<'static>> {
    // Printable ASCII is drawn as itself, a cell per octet: one span rather than one per cell
    // (the url row of a 1 MiB input would be a million).
    if !s.is_empty() && is_printable_ascii(s) {
        return vec![Span::styled(s.to_string(), style)];
    }
    let (spans, _) = cells_line(s.as_bytes(), 0, usize::MAX, theme, |_| style);
    spans
        .into_iter()
        .map(|sp| Span::styled(sp.content.into_owned(), sp.style))
        .collect()
}

/// Only octets 0x20–0x7E: each is a grapheme of its own, one column wide.
fn is_printable_ascii(s: &str) -> bool {
    s.bytes().all(|b| (0x20..0x7f).contains(&b))
}

fn row(label: &str, mut value: Vec<Span<'static>>, theme: &Theme) -> Line<'static> {
    let mut spans = vec![Span::styled(format!("{label:<L$}"), theme.label)];
    spans.append(&mut value);
    Line::from(spans)
}

fn plain(s: String) -> Vec<Span<'static>> {
    vec![Span::raw(s)]
}

fn severity_style(s: Severity, theme: &Theme) -> Style {
    match s {
        Severity::High => theme.error,
        Severity::Warning => theme.warning,
        Severity::Info => theme.dim,
    }
}

fn address(out: &mut Vec<Line<'static>>, label: &str, a: &Address, theme: &Theme) {
    out.push(row(label, plain(a.ip.clone()), theme));
    let class = match &a.row {
        Some(r) => vec![
            Span::styled(r.class.name().to_string(), theme.warning),
            Span::raw(format!(": {} \"{}\", {}", r.prefix, r.name, r.rfc)),
        ],
        None => plain("public (in no special-purpose range of RFC 6890)".into()),
    };
    out.push(row("class", class, theme));
    if let Some(r) = &a.row {
        out.push(row(
            "",
            vec![Span::styled(r.registry.to_string(), theme.dim)],
            theme,
        ));
    }
    if a.cloud_metadata {
        out.push(row(
            "",
            vec![Span::styled(
                "the cloud instance-metadata address",
                theme.error,
            )],
            theme,
        ));
    }
    if let Some(m) = &a.mapped {
        address(out, "mapped IPv4", m, theme);
    }
}

/// Two lines a finding, most severe first (the status line's order): its sentence, then its id
/// (after `whose`, `target: ` for a wrapped link's target) and its one-line why.
fn finding_lines(
    out: &mut Vec<Line<'static>>,
    findings: &[urlscope_core::modern::Finding],
    whose: &str,
    theme: &Theme,
) {
    let mut list: Vec<_> = findings.iter().collect();
    list.sort_by_key(|x| x.severity);
    for x in list {
        let st = severity_style(x.severity, theme);
        let mut spans = vec![Span::styled(format!("  {:<8}", x.severity.name()), st)];
        spans.extend(esc(&x.text, Style::new(), theme));
        out.push(Line::from(spans));
        let mut why = vec![Span::styled(format!("          {whose}{}", x.id), st)];
        if !x.why.is_empty() {
            why.push(Span::styled(": ", theme.dim));
            why.extend(esc(x.why, theme.dim, theme));
        }
        out.push(Line::from(why));
    }
}

/// Every line of the view for report `r` (uncut).
pub fn report_lines(r: &HostReport, theme: &Theme) -> Vec<Line<'static>> {
    let f = &r.facts;
    let mut out = Vec::new();
    out.push(Line::styled("findings", theme.label));
    if r.findings.is_empty() {
        // A wrapped link's own host is often clean: say whose "none" it is.
        let none = if r.target.is_some() {
            "  none on the link's own host"
        } else {
            "  none"
        };
        out.push(Line::styled(none, theme.dim));
    }
    finding_lines(&mut out, &r.findings, "", theme);
    // A wrapped link's target, checked as the link is: its findings are named the target's.
    if let Some(t) = &r.target {
        let layers = if t.layers == 1 { "layer" } else { "layers" };
        let mut head = vec![Span::styled(
            format!("target ({} {layers} in) ", t.layers),
            theme.label,
        )];
        head.extend(esc(&t.url, theme.host, theme));
        out.push(Line::from(head));
        if t.findings.is_empty() {
            out.push(Line::styled("  none", theme.dim));
        }
        finding_lines(&mut out, &t.findings, "target: ", theme);
        // The layers on the way whose own findings warn (a lookalike login page).
        for hop in &t.through {
            let mut head = vec![Span::styled(
                format!("on the way, layer {} ", hop.layer),
                theme.label,
            )];
            head.extend(esc(&hop.url, theme.host, theme));
            out.push(Line::from(head));
            finding_lines(
                &mut out,
                &hop.findings,
                &format!("layer {}: ", hop.layer),
                theme,
            );
        }
    }
    out.push(Line::raw(""));
    let opt = |s: Option<&str>, st: Style| match s {
        Some(s) => esc(s, st, theme),
        None => vec![Span::styled("—", theme.dim)],
    };
    out.push(row("url", opt(r.url.as_deref(), Style::new()), theme));
    if let Some(e) = &r.parse_error {
        out.push(row("parse error", esc(e, theme.error, theme), theme));
    }
    if let Some(e) = &r.base_error {
        out.push(row("base error", esc(e, theme.error, theme), theme));
    }
    out.push(row("host", opt(f.host.as_deref(), theme.host), theme));
    out.push(row("kind", plain(f.kind.name().into()), theme));
    let mut typed = opt(f.typed.as_deref(), Style::new());
    if let Some(w) = r.typed_from {
        typed.push(Span::styled(format!("  (from the {w})"), theme.dim));
    }
    out.push(row("typed", typed, theme));
    if let Some(e) = &f.host_error {
        out.push(row("host error", esc(e, theme.error, theme), theme));
    }
    if let Some(s) = &f.skipped {
        out.push(row("skipped", plain(s.clone()), theme));
    }
    if let Some(v4) = &f.ipv4 {
        out.push(Line::raw(""));
        let mut head = vec![Span::styled(
            "IPv4 parts (WHATWG URL Standard §3.5 IPv4 parser) of ",
            theme.label,
        )];
        head.extend(esc(&v4.text, Style::new(), theme));
        out.push(Line::from(head));
        for p in &v4.parts {
            let (value, bytes) = (p.value_label(), p.bytes_label());
            let mut spans = vec![Span::raw("  ")];
            let mut t = Vec::new();
            if let Some(ty) = &p.typed {
                t.extend(esc(ty, theme.warning, theme));
                t.push(Span::raw(" → "));
            }
            t.extend(esc(&p.text, theme.host, theme));
            let w: usize = t.iter().map(|s| s.width()).sum();
            spans.extend(t);
            spans.push(Span::raw(" ".repeat(14usize.saturating_sub(w))));
            let st = if p.radix == urlscope_core::modern::Radix::Decimal {
                Style::new()
            } else {
                theme.warning
            };
            spans.push(Span::styled(format!(" {:<8}", p.radix.name()), st));
            spans.push(Span::raw(format!(" {value:>12}  {bytes}")));
            out.push(Line::from(spans));
        }
    }
    if let Some(a) = &f.address {
        out.push(Line::raw(""));
        address(&mut out, "address", a, theme);
    }
    if let Some(d) = &f.domain {
        out.push(Line::raw(""));
        out.push(row(
            "A-labels",
            opt(d.ascii.as_deref(), Style::new()),
            theme,
        ));
        out.push(row("U-labels", esc(&d.unicode, Style::new(), theme), theme));
        out.push(Line::styled(
            "labels (UTS #46 non-transitional, idna crate; UTS #39, unicode-security crate)",
            theme.label,
        ));
        for (i, l) in d.labels.iter().enumerate() {
            let mut spans = vec![Span::styled(format!("{:>3} ", i + 1), theme.focus)];
            spans.push(Span::styled("typed ", theme.dim));
            spans.extend(opt(l.typed.as_deref(), theme.host));
            spans.push(Span::styled("  U ", theme.dim));
            spans.extend(esc(&l.unicode, theme.host, theme));
            spans.push(Span::styled("  A ", theme.dim));
            spans.extend(opt(l.ascii.as_deref(), Style::new()));
            if l.error {
                spans.push(Span::styled("  UTS #46 error", theme.error));
            }
            out.push(Line::from(spans));
            let verdict = if l.single_script {
                Span::raw("single script")
            } else {
                Span::styled("MIXED SCRIPT", theme.error)
            };
            let mut spans = vec![
                Span::raw(format!("    {} · ", l.scripts.join(", "))),
                verdict,
                Span::raw(format!(" · restriction: {} · skeleton ", l.restriction)),
            ];
            spans.extend(esc(&l.skeleton, Style::new(), theme));
            out.push(Line::from(spans));
        }
    }
    if let Some(c) = &f.confusable {
        let mut v = vec![Span::styled(c.listed.clone(), theme.error)];
        v.push(Span::raw(" (skeleton "));
        v.extend(esc(&c.skeleton, Style::new(), theme));
        v.push(Span::raw(")"));
        out.push(row("confusable", v, theme));
    }
    if let Some(reg) = &f.registrable {
        out.push(Line::raw(""));
        let both = |a: &str, u: &str| {
            let mut v = esc(u, theme.host, theme);
            if a != u {
                v.push(Span::raw(" "));
                v.extend(esc(&format!("({a})"), theme.dim, theme));
            }
            v
        };
        let dom = match (&reg.domain, &reg.domain_unicode) {
            (Some(a), Some(u)) => both(a, u),
            (Some(a), None) => both(a, a),
            _ => plain("— (the host is a public suffix)".into()),
        };
        out.push(row("registrable", dom, theme));
        let mut suf = both(&reg.suffix, &reg.suffix_unicode);
        suf.push(Span::styled(
            match reg.section {
                Section::Icann => "  ICANN section",
                Section::Private => "  private section",
                Section::Unlisted => "  not listed: default rule",
            },
            theme.dim,
        ));
        out.push(row("suffix", suf, theme));
    }
    out.push(Line::raw(""));
    for s in [
        "WHATWG URL Standard (url crate); UTS #46 (idna crate)",
        &r.sources.unicode_security,
        &r.sources.public_suffix_list,
    ] {
        out.push(Line::styled(s.to_string(), theme.dim));
    }
    out
}

/// Cut `lines` into rows of at most `width` columns (long lines continue on the next rows).
pub fn hard_wrap(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    wrap(lines, width, true)
}

/// [`hard_wrap`]; `by_octet`: cut printable ASCII by counting octets (the same cut as by
/// graphemes, in linear time: the url row of a 1 MiB input).
fn wrap(lines: Vec<Line<'static>>, width: usize, by_octet: bool) -> Vec<Line<'static>> {
    let width = width.max(1);
    let mut out = Vec::new();
    for line in lines {
        let mut cur: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        // Continuation rows are indented, when there is room for it.
        let indent = if width > 16 { 4 } else { 0 };
        for sp in line.spans {
            if by_octet && is_printable_ascii(&sp.content) {
                // The loop below, an octet a grapheme of one column.
                let text: &str = &sp.content;
                let mut from = 0;
                for i in 0..text.len() {
                    if used + 1 > width && used > indent {
                        if i > from {
                            cur.push(Span::styled(text[from..i].to_string(), sp.style));
                        }
                        out.push(Line::from(std::mem::take(&mut cur)));
                        cur.push(Span::raw(" ".repeat(indent)));
                        used = indent;
                        from = i;
                    }
                    used += 1;
                }
                if text.len() > from {
                    cur.push(Span::styled(text[from..].to_string(), sp.style));
                }
                continue;
            }
            let mut buf = String::new();
            for g in unicode_segmentation::UnicodeSegmentation::graphemes(sp.content.as_ref(), true)
            {
                let w = unicode_width::UnicodeWidthStr::width(g);
                if used + w > width && used > indent {
                    if !buf.is_empty() {
                        cur.push(Span::styled(std::mem::take(&mut buf), sp.style));
                    }
                    out.push(Line::from(std::mem::take(&mut cur)));
                    cur.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                }
                buf.push_str(g);
                used += w;
            }
            if !buf.is_empty() {
                cur.push(Span::styled(buf, sp.style));
            }
        }
        out.push(Line::from(cur).style(line.style));
    }
    out
}

/// Draw the report from the view's scroll position; returns the last useful first line (the
/// end of the report at the bottom of the view), which only the wrapped lines tell.
pub fn render(app: &App, top: usize, theme: &Theme, frame: &mut Frame, area: Rect) -> usize {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane("Host lens (↑↓ PgUp PgDn scroll, Esc closes)", true, theme),
        area,
    );
    let inner = Areas::inner(area);
    let Some(r) = &app.analysis.host else {
        frame.render_widget(Paragraph::new("analysing the host…"), inner);
        // Nothing to scroll until the report is there.
        return 0;
    };
    let lines = hard_wrap(report_lines(r, theme), inner.width as usize);
    let max = lines.len().saturating_sub((inner.height as usize).max(1));
    let visible: Vec<Line> = lines
        .into_iter()
        .skip(top.min(max))
        .take(inner.height as usize)
        .collect();
    frame.render_widget(Paragraph::new(visible), inner);
    max
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(lines: &[Line<'_>]) -> Vec<Vec<(String, Style)>> {
        lines
            .iter()
            .map(|l| {
                let mut row = Vec::new();
                for sp in &l.spans {
                    for ch in sp.content.chars() {
                        row.push((ch.to_string(), sp.style));
                    }
                }
                row
            })
            .collect()
    }

    #[test]
    fn ascii_cut_by_octets_equals_the_grapheme_cut() {
        let theme = Theme::default();
        let long = "http://www.example.com/".repeat(9);
        for width in [0, 1, 2, 4, 5, 16, 17, 20, 33, 80] {
            let lines = || {
                vec![
                    row("url", esc(&long, Style::new(), &theme), &theme),
                    row("host", esc("h\u{e9}.example", theme.host, &theme), &theme),
                    Line::styled("x ".repeat(30), theme.dim),
                    Line::raw(""),
                ]
            };
            let (fast, slow) = (wrap(lines(), width, true), wrap(lines(), width, false));
            assert!(fast.len() > 4 || width >= 80, "width {width}");
            assert_eq!(cells(&fast), cells(&slow), "width {width}");
            let styles: Vec<_> = fast.iter().map(|l| l.style).collect();
            assert_eq!(styles, slow.iter().map(|l| l.style).collect::<Vec<_>>());
        }
    }

    #[test]
    fn printable_ascii_is_one_span_with_the_cells_text() {
        let theme = Theme::default();
        let s = "a b~%41/?#";
        let one = esc(s, theme.host, &theme);
        assert_eq!(one.len(), 1);
        let (cells, _) = cells_line(s.as_bytes(), 0, usize::MAX, &theme, |_| theme.host);
        let text: String = cells.iter().map(|c| c.content.as_ref()).collect();
        assert_eq!(one[0].content, text);
        assert!(cells.iter().all(|c| c.style == one[0].style));
        assert_eq!(esc("\u{7}x", theme.host, &theme).len(), 2);
    }
}
