//! What the copy keys copy: the result on screen (the open view's, else the active profile's),
//! or the part under the cursor (the unit in the characters pane, the selected row in the
//! components pane, elsewhere the component the character cursor lies in), or the URL without
//! its tracking parameters (SPEC-MODERN §10.4).

use crate::modern::parsers::{Parser, Row};
use crate::modern::query;
use crate::tui::model::app::App;
use crate::tui::model::overlays::examples::EXAMPLES;
use crate::tui::model::rows;
use crate::tui::msg::{Effect, Focus, Nothing, Overlay};
use crate::url::resolve;

/// The `Copy` effect for the result the screen shows: the open view's (resolve: the RFC 1808
/// result; compare: the active profile's row; parsers: the whatwg column's effective host; host:
/// the host as the WHATWG host parser serializes it; unwrap: the link's target; examples: the
/// selected example's URL), else the active
/// profile's result. Octets, never display text. `Err`: why there is nothing to copy.
pub fn result(app: &App) -> Result<Effect, Nothing> {
    shown(app).map(|(what, octets)| Effect::Copy { what, octets })
}

/// The result on screen (what [`result`] copies and Ctrl+O prints): what it is, and its octets.
pub fn shown(app: &App) -> Result<(String, Vec<u8>), Nothing> {
    let a = &app.analysis;
    let copy = |what: String, octets: Vec<u8>| Ok((what, octets));
    let profile = || result_what(a);
    if app.panes.help.is_some() {
        return copy(profile(), a.outcome.output.clone());
    }
    match app.overlay() {
        Overlay::Resolve => {
            let r = resolve(&app.editing.base.buf, &app.editing.input.buf);
            match r.error {
                Some(e) => Err(Nothing(format!("the resolution failed ({e})"))),
                None => copy("the RFC 1808 result (resolve view)".into(), r.output),
            }
        }
        Overlay::Compare => copy(
            format!("{} (compare view, ▶ row)", profile()),
            a.outcome.output.clone(),
        ),
        Overlay::Parsers => {
            let Some(c) = &a.parsers else {
                return Err(Nothing("the parsers are still being compared".into()));
            };
            match c.cell(Row::EffectiveHost, Parser::Whatwg).value.text() {
                Some(h) => copy(
                    "the whatwg effective host (parsers view)".into(),
                    h.as_bytes().to_vec(),
                ),
                None => Err(Nothing("the whatwg column has no effective host".into())),
            }
        }
        Overlay::Host => {
            let Some(r) = &a.host else {
                return Err(Nothing("the host is still being analysed".into()));
            };
            match &r.facts.host {
                Some(h) => copy(
                    "the WHATWG-serialized host (host view)".into(),
                    h.as_bytes().to_vec(),
                ),
                None => Err(Nothing(
                    "the URL has no host the WHATWG parser accepts".into(),
                )),
            }
        }
        Overlay::Unwrap(_) => {
            let Some(c) = &a.unwrap else {
                return Err(Nothing("the unwrap chain is still being computed".into()));
            };
            let n = c.layers.len() - 1;
            copy(
                format!("the target, layer {n} (unwrap view)"),
                c.target().text.clone().into_bytes(),
            )
        }
        Overlay::Examples(sel) => {
            let ex = &EXAMPLES[sel.min(EXAMPLES.len() - 1)];
            copy(
                format!("example {}'s URL (examples list)", ex.id),
                ex.input.to_vec(),
            )
        }
        Overlay::Same => match &a.same {
            Some(w) => copy(
                format!(
                    "the second line's {} result (compare-with)",
                    a.profile.label()
                ),
                w.sameness.profile(a.profile).output_b.clone(),
            ),
            None => Err(Nothing("the two URLs are still being compared".into())),
        },
        Overlay::Practice(sel) => {
            let all = &app.progress.exercises;
            let ex = &all[sel.min(all.len().saturating_sub(1))].1;
            copy(
                format!("exercise {}'s text (practice)", ex.id),
                ex.given().as_bytes().to_vec(),
            )
        }
        Overlay::CopyAs(sel) => crate::tui::model::overlays::copy_as::shown(app, sel),
        Overlay::Links => {
            let Some((list, i)) = app
                .links
                .as_ref()
                .and_then(|l| l.selected().map(|i| (l, i)))
            else {
                return Err(Nothing("no link matches the filter".into()));
            };
            let print = app.exit.pick.unwrap_or_default();
            copy(
                format!("the link of line {} (link list)", list.link(i).line),
                list.printed(i, print),
            )
        }
        Overlay::None | Overlay::Aliases | Overlay::Findings(_) | Overlay::Editor => {
            copy(profile(), a.outcome.output.clone())
        }
    }
}

/// What the active profile's result is called when copied: its profile, and a warning when an
/// old rule's edit changed what today's parsers read (`modern::today`), so that nobody copies
/// a link that now means something else unwarned.
fn result_what(a: &crate::tui::analysis::Analysis) -> String {
    let label = format!("the {} result", a.profile.label());
    match crate::modern::today::meaning_changes(&a.outcome).first() {
        Some(c) => format!("{label} (⚠ {})", c.short()),
        None => label,
    }
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
    let s = query::without_tracking(&a.input, &a.query);
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
