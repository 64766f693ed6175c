//! Tier 2: the whole view on ratatui's TestBackend — layout snapshots, colours, keys and pastes.

use crate::support;
use support::tui::{
    act, app_in as app, backend, buffer, buffer_themed, ch, focus, key as ev, press_with as key,
    row, run, text as screen_text, type_str as typ,
};

use crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::style::{Color, Modifier};
use urlscope::clipboard::FakeClipboard;
use urlscope::theme::Theme;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Msg};
use urlscope_core::Profile;

const ACCEPT: &[u8] = b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1#frag";
const J01: &[u8] = b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.";

#[test]
fn snapshots_120x40() {
    for (name, input, profile) in [
        ("accept_rfc1738", ACCEPT, Profile::Rfc1738),
        ("accept_pdf", ACCEPT, Profile::Pdf),
        (
            "controls",
            &b"http://h/a\x1b[31m\x7f\x00b\xff\xc3(%zz"[..],
            Profile::Rfc1738,
        ),
        (
            "bidi_zero_width",
            "http://h/\u{202E}gnp.exe\u{200B}?x=\u{e9}".as_bytes(),
            Profile::Hyvatti,
        ),
        ("fido_j01", J01, Profile::Fido),
    ] {
        let a = app(input, profile, 120, 40);
        insta::assert_snapshot!(format!("{name}_120x40"), &backend(&a, 120, 40));
    }
}

#[test]
fn snapshots_60x20() {
    for (name, input, profile) in [
        ("accept_rfc1738", ACCEPT, Profile::Rfc1738),
        (
            "controls",
            &b"http://h/a\x1b[31m\x7f\x00b\xff\xc3(%zz"[..],
            Profile::Rfc1738,
        ),
        ("fido_j01", J01, Profile::Fido),
    ] {
        let a = app(input, profile, 60, 20);
        insta::assert_snapshot!(format!("{name}_60x20"), &backend(&a, 60, 20));
    }
}

#[test]
fn acceptance_results() {
    let mut a = app(ACCEPT, Profile::Rfc1738, 120, 40);
    let b = buffer(&a, 120, 40);
    assert!(
        screen_text(&b).contains("after  HTTP://User@WWW.Example.COM:80/a/./b/../%7E%20c?q=1#frag")
    );
    key(&mut a, KeyCode::Char('3'), KeyModifiers::ALT);
    assert_eq!(a.settings().profile(), Profile::Pdf);
    let b = buffer(&a, 120, 40);
    let text = screen_text(&b);
    assert!(
        text.contains("after  http://User@www.example.com/a/%7e c?q=1 "),
        "{text}"
    );
    for step in [
        "strip-fragment",
        "lowercase-scheme",
        "lowercase-host",
        "strip-default-port",
        "remove-dot-segments",
    ] {
        assert!(text.contains(step), "{step}");
    }
    // Selecting a step shows its explanation.
    focus(&mut a, Focus::Steps);
    key(&mut a, KeyCode::Down, KeyModifiers::NONE);
    let text = screen_text(&buffer(&a, 120, 40));
    assert!(
        text.contains("leftmost '#' and everything after it"),
        "{text}"
    );
}

#[test]
fn input_line_colours_components() {
    let a = app(ACCEPT, Profile::Rfc1738, 120, 40);
    let b = buffer(&a, 120, 40);
    let at = |col: usize| &b[(5 + col as u16, 0)];
    let t = Theme::default();
    assert_eq!(at(0).fg, t.scheme.fg.unwrap(), "scheme");
    assert!(
        at(4).modifier.contains(Modifier::BOLD),
        "scheme-colon is a bold delimiter"
    );
    assert_eq!(at(7).fg, t.userinfo.fg.unwrap(), "user");
    assert_eq!(at(12).fg, t.host.fg.unwrap(), "host");
    assert_eq!(at(28).fg, t.port.fg.unwrap(), "port");
    assert_eq!(at(31).fg, t.path.fg.unwrap(), "path segment");
    assert_eq!(at(46).fg, t.query_key.fg.unwrap(), "query key");
    assert_eq!(at(48).fg, t.query_value.fg.unwrap(), "query value");
    assert!(at(49).modifier.contains(Modifier::BOLD), "fragment mark");
    assert_eq!(at(51).fg, t.fragment.fg.unwrap(), "fragment");
}

