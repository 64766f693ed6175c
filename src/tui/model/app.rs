//! The inspector's state and its one entry point, [`App::update`]: no terminal, no I/O.

use std::sync::Arc;

use ratatui::layout::Rect;

use crate::tui::analysis::{Analysis, Request, analyse};
use crate::tui::model::edit::{EditOp, LineEdit};
use crate::tui::model::history::Inputs;
use crate::tui::model::layout::Areas;
use crate::tui::model::linklist::{FilterEdit, LinkList};
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::overlay::TextTarget;
use crate::tui::model::preview::Preview;
use crate::tui::model::progress::Progress;
use crate::tui::model::undo::Undo;
use crate::tui::msg::command::Command;
use crate::tui::msg::{
    Drawn, Effect, Focus, LaunchOptions, Msg, Overlay, Print, Status, ThemeChoice,
};
use crate::url::{Classification, Options, PdfState, Profile};

/// The example shown when no URL is given: one URL that shows most of what the panes do.
pub const EXAMPLE: &[u8] = b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1#frag";

pub struct App {
    pub input: LineEdit,
    pub base: LineEdit,
    pub profile: Profile,
    pub pdf_state: PdfState,
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// `None`: the active profile's classification (issue 5 adds the `c` toggle).
    pub classification: Option<Classification>,
    /// The decoded preview line (`l`), display only.
    pub preview: Preview,
    pub focus: Focus,
    pub size: (u16, u16),
    /// The newest analysis received; it may lag behind the input while a worker runs.
    pub analysis: Arc<Analysis>,
    /// Generation of the newest request (the input/options the screen should show).
    pub generation: u64,
    /// Byte offset of the character cursor in `analysis.input`.
    pub char_cursor: usize,
    /// First visible row of the character strip.
    pub strip_top: usize,
    /// First visible row of the components list.
    pub comp_top: usize,
    /// The selected row of the components list (Y / Alt+Y copy it while the pane has focus).
    pub comp_sel: usize,
    /// The pane shows the selected row whole, scrolling to it when it wraps over more lines
    /// than are left (set when the selection moves, cleared by the wheel, which scrolls freely).
    pub comp_sel_whole: bool,
    /// Selected step (shown highlighted when the step log has focus).
    pub step_sel: usize,
    /// The last message for the status line (a copy's outcome, a theme change), until the
    /// next edit.
    pub status: Option<Status>,
    /// The key list overlay is open (its first visible row).
    pub help: Option<usize>,
    /// The open view and its own state.
    pub overlay: OverlayState,
    /// What the last frame measured (how far the key list and the host view may scroll).
    pub drawn: Drawn,
    /// The theme in use (what the theme key cycles from; NO_COLOR keeps it mono).
    pub theme: ThemeChoice,
    /// The inputs inspected during the run (Alt+↑/↓; the unwrap view's Backspace / Alt+←).
    pub inputs: Inputs,
    /// Undo and redo of the URL and base lines.
    pub undo: Undo,
    /// The character detail's scroll: the unit (its start) it belongs to and the first row
    /// shown; another unit starts at the top.
    pub why: (usize, usize),
    /// The URL to compare with (the second line in compare-with mode, Ctrl+T).
    pub other: LineEdit,
    /// The exercises solved in this run (F3).
    pub progress: Progress,
    /// The built-in example is shown and untouched: the first typing or paste replaces it.
    pub pristine: bool,
    pub quit: bool,
    // Issue 20 ("no traps"):
    /// A `q` in a pane asked; the next `q` quits, any other key disarms it.
    pub quit_armed: bool,
    /// The status line said once that letters are pane keys (`/` or `i` goes back).
    pub letter_hint_shown: bool,
    /// Alias text Esc could not apply: kept, and the editor reopens on it.
    pub alias_draft: Option<Vec<u8>>,
    // Issue 19: the link list and answers out.
    /// The links of the piped text or of the last paste that held several.
    pub links: Option<LinkList>,
    /// Picking: Enter in the list prints the link in this form (`urlscope pick`).
    pub pick: Option<Print>,
    /// What to write to stdout after the terminal is restored (Enter in the list, Ctrl+O).
    pub answer: Option<Vec<u8>>,
    /// The URL Ctrl+B showed and opens when pressed again.
    pub open_pending: Option<String>,
}

