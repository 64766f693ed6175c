//! The event loop, generic over the ratatui backend so tests drive it on `TestBackend`.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;

use super::analysis::{Analysis, Request, analyse};
use super::app::App;
use super::keymap;
use super::msg::{Effect, Msg, Overlay};
use super::view;
use crate::clipboard::Clipboard;
use crate::theme::Theme;

/// Name of the analysis worker thread (its panics leave the terminal to the UI thread).
pub const WORKER_NAME: &str = "urlscope-analysis";

/// Inputs up to this size are analysed on the UI thread; larger ones on the worker.
pub const SYNC_LIMIT: usize = 64 * 1024;

/// Where events come from: the terminal, or a script in tests.
pub trait Events {
    /// The next event, or `None` after `timeout`.
    fn next(&mut self, timeout: Duration) -> Result<Option<Event>, String>;
    /// Whether no event will ever come again (a finished script).
    fn finished(&self) -> bool {
        false
    }
}

/// Events from crossterm.
pub struct TerminalEvents;

impl Events for TerminalEvents {
    fn next(&mut self, timeout: Duration) -> Result<Option<Event>, String> {
        if crossterm::event::poll(timeout).map_err(|e| format!("reading terminal events: {e}"))? {
            crossterm::event::read()
                .map(Some)
                .map_err(|e| format!("reading terminal events: {e}"))
        } else {
            Ok(None)
        }
    }
}

/// A scripted list of events (tests).
pub struct Script(pub VecDeque<Event>);

impl Events for Script {
    fn next(&mut self, _timeout: Duration) -> Result<Option<Event>, String> {
        Ok(self.0.pop_front())
    }
    fn finished(&self) -> bool {
        self.0.is_empty()
    }
}

/// Runs analyses: inline for small inputs, on one worker thread (newest request wins) for
/// large ones, so a keystroke never waits for a 1 MiB re-analysis.
pub struct Analyser {
    worker: Option<(Sender<Request>, Receiver<Arc<Analysis>>)>,
    busy: usize,
}

impl Analyser {
    /// Everything inline (tests).
    pub fn inline() -> Analyser {
        Analyser {
            worker: None,
            busy: 0,
        }
    }

    /// With a worker thread for large inputs.
    pub fn with_worker() -> Analyser {
        let (req_tx, req_rx) = mpsc::channel::<Request>();
        let (res_tx, res_rx) = mpsc::channel::<Arc<Analysis>>();
        // If an analysis panics the worker ends; the next request then runs on the UI
        // thread, where the panic hook restores the terminal before the message is printed.
        let spawned = std::thread::Builder::new()
            .name(WORKER_NAME.into())
            .spawn(move || {
                while let Ok(mut req) = req_rx.recv() {
                    // Coalesce: only the newest request matters.
                    while let Ok(newer) = req_rx.try_recv() {
                        req = newer;
                    }
                    if res_tx.send(Arc::new(analyse(&req))).is_err() {
                        break;
                    }
                }
            });
        if spawned.is_err() {
            return Analyser::inline();
        }
        Analyser {
            worker: Some((req_tx, res_rx)),
            busy: 0,
        }
    }

    fn submit(&mut self, req: Request, app: &mut App) {
        if let Some((tx, _)) = &self.worker
            && req.input.len() > SYNC_LIMIT
            && tx.send(req.clone()).is_ok()
        {
            self.busy += 1;
            return;
        }
        app.update(Msg::Analysed(Arc::new(analyse(&req))));
    }

    /// Finished analyses, newest last.
    fn collect(&mut self) -> Vec<Arc<Analysis>> {
        let mut out = Vec::new();
        if let Some((_, rx)) = &self.worker {
            while let Ok(a) = rx.try_recv() {
                out.push(a);
            }
        }
        out
    }
}

/// What the shell carries out effects with: the analyser, the one clipboard of the run, and
/// the theme the screen is drawn with.
pub struct Services<'a> {
    pub analyser: &'a mut Analyser,
    pub clipboard: &'a mut dyn Clipboard,
    pub theme: Theme,
}

/// Carry out effects; returns whether the app asked to quit.
pub fn run_effects(effects: Vec<Effect>, app: &mut App, sv: &mut Services) -> bool {
    let mut quit = false;
    for e in effects {
        match e {
            Effect::Quit => quit = true,
            Effect::Analyse(req) => sv.analyser.submit(req, app),
            Effect::Copy { what, octets } => {
                let msg = sv.clipboard.copy(&octets).message(&what);
                app.update(Msg::Status(msg));
            }
            Effect::ReadClipboard => {
                let more = app.update(Msg::ClipboardText(sv.clipboard.read()));
                quit |= run_effects(more, app, sv);
            }
            Effect::LoadTheme(name) => match Theme::for_terminal(Some(&name), false) {
                Ok(t) => {
                    sv.theme = t;
                    app.update(Msg::ThemeChanged(name));
                }
                Err(e) => {
                    app.update(Msg::Status(format!("theme {name} not loaded: {e}")));
                }
            },
        }
    }
    quit
}

/// Turn one terminal event into messages for the app.
pub fn messages_for(ev: Event, app: &App) -> Vec<Msg> {
    match ev {
        Event::Key(k) if app.overlay == Overlay::Aliases && app.help.is_none() => {
            keymap::map_key_aliases(k).into_iter().collect()
        }
        Event::Key(k) => keymap::map_key_in(k, app.focus, app.overlay_open())
            .into_iter()
            .collect(),
        Event::Mouse(m) => super::hit::message(app, m).into_iter().collect(),
        Event::Paste(s) => vec![Msg::Paste(s.into_bytes())],
        Event::Resize(w, h) => vec![Msg::Resize(w, h)],
        _ => Vec::new(),
    }
}

/// The main loop: draw, wait for an event or a finished analysis, update, repeat.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    theme: &Theme,
    events: &mut dyn Events,
    analyser: &mut Analyser,
    clipboard: &mut dyn Clipboard,
) -> Result<(), String> {
    let mut sv = Services {
        analyser,
        clipboard,
        theme: theme.clone(),
    };
    let size = terminal.size().map_err(|e| format!("terminal size: {e}"))?;
    app.update(Msg::Resize(size.width, size.height));
    let mut dirty = true;
    loop {
        for a in sv.analyser.collect() {
            sv.analyser.busy = sv.analyser.busy.saturating_sub(1);
            app.update(Msg::Analysed(a));
            dirty = true;
        }
        if dirty {
            terminal
                .draw(|f| view::render(app, &sv.theme, f))
                .map_err(|e| format!("drawing: {e}"))?;
            dirty = false;
        }
        if events.finished() {
            return Ok(());
        }
        let timeout = Duration::from_millis(if app.is_stale() { 5 } else { 200 });
        let Some(ev) = events.next(timeout)? else {
            continue;
        };
        for msg in messages_for(ev, app) {
            let effects = app.update(msg);
            if run_effects(effects, app, &mut sv) {
                return Ok(());
            }
            dirty = true;
        }
    }
}
