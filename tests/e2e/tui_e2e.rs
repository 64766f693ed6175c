//! Tier 3: the real binary under tmux on a private socket. Skipped (with a message) where tmux
//! is missing. Every wait is on a screen condition with a timeout, never a fixed sleep.

use crate::support;

use std::process::Command;
use std::time::Instant;

use support::tmux::{BIN, Tmux, have};

const ACCEPT: &str = "HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1#frag";

fn have_tmux() -> bool {
    have("tmux", "-V")
}

/// Start `urlscope [url]` in a `w`×`h` window; after it exits, the shell reports the exit
/// status and the terminal modes, then runs `cat -v` so a later paste shows raw escapes.
fn start(url: Option<&str>, w: u16, h: u16) -> Tmux {
    start_env(url, w, h, &[])
}

/// [`start`] with extra environment variables (`NAME=value`) for the session.
fn start_env(url: Option<&str>, w: u16, h: u16, env: &[&str]) -> Tmux {
    let script = r#"if [ -n "$1" ]; then "$0" "$1"; else "$0"; fi; echo "EXITED $?"; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo; exec cat -v"#;
    Tmux::start(
        "tui",
        (w, h),
        "",
        env,
        &["sh", "-c", script, BIN, url.unwrap_or("")],
    )
}

/// After the app exits: status 0 and every terminal mode restored.
fn assert_clean_exit(t: &Tmux) {
    assert_restored_exit(t, 0);
}

/// After the app exits with `status`: every terminal mode restored.
fn assert_restored_exit(t: &Tmux, status: i32) {
    let screen = t.wait_for("the exit report", 10, |s| {
        s.contains("EXITED") && s.contains("icanon")
    });
    assert!(screen.contains(&format!("EXITED {status}")), "{screen}");
    let modes = screen
        .lines()
        .find(|l| l.contains("icanon"))
        .unwrap_or("")
        .to_string();
    assert!(
        modes.split_whitespace().any(|m| m == "icanon"),
        "raw mode left on: {modes}"
    );
    assert!(
        modes.split_whitespace().any(|m| m == "echo"),
        "echo left off: {modes}"
    );
    assert_eq!(t.format("#{alternate_on}"), "0", "alternate screen left on");
    assert_eq!(t.format("#{mouse_any_flag}"), "0", "mouse capture left on");
    assert_eq!(t.format("#{cursor_flag}"), "1", "cursor left hidden");
    // Bracketed paste off: a paste reaches `cat -v` without the ESC[200~ markers.
    t.paste(b"AFTERPASTE");
    let screen = t.wait_text("AFTERPASTE", 10);
    assert!(
        !screen.contains("[200~"),
        "bracketed paste left on:\n{screen}"
    );
}

#[test]
fn first_frame_editing_profiles_and_exit() {
    if !have_tmux() {
        return;
    }
    let t = start(Some(ACCEPT), 120, 40);
    t.wait_text(
        "after  HTTP://User@WWW.Example.COM:80/a/./b/../%7E%20c?q=1#frag",
        10,
    );
    t.keys(&["M-3"]);
    // Wait for the whole frame (a capture may land between the after line and the step log).
    let steps = [
        "strip-fragment",
        "lowercase-scheme",
        "lowercase-host",
        "strip-default-port",
        "remove-dot-segments",
    ];
    t.wait_for("the PDF result and its step log", 10, |s| {
        s.contains("after  http://User@www.example.com/a/%7e c?q=1 ")
            && steps.iter().all(|step| s.contains(step))
    });
    t.keys(&["M-1"]);
    t.wait_text(
        "after  HTTP://User@WWW.Example.COM:80/a/./b/../%7E%20c?q=1#frag",
        10,
    );
    // Editing: delete "frag", type a new fragment, move home and type a character.
    t.keys(&["End", "BSpace", "BSpace", "BSpace", "BSpace"]);
    t.type_text("x y");
    t.wait_text(
        "after  HTTP://User@WWW.Example.COM:80/a/./b/../%7E%20c?q=1#x%20y",
        10,
    );
    t.keys(&["C-a"]);
    t.type_text("<");
    t.keys(&["C-e"]);
    t.type_text(">");
    t.wait_text(
        "URL  <HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1#x y>",
        10,
    );
    // q types into the input; after Esc it quits.
    t.keys(&["Escape"]);
    t.wait_text("▶ Components", 10);
    t.keys(&["q", "q"]);
    assert_clean_exit(&t);
}

