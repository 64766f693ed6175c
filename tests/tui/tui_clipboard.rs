//! The components pane's selection and the clipboard on TestBackend, through the real loop
//! with a `FakeClipboard`: the components pane's rows are selectable (↑↓, headings skipped, the selection kept visible and drawn
//! reversed), Y / Alt+Y copy the selected row's raw octets and the status line names it; Ctrl+V
//! and `v` read the clipboard into the URL input as a paste. The real X11 clipboard (after
//! urlscope has quit, CLIPBOARD and PRIMARY) is `clipboard_e2e.rs`.

use crate::support;
use support::tui::{app, copied, ctrl, focus, plain as key, run, text};

use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::msg::{Focus, Msg};

/// The row of the screen holding `needle`, and whether its first cell is reversed.
fn row_reversed(b: &Buffer, needle: &str) -> bool {
    let t = text(b);
    let y = t
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} not on screen:\n{t}"));
    let x = t
        .lines()
        .nth(y)
        .unwrap()
        .chars()
        .position(|c| c == needle.chars().next().unwrap());
    let x = x.unwrap() as u16;
    b[(x, y as u16)].modifier.contains(Modifier::REVERSED)
}

const URL: &[u8] = b"http://us%65r@Host.example/a%20b/c;type=a?utm_source=x&q=%C3%A4#frag";

#[test]
fn component_rows_are_selected_with_arrows_and_copied_raw() {
    let mut a = app(URL, 120, 40);
    let mut clip = FakeClipboard::default();
    // Tab Tab: the components pane; the cursor (end of input) lies in the fragment.
    let screen = run(
        &mut a,
        &mut clip,
        vec![key(KeyCode::Tab), key(KeyCode::Tab)],
    );
    assert_eq!(a.panes().focus(), Focus::Components);
    assert!(row_reversed(&screen, "fragment present"));
    assert!(!row_reversed(&screen, "host     present"));
    // Up ×5: host. Y copies its raw octets (not lowercased); the status names it.
    let up5 = vec![key(KeyCode::Up); 5];
    run(&mut a, &mut clip, up5);
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert_eq!(clip.copies, vec![b"Host.example".to_vec()]);
    assert!(row_reversed(&screen, "host     present"));
    assert!(
        text(&screen).contains("copied the host to clipboard"),
        "{}",
        text(&screen)
    );
    // Up: the user, raw (%65 stays encoded: the value, never the decoded display).
    run(&mut a, &mut clip, vec![key(KeyCode::Up), key(KeyCode::Up)]);
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert_eq!(copied(&clip), b"us%65r");
    // Up at the top stays on the scheme.
    run(&mut a, &mut clip, vec![key(KeyCode::Up); 3]);
    assert_eq!(a.panes().comp_sel(), 0);
    drop(screen);
    // Down past the nine components: the heading "segments (2)" is skipped.
    run(&mut a, &mut clip, vec![key(KeyCode::Down); 9]);
    let screen = run(
        &mut a,
        &mut clip,
        vec![support::tui::key(KeyCode::Char('y'), KeyModifiers::ALT)],
    );
    assert_eq!(copied(&clip), b"a%20b");
    assert!(text(&screen).contains("copied path segment 1 to clipboard"));
}

#[test]
fn absent_rows_say_why_nothing_was_copied_and_pairs_copy_key_and_value() {
    let mut a = app(URL, 120, 40);
    let mut clip = FakeClipboard::default();
    run(
        &mut a,
        &mut clip,
        vec![key(KeyCode::Tab), key(KeyCode::Tab)],
    );
    // fragment (8) → password (2).
    run(&mut a, &mut clip, vec![key(KeyCode::Up); 6]);
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert!(clip.copies.is_empty());
    assert!(text(&screen).contains("nothing copied: the password is absent"));
    // PgDn to the end: the last query pair.
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::PageDown); 4]);
    let screen_text = text(&screen);
    run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert_eq!(
        clip.copies.last().map(Vec::as_slice),
        Some(&b"q=%C3%A4"[..]),
        "{screen_text}"
    );
}

#[test]
fn the_selection_scrolls_the_pane_in_a_small_terminal() {
    let mut a = app(b"http://h/1/2/3/4/5/6/7/8/9/10/11/12", 80, 24);
    let mut clip = FakeClipboard::default();
    run(
        &mut a,
        &mut clip,
        vec![key(KeyCode::Tab), key(KeyCode::Tab)],
    );
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::Down); 30]);
    // The last segment is selected and visible, reversed.
    assert!(a.panes().comp_top() > 0);
    assert!(row_reversed(&screen, "12  12"), "{}", text(&screen));
    run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert_eq!(clip.copies, vec![b"12".to_vec()]);
    // And back up to the scheme.
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::PageUp); 10]);
    assert_eq!((a.panes().comp_sel(), a.panes().comp_top()), (0, 0));
    assert!(row_reversed(&screen, "scheme"));
}

