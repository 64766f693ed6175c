//! The inspector's state and its one entry point, [`App::update`]: no terminal, no I/O.

use std::sync::Arc;

use ratatui::layout::Rect;

use crate::tui::analysis::{Analysis, Request, analyse};
use crate::tui::model::edit::EditOp;
use crate::tui::model::editing::Editing;
use crate::tui::model::layout::Areas;
use crate::tui::model::linklist::{FilterEdit, LinkList};
use crate::tui::model::overlay::OverlayState;
use crate::tui::model::overlay::TextTarget;
use crate::tui::model::panes::Panes;
use crate::tui::model::preview::Preview;
use crate::tui::model::progress::Progress;
use crate::tui::model::session::{Exit, StatusLine};
use crate::tui::model::settings::Settings;
use crate::tui::msg::command::Command;
use crate::tui::msg::status::Subject;
use crate::tui::msg::{Drawn, Effect, Focus, LaunchOptions, Msg, Overlay, Status, ThemeChoice};
use urlscope_core::{Classification, Options, Profile};

/// The example shown when no URL is given: one URL that shows most of what the panes do.
pub const EXAMPLE: &[u8] = b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1#frag";

/// The status line's note when a defanged link was read back as the link it names.
pub const REFANGED: &str =
    "refanged: the text was defanged (hxxp, [.], (.), [:]); the URL line holds the link it names";

/// The inspector's state, by concern, each with its methods beside it; only [`App::update`]
/// changes it (the view reads `&App`; users of the library read it through the accessors
/// below and change it only by sending messages).
pub struct App {
    /// The URL, base and compare-with lines, undo, the inputs of the run.
    pub(crate) editing: Editing,
    /// Profile, PDF state, aliases, classification, preview, theme.
    pub(crate) settings: Settings,
    /// Focus, size, cursors, selections and scrolls of the panes, the key list.
    pub(crate) panes: Panes,
    /// The open view and its own state.
    pub(crate) overlay: OverlayState,
    /// The newest analysis received; it may lag behind the input while a worker runs.
    pub(crate) analysis: Arc<Analysis>,
    /// Generation of the newest request (the input/options the screen should show).
    pub(crate) generation: u64,
    /// The status line's message and what it is about.
    pub(crate) status: StatusLine,
    /// How the run ends (quit, pick, the answer for stdout).
    pub(crate) exit: Exit,
    /// The links of the piped text or of the last paste that held several (kept, with
    /// their filter and selection, while the list is closed).
    pub(crate) links: Option<LinkList>,
    /// The URL Ctrl+B showed and opens when pressed again.
    pub(crate) open_pending: Option<String>,
    /// The exercises solved in this run (F3).
    pub(crate) progress: Progress,
}

/// Read access for the library's users (the tests, the examples): the fields are the crate's,
/// so that nothing outside it changes the state except through [`App::update`].
impl App {
    /// The URL, base and compare-with lines, undo, the inputs of the run.
    pub fn editing(&self) -> &Editing {
        &self.editing
    }

    /// Profile, PDF state, aliases, classification, preview, theme.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Focus, size, cursors, selections and scrolls of the panes, the key list.
    pub fn panes(&self) -> &Panes {
        &self.panes
    }

    /// The open view with its own state ([`App::overlay`] is its name).
    pub fn overlay_state(&self) -> &OverlayState {
        &self.overlay
    }

    /// The newest analysis received.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// Generation of the newest request.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The status line.
    pub fn status(&self) -> &StatusLine {
        &self.status
    }

    /// How the run ends.
    pub fn exit(&self) -> &Exit {
        &self.exit
    }

    /// The link list, kept while it is closed.
    pub fn links(&self) -> Option<&LinkList> {
        self.links.as_ref()
    }

    /// The URL Ctrl+B showed and opens when pressed again.
    pub fn open_pending(&self) -> Option<&str> {
        self.open_pending.as_deref()
    }

