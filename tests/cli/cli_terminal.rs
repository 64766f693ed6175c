//! Tier 3 for the commands' output on a terminal: every command that prints data runs in a real
//! terminal (tmux, 80×24) on a hostile record — a window title (OSC 0 and 2), a tmux window
//! name, colour, a screen clear and cursor moves, a C1 CSI — and the pane keeps its title and
//! name, has no colour, and shows the record's escapes as visible tokens where the command
//! printed them. The same commands in a pipe keep the octets (`hostile_cli`, `cli_edit`).
//! Skipped (with a message) where tmux is missing; every wait is on a screen condition.

use crate::support;

use std::path::PathBuf;

use support::tmux::{BIN, Tmux, have};

/// A link whose tail tries everything a terminal obeys.
const HOSTILE: &[u8] = b"http://b.example/p\x1b]2;PWNED\x07\x1b]0;PWNED\x07\x1bkPWNED\x1b\\\x1b[31;1mRED\x1b[2J\x1b[H\x1b[12;40HMOVED\xc2\x9b32m";

/// What the pane shows of `HOSTILE`'s first escapes, in the commands' visible form.
const SHOWN: &str = "http://b.example/p\\x1B]2;PWNED\\x07";

/// A file holding `bytes`, for the shell to read.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlscope-term-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("record");
    std::fs::write(&f, bytes).unwrap();
    f
}

/// Run `urlscope ARGS` in tmux, where `$R` in `args` is the hostile record as an argument and
/// `stdin` (if any) is piped in. Returns the tmux session and every octet the terminal received
/// from the pane (tmux `pipe-pane`, started before the command runs), CR LF as LF.
fn on_a_terminal(name: &str, args: &str, stdin: Option<&[u8]>) -> (Tmux, String) {
    let rec = file(&format!("{name}-arg"), HOSTILE);
    let input = file(&format!("{name}-in"), stdin.unwrap_or(b""));
    let dir = rec.parent().unwrap().to_path_buf();
    let (go, stream) = (dir.join("go"), dir.join("stream"));
    let _ = std::fs::remove_file(&go);
    let redirect = if stdin.is_some() { "< \"$2\"" } else { "" };
    let script = format!(
        "while [ ! -e \"$3\" ]; do sleep 0.02; done; R=\"$(cat \"$1\")\"; \"$0\" {args} {redirect}; echo \"EXITED $?\"; exec sleep 60"
    );
    let t = Tmux::start(
        name,
        (80, 24),
        "set -g allow-rename on\nset -g set-titles on\n",
        // The reports' own colour is off, so any colour on the screen would be the record's.
        &["NO_COLOR=1"],
        &[
            "sh",
            "-c",
            &script,
            BIN,
            rec.to_str().unwrap(),
            input.to_str().unwrap(),
            go.to_str().unwrap(),
        ],
    );
    let pipe = format!("cat > '{}'", stream.display());
    assert!(t.tmux(&["pipe-pane", "-o", &pipe]).status.success());
    std::fs::write(&go, b"").unwrap();
    t.wait_text("EXITED", 20);
    let received = support::tmux::wait("the piped output", 10, || {
        let b = std::fs::read(&stream).ok()?;
        let s = String::from_utf8_lossy(&b).replace("\r\n", "\n");
        s.contains("EXITED").then_some(s)
    });
    (t, received)
}

/// Nothing but text reached the terminal (no control character but LF, no C1, bidi or
/// zero-width character), and nothing of the record changed the window: no title or window
/// name from it, no colour or attribute on the screen.
fn assert_untouched(name: &str, t: &Tmux, received: &str) {
    if let Some((i, c)) = received
        .char_indices()
        .find(|&(_, c)| c != '\n' && support::terminal::terminal_unsafe(c))
    {
        panic!(
            "{name}: U+{:04X} reached the terminal at {i}: {received:?}",
            c as u32
        );
    }
    let title = t.format("#{pane_title}");
    assert!(
        !title.contains("PWNED"),
        "{name}: pane title became {title:?}"
    );
    let window = t.format("#{window_name}");
    assert!(
        !window.contains("PWNED"),
        "{name}: window name became {window:?}"
    );
    let coloured = t.capture_escapes();
    assert!(
        !coloured.contains('\x1b'),
        "{name}: the pane has colour or attributes: {coloured:?}"
    );
}

