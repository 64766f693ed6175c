//! The key list's content (F1 / `?`), generated from the binding table so it cannot drift from
//! the keys the app knows: every binding grouped by where it applies, then every key whose
//! meaning depends on the place (a key that types in an input but is a command in a pane, Esc
//! closing a view but leaving an input…), then the colour legend. The view draws these lines;
//! the app's scroll limit counts them.

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::bindings::BINDINGS;
use super::command::{Binding, Scope};
use super::layout;
use super::legend;
use crate::theme::Theme;

/// What a printable key does where no binding takes it and text is typed.
const TYPES: &str = "types the character";

/// One key (code and modifiers) and what it does in each place, in `Scope::ALL` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByPlace {
    pub label: &'static str,
    pub places: Vec<(Scope, &'static str)>,
}

/// Whether a key with `mods` types its character where text is typed.
fn types(code: KeyCode, mods: KeyModifiers) -> bool {
    matches!(code, KeyCode::Char(_)) && !mods.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

/// Every key of the table with what it does in each place, typing included (in an input, or
/// in the alias editor, a printable key no binding of the place takes types its character).
pub fn by_place() -> Vec<ByPlace> {
    let mut keys: Vec<&Binding> = Vec::new();
    for b in BINDINGS {
        if !keys.iter().any(|k| k.code == b.code && k.mods == b.mods) {
            keys.push(b);
        }
    }
    keys.into_iter()
        .map(|k| {
            let same: Vec<&Binding> = BINDINGS
                .iter()
                .filter(|b| b.code == k.code && b.mods == k.mods)
                .collect();
            let bound = |s: Scope| same.iter().find(|b| b.scope == s);
            let global = bound(Scope::Global).is_some();
            let mut places = Vec::new();
            for s in Scope::ALL {
                // The alias editor takes the inputs' editing keys after its own and the global
                // ones (as the keymap does).
                let own = bound(s).or_else(|| {
                    (s == Scope::Aliases && !global)
                        .then(|| bound(Scope::Input).filter(|b| b.cmd.edits_text()))
                        .flatten()
                });
                if let Some(b) = own {
                    places.push((s, b.help));
                } else if s.types_text() && !global && types(k.code, k.mods) {
                    places.push((s, TYPES));
                }
            }
            ByPlace {
                label: k.label,
                places,
            }
        })
        .collect()
}

/// The keys whose meaning depends on the place: more than one distinct meaning.
pub fn exceptions() -> Vec<ByPlace> {
    by_place()
        .into_iter()
        .filter(|k| {
            let first = k.places.first().map(|p| p.1);
            k.places.iter().any(|p| Some(p.1) != first)
        })
        .collect()
}

/// The key list's lines: a heading per scope, then `key  what it does`; the keys that differ
/// by place; the colour legend.
pub fn lines(theme: &Theme) -> Vec<Line<'static>> {
    let width = BINDINGS
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let key = |label: &'static str, text: String| {
        let pad = width.saturating_sub(label.chars().count());
        Line::from(vec![
            Span::raw("  "),
            Span::styled(label, theme.focus),
            Span::raw(" ".repeat(pad + 2)),
            Span::raw(text),
        ])
    };
    let mut out = Vec::new();
    for scope in Scope::ALL {
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        out.push(Line::styled(scope.describe(), theme.label));
        for b in BINDINGS.iter().filter(|b| b.scope == scope) {
            out.push(key(b.label, b.help.to_string()));
        }
    }
    out.push(Line::raw(""));
    out.push(Line::styled(
        "the same key, different by place (one line per place):",
        theme.label,
    ));
    // Keys that only type where text is typed and do one thing elsewhere: one line for all.
    let (typing, differing): (Vec<ByPlace>, Vec<ByPlace>) =
        exceptions().into_iter().partition(|k| {
            let other: Vec<_> = k.places.iter().filter(|p| p.1 != TYPES).collect();
            other.len() == 1 && other[0].0 == Scope::Pane
        });
    for k in &differing {
        for (i, (scope, what)) in k.places.iter().enumerate() {
            let label = if i == 0 { k.label } else { "" };
            out.push(key(label, format!("{}: {what}", scope.short())));
        }
    }
    // One line of labels per set of places, then where they type.
    let mut groups: Vec<(Vec<Scope>, Vec<&'static str>)> = Vec::new();
    for k in &typing {
        let places: Vec<Scope> = k.places.iter().map(|p| p.0).collect();
        match groups.iter_mut().find(|g| g.0 == places) {
            Some(g) => g.1.push(k.label),
            None => groups.push((places, vec![k.label])),
        }
    }
    for (places, labels) in groups {
        out.push(Line::from(vec![
            Span::raw("  "),
            Span::styled(labels.join(" "), theme.focus),
        ]));
        let typed: Vec<&str> = places
            .iter()
            .filter(|&&s| s != Scope::Pane)
            .map(|s| s.short())
            .collect();
        out.push(Line::raw(format!(
            "  {}: the command listed above; {}: {TYPES}",
            Scope::Pane.short(),
            typed.join(", ")
        )));
    }
    out.extend(legend::lines(theme));
    out
}

/// The last useful first line of the key list on a screen `height` rows high (the list ends
/// at the bottom of its box).
pub fn max_top(height: u16) -> usize {
    let area = layout::key_list(Rect::new(0, 0, 100, height));
    lines(&Theme::default())
        .len()
        .saturating_sub(area.height.saturating_sub(2) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(label: &str) -> ByPlace {
        exceptions()
            .into_iter()
            .find(|k| k.label == label)
            .unwrap_or_else(|| panic!("{label} is not listed"))
    }

    #[test]
    fn keys_that_type_in_an_input_and_command_a_pane_are_listed() {
        let q = find("q");
        assert!(q.places.contains(&(Scope::Input, TYPES)));
        assert!(q.places.contains(&(Scope::Pane, "quit")));
        assert!(q.places.iter().any(|p| p.0 == Scope::Help));
        let m = find("m");
        assert_eq!(m.places.len(), 3, "{m:?}");
        // Esc: leaves an input, closes a view, applies the aliases.
        let esc = find("Esc");
        let scopes: Vec<Scope> = esc.places.iter().map(|p| p.0).collect();
        assert_eq!(scopes, [Scope::Input, Scope::Help, Scope::Aliases]);
        // ← and Backspace in the alias editor are the input's own bindings.
        assert!(
            find("←")
                .places
                .contains(&(Scope::Aliases, "previous character"))
        );
        let bs = find("Backspace");
        assert!(
            bs.places
                .contains(&(Scope::Aliases, "delete before the cursor"))
        );
    }

    #[test]
    fn a_key_that_means_one_thing_everywhere_is_not_an_exception() {
        let all = exceptions();
        for label in ["Ctrl+C", "F1", "Tab", "Alt+3", "Ctrl+Y"] {
            assert!(all.iter().all(|k| k.label != label), "{label}");
        }
    }

    #[test]
    fn every_exception_is_in_the_lines() {
        let text: String = lines(&Theme::default())
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect();
        for k in exceptions() {
            assert!(text.contains(k.label), "{}", k.label);
        }
        assert!(text.contains("inputs: leave the input"), "{text}");
    }
}
