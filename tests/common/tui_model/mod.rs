//! The inspector under a random user: a [`Step`] is what a hurried person (or the
//! terminal, or the worker) does, a [`Driver`] sends it to `App::update` as the real loop would,
//! carries out the effects itself (analyses held back and delivered late, twice or out of
//! order; clipboard answers of every kind), draws a frame after every message and checks the
//! invariants. Shared by `tests/tui/tui_model.rs` (proptest) and the `tui_model` fuzz target
//! (`fuzz/src/lib.rs` includes this file with `#[path]`), so the checks are written once.
//!
//! The reference model ([`Lines`]) is a plain pair of octet vectors: insert (typing, pastes,
//! clipboard pastes, a line break) and delete-to-start are modelled exactly; backspace, delete
//! and delete-word are checked by shape (a non-empty range that ends (starts) at the cursor is
//! gone, the rest is unchanged); undo and redo against the model's own history. Every other
//! command is checked to leave the lines alone, or, for those that load text (examples, unwrap
//! layers, the input history, trimming, and any command this file does not know), only for
//! "no panic" and the general invariants; the model then takes the app's text.

// Each including crate uses a different part of this file.
#![allow(dead_code)]

#[path = "../../support/terminal.rs"]
mod terminal;

use std::collections::HashMap;
use std::sync::Arc;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use urlscope::clipboard::CopyResult;
use urlscope::theme::Theme;
use urlscope::tui::analysis::{Analysis, Request, analyse};
use urlscope::tui::keys::bindings::{BINDINGS, Scope};
use urlscope::tui::model::app::App;
use urlscope::tui::model::overlays::examples::EXAMPLES;
use urlscope::tui::model::overlays::lesson::refused_in_lesson;
use urlscope::tui::model::rows;
use urlscope::tui::model::traps::is_one_url;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Effect, Focus, LaunchOptions, Msg, Overlay, Status};
use urlscope::tui::{shell, view};

pub use terminal::terminal_unsafe;

/// Texts people paste or type: links, hostile octets (escape sequences, C0/C1 controls, bidi
/// and zero-width characters, NUL, invalid UTF-8, a BOM), line breaks, long runs.
pub const TEXTS: &[&[u8]] = &[
    b"https://example.com/a/b?c=d#e",
    b"see https://a.example/x?utm_source=t and <http://b.example/y>, then ftp://c/d.\n",
    b"https://www.google.com/url?q=https%3A%2F%2Fevil.example%2F&sa=D",
    b"http://a/\x1b[2J\x1b[H\x1b]0;pwned\x07x",
    b"http://a/\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\",
    b"http://a/\x1bP+q544e\x1b\\\x9b31m\x9d0;t\x9c\x90x\x9c",
    b"http://a/\xc2\x9b31m\xc2\x9d\xc2\x85",
    b"http://a/\xe2\x80\xaegnp.exe\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8f\xe2\x80\x8b\xd8\x9c",
    b"\xef\xbb\xbfhttp://bom/\x00\x07\x08\x0d\x7f\xff\xfe",
    b"fecho://p%%\x1b[31m\r\n\x1b[0m%%ntlist/\x1b[5m",
    b"\x1b[31m<URL:http://\x1b@\x1b:\x1b/\x1b?\x1b=\x1b#\x1b>",
    b"http://xn--80ak6aa92e.com/\xd0\xb0\xd1\x80\xd1\x80\xd0\xbe/%zz%%41%",
    b"  http://127.1/../../../x\t\r\n",
    b"a\xcc\x81\xcc\x81\xcc\x81e\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x94\xac",
    b"",
    b"\n\n\n",
];

/// Characters typed one at a time, hostile ones among them.
pub const CHARS: &[char] = &[
    'a', 'Z', '0', '/', ':', '%', '?', '#', '&', '=', '.', ' ', '-', '_', '@', '[', ']', 'é',
    '\u{301}', '\u{200b}', '\u{202e}', '\u{2066}', '\u{1b}', '\u{7}', '\u{0}', '\u{85}', '\u{9b}',
    '\u{feff}', '界', '👩', '\n', '\t', '\r', 'q', 'y', 'm',
];

/// The sizes people resize to, the degenerate ones first.
pub const SIZES: &[(u16, u16)] = &[
    (0, 0),
    (1, 1),
    (2, 1),
    (1, 2),
    (10, 3),
    (40, 10),
    (80, 24),
    (120, 40),
    (300, 100),
];

