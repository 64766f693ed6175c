//! What the keys do inside each overlay, one file per overlay (the same file name as in
//! `view/overlays/`).

pub mod aliases;
pub mod examples;
pub mod findings;
pub mod unwrap;
