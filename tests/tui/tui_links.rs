//! The link list (`urlscope pick`, Alt+L, a paste with several links) on
//! ratatui's TestBackend: filtering, the selection's bounds, what Enter and Esc do when
//! picking and when not, Tab into the inspector and Esc back, Ctrl+O, Ctrl+B's confirm, the
//! paste offer, and snapshots at 80×24 and 120×40.

use crate::support;
use support::tui::{
    act, app, app_with, assert_nothing_raw, backend, buffer, ctrl, key, paste, press, send, text,
    type_str,
};

use crossterm::event::{KeyCode, KeyModifiers};
use urlscope::tui::model::app::App;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Effect, Focus, LaunchOptions, Msg, Overlay, Print};
use urlscope_core::{Limits, Link, input};

fn mail(name: &str) -> Vec<Link> {
    let path = format!("{}/tests/data/mail/{name}", env!("CARGO_MANIFEST_DIR"));
    let octets = std::fs::read(path).unwrap();
    urlscope_core::links(&octets, None, &Limits::default()).links
}

/// `urlscope pick` on `links`, as the command line launches it.
fn picking(links: Vec<Link>, print: Print, w: u16, h: u16) -> App {
    app_with(
        &LaunchOptions {
            links: Some(links.into()),
            list_first: true,
            pick: Some(print),
            ..Default::default()
        },
        w,
        h,
    )
}

fn shown_urls(a: &App) -> Vec<String> {
    let l = a.links().unwrap();
    l.shown()
        .iter()
        .map(|&i| String::from_utf8_lossy(&l.link(i).url).into_owned())
        .collect()
}

fn selected_url(a: &App) -> Vec<u8> {
    let l = a.links().unwrap();
    l.link(l.selected().unwrap()).url.clone()
}

/// The key sequence's effects, run like the loop does (analyses inline) — and returned.
fn keys(a: &mut App, ev: crossterm::event::Event) -> Vec<Effect> {
    let mut all = Vec::new();
    for m in urlscope::tui::shell::messages_for(ev, a) {
        let effects = a.update(m);
        all.extend(effects.iter().cloned());
        urlscope::tui::shell::run_sync(a, effects);
    }
    all
}

#[test]
fn opens_on_the_list_with_every_link() {
    let links = mail("html-only.eml");
    let n = links.len();
    let a = picking(links, Print::Found, 120, 40);
    assert_eq!(a.overlay(), Overlay::Links);
    assert_eq!(a.links().unwrap().shown().len(), n);
    let s = text(&buffer(&a, 120, 40));
    assert!(s.contains(&format!("{n} of {n} links")), "{s}");
}

#[test]
fn typing_filters_by_substring_in_any_case_and_backspace_widens() {
    let mut a = picking(mail("alternative.eml"), Print::Found, 120, 40);
    let all = shown_urls(&a);
    type_str(&mut a, "SHOP.example.COM/");
    let want: Vec<_> = all
        .iter()
        .filter(|u| u.to_ascii_lowercase().contains("shop.example.com/"))
        .cloned()
        .collect();
    assert!(!want.is_empty() && want.len() < all.len());
    assert_eq!(shown_urls(&a), want);
    // Letters that are keys elsewhere (q, y, digits) type into the filter here.
    type_str(&mut a, "q9");
    assert!(shown_urls(&a).is_empty());
    assert_eq!(a.links().unwrap().filter(), "SHOP.example.COM/q9");
    assert!(!a.exit().quit());
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Backspace);
    assert_eq!(shown_urls(&a), want);
    send(&mut a, ctrl('u'));
    assert_eq!(shown_urls(&a), all);
}

#[test]
fn the_filter_also_matches_an_html_links_text() {
    let mut a = picking(mail("html-only.eml"), Print::Found, 120, 40);
    type_str(&mut a, "log in to your");
    let urls = shown_urls(&a);
    assert_eq!(urls.len(), 1, "{urls:?}");
    assert!(urls[0].starts_with("https://urldefense.proofpoint.com/"));
}