/// A 1 MiB paste: a link with every kind of trouble repeated (octets, escapes, triplets).
pub fn big_paste() -> Vec<u8> {
    let mut v = b"https://big.example/".to_vec();
    let chunk: &[u8] = b"a%zz\x1b[1m/%41\xe2\x80\xae?x=1&";
    while v.len() < (1 << 20) {
        v.extend_from_slice(chunk);
    }
    v.truncate(1 << 20);
    v
}

/// How many octets of past lines the model keeps (more than the app's undo steps hold).
const PAST_BYTES: usize = 96 << 20;

/// What the clipboard answers to the next copy or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clip {
    Copied,
    Osc52,
    Failed,
}

/// One thing a person, the terminal or the worker does.
#[derive(Clone, Debug)]
pub enum Step {
    /// The key of `BINDINGS[i % len]`; with `steer`, first the messages that bring the app to
    /// a context where the binding applies (its scope), `steer` also choosing the pane.
    Binding {
        i: usize,
        steer: Option<u8>,
    },
    /// A key the table may not have: a character with modifiers (bit 0 Ctrl, 1 Alt, 2 Shift).
    Key {
        c: char,
        mods: u8,
    },
    /// A named key (arrows, Enter, Esc, F-keys, …) with modifiers.
    Special {
        code: u8,
        mods: u8,
    },
    /// `Msg::Type` as the keymap sends it for a printable key.
    Type(char),
    /// A bracketed paste (`TEXTS[i]`, or `TEXTS[i]` repeated `times`).
    Paste {
        i: usize,
        times: u8,
    },
    /// A 1 MiB paste (the driver allows a few a run).
    BigPaste,
    Resize(u16, u16),
    Click(u16, u16),
    Wheel {
        x: u16,
        y: u16,
        down: bool,
    },
    /// How the clipboard answers from now on; `text` is what a read returns.
    Clipboard {
        how: Clip,
        text: usize,
    },
    /// Deliver the `pick`-th held-back analysis; `again`: keep it to deliver once more.
    Deliver {
        pick: usize,
        again: bool,
    },
    /// Deliver every held-back analysis, newest first or oldest first.
    DeliverAll {
        newest_first: bool,
    },
}

/// The URL and base lines as octets (what the model predicts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    pub url: Vec<u8>,
    pub base: Vec<u8>,
}

/// What a message is expected to do to the lines.
enum Expect {
    /// Nothing.
    Same,
    /// Insert these octets at the cursor of this line (`None`: over the untouched example).
    Insert(Target, Vec<u8>),
    /// Remove a non-empty range ending at the cursor (`back`) or starting at it.
    Remove(Target, bool),
    /// Remove everything before the cursor.
    ToStart(Target),
    Undo,
    Redo,
    /// Not modelled: loads text, or a command this file does not know.
    Any,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Url,
    Base,
    Aliases,
    /// The untouched example: the text replaces it.
    OverExample,
}

/// Runs steps against one app and checks every invariant after every message.
pub struct Driver {
    pub app: App,
    /// Requests not yet answered, in the order asked.
    pending: Vec<Request>,
    done: HashMap<u64, Arc<Analysis>>,
    clip: Clip,
    clip_text: usize,
    big_left: u8,
    /// The model's history of the lines (the last is now) and what redo brings back.
    past: Vec<Lines>,
    future: Vec<Lines>,
    /// Whether the oldest states were dropped from `past` (it holds at most `PAST_BYTES`).
    past_trimmed: bool,
    /// The newest analysis generation seen installed.
    shown: u64,
    pub messages: usize,
    pub copies: usize,
    /// One terminal for the whole run, resized as the app is (as the real one is): a frame
    /// draws only what changed, and the screen checked is what a person would see.
    term: Terminal<TestBackend>,
    theme: Theme,
}

fn lines_of(app: &App) -> Lines {
    Lines {
        url: app.editing().input().buf.clone(),
        base: app.editing().base().buf.clone(),
    }
}

