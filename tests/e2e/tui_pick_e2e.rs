//! Tier 3 for the link list: the real binary under tmux with stdin and stdout
//! redirected — `urlscope pick < message > file` as mutt's `<pipe-message>` runs it, plain
//! `urlscope` with text piped in, `tmux capture-pane -Jp | urlscope pick`, and Ctrl+O inside a
//! shell's `$(…)`. The inspector draws on the terminal (/dev/tty); only the answer reaches the
//! file. Skipped (with a message) where tmux is missing; every wait is on a screen condition.

use crate::support;

use std::path::{Path, PathBuf};

use support::tmux::{BIN, Tmux, have};

fn mail(name: &str) -> String {
    format!("{}/tests/data/mail/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh file path for the answer.
fn out_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlscope-pick-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("out");
    let _ = std::fs::remove_file(&f);
    f
}

/// Run the shell `script` (`$0` is the binary, `$1` the answer file, `$2` an argument) in a
/// `w`×`h` tmux window; after it the shell reports the exit status and whether the terminal
/// is back in cooked mode, then waits.
fn start(name: &str, script: &str, out: &Path, arg: &str, (w, h): (u16, u16)) -> Tmux {
    let full = format!(
        "{script}; echo \"EXITED $?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | tr '\\n' ' '; echo; exec sleep 60"
    );
    Tmux::start(
        name,
        (w, h),
        "",
        &[],
        &["sh", "-c", &full, BIN, out.to_str().unwrap(), arg],
    )
}

/// The exit report: the status, and raw mode and the alternate screen gone.
fn exited(t: &Tmux, status: i32) -> String {
    let screen = t.wait_for("the exit report", 10, |s| {
        s.contains("EXITED") && s.contains("icanon")
    });
    assert!(screen.contains(&format!("EXITED {status}")), "{screen}");
    assert!(
        screen
            .lines()
            .any(|l| l.split_whitespace().any(|m| m == "icanon")),
        "raw mode left on:\n{screen}"
    );
    assert_eq!(t.format("#{alternate_on}"), "0", "alternate screen left on");
    screen
}

#[test]
fn pick_from_a_message_filters_and_enter_writes_only_the_link() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("enter");
    let t = start(
        "pick-enter",
        r#""$0" pick < "$2" > "$1""#,
        &out,
        &mail("alternative.eml"),
        (80, 24),
    );
    t.wait_text("7 of 7 links", 10);
    t.type_text("token");
    t.wait_text("1 of 7 links", 10);
    t.keys(&["Enter"]);
    exited(&t, 0);
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"https://shop.example.com/orders?order=8842913&token=a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6\n"
    );
}

#[test]
fn esc_cancels_with_130_and_writes_nothing() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("esc");
    let t = start(
        "pick-esc",
        r#"cat "$2" | "$0" > "$1""#,
        &out,
        &mail("html-only.eml"),
        (120, 40),
    );
    t.wait_text("4 of 4 links", 10);
    t.keys(&["Down", "Tab"]);
    t.wait_text("back to the link list", 10);
    t.keys(&["Escape"]);
    t.wait_text("4 of 4 links", 10);
    t.keys(&["Escape"]);
    exited(&t, 130);
    assert_eq!(std::fs::read(&out).unwrap(), b"");
}

#[test]
fn ctrl_o_in_a_shell_substitution_prints_the_result_shown() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("ctrl-o");
    let t = start(
        "pick-ctrl-o",
        r#"x=$("$0" "$2"); s=$?; printf '%s' "$x" > "$1"; (exit $s)"#,
        &out,
        "HTTP://A:80/%7e",
        (80, 24),
    );
    let screen = t.wait_text("after ", 10);
    let after = screen
        .lines()
        .find_map(|l| l.split("after  ").nth(1))
        .unwrap()
        .trim_end_matches(['│', ' '])
        .to_string();
    t.keys(&["C-o"]);
    exited(&t, 0);
    assert_eq!(
        String::from_utf8(std::fs::read(&out).unwrap()).unwrap(),
        after
    );
    assert!(
        after.to_ascii_lowercase().starts_with("http://a"),
        "{after}"
    );
}

