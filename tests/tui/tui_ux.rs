//! The first five minutes on TestBackend through the real loop: the untouched example
//! is replaced by the first paste or typing; the warnings list with places, Enter jumping there
//! and the trim key; hints and prose leftovers in the list; toggles keeping the character
//! cursor; Ctrl+Y copying what the open view shows; scrolls reset on a new input and the cursor
//! visible after any resize; undo/redo and the input history.

use crate::support;
use support::tui::{app_with, ch, click_char, copied, focus, key as k, paste, text};

use crossterm::event::{Event, KeyCode, KeyModifiers};
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::LaunchOptions;
use urlscope::tui::model::app::{App, EXAMPLE};
use urlscope::tui::msg::{Focus, Msg, Overlay};
use urlscope_core::url::FindingId;
use urlscope_core::url::Hint;
use urlscope_core::{Profile, url};

const N: KeyModifiers = KeyModifiers::NONE;
const C: KeyModifiers = KeyModifiers::CONTROL;
const A: KeyModifiers = KeyModifiers::ALT;

/// An app on `input`, or on the built-in example when `None`.
fn app(input: Option<&[u8]>, w: u16, h: u16) -> App {
    let opts = LaunchOptions {
        input: input.map(<[u8]>::to_vec),
        ..Default::default()
    };
    app_with(&opts, w, h)
}

fn run(app: &mut App, clip: &mut FakeClipboard, events: Vec<Event>) -> String {
    text(&support::tui::run(app, clip, events))
}

fn status(screen: &str) -> String {
    screen.lines().rev().nth(1).unwrap_or("").to_string()
}

// ---- 1. the untouched example -------------------------------------------------------------

#[test]
fn a_paste_replaces_the_untouched_example_and_undo_brings_it_back() {
    let mut a = app(None, 100, 30);
    let mut clip = FakeClipboard::default();
    let screen = run(&mut a, &mut clip, vec![]);
    assert!(
        status(&screen).contains("type or paste a URL over it"),
        "{screen}"
    );
    assert!(
        screen.lines().last().unwrap().starts_with("URL line: "),
        "{screen}"
    );
    assert!(screen.lines().last().unwrap().contains("Esc pane keys"));
    // Esc: the status line names the keys that act in the panes now (all from the table).
    let mut b = app(None, 100, 30);
    let screen = run(
        &mut b,
        &mut FakeClipboard::default(),
        vec![k(KeyCode::Esc, N)],
    );
    assert!(
        status(&screen).contains("0–6 profiles · m compare"),
        "{screen}"
    );
    for c in ['0', '6', 'm', 'r', 'w', 'q'] {
        assert!(urlscope::tui::keys::keymap::BINDINGS.iter().any(|x| {
            x.scope == urlscope::tui::keys::bindings::Scope::Pane && x.code == KeyCode::Char(c)
        }));
    }
    run(&mut a, &mut clip, vec![paste(b"https://example.org/x")]);
    assert_eq!(a.editing().input().buf, b"https://example.org/x");
    run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
    assert_eq!(a.editing().input().buf, EXAMPLE);
    // The example is no longer untouched: the next paste is an ordinary insertion.
    run(&mut a, &mut clip, vec![paste(b"X")]);
    assert_eq!(a.editing().input().buf, [EXAMPLE, b"X"].concat());
}

#[test]
fn a_digit_or_q_typed_over_the_example_says_what_it_would_have_done() {
    for (key, meaning) in [('2', "Hyvätti"), ('q', "quit")] {
        let mut a = app(None, 120, 30);
        let mut clip = FakeClipboard::default();
        let screen = run(&mut a, &mut clip, vec![ch(key)]);
        assert_eq!(a.editing().input().buf, key.to_string().as_bytes());
        assert!(!a.exit().quit());
        let st = status(&screen);
        assert!(st.contains("typed over the example"), "{st}");
        assert!(st.contains(&format!("Esc first for {key}")), "{st}");
        assert!(st.contains(meaning), "{st}");
        // Esc, then the key acts.
        run(
            &mut a,
            &mut clip,
            // `q` in a pane asks first and quits on the second.
            vec![
                k(KeyCode::Char('z'), C),
                k(KeyCode::Esc, N),
                ch(key),
                ch(key),
            ],
        );
        assert_eq!(a.editing().input().buf, EXAMPLE);
        assert!(a.exit().quit() || a.settings().profile() == Profile::Hyvatti);
    }
    // With a URL on the command line, typing edits it.
    let mut a = app(Some(b"http://h/"), 100, 30);
    run(&mut a, &mut FakeClipboard::default(), vec![ch('2')]);
    assert_eq!(a.editing().input().buf, b"http://h/2");
}

