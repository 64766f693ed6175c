//! The host view (`h`) and the main screen's host summary on ratatui's TestBackend: snapshots
//! at 120×40 and 80×24, scrolling, the report computed only while the view is open, hostile
//! hosts (no raw control, bidi or zero-width character in any cell), tiny terminals.

use crate::support;
use support::tui::{
    act, app, assert_nothing_raw, backend, buffer, press, press_drawn as key, text,
};

use crossterm::event::KeyCode;
use urlscope::theme::Theme;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::{Drawn, Msg, Overlay};
use urlscope::tui::view;
use urlscope_core::modern::summarize;

/// Leave the input and press `h`, as a user does.
fn open(input: &[u8], w: u16, h: u16) -> App {
    let mut a = app(input, w, h);
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('h'));
    assert_eq!(a.overlay(), Overlay::Host);
    a
}

const CASES: &[(&str, &str)] = &[
    ("ip_hex_short", "http://0x7f.1/"),
    ("confusable", "http://аррӏе.com/"),
    ("metadata", "http://169.254.169.254/latest/meta-data/"),
    ("mapped_digit", "http://⑫7.0.0.1/"),
    ("punycode", "http://xn--80ak6aa92e.com/"),
];

#[test]
fn snapshots() {
    for (name, url) in CASES {
        for (w, h) in [(120, 40), (80, 24)] {
            let a = open(url.as_bytes(), w, h);
            insta::assert_snapshot!(format!("host_{name}_{w}x{h}"), &backend(&a, w, h));
        }
    }
}

#[test]
fn report_only_while_open_and_closes_with_esc() {
    let mut a = app(b"http://0x7f.1/", 80, 24);
    assert!(
        a.analysis().host.is_none(),
        "computed before the view opened"
    );
    assert_eq!(a.analysis().host_summary.host.as_deref(), Some("127.0.0.1"));
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('h'));
    assert!(a.analysis().host.is_some());
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
    // The next analysis (an edit) drops the report again.
    act(&mut a, Msg::Paste(b"x".to_vec()));
    assert!(a.analysis().host.is_none());
}

#[test]
fn scrolls_to_the_end_and_back() {
    let mut a = open("http://аррӏе.com/".as_bytes(), 80, 24);
    let first = text(&buffer(&a, 80, 24));
    for _ in 0..50 {
        key(&mut a, KeyCode::Down);
    }
    let end = text(&buffer(&a, 80, 24));
    assert_ne!(first, end);
    assert!(end.contains("record the list's date"), "{end}");
    let bottom = a.overlay_state().top();
    key(&mut a, KeyCode::Down);
    assert_eq!(a.overlay_state().top(), bottom, "no scrolling past the end");
    for _ in 0..5 {
        key(&mut a, KeyCode::PageUp);
    }
    assert_eq!(text(&buffer(&a, 80, 24)), first);
}

/// Where the report ends comes from the frame that drew it: the model keeps what the last
/// frame measured, and before any frame the view clamps what the model asks for.
#[test]
fn the_frame_says_where_the_report_ends() {
    let mut a = open("http://аррӏе.com/".as_bytes(), 80, 24);
    // No frame yet: ↓ past the end still shows the end of the report.
    for _ in 0..300 {
        press(&mut a, KeyCode::Down);
    }
    let unclamped = text(&buffer(&a, 80, 24));
    assert!(unclamped.contains("record the list's date"), "{unclamped}");
    // The frame measures the end and the model keeps it.
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    let mut drawn = Drawn::default();
    t.draw(|f| drawn = view::render(&a, &Theme::default(), f))
        .unwrap();
    let max = drawn.view_max.expect("the host view reports its end");
    assert!(max > 0 && drawn.help_max.is_none(), "{drawn:?}");
    act(&mut a, Msg::Drawn(drawn));
    assert_eq!(
        a.overlay_state().top(),
        max,
        "the frame pulls the model back to the end"
    );
    press(&mut a, KeyCode::Down);
    assert_eq!(
        a.overlay_state().top(),
        max,
        "no scrolling past the end the frame measured"
    );
    assert_eq!(text(&buffer(&a, 80, 24)), unclamped);
}

#[test]
fn summary_line_on_the_main_screen() {
    let a = app("http://аррӏе.com/".as_bytes(), 80, 24);
    let t = text(&buffer(&a, 80, 24));
    let status = t.lines().nth(22).unwrap();
    assert!(
        status.contains("host xn--80ak6aa92e.com (аррӏе.com)"),
        "{status}"
    );
    assert!(status.contains("⚠ confusable with apple.com"), "{status}");
    let a = app(b"http://169.254.169.254/latest/meta-data/", 80, 24);
    let status = text(&buffer(&a, 80, 24))
        .lines()
        .nth(22)
        .unwrap()
        .to_string();
    assert!(status.contains("⚠ cloud metadata address"), "{status}");
    let a = app("https://www.pаypal.com/".as_bytes(), 120, 40);
    let status = text(&buffer(&a, 120, 40))
        .lines()
        .nth(38)
        .unwrap()
        .to_string();
    assert!(status.contains("⚠ mixed script"), "{status}");
    let a = app(b"https://docs.example.co.uk/a", 120, 40);
    let status = text(&buffer(&a, 120, 40))
        .lines()
        .nth(38)
        .unwrap()
        .to_string();
    assert!(
        status.contains("host docs.example.co.uk (example.co.uk)"),
        "{status}"
    );
    assert!(status.contains("no warnings"), "{status}");
}

