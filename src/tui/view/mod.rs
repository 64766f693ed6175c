//! The view: functions that only read the app and draw — the main panes in `screen/`, the
//! overlays in `overlays/` (the same file names as in `model/overlays/`), the key list and the
//! colour legend in `help/`. The only folder that names `ratatui::text`, `ratatui::widgets` or
//! the theme.

// No `_ =>` over an enum here: a new overlay, command or pane makes the compiler name every
// match to fill in (`-D warnings` in CI turns this into an error).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod cells;
pub mod fit;
pub mod help;
pub mod overlays;
pub mod screen;

mod panes;

// Drawn by every pane and view; they live below this file so that the views can use them
// without importing the module that dispatches to them.
pub use panes::{label_style, pane, scrolled};

use ratatui::Frame;
use ratatui::widgets::{Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::Drawn;

/// Draw the whole screen and say what it measured (the shell sends it back as `Msg::Drawn`).
/// Every pane copes with any size, down to 1×1.
pub fn render(app: &App, theme: &Theme, frame: &mut Frame) -> Drawn {
    let mut drawn = Drawn::default();
    if crate::tui::model::layout::too_small(frame.area()) {
        // Below the minimum: say so rather than draw nothing.
        let (w, h) = (frame.area().width, frame.area().height);
        let text = format!(
            "enlarge the window ({w}×{h}; at least {}×{})",
            crate::tui::model::layout::MIN_SIZE.0,
            crate::tui::model::layout::MIN_SIZE.1
        );
        frame.render_widget(
            Paragraph::new(text)
                .style(theme.warning)
                .wrap(Wrap { trim: true }),
            frame.area(),
        );
        return drawn;
    }
    let areas = Areas::with_focus(frame.area(), app.panes.focus)
        .with_strip_lines(app.strip_lines_per_row());
    screen::input::render(app, theme, frame, &areas);
    screen::bar::render_profiles(app, theme, frame, areas.bar);
    if let Some(d) = screen::components::render(app, theme, frame, areas.components) {
        drawn.comp_top = Some(d.top);
        drawn.comp_rows = d.rows;
    }
    drawn.why_max = screen::chars::render(app, theme, frame, &areas);
    screen::result::render(app, theme, frame, areas.result);
    screen::bar::render_status(app, theme, frame, areas.status);
    screen::bar::render_keys(app, theme, frame, areas.keys);
    // Each view draws from its own state.
    draw_overlay(app, &app.overlay, theme, frame, &areas, &mut drawn);
    if let Some(top) = app.panes.help {
        drawn.help_max = Some(help::render(top, theme, frame));
    }
    drawn
}

/// The overlay `state` over the panes (the open one, or the one under the profile picker).
fn draw_overlay(
    app: &App,
    state: &OverlayState,
    theme: &Theme,
    frame: &mut Frame,
    areas: &Areas,
    drawn: &mut Drawn,
) {
    let over = areas.views();
    match state {
        OverlayState::None => {}
        OverlayState::Compare { top } => {
            drawn.view_max = Some(overlays::compare::render(app, *top, theme, frame, over));
        }
        OverlayState::Resolve { top } => overlays::resolve::render(app, *top, theme, frame, over),
        OverlayState::Examples { sel } => overlays::examples::render(*sel, theme, frame, over),
        OverlayState::Aliases { text } => overlays::aliases::render(text, theme, frame, over),
        OverlayState::Host { top } => {
            drawn.view_max = Some(overlays::host::render(app, *top, theme, frame, over));
        }
        OverlayState::Unwrap { sel, top } => {
            drawn.view_max = Some(overlays::unwrap::render(
                app, *sel, *top, theme, frame, over,
            ));
        }
        OverlayState::Parsers { top } => overlays::parsers::render(app, *top, theme, frame, over),
        OverlayState::Findings { sel } => {
            overlays::findings::render(app, *sel, theme, frame, over);
        }
        OverlayState::Same { top } => overlays::same::render(app, *top, theme, frame, over),
        OverlayState::Practice(p) => overlays::practice::render(app, p, theme, frame, over),
        OverlayState::Lesson(w) => {
            let lesson = &urlscope_core::modern::lessons::LESSONS[w.lesson];
            let area = overlays::lesson::area(areas, &lesson.steps[w.step]);
            overlays::lesson::render(lesson, w.step, theme, frame, area);
        }
        OverlayState::Editor(e) => overlays::editor::render(app, e, theme, frame, over),
        OverlayState::CopyAs { sel } => overlays::copy_as::render(app, *sel, theme, frame, over),
        OverlayState::Links => overlays::links::render(app, theme, frame, over),
        // The picker is drawn over the overlay it was opened over.
        OverlayState::Profiles { sel, back } => {
            draw_overlay(app, back, theme, frame, areas, drawn);
            overlays::profiles::render(app, *sel, theme, frame, over);
        }
    }
}
