//! Every profile in the inspector: the profile bar names the key that works where the focus is
//! (Alt+digit on the URL line and in the views, the bare digit in a pane), never one that types
//! there; its last slot opens the picker of all sixteen profiles (grouped: sources, today,
//! crawlers), which gives back the view it was opened over; the compare view (`m`) and the
//! compare-with table (Ctrl+T) show every profile under its group. Through the real keymap and
//! drawing, then snapshots at 80×24 and 120×40.

use crate::support;
use support::tui::{
    app_in, backend, buffer, click, ctrl, find, focus, press, press_with, row, screen, send,
    type_str,
};

use crossterm::event::{KeyCode, KeyModifiers};
use urlscope::tui::msg::{Focus, Overlay};
use urlscope_core::Profile;
use urlscope_core::url::Group;

const URL: &[u8] = b"HTTP://www.Example.COM:80/a/./b/../c?b=2&a=1#frag";

/// The profile bar's row (the third).
fn bar(a: &urlscope::tui::model::app::App) -> String {
    row(&buffer(a, a.panes().size().0, a.panes().size().1), 2)
}

#[test]
fn the_bar_names_alt_digits_on_the_url_line_and_bare_digits_in_a_pane() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app_in(URL, Profile::Rfc1738, w, h);
        focus(&mut a, Focus::Input);
        let on_line = bar(&a);
        assert!(on_line.starts_with("Alt+ "), "{w}×{h}: {on_line}");
        // What the bar invites works: Alt+5 on the URL line picks RFC 3986, and types nothing.
        let before = a.editing().input().buf.clone();
        press_with(&mut a, KeyCode::Char('5'), KeyModifiers::ALT);
        assert_eq!(a.settings().profile(), Profile::Rfc3986);
        assert_eq!(a.editing().input().buf, before, "Alt+5 typed into the URL");
        // A bare digit on the URL line types: the bar there never names one alone.
        press(&mut a, KeyCode::Char('2'));
        assert_eq!(
            a.settings().profile(),
            Profile::Rfc3986,
            "2 typed, not chose"
        );
        assert_eq!(a.editing().input().buf.last(), Some(&b'2'));
        press(&mut a, KeyCode::Backspace);
        // In a pane the bar names the bare digits, and they choose.
        focus(&mut a, Focus::Components);
        let in_pane = bar(&a);
        assert!(!in_pane.contains("Alt+"), "{w}×{h}: {in_pane}");
        assert!(
            in_pane.starts_with("0:") || in_pane.starts_with("[0]"),
            "{w}×{h}: {in_pane}"
        );
        press(&mut a, KeyCode::Char('2'));
        assert_eq!(a.settings().profile(), Profile::Hyvatti);
        // Every slot the bar shows is whole: nothing cut at either size.
        for b in [&on_line, &in_pane] {
            assert!(!b.contains('…'), "{w}×{h}: {b}");
            assert!(
                b.contains("6:WHATWG") || b.contains("[6] WHATWG"),
                "{w}×{h}: {b}"
            );
            assert!(
                b.contains("7:crawlers▾") || b.contains("[7] crawlers▾"),
                "{w}×{h}: the picker's slot is cut: {b}"
            );
        }
    }
}

#[test]
fn the_views_bar_names_alt_digits_and_they_work_there() {
    let mut a = app_in(URL, Profile::Rfc1738, 80, 24);
    focus(&mut a, Focus::Components);
    press(&mut a, KeyCode::Char('m'));
    assert_eq!(a.overlay(), Overlay::Compare);
    // Over a view the bare digits do nothing: the bar says Alt+.
    let b = bar(&a);
    assert!(b.starts_with("Alt+ "), "{b}");
    press(&mut a, KeyCode::Char('3'));
    assert_eq!(a.settings().profile(), Profile::Rfc1738);
    press_with(&mut a, KeyCode::Char('3'), KeyModifiers::ALT);
    assert_eq!(a.settings().profile(), Profile::Pdf);
    assert_eq!(a.overlay(), Overlay::Compare, "the view stays open");
    // In the compare-with mode the digits type into the With line; Alt+digits choose.
    press(&mut a, KeyCode::Esc);
    send(&mut a, ctrl('t'));
    assert_eq!(a.overlay(), Overlay::Same);
    assert!(bar(&a).starts_with("Alt+ "), "{}", bar(&a));
    type_str(&mut a, "http://www.example.com/c?a=1&b=2");
    press(&mut a, KeyCode::Char('5'));
    assert_eq!(a.settings().profile(), Profile::Pdf, "5 typed");
    assert!(a.editing().other().buf.ends_with(b"5"));
}

