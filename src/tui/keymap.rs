//! The pure keymap: one table of bindings (which the help screen of issue 5 can list) turns
//! crossterm key presses into actions.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::{Action, Focus, Overlay};
use super::edit::EditOp;
use crate::url::Profile;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everywhere.
    Global,
    /// While the URL or base input has focus.
    Input,
    /// While a pane that is not an input has focus.
    Pane,
    /// While the key list is open (it takes every other key).
    Help,
    /// In the host-alias editor (other keys edit its text as in the inputs).
    Aliases,
}

impl Scope {
    /// Where the help screen says the binding applies.
    pub fn describe(self) -> &'static str {
        match self {
            Scope::Global => "everywhere",
            Scope::Input => "in the URL and base inputs",
            Scope::Pane => "in the other panes (no input has focus)",
            Scope::Help => "in this key list and the views (compare, resolve, examples, parsers, host, unwrap)",
            Scope::Aliases => "in the host-alias editor (the input keys edit it)",
        }
    }
}

/// A command a key can name (the `Copy` form of the actions keys produce).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Quit,
    FocusNext,
    FocusPrev,
    LeaveInput,
    Profile(usize),
    Backspace,
    Delete,
    Left,
    Right,
    WordLeft,
    WordRight,
    Home,
    End,
    DeleteWordBack,
    DeleteToStart,
    Newline,
    Up,
    Down,
    PageUp,
    PageDown,
    CopyResult,
    CopyPart,
    Help,
    CycleTheme,
    CycleClassification,
    CyclePreview,
    CyclePdfState,
    Close,
    Compare,
    Resolve,
    Examples,
    Choose,
    Aliases,
    Host,
    Unwrap,
    Back,
    CopyWithoutTracking,
    Parsers,
}

impl Cmd {
    pub fn action(self) -> Action {
        match self {
            Cmd::Quit => Action::Quit,
            Cmd::FocusNext => Action::FocusNext,
            Cmd::FocusPrev => Action::FocusPrev,
            Cmd::LeaveInput => Action::LeaveInput,
            Cmd::Profile(i) => Action::Profile(Profile::ALL[i.min(Profile::ALL.len() - 1)]),
            Cmd::Backspace => Action::Edit(EditOp::Backspace),
            Cmd::Delete => Action::Edit(EditOp::Delete),
            Cmd::Left => Action::Edit(EditOp::Left),
            Cmd::Right => Action::Edit(EditOp::Right),
            Cmd::WordLeft => Action::Edit(EditOp::WordLeft),
            Cmd::WordRight => Action::Edit(EditOp::WordRight),
            Cmd::Home => Action::Edit(EditOp::Home),
            Cmd::End => Action::Edit(EditOp::End),
            Cmd::DeleteWordBack => Action::Edit(EditOp::DeleteWordBack),
            Cmd::DeleteToStart => Action::Edit(EditOp::DeleteToStart),
            Cmd::Newline => Action::Edit(EditOp::Insert(b"\n".to_vec())),
            Cmd::Up => Action::Up,
            Cmd::Down => Action::Down,
            Cmd::PageUp => Action::PageUp,
            Cmd::PageDown => Action::PageDown,
            Cmd::CopyResult => Action::CopyResult,
            Cmd::CopyPart => Action::CopyPart,
            Cmd::Help => Action::ToggleHelp,
            Cmd::CycleTheme => Action::CycleTheme,
            Cmd::CycleClassification => Action::CycleClassification,
            Cmd::CyclePreview => Action::CyclePreview,
            Cmd::CyclePdfState => Action::CyclePdfState,
            Cmd::Close => Action::Close,
            Cmd::Compare => Action::Show(Overlay::Compare),
            Cmd::Resolve => Action::Show(Overlay::Resolve),
            Cmd::Examples => Action::Show(Overlay::Examples(0)),
            Cmd::Choose => Action::Choose,
            Cmd::Aliases => Action::Show(Overlay::Aliases),
            Cmd::Host => Action::Show(Overlay::Host),
            Cmd::Unwrap => Action::Show(Overlay::Unwrap(0)),
            Cmd::Back => Action::Back,
            Cmd::CopyWithoutTracking => Action::CopyWithoutTracking,
            Cmd::Parsers => Action::Show(Overlay::Parsers),
        }
    }
}

/// One binding: scope, key, modifiers, the label and help text people read, the command.
pub struct Binding {
    pub scope: Scope,
    pub code: KeyCode,
    pub mods: KeyModifiers,
    pub label: &'static str,
    pub help: &'static str,
    pub cmd: Cmd,
}

pub use super::bindings::BINDINGS;

#[cfg(test)]
const N: KeyModifiers = KeyModifiers::NONE;
const C: KeyModifiers = KeyModifiers::CONTROL;
const A: KeyModifiers = KeyModifiers::ALT;
use KeyCode as K;

