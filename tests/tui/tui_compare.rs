//! The compare-with mode (Ctrl+T), today's classes in the `c` cycle,
//! the detail and the legend, the why text whole (Shift+↑↓), the legacy charsets of the preview
//! (`l`) and the practice view (F3). Behaviour through the real keymap, then snapshots at 80×24
//! and 120×40.

use crate::support;
use support::tui::{
    act, app_in, backend, click_char, ctrl, focus, plain, press, press_drawn, press_with, screen,
    send, type_str,
};

use crossterm::event::{KeyCode, KeyModifiers};
use urlscope::tui::model::preview::Preview;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Overlay};
use urlscope_core::modern::exercises::EXERCISES;
use urlscope_core::{Classification, Profile};

const TEACH: &[u8] = "http://h/a b?x=é&y=%41".as_bytes();

#[test]
fn ctrl_t_switches_the_second_line_and_the_table_answers() {
    let mut a = app_in(b"HTTP://Example.COM:80/a/./b", Profile::Rfc3986, 80, 24);
    focus(&mut a, Focus::Components);
    send(&mut a, ctrl('t'));
    assert_eq!(a.overlay(), Overlay::Same);
    assert_eq!(
        a.panes().focus(),
        Focus::Base,
        "the second line takes the typing"
    );
    assert!(screen(&a).contains("With "), "the label shows the mode");
    type_str(&mut a, "http://example.com/a/b");
    assert_eq!(a.editing().other().buf, b"http://example.com/a/b");
    assert!(a.editing().base().buf.is_empty(), "the base is left alone");
    let w = a
        .analysis()
        .same
        .as_ref()
        .expect("computed by the analysis");
    assert!(w.sameness.profile(Profile::Rfc3986).equal);
    let s = screen(&a);
    assert!(s.contains("equal after step"), "{s}");
    // Below the sixteen profiles' table: the ladder (↓ scrolls the view).
    for _ in 0..12 {
        press(&mut a, KeyCode::Down);
    }
    let s = screen(&a);
    assert!(s.contains("RFC 3986 §6.2 ladder"), "{s}");
    for _ in 0..12 {
        press(&mut a, KeyCode::Up);
    }
    // Tab moves between the two lines; typing on the URL line re-compares.
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.panes().focus(), Focus::Input);
    type_str(&mut a, "x");
    let w = a.analysis().same.as_ref().unwrap();
    assert!(!w.sameness.profile(Profile::Rfc3986).equal);
    assert!(
        !w.profiles[Profile::Rfc3986 as usize].in_b.is_empty()
            || !w.profiles[Profile::Rfc3986 as usize].in_a.is_empty()
    );
    // A paste on the With line goes there, not into the base.
    press(&mut a, KeyCode::Tab);
    act(&mut a, urlscope::tui::msg::Msg::Paste(b"#f".to_vec()));
    assert_eq!(a.editing().other().buf, b"http://example.com/a/b#f");
    assert!(a.editing().base().buf.is_empty());
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Backspace);
    // Ctrl+T again: the second line is the base again, the other URL kept for next time.
    send(&mut a, ctrl('t'));
    assert_eq!(a.overlay(), Overlay::None);
    assert!(screen(&a).contains("Base "));
    send(&mut a, ctrl('t'));
    assert_eq!(a.editing().other().buf, b"http://example.com/a/b");
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
}

#[test]
fn c_cycles_through_todays_classifications() {
    let mut a = app_in(TEACH, Profile::Rfc1738, 80, 24);
    focus(&mut a, Focus::Characters);
    let mut seen = Vec::new();
    for _ in 0..6 {
        press(&mut a, KeyCode::Char('c'));
        seen.push(a.settings().chosen_classification());
    }
    assert_eq!(
        seen,
        [
            Some(Classification::C1738),
            Some(Classification::C2396),
            Some(Classification::CFido),
            Some(Classification::C3986),
            Some(Classification::CWhatwg),
            None
        ]
    );
}

#[test]
fn the_detail_names_todays_classes_and_marks_the_profiles_own() {
    let mut a = app_in(TEACH, Profile::Rfc3986, 120, 40);
    focus(&mut a, Focus::Characters);
    click_char(&mut a, 10); // the space
    let s = screen(&a);
    assert!(s.contains("*C-3986 not-allowed · RFC 3986 §2"), "{s}");
    assert!(
        s.contains("C-WHATWG path-set-encoded · URL Standard §1.3"),
        "{s}"
    );
    let a = app_in(TEACH, Profile::Whatwg, 120, 40);
    assert!(screen(&a).contains("*C-WHATWG"));
}

#[test]
fn shift_arrows_scroll_the_why_text_and_leave_the_cursor() {
    let mut a = app_in(TEACH, Profile::Rfc1738, 80, 24);
    focus(&mut a, Focus::Characters);
    click_char(&mut a, 10);
    press_drawn(&mut a, KeyCode::Right);
    press_drawn(&mut a, KeyCode::Left);
    let max = a.panes().drawn().why_max.expect("the detail was drawn");
    assert!(max > 0, "the why text does not fit at 80×24");
    let cursor = a.panes().char_cursor();
    let before = screen(&a);
    for _ in 0..max + 3 {
        press_with(&mut a, KeyCode::Down, KeyModifiers::SHIFT);
    }
    assert_eq!(a.panes().char_cursor(), cursor, "the unit cursor stays");
    assert_eq!(a.why_top(max), max, "stops at the end");
    let after = screen(&a);
    assert_ne!(before, after);
    assert!(
        after.contains("sources"),
        "the end holds the sources: {after}"
    );
    press_with(&mut a, KeyCode::Up, KeyModifiers::SHIFT);
    assert_eq!(a.why_top(max), max - 1);
    // Another unit starts at the top.
    press(&mut a, KeyCode::Right);
    assert_eq!(a.why_top(max), 0);
}

