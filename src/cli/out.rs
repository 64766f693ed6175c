//! How data reaches standard output. In a pipe or a file the data's octets are written as they
//! are, so that a script gets exactly what it asked for. On a terminal every control character,
//! escape sequence and hidden character of the data is written as a visible token (the one form
//! of [`escape`] every report uses), so a hostile record cannot retitle the window,
//! colour the screen or move the cursor. Links can be made clickable (OSC 8) on terminals that
//! support them, with a target no record can break out of.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};

use super::args::HyperlinkChoice;
use super::escape;

/// The rules for one command's standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Out {
    /// Data written in its visible form (standard output is a terminal).
    visible: bool,
    /// Links wrapped in OSC 8 hyperlinks.
    hyperlinks: bool,
}

impl Out {
    /// The rules for standard output as it is now, with the user's `--hyperlink`.
    pub fn stdout(choice: HyperlinkChoice) -> Out {
        let tty = io::stdout().is_terminal();
        let hyperlinks = match choice {
            HyperlinkChoice::Always => true,
            HyperlinkChoice::Never => false,
            HyperlinkChoice::Auto => tty && supports_hyperlinks::supports_hyperlinks(),
        };
        Out::new(tty, hyperlinks)
    }

    /// The rules for standard output when nothing prints links.
    pub fn stdout_plain() -> Out {
        Out::stdout(HyperlinkChoice::Never)
    }

    pub const fn new(visible: bool, hyperlinks: bool) -> Out {
        Out {
            visible,
            hyperlinks,
        }
    }

    /// Are the octets written as they are (nothing to rewrite)?
    pub fn is_verbatim(self) -> bool {
        !self.visible && !self.hyperlinks
    }

    /// Are links made clickable?
    pub fn hyperlinks(self) -> bool {
        self.hyperlinks
    }

    /// Is standard output a terminal (data is written in its visible form)?
    pub fn is_visible(self) -> bool {
        self.visible
    }

    /// Append `data` (text that is not a link) as it is written.
    pub fn data(self, data: &[u8], out: &mut Vec<u8>) {
        if self.visible {
            let mut s = String::with_capacity(data.len());
            escape::escape_into(data, &mut s);
            out.extend_from_slice(s.as_bytes());
        } else {
            out.extend_from_slice(data);
        }
    }

    /// Append `data`, clickable when hyperlinks are on and it is a link ([`link_target`]). A
    /// hyperlink is for a terminal, so its text is the visible form even in a pipe
    /// (`--hyperlink always`): the data cannot open a hyperlink of its own inside it.
    pub fn link(self, data: &[u8], out: &mut Vec<u8>) {
        match link_target(data).filter(|_| self.hyperlinks) {
            Some(target) => {
                out.extend_from_slice(b"\x1b]8;;");
                out.extend_from_slice(target.as_bytes());
                out.extend_from_slice(b"\x1b\\");
                Out::new(true, false).data(data, out);
                out.extend_from_slice(b"\x1b]8;;\x1b\\");
            }
            None => self.data(data, out),
        }
    }

    /// Replace `out[from..]`, raw data a command has just appended, by its written form as a
    /// link (a command that builds its answer in place).
    pub fn link_in_place(self, out: &mut Vec<u8>, from: usize) {
        if !self.is_verbatim() {
            let raw = out.split_off(from);
            self.link(&raw, out);
        }
    }

    /// The same for data that is not a link.
    pub fn data_in_place(self, out: &mut Vec<u8>, from: usize) {
        if self.visible {
            let raw = out.split_off(from);
            self.data(&raw, out);
        }
    }

    /// Append a JSON line: on a terminal, the characters JSON leaves raw but a terminal would
    /// obey or hide (C1 controls, bidi and zero-width characters) as `\uXXXX`, the same value.
    pub fn json(self, line: &str, out: &mut Vec<u8>) {
        if self.visible {
            out.extend_from_slice(json_visible(line).as_bytes());
        } else {
            out.extend_from_slice(line.as_bytes());
        }
    }
}

/// The schemes made clickable: what a browser or mail client opens. A script (`javascript:`,
/// `data:`) or a local file is never one click away.
const CLICKABLE: [&str; 5] = ["http", "https", "ftp", "ftps", "mailto"];

