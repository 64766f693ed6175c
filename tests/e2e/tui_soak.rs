//! A soak in a real terminal (ignored in plain `cargo test`; `.ci/run` runs it for 20 s on the
//! test build's binary, `.ci/long` for a minute with `cargo test --release`). urlscope runs in tmux for
//! `URLSCOPE_SOAK_SECS` seconds (default 60) of random keys, bracketed pastes (hostile ones
//! among them) and resizes from 0×0-ish to 300×100, seeded (`URLSCOPE_SOAK_SEED`; the seed is
//! printed and named in every failure). Then: the process is alive, a marker typed last is on
//! screen, Ctrl+C exits 0 and the terminal is restored (alternate screen, mouse, bracketed
//! paste off, cooked mode). The same for `urlscope pick` with a piped message (Ctrl+C there
//! cancels: status 130). Skipped where tmux is missing.

use crate::support;

use std::time::{Duration, Instant};

use support::tmux::{BIN, Tmux, have};

/// Keys a hurried person presses (tmux key names). Not `q`, Ctrl+C or Ctrl+O: they quit.
const KEYS: &[&str] = &[
    "Tab", "BTab", "Escape", "Enter", "BSpace", "DC", "Left", "Right", "Up", "Down", "Home", "End",
    "PPage", "NPage", "F1", "F2", "F3", "C-z", "C-r", "C-y", "M-y", "C-v", "C-w", "C-u", "C-a",
    "C-e", "C-l", "C-t", "M-Left", "M-Right", "M-Up", "M-Down", "M-0", "M-1", "M-2", "M-3", "M-4",
    "M-5", "M-6", "M-w", "M-t", "M-l", "M-c", "S-Up", "S-Down", "m", "r", "h", "u", "p", "w", "a",
    "c", "l", "e", "x", "b", "y", "Y", "?", "t", "n", "d", "<", ">", "s", "L", "C", "i", "/", "0",
    "1", "2", "3", "4", "5", "6", "%", "#", "é", "Space",
];

/// Pastes: links, several links with text, escape sequences, C1 and bidi characters.
const PASTES: &[&str] = &[
    "https://example.com/a/b?c=d#e",
    "see https://a.example/x?utm_source=t and <http://b.example/y>, then ftp://c/d.\n",
    "https://www.google.com/url?q=https%3A%2F%2Fevil.example%2F&sa=D",
    "http://a/\x1b[2J\x1b[H\x1b]0;pwned\x07x",
    "http://a/\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\",
    "http://a/\u{9b}31m\u{9d}0;t\u{9c}\u{85}",
    "http://a/\u{202e}gnp.exe\u{2066}x\u{2069}\u{200f}\u{200b}",
    "\u{feff}http://bom/\x07\x08\r\x7f",
    "fecho://p%%\x1b[31m\r\n\x1b[0m%%ntlist/",
    "  http://127.1/../../../x\t\r\n",
];

/// Sizes to resize to (tmux's smallest window is 1×1).
const SIZES: &[(u16, u16)] = &[
    (1, 1),
    (2, 1),
    (1, 2),
    (10, 3),
    (40, 10),
    (80, 24),
    (120, 40),
    (300, 100),
];

/// A small deterministic generator (splitmix64): the seed reproduces the run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn seed() -> u64 {
    std::env::var("URLSCOPE_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(23, |d| d.as_nanos() as u64)
        })
}

fn soak_secs() -> u64 {
    std::env::var("URLSCOPE_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60)
}

/// Start `sh -c script` in a tmux window whose shell reports the exit status and the terminal
/// modes after urlscope exits, then runs `cat -v` (so a paste shows whether bracketed paste
/// was left on).
fn start(script: &str, bin: &str) -> Tmux {
    let report = r#"; echo "EXITED $?"; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo; exec cat -v"#;
    let full = format!("{script}{report}");
    Tmux::start("soak", (80, 24), "", &[], &["sh", "-c", &full, bin])
}

/// Random keys, pastes and resizes for `secs` seconds; how many of each.
fn soak(t: &Tmux, rng: &mut Rng, secs: u64, seed: u64, keys_of: &[&str]) -> (usize, usize, usize) {
    let (mut keys, mut pastes, mut resizes) = (0, 0, 0);
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        match rng.below(100) {
            0..=79 => {
                let k = keys_of[rng.below(keys_of.len())];
                t.keys(&[k]);
                keys += 1;
            }
            80..=91 => {
                let p = PASTES[rng.below(PASTES.len())];
                let n = if rng.below(20) == 0 { 200 } else { 1 };
                t.paste(p.repeat(n).as_bytes());
                pastes += 1;
            }
            _ => {
                let (w, h) = if rng.below(4) == 0 {
                    (1 + rng.below(300) as u16, 1 + rng.below(100) as u16)
                } else {
                    SIZES[rng.below(SIZES.len())]
                };
                let (w, h) = (w.to_string(), h.to_string());
                t.tmux(&["resize-window", "-x", &w, "-y", &h]);
                resizes += 1;
            }
        }
        // Now and then a pause, so frames are drawn between bursts.
        if rng.below(10) == 0 {
            std::thread::sleep(Duration::from_millis(rng.below(30) as u64));
        }
        assert!(
            !t.capture().contains("EXITED"),
            "seed {seed}: urlscope exited during the soak:\n{}",
            t.capture()
        );
    }
    (keys, pastes, resizes)
}

