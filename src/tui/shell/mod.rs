//! The event loop, generic over the ratatui backend so tests drive it on `TestBackend`.

pub mod browser;
pub mod mouse;
pub mod terminal;

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;

use crate::clipboard::Clipboard;
use crate::theme::Theme;
use crate::tui::analysis::{Analysis, Request, analyse};
use crate::tui::keys::bindings::Scope;
use crate::tui::keys::keymap;
use crate::tui::model::app::App;
use crate::tui::msg::{Drawn, Effect, Msg, Reading, Status};
use crate::tui::view;

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
    /// Messages from elsewhere than the terminal (the reader of a streamed input), taken
    /// without waiting.
    fn fed(&mut self) -> Vec<Msg> {
        Vec::new()
    }
}

/// Events, and the reports of a reader thread (`pick` on an mbox read message by message):
/// while it reads, the loop looks for its reports at least every 50 ms.
pub struct Fed<E> {
    pub events: E,
    feed: Option<Receiver<Reading>>,
    /// Reports to hand in first (what was read before the terminal was set up).
    queue: Vec<Msg>,
}

impl<E: Events> Fed<E> {
    /// `events` alone when there is no `feed`.
    pub fn new(events: E, feed: Option<Receiver<Reading>>, first: Vec<Reading>) -> Fed<E> {
        Fed {
            events,
            feed,
            queue: first.into_iter().map(Msg::Reading).collect(),
        }
    }
}