#[test]
fn the_selection_stays_within_the_rows_and_on_its_link() {
    let mut a = picking(mail("alternative.eml"), Print::Found, 80, 24);
    let n = shown_urls(&a).len();
    let sel = |a: &App| a.links().unwrap().sel();
    press(&mut a, KeyCode::Up);
    assert_eq!(sel(&a), 0);
    press(&mut a, KeyCode::End);
    assert_eq!(sel(&a), n - 1);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::PageDown);
    assert_eq!(sel(&a), n - 1);
    press(&mut a, KeyCode::Home);
    assert_eq!(sel(&a), 0);
    press(&mut a, KeyCode::PageDown);
    assert_eq!(sel(&a), (24 / 3).min(n - 1));
    // A filter that still matches the selected link keeps it selected.
    press(&mut a, KeyCode::Home);
    press(&mut a, KeyCode::Down);
    let before = selected_url(&a);
    let needle = String::from_utf8_lossy(&before[before.len() - 6..]).into_owned();
    type_str(&mut a, &needle);
    assert_eq!(selected_url(&a), before);
}

#[test]
fn enter_answers_the_link_as_found_and_quits() {
    let mut a = picking(mail("alternative.eml"), Print::Found, 80, 24);
    type_str(&mut a, "order=");
    let effects = keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert!(matches!(effects.as_slice(), [Effect::Quit]), "{effects:?}");
    assert_eq!(
        a.exit().answer(),
        Some(&b"https://shop.example.com/orders?order=8842913&token=a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"[..])
    );
}

#[test]
fn enter_with_print_target_answers_the_unwrapped_target() {
    let mut a = picking(mail("html-only.eml"), Print::Target, 80, 24);
    type_str(&mut a, "proofpoint");
    keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(
        a.exit().answer(),
        Some(&b"https://secure.example-bank.com/login?next=/account"[..])
    );
}

#[test]
fn enter_on_no_match_answers_nothing() {
    let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
    type_str(&mut a, "no such link");
    let effects = keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert!(effects.is_empty());
    assert!(a.exit().answer().is_none() && !a.exit().quit());
}

#[test]
fn esc_and_ctrl_c_cancel_a_pick_without_an_answer() {
    for ev in [key(KeyCode::Esc, KeyModifiers::NONE), ctrl('c')] {
        let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
        let effects = keys(&mut a, ev);
        assert!(matches!(effects.as_slice(), [Effect::Quit]));
        assert!(a.exit().answer().is_none() && a.exit().quit() && a.exit().pick().is_some());
    }
}

#[test]
fn tab_inspects_the_link_and_esc_or_backspace_come_back_with_the_selection() {
    let mut a = picking(mail("plain.txt"), Print::Found, 120, 40);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    let link = selected_url(&a);
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.panes().focus(), Focus::Components);
    assert_eq!(a.editing().input().buf, link);
    assert_eq!(&a.analysis().input[..], &link[..]);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay(), Overlay::Links);
    assert_eq!(selected_url(&a), link);
    press(&mut a, KeyCode::Right);
    assert_eq!(a.overlay(), Overlay::None);
    press(&mut a, KeyCode::Backspace);
    assert_eq!(a.overlay(), Overlay::Links);
    assert_eq!(selected_url(&a), link);
}

#[test]
fn ctrl_o_answers_the_result_shown() {
    let mut a = app(b"HTTP://A:80/%7e", 80, 24);
    let shown = a.analysis().outcome.output.clone();
    let effects = keys(&mut a, ctrl('o'));
    assert!(matches!(effects.as_slice(), [Effect::Quit]));
    assert_eq!(a.exit().answer(), Some(&shown[..]));
    // In the list, the selected link (what Ctrl+Y copies).
    let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
    press(&mut a, KeyCode::End);
    let link = selected_url(&a);
    keys(&mut a, ctrl('o'));
    assert_eq!(a.exit().answer(), Some(&link[..]));
}

