//! The copy key end to end: the real binary under tmux puts the result
//! on an X11 clipboard served by Xvfb (read back with xclip), and over SSH sends it through
//! OSC 52, which tmux with `set-clipboard on` turns into a paste buffer. Each test prints a
//! skip message and returns where Xvfb, xclip or tmux is missing. Every wait is on a condition
//! with a timeout, never a fixed sleep.

use crate::support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::tmux::{BIN, Tmux, have, wait};

const INPUT: &str = "HTTP://WWW.Example.COM:80/%7e#x";
const EXPECTED: &str = "http://www.example.com/%7e";

/// How long a clipboard test waits for a screen.
const WAIT_S: u64 = 15;

/// `cmd` under tmux at 100×30 with the configuration `conf`.
fn start(name: &str, conf: &str, cmd: &[&str]) -> Tmux {
    Tmux::start(&format!("clip-{name}"), (100, 30), conf, &[], cmd)
}

/// Alt+3 (PDF Web Capture) then Ctrl+Y, once the first frame is up.
fn copy_pdf_result(t: &Tmux) {
    t.wait_text("after ", WAIT_S);
    t.keys(&["M-3"]);
    t.wait_text(&format!("after  {EXPECTED}"), WAIT_S);
    t.keys(&["C-y"]);
}

/// An Xvfb server on a free display, killed on drop.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// Xvfb picks a free display itself and writes its number to stdout once it accepts
    /// connections (`-displayfd`), so tests running in parallel never share or race for one.
    fn start() -> Option<Xvfb> {
        use std::io::BufRead;
        let mut child = Command::new("Xvfb")
            .args(["-displayfd", "1", "-nolisten", "tcp"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdout = child.stdout.take()?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        match rx.recv_timeout(Duration::from_secs(15)) {
            Ok(line) if line.trim().parse::<u32>().is_ok() => Some(Xvfb {
                child,
                display: format!(":{}", line.trim()),
            }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                None
            }
        }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn ctrl_y_puts_the_result_on_the_x11_clipboard() {
    if !have("tmux", "-V") || !have("xclip", "-version") || !have("Xvfb", "-help") {
        return;
    }
    let Some(x) = Xvfb::start() else {
        eprintln!("SKIPPED: Xvfb could not start on a free display");
        return;
    };
    let display = format!("DISPLAY={}", x.display);
    let t = start(
        "x11",
        "",
        &[
            "env",
            "-u",
            "SSH_TTY",
            "-u",
            "SSH_CONNECTION",
            "-u",
            "SSH_CLIENT",
            "-u",
            "WAYLAND_DISPLAY",
            &display,
            BIN,
            INPUT,
        ],
    );
    copy_pdf_result(&t);
    t.wait_text("copied the PDF result to clipboard", WAIT_S);
    let got = wait("xclip to read the clipboard", 15, || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o"])
            .env("DISPLAY", &x.display)
            .stderr(Stdio::null())
            .output()
            .ok()?;
        let s = String::from_utf8_lossy(&out.stdout).into_owned();
        (s == EXPECTED).then_some(s)
    });
    assert_eq!(got, EXPECTED);
    eprintln!("clipboard holds {got:?}");
    t.keys(&["C-c"]);
}

#[test]
fn over_ssh_ctrl_y_sends_osc52_to_the_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    let t = start(
        "osc52",
        "set -g set-clipboard on\n",
        &[
            "env",
            "-u",
            "DISPLAY",
            "-u",
            "WAYLAND_DISPLAY",
            "SSH_TTY=/dev/pts/99",
            BIN,
            INPUT,
        ],
    );
    copy_pdf_result(&t);
    t.wait_text("sent the PDF result to terminal via OSC 52", WAIT_S);
    let got = wait("tmux to hold a paste buffer", 15, || {
        let out = t.tmux(&["show-buffer"]);
        let s = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.success() && s == EXPECTED).then_some(s)
    });
    assert_eq!(got, EXPECTED);
    eprintln!("clipboard holds {got:?}");
    t.keys(&["C-c"]);
}

/// Read one X selection (`clipboard` or `primary`) with xclip.
fn xclip_read(display: &str, selection: &str) -> Option<String> {
    let out = Command::new("xclip")
        .args(["-selection", selection, "-o"])
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Put `text` on an X selection with xclip (which stays behind to serve it).
fn xclip_write(display: &str, selection: &str, text: &str) {
    use std::io::Write;
    let mut child = Command::new("xclip")
        .args(["-selection", selection, "-i"])
        .env("DISPLAY", display)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run xclip");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    // xclip forks a server and its first process exits.
    let status = child.wait().expect("xclip");
    assert!(status.success(), "xclip -i failed");
}

/// Pids of urlscope clipboard servers running on `display`.
fn servers_on(display: &str) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            let args: Vec<&[u8]> = cmd.split(|&b| b == 0).collect();
            args.get(1) == Some(&&b"__serve-clipboard"[..])
                && env
                    .split(|&b| b == 0)
                    .any(|v| v == format!("DISPLAY={display}").as_bytes())
        })
        .collect()
}

