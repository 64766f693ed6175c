//! The one tmux driver of the end-to-end tests: the real binary in a private tmux server (its
//! own socket and temporary directory, both removed on drop), keys and bracketed pastes sent
//! in, the screen captured and waited on. Every wait polls a condition with a timeout, never a
//! fixed sleep. A test first asks `have` for each tool it needs, which prints a skip message
//! when one is missing.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_urlscope");

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Is `tool` installed (does `tool arg` run)? If not, say the test is skipped.
pub fn have(tool: &str, arg: &str) -> bool {
    let ok = Command::new(tool)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !ok {
        eprintln!(
            "SKIPPED: {tool} is not installed; this end-to-end test needs it (.ci/run installs it)"
        );
    }
    ok
}

/// Poll `f` until it returns `Some`, or panic after `secs` with `what`.
pub fn wait<T>(what: &str, secs: u64, mut f: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// A private tmux server running one command in one pane.
pub struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    /// Start `cmd` in a detached `w`×`h` session; `conf` is the server's configuration (empty:
    /// none), `env` holds `NAME=value` variables for the session. `name` tells the sockets of
    /// parallel tests apart.
    pub fn start(name: &str, (w, h): (u16, u16), conf: &str, env: &[&str], cmd: &[&str]) -> Tmux {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let socket = format!("urlscope-{name}-{}-{n}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        std::fs::create_dir_all(&dir).unwrap();
        let conf_path = dir.join("tmux.conf");
        std::fs::write(&conf_path, conf).unwrap();
        let t = Tmux { socket, dir };
        let (w, h) = (w.to_string(), h.to_string());
        let mut args = vec![
            "-f",
            conf_path.to_str().unwrap(),
            "new-session",
            "-d",
            "-x",
            &w,
            "-y",
            &h,
        ];
        for e in env {
            args.extend_from_slice(&["-e", e]);
        }
        args.extend_from_slice(cmd);
        let out = t.tmux(&args);
        assert!(
            out.status.success(),
            "tmux new-session: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        t
    }

    /// Run a tmux command against this server.
    pub fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux")
    }

    /// The pane as text.
    pub fn capture(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p"]).stdout).into_owned()
    }

    /// The pane as text with its SGR sequences (`capture-pane -e`).
    pub fn capture_escapes(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-e"]).stdout).into_owned()
    }

    /// A tmux format (`#{…}`) expanded for the pane.
    pub fn format(&self, f: &str) -> String {
        String::from_utf8_lossy(&self.tmux(&["display-message", "-p", f]).stdout)
            .trim()
            .to_string()
    }

    /// Has the pane's command exited (with `remain-on-exit on` in the configuration)?
    pub fn pane_dead(&self) -> bool {
        self.format("#{pane_dead}") == "1"
    }

    /// Capture until `pred` holds; the screen that satisfied it.
    pub fn wait_for(&self, what: &str, timeout_s: u64, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(timeout_s);
        loop {
            let screen = self.capture();
            if pred(&screen) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what}; screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Capture until `text` is on screen. A capture can land mid-frame (the terminal receives a
    /// frame's changed cells top to bottom), so `text` should be on the line the awaited frame
    /// draws last; `wait_frame` then checks the lines above it.
    pub fn wait_text(&self, text: &str, timeout_s: u64) -> String {
        self.wait_for(&format!("{text:?}"), timeout_s, |s| s.contains(text))
    }

    /// Wait for `last`, the text on the lowest line the awaited frame changes, then assert
    /// that each of `earlier` (drawn before it in the same frame) is on screen too.
    pub fn wait_frame(&self, last: &str, earlier: &[&str], timeout_s: u64) -> String {
        let screen = self.wait_text(last, timeout_s);
        for e in earlier {
            assert!(
                screen.contains(e),
                "{e:?} missing once {last:?} is drawn:\n{screen}"
            );
        }
        screen
    }

    /// Send tmux key names (`M-3`, `C-y`, `Tab`, …).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys"];
        args.extend_from_slice(keys);
        assert!(self.tmux(&args).status.success());
    }

    /// Type `text` literally.
    pub fn type_text(&self, text: &str) {
        assert!(self.tmux(&["send-keys", "-l", text]).status.success());
    }

    /// Bracketed paste of `bytes` (`-r`: line feeds stay line feeds).
    pub fn paste(&self, bytes: &[u8]) {
        let file = self.dir.join("paste");
        std::fs::write(&file, bytes).unwrap();
        assert!(
            self.tmux(&["load-buffer", "-b", "t", file.to_str().unwrap()])
                .status
                .success()
        );
        assert!(
            self.tmux(&["paste-buffer", "-p", "-r", "-d", "-b", "t"])
                .status
                .success()
        );
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
