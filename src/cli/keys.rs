//! `urlscope keys`: the inspector's keys in effect (the binding table with the config file's
//! `[keys]` applied), scope by scope: key, command name, what it does. It presents the table
//! the inspector's keymap, F1 and key bar read.

use super::{Result, write_stdout};
use crate::tui::keys::bindings::{Scope, active};
use crate::tui::keys::names::{command_name, scope_name};

pub fn run() -> Result<i32> {
    write_stdout(table().as_bytes())?;
    Ok(0)
}

/// The table as text: a heading per scope (its config name and where it applies), then one
/// line per key.
pub fn table() -> String {
    let rows = active();
    let key_w = rows
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let cmd_w = rows
        .iter()
        .map(|b| command_name(b.cmd).len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for scope in Scope::ALL {
        out.push_str(&format!(
            "[keys.{}]  {}\n",
            scope_name(scope),
            scope.describe()
        ));
        for b in rows.iter().filter(|b| b.scope == scope) {
            let pad = key_w - b.label.chars().count();
            out.push_str(&format!(
                "  {}{:pad$}  {:cmd_w$}  {}\n",
                b.label,
                "",
                command_name(b.cmd),
                b.help
            ));
        }
        out.push('\n');
    }
    out
}
