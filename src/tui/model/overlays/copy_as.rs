//! The copy-as menu (`C`, Alt+C): each form the edit core makes of the URL
//! (`urlscope_core::modern::forms`), and the selected component; Enter copies the selected one.

use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::rows;
use crate::tui::msg::{Effect, Nothing};
use urlscope_core::modern;
use urlscope_core::modern::FormId;

/// One row of the menu: its title and its octets, or why it has none.
pub struct Form {
    pub title: String,
    pub octets: Result<Vec<u8>, String>,
}

/// The menu's rows, in order: the core's forms of the URL as typed and the active profile's
/// result, then the components pane's selected row.
pub fn rows(app: &App) -> Vec<Form> {
    let a = &app.analysis;
    let mut out: Vec<Form> = FormId::ALL
        .into_iter()
        .map(|id| {
            let title = match id {
                FormId::Profile => format!("{} ({})", id.title(), a.profile.label()),
                FormId::Typed
                | FormId::Href
                | FormId::Ascii
                | FormId::Readable
                | FormId::Markdown
                | FormId::Html
                | FormId::Curl
                | FormId::Json
                | FormId::Defang => id.title().to_string(),
            };
            let octets = modern::form(id, &a.input, &a.outcome.output)
                .ok_or_else(|| "the WHATWG parser rejects this URL".to_string());
            Form { title, octets }
        })
        .collect();
    let (title, octets) = match rows::row_value(app, app.panes.comp_sel) {
        Some((what, Some(r))) => (
            format!("the selected component: {what}"),
            Ok(a.input[r].to_vec()),
        ),
        Some((what, None)) => (
            format!("the selected component: {what}"),
            Err(format!("{what} is absent")),
        ),
        None => (
            "the selected component".to_string(),
            Err("no row of the components pane is selected".to_string()),
        ),
    };
    out.push(Form { title, octets });
    out
}

/// How many rows the menu has: one a form, and the selected component.
pub const COUNT: usize = FormId::ALL.len() + 1;

/// Row `sel`'s form: what it is and its octets (what Enter copies and Ctrl+O prints), or why
/// there is nothing to copy.
pub fn shown(app: &App, sel: usize) -> Result<(String, Vec<u8>), Nothing> {
    let list = rows(app);
    let Some(f) = list.get(sel.min(list.len() - 1)) else {
        return Err(Nothing(String::new()));
    };
    match &f.octets {
        Ok(o) => Ok((format!("{} (copy as)", f.title), o.clone())),
        Err(why) => Err(Nothing(why.clone())),
    }
}

/// The `Copy` effect for row `sel`, or why there is nothing to copy.
pub fn copy(app: &App, sel: usize) -> Result<Effect, Nothing> {
    shown(app, sel).map(|(what, octets)| Effect::Copy { what, octets })
}

impl App {
    /// Enter in the menu: copy the selected form and close.
    pub(in crate::tui::model) fn copy_as(&mut self, sel: usize) -> Vec<Effect> {
        match copy(self, sel) {
            Ok(e) => {
                self.overlay = OverlayState::None;
                vec![e]
            }
            Err(why) => {
                self.status.say(why.said("copied"));
                Vec::new()
            }
        }
    }
}
