//! No traps in the first minutes: a key that clears the line (Ctrl+L), keys back to
//! the URL line from a pane (`/`, `i`), `q` that asks before it quits, a word on the status line
//! the first time a letter is taken as a pane command, and a pasted URL that replaces the URL
//! already on the line rather than being glued into it.

use crossterm::event::KeyCode;

use crate::tui::keys::bindings::Scope;
use crate::tui::keys::bindings::active;
use crate::tui::model::app::App;
use crate::tui::model::edit::LineEdit;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::command::Command;
use crate::tui::msg::{Effect, Focus, Status};
use urlscope_core::url::unframe;

/// What the status line says the first time a letter in a pane is taken as a command.
pub const LETTER_HINT: &str = "a pane key: / or i back to the URL line";

/// What the status line says after the first `q` in a pane.
pub const QUIT_ASK: &str = "q again quits (Ctrl+C at once)";

/// Whether `x` is one complete URL: a scheme, something after its colon, and no whitespace or
/// control inside (read through the one framing rule, so `<https://a/>` counts).
pub fn is_one_url(x: &[u8]) -> bool {
    let framed = unframe(x);
    let body = framed.of(x);
    let Some(colon) = body.iter().position(|&b| b == b':') else {
        return false;
    };
    let (scheme, rest) = (&body[..colon], &body[colon + 1..]);
    let scheme_ok = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    scheme_ok && !rest.is_empty() && body.iter().all(|&b| b > 0x20 && b != 0x7f)
}

/// Whether `cmd` is bound to a plain letter in the panes (the keys a typist may hit by mistake).
fn is_pane_letter(cmd: Command) -> bool {
    active().iter().any(|b| {
        b.scope == Scope::Pane
            && b.cmd == cmd
            && b.mods.is_empty()
            && matches!(b.code, KeyCode::Char(c) if c.is_ascii_alphabetic())
    })
}

impl App {
    /// Ctrl+L: clear the focused line (the URL line unless the base line has focus); one undo
    /// step. Focus moves to the line cleared, ready for typing.
    pub(in crate::tui::model) fn clear_line(&mut self) -> Vec<Effect> {
        if let OverlayState::Aliases { text } = &mut self.overlay {
            *text = LineEdit::new(Vec::new());
            self.status
                .say(Status::info("alias text cleared (Esc applies it)"));
            return Vec::new();
        }
        let base = self.panes.focus == Focus::Base;
        let line = if base {
            &self.editing.base
        } else {
            &self.editing.input
        };
        if line.buf.is_empty() {
            self.status.say(Status::info("the line is already empty"));
            return Vec::new();
        }
        let effects = if base {
            self.editing.undo.before_change(&self.lines());
            self.editing.base = LineEdit::new(Vec::new());
            self.reset_scrolls();
            self.reanalyse()
        } else {
            self.panes.help = None;
            self.overlay = OverlayState::None;
            self.panes.focus = Focus::Input;
            self.replace_input(Vec::new())
        };
        let which = if base { "base" } else { "URL" };
        self.status.say(Status::info(format!(
            "{which} line cleared (Ctrl+Z brings it back)"
        )));
        effects
    }

    /// `/` or `i` in a pane: back to the URL line, its cursor where it was.
    pub(in crate::tui::model) fn back_to_url_line(&mut self) {
        self.set_focus(Focus::Input);
        self.status
            .say(Status::info("URL line: type or paste (Esc: pane keys)"));
    }

    /// `q` in a pane: the second `q` in a row quits; the first says so.
    pub(in crate::tui::model) fn quit_ask(&mut self, armed: bool) -> Vec<Effect> {
        if armed {
            return self.exit.quit_now();
        }
        self.exit.arm();
        self.status.say(Status::info(QUIT_ASK));
        Vec::new()
    }

    /// After a pane command: the first time a letter was taken as one, say how to get back to
    /// the URL line (`example.com` typed after Esc would fire e, x, a, q).
    pub(in crate::tui::model) fn letter_hint(&mut self, cmd: Command) {
        if self.status.letter_hint_shown
            || self.panes.focus.is_input()
            || self.overlay_open()
            || !is_pane_letter(cmd)
            || matches!(cmd, Command::QuitAsk | Command::ToUrlLine)
        {
            return;
        }
        self.status.letter_hint_shown = true;
        let said = match self.status.message.take() {
            Some(s) => s.and(LETTER_HINT),
            None => Status::info(LETTER_HINT),
        };
        self.status.say(said);
    }

    /// A paste into the URL line that holds one complete URL, of one complete URL, replaces
    /// the line (Ctrl+Z undoes) — unless the cursor follows `=`, where a URL is being built
    /// (`…?url=` then the target). Returns `None` when the paste is inserted as usual.
    pub(in crate::tui::model) fn paste_replaces(&mut self, bytes: &[u8]) -> Option<Vec<Effect>> {
        let line = &self.editing.input.buf;
        let after_eq =
            self.editing.input.cursor > 0 && line.get(self.editing.input.cursor - 1) == Some(&b'=');
        if self.panes.focus != Focus::Input || after_eq || !is_one_url(line) || !is_one_url(bytes) {
            return None;
        }
        let effects = self.replace_input(bytes.to_vec());
        self.status.say(Status::info(
            "the pasted URL replaced the one on the line (Ctrl+Z brings it back)",
        ));
        Some(effects)
    }
}

#[cfg(test)]
mod tests {
    use super::is_one_url;

    #[test]
    fn one_complete_url() {
        for yes in [
            &b"http://first.example/"[..],
            b"<https://xn--80ak6aa92e.com/login>",
            b"mailto:a@b.example",
        ] {
            assert!(is_one_url(yes), "{yes:?}");
        }
        for no in [
            &b"example.com/search?q=1"[..],
            b"http://a/ http://b/",
            b"http:",
            b"",
            b"1http://a/",
        ] {
            assert!(!is_one_url(no), "{no:?}");
        }
    }
}
