//! The overlays drawn over the panes, one file per overlay (the same file name as in
//! `model/overlays/`).

pub mod aliases;
pub mod compare;
pub mod copy_as;
pub mod editor;
pub mod examples;
pub mod findings;
pub mod host;
pub mod lesson;
pub mod links;
pub mod parsers;
pub mod practice;
pub mod profiles;
pub mod resolve;
pub mod same;
pub mod unwrap;
