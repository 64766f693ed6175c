//! Status that is current, and the With line of compare-with: a message ends when its subject
//! changes (the lines edited, another row selected, the profile or the view changed) and stays
//! while it does not; a paste's trailing line break is left out of the With line, and said; the
//! first difference of the two lines is underlined on both (no colour alone).

use crate::support;
use support::tui::{act, app, buffer, ctrl, focus, paste, press, send};

use crossterm::event::KeyCode;
use ratatui::style::Modifier;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Msg};
use urlscope_core::Profile;

const URL: &[u8] = b"http://example.com/a/b?q=1&r=2";

/// An app on `URL` with the components pane focused and a message on the status line.
fn with_message() -> urlscope::tui::model::app::App {
    let mut a = app(URL, 100, 30);
    press(&mut a, KeyCode::Esc);
    focus(&mut a, Focus::Components);
    act(&mut a, Command::Undo);
    assert!(
        a.status_text().is_some_and(|t| t.contains("undo")),
        "{:?}",
        a.status_text()
    );
    a
}

#[test]
fn a_message_stays_while_its_subject_does() {
    let mut a = with_message();
    // A resize and a frame drawn change nothing the message is about.
    act(&mut a, Msg::Resize(120, 40));
    assert!(a.status_text().is_some(), "a resize kept the message");
    // The same key again says it again.
    act(&mut a, Command::Undo);
    assert!(a.status_text().is_some());
}

#[test]
fn a_message_ends_when_another_row_is_selected() {
    let mut a = with_message();
    let row = a.panes().comp_sel();
    press(&mut a, KeyCode::Down);
    assert_ne!(a.panes().comp_sel(), row);
    assert_eq!(a.status_text(), None, "the row changed: the message is old");
}

#[test]
fn a_message_ends_when_the_profile_changes() {
    let mut a = with_message();
    act(&mut a, Command::Profile(Profile::Rfc3986));
    assert_eq!(a.settings().profile(), Profile::Rfc3986);
    assert_eq!(
        a.status_text(),
        None,
        "the profile changed: the message is old"
    );
}

#[test]
fn a_message_ends_when_the_view_changes() {
    let mut a = with_message();
    act(&mut a, Command::Show(urlscope::tui::msg::Overlay::Parsers));
    assert_eq!(a.status_text(), None, "another view: the message is old");
}

#[test]
fn a_pasted_line_break_is_left_out_of_the_with_line_and_said() {
    let mut a = app(URL, 100, 30);
    press(&mut a, KeyCode::Esc);
    send(&mut a, ctrl('t'));
    send(&mut a, paste(b"http://example.com/a/b?q=1&r=5\r\n"));
    assert_eq!(a.editing().other().buf, b"http://example.com/a/b?q=1&r=5");
    let said = a.status_text().unwrap_or_default();
    assert!(said.contains("line break"), "{said}");
    // Trailing spaces without a line break are the user's: kept.
    send(&mut a, ctrl('t'));
    send(&mut a, ctrl('t'));
    let before = a.editing().other().buf.len();
    send(&mut a, paste(b"  "));
    assert_eq!(a.editing().other().buf.len(), before + 2);
}

#[test]
fn the_first_difference_is_underlined_on_both_lines() {
    let mut a = app(URL, 100, 30);
    press(&mut a, KeyCode::Esc);
    send(&mut a, ctrl('t'));
    send(&mut a, paste(b"http://example.com/a/b?q=1&r=5"));
    let b = buffer(&a, 100, 30);
    // Column of the differing octet: the label's columns, then its offset (both lines start
    // at their first octet).
    let at = URL.iter().rposition(|&c| c == b'2').unwrap();
    let marked = |y: u16| -> Vec<(u16, String)> {
        (0..100)
            .filter(|&x| b[(x, y)].modifier.contains(Modifier::UNDERLINED))
            .map(|x| (x, b[(x, y)].symbol().to_string()))
            .collect()
    };
    let (url, with) = (marked(0), marked(1));
    assert_eq!(url.len(), 1, "{url:?}");
    assert_eq!(with.len(), 1, "{with:?}");
    assert_eq!(url[0].1, "2");
    assert_eq!(with[0].1, "5");
    assert_eq!(url[0].0, with[0].0, "the two marks line up");
    assert!(url[0].0 as usize >= at, "after the label");
}