/// After Ctrl+C: exit status `status`, cooked mode, echo, and no alternate screen, mouse
/// capture or bracketed paste left on.
fn assert_restored(t: &Tmux, statuses: &[i32], seed: u64) {
    let screen = t.wait_for("the exit report", 20, |s| {
        s.contains("EXITED") && s.contains("icanon")
    });
    assert!(
        statuses
            .iter()
            .any(|s| screen.contains(&format!("EXITED {s}"))),
        "seed {seed}: exit status not one of {statuses:?}:\n{screen}"
    );
    let modes = screen
        .lines()
        .find(|l| l.contains("icanon"))
        .unwrap_or("")
        .to_string();
    let words: Vec<&str> = modes.split_whitespace().collect();
    assert!(
        words.contains(&"icanon"),
        "seed {seed}: raw mode left on: {modes}"
    );
    assert!(
        words.contains(&"echo"),
        "seed {seed}: echo left off: {modes}"
    );
    assert_eq!(
        t.format("#{alternate_on}"),
        "0",
        "seed {seed}: alternate screen left on"
    );
    assert_eq!(
        t.format("#{mouse_any_flag}"),
        "0",
        "seed {seed}: mouse left on"
    );
    // tmux 3.3+ reports the mode; older ones print the format unexpanded (empty).
    let bp = t.format("#{bracketed_paste}");
    assert!(
        bp == "0" || bp.is_empty(),
        "seed {seed}: bracketed paste left on ({bp})"
    );
    t.paste(b"AFTERPASTE");
    let screen = t.wait_text("AFTERPASTE", 10);
    assert!(
        !screen.contains("[200~"),
        "seed {seed}: bracketed paste left on:\n{screen}"
    );
}

/// Back to a known place: close the key list and views (Esc, paced so it is not read as Alt),
/// a bracketed paste (it always lands on the URL line or the open alias editor), then a
/// marker typed key by key; it must be on screen.
fn type_marker(t: &Tmux, marker: &str, seed: u64) {
    t.tmux(&["resize-window", "-x", "120", "-y", "40"]);
    for _ in 0..4 {
        t.keys(&["Escape"]);
        std::thread::sleep(Duration::from_millis(150));
    }
    // In a pane, Esc goes back to a kept link list: close the list again if it came back.
    for _ in 0..4 {
        if !t.capture().contains("Links —") {
            break;
        }
        t.keys(&["Escape"]);
        std::thread::sleep(Duration::from_millis(150));
    }
    t.keys(&["End"]);
    t.paste(b" ");
    t.type_text(marker);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let screen = t.capture();
        if screen.contains(marker) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "seed {seed}: the marker {marker} typed last is not on screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !t.capture().contains("EXITED"),
        "seed {seed}: urlscope is not alive"
    );
}

#[test]
#[ignore = "a minute long: .ci/run runs it for 20 s, .ci/long for a minute in release"]
fn the_inspector_survives_a_random_user() {
    if !have("tmux", "-V") {
        return;
    }
    let (seed, secs) = (seed(), soak_secs());
    eprintln!("tui_soak: seed {seed} (URLSCOPE_SOAK_SEED={seed} reproduces), {secs} s");
    let bin = BIN.to_string();
    let t = start(r#""$0" 'https://example.com/soak?a=1#start'"#, &bin);
    t.wait_text("example.com/soak", 20);
    let mut rng = Rng(seed);
    let (k, p, r) = soak(&t, &mut rng, secs, seed, KEYS);
    eprintln!("tui_soak: {k} keys, {p} pastes, {r} resizes");
    type_marker(&t, "SOAKEND23", seed);
    t.keys(&["C-c"]);
    assert_restored(&t, &[0], seed);
}

#[test]
#[ignore = "a minute long: .ci/run runs it for 20 s, .ci/long for a minute in release"]
fn pick_survives_a_random_user() {
    if !have("tmux", "-V") {
        return;
    }
    let bin = BIN.to_string();
    let (seed, secs) = (seed(), soak_secs());
    eprintln!("pick soak: seed {seed} (URLSCOPE_SOAK_SEED={seed} reproduces), {secs} s");
    let script = r#"printf 'Hello,\nsee https://a.example/x?utm_source=t and <http://b.example/y>,\nthen \033[31mftp://c/d\033[0m and http://a/\342\200\256gnp.exe\n' | "$0" pick"#;
    let t = start(script, &bin);
    t.wait_text("a.example", 20);
    let mut rng = Rng(seed);
    // In pick, Enter on a link answers and Esc in the list cancels: both end it by design
    // (`tui_links` tests them), so the soak leaves them out.
    let keys: Vec<&str> = KEYS
        .iter()
        .copied()
        .filter(|k| !matches!(*k, "Enter" | "Escape"))
        .collect();
    let (k, p, r) = soak(&t, &mut rng, secs, seed, &keys);
    eprintln!("pick soak: {k} keys, {p} pastes, {r} resizes");
    assert!(
        !t.capture().contains("EXITED"),
        "seed {seed}: urlscope pick is not alive"
    );
    // The last resize may have left a 1×1 window, too small to show the exit report.
    t.tmux(&["resize-window", "-x", "120", "-y", "40"]);
    t.keys(&["C-c"]);
    // Ctrl+C in pick cancels: nothing chosen, status 130 (`urlscope pick --help`).
    assert_restored(&t, &[130], seed);
}
