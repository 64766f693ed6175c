//! The interactive inspector (docs/guide.md). Entry point: [`run`].
//!
//! The folders are the rungs of a ladder, imported downwards only (`tests/meta/layering.rs`;
//! ARCHITECTURE.md): [`analysis`] computes what the views show from a request (it never sees
//! the app); [`msg`] is what flows — a key's command or what the shell reports in
//! ([`msg::Msg`]), the work asked of the shell out ([`msg::Effect`]); [`keys`] holds the
//! binding table and maps keys to messages; [`model`] is the state, [`model::app::App`], which
//! changes only through [`model::app::App::update`] (no I/O); [`view`] draws `&App` and returns
//! what only drawing measures ([`msg::Drawn`]); [`shell`] runs the loop, the worker, the
//! mouse, the clipboard and the real terminal.

pub mod analysis;
pub mod keys;
pub mod model;
pub mod msg;
pub mod shell;
pub mod view;

use std::io::BufWriter;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

pub use msg::{LaunchOptions, Print, Reading};

/// How a run ended: what to write to stdout (Enter in the link list, Ctrl+O), or whether a
/// pick was cancelled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The answer, written to stdout by the caller after the terminal is restored.
    pub answer: Option<Vec<u8>>,
    /// Further lines of the answer (`pick --multi`: the marked links after the first).
    pub more: Vec<Vec<u8>>,
    /// Picking ended without an answer (Esc, Ctrl+C, q): fzf's exit status 130.
    pub cancelled: bool,
}

/// Run the inspector until the user quits. It draws on the controlling terminal (`/dev/tty`),
/// so stdin and stdout may be pipes. Errors are one-line messages for the shell to print.
pub fn run(opts: LaunchOptions) -> Result<Outcome, String> {
    run_fed(opts, None)
}

/// [`run`], with the reports of a thread reading the input further (`pick` on an mbox): the
/// receiver, and the reports taken before the terminal was set up.
pub fn run_fed(
    mut opts: LaunchOptions,
    feed: Option<(std::sync::mpsc::Receiver<msg::Reading>, Vec<msg::Reading>)>,
) -> Result<Outcome, String> {
    // No transparent huge pages: the allocator hands memory back between keys and asks for huge
    // pages, so a frame's few small vectors could land on a fresh 2 MiB page, zeroed whole on
    // the UI thread (the slow keys of docs/speed.md, "A key after a pasted megabyte").
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    // The learner's progress from its file (a bad file is set aside with a message, never an
    // error: the inspector starts all the same).
    if opts.progress.is_none()
        && let Some(file) = crate::progress::path()
    {
        let (kept, why) = crate::progress::load(&file);
        opts.progress = Some((file, kept, why));
    }
    // Everything that can fail on the options fails before the terminal is touched.
    let theme = crate::theme::Theme::for_terminal(opts.theme.as_deref(), opts.no_color)?;
    let mut tty = shell::terminal::open_tty()?;
    let osc52 = tty.try_clone().map_err(|e| format!("terminal: {e}"))?;
    let screen = tty.try_clone().map_err(|e| format!("terminal: {e}"))?;
    let mut app = model::app::App::new(&opts);
    shell::terminal::install_panic_hook();
    shell::terminal::install_signal_handlers()?;
    let guard = shell::terminal::Guard::enter(&mut tty)?;
    let mut term = Terminal::new(CrosstermBackend::new(BufWriter::new(screen)))
        .map_err(|e| format!("terminal: {e}"))?;
    let result = shell::run_loop(
        &mut term,
        &mut app,
        &theme,
        &mut {
            let (rx, first) = feed.map_or((None, Vec::new()), |(rx, first)| (Some(rx), first));
            shell::Fed::new(shell::TerminalEvents, rx, first)
        },
        &mut shell::Analyser::with_worker(),
        // One clipboard for the whole run (arboard is created on the first copy and kept);
        // OSC 52 goes to the terminal, never to stdout.
        &mut crate::clipboard::SystemClipboard::routed(
            clipboard_route(crate::config::current().clipboard),
            crate::clipboard::over_ssh(),
            osc52,
        ),
    );
    drop(term);
    drop(guard);
    result.map(|()| Outcome {
        cancelled: app.exit.pick.is_some() && app.exit.answer.is_none(),
        answer: app.exit.answer,
        more: app.exit.more,
    })
}

/// The config file's `clipboard` as the clipboard's route.
fn clipboard_route(c: crate::config::Clipboard) -> crate::clipboard::Route {
    use crate::clipboard::Route;
    use crate::config::Clipboard;
    match c {
        Clipboard::Auto => Route::Auto,
        Clipboard::System => Route::System,
        Clipboard::Osc52 => Route::Osc52,
        Clipboard::None => Route::Off,
    }
}