#[test]
fn a_tmux_pane_capture_piped_into_pick() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("capture");
    // The first window shows the text; the second pipes its capture into the picker.
    let t = Tmux::start(
        "pick-capture",
        (100, 30),
        "",
        &[],
        &[
            "sh",
            "-c",
            &format!("cat {}; exec sleep 60", mail("plain.txt")),
        ],
    );
    t.wait_text("Mase_(", 10);
    let sock = t.format("#{socket_path}");
    let pane = t.format("#{pane_id}");
    let script = format!(
        "tmux -S '{sock}' capture-pane -Jp -t '{pane}' | '{BIN}' pick > '{}'; echo \"EXITED $?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | tr '\\n' ' '; echo; exec sleep 60",
        out.display()
    );
    assert!(
        t.tmux(&["new-window", "sh", "-c", &script])
            .status
            .success()
    );
    t.wait_text("links (substring", 10);
    t.type_text("wikipedia");
    t.wait_text("1 of ", 10);
    t.keys(&["Enter"]);
    exited(&t, 0);
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"https://en.wikipedia.org/wiki/Mase_(disambiguation)\n"
    );
}

#[test]
fn multi_tab_marks_and_enter_writes_each_marked_link_on_its_line() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("multi");
    let t = start(
        "pick-multi",
        r#""$0" pick --multi < "$2" > "$1""#,
        &out,
        &mail("plain.txt"),
        (80, 24),
    );
    t.wait_text("8 of 8 links · 0 marked", 10);
    // Tab marks and moves on (fzf's habit): the 2nd and 3rd links, then the 6th.
    t.keys(&["Down", "Tab", "Tab"]);
    t.wait_text("2 marked", 10);
    t.keys(&["Down", "Down", "Tab"]);
    let screen = t.wait_text("3 marked", 10);
    assert_eq!(screen.matches('●').count(), 3, "{screen}");
    assert!(screen.contains("3 links marked"), "{screen}");
    t.keys(&["Enter"]);
    exited(&t, 0);
    assert_eq!(
        String::from_utf8(std::fs::read(&out).unwrap()).unwrap(),
        "http://www.funet.fi/pub/doc/rfc/rfc1738.txt\n\
         http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n\
         https://example.org/single\n"
    );
}

/// An mbox of `n` messages from `first` on, one link each (`http://mN.example/`).
fn mbox(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|k| format!("From a@x Thu Nov 26 10:00:00 2026\nFrom: a@x.example\nMessage-ID: <{k}@x>\n\nsee http://m{k}.example/\n"))
        .collect()
}

#[test]
fn pick_shows_an_mboxs_first_links_while_a_slow_writer_is_still_writing() {
    if !have("tmux", "-V") {
        return;
    }
    let out = out_file("stream");
    // The writer stops after three messages (and the fourth's envelope, which ends the third)
    // until the file `go` exists: the list must show the first links meanwhile.
    let dir = out.parent().unwrap();
    let (part1, part2, go) = (dir.join("part1"), dir.join("part2"), dir.join("go"));
    let first = mbox(1, 3) + "From a@x Thu Nov 26 10:00:00 2026\n";
    std::fs::write(&part1, first).unwrap();
    let rest = mbox(4, 3);
    let rest = rest
        .strip_prefix("From a@x Thu Nov 26 10:00:00 2026\n")
        .unwrap();
    std::fs::write(&part2, rest).unwrap();
    let _ = std::fs::remove_file(&go);
    let t = start(
        "pick-stream",
        r#"(cat "$2/part1"; while [ ! -e "$2/go" ]; do sleep 0.1; done; cat "$2/part2") | "$0" pick > "$1""#,
        &out,
        dir.to_str().unwrap(),
        (80, 24),
    );
    let screen = t.wait_for("the first links", 10, |s| s.contains("3 of 3 links"));
    assert!(screen.contains("reading… 3 messages"), "{screen}");
    assert!(screen.contains("http://m1.example/"), "{screen}");
    assert!(!screen.contains("http://m4.example/"), "{screen}");
    std::fs::write(&go, "").unwrap();
    let screen = t.wait_for("the rest", 10, |s| s.contains("6 of 6 links"));
    assert!(screen.contains("· 6 messages"), "{screen}");
    // The selection stayed on the first link; End goes to the last one read.
    t.keys(&["End", "Enter"]);
    exited(&t, 0);
    assert_eq!(std::fs::read(&out).unwrap(), b"http://m6.example/\n");
}
