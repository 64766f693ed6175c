//! The key list's content (F1 / `?`), generated from the binding table so it cannot drift from
//! the keys the app knows: every binding grouped by where it applies, then every key whose
//! meaning depends on the place (a key that types in an input but is a command in a pane, Esc
//! closing a view but leaving an input…), then the colour legend. The view draws these lines;
//! the app's scroll limit counts them.

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::text::{Line, Span};

use crate::theme::Theme;
use crate::tui::keys::bindings::active;
use crate::tui::keys::bindings::{Binding, Scope};
use crate::tui::view::help::legend;

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
    for b in active() {
        if !keys.iter().any(|k| k.code == b.code && k.mods == b.mods) {
            keys.push(b);
        }
    }
    keys.into_iter()
        .map(|k| {
            let same: Vec<&Binding> = active()
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
                    (matches!(s, Scope::Aliases | Scope::Editor) && !global)
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
/// The key list's lines for a box `columns` wide inside its border: a key's text that does not
/// fit is wrapped at spaces under itself, so nothing is cut off at 80 columns.
pub fn lines(theme: &Theme, columns: u16) -> Vec<Line<'static>> {
    let width = active()
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let indent = width + 4;
    let room = (columns as usize).saturating_sub(indent).max(20);
    let mut out = Vec::new();
    let key = |out: &mut Vec<Line<'static>>, label: &'static str, text: String| {
        let pad = width.saturating_sub(label.chars().count());
        for (i, part) in wrap(&text, room).into_iter().enumerate() {
            let head = if i == 0 {
                Span::styled(label, theme.focus)
            } else {
                Span::raw("")
            };
            let pad = if i == 0 { pad } else { width };
            out.push(Line::from(vec![
                Span::raw("  "),
                head,
                Span::raw(" ".repeat(pad + 2)),
                Span::raw(part),
            ]));
        }
    };
    for scope in Scope::ALL {
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        for part in wrap(scope.describe(), columns as usize) {
            out.push(Line::styled(part, theme.label));
        }
        for b in active().iter().filter(|b| b.scope == scope) {
            key(&mut out, b.label, b.help.to_string());
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
            key(&mut out, label, format!("{}: {what}", scope.short()));
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
        let text = format!(
            "{}: the command listed above; {}: {TYPES}",
            Scope::Pane.short(),
            typed.join(", ")
        );
        for part in wrap(&text, (columns as usize).saturating_sub(2)) {
            out.push(Line::raw(format!("  {part}")));
        }
    }
    for line in legend::lines(theme) {
        out.extend(fit(line, columns as usize));
    }
    out
}

/// `text` in pieces of at most `room` characters, broken at spaces (a word longer than `room`
/// stands alone on its line).
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let fits = cur.chars().count() + 1 + word.chars().count() <= room;
        if !cur.is_empty() && !fits {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    out.push(cur);
    out
}

/// `line` as is when it fits in `columns`, else its last span (the description) wrapped under
/// itself.
fn fit(mut line: Line<'static>, columns: usize) -> Vec<Line<'static>> {
    if line.width() <= columns || line.spans.len() < 2 {
        return vec![line];
    }
    let Some(last) = line.spans.pop() else {
        return vec![line];
    };
    let indent = line.width();
    let parts = wrap(&last.content, columns.saturating_sub(indent).max(20));
    let mut out = Vec::with_capacity(parts.len());
    for (i, part) in parts.into_iter().enumerate() {
        let mut l = if i == 0 {
            line.clone()
        } else {
            Line::raw(" ".repeat(indent))
        };
        l.spans.push(Span::styled(part, last.style));
        out.push(l);
    }
    out
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
        assert!(
            q.places
                .iter()
                .any(|p| p.0 == Scope::Pane && p.1.starts_with("quit"))
        );
        assert!(q.places.iter().any(|p| p.0 == Scope::Help));
        let m = find("m");
        // m: types in the inputs, the alias editor, the practice / compare-with lines, the value
        // editor and the link list's filter; opens the compare view in a pane and in a view.
        assert_eq!(m.places.len(), 7, "{m:?}");
        // Esc: leaves an input, returns to the link list from a pane, closes a view, applies
        // the aliases, closes the practice view, cancels the editor and the link list, leaves
        // a lesson.
        let esc = find("Esc");
        let scopes: Vec<Scope> = esc.places.iter().map(|p| p.0).collect();
        assert_eq!(
            scopes,
            [
                Scope::Input,
                Scope::Pane,
                Scope::Help,
                Scope::Aliases,
                Scope::Typing,
                Scope::Editor,
                Scope::Links,
                Scope::Lesson
            ]
        );
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
        // (Tab is one since the link list, where it inspects the selected link.)
        for label in ["Ctrl+C", "F1", "Alt+3", "Ctrl+Y"] {
            assert!(all.iter().all(|k| k.label != label), "{label}");
        }
    }

    #[test]
    fn every_exception_is_in_the_lines() {
        let text: String = lines(&Theme::default(), 98)
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect();
        for k in exceptions() {
            assert!(text.contains(k.label), "{}", k.label);
        }
        assert!(text.contains("inputs: leave the input"), "{text}");
    }

    #[test]
    fn no_key_line_is_cut_off_at_80_columns() {
        // The box at 80 columns is 78 wide inside its border.
        for line in lines(&Theme::default(), 78) {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            assert!(text.chars().count() <= 78, "cut off at 80 columns: {text}");
        }
    }

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_every_word() {
        let text = "load the selected example or unwrap layer; jump to the selected warning";
        let parts = wrap(text, 30);
        assert!(parts.iter().all(|p| p.chars().count() <= 30), "{parts:?}");
        assert_eq!(parts.join(" "), text);
        assert_eq!(wrap("short", 30), ["short"]);
    }
}