impl Driver {
    /// An app on `input` (`None`: the example) at 80×24, its first analysis installed.
    /// `big_pastes`: how many 1 MiB pastes this driver lets through.
    pub fn new(input: Option<&[u8]>, big_pastes: u8) -> Driver {
        let app = App::new(&LaunchOptions {
            input: input.map(<[u8]>::to_vec),
            ..Default::default()
        });
        let now = lines_of(&app);
        let shown = app.analysis().generation;
        let mut d = Driver {
            app,
            pending: Vec::new(),
            done: HashMap::new(),
            clip: Clip::Copied,
            clip_text: 0,
            big_left: big_pastes,
            past: vec![now],
            future: Vec::new(),
            past_trimmed: false,
            shown,
            messages: 0,
            copies: 0,
            term: Terminal::new(TestBackend::new(80, 24)).expect("a test terminal"),
            theme: Theme::default(),
        };
        d.send(Msg::Resize(80, 24));
        d
    }

    /// Run one step.
    pub fn step(&mut self, s: &Step) {
        match s {
            Step::Binding { i, steer } => {
                let b = &BINDINGS[i % BINDINGS.len()];
                if let Some(pane) = steer {
                    self.steer(b.scope, *pane);
                }
                self.event(Event::Key(KeyEvent::new(b.code, b.mods)));
            }
            Step::Key { c, mods } => self.event(Event::Key(KeyEvent::new(
                KeyCode::Char(*c),
                modifiers(*mods),
            ))),
            Step::Special { code, mods } => {
                self.event(Event::Key(KeyEvent::new(special(*code), modifiers(*mods))))
            }
            Step::Type(c) => self.send(Msg::Type(*c)),
            Step::Paste { i, times } => {
                let t = TEXTS[i % TEXTS.len()].repeat(*times as usize % 64 + 1);
                self.send(Msg::Paste(t));
            }
            Step::BigPaste => {
                if self.big_left > 0 {
                    self.big_left -= 1;
                    self.send(Msg::Paste(big_paste()));
                }
            }
            Step::Resize(w, h) => self.event(Event::Resize(*w, *h)),
            Step::Click(x, y) => self.event(mouse(MouseEventKind::Down(MouseButton::Left), *x, *y)),
            Step::Wheel { x, y, down } => {
                let kind = if *down {
                    MouseEventKind::ScrollDown
                } else {
                    MouseEventKind::ScrollUp
                };
                self.event(mouse(kind, *x, *y));
            }
            Step::Clipboard { how, text } => {
                self.clip = *how;
                self.clip_text = *text;
            }
            Step::Deliver { pick, again } => {
                if self.pending.is_empty() {
                    return;
                }
                let k = pick % self.pending.len();
                let req = if *again {
                    self.pending[k].clone()
                } else {
                    self.pending.remove(k)
                };
                self.deliver(&req);
            }
            Step::DeliverAll { newest_first } => self.deliver_all(*newest_first),
        }
    }

    /// Bring the app to a context where a binding of `scope` applies (messages a person could
    /// cause: closing the key list and views, Tab, opening the alias editor or the key list).
    fn steer(&mut self, scope: Scope, pane: u8) {
        let wants_input = match scope {
            Scope::Input => Some(true),
            Scope::Pane => Some(false),
            Scope::Help => {
                if self.app.panes().help().is_none() {
                    self.send(Msg::Command(Command::Help));
                }
                None
            }
            Scope::Aliases => {
                if self.app.panes().help().is_some() {
                    self.send(Msg::Command(Command::Close));
                }
                if self.app.overlay() != Overlay::Aliases {
                    self.send(Msg::Command(Command::Show(Overlay::Aliases)));
                }
                None
            }
            // A scope added later: the key is sent wherever the app is.
            #[allow(unreachable_patterns)]
            _ => None,
        };
        let Some(input) = wants_input else { return };
        for _ in 0..4 {
            if !self.app.overlay_open() {
                break;
            }
            self.send(Msg::Command(Command::Close));
        }
        let want = if input {
            [Focus::Input, Focus::Base][pane as usize % 2]
        } else {
            [Focus::Components, Focus::Characters, Focus::Steps][pane as usize % 3]
        };
        for _ in 0..Focus::ORDER.len() {
            if self.app.panes().focus() == want {
                break;
            }
            self.send(Msg::Command(Command::FocusNext));
        }
    }

    /// A terminal event, mapped as the real loop maps it where the app is.
    fn event(&mut self, ev: Event) {
        for m in shell::messages_for(ev, &self.app) {
            self.send(m);
        }
    }