fn start_x11(name: &str, input: &str, x: &Xvfb) -> Tmux {
    let display = format!("DISPLAY={}", x.display);
    start(
        name,
        // Keep the pane after urlscope exits, so the test can see that it did.
        "set -g remain-on-exit on\n",
        &[
            "env",
            "-u",
            "SSH_TTY",
            "-u",
            "SSH_CONNECTION",
            "-u",
            "SSH_CLIENT",
            "-u",
            "WAYLAND_DISPLAY",
            &display,
            BIN,
            input,
        ],
    )
}

#[test]
fn a_copied_component_survives_quitting_on_clipboard_and_primary() {
    if !have("tmux", "-V") || !have("xclip", "-version") || !have("Xvfb", "-help") {
        return;
    }
    let Some(x) = Xvfb::start() else {
        eprintln!("SKIPPED: Xvfb could not start on a free display");
        return;
    };
    let t = start_x11("keep", INPUT, &x);
    t.wait_text("after ", WAIT_S);
    // Tab Tab: the components pane, with the component under the cursor (the fragment)
    // selected; five rows up is the host.
    t.keys(&["Tab", "Tab"]);
    t.wait_text("▶ Components", WAIT_S);
    t.keys(&["Up", "Up", "Up", "Up", "Up", "Y"]);
    t.wait_text("copied the host to clipboard and primary selection", WAIT_S);
    // `q` in a pane asks first; the second quits.
    t.keys(&["q", "q"]);
    wait("urlscope to exit", 15, || t.pane_dead().then_some(()));
    // urlscope has exited; both selections are still served (raw octets, not lowercased).
    for sel in ["clipboard", "primary"] {
        let got = wait(&format!("xclip to read {sel}"), 15, || {
            xclip_read(&x.display, sel).filter(|s| s == "WWW.Example.COM")
        });
        eprintln!("{sel} holds {got:?} after urlscope quit");
    }
    assert_eq!(servers_on(&x.display).len(), 1, "one clipboard server");
    // Another program takes both selections: the server ends, as clipboard tools do.
    xclip_write(&x.display, "clipboard", "other");
    xclip_write(&x.display, "primary", "other");
    wait("the clipboard server to exit", 15, || {
        servers_on(&x.display).is_empty().then_some(())
    });
    assert_eq!(
        xclip_read(&x.display, "clipboard").as_deref(),
        Some("other")
    );
}

#[test]
fn ctrl_v_pastes_the_x11_clipboard_into_the_input() {
    if !have("tmux", "-V") || !have("xclip", "-version") || !have("Xvfb", "-help") {
        return;
    }
    let Some(x) = Xvfb::start() else {
        eprintln!("SKIPPED: Xvfb could not start on a free display");
        return;
    };
    let url = "http://pasted.example/ä?q=1";
    xclip_write(&x.display, "clipboard", url);
    let t = start_x11("paste", "", &x);
    t.wait_text("after ", WAIT_S);
    t.keys(&["C-v"]);
    let screen = t.wait_text("pasted 28 bytes from the clipboard", WAIT_S);
    assert!(screen.contains(&format!("URL  {url}")), "{screen}");
    // `v` in another pane pastes into the URL input too; a whole URL pasted over a whole URL
    // replaces it, and the status line says so.
    t.keys(&["Tab", "Tab", "v"]);
    let screen = t.wait_text("the pasted URL replaced", WAIT_S);
    assert!(screen.contains(&format!("URL  {url}")), "{screen}");
    assert!(!screen.contains(&format!("{url}{url}")), "{screen}");
    t.keys(&["C-c"]);
}

/// A headless wlroots compositor (sway, which implements the data-control protocol arboard
/// uses on Wayland), stopped on drop. sway refuses to run as root; as root it runs as `nobody`.
struct Sway {
    child: Child,
    runtime: PathBuf,
    socket: String,
}

