//! The value editor (Enter on a components-pane row) and the pane's
//! pair and segment keys, driven by key sequences (state and effects), and the copy-as menu
//! (each row's copy carries that form's octets, checked against the edit core); snapshots of
//! both at 80×24 and 120×40.

use crate::support;
use support::tui::{app_in, backend, copied, key, press, press_with, run, text, type_str};

use crossterm::event::{KeyCode, KeyModifiers};
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::model::app::App;
use urlscope::tui::model::row_edit::{Editable, editable};
use urlscope::tui::msg::{Focus, Overlay};
use urlscope_core::modern;
use urlscope_core::modern::FormId;
use urlscope_core::{Options, Profile, normalize};

const C: KeyModifiers = KeyModifiers::CONTROL;

/// A URL of about 600 characters with 30 query pairs `p00`…`p29`; `p15` holds `caf%C3%A9`.
fn long_url() -> Vec<u8> {
    let mut u = b"https://shop.example.com/catalogue/search/results/page;v=2?".to_vec();
    for i in 0..30 {
        if i > 0 {
            u.push(b'&');
        }
        let v = if i == 15 {
            "caf%C3%A9".to_string()
        } else {
            format!("value-{i:02}-abcdefg")
        };
        u.extend_from_slice(format!("p{i:02}={v}").as_bytes());
    }
    u.extend_from_slice(b"#section-2");
    u
}

fn app(input: &[u8], profile: Profile) -> App {
    app_in(input, profile, 120, 40)
}

/// Leave the URL line for the components pane and walk ↓ to the first row that is `want`.
fn select(a: &mut App, want: impl Fn(&Editable) -> bool) {
    if a.panes().focus() != Focus::Components {
        press(a, KeyCode::Esc);
    }
    assert_eq!(a.panes().focus(), Focus::Components);
    press(a, KeyCode::Home);
    for _ in 0..200 {
        if want(&editable(a, a.panes().comp_sel())) {
            return;
        }
        press(a, KeyCode::Down);
    }
    panic!("no such row");
}

fn pair(n: usize) -> impl Fn(&Editable) -> bool {
    move |e| *e == Editable::Pair(n)
}

fn component(name: &str) -> impl Fn(&Editable) -> bool + '_ {
    move |e| matches!(e, Editable::Component(t, _) if t.name() == name)
}

fn segment(n: usize) -> impl Fn(&Editable) -> bool {
    move |e| matches!(e, Editable::Segment(i, _) if *i == n)
}

fn url(a: &App) -> String {
    String::from_utf8_lossy(&a.editing().input().buf).into_owned()
}

fn status(a: &App) -> String {
    a.status_text().unwrap_or_default().to_string()
}

#[test]
fn a_query_value_of_a_long_url_in_a_few_keys_and_undo_restores_it() {
    let before = long_url();
    assert!(before.len() > 590, "{}", before.len());
    let mut a = app(&before, Profile::Rfc1738);
    select(&mut a, pair(15));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay(), Overlay::Editor);
    let ed = a.overlay_state().editor().unwrap();
    // The value's field is active and holds the decoded value.
    assert_eq!(ed.field().label, "value");
    assert_eq!(ed.field().line.buf, "café".as_bytes());
    press_with(&mut a, KeyCode::Char('u'), C);
    type_str(&mut a, "tea & cake");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay(), Overlay::None);
    let want = String::from_utf8(before.clone())
        .unwrap()
        .replace("p15=caf%C3%A9", "p15=tea%20%26%20cake");
    assert_eq!(url(&a), want);
    // The status names the octets, the structure and the rules.
    let s = status(&a);
    assert!(
        s.contains(
            "written by RFC 1738's allowed characters: encoded '&'→%26 (would change the structure), ' '→%20"
        ),
        "{s}"
    );
    // The panes follow at once: the pair's row shows the new value.
    assert_eq!(
        &a.analysis().input[a.analysis().query.pairs[15].value.clone().unwrap()],
        b"tea%20%26%20cake"
    );
    // One undo step brings the URL back.
    press_with(&mut a, KeyCode::Char('z'), C);
    assert_eq!(a.editing().input().buf, before);
}

#[test]
fn the_rules_follow_the_profile() {
    for (profile, rules, value) in [
        (
            Profile::Rfc3986,
            "RFC 3986's allowed characters",
            "x=a%20b%7Cc&y",
        ),
        (
            Profile::Whatwg,
            "the WHATWG URL Standard's percent-encode set",
            "x=a%20b|c&y",
        ),
        (
            Profile::Pdf,
            "RFC 1738's allowed characters",
            "x=a%20b%7Cc&y",
        ),
    ] {
        let mut a = app(b"http://h/?x=1&y", profile);
        select(&mut a, pair(0));
        press(&mut a, KeyCode::Enter);
        press_with(&mut a, KeyCode::Char('u'), C);
        type_str(&mut a, "a b|c");
        press(&mut a, KeyCode::Enter);
        assert!(url(&a).ends_with(value), "{profile:?}: {}", url(&a));
        assert!(status(&a).contains(rules), "{}", status(&a));
    }
}

