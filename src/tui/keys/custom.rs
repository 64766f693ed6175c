//! Your own keys: the config file's `[keys.SCOPE]` tables over the binding table. A command named
//! in a scope gets exactly the keys listed (its built-in keys in that scope are replaced; `[]`
//! unbinds it: gitui's override, one rule); every other binding stays. The result is checked
//! as the built-in table is: no key bound twice in one scope, no printable key taken from a
//! scope where it types.

use std::ops::Range;

use crossterm::event::{KeyCode, KeyModifiers};

use crate::config::KeysSection;
use crate::tui::keys::bindings::{BINDINGS, Binding, Scope};
use crate::tui::keys::names::{
    command_name, command_named, commands, label, parse_key, scope_name, scope_named,
};

/// A `[keys]` entry the table cannot take: where in the file, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyError {
    pub span: Range<usize>,
    pub message: String,
}

/// The binding table with `keys` applied; the table itself when `keys` is empty.
pub fn merge(keys: &KeysSection) -> Result<Vec<Binding>, KeyError> {
    let mut table: Vec<Binding> = BINDINGS.iter().map(copy).collect();
    // Which rows came from the file, with the span of their entry (for the duplicate check).
    let mut from_file: Vec<Option<Range<usize>>> = vec![None; table.len()];
    for (scope_key, entries) in keys.scopes() {
        let scope = scope_named(scope_key).expect("the section's fields are the scope names");
        for (name, list) in entries {
            let Some(cmd) = command_named(name.get_ref()) else {
                let all: Vec<String> = commands().into_iter().map(command_name).collect();
                return Err(KeyError {
                    span: name.span(),
                    message: format!(
                        "[keys.{scope_key}]: unknown command {:?}; the commands are {} \
                         (`urlscope keys` lists them with their keys)",
                        name.get_ref(),
                        all.join(", ")
                    ),
                });
            };
            let help = BINDINGS
                .iter()
                .find(|b| b.cmd == cmd)
                .map_or("", |b| b.help);
            // Where the command's rows of this scope were (the new ones go there, so that their
            // order against other scopes' rows is the table's), else the end.
            let at = table
                .iter()
                .position(|b| b.scope == scope && b.cmd == cmd)
                .unwrap_or(table.len());
            let mut kept = Vec::new();
            let mut kept_from = Vec::new();
            for (b, f) in table.drain(..).zip(from_file.drain(..)) {
                if !(b.scope == scope && b.cmd == cmd) {
                    kept.push(b);
                    kept_from.push(f);
                }
            }
            let at = at.min(kept.len());
            let mut new = Vec::new();
            for key in list.get_ref().names() {
                let (code, mods) = parse_key(key).map_err(|m| KeyError {
                    span: list.span(),
                    message: format!("[keys.{scope_key}] {}: {m}", name.get_ref()),
                })?;
                if types_here(scope, code, mods) {
                    return Err(KeyError {
                        span: list.span(),
                        message: format!(
                            "[keys.{scope_key}] {}: {key:?} types its character there; \
                             bind it with ctrl+ or alt+",
                            name.get_ref()
                        ),
                    });
                }
                new.push(Binding {
                    scope,
                    code,
                    mods,
                    // Bounded: a config file's entries, leaked once at start.
                    label: Box::leak(label(code, mods).into_boxed_str()),
                    help,
                    cmd,
                });
            }
            let n = new.len();
            kept.splice(at..at, new);
            kept_from.splice(at..at, std::iter::repeat_n(Some(list.span()), n));
            table = kept;
            from_file = kept_from;
        }
    }
    check_unique(&table, &from_file)?;
    Ok(table)
}

fn copy(b: &Binding) -> Binding {
    Binding {
        scope: b.scope,
        code: b.code,
        mods: b.mods,
        label: b.label,
        help: b.help,
        cmd: b.cmd,
    }
}

/// Whether a key would type its character in `scope` (global bindings apply in the inputs).
fn types_here(scope: Scope, code: KeyCode, mods: KeyModifiers) -> bool {
    let printable = matches!(code, KeyCode::Char(_))
        && !mods.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    printable && (scope.types_text() || scope == Scope::Global)
}