fn check(name: &str, args: &str, stdin: Option<&[u8]>, must_show: &[&str]) {
    let (t, received) = on_a_terminal(name, args, stdin);
    assert_untouched(name, &t, &received);
    for s in must_show {
        assert!(
            received.contains(s),
            "{name}: {s:?} not written:\n{received}"
        );
    }
}

fn extract_input() -> Vec<u8> {
    let mut v = b"see ".to_vec();
    v.extend_from_slice(HOSTILE);
    v.extend_from_slice(b" x\n");
    v
}

#[test]
fn extract_on_a_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    // Where the link ends is the link reader's decision; whatever it keeps is shown, not obeyed.
    check(
        "extract",
        "extract",
        Some(&extract_input()),
        &["http://b.example/p"],
    );
    check(
        "extract-json",
        "extract --json",
        Some(&extract_input()),
        &["\"url\":\"http://b.example/p"],
    );
}

#[test]
fn normalize_on_a_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    check(
        "normalize",
        "normalize -p none \"$R\"",
        None,
        &[SHOWN, "EXITED 0"],
    );
    check(
        "normalize-json",
        "normalize -p none --json \"$R\"",
        None,
        &["\\u001b]2;PWNED\\u0007", "\\u009B32m"],
    );
}

#[test]
fn get_and_set_on_a_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    check(
        "get",
        "get '{url}|{:path}' \"$R\"",
        None,
        &[SHOWN, "|/p\\x1B]2\n"],
    );
    check(
        "get-json",
        "get --json '{url}' \"$R\"",
        None,
        &["\\u001b]2;PWNED\\u0007"],
    );
    check(
        "set",
        "set -s fragment=f \"$R\"",
        None,
        &["http://b.example/p", "#f"],
    );
}

#[test]
fn resolve_and_tokens_on_a_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    check("resolve", "resolve \"$R\" x", None, &["http://b.example/x"]);
    check("resolve-ref", "resolve http://a/ \"$R\"", None, &[SHOWN]);
    check(
        "tokens",
        "tokens \"$R\"",
        None,
        &["path-segment\"p\\x1B]2\""],
    );
}

#[test]
fn the_lenses_on_a_terminal() {
    if !have("tmux", "-V") {
        return;
    }
    check(
        "unwrap",
        "unwrap \"$R\"",
        None,
        &["target: http://b.example/p"],
    );
    check("host", "host \"$R\"", None, &["b.example"]);
    check("parsers", "parsers \"$R\"", None, &["b.example"]);
    check("same", "same \"$R\" http://b.example/", None, &[SHOWN]);
    check("explain", "explain \"$R\"", None, &["PWNED"]);
}

#[test]
fn hyperlinks_on_a_terminal_keep_the_record_visible() {
    if !have("tmux", "-V") {
        return;
    }
    // The OSC 8 sequences are the only escapes the terminal receives; the record inside them is
    // visible text and the target has its ESC and BEL percent-encoded.
    for (name, args, stdin) in [
        (
            "link-normalize",
            "normalize -p none --hyperlink always \"$R\"",
            None,
        ),
        ("link-get", "get --hyperlink always '{url}' \"$R\"", None),
        (
            "link-set",
            "set --hyperlink always -s fragment=f \"$R\"",
            None,
        ),
        ("link-unwrap", "unwrap --hyperlink always \"$R\"", None),
        (
            "link-extract",
            "extract --hyperlink always",
            Some(extract_input()),
        ),
    ] {
        let (t, received) = on_a_terminal(name, args, stdin.as_deref());
        let open = received
            .find("\x1b]8;;http://b.example/p")
            .unwrap_or_else(|| panic!("{name}: no hyperlink: {received:?}"));
        let target_end = open + received[open..].find("\x1b\\").unwrap();
        let close = received[target_end..].find("\x1b]8;;\x1b\\").unwrap() + target_end;
        let without: String = [
            &received[..open],
            &received[target_end + 2..close],
            &received[close + 7..],
        ]
        .concat();
        assert!(
            name == "link-extract"
                || received[open..target_end]
                    .starts_with("\x1b]8;;http://b.example/p%1B]2;PWNED%07"),
            "{name}: {received:?}"
        );
        assert_untouched(name, &t, &without);
    }
}

