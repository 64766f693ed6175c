//! The state, [`app::App`], and the one way it changes, [`app::App::update`]; the handlers that
//! `update` calls are split by concern over this folder (`impl App` lives only here).

// No `_ =>` over an enum here: a new overlay, command or pane makes the compiler name every
// match to fill in (`-D warnings` in CI turns this into an error).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod app;
pub mod copy;
mod dispatch;
pub mod edit;
pub mod editing;
pub mod history;
pub mod layout;
pub mod lines;
pub mod linklist;
mod nav;
pub mod overlay;
pub mod overlays;
pub mod panes;
pub mod preview;
pub mod profile_bar;
pub mod progress;
pub mod row_edit;
pub mod rows;
mod select;
pub mod session;
pub mod settings;
pub mod text;
pub mod texts;
pub mod traps;
pub mod undo;
pub mod value_editor;