    /// Compute (once) and deliver the answer to `req`.
    fn deliver(&mut self, req: &Request) {
        let a = self
            .done
            .entry(req.generation)
            .or_insert_with(|| Arc::new(analyse(req)))
            .clone();
        self.send(Msg::Analysed(a));
    }

    /// Deliver every held-back analysis; then the screen must show the newest, of the lines
    /// as they are now.
    pub fn deliver_all(&mut self, newest_first: bool) {
        // Answering may ask for more (never today); bounded all the same.
        for _ in 0..4 {
            if self.pending.is_empty() {
                break;
            }
            let mut reqs = std::mem::take(&mut self.pending);
            if newest_first {
                reqs.reverse();
            }
            for r in &reqs {
                self.deliver(r);
            }
        }
        let app = &self.app;
        assert_eq!(
            app.analysis().generation,
            app.generation(),
            "every analysis delivered, yet the screen shows generation {} of {}",
            app.analysis().generation,
            app.generation()
        );
        assert!(
            *app.analysis().input == app.editing().input().buf,
            "the newest analysis is not of the URL line"
        );
        self.done.clear();
    }

    /// Send one message as the loop does, carry out its effects, draw a frame, send back what
    /// it measured, and check every invariant.
    pub fn send(&mut self, msg: Msg) {
        self.messages += 1;
        let before = lines_of(&self.app);
        let expect = self.expect(&msg);
        let cursor = match &expect {
            Expect::Insert(Target::Base, _)
            | Expect::Remove(Target::Base, _)
            | Expect::ToStart(Target::Base) => self.app.editing().base().cursor,
            _ => self.app.editing().input().cursor,
        };
        let copying = matches!(
            msg,
            Msg::Command(Command::CopyResult | Command::CopyPart | Command::CopyWithoutTracking)
        );
        let cmd = match &msg {
            Msg::Command(c) => Some(*c),
            _ => None,
        };
        if std::env::var_os("URLSCOPE_MODEL_TRACE").is_some() {
            let m = format!("{msg:?}");
            eprintln!(
                "{:?} {:?} help={} pristine={} | {}",
                self.app.overlay(),
                self.app.panes().focus(),
                self.app.panes().help().is_some(),
                self.app.editing().pristine(),
                &m[..m.len().min(120)]
            );
        }
        let effects = self.app.update(msg);
        self.check_lines(&before, &expect, cursor);
        self.effects(effects, copying.then_some(cmd).flatten());
        self.draw();
        self.check_state();
    }