#[test]
fn esc_cancels_and_nothing_changes() {
    let before = long_url();
    let mut a = app(&before, Profile::Rfc1738);
    select(&mut a, pair(3));
    press(&mut a, KeyCode::Enter);
    type_str(&mut a, "zzz");
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
    assert!(a.overlay_state().editor().is_none());
    assert_eq!(a.editing().input().buf, before);
    assert_eq!(a.editing().undo().can_undo(), 0);
    assert!(status(&a).contains("cancelled"), "{}", status(&a));
}

#[test]
fn invalid_octets_are_shown_and_kept_as_triplets() {
    let mut a = app(b"http://h/a%FF%00b/c?k=%FE%41", Profile::Rfc3986);
    select(&mut a, segment(0));
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.overlay_state().editor().unwrap().field().line.buf,
        b"a%FF%00b"
    );
    type_str(&mut a, "x");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/a%FF%00bx/c?k=%FE%41");
    // A pair's value: the invalid octet stays a triplet, the valid one is decoded.
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.overlay_state().editor().unwrap().field().line.buf,
        b"%FEA"
    );
    type_str(&mut a, "!");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/a%FF%00bx/c?k=%FEA!");
}

#[test]
fn structure_is_encoded_and_said() {
    let mut a = app(b"http://h/a/b", Profile::Rfc3986);
    select(&mut a, segment(1));
    press(&mut a, KeyCode::Enter);
    type_str(&mut a, "/c#d");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/a/b%2Fc%23d");
    assert!(
        status(&a).contains("'/'→%2F '#'→%23 (would change the structure)"),
        "{}",
        status(&a)
    );
    // Userinfo: `@` and `:` are encoded.
    let mut a = app(b"http://u@h/", Profile::Rfc3986);
    select(&mut a, component("user"));
    press(&mut a, KeyCode::Enter);
    type_str(&mut a, ":p@x");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://u%3Ap%40x@h/");
}

#[test]
fn a_bad_port_or_host_is_refused_and_the_url_stays() {
    let before = b"http://h:8080/p".to_vec();
    let mut a = app(&before, Profile::Rfc3986);
    select(&mut a, component("port"));
    press(&mut a, KeyCode::Enter);
    press_with(&mut a, KeyCode::Char('u'), C);
    type_str(&mut a, "80a");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.editing().input().buf, before);
    assert_eq!(a.overlay(), Overlay::Editor, "stays open to fix it");
    assert!(
        status(&a).contains("'80a' is not a port number"),
        "{}",
        status(&a)
    );
    press(&mut a, KeyCode::Esc);
    select(&mut a, component("host"));
    press(&mut a, KeyCode::Enter);
    press_with(&mut a, KeyCode::Char('u'), C);
    type_str(&mut a, "a b");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.editing().input().buf, before);
    assert!(
        status(&a).starts_with("not written: host:"),
        "{}",
        status(&a)
    );
}

#[test]
fn pairs_are_added_deleted_moved_and_sorted_each_one_undo_step() {
    let mut a = app(b"http://h/?b=2&a=1&c=3", Profile::Rfc3986);
    // n after pair 1: the name field first, ↓ to the value.
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Char('n'));
    assert_eq!(a.overlay(), Overlay::Editor);
    type_str(&mut a, "z z");
    press(&mut a, KeyCode::Down);
    type_str(&mut a, "9&");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/?b=2&z%20z=9%26&a=1&c=3");
    assert_eq!(a.editing().undo().can_undo(), 1);
    // d deletes the selected pair.
    select(&mut a, pair(1));
    press(&mut a, KeyCode::Char('d'));
    assert_eq!(url(&a), "http://h/?b=2&a=1&c=3");
    assert_eq!(a.editing().undo().can_undo(), 2);
    // > moves it down, and the selection follows; < moves it back.
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Char('>'));
    assert_eq!(url(&a), "http://h/?a=1&b=2&c=3");
    assert_eq!(editable(&a, a.panes().comp_sel()), Editable::Pair(1));
    press(&mut a, KeyCode::Char('>'));
    assert_eq!(url(&a), "http://h/?a=1&c=3&b=2");
    press(&mut a, KeyCode::Char('<'));
    assert_eq!(url(&a), "http://h/?a=1&b=2&c=3");
    press(&mut a, KeyCode::Char('<'));
    press(&mut a, KeyCode::Char('<'));
    assert!(status(&a).contains("already the first"), "{}", status(&a));
    assert_eq!(url(&a), "http://h/?b=2&a=1&c=3");
    // s sorts.
    press(&mut a, KeyCode::Char('s'));
    assert_eq!(url(&a), "http://h/?a=1&b=2&c=3");
    let steps = a.editing().undo().can_undo();
    assert_eq!(steps, 7);
    for _ in 0..steps {
        press_with(&mut a, KeyCode::Char('z'), C);
    }
    assert_eq!(url(&a), "http://h/?b=2&a=1&c=3");
}

