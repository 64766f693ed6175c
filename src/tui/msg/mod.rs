//! What reaches the app ([`Msg`]: a key's [`Command`] or what the shell sends back) and what
//! the app asks the shell to do ([`Effect`]); the panes and views they name.

pub mod command;
pub mod status;

use std::sync::Arc;

use crate::tui::analysis::{Analysis, Request};
use crate::tui::msg::command::Command;
use urlscope_core::{PdfState, Profile};

pub use crate::tui::msg::status::{Level, Nothing, Status};

/// What the command line hands to the inspector.
#[derive(Clone, Debug, Default)]
pub struct LaunchOptions {
    /// The URL (raw octets); `None` opens the built-in example.
    pub input: Option<Vec<u8>>,
    pub base: Vec<u8>,
    /// `None`: the app's default (RFC 1738).
    pub profile: Option<Profile>,
    pub pdf_state: PdfState,
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// `--theme NAME|PATH`.
    pub theme: Option<String>,
    /// `--color never` or NO_COLOR.
    pub no_color: bool,
    /// The links found in piped text or a file (`urlscope pick`); Alt+L / `L` list them.
    /// Shared, not copied: the app keeps the list without cloning 100,000 links.
    pub links: Option<Arc<[urlscope_core::Link]>>,
    /// Open on the link list (several links, or one with other text around it).
    pub list_first: bool,
    /// Picking (`urlscope pick`, text piped into `urlscope`): Enter in the list prints the
    /// selected link in this form and quits; quitting without one is a cancel (exit 130).
    pub pick: Option<Print>,
    /// Picking several links (`pick --multi`): Tab marks, Enter prints each marked link.
    pub multi: bool,
    /// A message for the status line at start: the config file that could not be used.
    pub notice: Option<String>,
    /// The learner's progress as read from its file, the file, and what went wrong reading
    /// it (read by the shell before the app starts; `None`: kept for the run only).
    pub progress: Option<(
        std::path::PathBuf,
        crate::progress::Progress,
        Option<String>,
    )>,
    /// A teacher's exercises to practise instead of the built-in ones (`learn --set`).
    pub exercises: Option<Vec<(String, urlscope_core::modern::exercises::Exercise)>>,
    /// Open on the practice view (`urlscope learn`).
    pub practice: bool,
    /// Open on this lesson's walk (`urlscope learn --lesson NAME`; its index).
    pub lesson: Option<usize>,
}

/// What Enter in the link list prints (`--print`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Print {
    /// The link as found (transfer encodings undone).
    #[default]
    Found,
    /// The unwrap lens's final target.
    Target,
    /// The link as the WHATWG URL parser serializes it.
    Canonical,
}

/// The panes, in Tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Focus {
    Input,
    Base,
    Components,
    Characters,
    Steps,
}

impl Focus {
    pub const ORDER: [Focus; 5] = [
        Focus::Input,
        Focus::Base,
        Focus::Components,
        Focus::Characters,
        Focus::Steps,
    ];

    /// Whether the pane is a text input (keys type into it).
    pub fn is_input(self) -> bool {
        matches!(self, Focus::Input | Focus::Base)
    }

    pub fn next(self) -> Focus {
        let i = Focus::ORDER.iter().position(|&f| f == self).unwrap_or(0);
        Focus::ORDER[(i + 1) % Focus::ORDER.len()]
    }

    pub fn prev(self) -> Focus {
        let i = Focus::ORDER.iter().position(|&f| f == self).unwrap_or(0);
        Focus::ORDER[(i + Focus::ORDER.len() - 1) % Focus::ORDER.len()]
    }
}

/// A full-screen view over the panes, by name (the key list is drawn over any of them): what
/// `Command::Show` opens. The open view's own state is the model's `OverlayState`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    /// `m`: every profile's result at once.
    Compare,
    /// `r`: the resolution of the input against the base.
    Resolve,
    /// `F2`: the sources' own examples; the selected row.
    Examples(usize),
    /// `a`: the Hyvätti host-alias editor.
    Aliases,
    /// `h`: the host lens (docs/lenses.md).
    Host,
    /// `u`: the unwrap lens (docs/lenses.md); the selected layer.
    Unwrap(usize),
    /// `p`: the parser comparison (docs/lenses.md).
    Parsers,
    /// `w`: every warning and error with its place; the selected row.
    Findings(usize),
    /// Ctrl+T: the compare-with mode (the second line holds the URL to compare with).
    Same,
    /// `F3`: the practice view; the exercise shown.
    Practice(usize),
    /// A lesson's guided walk (from F3's lessons list or `urlscope learn --lesson`); which
    /// lesson.
    Lesson(usize),
    /// Enter on a components-pane row: its value in an editor.
    Editor,
    /// `C` / Alt+C: the forms the URL can be copied as; the selected row.
    CopyAs(usize),
    /// Alt+L / `L`, `urlscope pick`: the links of the piped text or a paste (the selection
    /// and filter live with the list, `App::links`, and outlive the overlay).
    Links,
    /// `7` / Alt+7: every profile, grouped, to choose one from; the selected row.
    Profiles(usize),
}

