//! Copying to the clipboard: arboard on a local desktop, OSC 52 through the terminal over SSH or
//! when arboard fails, and a recording fake for tests. The shell carries out `Copy` and
//! `ReadClipboard` effects with whichever `Clipboard` it was given; the status line shows
//! `CopyResult::message`. On X11 and Wayland a copy is served by a small background urlscope
//! process ([`serve`]), so it can still be pasted after urlscope quits.

// X11 and Wayland only: elsewhere the system keeps the clipboard itself.
#[cfg(all(
    unix,
    not(any(target_os = "macos", target_os = "android", target_os = "emscripten"))
))]
pub mod serve;

use std::io::Write;

/// What happened to one copy, in words the status line can show honestly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyResult {
    /// The system clipboard holds the text.
    Copied {
        lossy: bool,
        /// The primary selection (middle-click paste) holds it too.
        primary: bool,
        /// Only while urlscope runs (the background server could not start).
        until_quit: bool,
    },
    /// The text went to the terminal as an OSC 52 sequence; whether the terminal honours it
    /// cannot be known from here.
    SentOsc52,
    Failed(String),
}

impl CopyResult {
    pub fn message(&self, what: &str) -> String {
        match self {
            CopyResult::Copied {
                lossy,
                primary,
                until_quit,
            } => {
                let mut m = format!("copied {what} to clipboard");
                if *primary {
                    m.push_str(" and primary selection");
                }
                if *until_quit {
                    m.push_str(" (until urlscope quits)");
                }
                if *lossy {
                    m.push_str(" (bytes that are not UTF-8 became U+FFFD)");
                }
                m
            }
            CopyResult::SentOsc52 => format!("sent {what} to terminal via OSC 52"),
            CopyResult::Failed(why) => format!("nothing copied: {why}"),
        }
    }
}

pub trait Clipboard {
    fn copy(&mut self, octets: &[u8]) -> CopyResult;
    /// The clipboard's text (for Ctrl+V), or why there is none.
    fn read(&mut self) -> Result<Vec<u8>, String>;
}

/// Is this session over SSH (where the local clipboard is the wrong machine's)?
pub fn over_ssh() -> bool {
    ["SSH_TTY", "SSH_CONNECTION", "SSH_CLIENT"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// Where copies go (the config file's `clipboard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Route {
    /// OSC 52 over SSH; otherwise the system clipboard, falling back to OSC 52 on error.
    #[default]
    Auto,
    /// Only the system clipboard.
    System,
    /// Only OSC 52 through the terminal.
    Osc52,
    /// Nowhere: copying is off.
    Off,
}

/// The real clipboard: by its [`Route`]; by default OSC 52 over SSH, otherwise arboard, falling
/// back to OSC 52 on error.
pub struct SystemClipboard<W: Write> {
    prefer_osc52: bool,
    route: Route,
    /// Created on first use and kept for the whole run: on X11 and Wayland the content lives
    /// only while its owner does.
    arboard: Option<arboard::Clipboard>,
    arboard_failed: Option<String>,
    terminal: W,
}

impl SystemClipboard<std::io::Stdout> {
    pub fn new() -> Self {
        SystemClipboard::with_terminal(over_ssh(), std::io::stdout())
    }
}

impl Default for SystemClipboard<std::io::Stdout> {
    fn default() -> Self {
        Self::new()
    }
}

impl<W: Write> SystemClipboard<W> {
    pub fn with_terminal(prefer_osc52: bool, terminal: W) -> Self {
        SystemClipboard::routed(Route::Auto, prefer_osc52, terminal)
    }

    /// Copies go by `route`; `prefer_osc52` is [`Route::Auto`]'s choice (over SSH).
    pub fn routed(route: Route, prefer_osc52: bool, terminal: W) -> Self {
        SystemClipboard {
            prefer_osc52,
            route,
            arboard: None,
            arboard_failed: None,
            terminal,
        }
    }

    fn osc52(&mut self, octets: &[u8]) -> CopyResult {
        let cmd = crossterm::clipboard::CopyToClipboard::to_clipboard_from(octets);
        match crossterm::execute!(self.terminal, cmd) {
            Ok(()) => CopyResult::SentOsc52,
            Err(e) => CopyResult::Failed(format!("the terminal could not be written ({e})")),
        }
    }

    fn arboard(&mut self, octets: &[u8]) -> Result<CopyResult, String> {
        if let Some(why) = &self.arboard_failed {
            return Err(why.clone());
        }
        let text = String::from_utf8_lossy(octets);
        let lossy = matches!(text, std::borrow::Cow::Owned(_));
        // First choice: a background server that outlives urlscope (X11, Wayland).
        #[cfg(all(
            unix,
            not(any(target_os = "macos", target_os = "android", target_os = "emscripten"))
        ))]
        if let Ok(s) = serve::spawn(&text) {
            return Ok(CopyResult::Copied {
                lossy,
                primary: s.primary,
                until_quit: false,
            });
        }
        let clip = self.system()?;
        clip.set_text(text)
            .map(|()| CopyResult::Copied {
                lossy,
                primary: false,
                // Only X11 and Wayland lose the text with its owner.
                until_quit: cfg!(all(
                    unix,
                    not(any(
                        target_os = "macos",
                        target_os = "android",
                        target_os = "emscripten"
                    ))
                )),
            })
            .map_err(|e| format!("the system clipboard refused ({e})"))
    }

    /// The in-process arboard clipboard, created on first use and kept.
    fn system(&mut self) -> Result<&mut arboard::Clipboard, String> {
        if let Some(why) = &self.arboard_failed {
            return Err(why.clone());
        }
        if self.arboard.is_none() {
            match arboard::Clipboard::new() {
                Ok(c) => self.arboard = Some(c),
                Err(e) => {
                    let why = format!("no system clipboard ({e})");
                    self.arboard_failed = Some(why.clone());
                    return Err(why);
                }
            }
        }
        Ok(self.arboard.as_mut().expect("created above"))
    }
}