// ---- 2. and 3. the warnings list ------------------------------------------------------------

#[test]
fn every_warning_is_counted_listed_and_jumped_to_and_trim_is_undoable() {
    let x = b"  http://example.com/page\n";
    let mut a = app(Some(x), 120, 30);
    let mut clip = FakeClipboard::default();
    let screen = run(&mut a, &mut clip, vec![]);
    let f = &a.analysis().findings;
    let ids: Vec<&str> = f.list.iter().map(|f| f.id.as_str()).collect();
    for id in [url::W_EDGE_WHITESPACE, url::W_CONTROL, url::W_NO_SCHEME] {
        assert!(ids.contains(&id.as_str()), "{ids:?}");
    }
    // The one count: errors, warnings and hints apart, adding up to the list.
    let c = a.analysis().counts;
    assert_eq!(c.errors + c.warnings + c.hints, f.list.len());
    assert!(
        status(&screen).contains(&format!("{} [Alt+W]", c.status_text())),
        "{screen}"
    );
    eprintln!("status count: {}", c.status_text());
    // The list shows each with its place; Enter on the control character jumps there.
    let screen = run(&mut a, &mut clip, vec![k(KeyCode::Char('w'), A)]);
    assert_eq!(a.overlay(), Overlay::Findings(0));
    assert!(
        screen.contains("W-control") && screen.contains("at 26"),
        "{screen}"
    );
    let row = ids
        .iter()
        .position(|&i| i == url::W_CONTROL.as_str())
        .unwrap();
    let mut keys = vec![k(KeyCode::Down, N); row];
    keys.push(k(KeyCode::Enter, N));
    run(&mut a, &mut clip, keys);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.panes().focus(), Focus::Characters);
    assert_eq!(a.panes().char_cursor(), 25, "on the line feed");
    // Alt+T trims; Ctrl+Z undoes it.
    run(&mut a, &mut clip, vec![k(KeyCode::Char('t'), A)]);
    assert_eq!(a.editing().input().buf, b"http://example.com/page");
    assert!(a.analysis().findings.list.is_empty());
    let screen = run(&mut a, &mut clip, vec![]);
    assert!(status(&screen).contains("trimmed 3 octet(s)"), "{screen}");
    run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
    assert_eq!(a.editing().input().buf, x);
}

#[test]
fn hints_and_prose_leftovers_are_warnings() {
    let x = b"http://user:secret@example.com/%2520/../../x).";
    let a = app(Some(x), 120, 30);
    let f = &a.analysis().findings.list;
    let place = |id: FindingId| f.iter().find(|f| f.id == id).and_then(|f| f.at.clone());
    assert_eq!(place(FindingId::Hint(Hint::DoubleEncoded)), Some(31..34));
    assert_eq!(place(FindingId::Password), Some(12..18));
    assert_eq!(place(FindingId::DotDotAboveRoot), Some(40..42));
    assert_eq!(place(FindingId::TrailingPunctuation), Some(44..46));
    // The same rule as `urlscope extract`: what it cuts is what the list flags.
    let out = support::run(&[b"extract"], &[b"see ", &x[..], b" now"].concat());
    assert_eq!(out.stdout, [&x[..44], b"\n"].concat());
    // `%2520` alone is no longer "no warnings".
    let mut a = app(Some(b"http://example.com/%2520"), 120, 30);
    let screen = run(&mut a, &mut FakeClipboard::default(), vec![]);
    assert!(status(&screen).contains("hint-double-encoded"), "{screen}");
}

// ---- 4. toggles keep the character cursor ---------------------------------------------------

#[test]
fn every_toggle_keeps_the_character_cursor_on_its_unit() {
    let x = b"http://h/a~b?q=%7e";
    let mut a = app(Some(x), 100, 30);
    focus(&mut a, Focus::Characters);
    click_char(&mut a, 10);
    let mut clip = FakeClipboard::default();
    let mut keys: Vec<Event> = ('0'..='6').map(ch).collect();
    keys.extend(('0'..='6').map(|d| k(KeyCode::Char(d), A)));
    keys.extend(['e', 'c', 'l', 'c', 'l', 'e', '1'].map(ch));
    for key in keys {
        run(&mut a, &mut clip, vec![key.clone()]);
        assert_eq!(a.panes().char_cursor(), 10, "after {key:?}");
    }
    // A cursor on a triplet stays on the triplet's start.
    click_char(&mut a, 16);
    run(&mut a, &mut clip, vec![ch('3'), k(KeyCode::Char('2'), A)]);
    assert_eq!(a.panes().char_cursor(), 15);
}