/// The theme the inspector draws with. Whether it has colours is the loaded theme's own
/// property (`Theme::is_colourless`), never read from its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThemeChoice {
    /// NO_COLOR or `--color never`: the mono theme, and no other.
    NoColour,
    /// A theme chosen by name or path (`--theme`, the theme key).
    Named(String),
}

impl ThemeChoice {
    /// The name the theme list knows it by (what the theme key cycles from).
    pub fn name(&self) -> &str {
        match self {
            ThemeChoice::NoColour => "mono",
            ThemeChoice::Named(n) => n,
        }
    }
}

/// Everything that reaches [`crate::tui::model::app::App::update`]: a command of the binding table, or what
/// is not one — text typed or pasted, the mouse, the terminal's size, and what the shell sends
/// back after carrying out an effect.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A key's command (the keymap), or the same sent by a test.
    Command(Command),
    /// A printable key in an input or the alias editor: insert its character.
    Type(char),
    /// Bracketed paste: inserted verbatim into the focused input (or the URL input).
    Paste(Vec<u8>),
    Resize(u16, u16),
    /// A click selected this (the mouse).
    Select(Target),
    /// The wheel over a pane: scroll it by this many rows.
    Wheel(Focus, isize),
    /// A finished analysis.
    Analysed(Arc<Analysis>),
    /// The shell read the clipboard: its text (pasted into the URL input) or why not.
    ClipboardText(Result<Vec<u8>, String>),
    /// The shell loaded the theme of this name.
    ThemeChanged(String),
    /// The shell's report of an effect, for the status line.
    Status(Status),
    /// What the frame just drawn measured (how far its lists may scroll).
    Drawn(Drawn),
    /// The reader of a streamed input (`pick` on an mbox) read further.
    Reading(Reading),
}

/// What the reader of a streamed input reports: the links of the messages read since its last
/// report, how many messages it has read in all, and whether the input is all read.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    pub links: Vec<urlscope_core::Link>,
    pub messages: usize,
    pub done: bool,
}

/// What a frame measured that the keys need: how far the key list and the open view may
/// scroll. Only drawing knows (their lines are built and wrapped by the view), so the view
/// returns it and the shell sends it back; `None`: not drawn yet, or not on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawn {
    /// The key list's last first line (its end at the bottom of its box).
    pub help_max: Option<usize>,
    /// The open view's last first line, for views whose length only drawing knows (host).
    pub view_max: Option<usize>,
    /// The character detail's last first row (its why text scrolls with Shift+↑↓).
    pub why_max: Option<usize>,
    /// The components pane's row at each line of its inside, from the top (a long value wraps
    /// over several lines); empty when the pane is not drawn.
    pub comp_rows: Vec<usize>,
    /// The components pane's first row as drawn: past `App::comp_top` when the selected row
    /// wraps over more lines than were left below it.
    pub comp_top: Option<usize>,
}

/// What a click lands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The URL or base line (the mouse), or any pane as it stands: the focus moves there and
    /// its cursors and selections stay as they are.
    Field(Focus),
    Profile(usize),
    /// A row of the components pane (its octets put the character cursor on their start).
    Component(usize),
    /// A unit of the character strip.
    Unit(usize),
    Step(usize),
}

impl From<Command> for Msg {
    fn from(c: Command) -> Msg {
        Msg::Command(c)
    }
}

/// Work the app asks the shell to do (the app itself does no I/O).
#[derive(Clone, Debug)]
pub enum Effect {
    Quit,
    /// Analyse the input (synchronously or on a worker) and send back `Msg::Analysed`.
    Analyse(Request),
    /// Put `octets` on the clipboard; `what` names them in the status message.
    Copy {
        what: String,
        octets: Vec<u8>,
    },
    /// Load the theme after `current` in the list of themes and draw with it (reading the
    /// list, which includes the user's theme folder, is the shell's I/O).
    NextTheme {
        current: String,
    },
    /// Read the clipboard and send back `Msg::ClipboardText`.
    ReadClipboard,
    /// Start the browser on this http(s) URL, detached, without a shell.
    OpenBrowser(String),
    /// Write the learner's progress to its file (a failure is a status message).
    SaveProgress {
        file: std::path::PathBuf,
        progress: crate::progress::Progress,
    },
}