#[test]
fn ctrl_y_in_the_list_copies_the_selected_link() {
    let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
    press(&mut a, KeyCode::Down);
    let link = selected_url(&a);
    let effects = a.update(Msg::Command(Command::CopyResult));
    match effects.as_slice() {
        [Effect::Copy { octets, .. }] => assert_eq!(octets, &link),
        other => panic!("{other:?}"),
    }
}

#[test]
fn ctrl_b_shows_the_host_first_and_opens_on_the_second_press() {
    let mut a = picking(mail("html-only.eml"), Print::Found, 120, 40);
    type_str(&mut a, "proofpoint");
    let first = keys(&mut a, ctrl('b'));
    assert!(first.is_empty());
    let status = a.status_text().unwrap().to_string();
    assert!(status.contains("secure.example-bank.com"), "{status}");
    let second = keys(&mut a, ctrl('b'));
    match second.as_slice() {
        [Effect::OpenBrowser(u)] => {
            assert_eq!(u, "https://secure.example-bank.com/login?next=/account")
        }
        other => panic!("{other:?}"),
    }
    // Another key between the two presses forgets the first.
    keys(&mut a, ctrl('b'));
    press(&mut a, KeyCode::Down);
    assert!(keys(&mut a, ctrl('b')).is_empty());
}

#[test]
fn ctrl_b_refuses_what_is_not_http() {
    let mut a = app(b"javascript:alert(1)", 80, 24);
    assert!(keys(&mut a, ctrl('b')).is_empty());
    assert!(keys(&mut a, ctrl('b')).is_empty());
    assert!(a.status_text().unwrap().contains("only http and https"));
}

#[test]
fn a_paste_with_several_links_offers_them_and_choosing_one_is_one_undo_step() {
    let mut a = app(b"http://before.example/", 80, 24);
    let pasted =
        b"see https://one.example/a and\nhttps://two.example/b, or <URL:http://three.example/>";
    send(&mut a, paste(pasted));
    assert_eq!(
        a.status_text(),
        Some("3 links in the paste — Alt+L lists them")
    );
    send(&mut a, key(KeyCode::Char('l'), KeyModifiers::ALT));
    assert_eq!(a.overlay(), Overlay::Links);
    assert_eq!(
        shown_urls(&a),
        [
            "https://one.example/a",
            "https://two.example/b",
            "http://three.example/"
        ]
    );
    let before = a.editing().input().buf.clone();
    press(&mut a, KeyCode::Down);
    let effects = keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert!(
        a.exit().answer().is_none() && !a.exit().quit(),
        "{effects:?}"
    );
    assert_eq!(a.overlay(), Overlay::None);
    assert_eq!(a.editing().input().buf, b"https://two.example/b");
    send(&mut a, ctrl('z'));
    assert_eq!(a.editing().input().buf, before);
}

#[test]
fn a_paste_with_one_link_offers_nothing_and_l_says_why() {
    let mut a = app(b"http://x/", 80, 24);
    send(&mut a, paste(b"https://only.example/"));
    assert!(a.links().is_none());
    act(&mut a, Msg::Command(Command::LeaveInput));
    press(&mut a, KeyCode::Char('L'));
    assert_eq!(a.overlay(), Overlay::None);
    assert!(a.status_text().unwrap().contains("no link list"));
}

#[test]
fn a_paste_into_the_list_goes_to_the_filter() {
    let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
    send(&mut a, paste(b"wikipedia\nignored"));
    assert_eq!(a.links().unwrap().filter(), "wikipedia");
    assert_eq!(
        shown_urls(&a),
        ["https://en.wikipedia.org/wiki/Mase_(disambiguation)"]
    );
}

