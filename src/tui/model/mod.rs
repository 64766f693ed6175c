//! The state, [`app::App`], and the one way it changes, [`app::App::update`]; the handlers that
//! `update` calls are split by concern over this folder (`impl App` lives only here).

pub mod app;
pub mod copy;
mod dispatch;
pub mod edit;
pub mod history;
pub mod layout;
pub mod lines;
mod nav;
pub mod overlays;
pub mod preview;
pub mod rows;
mod select;
pub mod text;
pub mod texts;
pub mod undo;
