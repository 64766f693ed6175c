//! The pure keymap: the binding table turns crossterm key presses into its commands (the same
//! command wherever the key is pressed; the app decides what it does there), printable keys in
//! an input into typed text. Also the key bar's lists, read from the same table.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::tui::keys::bindings::{Binding, Scope, active};
use crate::tui::msg::command::Command;
use crate::tui::msg::{Focus, Msg, Overlay};
#[cfg(test)]
use urlscope_core::Profile;

pub use crate::tui::keys::bindings::BINDINGS;

#[cfg(test)]
const N: KeyModifiers = KeyModifiers::NONE;
const C: KeyModifiers = KeyModifiers::CONTROL;
const A: KeyModifiers = KeyModifiers::ALT;
use KeyCode as K;

/// The commands the one-line key bar shows, most important first (each with its binding that
/// applies, the pane's own before a global one). The bar shows the entries that fit whole, in
/// this order (never cut mid-entry at the screen's edge).
pub const KEY_BAR: &[(Command, &str)] = &[
    (Command::Help, "keys"),
    (Command::LeaveInput, "pane keys"),
    (Command::ToUrlLine, "URL line"),
    (Command::QuitAsk, "quit"),
    (Command::Quit, "quit"),
    (Command::ClearLine, "clear"),
    (Command::Show(Overlay::Findings(0)), "warnings"),
    (Command::CopyResult, "copy result"),
    (Command::Show(Overlay::Profiles(0)), "profiles"),
    (Command::Undo, "undo"),
    (Command::FocusNext, "pane"),
    (Command::CopyPart, "copy part"),
    (Command::CycleTheme, "theme"),
    (Command::Show(Overlay::CopyAs(0)), "copy as"),
];

/// The key bar over the key list: what its keys do there.
pub const HELP_BAR: &[(Command, &str)] = &[
    (Command::Close, "close"),
    (Command::Down, "scroll"),
    (Command::PageDown, "page"),
    (Command::End, "bottom"),
];

/// The key bar over a view (`choose` names what Enter does there, if anything).
pub fn view_bar(choose: Option<&'static str>) -> Vec<(Command, &'static str)> {
    let mut out = vec![(Command::Close, "close"), (Command::Down, "scroll")];
    if let Some(what) = choose {
        out[1].1 = "select";
        out.push((Command::Choose, what));
    }
    out.extend([
        (Command::CopyResult, "copy result"),
        (Command::Show(Overlay::Profiles(0)), "profiles"),
        (Command::Help, "keys"),
    ]);
    out
}

/// The first binding of `cmd` that applies in this context, a scoped one before a global one.
pub fn binding_for(cmd: Command, focus: Focus, help_open: bool) -> Option<&'static Binding> {
    let mut found = active()
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
    let list: Vec<(Command, &str)> = if help_open {
        HELP_BAR.to_vec()
    } else {
        KEY_BAR.to_vec()
    };
    bar_entries(&list, focus, help_open)
}

/// `(label, short)` for each command that has a binding in this context.
pub fn bar_entries(
    list: &[(Command, &'static str)],
    focus: Focus,
    help_open: bool,
) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&'static str, &'static str)> = Vec::new();
    for (cmd, short) in list {
        // One entry a meaning (`q quit` in a pane, `Ctrl+C quit` in an input).
        if let Some(b) = binding_for(*cmd, focus, help_open)
            && !out.iter().any(|(_, s)| s == short)
        {
            out.push((b.label, *short));
        }
    }
    out
}

/// Whether a binding of `scope` applies with `focus`, under the key list or a view or not.
pub fn applies(scope: Scope, focus: Focus, help_open: bool) -> bool {
    match scope {
        Scope::Global => true,
        Scope::Input => !help_open && focus.is_input(),
        Scope::Pane => !help_open && !focus.is_input(),
        Scope::Help => help_open,
        Scope::Aliases | Scope::Typing | Scope::Editor | Scope::Links | Scope::Lesson => false,
    }
}

/// The message for a key event in the link list: its own bindings, the global ones, then
/// printable keys type into the filter; nothing else.
pub fn map_key_links(ev: KeyEvent) -> Option<Msg> {
    let key = Pressed::read(ev)?;
    // The list's own bindings first (Tab inspects here; elsewhere it moves the focus).
    for scope in [Scope::Links, Scope::Global] {
        if let Some(b) = active().iter().find(|b| b.scope == scope && key.fits(b)) {
            return Some(Msg::Command(b.cmd));
        }
    }
    key.typed()
}

/// The message for a key event in a lesson: its own bindings, then the global ones; nothing
/// is typed there.
pub fn map_key_lesson(ev: KeyEvent) -> Option<Msg> {
    let key = Pressed::read(ev)?;
    [Scope::Lesson, Scope::Global]
        .into_iter()
        .find_map(|scope| {
            active()
                .iter()
                .find(|b| b.scope == scope && key.fits(b))
                .map(|b| Msg::Command(b.cmd))
        })
}