#[test]
fn ctrl_v_and_v_paste_the_clipboard_into_the_url_input() {
    let mut a = app(b"", 100, 30);
    let mut clip = FakeClipboard {
        contents: Some("http://pasted.example/ä".as_bytes().to_vec()),
        ..Default::default()
    };
    let screen = run(&mut a, &mut clip, vec![ctrl('v')]);
    assert_eq!(
        a.editing().input().buf,
        "http://pasted.example/ä".as_bytes()
    );
    assert_eq!(
        a.analysis().input.as_slice(),
        a.editing().input().buf.as_slice()
    );
    assert!(text(&screen).contains("pasted 24 bytes from the clipboard"));
    // `v` in another pane: back to the URL input; a complete URL over a complete URL replaces
    // it, Ctrl+Z brings the old one back.
    focus(&mut a, Focus::Steps);
    let screen = run(&mut a, &mut clip, vec![key(KeyCode::Char('v'))]);
    assert_eq!(a.panes().focus(), Focus::Input);
    assert_eq!(a.editing().input().buf.len(), 24);
    assert!(text(&screen).contains("replaced"), "{}", text(&screen));
    // After `=` a URL is being built: the paste goes in at the cursor.
    a.update(Msg::Type('='));
    run(&mut a, &mut clip, vec![ctrl('v')]);
    assert_eq!(a.editing().input().buf.len(), 49);
    // In the input `v` types.
    run(&mut a, &mut clip, vec![key(KeyCode::Char('v'))]);
    assert!(a.editing().input().buf.ends_with(b"v"));
}

#[test]
fn copy_then_paste_round_trips_and_failures_are_reported() {
    let mut a = app(b"http://h/x", 100, 30);
    let mut clip = FakeClipboard::default();
    let screen = run(&mut a, &mut clip, vec![ctrl('v')]);
    assert!(text(&screen).contains("nothing pasted: the clipboard is empty"));
    assert_eq!(a.editing().input().buf, b"http://h/x");
    // Ctrl+Y copies the result; Ctrl+U clears the line; Ctrl+V brings it back.
    run(&mut a, &mut clip, vec![ctrl('y'), ctrl('u'), ctrl('v')]);
    assert_eq!(
        a.editing().input().buf,
        a.analysis().outcome.output.as_slice()
    );
    assert_eq!(a.editing().input().buf, b"http://h/x");
    clip.fail_with = Some("no display".into());
    let screen = run(&mut a, &mut clip, vec![ctrl('v')]);
    assert!(text(&screen).contains("nothing pasted: no display"));
}

/// Ctrl+Y on a result an old rule changed the meaning of: the status names the rule and what
/// today's parsers make of it (RFC 1738 decodes %2B, form decoding reads '+' as a space).
#[test]
fn copying_a_result_whose_meaning_changed_warns() {
    let mut a = app(b"http://h/?sdata=Zm9v%2BYmFy", 120, 30);
    let mut clip = FakeClipboard::default();
    let screen = run(&mut a, &mut clip, vec![ctrl('y')]);
    assert_eq!(clip.copies, vec![b"http://h/?sdata=Zm9v+YmFy".to_vec()]);
    let t = text(&screen);
    assert!(
        t.contains("(⚠ decode-safe: %2B→+ is a space to today's form decoding)"),
        "{t}"
    );
    // A result that means the same to today's parsers: no warning.
    let mut a = app(b"http://h/?q=%7E", 120, 30);
    let screen = run(&mut a, &mut clip, vec![ctrl('y')]);
    assert!(!text(&screen).contains('⚠'), "{}", text(&screen));
}

/// The guide's picture of the components pane with the host selected and copied (100×30):
/// taken again whenever the screen changes, and docs/guide.md shows this snapshot.
#[test]
fn the_guides_host_copied_capture() {
    let mut a = app(
        b"https://shop.example/item?id=7&utm_source=news#top",
        100,
        30,
    );
    let mut clip = FakeClipboard::default();
    run(&mut a, &mut clip, vec![key(KeyCode::Esc)]);
    assert_eq!(a.panes().focus(), Focus::Components);
    run(&mut a, &mut clip, vec![key(KeyCode::Home)]);
    run(&mut a, &mut clip, vec![key(KeyCode::Down); 3]);
    run(&mut a, &mut clip, vec![key(KeyCode::Char('Y'))]);
    assert_eq!(clip.copies, vec![b"shop.example".to_vec()]);
    insta::assert_snapshot!("host_copied_100x30", &support::tui::backend(&a, 100, 30));
}