    fn expect(&self, msg: &Msg) -> Expect {
        let app = &self.app;
        // The views with a line of their own (the practice answer, the compare-with line, the
        // value editor, the link list's filter) take the typing and the line edits: the URL
        // and base lines stay as they are. Their other commands (apply, check, choose) may load
        // a line, which the model then takes as the new state.
        // Under the key list too: text goes where it would go without it.
        let own_line = match app.overlay() {
            Overlay::Practice(_) | Overlay::Editor | Overlay::Links => true,
            Overlay::Same => app.panes().focus() == Focus::Base,
            _ => false,
        };
        if own_line {
            match msg {
                Msg::Type(_) | Msg::Paste(_) | Msg::ClipboardText(_) => return Expect::Same,
                Msg::Command(c) if c.edits_text() => return Expect::Same,
                // Undo and redo are the two lines' wherever they are pressed.
                Msg::Command(Command::Undo | Command::Redo) => {}
                Msg::Command(_) if app.panes().help().is_none() => return Expect::Any,
                _ => {}
            }
        }
        // A lesson's lines are its own: typing and pasting are refused, so are the commands
        // that would edit them; its other keys walk the steps, loading each one's example.
        if matches!(app.overlay(), Overlay::Lesson(_)) {
            match msg {
                Msg::Type(_) | Msg::Paste(_) => return Expect::Same,
                Msg::Command(c) if refused_in_lesson(*c) => return Expect::Same,
                Msg::Command(_) => return Expect::Any,
                _ => {}
            }
        }
        let field = || {
            if app.overlay() == Overlay::Aliases {
                Target::Aliases
            } else if app.panes().focus() == Focus::Base {
                Target::Base
            } else if app.editing().pristine() {
                Target::OverExample
            } else {
                Target::Url
            }
        };
        let insert = |b: Vec<u8>| Expect::Insert(field(), b);
        match msg {
            Msg::Type(c) => insert(c.to_string().into_bytes()),
            Msg::Paste(b) | Msg::ClipboardText(Ok(b)) => {
                // One complete URL pasted over a line holding one complete URL
                // replaces it, except right after `=` (a URL being built): the model says so
                // as "the line becomes the paste", which is what `OverExample` checks.
                let line = &app.editing().input().buf;
                let after_eq = app.editing().input().cursor > 0
                    && line.get(app.editing().input().cursor - 1) == Some(&b'=');
                // A paste from a pane goes to the URL line (focus moves there first).
                let replaces = paste_target(app) == Target::Url
                    && (app.panes().focus() == Focus::Input || !app.panes().focus().is_input())
                    && !after_eq
                    && is_one_url(line)
                    && is_one_url(b);
                if replaces {
                    Expect::Insert(Target::OverExample, b.clone())
                } else {
                    Expect::Insert(paste_target(app), b.clone())
                }
            }
            Msg::Command(c) => match c {
                Command::Newline => insert(b"\n".to_vec()),
                Command::Backspace | Command::DeleteWordBack => match field() {
                    Target::OverExample => Expect::Remove(Target::Url, true),
                    f => Expect::Remove(f, true),
                },
                Command::Delete => match field() {
                    Target::OverExample => Expect::Remove(Target::Url, false),
                    f => Expect::Remove(f, false),
                },
                Command::DeleteToStart => match field() {
                    Target::OverExample => Expect::ToStart(Target::Url),
                    f => Expect::ToStart(f),
                },
                Command::Undo => Expect::Undo,
                Command::Redo => Expect::Redo,
                Command::Quit
                | Command::FocusNext
                | Command::FocusPrev
                | Command::LeaveInput
                | Command::Profile(_)
                | Command::Left
                | Command::Right
                | Command::WordLeft
                | Command::WordRight
                | Command::Home
                | Command::End
                | Command::Up
                | Command::Down
                | Command::PageUp
                | Command::PageDown
                | Command::CopyResult
                | Command::CopyPart
                | Command::CopyWithoutTracking
                | Command::Help
                | Command::CycleTheme
                | Command::CycleClassification
                | Command::CyclePreview
                | Command::CyclePdfState
                | Command::Close
                | Command::Show(_)
                | Command::PasteClipboard => Expect::Same,
                // Choose, Back, the input history, trimming, and commands added later.
                _ => Expect::Any,
            },
            Msg::ClipboardText(Err(_))
            | Msg::Resize(..)
            | Msg::Select(_)
            | Msg::Wheel(..)
            | Msg::Analysed(_)
            | Msg::ThemeChanged(_)
            | Msg::Status(_)
            | Msg::Drawn(_) => Expect::Same,
            #[allow(unreachable_patterns)]
            _ => Expect::Any,
        }
    }