impl Sway {
    fn start() -> Option<Sway> {
        use std::os::unix::fs::MetadataExt;
        let root = std::fs::metadata("/proc/self").ok()?.uid() == 0;
        let runtime = std::env::temp_dir().join(format!("urlscope-wl-{}", std::process::id()));
        std::fs::create_dir_all(&runtime).ok()?;
        let conf = runtime.join("sway.conf");
        std::fs::write(&conf, "").ok()?;
        if root {
            let ok = Command::new("chown")
                .args(["-R", "nobody"])
                .arg(&runtime)
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                return None;
            }
        }
        let mut cmd = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--", "sway"]);
            c
        } else {
            Command::new("sway")
        };
        cmd.arg("-c")
            .arg(&conf)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", &runtime)
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("WLR_BACKENDS", "headless")
            .env("WLR_LIBINPUT_NO_DEVICES", "1")
            .env("WLR_RENDERER", "pixman")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut child = cmd.spawn().ok()?;
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let socket = std::fs::read_dir(&runtime).ok()?.find_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                (name.starts_with("wayland-") && !name.ends_with(".lock")).then_some(name)
            });
            if let Some(socket) = socket {
                return Some(Sway {
                    child,
                    runtime,
                    socket,
                });
            }
            if child.try_wait().ok().flatten().is_some() || Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                let _ = std::fs::remove_dir_all(&runtime);
                return None;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    fn env(&self) -> [(&str, String); 2] {
        [
            ("XDG_RUNTIME_DIR", self.runtime.display().to_string()),
            ("WAYLAND_DISPLAY", self.socket.clone()),
        ]
    }

    fn paste(&self, primary: bool) -> Option<String> {
        let mut c = Command::new("wl-paste");
        c.arg("--no-newline");
        if primary {
            c.arg("--primary");
        }
        let out = c
            .envs(self.env())
            .env_remove("DISPLAY")
            .stderr(Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn copy(&self, primary: bool, text: &str) {
        use std::io::Write;
        let mut c = Command::new("wl-copy");
        if primary {
            c.arg("--primary");
        }
        let mut child = c
            .envs(self.env())
            .env_remove("DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("wl-copy");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        // wl-copy forks a server that serves until replaced (or the compositor ends).
        assert!(child.wait().expect("wl-copy").success());
    }

    /// Pids of urlscope clipboard servers on this compositor.
    fn servers(&self) -> Vec<u32> {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        let want = format!("XDG_RUNTIME_DIR={}", self.runtime.display());
        dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
                let args: Vec<&[u8]> = cmd.split(|&b| b == 0).collect();
                args.get(1) == Some(&&b"__serve-clipboard"[..])
                    && env.split(|&b| b == 0).any(|v| v == want.as_bytes())
            })
            .collect()
    }
}

impl Drop for Sway {
    fn drop(&mut self) {
        // SIGTERM reaches sway through runuser; sway's exit ends every client it served.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.runtime);
    }
}

/// urlscope on `input` under the headless sway `wl`, with no X11 display and no SSH variables.
fn start_wayland(name: &str, conf: &str, wl: &Sway, input: &str) -> Tmux {
    let [(_, runtime), (_, socket)] = wl.env();
    let runtime = format!("XDG_RUNTIME_DIR={runtime}");
    let socket = format!("WAYLAND_DISPLAY={socket}");
    start(
        name,
        conf,
        &[
            "env",
            "-u",
            "DISPLAY",
            "-u",
            "SSH_TTY",
            "-u",
            "SSH_CONNECTION",
            "-u",
            "SSH_CLIENT",
            &runtime,
            &socket,
            BIN,
            input,
        ],
    )
}

#[test]
fn on_wayland_a_copy_survives_quitting_and_ctrl_v_pastes() {
    if !have("tmux", "-V") || !have("sway", "--version") || !have("wl-paste", "--version") {
        return;
    }
    let Some(wl) = Sway::start() else {
        eprintln!("SKIPPED: a headless sway could not start");
        return;
    };
    let t = start_wayland("wayland", "set -g remain-on-exit on\n", &wl, INPUT);
    t.wait_text("after ", WAIT_S);
    t.keys(&["Tab", "Tab"]);
    t.wait_text("▶ Components", WAIT_S);
    t.keys(&["Up", "Up", "Up", "Up", "Up", "Y"]);
    t.wait_text("copied the host to clipboard and primary selection", WAIT_S);
    // `q` in a pane asks first; the second quits.
    t.keys(&["q", "q"]);
    wait("urlscope to exit", 15, || t.pane_dead().then_some(()));
    for primary in [false, true] {
        let got = wait("wl-paste to read the selection", 15, || {
            wl.paste(primary).filter(|s| s == "WWW.Example.COM")
        });
        eprintln!("primary={primary} holds {got:?} after urlscope quit");
    }
    assert_eq!(wl.servers().len(), 1, "one clipboard server");
    wl.copy(false, "http://wl.example/ä");
    wl.copy(true, "other");
    wait("the clipboard server to exit", 15, || {
        wl.servers().is_empty().then_some(())
    });
    // Ctrl+V reads what wl-copy put there.
    let t = start_wayland("wayland-paste", "", &wl, "");
    t.wait_text("after ", WAIT_S);
    t.keys(&["C-v"]);
    let screen = t.wait_text("pasted 20 bytes from the clipboard", WAIT_S);
    assert!(screen.contains("URL  http://wl.example/ä"), "{screen}");
    t.keys(&["C-c"]);
}