    /// The exercises solved in this run.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
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
        // A defanged link given to the inspector is read as the link it names.
        let given = opts.input.as_deref();
        let refanged = given.and_then(urlscope_core::modern::refang);
        let input = first_link
            .or_else(|| refanged.clone())
            .or_else(|| opts.input.clone())
            .unwrap_or_else(|| EXAMPLE.to_vec());
        let pristine = opts.input.is_none() && opts.links.is_none();
        let mut app = App {
            editing: Editing::new(input, opts.base.clone(), pristine),
            settings: Settings {
                profile: opts.profile.unwrap_or(Profile::Rfc1738),
                pdf_state: opts.pdf_state,
                host_aliases: opts.host_aliases.clone(),
                alias_draft: None,
                classification: None,
                preview: Preview::Off,
                theme: if opts.no_color {
                    ThemeChoice::NoColour
                } else {
                    ThemeChoice::Named(opts.theme.clone().unwrap_or_else(|| "default".to_string()))
                },
            },
            panes: Panes::new(),
            overlay: OverlayState::None,
            analysis: Arc::new(analyse(&Request::new(
                0,
                Arc::new(Vec::new()),
                Profile::None,
                Options::default(),
                Classification::C1738,
            ))),
            generation: 0,
            status: StatusLine::default(),
            exit: Exit::new(opts.pick, opts.multi),
            links,
            open_pending: None,
            progress: Progress {
                exercises: match &opts.exercises {
                    Some(own) if !own.is_empty() => own.iter().cloned().collect(),
                    _ => Progress::default().exercises,
                },
                kept: opts
                    .progress
                    .as_ref()
                    .map(|(_, kept, _)| kept.clone())
                    .unwrap_or_default(),
                file: opts.progress.as_ref().map(|(file, _, _)| file.clone()),
            },
        };
        if opts.list_first && app.links.as_ref().is_some_and(|l| !l.is_empty()) {
            app.overlay = OverlayState::Links;
        }
        if app.editing.pristine {
            app.status
                .say(Status::hint(crate::tui::model::lines::EXAMPLE_HINT));
        }
        if opts.practice {
            app.overlay = OverlayState::Practice(crate::tui::model::overlay::Practice::new(0));
        }
        if let Some(i) = opts.lesson {
            // Esc goes back to the practice view's lessons list.
            let _ = app.open_lesson(i, Some((0, i)));
        }
        if refanged.is_some() && !opts.list_first {
            app.say_refanged();
        }
        if let Some((_, _, Some(why))) = &opts.progress {
            app.status.say(Status::info(why.clone()));
        }
        if let Some(notice) = &opts.notice {
            app.status.say(Status::warning(notice.clone()));
        }
        let req = app.request();
        app.install(Arc::new(analyse(&req)));
        let (said, now) = (app.status.said(), app.subject());
        app.status.keep_current(said.wrapping_sub(1), now);
        app
    }

    /// What the status line's message is about now: the request the screen shows, the open
    /// view, the focus and what is selected where the keys act.
    pub fn subject(&self) -> Subject {
        let selected = self.selected_here();
        Subject {
            request: self.generation,
            view: self.overlay(),
            focus: Some(self.panes.focus),
            selected,
        }
    }

    /// Whether the key list or a view covers the panes (keys go to it).
    pub fn overlay_open(&self) -> bool {
        self.panes.help.is_some() || self.overlay.is_open()
    }

    /// The status line's message, its text.
    pub fn status_text(&self) -> Option<&str> {
        self.status.message.as_ref().map(|s| s.text.as_str())
    }

    /// The open view, by name.
    pub fn overlay(&self) -> Overlay {
        self.overlay.name()
    }

    pub fn areas(&self) -> Areas {
        self.panes
            .areas()
            .with_strip_lines(self.strip_lines_per_row())
    }

    /// Screen lines per row of the character strip: the `whatwg` profile adds a row of the
    /// URL Standard states that read the characters.
    pub fn strip_lines_per_row(&self) -> u16 {
        if self.settings.profile() == urlscope_core::Profile::Whatwg {
            2
        } else {
            1
        }
    }

    /// The result pane's lines, step log and explanation inside `inner` (the pane's inside).
    pub fn result_parts(&self, inner: Rect) -> [Rect; 3] {
        let mut line_rows = if self.settings.preview == Preview::Off {
            2
        } else {
            3
        };
        if self.panes.focus != Focus::Steps {
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
        let reason = (self.panes.focus == Focus::Steps)
            .then(|| self.analysis.outcome.steps.get(self.panes.step_sel))
            .flatten()
            .map(|s| {
                crate::tui::model::layout::prose_rows(
                    &crate::tui::model::texts::step_explained(s, self.analysis.profile),
                    inner.width as usize,
                )
            });
        let parts = crate::tui::model::layout::result_parts(inner, line_rows, reason);
        // The step log's rows its steps do not use go to the selected step's before and after
        // lines (wrapped whole while they last): nothing is cut while the pane has room.
        let steps = self.analysis.outcome.steps.len() as u16;
        let spare = parts[1].height.saturating_sub(steps.max(1));
        let step = (self.panes.focus == Focus::Steps)
            .then(|| self.analysis.outcome.steps.get(self.panes.step_sel))
            .flatten();
        match step {
            Some(s) if spare > 0 => {
                let width = self.result_width(inner);
                let rows = |x: &[u8]| {
                    crate::tui::model::layout::wrapped_rows(x, width, usize::from(spare) + 1)
                };
                let more = (rows(&s.before) + rows(&s.after)).saturating_sub(2) as u16;
                crate::tui::model::layout::result_parts(inner, line_rows + more.min(spare), reason)
            }
            _ => parts,
        }
    }

    /// Columns of the before/after text inside the result pane's `inner` (after the label).
    pub fn result_width(&self, inner: Rect) -> usize {
        inner
            .width
            .saturating_sub(crate::tui::model::layout::LABEL + 2) as usize
    }

    /// The classification the panes use.
    pub fn classification(&self) -> Classification {
        self.settings.classification()
    }

    pub fn options(&self) -> Options {
        self.settings.options(&self.editing.base.buf)
    }

    /// A request for the current input and options (a new generation).
    pub fn request(&mut self) -> Request {
        self.generation += 1;
        Request {
            generation: self.generation,
            input: Arc::new(self.editing.input.buf.clone()),
            profile: self.settings.profile,
            options: self.options(),
            lens: self.lens(),
            classification: self.classification(),
            other: Arc::new(self.editing.other.buf.clone()),
        }
    }

    /// The character detail's first row for the unit under the cursor, at most `max`.
    pub fn why_top(&self, max: usize) -> usize {
        self.panes.why_top(max)
    }

    /// Whether the analysis on screen is older than the input.
    pub fn is_stale(&self) -> bool {
        self.analysis.generation < self.generation
    }

    /// A frame's measures: keep them for the next key, and pull back a scroll position that
    /// went past the end before the frame knew where the end is.
    fn measured(&mut self, d: Drawn) {
        if let (Some(top), Some(max)) = (self.panes.help, d.help_max) {
            self.panes.help = Some(top.min(max));
        }
        if let (Some(max), Some(top)) = (d.view_max, self.overlay.top_mut()) {
            *top = (*top).min(max);
        }
        // The pane scrolled on to show the selected row whole (its lines only drawing knows).
        if let Some(top) = d.comp_top {
            self.panes.comp_top = top;
        }
        self.panes.drawn = d;
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
        self.panes.step_sel = self.panes.step_sel.min(n.saturating_sub(1));
        let len = self.analysis.input.len();
        if same_input && self.panes.char_cursor < len {
            let i = self.analysis.unit_index(self.panes.char_cursor);
            self.panes.char_cursor = self.analysis.unit_range(i).start;
        } else if !same_input {
            self.panes.char_cursor = self.editing.input.cursor.min(len);
        }
        let rows = crate::tui::model::rows::row_count(self);
        self.panes.comp_top = self.panes.comp_top.min(rows.saturating_sub(1));
        // A deleted pair or segment may leave the selection past the last row.
        self.panes.comp_sel = self.panes.comp_sel.min(rows.saturating_sub(1));
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
        let said = self.status.said();
        let mut effects = self.step(msg.into());
        effects.extend(self.follow_picked_link());
        let now = self.subject();
        self.status.keep_current(said, now);
        effects
    }

    /// One message's change of state ([`App::update`] then keeps the picked link the subject).
    fn step(&mut self, msg: Msg) -> Vec<Effect> {
        // A `q` asked to quit: only the very next key may confirm it.
        let user = matches!(
            msg,
            Msg::Command(_) | Msg::Type(_) | Msg::Paste(_) | Msg::Select(_) | Msg::Wheel(..)
        );
        if user && !matches!(msg, Msg::Command(Command::QuitAsk)) {
            self.exit.disarm();
        }
        // Ctrl+B opens only when pressed twice in a row; any other key forgets the first.
        let keyed = matches!(msg, Msg::Command(_) | Msg::Type(_) | Msg::Paste(_));
        let open_pending = if keyed {
            self.open_pending.take()
        } else {
            None
        };
        // Esc in Ctrl+B's confirm cancels the confirm, nothing else (not the pick).
        if open_pending.is_some() && matches!(msg, Msg::Command(Command::Close)) {
            self.status.say(Status::info("not opened in the browser"));
            return Vec::new();
        }
        // Text and its edits go to the line of the open view even under the key list (as a
        // paste does in every view); the list's other keys only when the key list is closed.
        let in_list = self.text_target() == TextTarget::LinkFilter;
        let list_keys = in_list && self.panes.help.is_none();
        match msg {
            Msg::Command(crate::tui::msg::command::Command::OpenInBrowser) => {
                return self.open_in_browser(open_pending);
            }
            Msg::Command(c) if list_keys || (in_list && c.changes_text()) => {
                return self.links_command(c);
            }
            Msg::Command(c) => return self.command(c),
            // A lesson's lines are its own: nothing is typed or pasted into them.
            Msg::Type(_) | Msg::Paste(_) if self.overlay.lesson().is_some() => {
                self.refuse_in_lesson()
            }
            Msg::Type(c) if in_list => self.filter_links(FilterEdit::Push(c.to_string())),
            Msg::Type(c) => {
                let mut buf = [0u8; 4];
                let typed = c.encode_utf8(&mut buf).as_bytes().to_vec();
                return self.edit(EditOp::Insert(typed));
            }
            Msg::Paste(bytes) => return self.paste(bytes),
            Msg::Resize(w, h) => {
                self.panes.resize(w, h);
                // Show as much of each line as fits with the cursor visible (a tiny terminal
                // scrolled them to the cursor; a larger one must not stay blank).
                self.editing.input.scroll = 0;
                self.editing.base.scroll = 0;
                self.follow_inputs();
                self.follow_chars();
            }
            Msg::Select(t) => return self.select(t),
            Msg::Wheel(pane, delta) => self.wheel(pane, delta),
            Msg::Analysed(a) => self.install(a),
            Msg::ClipboardText(read) => return self.paste_clipboard(read),
            Msg::ThemeChanged(name) => {
                self.status.say(Status::info(format!("theme: {name}")));
                self.settings.theme = ThemeChoice::Named(name);
            }
            Msg::Status(msg) => self.status.say(msg),
            Msg::Drawn(d) => self.measured(d),
            Msg::Reading(r) => self.read_further(r),
        }
        Vec::new()
    }

    /// Bracketed paste, or the clipboard's text, into the line [`App::text_target`] names
    /// (from a pane, the URL line).
    pub(in crate::tui::model) fn paste(&mut self, bytes: Vec<u8>) -> Vec<Effect> {
        self.paste_and_say(bytes).0
    }

    /// [`App::paste`], and whether the paste replaced the URL on the line. A defanged link
    /// pasted into the URL line goes in as the link it names, and the status line says so.
    pub(in crate::tui::model) fn paste_and_say(&mut self, bytes: Vec<u8>) -> (Vec<Effect>, bool) {
        if self.text_target() == TextTarget::Url
            && let Some(link) = urlscope_core::modern::refang(&bytes)
        {
            let done = self.paste_text(link);
            self.say_refanged();
            return done;
        }
        self.paste_text(bytes)
    }

    /// Add the note that a defanged link was read back to the status line.
    pub(in crate::tui::model) fn say_refanged(&mut self) {
        let said = match self.status.message.take() {
            Some(s) => s.and(REFANGED),
            None => Status::info(REFANGED),
        };
        self.status.say(said);
    }

    fn paste_text(&mut self, bytes: Vec<u8>) -> (Vec<Effect>, bool) {
        match self.text_target() {
            TextTarget::LinkFilter => {
                self.filter_links(FilterEdit::Push(String::from_utf8_lossy(&bytes).into()));
                return (Vec::new(), false);
            }
            TextTarget::Other => {
                // A URL copied with its line's end (a terminal, an editor): the URL line shows
                // that line break as its frame and reads the URL without it; the With line
                // holds one URL to compare, so the paste's line break is left out, and said.
                let end = bytes.trim_ascii_end().len();
                let line_break = bytes[end..].iter().any(|&b| b == b'\n' || b == b'\r');
                let kept = if line_break { end } else { bytes.len() };
                let dropped = bytes.len() - kept;
                let effects = self.edit(EditOp::Insert(bytes[..kept].to_vec()));
                if line_break {
                    // Short: the status line gives a message a third of its row.
                    let octets = if dropped == 1 { "octet" } else { "octets" };
                    self.status.say(Status::info(format!(
                        "line break left out ({dropped} {octets})"
                    )));
                }
                return (effects, false);
            }
            TextTarget::Aliases | TextTarget::Answer | TextTarget::Editor => {
                return (self.edit(EditOp::Insert(bytes)), false);
            }
            TextTarget::Url | TextTarget::Base => {}
        }
        if !self.panes.focus.is_input() {
            self.panes.focus = Focus::Input;
        }
        let offered = (self.panes.focus == Focus::Input).then(|| self.offer_paste_links(&bytes));
        if self.editing.pristine && self.panes.focus == Focus::Input {
            let effects = self.replace_input(bytes);
            self.status
                .say(Status::info(offered.flatten().unwrap_or_else(|| {
                    "pasted over the example (Ctrl+Z brings it back)".into()
                })));
            return (effects, false);
        }
        if let Some(effects) = self.paste_replaces(&bytes) {
            return (effects, true);
        }
        // A paste is a step of its own, and a new input starts from the top.
        self.editing.undo.before_change(&self.lines());
        self.reset_scrolls();
        let effects = self.edit_recorded(EditOp::Insert(bytes), false);
        if let Some(Some(offer)) = offered {
            self.status.say(Status::info(offer));
        }
        (effects, false)
    }

    pub fn follow_inputs(&mut self) {
        let width = self.areas().input_width();
        self.editing.follow(width);
    }
}