impl App {
    /// A new app, analysed synchronously once.
    pub fn new(opts: &LaunchOptions) -> App {
        let links = opts.links.clone().map(LinkList::new);
        let first_link = opts
            .list_first
            .then(|| {
                links
                    .as_ref()
                    .and_then(|l| l.selected().map(|i| l.link(i).url.clone()))
            })
            .flatten();
        let input = first_link
            .or_else(|| opts.input.clone())
            .unwrap_or_else(|| EXAMPLE.to_vec());
        let input_copy = input.clone();
        let mut app = App {
            input: LineEdit::new(input),
            base: LineEdit::new(opts.base.clone()),
            profile: opts.profile.unwrap_or(Profile::Rfc1738),
            pdf_state: opts.pdf_state,
            host_aliases: opts.host_aliases.clone(),
            classification: None,
            preview: Preview::Off,
            focus: Focus::Input,
            size: (80, 24),
            analysis: Arc::new(analyse(&Request::new(
                0,
                Arc::new(Vec::new()),
                Profile::None,
                Options::default(),
                Classification::C1738,
            ))),
            generation: 0,
            char_cursor: 0,
            strip_top: 0,
            comp_top: 0,
            comp_sel: 0,
            comp_sel_whole: true,
            step_sel: 0,
            status: None,
            help: None,
            overlay: OverlayState::None,
            drawn: Drawn::default(),
            theme: if opts.no_color {
                ThemeChoice::NoColour
            } else {
                ThemeChoice::named(opts.theme.clone().unwrap_or_else(|| "default".to_string()))
            },
            quit: false,
            quit_armed: false,
            letter_hint_shown: false,
            alias_draft: None,
            inputs: Inputs::new(input_copy),
            undo: Undo::default(),
            why: (0, 0),
            other: LineEdit::new(Vec::new()),
            progress: Progress::default(),
            pristine: opts.input.is_none() && opts.links.is_none(),
            links,
            pick: opts.pick,
            answer: None,
            open_pending: None,
        };
        if opts.list_first && app.links.as_ref().is_some_and(|l| !l.is_empty()) {
            app.overlay = OverlayState::Links;
        }
        if app.pristine {
            app.status = Some(Status::hint(crate::tui::model::lines::EXAMPLE_HINT));
        }
        let req = app.request();
        app.install(Arc::new(analyse(&req)));
        app
    }

    /// Whether the key list or a view covers the panes (keys go to it).
    pub fn overlay_open(&self) -> bool {
        self.help.is_some() || self.overlay.is_open()
    }

    /// The status line's message, its text.
    pub fn status_text(&self) -> Option<&str> {
        self.status.as_ref().map(|s| s.text.as_str())
    }

    /// The open view, by name.
    pub fn overlay(&self) -> Overlay {
        self.overlay.name()
    }

    pub fn areas(&self) -> Areas {
        Areas::with_focus(Rect::new(0, 0, self.size.0, self.size.1), self.focus)
    }

    /// The result pane's lines, step log and explanation inside `inner` (the pane's inside).
    pub fn result_parts(&self, inner: Rect) -> [Rect; 3] {
        let mut line_rows = if self.preview == Preview::Off { 2 } else { 3 };
        if self.focus != Focus::Steps {
            // The whole before/after wrap into the rows the step log leaves free (it keeps
            // two rows, or all its steps when fewer).
            let steps = self.analysis.outcome.steps.len().clamp(1, 2) as u16;
            let free = inner.height.saturating_sub(steps + line_rows - 2) as usize;
            let width = self.result_width(inner);
            let need = (
                crate::tui::model::layout::wrapped_rows(&self.analysis.input, width, free),
                crate::tui::model::layout::wrapped_rows(&self.analysis.outcome.output, width, free),
            );
            let (b, a) = crate::tui::model::layout::side_rows(need, free.max(2));
            line_rows += (b + a).saturating_sub(2) as u16;
        }
        let reason = (self.focus == Focus::Steps)
            .then(|| self.analysis.outcome.steps.get(self.step_sel))
            .flatten()
            .map(|s| {
                crate::tui::model::texts::step(s.step, self.analysis.profile)
                    .chars()
                    .count()
            });
        crate::tui::model::layout::result_parts(inner, line_rows, reason)
    }

