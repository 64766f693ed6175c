//! The URL input line and the base URL line.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::layout::{Areas, LABEL};
use crate::tui::model::text;
use crate::tui::msg::Focus;
use crate::tui::view::{fit, label_style};

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, areas: &Areas) {
    // Colour the URL by its spans when the analysis matches the text on screen.
    let a = &app.analysis;
    let spans = (!app.is_stale()).then_some(&a.parsed.spans);
    // A lesson step marks the characters it is about.
    let marks = app.lesson_marks().map(|m| m.chars).unwrap_or_default();
    // Compare-with mode: the first difference of the two lines underlined on both (the view
    // below names it; an underline is no colour alone).
    let same = app.overlay() == crate::tui::msg::Overlay::Same;
    let first = a
        .same
        .as_ref()
        .filter(|w| same && !app.is_stale() && w.other == app.editing.other.buf)
        .and_then(|w| w.sameness.difference.as_ref());
    let first_mark = |pos: usize, at: Option<usize>, st: Style| -> Style {
        if at == Some(pos) {
            st.patch(theme.warning)
                .add_modifier(ratatui::style::Modifier::UNDERLINED | ratatui::style::Modifier::BOLD)
        } else {
            st
        }
    };
    let at_a = first.map(|d| d.offset_a);
    let at_b = first.map(|d| d.offset_b);
    let span_colour = |pos: usize| -> Style {
        let Some(spans) = spans else {
            return first_mark(pos, at_a, Style::new());
        };
        let i = spans.partition_point(|s| s.range.end <= pos);
        let st = spans.get(i).map_or(Style::new(), |s| {
            let st = theme.span(s.kind);
            // A frame the active profile removes is struck through.
            if s.kind == urlscope_core::url::SpanKind::Frame && a.diff.is_deleted(pos) {
                st.add_modifier(ratatui::style::Modifier::CROSSED_OUT)
            } else {
                st
            }
        });
        first_mark(pos, at_a, st)
    };
    let span_style = |pos: usize| -> Style {
        let marked = marks.iter().any(|r| r.contains(&pos));
        let st = span_colour(pos);
        if marked {
            st.patch(theme.highlight)
        } else {
            st
        }
    };
    field(
        frame,
        areas.input,
        "URL",
        &app.editing.input,
        app.panes.focus == Focus::Input,
        label_style(app, Focus::Input, theme),
        theme,
        span_style,
    );
    // Compare-with mode (Ctrl+T): the second line holds the URL to compare with.
    let (second, second_edit) = if same {
        ("With", &app.editing.other)
    } else {
        ("Base", &app.editing.base)
    };
    field(
        frame,
        areas.base,
        second,
        second_edit,
        app.panes.focus == Focus::Base,
        label_style(app, Focus::Base, theme),
        theme,
        |pos| first_mark(pos, at_b, Style::new()),
    );
}

#[allow(clippy::too_many_arguments)]
fn field(
    frame: &mut Frame,
    area: Rect,
    label: &str,
    edit: &LineEdit,
    focused: bool,
    label_style: Style,
    theme: &Theme,
    style: impl Fn(usize) -> Style,
) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let width = area.width.saturating_sub(LABEL) as usize;
    let scroll = edit.scroll.min(edit.buf.len());
    let mut spans = fit::spans(&window(edit, scroll, width, focused, theme, style));
    let lbl: String = format!("{label:<w$}", w = LABEL as usize)
        .chars()
        .take(area.width as usize)
        .collect();
    spans.insert(0, Span::styled(lbl, label_style));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    if focused && width > 0 {
        let col = text::width_between(&edit.buf, scroll, edit.cursor.max(scroll), width)
            .min(width.saturating_sub(1));
        frame.set_cursor_position(Position::new(area.x + LABEL + col as u16, area.y));
    }
}

/// The cells of `edit` from `scroll` that fit in `width` columns (the model scrolls the line
/// as an editor, so the cursor stays in sight). Where text lies before or after the window,
/// its edge cell gives way to `…` (unless the cursor stands on it), so a scrolled line never
/// reads as a whole URL (`ypal.com.evil.example/…` is `…pal.com.evil.example/…`).
fn window(
    edit: &LineEdit,
    scroll: usize,
    width: usize,
    focused: bool,
    theme: &Theme,
    style: impl Fn(usize) -> Style,
) -> Vec<fit::Cell> {
    let buf = &edit.buf;
    // A cell is at most 64 bytes: enough of the line for `width` columns.
    let upto = buf
        .len()
        .min(scroll.saturating_add(width.saturating_mul(64)));
    let all = fit::of_octets(buf, scroll..upto, theme, style);
    let mut used = 0;
    let n = all
        .iter()
        .take_while(|c| {
            used += c.width;
            used <= width
        })
        .count();
    let mut shown = all[..n].to_vec();
    let cursor_on = |c: &fit::Cell| focused && edit.cursor == c.at;
    // The edge cell becomes `…`, a wide one `…` and a blank, so the columns stay.
    let mark = |c: &fit::Cell| {
        let mut out = vec![fit::ellipsis(c.at, theme.dim)];
        if c.width > 1 {
            out.push(fit::Cell {
                text: " ".repeat(c.width - 1),
                width: c.width - 1,
                style: theme.dim,
                at: c.at,
            });
        }
        out
    };
    if let Some(last) = shown.last().cloned()
        && (n < all.len() || upto < buf.len())
        && !cursor_on(&last)
        && shown.len() > 1
    {
        shown.pop();
        shown.extend(mark(&last));
    }
    if scroll > 0
        && let Some(first) = shown.first().cloned()
        && !cursor_on(&first)
    {
        shown.splice(0..1, mark(&first));
    }
    shown
}