// ---- 5. copy what the open view shows -------------------------------------------------------

#[test]
fn ctrl_y_copies_the_open_views_result_and_names_it() {
    let mut a = app(Some(b"../../img/logo.png?v=2#top"), 120, 30);
    let mut clip = FakeClipboard::default();
    let mut keys = vec![k(KeyCode::Tab, N)];
    keys.extend("http://example.com/docs/guide/index.html".chars().map(ch));
    keys.extend([
        k(KeyCode::Char('2'), A),
        k(KeyCode::Esc, N),
        ch('r'),
        k(KeyCode::Char('y'), C),
    ]);
    let screen = run(&mut a, &mut clip, keys);
    assert_eq!(a.overlay(), Overlay::Resolve);
    assert_eq!(copied(&clip), b"http://example.com/img/logo.png?v=2#top");
    assert!(
        status(&screen).contains("RFC 1808 result (resolve view)"),
        "{screen}"
    );
    // Compare: the active profile's row.
    let screen = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Esc, N), ch('m'), k(KeyCode::Char('y'), C)],
    );
    assert_eq!(copied(&clip), &a.analysis().outcome.output);
    assert!(status(&screen).contains("compare view"), "{screen}");

    let mut a = app(Some("http://EXAMPLE.com:80/".as_bytes()), 120, 30);
    focus(&mut a, Focus::Components);
    let cy = k(KeyCode::Char('y'), C);
    let screen = run(&mut a, &mut clip, vec![ch('h'), cy.clone()]);
    assert_eq!(copied(&clip), b"example.com");
    assert!(status(&screen).contains("host view"), "{screen}");
    let screen = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Esc, N), ch('p'), cy.clone()],
    );
    assert_eq!(copied(&clip), b"example.com");
    assert!(status(&screen).contains("parsers view"), "{screen}");

    // The examples list: the selected example's URL.
    let screen = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::F(2), N), k(KeyCode::Char('y'), C)],
    );
    let first = &urlscope::tui::model::overlays::examples::EXAMPLES[0];
    assert_eq!(copied(&clip), first.input);
    assert!(status(&screen).contains("examples list"), "{screen}");

    let wrapped = b"https://www.google.com/url?q=https%3A%2F%2Fexample.org%2Ffinal&sa=D";
    let mut a = app(Some(wrapped), 120, 30);
    focus(&mut a, Focus::Components);
    let screen = run(&mut a, &mut clip, vec![ch('u'), cy]);
    assert_eq!(copied(&clip), b"https://example.org/final");
    assert!(status(&screen).contains("unwrap view"), "{screen}");
}

// ---- 6. scrolls and resizes -----------------------------------------------------------------

#[test]
fn a_new_input_starts_at_the_top_and_resizes_keep_the_cursor_visible() {
    let long: Vec<u8> = [&b"http://h/"[..], &b"seg/".repeat(40)].concat();
    let mut a = app(Some(&long), 100, 30);
    let mut clip = FakeClipboard::default();
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Esc, N),
            k(KeyCode::PageDown, N),
            k(KeyCode::PageDown, N),
        ],
    );
    assert!(a.panes().comp_top() > 0);
    // Not one complete URL (a complete one would replace the line): inserted.
    let screen = run(&mut a, &mut clip, vec![paste(b"=https://example.org/x")]);
    assert_eq!(a.panes().comp_top(), 0);
    assert!(screen.contains("│scheme"), "{screen}");
    for (w, h) in [(20, 5), (2, 1), (100, 30)] {
        a.update(Msg::Resize(w, h));
        let screen = run(&mut a, &mut clip, vec![]);
        if w == 100 {
            // Not blank: the text up to the cursor fills the line (the paste went in at the end),
            // `…` where the line goes on before the window.
            let first = screen.lines().next().unwrap();
            assert!(first.starts_with("URL  …eg/seg/"), "{first}");
            assert!(first.contains("/=https://example.org/x"), "{first}");
        }
    }
}

// ---- 8. undo, redo, history -----------------------------------------------------------------

