//! What a key can ask for, whatever the context: the [`Command`] of a row of the binding table
//! ([`crate::tui::keys::bindings::BINDINGS`]). The app decides what a command does where it
//! arrives (← moves the edit cursor in an input, the character cursor in the characters pane).

use crate::tui::msg::Overlay;
use urlscope_core::Profile;

/// A command a key can name, free of context (`Copy`, so the table is `const`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Quit,
    FocusNext,
    FocusPrev,
    /// Esc: leave the input for the pane after it.
    LeaveInput,
    Profile(Profile),
    Backspace,
    Delete,
    /// ← →: the edit cursor in an input (or the alias editor), the character cursor elsewhere.
    Left,
    Right,
    WordLeft,
    WordRight,
    /// Home / End: the line's start or end in an input; the first or last unit, row or line
    /// elsewhere.
    Home,
    End,
    DeleteWordBack,
    DeleteToStart,
    /// Insert a line break.
    Newline,
    Up,
    Down,
    PageUp,
    PageDown,
    /// Copy the result on screen (the open view's, else the active profile's).
    CopyResult,
    /// Copy the selected row, the unit under the cursor or the component it lies in.
    CopyPart,
    /// Open or close the key list.
    Help,
    /// Switch to the next theme of `crate::theme::Theme::names()`.
    CycleTheme,
    /// `c`: profile default → C-1738 → C-2396 → C-Fido → C-3986 → C-WHATWG (display only).
    CycleClassification,
    /// `l`: decoded preview off → each charset of `modern::charset` → the guess (display only).
    CyclePreview,
    /// `e`: the PDF encoding state (P8), EncodedOnce → Unencoded → EncodedTwice.
    CyclePdfState,
    /// Esc / q over an overlay: close the key list, else the overlay.
    Close,
    /// Open (or close) a view.
    Show(Overlay),
    /// Enter in a list: load the example or layer, jump to the warning.
    Choose,
    /// Back to the input before the last loaded unwrap layer.
    Back,
    /// Copy the URL without its tracking parameters (docs/lenses.md, "The query table").
    CopyWithoutTracking,
    /// Read the clipboard into the URL input.
    PasteClipboard,
    /// Undo / redo the last change of the URL and base lines.
    Undo,
    Redo,
    /// The previous / next inspected input.
    HistoryBack,
    HistoryForward,
    /// Remove the URL line's edge whitespace (an edit that can be undone).
    TrimEdges,
    // The compare helper.
    /// Shift+↑ / Shift+↓: scroll the character detail's why text (the unit cursor stays).
    WhyUp,
    WhyDown,
    /// Ctrl+T: the second line switches between the base and the URL to compare with.
    ToggleCompareWith,
    // No traps in the first minutes.
    /// Ctrl+L: clear the URL line (or the base line when it has focus); Ctrl+Z undoes.
    ClearLine,
    /// `/` or `i` in a pane: back to the URL line.
    ToUrlLine,
    /// `q` in a pane: the first asks, a second one in a row quits (Ctrl+C quits at once).
    QuitAsk,
    /// Enter on a components-pane row: open the editor on its value.
    EditRow,
    /// `n`: a new query pair or path segment after the selected one (the editor opens).
    AddItem,
    /// `d`: delete the selected query pair or path segment.
    DeleteItem,
    /// `<` / `>`: move the selected query pair up or down.
    MoveItemUp,
    MoveItemDown,
    /// `s`: sort the query's pairs by name.
    SortQuery,
    // The link list and answers out.
    /// Ctrl+O: write the result shown (what Ctrl+Y copies) to stdout and quit.
    PrintResult,
    /// Ctrl+B: open the selected link's (or the URL's) target in the browser, after a confirm.
    OpenInBrowser,
    /// → in the link list: inspect the selected link.
    InspectLink,
    /// Tab in the link list: mark the selected link (`pick --multi`), else inspect it.
    MarkLink,
    /// Esc / Backspace in a pane: back to the link list the link came from.
    ReturnToLinks,
    /// F5 in the practice view: the exercise's next hint.
    Hint,
    /// F6 in the practice view: the answer and why.
    ShowAnswer,
    /// F8 in the practice view: forget all progress (after a confirm).
    ResetProgress,
}

impl Command {
    /// Whether the command edits text where text is edited (an input, the alias editor):
    /// the commands the alias editor takes from the inputs' bindings.
    pub fn edits_text(self) -> bool {
        matches!(
            self,
            Command::Backspace
                | Command::Delete
                | Command::Left
                | Command::Right
                | Command::WordLeft
                | Command::WordRight
                | Command::Home
                | Command::End
                | Command::DeleteWordBack
                | Command::DeleteToStart
                | Command::Newline
        )
    }

    /// Whether the command changes the text it edits (not only the cursor).
    pub fn changes_text(self) -> bool {
        matches!(
            self,
            Command::Backspace
                | Command::Delete
                | Command::DeleteWordBack
                | Command::DeleteToStart
                | Command::Newline
        )
    }
}