/// The counts with `n` wrapper layers (the status line's one layer count).
fn wrapped(n: usize) -> urlscope_core::modern::Counts {
    urlscope_core::modern::Counts {
        layers: Some(urlscope_core::modern::LayerCount {
            layers: n,
            wrappers: n,
            decodes: 0,
        }),
        ..Default::default()
    }
}

#[test]
fn summary_renders_wrapper_layers() {
    let theme = Theme::default();
    let s = summarize(b"https://x.example/", None, 2);
    let spans = view::screen::summary::spans(&s, &wrapped(2), &theme, 120);
    let line: String = spans.iter().map(|s| s.content.as_ref()).collect();
    assert!(line.contains("⚠ wrapped link: 2 layers"), "{line}");
    let s1 = summarize(b"https://x.example/", None, 1);
    let one: String = view::screen::summary::spans(&s1, &wrapped(1), &theme, 120)
        .iter()
        .map(|s| s.content.as_ref())
        .collect();
    assert!(one.contains("wrapped link: 1 layer") && !one.contains("layers"));
    let s0 = summarize(b"https://x.example/", None, 0);
    let none: String = view::screen::summary::spans(&s0, &wrapped(0), &theme, 120)
        .iter()
        .map(|s| s.content.as_ref())
        .collect();
    assert!(!none.contains("wrapped"));
}

#[test]
fn a_narrow_summary_shortens_the_host_before_losing_a_warning() {
    let theme = Theme::default();
    let long = b"https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2F";
    let s = summarize(long, None, 1);
    let line: String = view::screen::summary::spans(&s, &wrapped(1), &theme, 70)
        .iter()
        .map(|s| s.content.as_ref())
        .collect();
    assert!(line.contains("⚠ wrapped link: 1 layer"), "{line}");
    // The registrable domain in parentheses goes first: the host names it at its end.
    assert!(!line.contains("(outlook.com)"), "{line}");
    assert!(
        unicode_width::UnicodeWidthStr::width(line.as_str()) <= 70,
        "{line}"
    );
    // Narrower, the host is cut on its left: the registrable domain stays whole.
    let line: String = view::screen::summary::spans(&s, &wrapped(1), &theme, 50)
        .iter()
        .map(|s| s.content.as_ref())
        .collect();
    assert!(line.contains("⚠ wrapped link: 1 layer"), "{line}");
    assert!(line.contains("host …outlook.com"), "{line}");
    assert!(
        unicode_width::UnicodeWidthStr::width(line.as_str()) <= 50,
        "{line}"
    );
}

#[test]
fn hostile_hosts_in_the_view_and_summary() {
    let mut huge = b"http://".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 1 << 20));
    huge.extend(b"/x");
    let inputs: Vec<Vec<u8>> = vec![
        b"http://a\x1b[31mb.example/".to_vec(),
        "http://exa\u{202E}lpmaxe.com/".as_bytes().to_vec(),
        "http://ex\u{200B}ample.com/".as_bytes().to_vec(),
        "http://ex\u{0085}ample\u{2066}.com/".as_bytes().to_vec(),
        b"http://a\xff\xfe.example/".to_vec(),
        b"foo://\x01\x02/".to_vec(),
    ];
    // The 1 MiB host once, at 80×24 (its analysis is slow in a debug build).
    let mut a = open(&huge, 80, 24);
    assert!(text(&buffer(&a, 80, 24)).contains("not analysed"));
    key(&mut a, KeyCode::Esc);
    assert!(text(&buffer(&a, 80, 24)).contains("host — not analysed"));
    for x in &inputs {
        let what = String::from_utf8_lossy(&x[..x.len().min(40)]).into_owned();
        let mut a = open(x, 80, 24);
        assert_nothing_raw(&buffer(&a, 80, 24), &what);
        for _ in 0..30 {
            key(&mut a, KeyCode::Down);
            assert_nothing_raw(&buffer(&a, 80, 24), &what);
        }
        key(&mut a, KeyCode::Esc);
        assert_nothing_raw(&buffer(&a, 80, 24), &what);
        for (w, h) in [(1, 1), (2, 3), (10, 5), (40, 10)] {
            let mut a = open(x, w, h);
            buffer(&a, w, h);
            key(&mut a, KeyCode::PageDown);
            buffer(&a, w, h);
        }
    }
}
