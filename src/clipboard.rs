//! Copying to the clipboard: arboard on a local desktop, OSC 52 through the terminal over SSH or
//! when arboard fails, and a recording fake for tests. The shell carries out `Copy` effects with
//! whichever `Clipboard` it was given; the status line shows `CopyResult::message`.

use std::io::Write;

/// What happened to one copy, in words the status line can show honestly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyResult {
    /// The system clipboard holds the text (it stays there while urlscope runs).
    Copied {
        lossy: bool,
    },
    /// The text went to the terminal as an OSC 52 sequence; whether the terminal honours it
    /// cannot be known from here.
    SentOsc52,
    Failed(String),
}

impl CopyResult {
    pub fn message(&self, what: &str) -> String {
        match self {
            CopyResult::Copied { lossy: false } => format!("copied {what} to clipboard"),
            CopyResult::Copied { lossy: true } => {
                format!("copied {what} to clipboard (bytes that are not UTF-8 became U+FFFD)")
            }
            CopyResult::SentOsc52 => format!("sent {what} to terminal via OSC 52"),
            CopyResult::Failed(why) => format!("nothing copied: {why}"),
        }
    }
}

pub trait Clipboard {
    fn copy(&mut self, octets: &[u8]) -> CopyResult;
}

/// Is this session over SSH (where the local clipboard is the wrong machine's)?
pub fn over_ssh() -> bool {
    ["SSH_TTY", "SSH_CONNECTION", "SSH_CLIENT"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// The real clipboard: OSC 52 over SSH; otherwise arboard, falling back to OSC 52 on error.
pub struct SystemClipboard<W: Write> {
    prefer_osc52: bool,
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
        SystemClipboard {
            prefer_osc52,
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
        let text = String::from_utf8_lossy(octets);
        let lossy = matches!(text, std::borrow::Cow::Owned(_));
        let clip = self.arboard.as_mut().expect("created above");
        clip.set_text(text)
            .map(|()| CopyResult::Copied { lossy })
            .map_err(|e| format!("the system clipboard refused ({e})"))
    }
}

impl<W: Write> Clipboard for SystemClipboard<W> {
    fn copy(&mut self, octets: &[u8]) -> CopyResult {
        if self.prefer_osc52 {
            return self.osc52(octets);
        }
        match self.arboard(octets) {
            Ok(done) => done,
            Err(_) => self.osc52(octets),
        }
    }
}

/// Records copies; can be told to fail. For tests.
#[derive(Debug, Default)]
pub struct FakeClipboard {
    pub copies: Vec<Vec<u8>>,
    pub fail_with: Option<String>,
}

impl Clipboard for FakeClipboard {
    fn copy(&mut self, octets: &[u8]) -> CopyResult {
        match &self.fail_with {
            Some(why) => CopyResult::Failed(why.clone()),
            None => {
                self.copies.push(octets.to_vec());
                CopyResult::Copied { lossy: false }
            }
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
        assert_eq!(
            CopyResult::Copied { lossy: false }.message("host"),
            "copied host to clipboard"
        );
        assert!(
            CopyResult::Failed("x".into())
                .message("r")
                .starts_with("nothing copied")
        );
    }

    #[test]
    fn fake_records_and_fails_on_demand() {
        let mut f = FakeClipboard::default();
        assert_eq!(f.copy(b"a"), CopyResult::Copied { lossy: false });
        f.fail_with = Some("no".into());
        assert_eq!(f.copy(b"b"), CopyResult::Failed("no".into()));
        assert_eq!(f.copies, vec![b"a".to_vec()]);
    }
}
