//! A lesson step's box, over the components pane or the result pane (the URL line, the
//! characters pane and the step log or the components stay in sight, the step's characters
//! and rows marked): the lesson's title, the
//! source's sentence quoted and named, and what to look at. Prose is fitted by `fit`: the
//! quote gets its rows first, then what to look at, then the title and the source.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::layout::Areas;
use crate::tui::model::text;
use crate::tui::view::{fit, pane};
use urlscope_core::modern::lessons::{Lesson, Step};

/// The box's rectangle: over the components pane for a step about a rule (the step log shows
/// its rows), else over the result pane (the components pane shows the parts the step is
/// about); on a compact screen the middle (the URL line still shows the marked characters).
pub fn area(areas: &Areas, step: &Step) -> Rect {
    if areas.components.width == 0 || areas.characters.width == 0 {
        areas.views()
    } else if step.rule.is_some() || areas.result.height < 5 {
        areas.components
    } else {
        areas.result
    }
}

pub fn render(lesson: &Lesson, step: usize, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let of = lesson.steps.len();
    // The title names the source the quote is from (its name, before the first comma), cut
    // at its end when the box is narrow; the step count stays whole.
    let count = format!(" · step {}/{of}", step + 1);
    let name = lesson.source.split(',').next().unwrap_or(&lesson.source);
    let room = (area.width as usize).saturating_sub(4 + count.chars().count());
    let name: String = fit::cut(
        &fit::of_str(&text::visible(name.as_bytes()), theme.label),
        room,
        &fit::Cut::End,
        theme.dim,
    )
    .iter()
    .map(|c| c.text.as_str())
    .collect();
    let title = format!("{name}{count}");
    frame.render_widget(pane(&title, true, theme), area);
    let inner = Areas::inner(area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let s = &lesson.steps[step];
    let cols = inner.width as usize;
    // Text from the lesson files is shown through `text::visible` (never a raw control).
    let show = |x: &str| text::visible(x.as_bytes());
    let blocks = [
        fit::of_str(&show(&lesson.title), theme.label),
        fit::of_str(
            &format!("“{}”", show(&s.quote)),
            theme.label.add_modifier(Modifier::ITALIC),
        ),
        fit::of_str(&format!("— {}", show(&lesson.source)), theme.dim),
        // A step that walks the URL Standard parser names the state it is in first.
        fit::of_str(
            &match s.state {
                Some(st) => format!("{}: {}", st.name(), show(&s.text)),
                None => show(&s.text),
            },
            theme.inserted,
        ),
        fit::of_str(&walk_line(step, of), theme.dim),
    ];
    let want: Vec<usize> = blocks
        .iter()
        .map(|b| {
            fit::wrap::words(b, cols, usize::MAX, theme.dim)
                .len()
                .max(1)
        })
        .collect();
    // The quote first, then what to look at; the rest in reading order.
    let order = [1, 3, 0, 2, 4];
    let mut got = vec![0; blocks.len()];
    let mut left = inner.height as usize;
    for &i in &order {
        got[i] = want[i].min(left);
        left -= got[i];
    }
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (b, rows) in blocks.iter().zip(got) {
        for row in fit::wrap::words(b, cols, rows, theme.dim) {
            lines.push(fit::line(Vec::new(), &row));
        }
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Where the walk is: a dot a step, and the keys.
fn walk_line(step: usize, of: usize) -> String {
    let dots: String = (0..of).map(|i| if i == step { '●' } else { '○' }).collect();
    let next = if step + 1 < of { "→ next · " } else { "" };
    format!("{dots}  {next}← back · Esc leaves")
}