/// A key press as the bindings match it. Shift is part of the character (and of BackTab) and
/// is ignored when matching, except for a binding that names it (Ctrl+Shift+Z). A terminal
/// without the kitty keyboard protocol (tmux by default) sends Ctrl+Shift+Z as Ctrl+Z, so redo
/// also has Ctrl+R.
struct Pressed {
    code: KeyCode,
    /// The modifiers without Shift.
    mods: KeyModifiers,
    shifted: bool,
    raw: KeyCode,
}

impl Pressed {
    /// `None` for a release or repeat: only presses count.
    fn read(ev: KeyEvent) -> Option<Pressed> {
        if ev.kind != KeyEventKind::Press {
            return None;
        }
        let mods = ev.modifiers & !KeyModifiers::SHIFT;
        let shifted = ev.modifiers.contains(KeyModifiers::SHIFT)
            || matches!(ev.code, K::Char(c) if c.is_ascii_uppercase());
        let code = match ev.code {
            K::Char(c) if mods.intersects(C | A) => K::Char(c.to_ascii_lowercase()),
            c => c,
        };
        Some(Pressed {
            code,
            mods,
            shifted,
            raw: ev.code,
        })
    }

    fn fits(&self, b: &Binding) -> bool {
        let mods_match = if b.mods.contains(KeyModifiers::SHIFT) {
            self.shifted && b.mods == self.mods | KeyModifiers::SHIFT
        } else {
            b.mods == self.mods
        };
        b.code == self.code && mods_match
    }

    /// A printable key without Ctrl or Alt types its character.
    fn typed(&self) -> Option<Msg> {
        match self.raw {
            K::Char(c) if !self.mods.intersects(C | A) => Some(Msg::Type(c)),
            _ => None,
        }
    }
}

/// The message for a key event in the host-alias editor: its own bindings, the global ones,
/// then the input's editing keys and typing; nothing else.
pub fn map_key_aliases(ev: KeyEvent) -> Option<Msg> {
    map_key_editing(ev, Scope::Aliases)
}

/// The message for a key event in an editor of scope `scope` (the alias editor, the value
/// editor): its own bindings, the global ones, then the input's editing keys and typing.
pub fn map_key_editing(ev: KeyEvent, scope: Scope) -> Option<Msg> {
    if ev.kind != KeyEventKind::Press {
        return None;
    }
    let mods = ev.modifiers & !KeyModifiers::SHIFT;
    if let Some(b) = active()
        .iter()
        .find(|b| b.scope == scope && b.code == ev.code && b.mods == mods)
    {
        return Some(Msg::Command(b.cmd));
    }
    let global = active()
        .iter()
        .any(|b| b.scope == Scope::Global && b.code == ev.code && b.mods == mods);
    match map_key_in(ev, Focus::Input, false)? {
        m @ Msg::Type(_) => Some(m),
        Msg::Command(c)
            if c.edits_text()
                || global
                || matches!(c, Command::Quit | Command::QuitAsk | Command::Help) =>
        {
            Some(Msg::Command(c))
        }
        _ => None,
    }
}

/// The message for a key event with `focus`, or `None`. Only presses count.
pub fn map_key(ev: KeyEvent, focus: Focus) -> Option<Msg> {
    map_key_in(ev, focus, false)
}

/// [`map_key`], with the key list open or not (when open it takes every key but Ctrl+C and F1).
pub fn map_key_in(ev: KeyEvent, focus: Focus, help_open: bool) -> Option<Msg> {
    let key = Pressed::read(ev)?;
    if let Some(b) = active()
        .iter()
        .find(|b| key.fits(b) && applies(b.scope, focus, help_open))
    {
        return Some(Msg::Command(b.cmd));
    }
    if focus.is_input() && !help_open {
        return key.typed();
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
        let cmd = |ev, f| match map_key(ev, f) {
            Some(Msg::Command(c)) => Some(c),
            _ => None,
        };
        assert!(matches!(
            map_key(key(K::Char('3'), N), Focus::Input),
            Some(Msg::Type('3'))
        ));
        assert_eq!(
            cmd(key(K::Char('3'), N), Focus::Steps),
            Some(Command::Profile(Profile::Pdf))
        );
        assert_eq!(
            cmd(key(K::Char('3'), A), Focus::Input),
            Some(Command::Profile(Profile::Pdf))
        );
        assert!(map_key(key(K::Enter, N), Focus::Input).is_none());
        assert_eq!(
            cmd(key(K::Char('q'), N), Focus::Components),
            Some(Command::QuitAsk)
        );
        assert!(matches!(
            map_key(key(K::Char('q'), N), Focus::Input),
            Some(Msg::Type('q'))
        ));
        assert_eq!(
            cmd(key(K::BackTab, KeyModifiers::SHIFT), Focus::Input),
            Some(Command::FocusPrev)
        );
        // The same command in an input and in a pane: the app decides what ← does there.
        assert_eq!(cmd(key(K::Left, N), Focus::Input), Some(Command::Left));
        assert_eq!(cmd(key(K::Left, N), Focus::Characters), Some(Command::Left));
        let mut release = key(K::Char('x'), N);
        release.kind = KeyEventKind::Release;
        assert!(map_key(release, Focus::Input).is_none());
    }
}
