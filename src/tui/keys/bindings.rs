//! The one table of key bindings, its rows ([`Binding`]) and where they apply ([`Scope`]): the
//! keymap, the help overlay, the key bar, `urlscope keys` and the key table in docs/guide.md all
//! read it, through [`active`]: the table with the config file's `[keys]` applied
//! ([`super::custom`]), installed once at start. `Cmd` is
//! [`Command`](crate::tui::msg::command::Command), short for the table.

use std::sync::OnceLock;

use crossterm::event::{KeyCode, KeyModifiers};

use crate::tui::msg::Overlay;
use crate::tui::msg::command::Command as Cmd;
use urlscope_core::Profile;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everywhere.
    Global,
    /// While the URL or base input has focus.
    Input,
    /// While a pane that is not an input has focus.
    Pane,
    /// While the key list is open (it takes every other key).
    Help,
    /// In the host-alias editor (other keys edit its text as in the inputs).
    Aliases,
    /// In the practice view and the compare-with mode (other keys edit the line being typed
    /// as in the inputs).
    Typing,
    /// In the value editor (Enter on a components-pane row; other keys edit as in the inputs).
    Editor,
    /// In the link list (other printable keys filter it).
    Links,
    /// In a lesson's walk (the panes show the step; nothing is typed).
    Lesson,
}

impl Scope {
    /// In the order the help and docs/guide.md list them.
    pub const ALL: [Scope; 9] = [
        Scope::Global,
        Scope::Input,
        Scope::Pane,
        Scope::Help,
        Scope::Aliases,
        Scope::Typing,
        Scope::Editor,
        Scope::Links,
        Scope::Lesson,
    ];

    /// Where the help screen says the binding applies.
    pub fn describe(self) -> &'static str {
        match self {
            Scope::Global => "everywhere (also over the key list and the views)",
            Scope::Input => "in the URL and base inputs",
            Scope::Pane => "in the other panes (no input has focus)",
            Scope::Help => {
                "in this key list and the views (compare, resolve, examples, parsers, host, unwrap, warnings, copy as)"
            }
            Scope::Aliases => "in the host-alias editor (the input keys edit it)",
            Scope::Typing => {
                "in the practice view and the compare-with mode (the input keys edit the line)"
            }
            Scope::Editor => "in the value editor (the input keys edit it)",
            Scope::Links => "in the link list (other keys type into its filter)",
            Scope::Lesson => "in a lesson (F3's lessons list, urlscope learn --lesson)",
        }
    }

    /// The place in a few words (the help's list of keys that differ by place).
    pub fn short(self) -> &'static str {
        match self {
            Scope::Global => "everywhere",
            Scope::Input => "inputs",
            Scope::Pane => "panes",
            Scope::Help => "key list and views",
            Scope::Aliases => "alias editor",
            Scope::Typing => "practice, compare-with",
            Scope::Editor => "value editor",
            Scope::Links => "link list",
            Scope::Lesson => "lesson",
        }
    }

    /// Whether a key typed here inserts its character when no binding of the scope takes it.
    pub fn types_text(self) -> bool {
        matches!(
            self,
            Scope::Input | Scope::Aliases | Scope::Typing | Scope::Editor | Scope::Links
        )
    }
}

static ACTIVE: OnceLock<Vec<Binding>> = OnceLock::new();

/// The bindings in effect: [`BINDINGS`] with the config file's `[keys]` applied, or
/// [`BINDINGS`] itself when none were installed.
pub fn active() -> &'static [Binding] {
    ACTIVE.get().map_or(BINDINGS, Vec::as_slice)
}

/// Make `table` the bindings in effect for the rest of the process (the command line does it
/// once, at start, with [`super::custom::merge`]'s table; a second call is ignored).
pub fn install(table: Vec<Binding>) {
    let _ = ACTIVE.set(table);
}