#[test]
fn segments_are_added_and_deleted() {
    let mut a = app(b"http://h/a/c?q", Profile::Rfc3986);
    select(&mut a, segment(0));
    press(&mut a, KeyCode::Char('n'));
    type_str(&mut a, "b");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/a/b/c?q");
    select(&mut a, segment(2));
    press(&mut a, KeyCode::Char('d'));
    assert_eq!(url(&a), "http://h/a/b?q");
    // On the path row, n appends.
    select(&mut a, component("path"));
    press(&mut a, KeyCode::Char('n'));
    type_str(&mut a, "é");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://h/a/b/%C3%A9?q");
    assert_eq!(a.editing().undo().can_undo(), 3);
}

#[test]
fn the_editor_marks_what_will_be_encoded_as_you_type() {
    let mut a = app(b"http://h/?q=x", Profile::Rfc3986);
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Enter);
    press_with(&mut a, KeyCode::Char('u'), C);
    let screen = text(&support::tui::buffer(&a, 120, 40));
    assert!(screen.contains("nothing will be encoded"), "{screen}");
    type_str(&mut a, "a b&é");
    let screen = text(&support::tui::buffer(&a, 120, 40));
    assert!(screen.contains("3 will be encoded: ␠ & é"), "{screen}");
    assert!(
        screen.contains("& would change the URL's structure"),
        "{screen}"
    );
}

#[test]
fn the_host_summary_follows_an_edit() {
    let mut a = app(b"http://example.com/p", Profile::Rfc3986);
    select(&mut a, component("host"));
    press(&mut a, KeyCode::Enter);
    press_with(&mut a, KeyCode::Char('u'), C);
    type_str(&mut a, "127.0.0.1");
    press(&mut a, KeyCode::Enter);
    assert_eq!(url(&a), "http://127.0.0.1/p");
    let screen = text(&support::tui::buffer(&a, 120, 40));
    assert!(screen.contains("127.0.0.1"), "{screen}");
    assert!(!screen.contains("example.com"), "{screen}");
}

// ---- copy as ----------------------------------------------------------------------------------

#[test]
fn each_copy_as_row_copies_its_form() {
    let input = "http://Bücher.example/a b?q=<x>&r='y'#f".as_bytes();
    for profile in [Profile::Rfc3986, Profile::Whatwg] {
        let result = normalize(input, profile, &Options::default()).output;
        for (i, id) in FormId::ALL.into_iter().enumerate() {
            let mut a = app(input, profile);
            let mut clip = FakeClipboard::default();
            let mut keys = vec![key(KeyCode::Char('c'), KeyModifiers::ALT)];
            keys.extend((0..i).map(|_| key(KeyCode::Down, KeyModifiers::NONE)));
            keys.push(key(KeyCode::Enter, KeyModifiers::NONE));
            run(&mut a, &mut clip, keys);
            let want = modern::form(id, input, &result).expect("the WHATWG parser takes it");
            assert_eq!(copied(&clip), &want[..], "{profile:?} {id:?}");
            assert!(status(&a).contains(id.title()), "{id:?}: {}", status(&a));
            assert_eq!(a.overlay(), Overlay::None);
        }
    }
}

#[test]
fn the_last_copy_as_row_is_the_selected_component_and_esc_closes() {
    let input = b"http://h/a?k=v#frag";
    let mut a = app(input, Profile::Rfc3986);
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Char('C'));
    assert_eq!(a.overlay(), Overlay::CopyAs(0));
    press(&mut a, KeyCode::End);
    assert_eq!(a.overlay(), Overlay::CopyAs(FormId::ALL.len()));
    let effects = a.update(urlscope::tui::msg::command::Command::Choose);
    let (what, octets) = support::tui::the_copy(&effects);
    assert_eq!(octets, b"k=v");
    assert!(what.contains("query pair 1"), "{what}");
    press(&mut a, KeyCode::Char('C'));
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
}

#[test]
fn snapshots() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app_in(&long_url(), Profile::Rfc3986, w, h);
        select(&mut a, pair(15));
        press(&mut a, KeyCode::Enter);
        type_str(&mut a, " & more");
        insta::assert_snapshot!(format!("editor_{w}x{h}"), &backend(&a, w, h));
        press(&mut a, KeyCode::Esc);
        press(&mut a, KeyCode::Char('C'));
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        insta::assert_snapshot!(format!("copy_as_{w}x{h}"), &backend(&a, w, h));
    }
}

#[test]
fn controls_in_a_value_are_shown_as_triplets_and_kept() {
    let mut a = app(b"http://h/?k=a%1Bb\x1b[31m\x7f", Profile::Rfc3986);
    select(&mut a, pair(0));
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.overlay_state().editor().unwrap().field().line.buf,
        b"a%1Bb%1B[31m%7F"
    );
    // A pasted control is shown the same way.
    support::tui::send(&mut a, support::tui::paste(b"\x07"));
    let screen = text(&support::tui::buffer(&a, 120, 40));
    assert!(
        !screen.chars().any(|c| c.is_control() && c != '\n'),
        "{screen:?}"
    );
    press(&mut a, KeyCode::Enter);
    // `[` is not allowed raw in an RFC 3986 query: the edited value is written encoded.
    assert_eq!(url(&a), "http://h/?k=a%1Bb%1B%5B31m%7F%07");
}