#[test]
fn a_long_link_is_cut_in_the_middle_never_through_its_host() {
    let host = "a-very-long-subdomain-name.another-part.login.example-bank.co.uk";
    let url = format!("https://{host}/{}/end", "p".repeat(200));
    let links = urlscope_core::links(url.as_bytes(), None, &Limits::default()).links;
    for w in [40u16, 80, 120] {
        // One link and rows to spare: it wraps whole under its line number.
        let a = picking(links.clone(), Print::Found, w, 24);
        let s = text(&buffer(&a, w, 24));
        let rows: Vec<&str> = s.lines().collect();
        let first = rows.iter().position(|l| l.contains("     1 ")).unwrap();
        let joined: String = rows[first..]
            .iter()
            .take_while(|l| !l.contains('✓') && !l.contains('⚠') && !l.contains('✗'))
            .map(|l| l.trim_matches('│').trim())
            .collect();
        assert!(
            joined.contains(host) && joined.contains("/end"),
            "{w}: {joined}"
        );
        assert!(!joined.contains('…'), "{w}: {joined}");
        // Without rows to spare (a short screen): cut in the middle, the host's end kept.
        let a = picking(links.clone(), Print::Found, w, 10);
        let s = text(&buffer(&a, w, 10));
        let row = s
            .lines()
            .find(|l| l.contains("     1 "))
            .unwrap()
            .to_string();
        assert!(row.contains("example-bank.co.uk"), "{w}: {row}");
        assert!(row.contains('…'), "{w}: {row}");
    }
}

#[test]
fn hostile_links_reach_no_cell_raw() {
    let text_in = "http://a.example/\u{1b}[2J\u{202e}x http://b.example/\u{7}y";
    let links = urlscope_core::links(text_in.as_bytes(), None, &Limits::default()).links;
    let a = picking(links, Print::Found, 80, 24);
    assert_nothing_raw(&buffer(&a, 80, 24), "the link list");
}

#[test]
fn snapshots() {
    for (name, file) in [
        ("html", "html-only.eml"),
        ("alternative", "alternative.eml"),
    ] {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut a = picking(mail(file), Print::Found, w, h);
            press(&mut a, KeyCode::Down);
            insta::assert_snapshot!(format!("links_{name}_{w}x{h}"), &backend(&a, w, h));
        }
    }
    let mut a = picking(mail("alternative.eml"), Print::Found, 80, 24);
    type_str(&mut a, "shop");
    insta::assert_snapshot!("links_filtered_80x24", &backend(&a, 80, 24));
}

/// Two links, a harmless one first and a trick second: after ↓ every key speaks of the trick.
fn paypal_and_a_trick() -> (App, Vec<u8>) {
    let text_in =
        b"First https://www.paypal.com/signin then https://paypal.com@evil.example/login ok\n";
    let links = urlscope_core::links(text_in, None, &Limits::default()).links;
    assert_eq!(links.len(), 2);
    let mut a = picking(links, Print::Found, 80, 24);
    keys(&mut a, key(KeyCode::Down, KeyModifiers::NONE));
    let trick = b"https://paypal.com@evil.example/login".to_vec();
    assert_eq!(selected_url(&a), trick);
    (a, trick)
}

#[test]
fn the_selected_link_is_the_subject_of_every_key() {
    let (mut a, trick) = paypal_and_a_trick();
    // The analysis, and so the status line, is the selected link's.
    assert_eq!(a.analysis().input.as_slice(), &trick[..]);
    let screen = text(&buffer(&a, 80, 24));
    let status = screen.lines().last().unwrap_or_default().to_string();
    assert!(!status.contains("www.paypal.com"), "{status}");
    // Ctrl+Y copies it.
    match a.update(Msg::Command(Command::CopyResult)).as_slice() {
        [Effect::Copy { octets, .. }] => assert_eq!(octets, &trick),
        other => panic!("{other:?}"),
    }
    // Ctrl+B names its host; Esc cancels the confirm only.
    assert!(keys(&mut a, ctrl('b')).is_empty());
    let said = a.status_text().unwrap_or_default().to_string();
    assert!(said.contains("evil.example"), "{said}");
    keys(&mut a, key(KeyCode::Esc, KeyModifiers::NONE));
    assert!(!a.exit().quit() && a.exit().answer().is_none());
    assert_eq!(a.overlay(), Overlay::Links);
    assert!(
        keys(&mut a, ctrl('b')).is_empty(),
        "the confirm was cancelled"
    );
    keys(&mut a, key(KeyCode::Esc, KeyModifiers::NONE));
    // Alt+C's first form is the selected link as found.
    keys(&mut a, key(KeyCode::Char('c'), KeyModifiers::ALT));
    assert_eq!(a.overlay(), Overlay::CopyAs(0));
    let effects = keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(support::tui::the_copy(&effects).1, &trick[..]);
    // Enter in the list picks it.
    keys(&mut a, key(KeyCode::Char('l'), KeyModifiers::ALT));
    assert_eq!(a.overlay(), Overlay::Links);
    keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(a.exit().answer(), Some(&trick[..]));
    // Ctrl+O answers it.
    let (mut a, trick) = paypal_and_a_trick();
    keys(&mut a, ctrl('o'));
    assert_eq!(a.exit().answer(), Some(&trick[..]));
}