/// The commands the one-line key bar shows, in order (each with its first binding that applies).
pub const KEY_BAR: &[(Cmd, &str)] = &[
    (Cmd::Help, "keys"),
    (Cmd::FocusNext, "pane"),
    (Cmd::Profile(1), "profiles"),
    (Cmd::CopyResult, "copy result"),
    (Cmd::CopyPart, "copy part"),
    (Cmd::CycleTheme, "theme"),
    (Cmd::Quit, "quit"),
];

/// The key bar's entries for `focus` (or the open key list): `(key label, short text)`.
pub fn key_bar(focus: Focus, help_open: bool) -> Vec<(&'static str, &'static str)> {
    if help_open {
        return BINDINGS
            .iter()
            .filter(|b| b.scope == Scope::Help && matches!(b.code, K::Esc | K::Down | K::Enter))
            .map(|b| (b.label, b.help))
            .collect();
    }
    KEY_BAR
        .iter()
        .filter_map(|(cmd, short)| {
            let mut found = BINDINGS
                .iter()
                .filter(|b| b.cmd == *cmd && applies(b.scope, focus, false));
            found.next().map(|b| (b.label, *short))
        })
        .collect()
}

fn applies(scope: Scope, focus: Focus, help_open: bool) -> bool {
    match scope {
        Scope::Global => !help_open,
        Scope::Input => !help_open && focus.is_input(),
        Scope::Pane => !help_open && !focus.is_input(),
        Scope::Help => help_open,
        Scope::Aliases => false,
    }
}

/// The action for a key event in the host-alias editor: its own bindings, Ctrl+C and F1, then
/// the input's editing keys and typing; nothing else.
pub fn map_key_aliases(ev: KeyEvent) -> Option<Action> {
    if ev.kind != KeyEventKind::Press {
        return None;
    }
    let mods = ev.modifiers & !KeyModifiers::SHIFT;
    if let Some(b) = BINDINGS
        .iter()
        .find(|b| b.scope == Scope::Aliases && b.code == ev.code && b.mods == mods)
    {
        return Some(b.cmd.action());
    }
    match map_key_in(ev, Focus::Input, false)? {
        a @ (Action::Edit(_) | Action::Quit | Action::ToggleHelp) => Some(a),
        _ => None,
    }
}

/// The action for a key event with `focus`, or `None`. Only presses count.
pub fn map_key(ev: KeyEvent, focus: Focus) -> Option<Action> {
    map_key_in(ev, focus, false)
}

/// [`map_key`], with the key list open or not (when open it takes every key but Ctrl+C and F1).
pub fn map_key_in(ev: KeyEvent, focus: Focus, help_open: bool) -> Option<Action> {
    if ev.kind != KeyEventKind::Press {
        return None;
    }
    // Shift is part of the character (and of BackTab) and is ignored when matching.
    let mods = ev.modifiers & !KeyModifiers::SHIFT;
    let code = match ev.code {
        K::Char(c) if mods.intersects(C | A) => K::Char(c.to_ascii_lowercase()),
        c => c,
    };
    for bnd in BINDINGS {
        let always = bnd.scope == Scope::Global
            && matches!(
                bnd.cmd,
                Cmd::Quit | Cmd::Help | Cmd::Examples | Cmd::CopyResult
            );
        if bnd.code == code && bnd.mods == mods && (always || applies(bnd.scope, focus, help_open))
        {
            return Some(match (bnd.cmd, focus.is_input()) {
                (Cmd::Left, false) => Action::Left,
                (Cmd::Right, false) => Action::Right,
                (Cmd::Home, false) => Action::Home,
                (Cmd::End, false) => Action::End,
                (cmd, _) => cmd.action(),
            });
        }
    }
    if focus.is_input()
        && !help_open
        && let K::Char(c) = ev.code
        && !mods.intersects(C | A)
    {
        let mut buf = [0u8; 4];
        return Some(Action::Edit(EditOp::Insert(
            c.encode_utf8(&mut buf).as_bytes().to_vec(),
        )));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    #[test]
    fn typing_and_profiles() {
        assert!(
            matches!(map_key(key(K::Char('3'), N), Focus::Input), Some(Action::Edit(EditOp::Insert(b))) if b == b"3")
        );
        assert!(matches!(
            map_key(key(K::Char('3'), N), Focus::Steps),
            Some(Action::Profile(Profile::Pdf))
        ));
        assert!(matches!(
            map_key(key(K::Char('3'), A), Focus::Input),
            Some(Action::Profile(Profile::Pdf))
        ));
        assert!(map_key(key(K::Enter, N), Focus::Input).is_none());
        assert!(matches!(
            map_key(key(K::Char('q'), N), Focus::Components),
            Some(Action::Quit)
        ));
        assert!(matches!(
            map_key(key(K::Char('q'), N), Focus::Input),
            Some(Action::Edit(_))
        ));
        assert!(matches!(
            map_key(key(K::BackTab, KeyModifiers::SHIFT), Focus::Input),
            Some(Action::FocusPrev)
        ));
        let mut release = key(K::Char('x'), N);
        release.kind = KeyEventKind::Release;
        assert!(map_key(release, Focus::Input).is_none());
    }
}