/// The OSC 8 target of `data` when it is a link worth a click: a clickable scheme (followed by
/// `//` unless `mailto`), every octet outside printable ASCII percent-encoded, so ESC, BEL, a
/// line break or a hidden character can neither end the sequence nor hide in it.
pub fn link_target(data: &[u8]) -> Option<String> {
    let colon = data.iter().position(|&b| b == b':')?;
    let scheme = std::str::from_utf8(&data[..colon]).ok()?;
    let known = CLICKABLE.iter().find(|s| s.eq_ignore_ascii_case(scheme))?;
    let rest = &data[colon + 1..];
    let needs_authority = *known != "mailto";
    if rest.is_empty() || (needs_authority && !rest.starts_with(b"//")) {
        return None;
    }
    let mut t = String::with_capacity(data.len());
    for &b in data {
        if (0x21..0x7F).contains(&b) {
            t.push(b as char);
        } else {
            let _ = write!(t, "%{b:02X}");
        }
    }
    Some(t)
}

/// `line` (serialized JSON) with the characters a terminal would obey or hide written as
/// `\uXXXX` escapes: the same JSON value.
pub fn json_visible(line: &str) -> String {
    urlscope_core::url::notation::json_visible(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &[u8] = b"http://b.example/\x1b]8;;http://evil/\x07x\\y\x1b\\z";

    #[test]
    fn a_pipe_gets_the_octets() {
        let mut out = Vec::new();
        Out::new(false, false).link(HOSTILE, &mut out);
        assert_eq!(out, HOSTILE);
    }

    #[test]
    fn a_terminal_gets_visible_tokens() {
        let mut out = Vec::new();
        Out::new(true, false).link(HOSTILE, &mut out);
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            "http://b.example/\\x1B]8;;http://evil/\\x07x\\\\y\\x1B\\\\z"
        );
    }

    #[test]
    fn a_hostile_link_stays_inside_its_hyperlink() {
        let mut out = Vec::new();
        Out::new(true, true).link(HOSTILE, &mut out);
        let s = String::from_utf8(out).unwrap();
        let target = "http://b.example/%1B]8;;http://evil/%07x\\y%1B\\z";
        let text = "http://b.example/\\x1B]8;;http://evil/\\x07x\\\\y\\x1B\\\\z";
        assert_eq!(s, format!("\x1b]8;;{target}\x1b\\{text}\x1b]8;;\x1b\\"));
        // Exactly the two sequences' ESCs and no BEL: nothing of the link ends one early.
        assert_eq!(s.matches('\x1b').count(), 4);
        assert!(!s.contains('\x07'));
    }

    #[test]
    fn hyperlinks_even_in_a_pipe_are_terminal_safe() {
        let (mut piped, mut shown) = (Vec::new(), Vec::new());
        Out::new(false, true).link(HOSTILE, &mut piped);
        Out::new(true, true).link(HOSTILE, &mut shown);
        assert_eq!(piped, shown);
        // Text that is not a link stays the data in a pipe.
        let mut plain = Vec::new();
        Out::new(false, true).link(b"\x1b[31mx", &mut plain);
        assert_eq!(plain, b"\x1b[31mx");
    }

    #[test]
    fn only_links_worth_a_click() {
        assert!(link_target(b"https://a.example/").is_some());
        assert!(link_target(b"MAILTO:x@y.example").is_some());
        assert_eq!(
            link_target("http://ä.example/ x".as_bytes()).unwrap(),
            "http://%C3%A4.example/%20x"
        );
        for no in [
            &b"javascript:alert(1)"[..],
            b"data:text/html,x",
            b"file:///etc/passwd",
            b"http:relative",
            b"example.com",
            b"mailto:",
            b"",
        ] {
            assert_eq!(link_target(no), None, "{}", String::from_utf8_lossy(no));
        }
        let mut out = Vec::new();
        Out::new(true, true).link(b"www.example.com", &mut out);
        assert_eq!(out, b"www.example.com");
    }

    #[test]
    fn json_on_a_terminal_is_the_same_value() {
        let line = serde_json::to_string("a\u{9b}b\u{202e}c\u{1b}").unwrap();
        let shown = json_visible(&line);
        assert_eq!(shown, "\"a\\u009Bb\\u202Ec\\u001b\"");
        let back: String = serde_json::from_str(&shown).unwrap();
        assert_eq!(back, "a\u{9b}b\u{202e}c\u{1b}");
    }
}
