//! The names people write in a config file's `[keys]` tables and read in `urlscope keys`: a
//! command's name (`copy-result`, `show-compare`, `profile-rfc3986`), a scope's (`pane`), a
//! key's (`ctrl+y`, `alt+enter`, `f1`), and the label the help and the key bar show (`Ctrl+Y`).

use crossterm::event::{KeyCode, KeyModifiers};

use crate::tui::keys::bindings::{BINDINGS, Scope};
use crate::tui::msg::command::Command;

const C: KeyModifiers = KeyModifiers::CONTROL;
const A: KeyModifiers = KeyModifiers::ALT;
const S: KeyModifiers = KeyModifiers::SHIFT;

/// A command's name: its variant in kebab case, an overlay's row index left out
/// (`Show(CopyAs(0))` → `show-copy-as`).
pub fn command_name(cmd: Command) -> String {
    let debug = format!("{cmd:?}").replace("(0)", "");
    let mut out = String::new();
    for ch in debug.chars() {
        match ch {
            '(' => out.push('-'),
            ')' => {}
            c if c.is_ascii_uppercase() => {
                if !out.is_empty() && !out.ends_with('-') {
                    out.push('-');
                }
                out.push(c.to_ascii_lowercase());
            }
            c => out.push(c),
        }
    }
    out
}

/// The commands of the binding table, once each, in its order: what a config file can bind.
pub fn commands() -> Vec<Command> {
    let mut out: Vec<Command> = Vec::new();
    for b in BINDINGS {
        if !out.contains(&b.cmd) {
            out.push(b.cmd);
        }
    }
    out
}

/// The command of the binding table named `name`.
pub fn command_named(name: &str) -> Option<Command> {
    commands().into_iter().find(|&c| command_name(c) == name)
}

/// A scope's name in a config file (`[keys.pane]`).
pub fn scope_name(scope: Scope) -> &'static str {
    match scope {
        Scope::Global => "global",
        Scope::Input => "input",
        Scope::Pane => "pane",
        Scope::Help => "help",
        Scope::Aliases => "aliases",
        Scope::Typing => "typing",
        Scope::Editor => "editor",
        Scope::Links => "links",
        Scope::Lesson => "lesson",
    }
}

/// The scope named `name`.
pub fn scope_named(name: &str) -> Option<Scope> {
    Scope::ALL.into_iter().find(|&s| scope_name(s) == name)
}

/// The named keys: (name in a config file, the key, its label).
const NAMED: &[(&str, KeyCode, &str)] = &[
    ("enter", KeyCode::Enter, "Enter"),
    ("esc", KeyCode::Esc, "Esc"),
    ("escape", KeyCode::Esc, "Esc"),
    ("tab", KeyCode::Tab, "Tab"),
    ("backtab", KeyCode::BackTab, "Shift+Tab"),
    ("backspace", KeyCode::Backspace, "Backspace"),
    ("delete", KeyCode::Delete, "Delete"),
    ("del", KeyCode::Delete, "Delete"),
    ("insert", KeyCode::Insert, "Insert"),
    ("home", KeyCode::Home, "Home"),
    ("end", KeyCode::End, "End"),
    ("pageup", KeyCode::PageUp, "PgUp"),
    ("pgup", KeyCode::PageUp, "PgUp"),
    ("pagedown", KeyCode::PageDown, "PgDn"),
    ("pgdn", KeyCode::PageDown, "PgDn"),
    ("up", KeyCode::Up, "↑"),
    ("down", KeyCode::Down, "↓"),
    ("left", KeyCode::Left, "←"),
    ("right", KeyCode::Right, "→"),
    ("↑", KeyCode::Up, "↑"),
    ("↓", KeyCode::Down, "↓"),
    ("←", KeyCode::Left, "←"),
    ("→", KeyCode::Right, "→"),
    ("space", KeyCode::Char(' '), "Space"),
];

/// The key names a config file can use, for error messages.
pub const KEY_NAMES_HELP: &str = "a character, ctrl+X, alt+X, shift+X, f1-f12, enter, esc, tab, \
     backspace, delete, insert, home, end, pageup, pagedown, up, down, left, right, space";

