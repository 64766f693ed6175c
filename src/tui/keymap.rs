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
            Scope::Global => "everywhere (also over the key list and the views)",
            Scope::Input => "in the URL and base inputs",
            Scope::Pane => "in the other panes (no input has focus)",
            Scope::Help => {
                "in this key list and the views (compare, resolve, examples, parsers, host, unwrap, warnings)"
            }
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
    PasteClipboard,
    Findings,
    Undo,
    Redo,
    HistoryBack,
    HistoryForward,
    TrimEdges,
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
            Cmd::PasteClipboard => Action::PasteClipboard,
            Cmd::Findings => Action::Show(Overlay::Findings(0)),
            Cmd::Undo => Action::Undo,
            Cmd::Redo => Action::Redo,
            Cmd::HistoryBack => Action::HistoryBack,
            Cmd::HistoryForward => Action::HistoryForward,
            Cmd::TrimEdges => Action::TrimEdges,
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

/// The commands the one-line key bar shows, in order (each with its binding that applies,
/// the pane's own before a global one). The bar is cut at the screen's width.
pub const KEY_BAR: &[(Cmd, &str)] = &[
    (Cmd::Help, "keys"),
    (Cmd::LeaveInput, "pane keys"),
    (Cmd::Profile(1), "profiles"),
    (Cmd::Quit, "quit"),
    (Cmd::Findings, "warnings"),
    (Cmd::CopyResult, "copy result"),
    (Cmd::Undo, "undo"),
    (Cmd::FocusNext, "pane"),
    (Cmd::CopyPart, "copy part"),
    (Cmd::CycleTheme, "theme"),
];

/// The key bar over the key list: what its keys do there.
pub const HELP_BAR: &[(Cmd, &str)] = &[
    (Cmd::Close, "close"),
    (Cmd::Down, "scroll"),
    (Cmd::PageDown, "page"),
    (Cmd::End, "bottom"),
];

/// The key bar over a view (`choose` names what Enter does there, if anything).
pub fn view_bar(choose: Option<&'static str>) -> Vec<(Cmd, &'static str)> {
    let mut out = vec![(Cmd::Close, "close"), (Cmd::Down, "scroll")];
    if let Some(what) = choose {
        out[1].1 = "select";
        out.push((Cmd::Choose, what));
    }
    out.extend([
        (Cmd::CopyResult, "copy result"),
        (Cmd::Profile(1), "profiles"),
        (Cmd::Help, "keys"),
    ]);
    out
}

/// The first binding of `cmd` that applies in this context, a scoped one before a global one.
pub fn binding_for(cmd: Cmd, focus: Focus, help_open: bool) -> Option<&'static Binding> {
    let mut found = BINDINGS
        .iter()
        .filter(|b| b.cmd == cmd && applies(b.scope, focus, help_open));
    let first = found.next()?;
    if first.scope != Scope::Global {
        return Some(first);
    }
    Some(found.find(|b| b.scope != Scope::Global).unwrap_or(first))
}

/// The key bar's entries for `focus` (or the open key list): `(key label, short text)`.
pub fn key_bar(focus: Focus, help_open: bool) -> Vec<(&'static str, &'static str)> {
    let list: Vec<(Cmd, &str)> = if help_open {
        HELP_BAR.to_vec()
    } else {
        KEY_BAR.to_vec()
    };
    bar_entries(&list, focus, help_open)
}

/// `(label, short)` for each command that has a binding in this context.
pub fn bar_entries(
    list: &[(Cmd, &'static str)],
    focus: Focus,
    help_open: bool,
) -> Vec<(&'static str, &'static str)> {
    list.iter()
        .filter_map(|(cmd, short)| binding_for(*cmd, focus, help_open).map(|b| (b.label, *short)))
        .collect()
}

/// Whether a binding of `scope` applies with `focus`, under the key list or a view or not.
pub fn applies(scope: Scope, focus: Focus, help_open: bool) -> bool {
    match scope {
        Scope::Global => true,
        Scope::Input => !help_open && focus.is_input(),
        Scope::Pane => !help_open && !focus.is_input(),
        Scope::Help => help_open,
        Scope::Aliases => false,
    }
}

/// The action for a key event in the host-alias editor: its own bindings, the global ones, then
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
    let global = BINDINGS
        .iter()
        .any(|b| b.scope == Scope::Global && b.code == ev.code && b.mods == mods);
    match map_key_in(ev, Focus::Input, false)? {
        a @ Action::Edit(_) => Some(a),
        a if global || matches!(a, Action::Quit | Action::ToggleHelp) => Some(a),
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
    // Shift is part of the character (and of BackTab) and is ignored when matching, except
    // for a binding that names it (Ctrl+Shift+Z). A terminal without the kitty keyboard
    // protocol (tmux by default) sends Ctrl+Shift+Z as Ctrl+Z, so redo also has Ctrl+R.
    let mods = ev.modifiers & !KeyModifiers::SHIFT;
    let shifted = ev.modifiers.contains(KeyModifiers::SHIFT)
        || matches!(ev.code, K::Char(c) if c.is_ascii_uppercase());
    let code = match ev.code {
        K::Char(c) if mods.intersects(C | A) => K::Char(c.to_ascii_lowercase()),
        c => c,
    };
    for bnd in BINDINGS {
        let named_shift = bnd.mods.contains(KeyModifiers::SHIFT);
        let mods_match = if named_shift {
            shifted && bnd.mods == mods | KeyModifiers::SHIFT
        } else {
            bnd.mods == mods
        };
        if bnd.code == code && mods_match && applies(bnd.scope, focus, help_open) {
            // Over the key list or a view, the movement keys move in it, not in an input.
            let pane = !focus.is_input() || help_open;
            return Some(match (bnd.cmd, pane) {
                (Cmd::Left, true) => Action::Left,
                (Cmd::Right, true) => Action::Right,
                (Cmd::Home, true) => Action::Home,
                (Cmd::End, true) => Action::End,
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
