//! The keys: the one binding table and the key → [`Msg`](super::msg::Msg) map.

pub mod bindings;
pub mod keymap;