    /// The lines against the model after one message.
    fn check_lines(&mut self, before: &Lines, expect: &Expect, cursor: usize) {
        let now = lines_of(&self.app);
        let line = |l: &Lines, t: Target| -> Vec<u8> {
            if t == Target::Base {
                l.base.clone()
            } else {
                l.url.clone()
            }
        };
        let other_same = |t: Target| {
            if t == Target::Base {
                now.url == before.url
            } else {
                now.base == before.base
            }
        };
        match expect {
            Expect::Same | Expect::Insert(Target::Aliases, _) => {
                assert!(
                    now == *before,
                    "the lines changed, but the message should leave them"
                );
            }
            Expect::Remove(Target::Aliases, _) | Expect::ToStart(Target::Aliases) => {
                assert!(now == *before, "an alias-editor edit changed the lines");
            }
            Expect::Insert(Target::OverExample, b) => {
                assert!(
                    now.url == *b,
                    "typing over the example: the URL is not the text"
                );
                assert!(
                    other_same(Target::Url),
                    "typing over the example changed the base"
                );
            }
            Expect::Insert(t, b) => {
                let mut want = line(before, *t);
                want.splice(cursor..cursor, b.iter().copied());
                assert!(
                    line(&now, *t) == want,
                    "insert of {} octets at {cursor}: the line is not the model's",
                    b.len()
                );
                assert!(other_same(*t), "an insert changed the other line");
                let c = if *t == Target::Base {
                    self.app.editing().base().cursor
                } else {
                    self.app.editing().input().cursor
                };
                assert_eq!(c, cursor + b.len(), "the cursor is not after the insert");
            }
            Expect::Remove(t, back) => {
                let (was, is) = (line(before, *t), line(&now, *t));
                assert!(other_same(*t), "a deletion changed the other line");
                if was != is {
                    let gone = was.len().checked_sub(is.len()).filter(|&n| n > 0);
                    let Some(n) = gone else {
                        panic!("a deletion did not shorten the line");
                    };
                    let ok = if *back {
                        n <= cursor
                            && is[..cursor - n] == was[..cursor - n]
                            && is[cursor - n..] == was[cursor..]
                    } else {
                        cursor + n <= was.len()
                            && is[..cursor] == was[..cursor]
                            && is[cursor..] == was[cursor + n..]
                    };
                    assert!(ok, "a deletion removed octets away from the cursor");
                }
            }
            Expect::ToStart(t) => {
                let was = line(before, *t);
                assert!(
                    line(&now, *t) == was[cursor.min(was.len())..],
                    "delete-to-start: the line is not what followed the cursor"
                );
                assert!(other_same(*t), "delete-to-start changed the other line");
            }
            Expect::Undo => {
                if now != *before {
                    let back = self.past[..self.past.len() - 1]
                        .iter()
                        .rposition(|l| *l == now);
                    let Some(j) = back else {
                        assert!(
                            self.past_trimmed,
                            "undo brought back text that was never on the lines"
                        );
                        self.future.push(before.clone());
                        self.past = vec![now];
                        return;
                    };
                    self.future.push(before.clone());
                    self.past.truncate(j + 1);
                }
                return;
            }
            Expect::Redo => {
                if now != *before {
                    assert!(
                        self.future.last() == Some(&now),
                        "redo brought back something other than the undone text"
                    );
                    self.future.pop();
                    self.past.push(now);
                }
                return;
            }
            // Text loaded another way (the input history does not touch the undo steps): redo
            // may still bring back what was undone.
            Expect::Any => {
                if now != *before {
                    self.remember(now);
                }
                return;
            }
        }
        if now != *before {
            self.remember(now);
            self.future.clear();
        }
    }

    fn effects(&mut self, effects: Vec<Effect>, copy_cmd: Option<Command>) {
        for e in effects {
            match e {
                // The model's apps keep progress for the run only (no file).
                Effect::Quit | Effect::SaveProgress { .. } => {}
                Effect::Analyse(req) => self.pending.push(req),
                Effect::Copy { what, octets } => {
                    self.copies += 1;
                    if let Some(cmd) = copy_cmd {
                        check_copy(&self.app, cmd, &octets);
                    }
                    let r = match self.clip {
                        Clip::Copied => CopyResult::Copied {
                            lossy: std::str::from_utf8(&octets).is_err(),
                            primary: true,
                            until_quit: false,
                        },
                        Clip::Osc52 => CopyResult::SentOsc52,
                        Clip::Failed => CopyResult::Failed("no clipboard \x1b[31m here".into()),
                    };
                    self.send(Msg::Status(Status::of_copy(&r, &what)));
                }
                Effect::ReadClipboard => {
                    let read = match self.clip {
                        Clip::Failed => Err("the clipboard holds no text \u{202e}".to_string()),
                        Clip::Copied | Clip::Osc52 => {
                            Ok(TEXTS[self.clip_text % TEXTS.len()].to_vec())
                        }
                    };
                    self.send(Msg::ClipboardText(read));
                }
                // The shell would start the browser; a test never does. The confirm step
                // (a second Ctrl+B) showed the host first, and that is on the status line.
                Effect::OpenBrowser(_) => {}
                Effect::NextTheme { current } => {
                    let names = Theme::names();
                    let i = names.iter().position(|n| *n == current);
                    let name = names[i.map_or(0, |i| (i + 1) % names.len())].clone();
                    self.send(Msg::ThemeChanged(name));
                }
            }
        }
    }

