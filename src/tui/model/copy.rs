//! What the copy keys copy: the result on screen (the open view's, else the active profile's),
//! or the part under the cursor (the unit in the characters pane, the selected row in the
//! components pane, elsewhere the component the character cursor lies in), or the URL without
//! its tracking parameters (docs/lenses.md, "The query table").

use crate::tui::model::app::App;
pub use crate::tui::model::overlays::shown;
use crate::tui::model::rows;
use crate::tui::msg::{Effect, Focus, Nothing};
use urlscope_core::modern;

/// The `Copy` effect for the result the screen shows: the open view's (resolve: the RFC 1808
/// result; compare: the active profile's row; parsers: the whatwg column's effective host; host:
/// the host as the WHATWG host parser serializes it; unwrap: the link's target; examples: the
/// selected example's URL), else the active
/// profile's result. Octets, never display text. `Err`: why there is nothing to copy.
pub fn result(app: &App) -> Result<Effect, Nothing> {
    shown(app).map(|(what, octets)| Effect::Copy { what, octets })
}

/// The `Copy` effect for the part under the cursor, or a status message saying why there is none.
pub fn part(app: &App) -> Result<Effect, Nothing> {
    let a = &app.analysis;
    if a.input.is_empty() {
        return Err(Nothing("the input is empty".into()));
    }
    if app.panes.focus == Focus::Characters {
        let i = a.unit_index(app.panes.char_cursor);
        let r = a.unit_range(i);
        return Ok(Effect::Copy {
            what: format!("unit {}", i + 1),
            octets: a.input[r].to_vec(),
        });
    }
    if app.panes.focus == Focus::Components {
        return selected_row(app);
    }
    let pos = app.panes.char_cursor;
    let nine = a.parsed.components();
    // The cursor may sit just after the last octet of a component (at the end of the input).
    let hit = nine
        .iter()
        .find(|(_, r)| r.as_ref().is_some_and(|r| r.contains(&pos)))
        .or_else(|| {
            nine.iter()
                .find(|(_, r)| r.as_ref().is_some_and(|r| !r.is_empty() && r.end == pos))
        });
    match hit {
        Some((c, Some(r))) if !r.is_empty() => Ok(Effect::Copy {
            what: format!("the {}", c.name()),
            octets: a.input[r.clone()].to_vec(),
        }),
        _ => Err(Nothing(
            "the cursor is not inside a component (move it with the characters pane)".into(),
        )),
    }
}

/// `x`: copy the input without its tracking parameters (the rest byte-identical).
pub fn without_tracking(app: &App) -> Result<Effect, Nothing> {
    let a = &app.analysis;
    if a.query.query.is_none() {
        return Err(Nothing("the URL has no query".into()));
    }
    let s = modern::without_tracking(&a.input, &a.query);
    let what = match s.removed {
        0 => "the URL (no tracking parameters to remove)".to_string(),
        1 => "the URL without its 1 tracking parameter".to_string(),
        n => format!("the URL without its {n} tracking parameters"),
    };
    Ok(Effect::Copy {
        what,
        octets: s.url,
    })
}

/// The components pane's selected row: its raw octets, never the decoded display.
fn selected_row(app: &App) -> Result<Effect, Nothing> {
    let Some((what, range)) = rows::row_value(app, app.panes.comp_sel) else {
        return Err(Nothing("select a row with ↑↓ first".into()));
    };
    match range {
        None => Err(Nothing(format!("{what} is absent"))),
        Some(r) if r.is_empty() => Err(Nothing(format!("{what} is empty"))),
        Some(r) => Ok(Effect::Copy {
            what,
            octets: app.analysis.input[r].to_vec(),
        }),
    }
}