/// One binding: scope, key, modifiers, the label and help text people read, the command.
#[derive(Debug)]
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
const S: KeyModifiers = KeyModifiers::SHIFT;
const CS: KeyModifiers = KeyModifiers::CONTROL.union(KeyModifiers::SHIFT);
use KeyCode as K;
use Scope::{
    Aliases as AL, Editor as ED, Global as G, Help as H, Input as I, Lesson as LS, Links as LK,
    Pane as P, Typing as T,
};

const COPY_RESULT: &str = "copy the result shown: the open view's, else the active profile's";
const COPY_PART: &str =
    "copy the selected row (components), the unit (characters) or its component";
const PASTE: &str = "paste the clipboard's text into the URL input";

/// Every key the app knows, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    b(G, K::Char('c'), C, "Ctrl+C", "quit", Cmd::Quit),
    b(
        P,
        K::Char('q'),
        N,
        "q",
        "quit (press it twice; Ctrl+C quits at once)",
        Cmd::QuitAsk,
    ),
    b(
        G,
        K::F(1),
        N,
        "F1",
        "open or close this key list",
        Cmd::Help,
    ),
    b(P, K::Char('?'), N, "?", "open this key list", Cmd::Help),
    b(G, K::Char('y'), C, "Ctrl+Y", COPY_RESULT, Cmd::CopyResult),
    b(P, K::Char('y'), N, "y", COPY_RESULT, Cmd::CopyResult),
    b(G, K::Char('y'), A, "Alt+Y", COPY_PART, Cmd::CopyPart),
    b(P, K::Char('Y'), N, "Y", COPY_PART, Cmd::CopyPart),
    b(G, K::Char('v'), C, "Ctrl+V", PASTE, Cmd::PasteClipboard),
    b(P, K::Char('v'), N, "v", PASTE, Cmd::PasteClipboard),
    b(P, K::Char('t'), N, "t", "next theme", Cmd::CycleTheme),
    b(
        G,
        K::F(2),
        N,
        "F2",
        "examples from the historical sources (Enter loads one; F3 practises encoding)",
        Cmd::Show(Overlay::Examples(0)),
    ),
    b(
        P,
        K::Char('m'),
        N,
        "m",
        "compare every profile's results",
        Cmd::Show(Overlay::Compare),
    ),
    b(
        P,
        K::Char('r'),
        N,
        "r",
        "resolve view: the URL against the base (RFC 1808, RFC 3986, WHATWG)",
        Cmd::Show(Overlay::Resolve),
    ),
    b(
        P,
        K::Char('h'),
        N,
        "h",
        "host lens: kind, IPv4 parts, address class, labels, registrable domain",
        Cmd::Show(Overlay::Host),
    ),
    b(
        P,
        K::Char('p'),
        N,
        "p",
        "parser comparison: urlscope, RFC 3986, WHATWG and http side by side",
        Cmd::Show(Overlay::Parsers),
    ),
    b(
        P,
        K::Char('c'),
        N,
        "c",
        "classification: profile's → C-1738 → C-2396 → C-Fido → C-3986 → C-WHATWG",
        Cmd::CycleClassification,
    ),
    b(
        P,
        K::Char('l'),
        N,
        "l",
        "decoded preview per component: off → UTF-8 → ISO-8859-1 → … 11 charsets → guess",
        Cmd::CyclePreview,
    ),
    b(
        P,
        K::Char('e'),
        N,
        "e",
        "PDF encoding state: EncodedOnce → Unencoded → EncodedTwice",
        Cmd::CyclePdfState,
    ),
    b(
        G,
        K::Char('w'),
        A,
        "Alt+W",
        "list every warning and error with its place (Enter jumps there)",
        Cmd::Show(Overlay::Findings(0)),
    ),
    b(
        P,
        K::Char('w'),
        N,
        "w",
        "list every warning and error with its place (Enter jumps there)",
        Cmd::Show(Overlay::Findings(0)),
    ),
    b(
        G,
        K::Char('t'),
        A,
        "Alt+T",
        "trim the URL's leading and trailing whitespace (Ctrl+Z undoes)",
        Cmd::TrimEdges,
    ),
    // Ctrl+Shift+Z before Ctrl+Z: the one that names Shift must match first.
    b(
        G,
        K::Char('z'),
        CS,
        "Ctrl+Shift+Z",
        "redo (tmux and most terminals send it as Ctrl+Z: use Ctrl+R there)",
        Cmd::Redo,
    ),
    b(
        G,
        K::Char('z'),
        C,
        "Ctrl+Z",
        "undo the last change of the URL or base line",
        Cmd::Undo,
    ),
    b(G, K::Char('r'), C, "Ctrl+R", "redo", Cmd::Redo),
    b(
        G,
        K::Up,
        A,
        "Alt+↑",
        "the previous input inspected in this run",
        Cmd::HistoryBack,
    ),
    b(
        G,
        K::Down,
        A,
        "Alt+↓",
        "the next input inspected in this run",
        Cmd::HistoryForward,
    ),
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
        Cmd::Profile(Profile::None),
    ),
    b(
        G,
        K::Char('1'),
        A,
        "Alt+1",
        "profile: RFC 1738",
        Cmd::Profile(Profile::Rfc1738),
    ),
    b(
        G,
        K::Char('2'),
        A,
        "Alt+2",
        "profile: Hyvätti",
        Cmd::Profile(Profile::Hyvatti),
    ),
    b(
        G,
        K::Char('3'),
        A,
        "Alt+3",
        "profile: PDF Web Capture",
        Cmd::Profile(Profile::Pdf),
    ),
    b(
        G,
        K::Char('4'),
        A,
        "Alt+4",
        "profile: FidoURL",
        Cmd::Profile(Profile::Fido),
    ),
    b(
        G,
        K::Char('5'),
        A,
        "Alt+5",
        "profile: RFC 3986 (today's canonical URI)",
        Cmd::Profile(Profile::Rfc3986),
    ),
    b(
        G,
        K::Char('6'),
        A,
        "Alt+6",
        "profile: WHATWG (what a browser makes of it)",
        Cmd::Profile(Profile::Whatwg),
    ),
    b(
        G,
        K::Char('7'),
        A,
        "Alt+7",
        "every profile, the crawler canonicalizers among them: choose one",
        Cmd::Show(Overlay::Profiles(0)),
    ),
    b(
        P,
        K::Char('0'),
        N,
        "0",
        "profile: none",
        Cmd::Profile(Profile::None),
    ),
    b(
        P,
        K::Char('1'),
        N,
        "1",
        "profile: RFC 1738",
        Cmd::Profile(Profile::Rfc1738),
    ),
    b(
        P,
        K::Char('2'),
        N,
        "2",
        "profile: Hyvätti",
        Cmd::Profile(Profile::Hyvatti),
    ),
    b(
        P,
        K::Char('3'),
        N,
        "3",
        "profile: PDF Web Capture",
        Cmd::Profile(Profile::Pdf),
    ),
    b(
        P,
        K::Char('4'),
        N,
        "4",
        "profile: FidoURL",
        Cmd::Profile(Profile::Fido),
    ),
    b(
        P,
        K::Char('5'),
        N,
        "5",
        "profile: RFC 3986",
        Cmd::Profile(Profile::Rfc3986),
    ),
    b(
        P,
        K::Char('6'),
        N,
        "6",
        "profile: WHATWG",
        Cmd::Profile(Profile::Whatwg),
    ),
    b(
        P,
        K::Char('7'),
        N,
        "7",
        "every profile (crawler canonicalizers too): choose one",
        Cmd::Show(Overlay::Profiles(0)),
    ),
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
    // The compare helper. Shift+↑/↓ before ↑/↓: the rows that name Shift match first.
    b(
        P,
        K::Up,
        S,
        "Shift+↑",
        "scroll the character detail's why text up (the unit cursor stays)",
        Cmd::WhyUp,
    ),
    b(
        P,
        K::Down,
        S,
        "Shift+↓",
        "scroll the character detail's why text down (the unit cursor stays)",
        Cmd::WhyDown,
    ),
    b(P, K::Up, N, "↑", "previous row / step", Cmd::Up),
    b(P, K::Down, N, "↓", "next row / step", Cmd::Down),
    b(P, K::PageUp, N, "PgUp", "page up", Cmd::PageUp),
    b(P, K::PageDown, N, "PgDn", "page down", Cmd::PageDown),
    b(P, K::Left, N, "←", "previous unit (characters)", Cmd::Left),
    b(P, K::Right, N, "→", "next unit (characters)", Cmd::Right),
    b(
        P,
        K::Home,
        N,
        "Home",
        "first unit (characters) / row (components)",
        Cmd::Home,
    ),
    b(
        P,
        K::End,
        N,
        "End",
        "last unit (characters) / row (components)",
        Cmd::End,
    ),
    b(
        H,
        K::Esc,
        N,
        "Esc",
        "close the key list or view",
        Cmd::Close,
    ),
    b(
        H,
        K::Char('q'),
        N,
        "q",
        "close the key list or view",
        Cmd::Close,
    ),
    b(
        H,
        K::Char('?'),
        N,
        "?",
        "open or close the key list",
        Cmd::Help,
    ),
    b(
        H,
        K::Enter,
        N,
        "Enter",
        "load the selected example or unwrap layer; jump to the selected warning",
        Cmd::Choose,
    ),
    b(H, K::Up, N, "↑", "scroll up / previous row", Cmd::Up),
    b(H, K::Down, N, "↓", "scroll down / next row", Cmd::Down),
    b(H, K::PageUp, N, "PgUp", "a page up", Cmd::PageUp),
    b(H, K::PageDown, N, "PgDn", "a page down", Cmd::PageDown),
    b(H, K::Home, N, "Home", "the top / first row", Cmd::Home),
    b(H, K::End, N, "End", "the bottom / last row", Cmd::End),
    b(
        P,
        K::Char('a'),
        N,
        "a",
        "edit the Hyvätti host aliases (H6)",
        Cmd::Show(Overlay::Aliases),
    ),
    b(
        P,
        K::Char('u'),
        N,
        "u",
        "unwrap view: the layers to the link's real target (SafeLinks, Proofpoint, …)",
        Cmd::Show(Overlay::Unwrap(0)),
    ),
    b(
        P,
        K::Char('x'),
        N,
        "x",
        "copy the URL without its tracking parameters (utm_*, fbclid, …)",
        Cmd::CopyWithoutTracking,
    ),
    b(
        G,
        K::Left,
        A,
        "Alt+←",
        "back to the input before the last loaded unwrap layer",
        Cmd::Back,
    ),
    b(
        H,
        K::Backspace,
        N,
        "Backspace",
        "back to the input before the last loaded unwrap layer",
        Cmd::Back,
    ),
    b(
        H,
        K::Left,
        A,
        "Alt+←",
        "back to the input before the last loaded unwrap layer",
        Cmd::Back,
    ),
    b(
        AL,
        K::Esc,
        N,
        "Esc",
        "apply the aliases and close (text with a wrong line is kept as a draft)",
        Cmd::Close,
    ),
    b(AL, K::Enter, N, "Enter", "new line", Cmd::Newline),
    // The compare-with mode and the practice view.
    b(
        G,
        K::Char('t'),
        C,
        "Ctrl+T",
        "second line: base ⇄ compare with (every profile, RFC 3986 §6.2's ladder, WHATWG)",
        Cmd::ToggleCompareWith,
    ),
    b(
        G,
        K::F(3),
        N,
        "F3",
        "practice: exercises for every rule set, urlscope checks each answer",
        Cmd::Show(Overlay::Practice(0)),
    ),
    b(
        T,
        K::F(5),
        N,
        "F5",
        "practice: a hint (again: the next)",
        Cmd::Hint,
    ),
    b(
        T,
        K::F(6),
        N,
        "F6",
        "practice: show the answer and why",
        Cmd::ShowAnswer,
    ),
    b(
        T,
        K::F(8),
        N,
        "F8",
        "practice: forget all progress (asks first: Enter forgets, Esc keeps it)",
        Cmd::ResetProgress,
    ),
    b(
        T,
        K::Tab,
        N,
        "Tab",
        "practice: the exercise ⇄ the lessons list; compare-with: the other line",
        Cmd::FocusNext,
    ),
    b(
        T,
        K::Esc,
        N,
        "Esc",
        "close (compare-with: the second line is the base again; the reset question: keep)",
        Cmd::Close,
    ),
    b(
        T,
        K::Enter,
        N,
        "Enter",
        "practice: check the answer; the lessons list: start the lesson",
        Cmd::Choose,
    ),
    b(
        T,
        K::Up,
        N,
        "↑",
        "practice: previous exercise (or lesson); compare-with: scroll up",
        Cmd::Up,
    ),
    b(
        T,
        K::Down,
        N,
        "↓",
        "practice: next exercise (or lesson); compare-with: scroll down",
        Cmd::Down,
    ),
    b(T, K::PageUp, N, "PgUp", "a page up", Cmd::PageUp),
    b(T, K::PageDown, N, "PgDn", "a page down", Cmd::PageDown),
    // A lesson's walk.
    b(LS, K::Right, N, "→", "lesson: the next step", Cmd::Right),
    b(
        LS,
        K::Enter,
        N,
        "Enter",
        "lesson: the next step",
        Cmd::Choose,
    ),
    b(LS, K::Left, N, "←", "lesson: the step before", Cmd::Left),
    b(LS, K::Home, N, "Home", "lesson: the first step", Cmd::Home),
    b(LS, K::End, N, "End", "lesson: the last step", Cmd::End),
    b(
        LS,
        K::Esc,
        N,
        "Esc",
        "leave the lesson: the URL, base and profile you had come back",
        Cmd::Close,
    ),
    // No traps: a key that clears the line, keys back to the URL line, and the
    // views' keys inside the views (`h` in the unwrap view opens the host view).
    b(
        G,
        K::Char('l'),
        C,
        "Ctrl+L",
        "clear the URL line (the base line when it has focus; Ctrl+Z undoes)",
        Cmd::ClearLine,
    ),
    b(
        P,
        K::Char('/'),
        N,
        "/",
        "back to the URL line",
        Cmd::ToUrlLine,
    ),
    b(
        P,
        K::Char('i'),
        N,
        "i",
        "back to the URL line",
        Cmd::ToUrlLine,
    ),
    b(
        H,
        K::Char('m'),
        N,
        "m",
        "open the compare view",
        Cmd::Show(Overlay::Compare),
    ),
    b(
        H,
        K::Char('r'),
        N,
        "r",
        "open the resolve view",
        Cmd::Show(Overlay::Resolve),
    ),
    b(
        H,
        K::Char('h'),
        N,
        "h",
        "open the host view",
        Cmd::Show(Overlay::Host),
    ),
    b(
        H,
        K::Char('p'),
        N,
        "p",
        "open the parser comparison",
        Cmd::Show(Overlay::Parsers),
    ),
    b(
        H,
        K::Char('u'),
        N,
        "u",
        "open the unwrap view",
        Cmd::Show(Overlay::Unwrap(0)),
    ),
    b(
        H,
        K::Char('w'),
        N,
        "w",
        "open the warnings list",
        Cmd::Show(Overlay::Findings(0)),
    ),
    // Editing the URL from the components pane, and copying it as another form.
    b(
        P,
        K::Enter,
        N,
        "Enter",
        "edit the selected row (components): its decoded value, written back encoded",
        Cmd::EditRow,
    ),
    b(
        P,
        K::Char('n'),
        N,
        "n",
        "add a query pair / path segment after the selected one (components)",
        Cmd::AddItem,
    ),
    b(
        P,
        K::Char('d'),
        N,
        "d",
        "delete the selected query pair / path segment (components)",
        Cmd::DeleteItem,
    ),
    b(
        P,
        K::Char('<'),
        N,
        "<",
        "move the selected query pair up (components)",
        Cmd::MoveItemUp,
    ),
    b(
        P,
        K::Char('>'),
        N,
        ">",
        "move the selected query pair down (components)",
        Cmd::MoveItemDown,
    ),
    b(
        P,
        K::Char('s'),
        N,
        "s",
        "sort the query's pairs by name",
        Cmd::SortQuery,
    ),
    b(
        G,
        K::Char('c'),
        A,
        "Alt+C",
        "copy as: Markdown, curl, JSON, ASCII, readable, … (a menu with previews)",
        Cmd::Show(Overlay::CopyAs(0)),
    ),
    b(
        P,
        K::Char('C'),
        N,
        "C",
        "copy as: Markdown, curl, JSON, ASCII, readable, … (a menu with previews)",
        Cmd::Show(Overlay::CopyAs(0)),
    ),
    b(
        ED,
        K::Enter,
        N,
        "Enter",
        "write the value back, encoded for its component",
        Cmd::Choose,
    ),
    b(ED, K::Esc, N, "Esc", "cancel the edit", Cmd::Close),
    b(
        ED,
        K::Up,
        N,
        "↑",
        "a query pair's name (from its value)",
        Cmd::Up,
    ),
    b(
        ED,
        K::Down,
        N,
        "↓",
        "a query pair's value (from its name)",
        Cmd::Down,
    ),
    // The link list, and answers out through stdout and the browser.
    b(
        G,
        K::Char('o'),
        C,
        "Ctrl+O",
        "print the result shown (what Ctrl+Y copies) to stdout and quit",
        Cmd::PrintResult,
    ),
    b(
        G,
        K::Char('b'),
        C,
        "Ctrl+B",
        "open the link's target in the browser (press twice: the host is shown first)",
        Cmd::OpenInBrowser,
    ),
    b(
        G,
        K::Char('l'),
        A,
        "Alt+L",
        "list the links of the piped text or the last paste",
        Cmd::Show(Overlay::Links),
    ),
    b(
        P,
        K::Char('L'),
        N,
        "L",
        "list the links of the piped text or the last paste",
        Cmd::Show(Overlay::Links),
    ),
    b(
        P,
        K::Esc,
        N,
        "Esc",
        "back to the link list (a link opened from it)",
        Cmd::ReturnToLinks,
    ),
    b(
        P,
        K::Backspace,
        N,
        "Backspace",
        "back to the link list (a link opened from it)",
        Cmd::ReturnToLinks,
    ),
    b(
        LK,
        K::Enter,
        N,
        "Enter",
        "print the selected link and quit (urlscope pick); else put it in the URL line",
        Cmd::Choose,
    ),
    b(
        LK,
        K::Esc,
        N,
        "Esc",
        "cancel: quit with status 130 (urlscope pick); else close the list",
        Cmd::Close,
    ),
    b(
        LK,
        K::Tab,
        N,
        "Tab",
        "pick --multi: mark the link and go to the next; else inspect it",
        Cmd::MarkLink,
    ),
    b(
        LK,
        K::Right,
        N,
        "→",
        "inspect the selected link (Esc comes back)",
        Cmd::InspectLink,
    ),
    b(LK, K::Up, N, "↑", "previous link", Cmd::Up),
    b(LK, K::Down, N, "↓", "next link", Cmd::Down),
    b(LK, K::PageUp, N, "PgUp", "a page up", Cmd::PageUp),
    b(LK, K::PageDown, N, "PgDn", "a page down", Cmd::PageDown),
    b(LK, K::Home, N, "Home", "the first link", Cmd::Home),
    b(LK, K::End, N, "End", "the last link", Cmd::End),
    b(
        LK,
        K::Backspace,
        N,
        "Backspace",
        "delete the filter's last character",
        Cmd::Backspace,
    ),
    b(
        LK,
        K::Char('u'),
        C,
        "Ctrl+U",
        "clear the filter",
        Cmd::DeleteToStart,
    ),
];