/// Read a key name (`ctrl+y`, `Alt+Enter`, `shift+tab`, `F2`, `?`, `Y`): the key and its
/// modifiers as the binding table writes them (Shift is in an uppercase character, and in
/// BackTab; only a named key keeps a Shift modifier).
pub fn parse_key(name: &str) -> Result<(KeyCode, KeyModifiers), String> {
    let bad = || format!("unknown key {name:?}; keys are {KEY_NAMES_HELP}");
    // The key is what follows the last `+` (a `+` itself when the name ends in one).
    let (mods_part, key) = if name == "+" {
        ("", "+")
    } else if let Some(m) = name.strip_suffix("++") {
        (m, "+")
    } else {
        match name.rsplit_once('+') {
            Some((m, k)) => (m, k),
            None => ("", name),
        }
    };
    let mut mods = KeyModifiers::NONE;
    if !mods_part.is_empty() {
        for m in mods_part.split('+') {
            mods |= match m.to_ascii_lowercase().as_str() {
                "ctrl" | "control" | "c" => C,
                "alt" | "meta" | "m" | "a" => A,
                "shift" | "s" => S,
                _ => return Err(bad()),
            };
        }
    }
    let mut chars = key.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() && !matches!(c, '↑' | '↓' | '←' | '→') => {
            KeyCode::Char(c)
        }
        _ => {
            let lower = key.to_ascii_lowercase();
            if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                if !(1..=12).contains(&n) {
                    return Err(bad());
                }
                KeyCode::F(n)
            } else {
                NAMED
                    .iter()
                    .find(|(n, _, _)| *n == lower)
                    .map(|(_, k, _)| *k)
                    .ok_or_else(bad)?
            }
        }
    };
    Ok(match code {
        // Shift+Tab arrives as BackTab.
        KeyCode::Tab if mods.contains(S) => (KeyCode::BackTab, mods - S),
        KeyCode::BackTab => (KeyCode::BackTab, mods - S),
        // Ctrl and Alt keys match their character in lower case (the labels write it in upper
        // case: Ctrl+Y), with Shift named apart (Ctrl+Shift+Z).
        KeyCode::Char(c) if mods.intersects(C | A) => (KeyCode::Char(c.to_ascii_lowercase()), mods),
        // Shift+x alone is the character X.
        KeyCode::Char(c) if mods.contains(S) => (KeyCode::Char(c.to_ascii_uppercase()), mods - S),
        other => (other, mods),
    })
}

/// The label the help and the key bar show for a key (`Ctrl+Y`, `Alt+↑`, `PgUp`, `y`).
pub fn label(code: KeyCode, mods: KeyModifiers) -> String {
    let mut out = String::new();
    if mods.contains(C) {
        out.push_str("Ctrl+");
    }
    if mods.contains(A) {
        out.push_str("Alt+");
    }
    if mods.contains(S) {
        out.push_str("Shift+");
    }
    let key = match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) if mods.intersects(C | A) => c.to_uppercase().to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::F(n) => format!("F{n}"),
        other => NAMED
            .iter()
            .find(|(_, k, _)| *k == other)
            .map_or_else(|| format!("{other:?}"), |(_, _, l)| l.to_string()),
    };
    out.push_str(&key);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_of_the_table_is_its_keys() {
        for b in BINDINGS {
            assert_eq!(label(b.code, b.mods), b.label, "{:?}", b.cmd);
        }
    }

    #[test]
    fn key_names_read_as_the_table_writes_them() {
        let k = |n| parse_key(n).unwrap();
        assert_eq!(k("ctrl+y"), (KeyCode::Char('y'), C));
        assert_eq!(k("Ctrl+Y"), (KeyCode::Char('y'), C));
        assert_eq!(k("ctrl+shift+z"), (KeyCode::Char('z'), C | S));
        assert_eq!(k("Y"), (KeyCode::Char('Y'), KeyModifiers::NONE));
        assert_eq!(k("shift+y"), (KeyCode::Char('Y'), KeyModifiers::NONE));
        assert_eq!(k("shift+tab"), (KeyCode::BackTab, KeyModifiers::NONE));
        assert_eq!(k("alt+enter"), (KeyCode::Enter, A));
        assert_eq!(k("F12"), (KeyCode::F(12), KeyModifiers::NONE));
        assert_eq!(k("+"), (KeyCode::Char('+'), KeyModifiers::NONE));
        assert_eq!(k("alt++"), (KeyCode::Char('+'), A));
        assert_eq!(k("shift+up"), (KeyCode::Up, S));
        for bad in [
            "", "ctrl+", "hyper+x", "f13", "f0", "pagedwn", "ab", "\u{1b}",
        ] {
            assert!(parse_key(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn command_names_are_unique_and_read_back() {
        let cmds = commands();
        for &c in &cmds {
            let name = command_name(c);
            assert!(
                name.chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '-'),
                "{name}"
            );
            assert_eq!(command_named(&name), Some(c), "{name}");
        }
        assert_eq!(command_name(Command::CopyResult), "copy-result");
        assert_eq!(
            command_name(Command::Show(crate::tui::msg::Overlay::CopyAs(0))),
            "show-copy-as"
        );
        assert_eq!(
            command_name(Command::Profile(urlscope_core::Profile::Rfc3986)),
            "profile-rfc3986"
        );
    }
}
