//! Entering and leaving the real terminal. The inspector draws on the controlling terminal
//! (`/dev/tty`; on Windows the console, `CONOUT$`), never on stdout: stdout carries only the answer (`urlscope pick`, Ctrl+O), so it
//! may be a pipe or a file (DESIGN.md "Pipes and the terminal at once"). Every exit path
//! (return, error, panic, signal) restores raw mode, the alternate screen, bracketed paste, mouse
//! capture and the cursor on that terminal.

use std::fs::{File, OpenOptions};
use std::io::{Write, stdout};

use crossterm::cursor::Show;
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// The controlling terminal: crossterm's `use-dev-tty` reads keys from it.
#[cfg(unix)]
const TTY: &str = "/dev/tty";
/// The console's screen buffer, whatever stdout is; crossterm reads keys from the console's
/// input buffer itself.
#[cfg(windows)]
const TTY: &str = "CONOUT$";

/// The controlling terminal, opened read-write.
pub fn open_tty() -> Result<File, String> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(TTY)
        .map_err(|e| {
            format!(
                "the interactive inspector needs a terminal, and there is none: {TTY} is not a \
                 terminal this process can open ({e}); use `urlscope normalize`, `extract` and \
                 the other commands in pipes"
            )
        })
}

/// `Err` with a one-line message unless there is a terminal to draw on and read keys from.
pub fn check_tty() -> Result<(), String> {
    open_tty().map(drop)
}

/// Undo everything [`Guard::enter`] did, on the terminal (stdout only when it is the terminal
/// and `/dev/tty` cannot be opened). Safe to call more than once, from any thread.
pub fn restore() {
    let _ = disable_raw_mode();
    fn undo(out: &mut impl Write) {
        let _ = execute!(
            out,
            DisableMouseCapture,
            DisableBracketedPaste,
            LeaveAlternateScreen,
            Show
        );
        let _ = out.flush();
    }
    match open_tty() {
        Ok(mut tty) => undo(&mut tty),
        Err(_) if std::io::IsTerminal::is_terminal(&stdout()) => undo(&mut stdout()),
        Err(_) => {}
    }
}

/// Restores the terminal before the default panic message is printed (to stderr).
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
    /// Raw mode, the alternate screen, bracketed paste and the mouse, on `tty`.
    pub fn enter(tty: &mut File) -> Result<Guard, String> {
        enable_raw_mode().map_err(|e| format!("cannot enter raw mode: {e}"))?;
        let guard = Guard;
        execute!(
            tty,
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
#[cfg(unix)]
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

/// Windows has no signals for this: a closed console window, Ctrl+Break, logging off or shutting
/// down arrive as console control events (Ctrl+C is a key in raw mode). Each restores the
/// console and ends the process with 130, as Esc or Ctrl+C in the inspector would.
#[cfg(windows)]
pub fn install_signal_handlers() -> Result<(), String> {
    ctrlc::set_handler(|| {
        restore();
        std::process::exit(130);
    })
    .map_err(|e| format!("cannot watch for console events: {e}"))
}
