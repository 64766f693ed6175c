//! The main screen's panes and bars.

pub mod bar;
pub mod chars;
pub mod components;
pub mod input;
pub mod result;
pub mod summary;
