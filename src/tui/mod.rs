//! The interactive inspector (SPEC §7.1–7.7). Entry point: [`run`].
//!
//! The folders are the rungs of a ladder, imported downwards only (`tests/layering.rs`;
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

use std::io::stdout;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

pub use msg::LaunchOptions;

/// Run the inspector until the user quits. Errors are one-line messages for the shell to print.
pub fn run(opts: LaunchOptions) -> Result<(), String> {
    // Everything that can fail on the options fails before the terminal is touched.
    let theme = crate::theme::Theme::for_terminal(opts.theme.as_deref(), opts.no_color)?;
    shell::terminal::check_tty()?;
    let mut app = model::app::App::new(&opts);
    shell::terminal::install_panic_hook();
    shell::terminal::install_signal_handlers()?;
    let guard = shell::terminal::Guard::enter()?;
    let mut term =
        Terminal::new(CrosstermBackend::new(stdout())).map_err(|e| format!("terminal: {e}"))?;
    let result = shell::run_loop(
        &mut term,
        &mut app,
        &theme,
        &mut shell::TerminalEvents,
        &mut shell::Analyser::with_worker(),
        // One clipboard for the whole run (arboard is created on the first copy and kept).
        &mut crate::clipboard::SystemClipboard::new(),
    );
    drop(guard);
    result
}
