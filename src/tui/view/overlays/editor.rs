//! The value editor: a small box over the panes with the value's field(s), what will be
//! encoded marked in the text (underlined; structure in the error colour, so not by colour
//! alone: the legend lists them), the legend, the rules, the keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::value_editor::{Editor, Field, legend};
use crate::tui::view::{fit, pane};
use urlscope_core::modern::Encode;
use urlscope_core::modern::Reason;

/// Columns of a field's label (`segment `: the longest, and a space).
const LABEL: usize = 8;

pub fn render(app: &App, ed: &Editor, theme: &Theme, frame: &mut Frame, over: Rect) {
    let rules = app.edit_rules();
    let width = over
        .width
        .saturating_sub(4)
        .min(110)
        .max(over.width.min(20));
    let w = width.saturating_sub(2) as usize;
    // The lines under the fields, wrapped at spaces to the box's width; the box is as tall as
    // they are (nothing is cut while the screen has rows).
    let mut notes = notes(app, ed, rules, theme, w);
    let tall = |notes: &[Line<'_>]| (ed.fields.len() + notes.len() + 2) as u16;
    // Below the selected row of the components pane if it fits, else above it, so the row
    // being edited stays in sight; else a third of the way down.
    // The row's last line: a long value wraps over several (the pane's own plan).
    let comp = Areas::inner(Areas::of(frame.area()).components);
    let plan = crate::tui::view::screen::components::plan(app, theme, comp).rows;
    let sel_y = plan
        .iter()
        .position(|&(i, _)| i == app.panes.comp_sel)
        .map(|k| {
            let d: usize = plan[..=k].iter().map(|&(_, n)| n).sum();
            comp.y as usize + d - 1
        })
        .and_then(|y| (y < comp.bottom() as usize).then_some(y as u16));
    // Where the box would cover the row being edited, its blank rows go first.
    let room = sel_y.map_or(over.height, |s| {
        over.bottom()
            .saturating_sub(s + 1)
            .max(s.saturating_sub(over.y))
    });
    if tall(&notes) > room {
        notes.retain(|l| l.width() > 0);
    }
    let height = tall(&notes).min(over.height);
    let y = match sel_y {
        Some(s) if s + 1 + height <= over.bottom() => s + 1,
        Some(s) if s >= over.y + height => s - height,
        _ => over.y + over.height.saturating_sub(height) / 3,
    };
    let area = Rect::new(over.x + (over.width - width) / 2, y, width, height);
    frame.render_widget(Clear, area);
    let title = format!("Edit {}", ed.title);
    frame.render_widget(pane(&title, true, theme), area);
    let inner = Areas::inner(area);
    let mut lines = Vec::new();
    for (i, f) in ed.fields.iter().enumerate() {
        lines.push(field_line(f, i == ed.active, rules, theme, w));
    }
    lines.extend(notes);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// What the box says under the fields: what will be encoded (the legend), what would change
/// the structure, the rule set, the keys; each wrapped at spaces to `w` columns.
fn notes(
    app: &App,
    ed: &Editor,
    rules: urlscope_core::modern::EditRules,
    theme: &Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let wrapped = |spans: Vec<Span<'static>>| -> Vec<Line<'static>> {
        fit::wrap::words(&fit::of_spans(&spans), w, usize::MAX, theme.dim)
            .iter()
            .map(|r| fit::line(Vec::new(), r))
            .collect()
    };
    let f = ed.field();
    let (n, all, structure) = legend(f, rules);
    let mut lines = vec![Line::raw("")];
    lines.extend(if n == 0 {
        wrapped(vec![Span::styled("nothing will be encoded", theme.dim)])
    } else {
        wrapped(vec![
            Span::styled(format!("{n} will be encoded: "), theme.label),
            Span::styled(
                all.join(" "),
                theme.warning.add_modifier(Modifier::UNDERLINED),
            ),
        ])
    });
    if !structure.is_empty() {
        lines.extend(wrapped(vec![
            Span::styled(structure.join(" "), theme.error),
            Span::styled(
                " would change the URL's structure: encoded, not raw",
                theme.label,
            ),
        ]));
    } else {
        lines.push(Line::raw(""));
    }
    let how = match f.mode {
        Encode::Encoded => "decoded: %XX is one octet, %25 a %",
        Encode::AsWritten => "as written: triplets stay",
    };
    lines.extend(wrapped(vec![
        Span::styled("encoded by ", theme.label),
        Span::styled(rules.title(), theme.dim),
        Span::styled(
            format!(" (profile {})", app.settings.profile.label()),
            theme.dim,
        ),
    ]));
    let mut keys = vec![
        Span::styled("Enter", theme.focus),
        Span::styled(" write back  ", theme.dim),
        Span::styled("Esc", theme.focus),
        Span::styled(" cancel", theme.dim),
    ];
    if ed.fields.len() > 1 {
        keys.push(Span::styled("  ↑↓", theme.focus));
        keys.push(Span::styled(" name ↔ value", theme.dim));
    }
    keys.push(Span::styled(format!("  · {how}"), theme.dim));
    lines.extend(wrapped(keys));
    lines
}

/// A field: its label, then its text from where the cursor stays in view, the characters that
/// will be encoded underlined, the cursor reversed when the field is active.
fn field_line(
    f: &Field,
    active: bool,
    rules: urlscope_core::modern::EditRules,
    theme: &Theme,
    width: usize,
) -> Line<'static> {
    let room = width.saturating_sub(LABEL + 1);
    let buf = &f.line.buf;
    let cursor = f.line.cursor.min(buf.len());
    let marks = f.marks(rules);
    let style = |p: usize| -> Style {
        let mut st = Style::new();
        if let Some((_, why)) = marks.iter().find(|(r, _)| r.contains(&p)) {
            st = match why {
                Reason::Structure => theme.error,
                Reason::NotAllowed => theme.warning,
            }
            .add_modifier(Modifier::UNDERLINED);
        }
        if active && p == cursor {
            st = st.patch(theme.cursor);
        }
        st
    };
    // A value longer than its line: a window around the cursor (the fitting rule's `Around`),
    // each cut end marked with `…`; a cursor after the last character takes a column.
    let all = fit::of_octets(buf, 0..buf.len(), theme, style);
    let how = fit::Cut::Around(fit::index_of(&all, cursor));
    let cols = room.saturating_sub(usize::from(active && cursor == buf.len()));
    let shown = fit::cut(&all, cols, &how, theme.dim);
    let label_style = if active { theme.focus } else { theme.label };
    let mut out = vec![Span::styled(format!("{:<LABEL$}", f.label), label_style)];
    out.extend(fit::spans(&shown));
    if active && cursor == buf.len() {
        out.push(Span::styled(" ", theme.cursor));
    }
    Line::from(out)
}