#[test]
fn the_picker_offers_every_profile_and_gives_the_view_back() {
    let mut a = app_in(URL, Profile::Rfc1738, 80, 24);
    focus(&mut a, Focus::Steps);
    press(&mut a, KeyCode::Char('m'));
    press_with(&mut a, KeyCode::Char('7'), KeyModifiers::ALT);
    assert_eq!(
        a.overlay(),
        Overlay::Profiles(
            Profile::ALL
                .iter()
                .position(|&p| p == Profile::Rfc1738)
                .unwrap()
        )
    );
    let s = screen(&a);
    for p in Profile::ALL {
        assert!(
            s.contains(p.name()),
            "{} missing from the picker:\n{s}",
            p.name()
        );
    }
    for g in Group::ALL {
        assert!(s.contains(g.label()), "{} heading missing:\n{s}", g.label());
    }
    // Every label that says more than its name is there whole: a long one takes the row below
    // rather than being dropped while rows under the list stand empty.
    for p in Profile::ALL {
        if !p.label().eq_ignore_ascii_case(p.name()) {
            assert!(
                s.contains(p.label()),
                "{}'s label {:?} missing from the picker:\n{s}",
                p.name(),
                p.label()
            );
        }
    }
    // ↓ to SURT, Enter: SURT is active and the compare view is back.
    let surt = Profile::ALL
        .iter()
        .position(|&p| p == Profile::Surt)
        .unwrap();
    for _ in 1..surt {
        press(&mut a, KeyCode::Down);
    }
    assert_eq!(a.overlay(), Overlay::Profiles(surt));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.settings().profile(), Profile::Surt);
    assert_eq!(a.overlay(), Overlay::Compare);
    let out = normalized(Profile::Surt);
    assert_eq!(a.analysis().outcome.output, out);
    // The bar's last slot now names SURT, chosen.
    focus(&mut a, Focus::Steps);
    press(&mut a, KeyCode::Esc);
    let b = bar(&a);
    assert!(b.contains("7:surt▾") || b.contains("[7] SURT▾"), "{b}");
    // Esc in the picker changes nothing and gives back what was under it (here: nothing).
    press(&mut a, KeyCode::Char('7'));
    assert!(matches!(a.overlay(), Overlay::Profiles(_)));
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.settings().profile(), Profile::Surt);
}

fn normalized(p: Profile) -> Vec<u8> {
    urlscope_core::normalize(URL, p, &urlscope_core::Options::default()).output
}

#[test]
fn a_click_on_the_bar_does_what_the_slot_key_does() {
    let mut a = app_in(URL, Profile::Rfc1738, 120, 40);
    focus(&mut a, Focus::Components);
    let b = buffer(&a, 120, 40);
    let (x, y) = find(&b, "WHATWG");
    send(&mut a, click(x, y));
    assert_eq!(a.settings().profile(), Profile::Whatwg);
    let b = buffer(&a, 120, 40);
    let (x, y) = find(&b, "crawlers▾");
    send(&mut a, click(x, y));
    assert!(
        matches!(a.overlay(), Overlay::Profiles(_)),
        "{:?}",
        a.overlay()
    );
}

#[test]
fn the_compare_view_and_the_table_show_every_profile_grouped() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app_in(URL, Profile::UcSemantic, w, h);
        focus(&mut a, Focus::Components);
        press(&mut a, KeyCode::Char('m'));
        let c = a.analysis().compare.as_ref().expect("computed while open");
        assert_eq!(c.rows.len(), Profile::ALL.len());
        // Scrolled through, the view names every profile once and each group's heading.
        let mut seen = String::new();
        for _ in 0..8 {
            seen.push_str(&screen(&a));
            press(&mut a, KeyCode::PageDown);
        }
        for p in Profile::ALL {
            let shown = if seen.contains(p.label()) {
                p.label()
            } else {
                p.name()
            };
            assert!(seen.contains(shown), "{w}×{h}: {} missing", p.name());
        }
        for g in Group::ALL {
            assert!(seen.contains(g.label()), "{w}×{h}: {} heading", g.label());
        }
        press(&mut a, KeyCode::Esc);
        send(&mut a, ctrl('t'));
        type_str(&mut a, "HTTP://www.Example.COM/a/c?a=1&b=2");
        let w_ = a.analysis().same.as_ref().expect("compared");
        assert_eq!(w_.sameness.profiles.len(), Profile::ALL.len());
        // urlcanon semantic elides the port, resolves the dots, sorts the query and drops the
        // fragment: the two are one key there.
        assert!(w_.sameness.profile(Profile::UcSemantic).equal);
        let s = screen(&a);
        assert!(s.contains("crawlers"), "{w}×{h}:\n{s}");
    }
}

#[test]
fn snapshots() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app_in(URL, Profile::Rfc1738, w, h);
        focus(&mut a, Focus::Input);
        insta::assert_snapshot!(format!("bar_url_line_{w}x{h}"), &backend(&a, w, h));
        focus(&mut a, Focus::Components);
        press(&mut a, KeyCode::Char('7'));
        insta::assert_snapshot!(format!("picker_{w}x{h}"), &backend(&a, w, h));
        let surt = Profile::ALL
            .iter()
            .position(|&p| p == Profile::Surt)
            .unwrap();
        let here = Profile::ALL
            .iter()
            .position(|&p| p == Profile::Rfc1738)
            .unwrap();
        for _ in here..surt {
            press(&mut a, KeyCode::Down);
        }
        press(&mut a, KeyCode::Enter);
        press(&mut a, KeyCode::Char('m'));
        insta::assert_snapshot!(format!("compare_surt_{w}x{h}"), &backend(&a, w, h));
    }
}
