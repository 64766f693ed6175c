//! The pure keymap: one table of bindings (which the help screen of issue 5 can list) turns
//! crossterm key presses into actions.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::{Action, Focus};
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
}

impl Cmd {
    pub fn action(self) -> Action {
        match self {
            Cmd::Quit => Action::Quit,
            Cmd::FocusNext => Action::FocusNext,
            Cmd::FocusPrev => Action::FocusPrev,
            Cmd::LeaveInput => Action::LeaveInput,
            Cmd::Profile(i) => Action::Profile(Profile::ALL[i.min(4)]),
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

const fn b(
    scope: Scope,
    code: KeyCode,
    mods: KeyModifiers,
    label: &'static str,
    help: &'static str,
    cmd: Cmd,
) -> Binding {
    Binding {
        scope,
        code,
        mods,
        label,
        help,
        cmd,
    }
}

const N: KeyModifiers = KeyModifiers::NONE;
const C: KeyModifiers = KeyModifiers::CONTROL;
const A: KeyModifiers = KeyModifiers::ALT;
use KeyCode as K;
use Scope::{Global as G, Input as I, Pane as P};

/// Every key the app knows, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    b(G, K::Char('c'), C, "Ctrl+C", "quit", Cmd::Quit),
    b(P, K::Char('q'), N, "q", "quit", Cmd::Quit),
    b(G, K::Tab, N, "Tab", "next pane", Cmd::FocusNext),
    b(
        G,
        K::BackTab,
        N,
        "Shift+Tab",
        "previous pane",
        Cmd::FocusPrev,
    ),
    b(I, K::Esc, N, "Esc", "leave the input", Cmd::LeaveInput),
    b(
        G,
        K::Char('0'),
        A,
        "Alt+0",
        "profile: none",
        Cmd::Profile(0),
    ),
    b(
        G,
        K::Char('1'),
        A,
        "Alt+1",
        "profile: RFC 1738",
        Cmd::Profile(1),
    ),
    b(
        G,
        K::Char('2'),
        A,
        "Alt+2",
        "profile: Hyvätti",
        Cmd::Profile(2),
    ),
    b(
        G,
        K::Char('3'),
        A,
        "Alt+3",
        "profile: PDF Web Capture",
        Cmd::Profile(3),
    ),
    b(
        G,
        K::Char('4'),
        A,
        "Alt+4",
        "profile: FidoURL",
        Cmd::Profile(4),
    ),
    b(P, K::Char('0'), N, "0", "profile: none", Cmd::Profile(0)),
    b(
        P,
        K::Char('1'),
        N,
        "1",
        "profile: RFC 1738",
        Cmd::Profile(1),
    ),
    b(P, K::Char('2'), N, "2", "profile: Hyvätti", Cmd::Profile(2)),
    b(
        P,
        K::Char('3'),
        N,
        "3",
        "profile: PDF Web Capture",
        Cmd::Profile(3),
    ),
    b(P, K::Char('4'), N, "4", "profile: FidoURL", Cmd::Profile(4)),
    b(
        I,
        K::Enter,
        A,
        "Alt+Enter",
        "insert a line break",
        Cmd::Newline,
    ),
    b(
        I,
        K::Backspace,
        N,
        "Backspace",
        "delete before the cursor",
        Cmd::Backspace,
    ),
    b(
        I,
        K::Delete,
        N,
        "Delete",
        "delete at the cursor",
        Cmd::Delete,
    ),
    b(I, K::Left, N, "←", "previous character", Cmd::Left),
    b(I, K::Right, N, "→", "next character", Cmd::Right),
    b(I, K::Left, C, "Ctrl+←", "previous word", Cmd::WordLeft),
    b(I, K::Right, C, "Ctrl+→", "next word", Cmd::WordRight),
    b(I, K::Home, N, "Home", "start of line", Cmd::Home),
    b(I, K::End, N, "End", "end of line", Cmd::End),
    b(I, K::Char('a'), C, "Ctrl+A", "start of line", Cmd::Home),
    b(I, K::Char('e'), C, "Ctrl+E", "end of line", Cmd::End),
    b(
        I,
        K::Char('w'),
        C,
        "Ctrl+W",
        "delete the word before the cursor",
        Cmd::DeleteWordBack,
    ),
    b(
        I,
        K::Char('u'),
        C,
        "Ctrl+U",
        "delete to the start of the line",
        Cmd::DeleteToStart,
    ),
    b(P, K::Up, N, "↑", "previous row / step", Cmd::Up),
    b(P, K::Down, N, "↓", "next row / step", Cmd::Down),
    b(P, K::PageUp, N, "PgUp", "page up", Cmd::PageUp),
    b(P, K::PageDown, N, "PgDn", "page down", Cmd::PageDown),
    b(P, K::Left, N, "←", "previous unit (characters)", Cmd::Left),
    b(P, K::Right, N, "→", "next unit (characters)", Cmd::Right),
    b(P, K::Home, N, "Home", "first unit (characters)", Cmd::Home),
    b(P, K::End, N, "End", "last unit (characters)", Cmd::End),
];

fn applies(scope: Scope, focus: Focus) -> bool {
    match scope {
        Scope::Global => true,
        Scope::Input => focus.is_input(),
        Scope::Pane => !focus.is_input(),
    }
}

/// The action for a key event with `focus`, or `None`. Only presses count.
pub fn map_key(ev: KeyEvent, focus: Focus) -> Option<Action> {
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
        if bnd.code == code && bnd.mods == mods && applies(bnd.scope, focus) {
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