#[test]
fn strip_colours_classes() {
    // Cursor on the first unit so the strip starts at the beginning.
    let mut a = app(b"a-;%7e <\x01\xe9%", Profile::Rfc1738, 120, 40);
    focus(&mut a, Focus::Characters);
    a.update(Command::Home);
    let b = buffer(&a, 120, 40);
    let areas = a.areas();
    let (strip, _) = areas.strip_and_detail();
    let cell = |i: u16| &b[(strip.x + i * 5, strip.y)];
    assert_eq!(cell(0).symbol(), "a");
    assert!(cell(0).modifier.contains(Modifier::REVERSED), "cursor");
    let t = Theme::default();
    assert_eq!(cell(1).fg, t.class_safe.fg.unwrap(), "safe '-'");
    assert_eq!(cell(2).fg, t.class_reserved.fg.unwrap(), "reserved ';'");
    assert_eq!(cell(3).symbol(), "%");
    assert!(
        cell(3).modifier.contains(Modifier::UNDERLINED),
        "triplet underlined"
    );
    assert_eq!(cell(4).fg, t.class_unsafe.fg.unwrap(), "unsafe space");
    assert_eq!(cell(5).fg, t.class_unsafe.fg.unwrap(), "unsafe '<'");
    assert!(
        cell(6).modifier.contains(Modifier::REVERSED),
        "control reversed"
    );
    assert_eq!(cell(7).fg, t.class_non_ascii.fg.unwrap(), "non-ascii");
    assert_eq!(cell(8).bg, t.class_invalid.bg.unwrap(), "invalid percent");
}

#[test]
fn diff_marks_deleted_and_inserted() {
    let a = app(b"http://h/%7e c", Profile::Rfc1738, 120, 40);
    let b = buffer(&a, 120, 40);
    let text = screen_text(&b);
    let y = (0..40).find(|&y| row(&b, y).contains("before ")).unwrap();
    let x0 = row(&b, y).find("before").unwrap() as u16 + 7;
    // before: "http://h/%7e c" — the '%7e' (9..12) and ' ' (12) are deleted.
    assert!(
        b[(x0 + 9, y)].modifier.contains(Modifier::CROSSED_OUT),
        "{text}"
    );
    let t = Theme::default();
    assert_eq!(b[(x0 + 9, y)].fg, t.deleted.fg.unwrap());
    assert!(!b[(x0 + 2, y)].modifier.contains(Modifier::CROSSED_OUT));
    // after: "http://h/%7E%20c" — inserted units green.
    let green = t.inserted.fg.unwrap();
    assert_eq!(b[(x0 + 9, y + 1)].fg, green);
    assert_eq!(b[(x0 + 12, y + 1)].fg, green);
    assert_ne!(b[(x0 + 15, y + 1)].fg, green);
}

