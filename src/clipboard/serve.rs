//! Keeping a copy after urlscope quits. On X11 and Wayland the clipboard holds no data: the
//! program that copied serves it to every reader, so the text would vanish with urlscope.
//! Clipboard tools (xclip, wl-copy) stay behind in the background; so does urlscope: a copy
//! re-runs the binary with a hidden subcommand that takes the text on stdin, owns CLIPBOARD and
//! PRIMARY, answers one line on stdout, and serves both until other programs take them.
//! (`unsafe` is forbidden here, so no fork(): a fresh process in its own process group.)

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

use arboard::{LinuxClipboardKind, SetExtLinux};

/// The hidden first argument that makes the binary serve the clipboard instead.
pub const SUBCOMMAND: &str = "__serve-clipboard";

/// The first word of the server's answer (so a binary that is not urlscope cannot pass).
const ACK: &str = "urlscope-clipboard";

/// How long the copying process waits for the server to own the selections.
const ACK_TIMEOUT: Duration = Duration::from_secs(5);

/// In `main`: when the binary was started as the clipboard server, serve and return the exit
/// code; otherwise `None`.
pub fn run_if_asked() -> Option<i32> {
    let first = std::env::args_os().nth(1)?;
    (first == SUBCOMMAND).then(serve)
}

/// What the server managed to own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Served {
    pub primary: bool,
}

/// Start a server for `text`; `Ok` once it owns CLIPBOARD (and says whether PRIMARY too).
pub fn spawn(text: &str) -> Result<Served, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find the urlscope binary ({e})"))?;
    let mut child = Command::new(exe)
        .arg(SUBCOMMAND)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .current_dir("/")
        // Its own process group: Ctrl+C and the terminal's hangup go to urlscope, not to it.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start the clipboard server ({e})"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let data = text.as_bytes().to_vec();
    // Write and read on threads: neither a full pipe nor a silent child can hang the UI.
    std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let answer = rx.recv_timeout(ACK_TIMEOUT).unwrap_or_default();
    let result = parse_answer(&answer);
    if result.is_err() {
        let _ = child.kill();
    }
    // Reap the server whenever it ends (while urlscope still runs).
    std::thread::spawn(move || {
        let _ = child.wait();
    });
    result
}

fn parse_answer(line: &str) -> Result<Served, String> {
    let mut words = line.trim_end().splitn(3, ' ');
    match (words.next(), words.next(), words.next()) {
        (Some(ACK), Some("ok"), rest) => Ok(Served {
            primary: rest == Some("primary"),
        }),
        (Some(ACK), Some("error"), Some(why)) => Err(why.to_string()),
        _ => Err("the clipboard server did not answer".into()),
    }
}

/// The server: own both selections, answer, then serve until each is taken by someone else.
fn serve() -> i32 {
    // Outlive a closed terminal: SIGHUP only sets a flag nobody reads.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGHUP,
        Arc::new(AtomicBool::new(false)),
    );
    let mut bytes = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut out = std::io::stdout();
    let answer = |out: &mut std::io::Stdout, s: String| {
        let _ = writeln!(out, "{ACK} {s}");
        let _ = out.flush();
    };
    let mut clip = match arboard::Clipboard::new() {
        Ok(c) => c,
        Err(e) => {
            answer(&mut out, format!("error no system clipboard ({e})"));
            return 1;
        }
    };
    // Set both without waiting first, so the answer is known before serving begins.
    let primary = clip
        .set()
        .clipboard(LinuxClipboardKind::Primary)
        .text(text.as_str())
        .is_ok();
    if let Err(e) = clip
        .set()
        .clipboard(LinuxClipboardKind::Clipboard)
        .text(text.as_str())
    {
        answer(
            &mut out,
            format!("error the system clipboard refused ({e})"),
        );
        return 1;
    }
    answer(&mut out, if primary { "ok primary" } else { "ok" }.into());
    watch_display();
    // Serve each selection until it is replaced; exit when both are.
    let waiter = primary.then(|| {
        let t = text.clone();
        std::thread::spawn(move || {
            if let Ok(mut c) = arboard::Clipboard::new() {
                let _ = c
                    .set()
                    .clipboard(LinuxClipboardKind::Primary)
                    .wait()
                    .text(t);
            }
        })
    });
    let _ = clip
        .set()
        .clipboard(LinuxClipboardKind::Clipboard)
        .wait()
        .text(text);
    if let Some(w) = waiter {
        let _ = w.join();
    }
    0
}

/// arboard's X11 waits are not woken when the X server goes away, so a server whose display
/// is gone would wait forever (and a new server on the same display number would not wake it
/// either): ask the display every few seconds and exit once the connection is broken.
fn watch_display() {
    std::thread::spawn(|| {
        let Ok(mut clip) = arboard::Clipboard::new() else {
            std::process::exit(0);
        };
        loop {
            std::thread::sleep(Duration::from_secs(2));
            // Reading asks the server who owns CLIPBOARD: on a dead connection that fails
            // with `Unknown`; an empty or foreign selection is a different error.
            if let Err(arboard::Error::Unknown { .. }) = clip.get_text() {
                std::process::exit(0);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_parsed_strictly() {
        assert_eq!(
            parse_answer("urlscope-clipboard ok primary\n"),
            Ok(Served { primary: true })
        );
        assert_eq!(
            parse_answer("urlscope-clipboard ok\n"),
            Ok(Served { primary: false })
        );
        assert_eq!(
            parse_answer("urlscope-clipboard error no system clipboard (x)\n"),
            Err("no system clipboard (x)".into())
        );
        assert!(parse_answer("").is_err());
        assert!(parse_answer("something else ok\n").is_err());
    }
}