impl<E: Events> Events for Fed<E> {
    fn next(&mut self, timeout: Duration) -> Result<Option<Event>, String> {
        let timeout = if self.feed.is_some() {
            timeout.min(Duration::from_millis(50))
        } else {
            timeout
        };
        self.events.next(timeout)
    }
    fn finished(&self) -> bool {
        self.events.finished()
    }
    fn fed(&mut self) -> Vec<Msg> {
        let mut out = std::mem::take(&mut self.queue);
        if let Some(rx) = &self.feed {
            loop {
                match rx.try_recv() {
                    Ok(r) => out.push(Msg::Reading(r)),
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => {
                        self.feed = None;
                        break;
                    }
                }
            }
        }
        out
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

/// What the worker thread is asked to do.
enum Job {
    Analyse(Request),
    /// Free an analysis the screen no longer shows: the edits of a long input take a
    /// millisecond to free, which the UI thread need not spend.
    Retire(Arc<Analysis>),
}

/// Runs analyses: inline for small inputs, on one worker thread (newest request wins) for
/// large ones, so a keystroke never waits for a 1 MiB re-analysis.
pub struct Analyser {
    worker: Option<(Sender<Job>, Receiver<Arc<Analysis>>)>,
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
        let (req_tx, req_rx) = mpsc::channel::<Job>();
        let (res_tx, res_rx) = mpsc::channel::<Arc<Analysis>>();
        // If an analysis panics the worker ends; the next request then runs on the UI
        // thread, where the panic hook restores the terminal before the message is printed.
        let spawned = std::thread::Builder::new()
            .name(WORKER_NAME.into())
            .spawn(move || {
                while let Ok(job) = req_rx.recv() {
                    // Coalesce: only the newest request matters (retired analyses are
                    // dropped as they are read).
                    let mut req = match job {
                        Job::Analyse(req) => Some(req),
                        Job::Retire(old) => {
                            drop(old);
                            None
                        }
                    };
                    while let Ok(newer) = req_rx.try_recv() {
                        match newer {
                            Job::Analyse(newer) => req = Some(newer),
                            Job::Retire(old) => drop(old),
                        }
                    }
                    if let Some(req) = req
                        && res_tx.send(Arc::new(analyse(&req))).is_err()
                    {
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
            && tx.send(Job::Analyse(req.clone())).is_ok()
        {
            self.busy += 1;
            return;
        }
        app.update(Msg::Analysed(Arc::new(analyse(&req))));
    }

    /// Hand an analysis the screen replaced to the worker to free (a large one only; a small
    /// one, or one without a worker, is freed here).
    fn retire(&self, old: Arc<Analysis>) {
        if let Some((tx, _)) = &self.worker
            && old.input.len() > SYNC_LIMIT
        {
            // If the worker is gone the analysis comes back in the error and is freed here.
            let _ = tx.send(Job::Retire(old));
        }
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
                let copied = sv.clipboard.copy(&octets);
                app.update(Msg::Status(Status::of_copy(&copied, &what)));
            }
            Effect::SaveProgress { file, progress } => {
                if let Err(e) = crate::progress::save(&file, &progress) {
                    app.update(Msg::Status(Status::info(e)));
                }
            }
            Effect::OpenBrowser(url) => {
                let msg = match browser::open(&url) {
                    Ok(program) => Status::info(format!("asked {program} to open the link")),
                    Err(why) => Status::info(format!("not opened: {why}")),
                };
                app.update(Msg::Status(msg));
            }
            Effect::ReadClipboard => {
                let more = app.update(Msg::ClipboardText(sv.clipboard.read()));
                quit |= run_effects(more, app, sv);
            }
            Effect::NextTheme { current } => {
                let names = Theme::names();
                let i = names.iter().position(|n| *n == current);
                let name = names[i.map_or(0, |i| (i + 1) % names.len())].clone();
                match Theme::for_terminal(Some(&name), false) {
                    Ok(t) => {
                        sv.theme = t;
                        app.update(Msg::ThemeChanged(name));
                    }
                    Err(e) => {
                        app.update(Msg::Status(Status::warning(format!(
                            "theme {name} not loaded: {e}"
                        ))));
                    }
                }
            }
        }
    }
    quit
}

/// Carry out the analyses of `effects` at once on this thread (tests and benches; the loop
/// hands them to the [`Analyser`]).
pub fn run_sync(app: &mut App, effects: Vec<Effect>) {
    for e in effects {
        if let Effect::Analyse(req) = e {
            app.update(Msg::Analysed(Arc::new(analyse(&req))));
        }
    }
}

/// Turn one terminal event into messages for the app.
pub fn messages_for(ev: Event, app: &App) -> Vec<Msg> {
    match ev {
        Event::Key(k) => match app.key_scope() {
            Scope::Aliases => keymap::map_key_aliases(k).into_iter().collect(),
            scope @ (Scope::Typing | Scope::Editor) => {
                keymap::map_key_editing(k, scope).into_iter().collect()
            }
            Scope::Links => keymap::map_key_links(k).into_iter().collect(),
            Scope::Lesson => keymap::map_key_lesson(k).into_iter().collect(),
            Scope::Global | Scope::Input | Scope::Pane | Scope::Help => {
                keymap::map_key_in(k, app.panes.focus, app.overlay_open())
                    .into_iter()
                    .collect()
            }
        },
        Event::Mouse(m) => crate::tui::shell::mouse::message(app, m)
            .into_iter()
            .collect(),
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
        for msg in events.fed() {
            let effects = app.update(msg);
            if run_effects(effects, app, &mut sv) {
                return Ok(());
            }
            dirty = true;
        }
        for a in sv.analyser.collect() {
            sv.analyser.busy = sv.analyser.busy.saturating_sub(1);
            let replaced = app.analysis.clone();
            app.update(Msg::Analysed(a));
            sv.analyser.retire(replaced);
            dirty = true;
        }
        if dirty {
            let mut drawn = Drawn::default();
            terminal
                .draw(|f| drawn = view::render(app, &sv.theme, f))
                .map_err(|e| format!("drawing: {e}"))?;
            // What only the frame knows (how far its lists scroll) goes back to the app.
            app.update(Msg::Drawn(drawn));
            dirty = false;
        }
        if events.finished() {
            return Ok(());
        }
        // While an analysis is under way, look for it every millisecond: it is drawn as soon
        // as it arrives (the terminal's poll cannot also wait on the worker's channel).
        let timeout = Duration::from_millis(if app.is_stale() { 1 } else { 200 });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::msg::LaunchOptions;

    /// Waits for the worker's answers to `app`'s newest request, installing each as the loop does.
    fn settle(an: &mut Analyser, app: &mut App) {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while app.is_stale() {
            assert!(
                std::time::Instant::now() < deadline,
                "the worker never answered"
            );
            for a in an.collect() {
                an.busy = an.busy.saturating_sub(1);
                let replaced = app.analysis.clone();
                app.update(Msg::Analysed(a));
                an.retire(replaced);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn the_worker_answers_the_newest_request_and_frees_what_the_screen_replaced() {
        let mut an = Analyser::with_worker();
        let big = |c: u8| {
            let mut x = b"http://example.com/".to_vec();
            x.resize(SYNC_LIMIT + 100, c);
            x
        };
        let mut app = App::new(&LaunchOptions {
            input: Some(big(b'a')),
            ..Default::default()
        });
        for round in 0..3u8 {
            // Several requests in a row (and the retired analyses between them): the newest
            // one's input is what ends up analysed.
            for c in [b'b', b'c', b'd'] {
                let req = Request {
                    input: Arc::new(big(c + round)),
                    ..app.request()
                };
                an.submit(req, &mut app);
            }
            settle(&mut an, &mut app);
            assert_eq!(app.analysis.input.last(), Some(&(b'd' + round)));
            assert_eq!(app.analysis.generation, app.generation);
        }
        // The worker sent big inputs' analyses back; small ones are analysed inline.
        let req = Request {
            input: Arc::new(b"http://x/".to_vec()),
            ..app.request()
        };
        an.submit(req, &mut app);
        assert!(!app.is_stale());
        assert_eq!(&app.analysis.input[..], b"http://x/");
    }
}
