//! The profile bar and the status line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::Theme;
use crate::tui::keys::keymap;
use crate::tui::model::app::App;
use crate::tui::model::preview::Preview;
use crate::tui::model::profile_bar;
use crate::tui::msg::{Level, Overlay};
use crate::tui::view::fit;
use urlscope_core::Profile;

/// The profile bar (`model::profile_bar`): the chosen slot highlighted, then the PDF encoding
/// state, the classification and the preview, each only when it fits whole.
pub fn render_profiles(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let bar = profile_bar::bar(app, area.width);
    let chosen = profile_bar::slot_of(app.settings.profile);
    let mut spans = Vec::new();
    if !bar.lead.is_empty() {
        spans.push(Span::styled(bar.lead.clone(), theme.focus));
        spans.push(Span::raw(" "));
    }
    for (i, text) in bar.slots.iter().enumerate() {
        let style = if i == chosen {
            theme.selected
        } else {
            theme.dim
        };
        spans.push(Span::styled(text.clone(), style));
        spans.push(Span::raw(" "));
    }
    // What follows the slots, each with the rank it is left out in when the row is short
    // (left out whole, never cut): the PDF state (kept under PDF), the preview, the class.
    let mut tail: Vec<(String, u8)> = Vec::new();
    // A narrow bar names the PDF encoding state only where it matters: under PDF.
    let under_pdf = app.settings.profile == Profile::Pdf;
    if !bar.narrow || under_pdf {
        let state = if bar.narrow {
            app.settings.pdf_state.name()
        } else {
            app.settings.pdf_state.label()
        };
        tail.push((format!("PDF:{state}"), if under_pdf { 3 } else { 0 }));
    }
    let class = app.classification().name();
    let class = if app.settings.classification.is_some() {
        format!("{class}*")
    } else {
        class.to_string()
    };
    tail.push((class, 2));
    if app.settings.preview != Preview::Off {
        tail.push((format!("preview:{}", app.settings.preview.name()), 1));
    }
    let room = area.width as usize;
    let fits = |t: &[(String, u8)]| {
        bar.width() + t.iter().map(|(s, _)| s.chars().count() + 1).sum::<usize>() <= room + 1
    };
    while !fits(&tail) {
        let Some(i) = (0..tail.len()).min_by_key(|&i| tail[i].1) else {
            break;
        };
        tail.remove(i);
    }
    for (k, (t, _)) in tail.into_iter().enumerate() {
        if k > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(t, theme.label));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The one-line key bar, from the keymap table.
pub fn render_keys(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    let (place, entries) = app.key_bar();
    spans.push(Span::styled(place, theme.label));
    spans.push(Span::raw(" "));
    // The entries that fit whole, in priority order (a narrow bar drops the later ones rather
    // than cutting one in the middle).
    let mut used = place.chars().count() + 1;
    let width = area.width as usize;
    for (key, what) in entries {
        let w = unicode_width::UnicodeWidthStr::width(key) + 1 + what.chars().count();
        if used + w > width {
            continue;
        }
        used += w + 2;
        spans.push(Span::styled(key, theme.focus));
        spans.push(Span::styled(format!(" {what}"), theme.dim));
        spans.push(Span::raw("  "));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

pub fn render_status(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let len = app.editing.input.buf.len();
    let mut right = if app.is_stale() {
        format!(" analysing… {len} B")
    } else {
        format!(" {len} B")
    };
    let width = area.width as usize;
    // On a narrow line the size gives way to the registrable domain.
    let reg_w = crate::tui::view::screen::summary::min_host_cols(&a.host_summary);
    if reg_w + right.chars().count() > width {
        right.clear();
    }
    let room = width.saturating_sub(right.chars().count());
    // The user's last message (cut to leave the rest room), the host summary, the
    // one count of errors, warnings and hints (`modern::counts`; shorter forms when the line is
    // narrow), their ids.
    let (forms, ids) = findings_spans(app, theme);
    let short_w = forms.last().map_or(0, |f| f.iter().map(Span::width).sum());
    // The registrable domain is never pushed off by a message.
    let host_w = crate::tui::view::screen::summary::min_host_cols(&a.host_summary);
    let host_w = if host_w > 0 { host_w + 2 } else { 0 };
    let mut spans = Vec::new();
    if let Some(msg) = &app.status.message {
        // A message may quote what the user typed (a filter, a pasted host): drawn as cells.
        let style = match msg.level {
            Level::Warning => theme.warning,
            Level::Info | Level::Hint => theme.label,
        };
        let msg = &crate::tui::model::text::visible(msg.text.as_bytes());
        // The message answers the last key, but leaves a third of the line when there is a
        // summary to show (the host and its most severe finding stay readable); two thirds
        // when a finding is high (a phishing trick outranks "pasted …").
        let whole: usize =
            crate::tui::view::screen::summary::spans(&a.host_summary, &a.counts, theme, room)
                .iter()
                .map(Span::width)
                .sum();
        let share = if a.counts.host_high > 0 {
            room * 2 / 3
        } else {
            room / 3
        };
        let keep = room.saturating_sub(short_w.min(room / 6) + host_w.max(whole.min(share)));
        spans.extend(words(msg, keep.saturating_sub(2), style, theme));
        spans.push(Span::raw("  "));
    }
    let used: usize = spans.iter().map(Span::width).sum();
    let cols = room.saturating_sub(used);
    let summary_of =
        |cols| crate::tui::view::screen::summary::spans(&a.host_summary, &a.counts, theme, cols);
    let mut summary = summary_of(cols);
    let mut summary_w: usize = summary.iter().map(Span::width).sum();
    if summary_w + short_w > cols {
        // The host shrinks (on its left) before the count is pushed off the line.
        summary = summary_of(cols.saturating_sub(short_w));
        summary_w = summary.iter().map(Span::width).sum();
    }
    let left = cols.saturating_sub(summary_w);
    match forms
        .iter()
        .find(|f| f.iter().map(Span::width).sum::<usize>() <= left)
    {
        Some(count) => {
            spans.extend(summary);
            spans.extend(count.iter().cloned());
        }
        None => {
            // No room for the count after the summary: the summary (the host, the most
            // severe finding first) is what matters; the count is cut at the end.
            spans.extend(summary);
            spans.extend(forms.last().into_iter().flatten().cloned());
        }
    }
    if forms.is_empty() && app.status.message.is_none() {
        spans.push(Span::styled("no warnings", theme.dim));
    }
    spans.extend(ids);
    let mut line = Line::from(Vec::<Span>::new());
    // Cut where the line is full (the last span that fits partly ends in `…`).
    let mut used = 0;
    for (i, s) in spans.iter().enumerate() {
        let w = s.width();
        if used + w <= room {
            used += w;
            line.spans.push(s.clone());
            continue;
        }
        // Only gaps left to cut: nothing is lost, no `…`.
        if spans[i..].iter().all(|s| s.content.trim().is_empty()) {
            break;
        }
        // The span that does not fit is cut with `…`; at the very edge it is left out whole
        // (the spans before it, the host's registrable domain among them, stay whole).
        let left = room - used;
        line.spans.extend(words(&s.content, left, s.style, theme));
        break;
    }
    let pad = room.saturating_sub(line.width());
    line.spans.push(Span::raw(" ".repeat(pad)));
    line.spans.push(Span::styled(right, theme.label));
    frame.render_widget(Paragraph::new(line), area);
}

/// `s` in at most `cols` columns on one row: whole words, then ` …` when some were left out
/// (a bar never cuts a word).
fn words(s: &str, cols: usize, style: ratatui::style::Style, theme: &Theme) -> Vec<Span<'static>> {
    // A lone `…` (not even one word fits) says nothing: the span is left out.
    fit::wrap::words(&fit::of_str(s, style), cols, 1, theme.dim)
        .first()
        .filter(|row| row.iter().any(|c| c.text != fit::ELLIPSIS && c.text != " "))
        .map(|row| fit::spans(row))
        .unwrap_or_default()
}

/// The count of errors, warnings and hints in its forms, longest first (with the key that lists
/// them, then without), and the findings' ids, or for a single finding its sentence. Nothing
/// when there is nothing to count.
type Forms = Vec<Vec<Span<'static>>>;
fn findings_spans(app: &App, theme: &Theme) -> (Forms, Vec<Span<'static>>) {
    let f = &app.analysis.findings;
    let c = &app.analysis.counts;
    let host = c.host_high + c.host_warnings;
    if f.list.is_empty() && host == 0 {
        return (Vec::new(), Vec::new());
    }
    let style = if c.errors > 0 || c.host_high > 0 {
        theme.error
    } else if c.warnings + host > 0 {
        theme.warning
    } else {
        theme.dim
    };
    let count = Span::styled(c.status_text(), style);
    let mut forms = Vec::new();
    if let Some(b) = keymap::binding_for(
        crate::tui::msg::command::Command::Show(Overlay::Findings(0)),
        app.panes.focus,
        app.overlay_open(),
    ) {
        forms.push(vec![
            count.clone(),
            Span::styled(format!(" [{}]", b.label), theme.dim),
            Span::raw("  "),
        ]);
    }
    forms.push(vec![count, Span::raw("  ")]);
    let plus = if c.truncated { "+" } else { "" };
    let n = c.errors + c.warnings + host;
    forms.push(vec![
        Span::styled(format!("⚠ {n}{plus}"), style),
        Span::raw("  "),
    ]);
    let n = f.list.len();
    let text = if n == 1 {
        format!("{}: {}", f.list[0].id, f.list[0].text)
    } else {
        let mut ids: Vec<&str> = Vec::new();
        for x in &f.list {
            if !ids.contains(&x.id.as_str()) {
                ids.push(x.id.as_str());
            }
        }
        ids.join(" ")
    };
    let ids_style = if c.errors + c.warnings > 0 {
        style
    } else {
        theme.dim
    };
    (forms, vec![Span::styled(text, ids_style)])
}