#[test]
fn fido_paste_with_line_breaks() {
    if !have_tmux() {
        return;
    }
    let t = start(Some("x"), 100, 30);
    t.wait_text("URL  x", 10);
    t.keys(&["C-u", "M-4"]);
    t.wait_text("Result — FidoURL", 10);
    t.paste(b"MtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.");
    t.wait_text("after  area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/", 10);
    // The line break is drawn as a visible symbol; Alt+Enter adds one, plain Enter nothing.
    t.wait_text("Win%%␊MtW>> %%Soft", 10);
    t.keys(&["Enter", "M-Enter"]);
    t.type_text("Q");
    t.wait_text("often used.␊Q", 10);
    t.keys(&["C-c"]);
    assert_clean_exit(&t);
}

#[test]
fn one_mib_paste() {
    if !have_tmux() {
        return;
    }
    let t = start(None, 160, 40);
    t.wait_text("URL  HTTP://User@WWW.Example.COM", 10);
    t.keys(&["C-u"]);
    t.wait_text(" 0 B", 10);
    let mut big = b"http://example.com/".to_vec();
    while big.len() < (1 << 20) - 4 {
        big.extend_from_slice(b"a%7e b/");
    }
    big.truncate((1 << 20) - 4);
    big.extend_from_slice(b"#END");
    let started = Instant::now();
    t.paste(&big);
    let want = format!(" {} B", big.len());
    t.wait_for("the 1 MiB paste analysed", 120, |s| {
        // The status line is above the key bar.
        let status = s.lines().rev().nth(1).unwrap_or("");
        status.contains(&want) && !status.contains("analysing")
    });
    eprintln!(
        "1 MiB paste on screen and analysed after {:?}",
        started.elapsed()
    );
    // Still responsive: a keystroke shows at once.
    t.type_text("Z");
    t.wait_text("#ENDZ", 20);
    t.keys(&["C-c"]);
    assert_clean_exit(&t);
}

#[test]
fn resize_down_to_2x1_and_back() {
    if !have_tmux() {
        return;
    }
    let t = start(Some(ACCEPT), 120, 40);
    t.wait_text("Result — RFC 1738", 10);
    for (w, h) in [(60u16, 20u16), (20, 5), (2, 1)] {
        assert!(
            t.tmux(&["resize-window", "-x", &w.to_string(), "-y", &h.to_string()])
                .status
                .success()
        );
        t.wait_for(&format!("{w}x{h}"), 10, |s| {
            s.lines().count() <= h as usize && s.lines().all(|l| l.chars().count() <= w as usize)
        });
    }
    assert!(
        t.tmux(&["resize-window", "-x", "100", "-y", "30"])
            .status
            .success()
    );
    t.wait_for("a full redraw at 100x30", 10, |s| {
        s.contains("Result — RFC 1738") && s.contains("URL  HTTP://User@")
    });
    assert_eq!(t.format("#{pane_dead}"), "0");
    t.keys(&["C-c"]);
    assert_clean_exit(&t);
}

#[test]
fn not_a_terminal_is_a_one_line_error() {
    // No controlling terminal (`setsid`, where installed): the inspector draws on /dev/tty.
    let mut cmd = if Command::new("setsid").arg("--version").output().is_ok() {
        let mut c = Command::new("setsid");
        c.args(["-w", BIN]);
        c
    } else {
        Command::new(BIN)
    };
    let out = cmd
        .arg("http://x/")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run urlscope");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing written to the terminal");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a terminal"), "{err}");
}

/// SIGTERM and SIGHUP end the inspector with 128 + the signal, the terminal restored.
#[test]
fn sigterm_and_sighup_restore_the_terminal() {
    if !have_tmux() {
        return;
    }
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
        let t = start(Some(ACCEPT), 100, 30);
        t.wait_text("Components", 10);
        let shell = t.format("#{pane_pid}");
        let child = Command::new("pgrep")
            .args(["-P", &shell])
            .output()
            .expect("pgrep");
        let pid = String::from_utf8_lossy(&child.stdout).trim().to_string();
        assert!(
            !pid.is_empty(),
            "no urlscope process under the pane's shell"
        );
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill");
        assert!(killed.success());
        assert_restored_exit(&t, status);
    }
}

/// The colour parameters of the SGR sequences in `screen` (38/48 and the 3x/4x/9x/10x colours;
/// 39 and 49, "default colour", are not colours).
fn colour_sgr(screen: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in screen.split("\x1b[").skip(1) {
        let Some(end) = part.find(|c: char| !(c.is_ascii_digit() || c == ';' || c == ':')) else {
            continue;
        };
        if !part[end..].starts_with('m') {
            continue;
        }
        let params = &part[..end];
        let colour = params.split(';').any(|p| {
            let p = p.split(':').next().unwrap_or("");
            matches!(
                p.parse::<u16>(),
                Ok(30..=38 | 40..=48 | 90..=97 | 100..=107)
            )
        });
        if colour {
            out.push(params.to_string());
        }
    }
    out
}

