//! The profile bar and the status line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::action::Overlay;
use crate::tui::app::App;
use crate::tui::keymap;
use crate::tui::preview::Preview;
use crate::tui::texts;
use crate::tui::theme::Theme;
use crate::url::Profile;

/// Whether the profile bar uses its short labels at `width`.
fn narrow(width: u16) -> bool {
    let full: usize = Profile::ALL
        .iter()
        .map(|p| p.label().chars().count() + 5)
        .sum::<usize>()
        + 28;
    (width as usize) < full
}

/// The profile labels of the bar at `width`, each followed by one space.
pub fn profile_labels(width: u16) -> [String; Profile::ALL.len()] {
    const SHORT: [&str; Profile::ALL.len()] =
        ["none", "1738", "Hyv", "PDF", "Fido", "3986", "WHATWG"];
    std::array::from_fn(|i| {
        if narrow(width) {
            format!("{i}:{}", SHORT[i])
        } else {
            format!("[{i}] {}", Profile::ALL[i].label())
        }
    })
}

pub fn render_profiles(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let narrow = narrow(area.width);
    let mut spans = Vec::new();
    for (text, p) in profile_labels(area.width).into_iter().zip(Profile::ALL) {
        let style = if p == app.profile {
            theme.selected
        } else {
            theme.dim
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw(" "));
    }
    // A narrow bar names the PDF encoding state only where it matters: under PDF.
    if !narrow || app.profile == Profile::Pdf {
        let pdf = if narrow {
            app.pdf_state.name()
        } else {
            app.pdf_state.label()
        };
        spans.push(Span::styled(format!("PDF:{pdf}"), theme.label));
        spans.push(Span::raw(" "));
    }
    let class = app.classification().name();
    let class = if app.classification.is_some() {
        format!("{class}*")
    } else {
        class.to_string()
    };
    spans.push(Span::styled(class, theme.label));
    if app.preview != Preview::Off {
        spans.push(Span::raw(" "));
        spans.push(Span::styled(
            format!("preview:{}", app.preview.name()),
            theme.label,
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The one-line key bar, from the keymap table.
pub fn render_keys(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    use crossterm::event::KeyCode as K;
    let scoped = |scope: keymap::Scope, codes: &[K]| -> Vec<(&'static str, &'static str)> {
        keymap::BINDINGS
            .iter()
            .filter(|b| b.scope == scope && (codes.is_empty() || codes.contains(&b.code)))
            .map(|b| (b.label, b.help))
            .collect()
    };
    let entries = match (app.help.is_some(), app.overlay) {
        (true, _) => scoped(keymap::Scope::Help, &[K::Esc, K::Down]),
        (false, Overlay::Aliases) => scoped(keymap::Scope::Aliases, &[]),
        (false, Overlay::Examples(_)) => scoped(keymap::Scope::Help, &[K::Esc, K::Enter, K::Down]),
        (false, Overlay::None) => keymap::key_bar(app.focus, false),
        (false, _) => scoped(keymap::Scope::Help, &[K::Esc, K::Char('?')]),
    };
    for (key, what) in entries {
        spans.push(Span::styled(key, theme.focus));
        spans.push(Span::styled(format!(" {what} "), theme.dim));
        spans.push(Span::raw(" "));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

pub fn render_status(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let mut spans = Vec::new();
    let len = app.input.buf.len();
    let right = if app.is_stale() {
        format!(" analysing… {len} B")
    } else {
        format!(" {len} B")
    };
    if let Some(msg) = &app.status {
        let style = if msg.starts_with("nothing copied") || msg.contains("not loaded") {
            theme.warning
        } else {
            theme.label
        };
        spans.push(Span::styled(msg.clone(), style));
        spans.push(Span::raw("  "));
    }
    // The host summary (issue 11) after the user's last message, before the diagnostics.
    let cols = (area.width as usize).saturating_sub(right.chars().count());
    spans.extend(super::summary::spans(&a.host_summary, theme, cols));
    let head = spans.len();
    for d in &a.diagnostics {
        let style = if crate::url::diag::is_error(d) {
            theme.error
        } else {
            theme.warning
        };
        let short = texts::diagnostic(d);
        let text = if short == *d {
            d.to_string()
        } else {
            format!("{d}: {short}")
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw("  "));
    }
    let host_warns = !a.host_summary.warnings.is_empty() || a.host_summary.wrapper_layers > 0;
    if spans.len() == head && !host_warns && app.status.is_none() {
        spans.push(Span::styled("no warnings", theme.dim));
    }
    let width = area.width as usize;
    let room = width.saturating_sub(right.chars().count());
    let mut line = Line::from(spans);
    // Truncate the diagnostics to leave room for the length.
    let mut used = 0;
    line.spans.retain(|s| {
        used += s.width();
        used <= room
    });
    let pad = room.saturating_sub(line.width());
    line.spans.push(Span::raw(" ".repeat(pad)));
    line.spans.push(Span::styled(right, theme.label));
    frame.render_widget(Paragraph::new(line), area);
}
