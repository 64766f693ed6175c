//! The keys: the one binding table, the config file's changes to it, their names, and the key
//! → [`Msg`](super::msg::Msg) map.

pub mod bindings;
pub mod custom;
pub mod keymap;
pub mod names;