#[test]
fn ctrl_b_refuses_a_script_link_and_says_why() {
    let text_in =
        b"<html><a href=\"javascript:alert(1)\">x</a> <a href=\"https://ok.example/\">y</a>";
    let links = urlscope_core::links(text_in, None, &Limits::default()).links;
    let mut a = picking(links, Print::Found, 80, 24);
    assert_eq!(selected_url(&a), b"javascript:alert(1)");
    assert!(keys(&mut a, ctrl('b')).is_empty());
    let said = a.status_text().unwrap_or_default().to_string();
    assert!(said.contains("script-scheme"), "{said}");
}

/// `urlscope pick --multi` on `links`.
fn picking_multi(links: Vec<Link>, print: Print, w: u16, h: u16) -> App {
    app_with(
        &LaunchOptions {
            links: Some(links.into()),
            list_first: true,
            pick: Some(print),
            multi: true,
            ..Default::default()
        },
        w,
        h,
    )
}

#[test]
fn multi_tab_marks_and_enter_writes_each_marked_link_in_list_order() {
    let mut a = picking_multi(mail("plain.txt"), Print::Found, 80, 24);
    let all = shown_urls(&a);
    assert!(all.len() >= 4, "{all:?}");
    // Mark the fourth link, then the second (marked later, printed earlier: list order).
    for _ in 0..3 {
        press(&mut a, KeyCode::Down);
    }
    press(&mut a, KeyCode::Tab);
    // Tab moved the selection on, as fzf's does.
    assert_eq!(selected_url(&a), all[4].as_bytes());
    press(&mut a, KeyCode::Home);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Tab);
    assert!(a.status_text().unwrap().contains("2 links marked"));
    let l = a.links().unwrap();
    assert_eq!(l.marked(), [1, 3]);
    // Counted on the filter line and marked on the rows.
    let s = text(&buffer(&a, 80, 24));
    assert!(
        s.contains("8 of 8 links · 2 marked") && s.contains("Tab mark"),
        "{s}"
    );
    assert_eq!(s.matches('●').count(), 2, "{s}");
    let effects = keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert!(matches!(effects.as_slice(), [Effect::Quit]), "{effects:?}");
    assert_eq!(a.exit().answer(), Some(all[1].as_bytes()));
    assert_eq!(a.exit().more(), [all[3].as_bytes().to_vec()]);
}

#[test]
fn multi_tab_again_unmarks_and_no_mark_writes_the_selected_link() {
    let mut a = picking_multi(mail("plain.txt"), Print::Found, 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Tab);
    assert!(a.links().unwrap().marked().is_empty());
    assert!(a.status_text().unwrap().contains("no link marked"));
    press(&mut a, KeyCode::Down);
    let link = selected_url(&a);
    keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(a.exit().answer(), Some(&link[..]));
    assert!(a.exit().more().is_empty());
}