#[test]
fn each_source_is_cited_once() {
    let mut a = app_in(b"http://h/a<b", Profile::Rfc1738, 120, 40);
    focus(&mut a, Focus::Characters);
    click_char(&mut a, 10);
    press_drawn(&mut a, KeyCode::Right);
    press_drawn(&mut a, KeyCode::Left);
    let max = a.panes().drawn().why_max.unwrap();
    for _ in 0..max {
        press_with(&mut a, KeyCode::Down, KeyModifiers::SHIFT);
    }
    let s = screen(&a);
    // Three texts rest on RFC 1738 §2.2 (class, step, hint): the source is listed once.
    let line = s
        .lines()
        .find(|l| l.contains("sources"))
        .unwrap_or_else(|| panic!("no sources line: {s}"));
    assert_eq!(line.matches("RFC 1738 §2.2").count(), 1, "{line}");
}

#[test]
fn l_cycles_the_charsets_per_component() {
    // "Привет" in KOI8-R in the query, UTF-8 in the path.
    let (koi, _, _) = encoding_rs::KOI8_R.encode("Привет");
    let mut x = b"http://h/%C3%A9?q=".to_vec();
    for b in koi.iter() {
        x.extend_from_slice(format!("%{b:02X}").as_bytes());
    }
    let mut a = app_in(&x, Profile::None, 120, 40);
    focus(&mut a, Focus::Components);
    press(&mut a, KeyCode::Char('l'));
    assert_eq!(
        a.settings().preview(),
        Preview::Charset(urlscope_core::modern::Charset::Utf8)
    );
    let s = screen(&a);
    assert!(
        s.contains("http://h/é?q=⟨%"),
        "invalid KOI8-R octets marked under UTF-8: {s}"
    );
    for _ in 0..3 {
        press(&mut a, KeyCode::Char('l'));
    }
    assert_eq!(a.settings().preview().name(), "KOI8-R");
    assert!(screen(&a).contains("q=Привет"));
    // The guess decides per component: the query is guessed on its own.
    while a.settings().preview() != Preview::Guess {
        press(&mut a, KeyCode::Char('l'));
    }
    assert!(screen(&a).contains("(guess:"));
}

#[test]
fn practice_checks_marks_and_keeps_progress() {
    let mut a = app_in(TEACH, Profile::Rfc1738, 80, 24);
    send(&mut a, plain(KeyCode::F(3)));
    assert_eq!(a.overlay(), Overlay::Practice(0));
    let ex = &EXERCISES[0].1;
    // A wrong answer: the raw space is marked with its rule.
    type_str(&mut a, ex.given());
    press(&mut a, KeyCode::Enter);
    let v = a
        .overlay_state()
        .practice()
        .unwrap()
        .verdict()
        .cloned()
        .expect("checked");
    assert!(!v.ok && !v.marks.is_empty());
    assert!(screen(&a).contains("not yet"));
    // The right answer.
    for _ in 0..ex.given().len() {
        press(&mut a, KeyCode::Backspace);
    }
    type_str(&mut a, &ex.expected());
    press(&mut a, KeyCode::Enter);
    assert!(a.overlay_state().practice().unwrap().verdict().unwrap().ok);
    assert!(screen(&a).contains("1 solved"));
    // Next exercise: a fresh line; q types, it does not quit.
    press(&mut a, KeyCode::Down);
    assert_eq!(a.overlay(), Overlay::Practice(1));
    assert!(
        a.overlay_state()
            .practice()
            .unwrap()
            .answer()
            .buf
            .is_empty()
    );
    type_str(&mut a, "q");
    assert!(!a.exit().quit());
    // Progress is kept for the run: close and come back.
    press(&mut a, KeyCode::Esc);
    act(&mut a, Command::Show(Overlay::Practice(0)));
    assert!(a.progress().solved(0));
}

#[test]
fn snapshots() {
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        // Compare-with mode.
        let mut a = app_in(
            b"HTTP://Example.COM:80/a/./b/%7e?q=1",
            Profile::Rfc3986,
            w,
            h,
        );
        send(&mut a, ctrl('t'));
        type_str(&mut a, "http://example.com/a/b/~?q=1");
        insta::assert_snapshot!(format!("same_{w}x{h}"), &backend(&a, w, h));
        // Today's classes in the detail (the rfc3986 profile's own C-3986 marked).
        let mut a = app_in(TEACH, Profile::Rfc3986, w, h);
        focus(&mut a, Focus::Characters);
        click_char(&mut a, 10);
        insta::assert_snapshot!(format!("classes_3986_{w}x{h}"), &backend(&a, w, h));
        // Practice, after a wrong answer.
        let mut a = app_in(TEACH, Profile::Rfc1738, w, h);
        send(&mut a, plain(KeyCode::F(3)));
        // The tutorial's query value "a=1&b=2" under RFC 3986.
        let at = EXERCISES
            .iter()
            .position(|(set, e)| set == "tutorial" && e.id == "reserved-in-value")
            .unwrap();
        for _ in 0..at {
            press(&mut a, KeyCode::Down);
        }
        type_str(&mut a, "a=1&b%3d2");
        press(&mut a, KeyCode::Enter);
        insta::assert_snapshot!(format!("practice_{w}x{h}"), &backend(&a, w, h));
    }
    // The legend lists today's classes.
    let mut a = app_in(TEACH, Profile::Rfc3986, 120, 40);
    send(&mut a, plain(KeyCode::F(1)));
    press(&mut a, KeyCode::End);
    insta::assert_snapshot!("legend_120x40", &backend(&a, 120, 40));
}