    /// Draw a frame at the app's size (as the loop does after every message), check every cell,
    /// and send back what it measured.
    fn draw(&mut self) {
        let (w, h) = self.app.panes().size();
        let area = self.term.backend().buffer().area;
        if (area.width, area.height) != (w, h) {
            self.term.backend_mut().resize(w, h);
        }
        let mut drawn = Default::default();
        let (app, theme) = (&self.app, &self.theme);
        self.term
            .draw(|f| drawn = view::render(app, theme, f))
            .expect("a frame");
        let b = self.term.backend().buffer();
        for y in 0..b.area.height {
            for x in 0..b.area.width {
                for c in b[(x, y)].symbol().chars() {
                    if terminal_unsafe(c) {
                        let row: String = (0..b.area.width).map(|x| b[(x, y)].symbol()).collect();
                        panic!("raw U+{:04X} on screen at {x},{y}: {row:?}", c as u32);
                    }
                }
            }
        }
        let effects = self.app.update(Msg::Drawn(drawn));
        assert!(effects.is_empty(), "a measurement asked for work");
    }

    /// Cursors, selections and the analysis shown.
    fn check_state(&mut self) {
        let app = &self.app;
        let aliases = app.overlay_state().alias_text();
        for (what, l) in [
            ("URL", Some(app.editing().input())),
            ("base", Some(app.editing().base())),
            ("alias editor", aliases),
        ]
        .into_iter()
        .filter_map(|(what, l)| Some((what, l?)))
        {
            assert!(
                l.cursor <= l.buf.len(),
                "the {what} cursor {} is past its line ({})",
                l.cursor,
                l.buf.len()
            );
        }
        assert!(
            app.panes().char_cursor() <= app.analysis().input.len(),
            "the character cursor is past the analysed input"
        );
        assert!(
            app.analysis().generation >= self.shown,
            "an older analysis ({}) replaced a newer one ({})",
            app.analysis().generation,
            self.shown
        );
        self.shown = app.analysis().generation;
        let a = app.analysis();
        let within = |sel: usize, n: usize, what: &str| {
            assert!(
                sel < n.max(1),
                "{what}: selection {sel} outside a list of {n}"
            );
        };
        within(
            app.panes().step_sel(),
            a.outcome.steps.len(),
            "the step log",
        );
        within(
            app.panes().comp_sel(),
            rows::row_count(app),
            "the components pane",
        );
        match app.overlay() {
            Overlay::Examples(sel) => within(sel, EXAMPLES.len(), "the examples list"),
            Overlay::Findings(sel) => within(sel, a.findings.list.len(), "the warnings list"),
            Overlay::Unwrap(sel) => {
                if let Some(c) = &a.unwrap {
                    within(sel, c.layers.len(), "the unwrap layers");
                }
            }
            Overlay::Practice(sel) => within(
                sel,
                urlscope_core::modern::exercises::EXERCISES.len(),
                "the practice exercises",
            ),
            Overlay::CopyAs(sel) => within(
                sel,
                urlscope::tui::model::overlays::copy_as::COUNT,
                "the copy-as menu",
            ),
            // Views without a selection; a list added later is checked when named here.
            _ => {}
        }
        // The link list's selection stays within the links its filter shows.
        if let Some(l) = app.links()
            && !l.shown().is_empty()
        {
            within(l.sel(), l.shown().len(), "the link list");
        }
        if let (Some(top), Some(max)) = (app.panes().help(), app.panes().drawn().help_max) {
            assert!(top <= max, "the key list scrolled past its end");
        }
    }

    /// Undo every change, then redo them all: the lines come back to what they are now,
    /// each undo step bringing back a text the lines held before.
    pub fn undo_all_redo_all(&mut self) {
        let now = lines_of(&self.app);
        let n = self.app.editing().undo().can_undo();
        let redo_before = self.app.editing().undo().can_redo();
        for _ in 0..n {
            self.send(Msg::Command(Command::Undo));
        }
        assert_eq!(
            self.app.editing().undo().can_undo(),
            0,
            "undo left steps behind"
        );
        let m = self.app.editing().undo().can_redo() - redo_before;
        assert_eq!(m, n, "undo of {n} steps left {m} to redo");
        for _ in 0..n {
            self.send(Msg::Command(Command::Redo));
        }
        assert!(
            lines_of(&self.app) == now,
            "undo of every change then redo did not bring the lines back"
        );
    }

