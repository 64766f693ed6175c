//! The parser comparison view (`p`, docs/lenses.md) on ratatui's TestBackend: opening and
//! closing it with keys, the comparison computed only while it is open, layout snapshots at
//! 120×40 and 80×24, marks shown by a symbol as well as by style, scrolling, the narrow list
//! layout, and hostile input (controls, bidi, invalid UTF-8, 1 MiB) with nothing raw on screen.

use crate::support;
use support::tui::{
    act, app, app_with, assert_nothing_raw, backend, buffer, press as key, row as text_row, text,
};

use crossterm::event::KeyCode;
use ratatui::style::Modifier;
use urlscope::tui::LaunchOptions;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::{Msg, Overlay};

const BACKSLASH: &[u8] = br"http://evil.example\@good.example/";
const AGREE: &[u8] = b"http://evil.com#@good.com/";

/// Leave the URL input (Esc) and press `p`, as a user does.
fn open(input: &[u8], w: u16, h: u16) -> App {
    let mut a = app(input, w, h);
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('p'));
    assert_eq!(a.overlay(), Overlay::Parsers);
    a
}

#[test]
fn p_opens_esc_closes_and_the_comparison_lives_only_while_open() {
    let mut a = app(BACKSLASH, 120, 40);
    assert!(
        a.analysis().parsers.is_none(),
        "not computed before the view opens"
    );
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('p'));
    assert_eq!(a.overlay(), Overlay::Parsers);
    let c = a.analysis().parsers.as_ref().expect("computed when opened");
    assert!(!c.verdict.agree);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
    // The next analysis (an edit) no longer computes it.
    act(&mut a, Msg::Paste(b"x".to_vec()));
    assert!(a.analysis().parsers.is_none());
    // `q` closes it too.
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('p'));
    assert!(a.analysis().parsers.is_some());
    key(&mut a, KeyCode::Char('q'));
    assert_eq!(a.overlay(), Overlay::None);
    assert!(!a.exit().quit());
}

#[test]
fn the_base_line_is_used() {
    let mut a = app_with(
        &LaunchOptions {
            input: Some(b"//evil.example/path".to_vec()),
            base: b"https://good.example/a/b".to_vec(),
            ..Default::default()
        },
        120,
        40,
    );
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('p'));
    let c = a.analysis().parsers.as_ref().unwrap();
    assert_eq!(c.base.as_deref(), Some("https://good.example/a/b"));
}

#[test]
fn snapshots() {
    for (name, input) in [("backslash", BACKSLASH), ("agree", AGREE)] {
        for (w, h) in [(120u16, 40u16), (80, 24)] {
            let a = open(input, w, h);
            insta::assert_snapshot!(format!("parsers_{name}_{w}x{h}"), &backend(&a, w, h));
        }
    }
}

#[test]
fn disagreeing_cells_carry_a_symbol_and_a_style() {
    let a = open(BACKSLASH, 120, 40);
    let b = buffer(&a, 120, 40);
    let t = text(&b);
    assert!(t.contains("≠ the parsers disagree on the host: `good.example` (urlscope) vs `evil.example` (whatwg)"), "{t}");
    assert!(t.contains("↳ urlscope: backslash, userinfo-at"), "{t}");
    // The ≠ before urlscope's host cell is bold, and so is the cell.
    let host_y = (0..b.area.height)
        .find(|&y| text_row(&b, y).contains("host ") && text_row(&b, y).contains("good.example"))
        .expect("host row");
    let row = text_row(&b, host_y);
    let x = row.chars().position(|c| c == '≠').expect("mark") as u16;
    assert!(b[(x, host_y)].modifier.contains(Modifier::BOLD));
    assert!(b[(x + 2, host_y)].modifier.contains(Modifier::BOLD));
    // The whatwg cell of the same row is not marked.
    let w = row.find("\"evil.example\"").expect("whatwg cell");
    assert_ne!(row[..w].trim_end().chars().last(), Some('≠'));
}

#[test]
fn agreement_is_said_without_marks() {
    let a = open(AGREE, 80, 24);
    let t = text(&buffer(&a, 80, 24));
    assert!(
        t.contains("✓ all parsers agree on the host: `evil.com`"),
        "{t}"
    );
    assert!(
        !t.contains('≠') || t.contains("≠ disagrees with the whatwg column"),
        "{t}"
    );
}

#[test]
fn scrolls_with_arrows_and_pages() {
    let mut a = open(BACKSLASH, 80, 24);
    let first = text(&buffer(&a, 80, 24));
    key(&mut a, KeyCode::PageDown);
    assert!(a.overlay_state().top() > 0);
    let later = text(&buffer(&a, 80, 24));
    assert_ne!(first, later);
    assert!(
        later.contains("confusion classes") || later.contains("✗ rfc3986"),
        "{later}"
    );
    key(&mut a, KeyCode::Up);
    key(&mut a, KeyCode::PageUp);
    assert_eq!(a.overlay_state().top(), 0);
}

#[test]
fn narrow_screens_list_parsers_as_rows() {
    let a = open(b"http://0x7f.1/", 40, 30);
    let t = text(&buffer(&a, 40, 30));
    assert!(t.contains("≠ urlscope  \"0x7f.1\""), "{t}");
    assert!(t.contains("  whatwg    \"127.0.0.1\""), "{t}");
}

#[test]
fn every_small_size_draws() {
    for input in [BACKSLASH, AGREE, b"\x1b\xff".as_slice()] {
        for w in [1u16, 2, 5, 13, 21, 34, 55, 80] {
            for h in [1u16, 2, 5, 13, 24] {
                let a = open(input, w, h);
                buffer(&a, w, h);
            }
        }
    }
}

#[test]
fn hostile_input_reaches_the_screen_escaped() {
    let mut big = b"http://h/".to_vec();
    big.extend(
        std::iter::repeat_n(b"a\x1b[31m\xe2\x80\xae%zz\xff".as_slice(), 1 << 20 >> 4).flatten(),
    );
    big.truncate(1 << 20);
    let inputs: [(&str, &[u8]); 4] = [
        ("controls", b"http://h\x1b[2J\x07/\x00\x7f?\x9b#\r\n"),
        (
            "bidi",
            "http://\u{202E}moc.live\u{2066}@good.example/\u{200B}".as_bytes(),
        ),
        ("invalid utf-8", b"http://\xff\xfe@h\xc3/\xc0\xaf"),
        ("1 MiB", &big),
    ];
    for (what, input) in inputs {
        let a = open(input, 120, 40);
        assert!(a.analysis().parsers.is_some(), "{what}");
        for (w, h) in [(120, 40), (80, 24)] {
            assert_nothing_raw(&buffer(&a, w, h), what);
        }
    }
}