#[test]
fn editing_keys() {
    let mut a = app(b"", Profile::Rfc1738, 80, 24);
    typ(&mut a, "http://ex.com/path");
    assert_eq!(a.editing().input().buf, b"http://ex.com/path");
    key(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(
        a.editing().input().buf,
        b"http://ex.com/path",
        "plain Enter inserts nothing"
    );
    key(&mut a, KeyCode::Char('w'), KeyModifiers::CONTROL);
    assert_eq!(a.editing().input().buf, b"http://ex.com/");
    key(&mut a, KeyCode::Left, KeyModifiers::CONTROL);
    assert_eq!(a.editing().input().cursor, 10);
    key(&mut a, KeyCode::Char('a'), KeyModifiers::CONTROL);
    assert_eq!(a.editing().input().cursor, 0);
    key(&mut a, KeyCode::Delete, KeyModifiers::NONE);
    key(&mut a, KeyCode::Char('e'), KeyModifiers::CONTROL);
    key(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    assert_eq!(a.editing().input().buf, b"ttp://ex.com");
    key(&mut a, KeyCode::Enter, KeyModifiers::ALT);
    assert_eq!(a.editing().input().buf, b"ttp://ex.com\n");
    key(&mut a, KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert!(a.editing().input().buf.is_empty());
    // Graphemes: one Left skips e + combining acute.
    typ(&mut a, "e\u{301}x");
    key(&mut a, KeyCode::Left, KeyModifiers::NONE);
    key(&mut a, KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(a.editing().input().cursor, 0);
    // The analysis follows every keystroke.
    assert_eq!(&a.analysis().input[..], "e\u{301}x".as_bytes());
}

#[test]
fn paste_is_verbatim() {
    let mut a = app(b"", Profile::Fido, 80, 24);
    focus(&mut a, Focus::Components);
    act(&mut a, Msg::Paste(J01.to_vec()));
    assert_eq!(a.editing().input().buf, J01);
    assert_eq!(a.panes().focus(), Focus::Input);
    assert_eq!(
        a.analysis().outcome.output,
        b"area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"
    );
}

#[test]
fn focus_profiles_and_quit() {
    let mut a = app(ACCEPT, Profile::Rfc1738, 80, 24);
    assert_eq!(a.panes().focus(), Focus::Input);
    typ(&mut a, "2");
    assert_eq!(
        a.settings().profile(),
        Profile::Rfc1738,
        "digits type into the input"
    );
    key(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    for f in [
        Focus::Base,
        Focus::Components,
        Focus::Characters,
        Focus::Steps,
        Focus::Input,
    ] {
        key(&mut a, KeyCode::Tab, KeyModifiers::NONE);
        assert_eq!(a.panes().focus(), f);
    }
    key(&mut a, KeyCode::BackTab, KeyModifiers::SHIFT);
    assert_eq!(a.panes().focus(), Focus::Steps);
    key(&mut a, KeyCode::Char('2'), KeyModifiers::NONE);
    assert_eq!(a.settings().profile(), Profile::Hyvatti);
    key(&mut a, KeyCode::Char('4'), KeyModifiers::ALT);
    assert_eq!(a.settings().profile(), Profile::Fido);
    key(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    key(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(a.panes().focus(), Focus::Components);
    assert!(!a.exit().quit());
    // `q` in a pane asks; the second quits.
    key(&mut a, KeyCode::Char('q'), KeyModifiers::NONE);
    assert!(!a.exit().quit());
    key(&mut a, KeyCode::Char('q'), KeyModifiers::NONE);
    assert!(a.exit().quit());
    let mut a = app(ACCEPT, Profile::Rfc1738, 80, 24);
    key(&mut a, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(a.exit().quit());
}

#[test]
fn character_cursor_follows_input_and_moves_alone() {
    let mut a = app(b"http://h/%7e", Profile::Rfc1738, 120, 40);
    key(&mut a, KeyCode::Home, KeyModifiers::NONE);
    assert_eq!(a.panes().char_cursor(), 0);
    key(&mut a, KeyCode::End, KeyModifiers::NONE);
    assert_eq!(a.panes().char_cursor(), 12);
    let text = screen_text(&buffer(&a, 120, 40));
    assert!(text.contains("%7e  bytes 9..12"), "{text}");
    assert!(
        text.contains("step 2 uppercase-hex, rule uppercase-hex"),
        "{text}"
    );
    focus(&mut a, Focus::Characters);
    a.update(Command::Left);
    assert_eq!(a.panes().char_cursor(), 8, "a triplet is one unit");
    a.update(Command::Right);
    a.update(Command::Right);
    assert_eq!(a.panes().char_cursor(), 9, "stays on the last unit");
    assert_eq!(
        a.editing().input().cursor,
        12,
        "the input cursor does not move"
    );
}

#[test]
fn scrolls_long_input_keeping_cursor_visible() {
    let long: Vec<u8> = (0..500).map(|i| b'a' + (i % 26) as u8).collect();
    let mut a = app(&long, Profile::Rfc1738, 40, 12);
    let b = buffer(&a, 40, 12);
    // Cursor at the end: the last character is on screen.
    assert!(
        row(&b, 0)
            .trim_end()
            .ends_with((b'a' + (499 % 26) as u8) as char)
    );
    key(&mut a, KeyCode::Home, KeyModifiers::NONE);
    let b = buffer(&a, 40, 12);
    assert!(row(&b, 0).starts_with("URL  abcdef"));
}

#[test]
fn every_small_size_draws() {
    let big: Vec<u8> = std::iter::repeat_n(b"/x%7e y\x1b", 20_000)
        .flatten()
        .copied()
        .collect();
    for input in [ACCEPT, J01, &big[..]] {
        for w in [1u16, 2, 3, 5, 8, 13, 21, 34, 80] {
            for h in [1u16, 2, 3, 5, 8, 13, 24] {
                let a = app(input, Profile::Fido, w, h);
                buffer(&a, w, h);
            }
        }
    }
}

#[test]
fn loop_on_test_backend() {
    let mut a = app(b"", Profile::Rfc1738, 100, 30);
    let mut events: Vec<Event> = "HTTP://WWW.Example.COM:80/%7e#x".chars().map(ch).collect();
    events.push(ev(KeyCode::Char('3'), KeyModifiers::ALT));
    events.push(Event::Resize(90, 28));
    events.push(Event::Paste("?q".into()));
    run(&mut a, &mut FakeClipboard::default(), events);
    let text = screen_text(&buffer(&a, 90, 28));
    assert!(
        text.contains("after  http://www.example.com/%7e "),
        "{text}"
    );
    assert_eq!(
        a.editing().input().buf,
        b"HTTP://WWW.Example.COM:80/%7e#x?q"
    );
    assert_eq!(a.panes().size(), (90, 28));
    // Quit through the loop.
    run(
        &mut a,
        &mut FakeClipboard::default(),
        vec![ev(KeyCode::Char('c'), KeyModifiers::CONTROL), ch('z')],
    );
    assert!(a.exit().quit());
    assert!(
        !a.editing().input().buf.ends_with(b"z"),
        "nothing after quit"
    );
}

#[test]
fn frame_dim_and_struck_when_removed() {
    let input = b"<URL:http://x/>";
    let a = app(input, Profile::Rfc1738, 80, 24);
    let b = buffer(&a, 80, 24);
    // The frame's own (subdued) style: dark grey, no longer dim (dim fell below WCAG 4.5:1).
    assert_eq!(
        b[(5, 0)].fg,
        Theme::default().frame.fg.unwrap(),
        "frame style"
    );
    assert!(
        !b[(5, 0)].modifier.contains(Modifier::CROSSED_OUT),
        "RFC 1738 keeps the frame"
    );
    let a = app(input, Profile::Hyvatti, 80, 24);
    let b = buffer(&a, 80, 24);
    assert!(
        b[(5, 0)].modifier.contains(Modifier::CROSSED_OUT),
        "Hyvätti strips the frame"
    );
    assert!(
        b[(19, 0)].modifier.contains(Modifier::CROSSED_OUT),
        "closing '>' too"
    );
}

#[test]
fn fido_decoded_view_shows_plus_as_space() {
    let a = app(b"fecho://p/a+b%41", Profile::Fido, 100, 30);
    let text = screen_text(&buffer(&a, 100, 30));
    assert!(text.contains("/a+b%41 ⇒ /a bA"), "{text}");
}

#[test]
fn every_theme_draws_and_mono_has_no_colour() {
    let mut names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/themes"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 4, "{names:?}");
    for name in names.iter().map(String::as_str) {
        let theme = Theme::for_terminal(Some(name), false).unwrap();
        let a = app(ACCEPT, Profile::Pdf, 120, 40);
        let b = buffer_themed(&a, &theme, 120, 40);
        if name == "mono" {
            for c in b.content() {
                assert!(
                    matches!(c.fg, Color::Reset) && matches!(c.bg, Color::Reset),
                    "{name}: {c:?}"
                );
            }
        }
    }
    assert_eq!(
        Theme::for_terminal(Some("default"), true).unwrap(),
        Theme::for_terminal(Some("mono"), false).unwrap()
    );
    assert!(
        Theme::for_terminal(Some("no-such-theme"), false)
            .unwrap_err()
            .contains("no such theme")
    );
}

#[test]
fn base_line_feeds_pdf_make_absolute() {
    let mut a = app(b"x/../y.html", Profile::Pdf, 120, 40);
    assert!(
        a.analysis()
            .diagnostics
            .iter()
            .any(|d| *d == "W-pdf-no-base")
    );
    key(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(a.panes().focus(), Focus::Base);
    typ(&mut a, "http://h/dir/page");
    assert_eq!(a.editing().base().buf, b"http://h/dir/page");
    assert_eq!(
        a.editing().input().buf,
        b"x/../y.html",
        "typing in the base leaves the URL alone"
    );
    assert_eq!(a.analysis().outcome.output, b"http://h/dir/y.html");
    let text = screen_text(&buffer(&a, 120, 40));
    assert!(text.contains("Base http://h/dir/page"), "{text}");
    assert!(text.contains("after  http://h/dir/y.html"), "{text}");
}

#[test]
fn selected_step_highlights_its_edits() {
    let mut a = app(b"HTTP://h:80/x", Profile::Pdf, 120, 40);
    focus(&mut a, Focus::Steps);
    // Step 3 of PDF lowercases the scheme.
    a.update(Command::Down);
    a.update(Command::Down);
    assert_eq!(
        a.analysis().outcome.steps[a.panes().step_sel()].step,
        "lowercase-scheme"
    );
    let b = buffer(&a, 120, 40);
    let y = (0..40).find(|&y| row(&b, y).contains("before ")).unwrap();
    let x0 = row(&b, y).find("before").unwrap() as u16 + 7;
    assert!(row(&b, y).contains("before HTTP://h:80/x"));
    assert!(
        b[(x0, y)].modifier.contains(Modifier::CROSSED_OUT),
        "HTTP deleted by this step"
    );
    assert!(
        !b[(x0 + 7, y)].modifier.contains(Modifier::CROSSED_OUT),
        "the host is not this step's"
    );
    assert_eq!(
        b[(x0, y + 1)].fg,
        Color::Green,
        "http inserted by this step"
    );
    let text = screen_text(&b);
    assert!(text.contains("scheme is converted to lowercase"), "{text}");
    let sel = (0..40)
        .find(|&y| row(&b, y).contains("lowercase-scheme  "))
        .unwrap();
    assert!(
        b[(3, sel)].modifier.contains(Modifier::REVERSED),
        "selected row"
    );
}
