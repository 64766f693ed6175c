//! The unwrap view (`u`) and the query table's copy key (docs/lenses.md) on TestBackend
//! through the real loop: snapshots at 120×40 and 80×24, Enter / Backspace / Alt+←, the chain
//! computed only while the view is open, hostile input, tiny terminals.

use crate::support;
use support::tui::{app, key, plain as k, run, text};

use crossterm::event::{Event, KeyCode, KeyModifiers};
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::msg::Overlay;

/// SafeLinks around Proofpoint v3 around a Google redirect.
const NESTED: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%3A%2F%2Fexample.org%2Ffinal%3Fx%253D1%26sa%3DD%26usg%3DAOvVaw1__%3B%21%21ACWV5N9M2RV99hQ%21Kx4%24&data=05%7C02%7Cuser%40example.com&reserved=0";
const TARGET: &str = "https://example.org/final?x=1";

/// Esc (leave the URL input), `u`, then `more`.
fn open_then(more: &[Event]) -> Vec<Event> {
    let mut v = vec![k(KeyCode::Esc), k(KeyCode::Char('u'))];
    v.extend_from_slice(more);
    v
}

#[test]
fn snapshots() {
    for (w, h) in [(120, 40), (80, 24)] {
        let mut a = app(NESTED.as_bytes(), w, h);
        let down = k(KeyCode::Down);
        let screen = text(&run(
            &mut a,
            &mut FakeClipboard::default(),
            open_then(&[down.clone(), down]),
        ));
        assert_eq!(a.overlay(), Overlay::Unwrap(2));
        insta::assert_snapshot!(format!("unwrap_{w}x{h}"), screen);
    }
}

#[test]
fn enter_loads_a_layer_and_backspace_goes_back() {
    let mut a = app(NESTED.as_bytes(), 100, 30);
    let mut clip = FakeClipboard::default();
    let downs = vec![k(KeyCode::Down); 5];
    let screen = text(&run(&mut a, &mut clip, open_then(&downs)));
    assert_eq!(
        a.overlay(),
        Overlay::Unwrap(3),
        "the selection stops at the last layer"
    );
    assert!(screen.contains("▶ 3 Google redirect"), "{screen}");

    run(&mut a, &mut clip, vec![k(KeyCode::Enter)]);
    assert_eq!(a.editing().input().buf, TARGET.as_bytes());
    assert_eq!(a.editing().inputs().before(), 1);
    let screen = text(&run(&mut a, &mut clip, vec![]));
    assert!(screen.starts_with(&format!("URL  {TARGET}")), "{screen}");
    assert!(screen.contains("loaded layer 3 (Google redirect) into the URL line"));
    assert!(screen.contains("the text is its own target"));

    let screen = text(&run(&mut a, &mut clip, vec![k(KeyCode::Backspace)]));
    assert_eq!(a.editing().input().buf, NESTED.as_bytes());
    assert_eq!(a.editing().inputs().before(), 0);
    assert!(screen.contains("back to the previous input"), "{screen}");
    assert!(screen.contains("3 layers (3 wrappers) to the target: https://example.org/final?x=1"));

    // Two loads deep, then Alt+← twice; a third has nothing to go back to.
    let alt_left = key(KeyCode::Left, KeyModifiers::ALT);
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Down),
            k(KeyCode::Enter),
            k(KeyCode::Down),
            k(KeyCode::Enter),
        ],
    );
    assert_eq!(a.editing().inputs().before(), 2);
    assert!(
        a.editing()
            .input()
            .buf
            .starts_with(b"https://www.google.com/url?q=")
    );
    run(&mut a, &mut clip, vec![alt_left.clone()]);
    assert!(
        a.editing()
            .input()
            .buf
            .starts_with(b"https://urldefense.com/v3/")
    );
    run(&mut a, &mut clip, vec![k(KeyCode::Esc), alt_left.clone()]);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.editing().input().buf, NESTED.as_bytes());
    let screen = text(&run(&mut a, &mut clip, vec![alt_left]));
    assert!(
        screen.contains("no previous input to go back to"),
        "{screen}"
    );
}

#[test]
fn the_chain_is_computed_only_while_the_view_is_open() {
    let mut a = app(NESTED.as_bytes(), 100, 30);
    let mut clip = FakeClipboard::default();
    run(&mut a, &mut clip, vec![]);
    assert!(a.analysis().unwrap.is_none());
    run(&mut a, &mut clip, open_then(&[]));
    assert_eq!(a.analysis().unwrap.as_ref().unwrap().layers.len(), 4);
    // Closed: the next analysis (after an edit) carries no chain.
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Esc),
            k(KeyCode::Tab),
            k(KeyCode::Tab),
            k(KeyCode::Tab),
            k(KeyCode::Char('z')),
        ],
    );
    assert!(
        a.editing().input().buf.ends_with(b"z"),
        "{:?}",
        a.panes().focus()
    );
    assert!(a.analysis().unwrap.is_none());
}

#[test]
fn x_copies_the_url_without_tracking_parameters() {
    let url = b"https://shop.example/item?id=7&utm_source=news&utm_medium=mail&fbclid=Iw&q=a+b#top";
    let mut a = app(url, 120, 40);
    let mut clip = FakeClipboard::default();
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Esc), k(KeyCode::Char('x'))],
    ));
    assert_eq!(
        clip.copies,
        vec![b"https://shop.example/item?id=7&q=a+b#top".to_vec()]
    );
    assert!(
        screen.contains("without its 3 tracking parameters"),
        "{screen}"
    );
    // The components pane lists the query table with the flags.
    assert!(screen.contains("query pairs (5; ⚑ 3 tracking, x strips)"));
    assert!(screen.contains("  2 ⚑ utm_source =news"), "{screen}");
    assert!(!screen.contains("⚑ id"), "{screen}");
    assert!(
        screen.contains("q = a+b ⇒ a b") || screen.contains("a+b ⇒ a b"),
        "{screen}"
    );

    let mut a = app(b"https://shop.example/item", 120, 40);
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Esc), k(KeyCode::Char('x'))],
    ));
    assert!(screen.contains("nothing copied: the URL has no query"));
}

#[test]
fn hostile_input_and_tiny_terminals() {
    let mut big = b"https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F%1B%5B31m%E2%80%AE".to_vec();
    big.extend(b"\x1b]0;t\x07\xff\xc2\x85");
    big.extend(std::iter::repeat_n(b'%', 1 << 20));
    let mut a = app(&big, 80, 24);
    let screen = text(&run(
        &mut a,
        &mut FakeClipboard::default(),
        open_then(&[k(KeyCode::Down)]),
    ));
    assert!(screen.contains("1 Outlook SafeLinks"), "{screen}");
    assert!(screen.contains("␛[31m⟨U+202E⟩"), "{screen}");
    for (w, h) in [(1, 1), (2, 1), (10, 3), (30, 8)] {
        let mut a = app(NESTED.as_bytes(), w, h);
        run(
            &mut a,
            &mut FakeClipboard::default(),
            open_then(&[k(KeyCode::Down)]),
        );
    }
}

#[test]
fn query_table_snapshot() {
    let url =
        "https://shop.example/item?id=7&utm_source=news&utm_medium=mail&fbclid=Iw&q=a+b%C3%A9#top";
    let mut a = app(url.as_bytes(), 100, 30);
    let mut keys = vec![k(KeyCode::Esc)];
    keys.extend(vec![k(KeyCode::Down); 10]);
    let screen = text(&run(&mut a, &mut FakeClipboard::default(), keys));
    insta::assert_snapshot!("query_table_100x30", screen);
}