#[test]
fn no_color_draws_without_colour_escapes() {
    if !have_tmux() {
        return;
    }
    // The check itself: the default theme does colour the screen.
    let t = start(Some(ACCEPT), 120, 40);
    t.wait_text("after  HTTP://User@WWW.Example.COM", 10);
    let coloured = t.capture_escapes();
    assert!(
        !colour_sgr(&coloured).is_empty(),
        "the default theme has colours"
    );
    drop(t);
    let t = start_env(Some(ACCEPT), 120, 40, &["NO_COLOR=1"]);
    t.wait_text("after  HTTP://User@WWW.Example.COM", 10);
    // The key list too.
    for screen_keys in [&[][..], &["F1"][..]] {
        t.keys(screen_keys);
        if !screen_keys.is_empty() {
            t.wait_text("open or close this key list", 10);
        }
        let screen = t.capture_escapes();
        let found = colour_sgr(&screen);
        assert!(
            found.is_empty(),
            "colour escapes under NO_COLOR: {found:?}\n{screen}"
        );
        assert!(
            screen.contains("\x1b["),
            "attributes (bold, reverse) remain"
        );
    }
    t.keys(&["C-c"]);
    assert_clean_exit(&t);
}

/// The unwrap view (docs/lenses.md) in the real binary: paste a SafeLinks-wrapped link, `u`,
/// select the innermost layer, Enter loads it into the URL line, Backspace brings the link back.
#[test]
fn unwrap_view_loads_a_layer_and_goes_back() {
    if !have_tmux() {
        return;
    }
    const WRAPPED: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2Fpath%3Fa%3D1&data=05%7C02&reserved=0";
    let t = start(Some(ACCEPT), 80, 24);
    t.wait_text(&format!("URL  {ACCEPT}"), 10);
    // Clear the URL line, then paste the link.
    t.keys(&["End", "C-u"]);
    t.wait_for("an empty URL line", 10, |s| {
        s.lines().next().is_some_and(|l| l.trim_end() == "URL")
    });
    t.paste(WRAPPED.as_bytes());
    t.wait_text("reserved=0", 10);
    t.keys(&["Escape"]);
    t.wait_text("▶ Components", 10);
    t.keys(&["u"]);
    t.wait_text(
        "1 layer (1 wrapper) to the target: https://example.org/path?a=1",
        10,
    );
    t.keys(&["Down"]);
    t.wait_text("▶ 1 Outlook SafeLinks", 10);
    t.keys(&["Enter"]);
    let screen = t.wait_text("loaded layer 1 (Outlook SafeLinks) into the URL line", 10);
    assert!(
        screen.starts_with("URL  https://example.org/path?a=1\n"),
        "{screen}"
    );
    t.keys(&["BSpace"]);
    let screen = t.wait_text("back to the previous input", 10);
    assert!(
        screen.starts_with("URL  https://nam12.safelinks.protection.outlook.com/?url="),
        "{screen}"
    );
    assert!(
        screen.contains("1 layer (1 wrapper) to the target"),
        "{screen}"
    );
    t.keys(&["Escape"]);
    t.wait_for("the view closed", 10, |s| !s.contains("Unwrap —"));
    t.keys(&["q", "q"]);
    assert_clean_exit(&t);
}

/// The modern lens in the real binary (docs/lenses.md): the status line's host
/// summary, the host view, the parser comparison and the WHATWG profile, keyboard only, at 80×24.
#[test]
fn modern_lens_views_in_a_real_terminal() {
    if !have_tmux() {
        return;
    }
    let t = start(Some("http://0x7f.1/"), 80, 24);
    t.wait_text("host 127.0.0.1 ⚠ loopback IP", 10);
    t.keys(&["Escape"]);
    t.wait_text("▶ Components", 10);
    t.keys(&["h"]);
    t.wait_text("IPv4 parts", 10);
    t.wait_text("0x7f", 10);
    t.keys(&["Escape"]);
    t.wait_for("the host view closed", 10, |s| !s.contains("Host lens"));
    t.keys(&["p"]);
    let screen = t.wait_text("the parsers disagree on the host", 10);
    assert!(screen.contains("127.0.0.1"), "{screen}");
    t.keys(&["Escape"]);
    t.wait_for("the parser view closed", 10, |s| !s.contains("Parsers —"));
    // Wait on the line drawn last of what is checked, so the capture is never mid-frame.
    t.keys(&["6"]);
    t.wait_frame("after  http://127.0.0.1/", &["Result — WHATWG"], 10);
    t.keys(&["5"]);
    t.wait_frame("after  http://0x7f.1/", &["Result — RFC 3986"], 10);
    t.keys(&["q", "q"]);
    assert_clean_exit(&t);
}