#[test]
fn undo_redo_cover_typing_pastes_and_ctrl_u() {
    let mut a = app(Some(b""), 100, 30);
    let mut clip = FakeClipboard::default();
    let big: Vec<u8> = [&b"http://h/?"[..], &b"a=1&".repeat(2600)].concat();
    run(
        &mut a,
        &mut clip,
        vec![paste(&big), k(KeyCode::Char('u'), C)],
    );
    assert!(a.editing().input().buf.is_empty());
    run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
    assert_eq!(
        a.editing().input().buf,
        big,
        "Ctrl+U of a 10 KB paste is undone"
    );
    run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
    assert!(a.editing().input().buf.is_empty(), "the paste was one step");
    run(&mut a, &mut clip, vec![k(KeyCode::Char('r'), C)]);
    assert_eq!(a.editing().input().buf, big);
    // Ctrl+Shift+Z (as a terminal with the kitty protocol reports it) redoes too.
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('u'), C), k(KeyCode::Char('z'), C)],
    );
    let shift_z = k(KeyCode::Char('Z'), C | KeyModifiers::SHIFT);
    run(&mut a, &mut clip, vec![shift_z]);
    assert!(a.editing().input().buf.is_empty());
    // A typed word is one step; the base line too.
    let mut keys: Vec<Event> = "http://example.com".chars().map(ch).collect();
    keys.push(k(KeyCode::Tab, N));
    keys.extend("http://b/".chars().map(ch));
    run(&mut a, &mut clip, keys);
    for left in ["http://b", "http://", "http", ""] {
        run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
        assert_eq!(a.editing().base().buf, left.as_bytes());
    }
    run(&mut a, &mut clip, vec![k(KeyCode::Char('z'), C)]);
    assert_eq!(a.editing().input().buf, b"http://example.");
}

#[test]
fn alt_up_and_down_walk_the_inputs_and_unwrap_back_is_the_same_walk() {
    let mut a = app(None, 100, 30);
    let mut clip = FakeClipboard::default();
    let (one, two): (&[u8], &[u8]) = (b"http://one/", b"http://two/");
    run(
        &mut a,
        &mut clip,
        vec![paste(one), k(KeyCode::Char('u'), C), paste(two)],
    );
    let up = k(KeyCode::Up, A);
    let down = k(KeyCode::Down, A);
    run(&mut a, &mut clip, vec![up.clone()]);
    assert_eq!(a.editing().input().buf, one);
    let screen = run(&mut a, &mut clip, vec![up.clone()]);
    assert_eq!(a.editing().input().buf, EXAMPLE);
    assert!(status(&screen).contains("input 1 of 3"), "{screen}");
    run(&mut a, &mut clip, vec![down.clone(), down.clone()]);
    assert_eq!(a.editing().input().buf, two);
    // An unwrap layer loaded from here: Alt+← and Alt+↑ both go back to `two`.
    let wrapped = b"https://www.google.com/url?q=https%3A%2F%2Fexample.org%2F&sa=D";
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Char('u'), C),
            paste(wrapped),
            k(KeyCode::Esc, N),
            ch('u'),
            k(KeyCode::Down, N),
            k(KeyCode::Enter, N),
        ],
    );
    assert_eq!(a.editing().input().buf, b"https://example.org/");
    run(&mut a, &mut clip, vec![k(KeyCode::Left, A)]);
    assert_eq!(a.editing().input().buf, wrapped);
    run(&mut a, &mut clip, vec![down.clone()]);
    assert_eq!(a.editing().input().buf, b"https://example.org/");
    run(&mut a, &mut clip, vec![up.clone(), up]);
    assert_eq!(a.editing().input().buf, two);
}

/// The warnings list at 100×30 and 80×24 (the capture in docs/guide.md) and down to 1×1.
#[test]
fn warnings_list_snapshots_and_tiny_terminals() {
    let x = b"http://user:secret@example.com/%2520/../../x). ";
    for (w, h) in [(100u16, 30u16), (80, 24)] {
        let mut a = app(Some(x), w, h);
        let screen = run(
            &mut a,
            &mut FakeClipboard::default(),
            vec![k(KeyCode::Char('w'), A)],
        );
        insta::assert_snapshot!(format!("warnings_{w}x{h}"), screen);
    }
    for (w, h) in [(1u16, 1u16), (2, 1), (20, 5), (40, 3)] {
        let mut a = app(Some(x), w, h);
        run(
            &mut a,
            &mut FakeClipboard::default(),
            vec![k(KeyCode::Char('w'), A), k(KeyCode::End, N)],
        );
        assert!(
            matches!(a.overlay(), Overlay::Findings(n) if n + 1 == a.analysis().findings.list.len())
        );
    }
}