/// In a pipe the data's octets are the answer: a script gets exactly the record.
#[test]
fn a_pipe_gets_the_octets() {
    let mut want = HOSTILE.to_vec();
    want.push(b'\n');
    for args in [
        &[&b"normalize"[..], b"-p", b"none", HOSTILE][..],
        &[b"get", b"{url}", HOSTILE],
        &[b"set", b"--sort-query", HOSTILE],
        &[b"resolve", b"http://a/", HOSTILE],
    ] {
        let o = support::run(args, b"");
        assert_eq!(o.stdout, want, "{:?}", String::from_utf8_lossy(args[0]));
    }
    // `auto` never makes hyperlinks in a pipe, even where the terminal would be told to.
    let o = support::run_env(
        &[b"normalize", b"-p", b"none", b"http://a.example/"],
        b"",
        &[("FORCE_HYPERLINK", "1"), ("TERM_PROGRAM", "WezTerm")],
    );
    assert_eq!(o.stdout, b"http://a.example/\n");
}

/// `--hyperlink always` in a pipe: a link holding ESC, BEL and `\` cannot end the OSC 8
/// sequence early; its target has them percent-encoded, its text is the data.
#[test]
fn a_hostile_link_cannot_break_out_of_its_hyperlink() {
    let link = b"https://a.example/x\x1b]8;;https://evil.example/\x07y\\z\x1b\\w";
    for cmd in [&b"normalize"[..], b"get", b"unwrap", b"extract"] {
        let mut args: Vec<&[u8]> = vec![cmd, b"--hyperlink", b"always"];
        let mut stdin = Vec::new();
        match cmd {
            b"normalize" => args.extend_from_slice(&[b"-p", b"none", link]),
            b"get" => args.extend_from_slice(&[b"{url}", link]),
            b"unwrap" => args.push(link),
            _ => {
                stdin.extend_from_slice(b"go to ");
                stdin.extend_from_slice(link);
                stdin.push(b'\n');
            }
        }
        let o = support::run(&args, &stdin);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        let name = String::from_utf8_lossy(cmd);
        let open = out
            .find("\x1b]8;;https://a.example/")
            .unwrap_or_else(|| panic!("{name}: no hyperlink in {out:?}"));
        let target_end = open + out[open..].find("\x1b\\").unwrap();
        let target = &out[open + 5..target_end];
        assert!(
            target.bytes().all(|b| (0x21..0x7f).contains(&b)),
            "{name}: target {target:?}"
        );
        if cmd != b"extract" {
            // The whole link is the target (the link reader may end a link earlier).
            assert_eq!(
                target, "https://a.example/x%1B]8;;https://evil.example/%07y\\z%1B\\w",
                "{name}"
            );
        }
        let close = target_end + 2 + out[target_end + 2..].find("\x1b]8;;\x1b\\").unwrap();
        // extract ends a link at a control character and finds the evil one as a link of its
        // own: a second hyperlink of its own there is right.
        assert!(
            cmd == b"extract" || !out[close + 7..].contains("\x1b]8"),
            "{name}: a second hyperlink: {out:?}"
        );
    }
}