impl<W: Write> Clipboard for SystemClipboard<W> {
    fn copy(&mut self, octets: &[u8]) -> CopyResult {
        match self.route {
            Route::Off => return CopyResult::Failed(OFF.into()),
            Route::Osc52 => return self.osc52(octets),
            Route::System => return self.arboard(octets).unwrap_or_else(CopyResult::Failed),
            Route::Auto if self.prefer_osc52 => return self.osc52(octets),
            Route::Auto => {}
        }
        match self.arboard(octets) {
            Ok(done) => done,
            Err(_) => self.osc52(octets),
        }
    }

    fn read(&mut self) -> Result<Vec<u8>, String> {
        if self.route == Route::Off {
            return Err(OFF.into());
        }
        let clip = self.system().map_err(|why| {
            format!(
                "{why}; paste with the terminal instead (its paste key sends a bracketed paste)"
            )
        })?;
        match clip.get_text() {
            Ok(t) if t.is_empty() => Err("the clipboard is empty".into()),
            Ok(t) => Ok(t.into_bytes()),
            Err(arboard::Error::ContentNotAvailable) => {
                Err("the clipboard is empty or holds no text".into())
            }
            Err(e) => Err(format!("the system clipboard could not be read ({e})")),
        }
    }
}

/// Why nothing is copied or pasted with [`Route::Off`].
const OFF: &str = "the clipboard is off (clipboard = \"none\" in the config file)";

/// Records copies and serves the last one (or `contents`) to reads; can be told to fail. For
/// tests.
#[derive(Debug, Default)]
pub struct FakeClipboard {
    pub copies: Vec<Vec<u8>>,
    pub fail_with: Option<String>,
    /// What a read returns; a copy replaces it, as on a real clipboard.
    pub contents: Option<Vec<u8>>,
}

impl Clipboard for FakeClipboard {
    fn copy(&mut self, octets: &[u8]) -> CopyResult {
        match &self.fail_with {
            Some(why) => CopyResult::Failed(why.clone()),
            None => {
                self.copies.push(octets.to_vec());
                self.contents = Some(octets.to_vec());
                CopyResult::Copied {
                    lossy: false,
                    primary: false,
                    until_quit: false,
                }
            }
        }
    }

    fn read(&mut self) -> Result<Vec<u8>, String> {
        match (&self.fail_with, &self.contents) {
            (Some(why), _) => Err(why.clone()),
            (None, Some(c)) if !c.is_empty() => Ok(c.clone()),
            _ => Err("the clipboard is empty".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_sequence_carries_the_octets_base64() {
        let mut out = Vec::new();
        let mut c = SystemClipboard::with_terminal(true, &mut out);
        assert_eq!(c.copy(b"http://a/"), CopyResult::SentOsc52);
        assert_eq!(out, b"\x1b]52;c;aHR0cDovL2Ev\x1b\\");
    }

    #[test]
    fn messages_say_what_happened() {
        assert_eq!(
            CopyResult::SentOsc52.message("result"),
            "sent result to terminal via OSC 52"
        );
        let copied = |lossy, primary, until_quit| CopyResult::Copied {
            lossy,
            primary,
            until_quit,
        };
        assert_eq!(
            copied(false, false, false).message("host"),
            "copied host to clipboard"
        );
        assert_eq!(
            copied(false, true, false).message("the host"),
            "copied the host to clipboard and primary selection"
        );
        assert_eq!(
            copied(true, false, true).message("x"),
            "copied x to clipboard (until urlscope quits) (bytes that are not UTF-8 became U+FFFD)"
        );
        assert_eq!(
            CopyResult::Failed("x".into()).message("r"),
            "nothing copied: x"
        );
    }

    #[test]
    fn fake_records_and_fails_on_demand() {
        let mut f = FakeClipboard::default();
        assert_eq!(f.read(), Err("the clipboard is empty".into()));
        assert!(matches!(f.copy(b"a"), CopyResult::Copied { .. }));
        assert_eq!(f.read(), Ok(b"a".to_vec()));
        f.fail_with = Some("no".into());
        assert_eq!(f.copy(b"b"), CopyResult::Failed("no".into()));
        assert_eq!(f.read(), Err("no".into()));
        assert_eq!(f.copies, vec![b"a".to_vec()]);
    }
}