    /// A new state of the lines in the model's history, the oldest dropped past a bound (the
    /// app bounds its undo steps too).
    fn remember(&mut self, now: Lines) {
        self.past.push(now);
        let size = |l: &Lines| l.url.len() + l.base.len() + 64;
        let mut total: usize = self.past.iter().map(size).sum();
        while total > PAST_BYTES && self.past.len() > 1 {
            total -= size(&self.past[0]);
            self.past.remove(0);
            self.past_trimmed = true;
        }
    }

    /// The end of a sequence: everything delivered, the full undo walk.
    pub fn finish(&mut self) {
        self.deliver_all(false);
        self.undo_all_redo_all();
        self.deliver_all(true);
    }
}

/// Where a paste goes: the alias editor, else the focused input (the URL line from a pane),
/// over the example while it is untouched.
fn paste_target(app: &App) -> Target {
    if app.overlay() == Overlay::Aliases {
        Target::Aliases
    } else if app.panes().focus() == Focus::Base {
        Target::Base
    } else if app.editing().pristine() {
        Target::OverExample
    } else {
        Target::Url
    }
}

/// A copy carries the octets of what it names, never display text: the active result, the
/// unit or component under the cursor (a slice of the analysed input), the resolution, the
/// selected example.
fn check_copy(app: &App, cmd: Command, octets: &[u8]) {
    let a = app.analysis();
    match cmd {
        Command::CopyPart => {
            assert!(!octets.is_empty(), "an empty part was copied");
            if app.panes().focus() == Focus::Characters {
                let r = a.unit_range(a.unit_index(app.panes().char_cursor()));
                assert!(
                    octets == &a.input[r],
                    "copy of the unit under the cursor: other octets"
                );
            } else {
                assert!(
                    contains(&a.input, octets),
                    "a copied part is not a piece of the input"
                );
            }
        }
        Command::CopyResult => {
            let want: Option<Vec<u8>> = if app.panes().help().is_some() {
                Some(a.outcome.output.clone())
            } else {
                match app.overlay() {
                    Overlay::None | Overlay::Aliases | Overlay::Findings(_) | Overlay::Compare => {
                        Some(a.outcome.output.clone())
                    }
                    Overlay::Resolve => Some(
                        urlscope_core::resolve(
                            &app.editing().base().buf,
                            &app.editing().input().buf,
                        )
                        .output,
                    ),
                    Overlay::Examples(sel) => EXAMPLES.get(sel).map(|e| e.input.to_vec()),
                    // The lens views copy a host or a link target: text the view shows.
                    Overlay::Host | Overlay::Parsers | Overlay::Unwrap(_) => {
                        assert!(
                            std::str::from_utf8(octets).is_ok(),
                            "a lens view copied octets that are not its text"
                        );
                        None
                    }
                    // The menu's row and the list's link: what those views show, exactly.
                    Overlay::CopyAs(sel) => {
                        urlscope::tui::model::overlays::copy_as::shown(app, sel)
                            .ok()
                            .map(|(_, o)| o)
                    }
                    Overlay::Links => app.links().and_then(|l| {
                        l.selected()
                            .map(|i| l.printed(i, app.exit().pick().unwrap_or_default()))
                    }),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            };
            if let Some(w) = want {
                assert!(octets == w.as_slice(), "copy result: not the result shown");
            }
        }
        Command::CopyWithoutTracking => {
            assert!(
                octets.len() <= a.input.len(),
                "the URL without tracking is longer than the URL"
            );
        }
        _ => {}
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    needle.len() <= hay.len() && hay.windows(needle.len()).any(|w| w == needle)
}

fn modifiers(bits: u8) -> KeyModifiers {
    let mut m = KeyModifiers::NONE;
    if bits & 1 != 0 {
        m |= KeyModifiers::CONTROL;
    }
    if bits & 2 != 0 {
        m |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        m |= KeyModifiers::SHIFT;
    }
    m
}

/// The named keys a terminal sends.
pub fn special(code: u8) -> KeyCode {
    const KEYS: &[KeyCode] = &[
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Insert,
        KeyCode::F(1),
        KeyCode::F(2),
        KeyCode::F(3),
        KeyCode::F(5),
        KeyCode::F(12),
    ];
    KEYS[code as usize % KEYS.len()]
}

fn mouse(kind: MouseEventKind, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}
