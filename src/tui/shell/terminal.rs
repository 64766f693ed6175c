//! Entering and leaving the real terminal. Every exit path (return, error, panic) restores raw
//! mode, the alternate screen, bracketed paste, mouse capture and the cursor.

use std::io::{IsTerminal, Write, stdout};

use crossterm::cursor::Show;
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// `Err` with a one-line message unless stdout is a terminal and keys can be read from one
/// (stdin, or the controlling terminal when stdin is a pipe, as with `--stdin`).
pub fn check_tty() -> Result<(), String> {
    let keys = std::io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok();
    if !stdout().is_terminal() || !keys {
        return Err(
            "the interactive inspector needs a terminal, and stdout or stdin is not a terminal \
                    (use `urlscope normalize` and the other commands in pipes)"
                .to_string(),
        );
    }
    Ok(())
}

/// Undo everything [`Guard::enter`] did. Safe to call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let mut out = stdout();
    let _ = execute!(
        out,
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        Show
    );
    let _ = out.flush();
}

/// Restores the terminal before the default panic message is printed.
pub fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A panic on the analysis worker must not pull the terminal from under the UI.
        if std::thread::current().name() != Some(crate::tui::shell::WORKER_NAME) {
            restore();
        }
        previous(info);
    }));
}

/// The terminal in inspector mode for as long as the guard lives.
pub struct Guard;

impl Guard {
    pub fn enter() -> Result<Guard, String> {
        enable_raw_mode().map_err(|e| format!("cannot enter raw mode: {e}"))?;
        let guard = Guard;
        execute!(
            stdout(),
            EnterAlternateScreen,
            EnableBracketedPaste,
            EnableMouseCapture
        )
        .map_err(|e| format!("cannot set up the terminal: {e}"))?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// SIGTERM and SIGHUP (a closed terminal window, `kill`) restore the terminal and end the
/// process with 128 + the signal number, as a shell expects. A listener thread does it, so the
/// event loop needs no change; it never returns once a signal arrives.
pub fn install_signal_handlers() -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP])
        .map_err(|e| format!("cannot watch for signals: {e}"))?;
    std::thread::Builder::new()
        .name("urlscope-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                restore();
                std::process::exit(128 + sig);
            }
        })
        .map_err(|e| format!("cannot watch for signals: {e}"))?;
    Ok(())
}