/// A bracketed paste into the untouched example replaces
/// it (no `…#fraghttps://…`), Ctrl+Z brings the example back; `2` typed at start-up goes into
/// the URL line with a status line that says so, and after Esc `2` picks Hyvätti.
#[test]
fn paste_and_typing_replace_the_untouched_example() {
    if !have_tmux() {
        return;
    }
    let t = start(None, 100, 30);
    t.wait_text("type or paste a URL over it", 10);
    t.wait_text("URL line: F1 keys  Esc pane keys", 10);
    t.paste(b"https://example.org/x");
    // The status line is the lowest line the paste's frame changes: once it says so, the
    // whole frame is on screen (a capture can land mid-frame, with the old result below).
    let screen = t.wait_frame(
        "pasted over the example",
        &["URL  https://example.org/x", "after  https://example.org/x"],
        10,
    );
    assert!(!screen.contains("#frag"), "{screen}");
    t.keys(&["C-z"]);
    t.wait_text(&format!("URL  {ACCEPT}"), 10);
    drop(t);
    let t = start(None, 100, 30);
    t.wait_text("type or paste a URL over it", 10);
    t.type_text("2");
    let screen = t.wait_text("'2' typed over the example", 10);
    assert!(screen.starts_with("URL  2"), "{screen}");
    t.keys(&["C-z"]);
    t.wait_text(&format!("URL  {ACCEPT}"), 10);
    t.keys(&["Escape"]);
    t.wait_text("panes: ? keys", 10);
    t.type_text("2");
    t.wait_text("Result — Hyvätti", 10);
    t.keys(&["q", "q"]);
    assert_clean_exit(&t);
}

/// A long URL line, resized to 20×5 and 2×1 and back, shows its text at once
/// (it stayed blank until Home); item 8: Ctrl+U of a paste, Ctrl+Z and Ctrl+R (tmux sends
/// Ctrl+Shift+Z as Ctrl+Z), and the warnings list with the trim key.
#[test]
fn resize_keeps_the_url_line_and_undo_and_warnings_work() {
    if !have_tmux() {
        return;
    }
    let long = format!("http://example.com/{}end", "segment/".repeat(20));
    let t = start(Some(&long), 100, 30);
    t.wait_text("Result — RFC 1738", 10);
    for (w, h) in [(20u16, 5u16), (2, 1), (100, 30)] {
        assert!(
            t.tmux(&["resize-window", "-x", &w.to_string(), "-y", &h.to_string()])
                .status
                .success()
        );
        t.wait_for(&format!("{w}x{h}"), 10, |s| {
            s.lines().count() <= h as usize && s.lines().all(|l| l.chars().count() <= w as usize)
        });
    }
    let screen = t.wait_text("Result — RFC 1738", 10);
    let first = screen.lines().next().unwrap_or("");
    assert!(first.trim_end().ends_with("segment/end"), "{screen}");
    assert!(first.len() > 80, "the line shows as much as fits: {first}");
    // Ctrl+U wipes it, Ctrl+Z brings it back, Ctrl+R wipes it again.
    t.keys(&["C-u"]);
    t.wait_for("an empty URL line", 10, |s| {
        s.lines().next().is_some_and(|l| l.trim_end() == "URL")
    });
    t.keys(&["C-z"]);
    t.wait_text("segment/end", 10);
    t.keys(&["C-r"]);
    t.wait_for("an empty URL line again", 10, |s| {
        s.lines().next().is_some_and(|l| l.trim_end() == "URL")
    });
    // A paste with edge whitespace and a line feed: counted, listed, trimmed by Alt+T. The
    // fifth warning: RFC 1738 writes the line feed %0A, which today's parsers keep (they drop
    // a raw one), so the old rule changes the path (W-old-rule-today).
    t.paste(b"  http://example.com/page\n");
    t.wait_text("⚠ 5 · 1 hint [Alt+W]", 10);
    t.keys(&["M-w"]);
    t.wait_text("Warnings — ", 10);
    t.wait_text("W-control", 10);
    t.keys(&["M-t"]);
    t.wait_text("trimmed 3 octet(s)", 10);
    t.keys(&["Escape"]);
    // The URL line shows above the open list too: wait for the list to close, or the Ctrl+C that
    // follows arrives in the same read as the Escape and is taken as Alt+Ctrl+C.
    t.wait_for("the trimmed URL line, the list closed", 10, |s| {
        s.lines()
            .next()
            .is_some_and(|l| l.trim_end() == "URL  http://example.com/page")
            && !s.contains("Warnings — ")
            && s.lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| !l.starts_with("view:"))
    });
    t.keys(&["C-c"]);
    assert_clean_exit(&t);
}
