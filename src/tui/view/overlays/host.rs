//! The host view (`h`, SPEC-MODERN §10.2): draws [`crate::tui::view::overlays::host_lines`] from the view's
//! scroll position.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::Areas;
use crate::tui::view::overlays::host_lines::{hard_wrap, report_lines};
use crate::tui::view::pane;

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        pane(
            "Host lens — SPEC-MODERN §10.2 (↑↓ PgUp PgDn scroll, Esc closes)",
            true,
            theme,
        ),
        area,
    );
    let inner = Areas::inner(area);
    let Some(r) = &app.analysis.host else {
        frame.render_widget(Paragraph::new("analysing the host…"), inner);
        return;
    };
    let lines = hard_wrap(report_lines(r, theme), inner.width as usize);
    let top = app.view_top.min(lines.len().saturating_sub(1));
    let visible: Vec<Line> = lines
        .into_iter()
        .skip(top)
        .take(inner.height as usize)
        .collect();
    frame.render_widget(Paragraph::new(visible), inner);
}