/// No key twice in one scope; the error names both commands.
fn check_unique(table: &[Binding], from_file: &[Option<Range<usize>>]) -> Result<(), KeyError> {
    for (i, a) in table.iter().enumerate() {
        for (j, b) in table.iter().enumerate().skip(i + 1) {
            if a.scope == b.scope && a.code == b.code && a.mods == b.mods {
                let span = from_file[j]
                    .clone()
                    .or_else(|| from_file[i].clone())
                    .unwrap_or(0..0);
                let (first, second) = (command_name(a.cmd), command_name(b.cmd));
                let both = if first == second {
                    format!("twice to {first}")
                } else {
                    format!("to both {first} and {second}")
                };
                return Err(KeyError {
                    span,
                    message: format!(
                        "[keys.{}]: {} is bound {both}; give one of them another key",
                        scope_name(a.scope),
                        a.label
                    ),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> KeysSection {
        #[derive(serde::Deserialize)]
        struct F {
            keys: KeysSection,
        }
        toml::from_str::<F>(text).unwrap().keys
    }

    fn bound(t: &[Binding], scope: Scope, key: &str) -> Option<String> {
        let (code, mods) = parse_key(key).unwrap();
        t.iter()
            .find(|b| b.scope == scope && b.code == code && b.mods == mods)
            .map(|b| command_name(b.cmd))
    }

    #[test]
    fn the_built_in_table_passes_its_own_checks() {
        let t = merge(&KeysSection::default()).unwrap();
        assert_eq!(t.len(), BINDINGS.len());
    }

    #[test]
    fn a_command_gets_exactly_the_keys_listed() {
        let t = merge(&keys(
            "[keys.pane]\ncopy-result = [\"ctrl+k\", \"Y\"]\ncopy-part = \"alt+p\"\n\
             [keys.global]\nhelp = \"f10\"\n",
        ))
        .unwrap();
        assert_eq!(bound(&t, Scope::Pane, "y"), None);
        assert_eq!(bound(&t, Scope::Pane, "Y").as_deref(), Some("copy-result"));
        assert_eq!(
            bound(&t, Scope::Pane, "ctrl+k").as_deref(),
            Some("copy-result")
        );
        assert_eq!(bound(&t, Scope::Global, "f10").as_deref(), Some("help"));
        assert_eq!(bound(&t, Scope::Global, "f1"), None);
        // Other scopes keep theirs.
        assert_eq!(
            bound(&t, Scope::Global, "ctrl+y").as_deref(),
            Some("copy-result")
        );
        let l = t.iter().find(|b| b.label == "Ctrl+K").unwrap();
        assert_eq!(
            l.help,
            BINDINGS.iter().find(|b| b.cmd == l.cmd).unwrap().help
        );
        // [] unbinds.
        let t = merge(&keys("[keys.pane]\nquit-ask = []\n")).unwrap();
        assert_eq!(bound(&t, Scope::Pane, "q"), None);
    }

    #[test]
    fn a_key_twice_in_a_scope_names_both_commands() {
        let e = merge(&keys("[keys.pane]\nquit-ask = \"x\"\n")).unwrap_err();
        assert!(
            e.message.contains("quit-ask") && e.message.contains("copy-without-tracking"),
            "{}",
            e.message
        );
        let e = merge(&keys("[keys.pane]\nquit-ask = [\"x\", \"x\"]\n")).unwrap_err();
        assert!(e.message.contains("twice"), "{}", e.message);
    }

    #[test]
    fn unknown_names_and_typing_keys_are_refused() {
        let e = merge(&keys("[keys.pane]\ncopy-reslut = \"k\"\n")).unwrap_err();
        assert!(
            e.message.contains("copy-result"),
            "the choices: {}",
            e.message
        );
        let e = merge(&keys("[keys.pane]\ncopy-result = \"ctrl+kk\"\n")).unwrap_err();
        assert!(e.message.contains("unknown key"), "{}", e.message);
        let e = merge(&keys("[keys.input]\ncopy-result = \"k\"\n")).unwrap_err();
        assert!(e.message.contains("types"), "{}", e.message);
        let e = merge(&keys("[keys.global]\nhelp = \"k\"\n")).unwrap_err();
        assert!(e.message.contains("types"), "{}", e.message);
    }
}
