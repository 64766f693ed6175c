//! The key list's content (F1 / `?`), generated from the binding table so it cannot drift from
//! the keys the app knows: every binding grouped by where it applies, then every key whose
//! meaning depends on the place (a key that types in an input but is a command in a pane, Esc
//! closing a view but leaving an input…), then the colour legend. The view draws these lines;
//! the app's scroll limit counts them.

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use crate::theme::Theme;
use crate::tui::keys::bindings::active;
use crate::tui::keys::bindings::{Binding, Scope};
use crate::tui::view::fit;
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

/// The key list's lines for a box `columns` wide inside its border, by the fitting rule (a
/// view that scrolls wraps its text whole): a heading per scope, then `key  what it does`, a
/// key's text wrapped at spaces under itself; the keys that differ by place; the colour legend.
pub fn lines(theme: &Theme, columns: u16) -> Vec<Line<'static>> {
    let cols = columns as usize;
    let width = active().iter().map(|b| b.label.width()).max().unwrap_or(0);
    let indent = width + 4;
    let mut out = Vec::new();
    let key = |out: &mut Vec<Line<'static>>, label: &'static str, text: String| {
        let pad = width.saturating_sub(label.width());
        let lead = vec![
            Span::raw("  "),
            Span::styled(label, theme.focus),
            Span::raw(" ".repeat(pad + 2)),
        ];
        let text = fit::of_str(&text, Style::new());
        out.extend(fit::hanging_words(lead, indent, &text, cols, theme.dim));
    };
    // Prose of ours on whole rows, wrapped at spaces after `lead` spaces.
    let prose = |out: &mut Vec<Line<'static>>, lead: usize, text: &str, style: Style| {
        let text = fit::of_str(text, style);
        let first = vec![Span::raw(" ".repeat(lead))];
        out.extend(fit::hanging_words(first, lead, &text, cols, theme.dim));
    };
    for scope in Scope::ALL {
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        prose(&mut out, 0, scope.describe(), theme.label);
        for b in active().iter().filter(|b| b.scope == scope) {
            key(&mut out, b.label, b.help.to_string());
        }
    }
    out.push(Line::raw(""));
    prose(
        &mut out,
        0,
        "the same key, different by place (one line per place):",
        theme.label,
    );
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
        prose(&mut out, 2, &labels.join(" "), theme.focus);
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
        prose(&mut out, 2, &text, Style::new());
    }
    for line in legend::lines(theme) {
        out.extend(hang_last(line, cols, theme));
    }
    out
}

/// `line` with its last span (the description) wrapped at spaces under itself, the spans
/// before it leading the first row.
fn hang_last(mut line: Line<'static>, cols: usize, theme: &Theme) -> Vec<Line<'static>> {
    let Some(last) = line.spans.pop() else {
        return vec![line];
    };
    let lead_w = line.width();
    let text = fit::of_spans(&[last]);
    fit::hanging_words(line.spans, lead_w, &text, cols, theme.dim)
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
    fn every_word_is_on_the_lines_at_any_width() {
        // A narrow box wraps; no word is lost or cut.
        for cols in [40u16, 60, 78, 98] {
            let lines = lines(&Theme::default(), cols);
            for line in &lines {
                assert!(line.width() <= cols as usize, "{cols}: {line}");
            }
            let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
            let wide = lines_text(200);
            assert_eq!(words(&text.join(" ")), words(&wide), "{cols}");
        }
    }

    fn lines_text(cols: u16) -> String {
        lines(&Theme::default(), cols)
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