    /// Columns of the before/after text inside the result pane's `inner` (after the label).
    pub fn result_width(&self, inner: Rect) -> usize {
        inner
            .width
            .saturating_sub(crate::tui::model::layout::LABEL + 2) as usize
    }

    /// The classification the panes use.
    pub fn classification(&self) -> Classification {
        self.classification.unwrap_or(self.profile.classification())
    }

    pub fn options(&self) -> Options {
        Options {
            base: if self.base.buf.is_empty() {
                None
            } else {
                Some(self.base.buf.clone())
            },
            pdf_state: self.pdf_state,
            host_aliases: self.host_aliases.clone(),
        }
    }

    /// A request for the current input and options (a new generation).
    pub fn request(&mut self) -> Request {
        self.generation += 1;
        Request {
            generation: self.generation,
            input: Arc::new(self.input.buf.clone()),
            profile: self.profile,
            options: self.options(),
            lens: self.lens(),
            classification: self.classification(),
            other: Arc::new(self.other.buf.clone()),
        }
    }

    /// The character detail's first row for the unit under the cursor, at most `max`.
    pub fn why_top(&self, max: usize) -> usize {
        if self.why.0 == self.char_cursor {
            self.why.1.min(max)
        } else {
            0
        }
    }

    /// Shift+↑/↓: scroll the why text of the unit under the cursor by `delta` rows.
    pub(in crate::tui::model) fn scroll_why(&mut self, delta: isize) {
        let max = self.drawn.why_max.unwrap_or(0);
        let top = self.why_top(max).saturating_add_signed(delta).min(max);
        self.why = (self.char_cursor, top);
    }

    /// Whether the analysis on screen is older than the input.
    pub fn is_stale(&self) -> bool {
        self.analysis.generation < self.generation
    }

    /// A frame's measures: keep them for the next key, and pull back a scroll position that
    /// went past the end before the frame knew where the end is.
    fn measured(&mut self, d: Drawn) {
        if let (Some(top), Some(max)) = (self.help, d.help_max) {
            self.help = Some(top.min(max));
        }
        if let (Some(max), Some(top)) = (d.view_max, self.overlay.top_mut()) {
            *top = (*top).min(max);
        }
        // The pane scrolled on to show the selected row whole (its lines only drawing knows).
        if let Some(top) = d.comp_top {
            self.comp_top = top;
        }
        self.drawn = d;
    }

    fn install(&mut self, a: Arc<Analysis>) {
        if a.generation < self.analysis.generation {
            return;
        }
        // A toggle (profile, PDF state, classification) re-analyses the same input: the
        // character cursor stays on its unit. A new input puts it where the edit cursor is.
        let same_input =
            Arc::ptr_eq(&a.input, &self.analysis.input) || a.input == self.analysis.input;
        self.analysis = a;
        let n = self.analysis.outcome.steps.len();
        self.step_sel = self.step_sel.min(n.saturating_sub(1));
        let len = self.analysis.input.len();
        if same_input && self.char_cursor < len {
            let i = self.analysis.unit_index(self.char_cursor);
            self.char_cursor = self.analysis.unit_range(i).start;
        } else if !same_input {
            self.char_cursor = self.input.cursor.min(len);
        }
        let rows = crate::tui::model::rows::row_count(self);
        self.comp_top = self.comp_top.min(rows.saturating_sub(1));
        // A deleted pair or segment may leave the selection past the last row.
        self.comp_sel = self.comp_sel.min(rows.saturating_sub(1));
        if let OverlayState::Findings { sel } = &mut self.overlay {
            let n = self.analysis.findings.list.len();
            *sel = (*sel).min(n.saturating_sub(1));
        }
        // A new input may unwrap to fewer layers than the one selected.
        if let (OverlayState::Unwrap { sel, .. }, Some(c)) =
            (&mut self.overlay, &self.analysis.unwrap)
        {
            *sel = (*sel).min(c.layers.len().saturating_sub(1));
        }
        self.follow_chars();
    }

    /// Ask the shell to analyse the current input and options again.
    pub(super) fn reanalyse(&mut self) -> Vec<Effect> {
        vec![Effect::Analyse(self.request())]
    }

