//! Sources named as docs/rules.md's "Sources" says, the `*` of an overridden
//! classification explained, Hyvätti's `~` (kept raw beside hint-must-encode) explained, the
//! decoded preview labelled, step reasons not cut off, F2's group headings and Home/End.

use crate::support;
use support::tui::{act, app_in as app, focus, press, screen};

use crossterm::event::KeyCode;
use urlscope::tui::model::overlays::examples::EXAMPLES;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Msg, Overlay, Target};
use urlscope_core::Profile;

/// The screen's text with line breaks and box borders removed (wrapped sentences joined).
fn flat(s: &str) -> String {
    s.lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c == ' '))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn hyvatti_tilde_says_why_it_passes_beside_hint_must_encode() {
    // Tall enough for the whole why text (it scrolls with Shift+↑↓ when it does not fit).
    let mut a = app(b"http://h/~x", Profile::Hyvatti, 160, 90);
    focus(&mut a, Focus::Characters);
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Left);
    let s = screen(&a);
    assert!(s.contains("rule hyv-keep-raw"), "{s}");
    assert!(s.contains("hint-must-encode"), "{s}");
    let f = flat(&s);
    assert!(
        f.contains("both hold: the hint is RFC 1738 §2.2's rule"),
        "{f}"
    );
    assert!(f.contains("Hyvätti 1996 (robots list)"), "{f}");
    assert!(!f.to_lowercase().contains("seed 00"), "{f}");
    // Under RFC 1738 the same `~` is encoded: no such line.
    act(&mut a, Command::Profile(Profile::Rfc1738));
    let s = screen(&a);
    assert!(!flat(&s).contains("both hold"), "{s}");
}

#[test]
fn c_says_what_the_star_means() {
    let mut a = app(b"http://h/", Profile::Rfc1738, 120, 40);
    a.update(Command::CycleClassification);
    a.update(Command::CycleClassification);
    let s = screen(&a);
    assert!(s.contains("C-2396*"), "{s}");
    assert!(
        s.contains(
            "C-2396* : chosen with c (display only); the RFC 1738 profile itself uses C-1738"
        ),
        "{s}"
    );
}

#[test]
fn the_decoded_preview_line_says_it_decodes_the_input() {
    let mut a = app(b"http://h/%C3%A4%7e", Profile::Rfc1738, 120, 40);
    a.update(Command::CyclePreview);
    let s = screen(&a);
    let line = s
        .lines()
        .find(|l| l.contains("(UTF-8)"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(line.contains("input  (UTF-8) http://h/ä~"), "{line}");
}

#[test]
fn step_reasons_are_not_cut_off_when_there_is_space() {
    let mut a = app(b"http://h/a%20b", Profile::Hyvatti, 100, 40);
    focus(&mut a, Focus::Steps);
    let n = a.analysis().outcome.steps.len();
    for i in 0..n {
        act(&mut a, Msg::Select(Target::Step(i)));
        let s = screen(&a);
        let text =
            urlscope::tui::model::texts::step(a.analysis().outcome.steps[i].step, Profile::Hyvatti);
        // The source at the end of the reason is on screen.
        let source = text.rsplit(" — ").next().unwrap();
        assert!(flat(&s).contains(source), "step {i}: {text}\n{s}");
    }
}

#[test]
fn f2_has_group_headings_and_home_end() {
    let mut a = app(b"http://h/", Profile::Rfc1738, 120, 40);
    a.update(Command::Show(Overlay::Examples(0)));
    let s = screen(&a);
    assert!(
        s.contains("resolution: URL") && s.contains("(an RFC 2396 tutorial)"),
        "{s}"
    );
    press(&mut a, KeyCode::End);
    assert_eq!(a.overlay(), Overlay::Examples(EXAMPLES.len() - 1));
    let s = screen(&a);
    for heading in ["RFC 1738 §2.2", "PDF Reference, ch. 10 'URL Strings'"] {
        assert!(s.contains(heading), "{heading}:\n{s}");
    }
    assert!(s.contains("▶ P-02"), "{s}");
    press(&mut a, KeyCode::Home);
    assert_eq!(a.overlay(), Overlay::Examples(0));
    // Every group of seeds and sources has a heading.
    let groups: Vec<&str> = EXAMPLES
        .iter()
        .map(|e| urlscope::tui::model::overlays::examples::group(e.id))
        .collect();
    for word in ["RFC 1738", "Hyvätti", "PDF", "FidoURL", "resolution"] {
        assert!(groups.iter().any(|g| g.contains(word)), "{word}");
    }
    // R-01 loads with the RFC 1738 profile and shows its unsafe characters encoded.
    let r = EXAMPLES.iter().position(|e| e.id == "R-01").unwrap();
    for _ in 0..r {
        act(&mut a, Command::Down);
    }
    assert_eq!(a.overlay(), Overlay::Examples(r));
    act(&mut a, Command::Choose);
    assert_eq!(
        a.analysis().outcome.output,
        b"http://example.com/a%20b%3Cc%3E%7Bd%7D%7Ee"
    );
}
