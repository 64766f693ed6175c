//! What the user (or the shell) asks the app to do, and what the app asks the shell to do.

use std::sync::Arc;

use super::analysis::{Analysis, Request};
use super::edit::EditOp;
use crate::url::Profile;

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

/// A full-screen view over the panes (the key list is drawn over any of them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    /// `m`: all seven profiles' results at once.
    Compare,
    /// `r`: the resolution of the input against the base (SPEC §7.6).
    Resolve,
    /// `F2`: the seeds' own examples; the selected row.
    Examples(usize),
    /// `a`: the Hyvätti host-alias editor.
    Aliases,
    /// `h`: the host lens (SPEC-MODERN §10.2).
    Host,
    /// `u`: the unwrap lens (SPEC-MODERN §10.3); the selected layer.
    Unwrap(usize),
    /// `p`: the parser comparison (SPEC-MODERN §10.1).
    Parsers,
    /// `w`: every warning and error with its place; the selected row.
    Findings(usize),
}

/// A request to the app. Produced by the keymap, the shell (paste, resize, analysis results)
/// and tests.
#[derive(Clone, Debug)]
pub enum Action {
    Quit,
    FocusNext,
    FocusPrev,
    /// Esc: leave the input for the pane after it.
    LeaveInput,
    Profile(Profile),
    /// An editing command on the focused input.
    Edit(EditOp),
    /// Bracketed paste: inserted verbatim into the focused input (or the URL input).
    Paste(Vec<u8>),
    /// Navigation inside the focused pane.
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Home,
    End,
    Resize(u16, u16),
    /// A finished analysis from the shell.
    Analysed(Arc<Analysis>),
    /// Copy the active profile's result (its output octets).
    CopyResult,
    /// Copy the unit under the cursor (characters pane) or the component it lies in.
    CopyPart,
    /// The shell's report of an effect, for the status line.
    Status(String),
    /// Open or close the key list.
    ToggleHelp,
    /// Switch to the next theme of `crate::theme::Theme::names()`.
    CycleTheme,
    /// A click selected this (the mouse).
    Select(super::hit::Target),
    /// The wheel over a pane: scroll it by this many rows.
    Wheel(Focus, isize),
    /// Esc / q over an overlay: close the key list, else the overlay.
    Close,
    /// Open (or close) an overlay.
    Show(Overlay),
    /// Enter in the examples list: load the selected example.
    Choose,
    /// `c`: profile default → C-1738 → C-2396 → C-Fido (display only).
    CycleClassification,
    /// `l`: decoded preview off → Latin-1 → UTF-8 (display only).
    CyclePreview,
    /// `e`: the PDF encoding state (P8), EncodedOnce → Unencoded → EncodedTwice.
    CyclePdfState,
    /// The shell loaded the theme of this name.
    ThemeChanged(String),
    /// Backspace in the unwrap view, Alt+←: back to the input before the last loaded layer.
    Back,
    /// Copy the URL without its tracking parameters (SPEC-MODERN §10.4).
    CopyWithoutTracking,
    /// Ctrl+V, `v`: read the clipboard into the URL input.
    PasteClipboard,
    /// The shell read the clipboard: its text (pasted into the URL input) or why not.
    ClipboardText(Result<Vec<u8>, String>),
    /// Undo / redo the last change of the URL and base lines.
    Undo,
    Redo,
    /// Alt+↑ / Alt+↓: the previous / next inspected input.
    HistoryBack,
    HistoryForward,
    /// Remove the URL line's edge whitespace (an edit that can be undone).
    TrimEdges,
}

/// Work the app asks the shell to do (the app itself does no I/O).
#[derive(Clone, Debug)]
pub enum Effect {
    Quit,
    /// Analyse the input (synchronously or on a worker) and send back `Action::Analysed`.
    Analyse(Request),
    /// Put `octets` on the clipboard; `what` names them in the status message.
    Copy {
        what: String,
        octets: Vec<u8>,
    },
    /// Load the theme of this name and draw with it.
    LoadTheme(String),
    /// Read the clipboard and send back `Action::ClipboardText`.
    ReadClipboard,
}