    /// The one entry point: a command of the binding table or a message of the shell in,
    /// the effects for the shell out.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Vec<Effect> {
        let msg = msg.into();
        // A `q` asked to quit: only the very next key may confirm it.
        let user = matches!(
            msg,
            Msg::Command(_) | Msg::Type(_) | Msg::Paste(_) | Msg::Select(_) | Msg::Wheel(..)
        );
        if user && !matches!(msg, Msg::Command(Command::QuitAsk)) {
            self.quit_armed = false;
        }
        // Ctrl+B opens only when pressed twice in a row; any other key forgets the first.
        let keyed = matches!(msg, Msg::Command(_) | Msg::Type(_) | Msg::Paste(_));
        let open_pending = if keyed {
            self.open_pending.take()
        } else {
            None
        };
        // Text and its edits go to the line of the open view even under the key list (as a
        // paste does in every view); the list's other keys only when the key list is closed.
        let in_list = self.text_target() == TextTarget::LinkFilter;
        let list_keys = in_list && self.help.is_none();
        match msg {
            Msg::Command(crate::tui::msg::command::Command::OpenInBrowser) => {
                return self.open_in_browser(open_pending);
            }
            Msg::Command(c) if list_keys || (in_list && c.changes_text()) => {
                return self.links_command(c);
            }
            Msg::Command(c) => return self.command(c),
            Msg::Type(c) if in_list => self.filter_links(FilterEdit::Push(c.to_string())),
            Msg::Type(c) => {
                let mut buf = [0u8; 4];
                let typed = c.encode_utf8(&mut buf).as_bytes().to_vec();
                return self.edit(EditOp::Insert(typed));
            }
            Msg::Paste(bytes) => return self.paste(bytes),
            Msg::Resize(w, h) => {
                self.size = (w, h);
                // Show as much of each line as fits with the cursor visible (a tiny terminal
                // scrolled them to the cursor; a larger one must not stay blank).
                self.input.scroll = 0;
                self.base.scroll = 0;
                self.follow_inputs();
                self.follow_chars();
            }
            Msg::Select(t) => return self.select(t),
            Msg::Wheel(pane, delta) => self.wheel(pane, delta),
            Msg::Analysed(a) => self.install(a),
            Msg::ClipboardText(read) => return self.paste_clipboard(read),
            Msg::ThemeChanged(name) => {
                self.status = Some(Status::info(format!("theme: {name}")));
                self.theme = ThemeChoice::named(name);
            }
            Msg::Status(msg) => self.status = Some(msg),
            Msg::Drawn(d) => self.measured(d),
        }
        Vec::new()
    }

    /// Bracketed paste, or the clipboard's text, into the line [`App::text_target`] names
    /// (from a pane, the URL line).
    pub(in crate::tui::model) fn paste(&mut self, bytes: Vec<u8>) -> Vec<Effect> {
        self.paste_and_say(bytes).0
    }

    /// [`App::paste`], and whether the paste replaced the URL on the line.
    pub(in crate::tui::model) fn paste_and_say(&mut self, bytes: Vec<u8>) -> (Vec<Effect>, bool) {
        match self.text_target() {
            TextTarget::LinkFilter => {
                self.filter_links(FilterEdit::Push(String::from_utf8_lossy(&bytes).into()));
                return (Vec::new(), false);
            }
            TextTarget::Aliases | TextTarget::Answer | TextTarget::Editor | TextTarget::Other => {
                return (self.edit(EditOp::Insert(bytes)), false);
            }
            TextTarget::Url | TextTarget::Base => {}
        }
        if !self.focus.is_input() {
            self.focus = Focus::Input;
        }
        let offered = (self.focus == Focus::Input).then(|| self.offer_paste_links(&bytes));
        if self.pristine && self.focus == Focus::Input {
            let effects = self.replace_input(bytes);
            self.status = Some(Status::info(offered.flatten().unwrap_or_else(|| {
                "pasted over the example (Ctrl+Z brings it back)".into()
            })));
            return (effects, false);
        }
        if let Some(effects) = self.paste_replaces(&bytes) {
            return (effects, true);
        }
        // A paste is a step of its own, and a new input starts from the top.
        self.undo.before_change(&self.lines());
        self.reset_scrolls();
        let effects = self.edit_recorded(EditOp::Insert(bytes), false);
        if let Some(Some(offer)) = offered {
            self.status = Some(Status::info(offer));
        }
        (effects, false)
    }

    pub fn follow_inputs(&mut self) {
        let width = self.areas().input_width();
        self.input.follow(width);
        self.base.follow(width);
        self.other.follow(width);
    }
}