#[test]
fn multi_marks_survive_the_filter_and_print_in_the_print_form() {
    let mut a = picking_multi(mail("html-only.eml"), Print::Target, 80, 24);
    type_str(&mut a, "proofpoint");
    press(&mut a, KeyCode::Tab);
    // The mark stays when the filter is cleared; the last row is marked too.
    send(&mut a, ctrl('u'));
    press(&mut a, KeyCode::End);
    let last = a.links().unwrap().selected().unwrap();
    press(&mut a, KeyCode::Tab);
    let l = a.links().unwrap();
    assert_eq!(l.marked(), [0, last]);
    let tracker = l.printed(last, Print::Target);
    keys(&mut a, key(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(
        a.exit().answer(),
        Some(&b"https://secure.example-bank.com/login?next=/account"[..])
    );
    assert_eq!(a.exit().more(), [tracker]);
}

#[test]
fn without_multi_tab_still_inspects() {
    let mut a = picking(mail("plain.txt"), Print::Found, 80, 24);
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.overlay(), Overlay::None);
    assert!(a.links().unwrap().marked().is_empty());
}

/// A phishing link with several findings: a Cyrillic а in the host, userinfo that names
/// another site, and link text that shows paypal.com.
fn phish() -> Vec<Link> {
    let html = "<html><body><a href=\"https://www.paypal.com@secure.p\u{430}ypal.com/login\">\
                https://www.paypal.com/</a> <a href=\"https://ok.example/\">ok</a></body></html>";
    urlscope_core::links(
        html.as_bytes(),
        Some(urlscope_core::Kind::Html),
        &Limits::default(),
    )
    .links
}

#[test]
fn every_finding_is_on_the_row_most_severe_first_and_counted_where_it_does_not_fit() {
    let links = phish();
    let facts = links[0].facts();
    let ids: Vec<&str> = facts.findings.iter().map(|f| f.id).collect();
    assert!(ids.len() >= 3, "{ids:?}");
    let row_of = |s: &str| -> String {
        let lines: Vec<&str> = s.lines().collect();
        let i = lines
            .iter()
            .position(|l| l.contains("paypal.com@"))
            .unwrap();
        lines[i + 1..]
            .iter()
            .take_while(|l| !l.contains("https://ok.example"))
            .copied()
            .collect::<Vec<_>>()
            .join("")
    };
    // Wide: every id, in the core's order (most severe first).
    let a = picking(links.clone(), Print::Found, 200, 40);
    let row = row_of(&text(&buffer(&a, 200, 40)));
    let mut at = 0;
    for id in &ids {
        let i = row[at..]
            .find(id)
            .unwrap_or_else(|| panic!("{id} in {row}"));
        at += i + id.len();
    }
    assert!(!row.contains(" +"), "{row}");
    // Narrow: the first ones, then how many more.
    let a = picking(links, Print::Found, 80, 24);
    let row = row_of(&text(&buffer(&a, 80, 24)));
    assert!(row.contains(ids[0]), "{row}");
    let shown = ids.iter().filter(|id| row.contains(*id)).count();
    assert!(shown < ids.len(), "{row}");
    assert!(row.contains(&format!(" +{}", ids.len() - shown)), "{row}");
}

#[test]
fn the_registrable_domain_shows_its_ascii_form_beside_the_unicode_one() {
    let a = picking(phish(), Print::Found, 80, 24);
    let s = text(&buffer(&a, 80, 24));
    assert!(s.contains("p\u{430}ypal.com = xn--pypal-4ve.com"), "{s}");
    // The status line speaks of the selected link: at 80 columns its host, cut on the left
    // to its ASCII registrable end; with room, both forms of the registrable domain.
    let status = s.lines().nth(22).unwrap_or_default();
    assert!(status.starts_with("…xn--pypal-4ve.com"), "{status}");
    let a = picking(phish(), Print::Found, 200, 30);
    let s = text(&buffer(&a, 200, 30));
    let status = s.lines().nth(28).unwrap_or_default();
    assert!(
        status.contains("host secure.xn--pypal-4ve.com (p\u{430}ypal.com)"),
        "{status}"
    );
    // A plain ASCII domain is shown once.
    let mut a = picking(phish(), Print::Found, 80, 24);
    press(&mut a, KeyCode::Down);
    let s = text(&buffer(&a, 80, 24));
    assert!(
        s.contains("ok.example") && !s.contains("ok.example ="),
        "{s}"
    );
}

#[test]
fn a_defanged_link_on_the_url_line_is_read_back_and_the_status_line_says_so() {
    let a = app(b"hxxps://evil[.]example/login", 80, 24);
    assert_eq!(a.editing().input().buf, b"https://evil.example/login");
    assert!(a.status_text().unwrap().starts_with("refanged:"));
    let s = text(&buffer(&a, 80, 24));
    assert!(s.contains("refanged:"), "{s}");
    // Pasted over a link: the link it names replaces it (Ctrl+Z brings the old one back).
    let mut a = app(b"http://before.example/", 80, 24);
    send(&mut a, paste(b"hxxp://b(.)example[:]8080/x"));
    assert_eq!(a.editing().input().buf, b"http://b.example:8080/x");
    assert!(a.status_text().unwrap().contains("refanged:"));
    send(&mut a, ctrl('z'));
    assert_eq!(a.editing().input().buf, b"http://before.example/");
    // A plain link is left alone.
    let a = app(b"http://a.example/x(.)y", 80, 24);
    assert_eq!(a.editing().input().buf, b"http://a.example/x(.)y");
}

fn link(url: &str) -> Link {
    Link::new(url.as_bytes().to_vec(), 1, input::Source::Text)
}

/// A streamed mbox's reports (`Msg::Reading`): the list grows under the filter typed, the
/// selection stays on its link, and the filter line says how far the input is read.
#[test]
fn a_streamed_mbox_grows_the_list_under_the_filter_and_the_selection() {
    let mut a = picking(
        vec![link("http://a.example/shop"), link("http://b.example/")],
        Print::Found,
        80,
        24,
    );
    a.update(Msg::Reading(urlscope::tui::msg::Reading {
        links: Vec::new(),
        messages: 2,
        done: false,
    }));
    assert!(text(&buffer(&a, 80, 24)).contains("2 of 2 links · reading… 2 messages"));
    type_str(&mut a, "shop");
    press(&mut a, KeyCode::Down);
    assert_eq!(selected_url(&a), b"http://a.example/shop");
    a.update(Msg::Reading(urlscope::tui::msg::Reading {
        links: vec![link("http://c.example/"), link("http://d.example/shop")],
        messages: 5,
        done: false,
    }));
    assert_eq!(
        shown_urls(&a),
        ["http://a.example/shop", "http://d.example/shop"]
    );
    assert_eq!(selected_url(&a), b"http://a.example/shop");
    assert!(text(&buffer(&a, 80, 24)).contains("2 of 4 links · reading… 5 messages"));
    a.update(Msg::Reading(urlscope::tui::msg::Reading {
        links: vec![link("http://e.example/shop")],
        messages: 6,
        done: true,
    }));
    assert!(text(&buffer(&a, 80, 24)).contains("3 of 5 links · 6 messages"));
    press(&mut a, KeyCode::End);
    assert_eq!(selected_url(&a), b"http://e.example/shop");
    // Widening the filter again finds every link, the streamed ones among them.
    send(&mut a, ctrl('u'));
    assert_eq!(a.links().unwrap().shown().len(), 5);
}

#[test]
fn an_html_links_text_that_fits_a_row_is_never_split_across_rows() {
    // The text shown beside a link is evidence (`text “https://www.paypal.com/signin”` on a
    // link elsewhere): at every width where it fits one row it must read whole on one row.
    for (w, h) in [(60, 24), (72, 24), (80, 24), (100, 30), (120, 40)] {
        let mut a = picking(mail("html-only.eml"), Print::Found, w, h);
        press(&mut a, KeyCode::Down);
        let screen = text(&buffer(&a, w, h));
        for quoted in [
            "text “log in to your bank”",
            "text “https://www.paypal.com/signin”",
        ] {
            assert!(
                screen.lines().any(|row| row.contains(quoted)),
                "{w}x{h}: {quoted} is not on one row:\n{screen}"
            );
        }
    }
}
