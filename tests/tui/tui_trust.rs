//! The one count and framing on the status line, the part that
//! matters never cut (a host keeps its right end, its registrable domain whole), no traps
//! (keys back to the URL line, `q` twice, Ctrl+L, a pasted URL over a URL, the views' keys in
//! the views), and small terminals. Snapshots at 80×24 and 120×40 on ratatui's TestBackend.

use crate::support;
use support::tui::{
    app, backend, buffer, ctrl, paste, press, press_drawn, row, send, text, type_str,
};

use crossterm::event::KeyCode;
use proptest::prelude::*;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::{Focus, Overlay};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// The status line (the second row from the bottom).
fn status(a: &App, w: u16, h: u16) -> String {
    row(&buffer(a, w, h), h - 2)
}

/// A host longer than the components pane at both sizes, with a brand left of its registrable
/// domain.
const LONG_HOST: &str =
    "https://login.secure.accounts.paypal.com.customer-support-center.evil.example/reset";

#[test]
fn snapshots_of_the_cases_the_issue_names() {
    let cases: &[(&str, &str)] = &[
        ("userinfo", "https://paypal.com@evil.example/"),
        ("framed_homograph", "<https://xn--80ak6aa92e.com/login>"),
        ("long_host", LONG_HOST),
        (
            "long_query",
            "https://shop.example/search?q=a%20very%20long%20search%20phrase%20that%20goes%20on%20and%20on&page=2",
        ),
        (
            "safelinks",
            "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2Fa%3Fb%3Dc&data=05%7C02%7Cuser%40example.com%7C&reserved=0",
        ),
    ];
    for (name, url) in cases {
        for (w, h) in SIZES {
            let mut a = app(url.as_bytes(), w, h);
            press(&mut a, KeyCode::Esc);
            insta::assert_snapshot!(format!("trust_{name}_{w}x{h}"), &backend(&a, w, h));
        }
    }
}

#[test]
fn the_status_line_reads_through_the_frame_and_names_the_homograph() {
    for (w, h) in SIZES {
        let a = app(b"<https://xn--80ak6aa92e.com/login>", w, h);
        let s = status(&a, w, h);
        assert!(!s.contains("no scheme"), "{s}");
        assert!(s.contains("xn--80ak6aa92e.com"), "{s}");
        assert!(s.contains("confusable"), "{s}");
        // The warnings list says the frame was removed.
        let ids: Vec<&str> = a
            .analysis()
            .findings
            .list
            .iter()
            .map(|f| f.id.as_str())
            .collect();
        assert!(ids.contains(&"hint-frame-removed"), "{ids:?}");
    }
}

#[test]
fn phishing_findings_are_on_the_status_line_most_severe_first() {
    let a = app(b"https://paypal.com@evil.example:8443/", 120, 40);
    let s = status(&a, 120, 40);
    let high = s.find("paypal.com@").expect(&s);
    let port = s.find("port").expect(&s);
    assert!(high < port, "{s}");
    assert!(s.contains("(1 high)"), "{s}");
}

#[test]
fn a_plain_safelinks_url_counts_hints_apart_and_one_layer_everywhere() {
    let url = b"https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2F&data=05%7C02&reserved=0";
    let mut a = app(url, 120, 40);
    let c = a.analysis().counts;
    assert_eq!((c.errors, c.warnings), (0, 0), "{c:?}");
    let s = status(&a, 120, 40);
    assert!(s.contains(&format!("⚠ 0 · {} hint", c.hints)), "{s}");
    assert!(s.contains("wrapped link: 1 layer"), "{s}");
    press(&mut a, KeyCode::Esc);
    press(&mut a, KeyCode::Char('u'));
    let screen = text(&buffer(&a, 120, 40));
    assert!(
        screen.contains("1 layer (1 wrapper) to the target"),
        "{screen}"
    );
}

#[test]
fn a_long_host_keeps_its_right_end_on_the_main_screen() {
    for (w, h) in SIZES {
        let a = app(LONG_HOST.as_bytes(), w, h);
        let screen = text(&buffer(&a, w, h));
        let host_row = screen.lines().find(|l| l.contains("│host")).unwrap();
        assert!(host_row.contains("…"), "{host_row}");
        assert!(host_row.contains("evil.example "), "{host_row}");
        assert!(!host_row.contains("paypal.com.custo"), "{host_row}");
        let s = status(&a, w, h);
        assert!(s.contains("evil.example"), "{s}");
    }
}

#[test]
fn letters_after_esc_and_the_way_back_to_the_url_line() {
    let mut a = app(b"http://a.example/", 80, 24);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.panes().focus(), Focus::Components);
    // The first letter taken as a command says how to get back.
    press(&mut a, KeyCode::Char('e'));
    assert!(
        a.status_text().unwrap_or("").contains("/ or i"),
        "{:?}",
        a.status().message()
    );
    press(&mut a, KeyCode::Char('/'));
    assert_eq!(a.panes().focus(), Focus::Input);
    press(&mut a, KeyCode::Esc);
    press(&mut a, KeyCode::Char('i'));
    assert_eq!(a.panes().focus(), Focus::Input);
    type_str(&mut a, "x");
    assert!(a.editing().input().buf.ends_with(b"x"));
}

#[test]
fn q_in_a_pane_quits_only_on_the_second() {
    let mut a = app(b"http://a.example/", 80, 24);
    press(&mut a, KeyCode::Esc);
    press(&mut a, KeyCode::Char('q'));
    assert!(!a.exit().quit());
    assert!(status(&a, 80, 24).contains("q again quits"));
    // Any other key in between disarms it.
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Char('q'));
    assert!(!a.exit().quit());
    press(&mut a, KeyCode::Char('q'));
    assert!(a.exit().quit());
}

#[test]
fn ctrl_l_clears_the_line_and_ctrl_z_brings_it_back() {
    let mut a = app(b"http://a.example/", 80, 24);
    send(&mut a, ctrl('l'));
    assert!(a.editing().input().buf.is_empty());
    let s = status(&a, 80, 24);
    assert!(s.contains("cleared"), "{s}");
    let keys = row(&buffer(&a, 80, 24), 23);
    assert!(keys.contains("Ctrl+L clear"), "{keys}");
    send(&mut a, ctrl('z'));
    assert_eq!(a.editing().input().buf, b"http://a.example/");
}

#[test]
fn a_pasted_url_replaces_a_url_and_is_undoable() {
    let mut a = app(b"http://first.example/", 80, 24);
    send(&mut a, paste(b"http://second.example/"));
    assert_eq!(a.editing().input().buf, b"http://second.example/");
    assert!(status(&a, 80, 24).contains("replaced"));
    send(&mut a, ctrl('z'));
    assert_eq!(a.editing().input().buf, b"http://first.example/");
    // Not a URL: inserted at the cursor as before.
    send(&mut a, paste(b"x/y"));
    assert_eq!(a.editing().input().buf, b"http://first.example/x/y");
}

#[test]
fn the_views_keys_open_the_views_from_any_view() {
    let mut a = app(b"https://paypal.com@evil.example/", 80, 24);
    press(&mut a, KeyCode::Esc);
    press(&mut a, KeyCode::Char('u'));
    assert!(matches!(a.overlay(), Overlay::Unwrap(_)));
    press(&mut a, KeyCode::Char('h'));
    assert_eq!(a.overlay(), Overlay::Host);
    press(&mut a, KeyCode::Char('p'));
    assert_eq!(a.overlay(), Overlay::Parsers);
    press(&mut a, KeyCode::Char('m'));
    assert_eq!(a.overlay(), Overlay::Compare);
    // From the key list too: the list closes.
    press(&mut a, KeyCode::F(1));
    press(&mut a, KeyCode::Char('r'));
    assert_eq!((a.overlay(), a.panes().help()), (Overlay::Resolve, None));
}

#[test]
fn small_terminals() {
    // 40×12: the focused pane drawn, the others collapsed.
    let mut a = app(b"https://paypal.com.evil.example/login?next=1", 40, 12);
    press(&mut a, KeyCode::Esc);
    insta::assert_snapshot!("trust_compact_components_40x12", &backend(&a, 40, 12));
    press_drawn(&mut a, KeyCode::Tab);
    assert_eq!(a.panes().focus(), Focus::Characters);
    insta::assert_snapshot!("trust_compact_characters_40x12", &backend(&a, 40, 12));
    let screen = text(&buffer(&a, 40, 12));
    assert!(screen.contains("Characters") && !screen.contains("Components"));
    // Below the minimum: a message, never a blank screen or a panic.
    for (w, h) in [(1, 1), (2, 1), (19, 24), (80, 7), (10, 5)] {
        let a = app(b"http://a.example/", w, h);
        let screen = text(&buffer(&a, w, h));
        assert!(
            screen.contains('e') || w < 3,
            "{w}×{h} draws something: {screen:?}"
        );
        if w >= 10 {
            assert!(screen.contains("enlarge"), "{w}×{h}: {screen}");
        }
    }
}

/// Hosts with a registrable domain under a public suffix: up to five labels in front of it;
/// sometimes a userinfo that looks like a host, a port, and a long query value that wraps in
/// the components pane.
fn host() -> impl Strategy<Value = (String, String)> {
    let label = "[a-z][a-z0-9]{0,9}";
    let suffix = prop::sample::select(vec!["com", "org", "net", "co.uk", "de", "com.au", "io"]);
    let userinfo = prop::sample::select(vec!["", "paypal.com@", "user:pw@"]);
    let port = prop::sample::select(vec!["", ":8443"]);
    (
        (prop::collection::vec(label, 0..5), label, suffix),
        (userinfo, port),
        "[a-z0-9/]{0,12}",
        prop::option::of("[a-z0-9%]{20,120}"),
    )
        .prop_map(|((left, name, suffix), (userinfo, port), path, query)| {
            let reg = format!("{name}.{suffix}");
            let mut labels = left;
            labels.push(reg.clone());
            let query = query.map(|q| format!("?q={q}")).unwrap_or_default();
            let url = format!("https://{userinfo}{}{port}/{path}{query}", labels.join("."));
            (url, reg)
        })
        // `in.net` is itself a public suffix (the list's private section): no registrable
        // domain to look for.
        .prop_filter("a registrable domain", |(_, reg)| {
            psl::domain_str(reg) == Some(reg.as_str())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// For random URLs and widths ≥ 20, the registrable domain of the host appears whole on
    /// the main screen.
    #[test]
    fn the_registrable_domain_is_always_whole_on_the_main_screen(
        (url, reg) in host(),
        w in 20u16..140,
        h in 8u16..40,
        leave in any::<bool>(),
    ) {
        let mut a = app(url.as_bytes(), w, h);
        if leave {
            press(&mut a, KeyCode::Esc);
        }
        let reg_shown = urlscope::tui::view::screen::summary::registrable_suffix(
            &a.analysis().host_summary,
        )
        .map(str::to_string);
        prop_assert_eq!(reg_shown.as_deref(), Some(reg.as_str()));
        // On the status line itself (the URL line would show it too, by chance of scrolling).
        let b = buffer(&a, w, h);
        let status = row(&b, h - 2);
        prop_assert!(
            status.contains(reg.as_str()),
            "{} not whole at {}×{}:\n{}", reg, w, h, text(&b)
        );
        // In the components pane too, when its host row is drawn (a small screen draws the
        // focused pane only; a scrolled pane may not show it) and the value's columns (the
        // pane's inside after the 9 of `host     `) hold `…` and the registrable domain: a
        // narrower pane keeps the right end that fits, and the status line has it whole.
        let screen = text(&b);
        let room = (a.areas().components.width as usize).saturating_sub(2 + 9);
        let host_row = screen.lines().find(|l| l.starts_with("│host "));
        if let Some(host_row) = host_row.filter(|_| room > reg.len()) {
            prop_assert!(
                host_row.contains(reg.as_str()),
                "{} not whole in the host row at {}×{}:\n{}", reg, w, h, screen
            );
        }
    }
}

#[test]
fn the_compare_views_end_scrolls_to_content() {
    for (w, h) in SIZES {
        let mut a = app(b"http://a.example/%7e b", w, h);
        press_drawn(&mut a, KeyCode::Esc);
        press_drawn(&mut a, KeyCode::Char('m'));
        press_drawn(&mut a, KeyCode::End);
        let b = buffer(&a, w, h);
        let screen = text(&b);
        // End stops where the last line reaches the bottom (it once scrolled to one line on a
        // blank page): the view's last row is written, or the whole view fits from its top.
        assert!(screen.contains("agree (identical results)"), "{screen}");
        let view = a.areas().views();
        let last = row(&b, view.y + view.height - 2);
        let written = last.trim_matches(|c: char| c == '│' || c == ' ');
        assert!(
            !written.is_empty() || screen.contains("highlighted: units"),
            "{w}×{h}: a blank page at the end\n{screen}"
        );
        insta::assert_snapshot!(format!("trust_compare_end_{w}x{h}"), &backend(&a, w, h));
    }
}

/// A SafeLinks URL that wraps `https://paypal.com@evil.example/`.
const WRAPPED_PHISH: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com%40evil.example%2F&data=05%7C02&reserved=0";

#[test]
fn a_wrapped_links_target_is_checked_on_the_main_screen() {
    for (w, h) in SIZES {
        let mut a = app(WRAPPED_PHISH.as_bytes(), w, h);
        // The status line names the target's finding as the target's, and counts it.
        let s = status(&a, w, h);
        assert!(s.contains("⚠ target: paypal.com@"), "{w}×{h}: {s}");
        // The count (at 80 columns the finding itself takes its place).
        assert!(w < 120 || s.contains(" ⚠ 1 "), "{w}×{h}: {s}");
        assert_eq!(a.analysis().counts.host_high, 1);
        // The warnings list points to the host view for it.
        press(&mut a, KeyCode::Esc);
        press(&mut a, KeyCode::Char('w'));
        let screen = text(&buffer(&a, w, h));
        assert!(
            screen.contains("the host's and the target's 1 in the"),
            "{screen}"
        );
        // The host view lists it under the target, by id.
        press(&mut a, KeyCode::Char('h'));
        assert_eq!(a.overlay(), Overlay::Host);
        let screen = text(&buffer(&a, w, h));
        assert!(
            screen.contains("target (1 layer in) https://paypal.com@evil."),
            "{screen}"
        );
        assert!(
            screen.contains("target: userinfo-looks-like-host"),
            "{screen}"
        );
    }
    // A link that nothing wraps has no target line.
    let a = app(b"https://paypal.com@evil.example/", 120, 40);
    assert!(a.analysis().host_summary.target.is_none());
    assert!(!status(&a, 120, 40).contains("target:"));
}

/// The components pane's inside as lines of text (the app's own layout).
fn pane_lines(a: &App, w: u16, h: u16) -> Vec<String> {
    let b = buffer(a, w, h);
    let inner = urlscope::tui::model::layout::Areas::inner(a.areas().components);
    (inner.y..inner.bottom())
        .map(|y| {
            (inner.x..inner.right())
                .map(|x| b[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

/// The pane's text with every row's continuation lines joined onto it (their indent dropped): a
/// value wrapped over lines reads whole. A wrapped line fills the pane's width, so only a row's
/// last line has padding at its end.
fn joined(lines: &[String]) -> String {
    let w = lines.first().map_or(0, |l| l.chars().count());
    let mut rows: Vec<String> = Vec::new();
    for l in lines {
        match rows.last_mut() {
            Some(r) if l.starts_with("      ") => {
                // The continuation indent: under a pair's or item's value, or a component's
                // (under its marker in a narrow pane).
                let indent = match (r.starts_with("  "), w >= 51) {
                    (true, _) => 6,
                    (false, true) => 17,
                    (false, false) => 9,
                };
                r.push_str(&l.chars().skip(indent).collect::<String>());
            }
            _ => rows.push(l.clone()),
        }
    }
    rows.iter()
        .map(|r| r.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A query whose value (raw and decoded) is longer than the pane at both sizes.
const LONG_VALUE: &str =
    "a%20very%20long%20search%20phrase%20that%20goes%20on%20and%20on%20until%20the%20end";

#[test]
fn long_query_values_wrap_where_there_is_room_and_scroll_where_there_is_not() {
    let url = format!("https://shop.example/s?q={LONG_VALUE}&page=2");
    for (w, h) in SIZES {
        let mut a = app(url.as_bytes(), w, h);
        // The scheme selected: the other rows take one line each, and wrap only onto free rows.
        press_drawn(&mut a, KeyCode::Esc);
        press_drawn(&mut a, KeyCode::Home);
        let lines = pane_lines(&a, w, h);
        let text = joined(&lines);
        let screen = lines.join("\n");
        let query = text.lines().find(|l| l.starts_with("query ")).unwrap();
        if w == 120 {
            // Free rows below the last row: the query pair wraps, whole, with its decoded
            // form after `⇒` (the parts first, then the nine components, while rows are free).
            let pair = text.lines().find(|l| l.contains("q =")).expect(&text);
            assert!(pair.contains(&format!("q ={LONG_VALUE} ⇒ a")), "{screen}");
            assert!(pair.ends_with("until the end"), "{screen}");
        } else {
            // 80×24 has no free row under the nine components: one line, cut with `…`.
            assert!(query.trim_end().ends_with('…'), "{screen}");
            assert!(!query.contains(LONG_VALUE), "{query}");
        }
        // Selected, the query component gives way to its pairs, where its value is read whole:
        // at 80×24 it stays one line (the host in sight), at 120×40 the free rows go to the
        // pairs first.
        for _ in 0..7 {
            press_drawn(&mut a, KeyCode::Down);
        }
        let lines = pane_lines(&a, w, h);
        let text = joined(&lines);
        let query = text.lines().find(|l| l.starts_with("query ")).expect(&text);
        assert!(text.contains("host     present shop.example"), "{text}");
        if w == 120 {
            let pair = text.lines().find(|l| l.contains("q =")).expect(&text);
            assert!(pair.ends_with("until the end"), "{text}");
        } else {
            assert!(query.ends_with('…'), "{text}");
        }
        // The query pair, selected: whole in its turn, with its decoded form.
        press_drawn(&mut a, KeyCode::End);
        press_drawn(&mut a, KeyCode::Up);
        let text = joined(&pane_lines(&a, w, h));
        let pair = text.lines().find(|l| l.contains("q =")).expect(&text);
        assert!(pair.contains(&format!("q ={LONG_VALUE} ⇒ a")), "{text}");
        assert!(pair.ends_with("until the end"), "{text}");
        assert!(!pair.contains('…'), "{pair}");
    }
}

#[test]
fn a_value_longer_than_the_pane_is_cut_with_an_ellipsis_even_selected() {
    let url = format!("https://shop.example/s?q={}", LONG_VALUE.repeat(8));
    for (w, h) in SIZES {
        let mut a = app(url.as_bytes(), w, h);
        press_drawn(&mut a, KeyCode::Esc);
        press_drawn(&mut a, KeyCode::End);
        let lines = pane_lines(&a, w, h);
        let pair: Vec<&String> = lines
            .iter()
            .filter(|l| !l.starts_with("query pairs"))
            .collect();
        // The whole pane is the pair's, and its last line ends with `…`.
        assert!(lines[0].contains("q ="), "{}", lines.join("\n"));
        assert!(
            pair.last().unwrap().trim_end().ends_with('…'),
            "{}",
            lines.join("\n")
        );
    }
}

#[test]
fn scrolling_the_pane_to_its_end_frees_rows_for_a_long_value_at_80x24() {
    // 80×24 has no free row under the nine components; scrolled to the last row there are.
    let url = format!("https://shop.example/s?q={LONG_VALUE}&page=2");
    let mut a = app(url.as_bytes(), 80, 24);
    press_drawn(&mut a, KeyCode::Esc);
    press_drawn(&mut a, KeyCode::End);
    for _ in 0..12 {
        send(&mut a, support::tui::wheel_down(5, 6));
    }
    press_drawn(&mut a, KeyCode::Up);
    let text = joined(&pane_lines(&a, 80, 24));
    let pair = text.lines().find(|l| l.contains("q =")).expect(&text);
    assert!(pair.contains(&format!("q ={LONG_VALUE}")), "{text}");
}

#[test]
fn a_click_on_a_wrapped_line_selects_its_row() {
    let url = format!("https://shop.example/s?q={LONG_VALUE}&page=2");
    let mut a = app(url.as_bytes(), 120, 40);
    press_drawn(&mut a, KeyCode::Esc);
    let b = buffer(&a, 120, 40);
    let (_, y) = support::tui::find(&b, "│  2   page =2");
    // The line above `page` is the last of pair 1's wrapped lines.
    send(&mut a, support::tui::click(10, y - 1));
    let (what, _) = urlscope::tui::model::rows::row_value(&a, a.panes().comp_sel()).unwrap();
    assert_eq!(what, "query pair 1");
    send(&mut a, support::tui::click(10, y));
    let (what, _) = urlscope::tui::model::rows::row_value(&a, a.panes().comp_sel()).unwrap();
    assert_eq!(what, "query pair 2");
}

/// SafeLinks → Google redirect → a lookalike Microsoft login page → its OAuth `redirect_uri`.
const LONG_WRAP: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Flogin.microsoftonline.com.account-verify-session.evil.example%252Fcommon%252Foauth2%252Fauthorize%253Fclient_id%253D4765445b%2526redirect_uri%253Dhttps%25253A%25252F%25252Fevil.example%25252Fcb%26sa%3DD%26usg%3DAOvVaw1&data=05%7C02%7Canna%40example.org%7C8f7e6d5c4b3a&reserved=0";

#[test]
fn the_unwrap_views_layers_wrap_where_there_is_room() {
    for (w, h) in SIZES {
        let mut a = app(LONG_WRAP.as_bytes(), w, h);
        press(&mut a, KeyCode::Esc);
        press(&mut a, KeyCode::Char('u'));
        let chain = a.analysis().unwrap.clone().expect("unwrapped");
        assert_eq!(chain.layers.len(), 4);
        let b = buffer(&a, w, h);
        // The view's inside, each layer's continuation lines (4 columns in) joined on.
        // (A layer's text is 4 columns in, under its header line.)
        let mut joined = String::new();
        let mut in_text = false;
        for y in 4..h - 3 {
            let r: String = row(&b, y).chars().skip(1).take(w as usize - 2).collect();
            let text = r.starts_with("    ");
            if !(text && in_text) {
                joined.push('\n');
            }
            joined.push_str(if text { r.trim() } else { r.trim_end() });
            in_text = text;
        }
        let shown: Vec<&str> = joined.lines().map(str::trim).collect();
        for (i, l) in chain.layers.iter().enumerate() {
            let whole = shown.contains(&l.text.as_str());
            if w == 120 {
                assert!(whole, "{w}×{h}: layer {i} not whole:\n{joined}");
            } else if l.text.chars().count() > w as usize - 6 {
                // No free row at 80×24: one line, cut with `…`.
                assert!(!whole, "layer {i}");
                let cut = shown
                    .iter()
                    .any(|s| s.ends_with('…') && l.text.starts_with(s.trim_end_matches('…')));
                assert!(cut, "{w}×{h}: layer {i} not cut with …:\n{joined}");
            }
        }
    }
}

#[test]
fn a_phishing_page_on_the_way_to_the_target_is_named_on_the_main_screen() {
    for (w, h) in SIZES {
        let a = app(LONG_WRAP.as_bytes(), w, h);
        let t = a.analysis().host_summary.target.as_ref().expect("wrapped");
        assert_eq!(t.url, "https://evil.example/cb");
        let s = status(&a, w, h);
        assert!(s.contains("⚠ layer 2: microsoftonline.com"), "{w}×{h}: {s}");
        assert_eq!(a.analysis().counts.host_high, 1);
    }
    // Pasted over a URL, the paste's message leaves the high finding two thirds of the line.
    let mut a = app(b"https://example.org/", 80, 24);
    send(&mut a, paste(LONG_WRAP.as_bytes()));
    let s = status(&a, 80, 24);
    // Whole words only (a bar never cuts one), then ` …`.
    assert!(s.starts_with("the pasted URL "), "{s}");
    assert!(!s.contains("URL r…"), "{s}");
    assert!(s.contains("⚠ layer 2: microsoftonline.com is a"), "{s}");
    let o = support::run(&[b"host", b"--json", LONG_WRAP.as_bytes()], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["target"]["through"][0]["layer"], 2);
    assert_eq!(
        v["target"]["through"][0]["findings"][0]["id"],
        "brand-outside-registrable"
    );
}

#[test]
fn a_selected_component_without_parts_takes_up_to_half_the_pane() {
    // A long fragment (no rows below it to read it by): selected after Esc (the cursor is in
    // it), it wraps over up to half the pane, the pane scrolling so the host stays in sight.
    let frag = "section-".repeat(12);
    let url = format!("https://a.example/p#{frag}");
    for (w, h) in SIZES {
        let mut a = app(url.as_bytes(), w, h);
        press_drawn(&mut a, KeyCode::Esc);
        let lines = pane_lines(&a, w, h);
        let text = joined(&lines);
        assert!(text.contains("host     present a.example"), "{text}");
        let row = text
            .lines()
            .find(|l| l.starts_with("fragment "))
            .expect(&text);
        let at = lines
            .iter()
            .position(|l| l.starts_with("fragment "))
            .unwrap();
        let taken = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("      "))
            .count()
            + 1;
        assert!(
            taken <= lines.len() / 2 + 1,
            "{taken}: {}",
            lines.join("\n")
        );
        if w == 120 {
            assert!(row.contains(&frag), "{text}");
        } else {
            assert!(taken > 1 && row.ends_with('…'), "{}", lines.join("\n"));
        }
    }
}

/// Where the unwrap view has no room for a layer's whole text, its detail scrolls: PgDn shows
/// the rest down to the last octet, PgUp goes back (↑↓ still choose the layer).
#[test]
fn the_unwrap_detail_scrolls_where_the_text_does_not_fit() {
    let (w, h) = (80, 24);
    let mut a = app(LONG_WRAP.as_bytes(), w, h);
    press(&mut a, KeyCode::Esc);
    press_drawn(&mut a, KeyCode::Char('u'));
    assert!(matches!(a.overlay(), Overlay::Unwrap(0)));
    // The view's rows (the URL line above shows the URL's end).
    let screen = |a: &App| {
        let b = buffer(a, w, h);
        (4..h - 2)
            .map(|y| row(&b, y))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = screen(&a);
    assert!(first.contains("B more (PgDn)"), "{first}");
    assert!(first.contains("(PgDn scrolls the text)"), "{first}");
    assert!(!first.contains("reserved=0"), "{first}");
    for _ in 0..20 {
        press_drawn(&mut a, KeyCode::PageDown);
    }
    let last = screen(&a);
    // The text wraps at the view's width: read it with the lines joined.
    let joined: String = last.lines().map(|l| l.trim_matches('│')).collect();
    assert!(
        joined.contains("reserved=0"),
        "the layer's end is not on screen:\n{last}"
    );
    assert!(last.contains("B above (PgUp)"), "{last}");
    assert!(!last.contains("B more (PgDn)"), "{last}");
    assert!(
        matches!(a.overlay(), Overlay::Unwrap(0)),
        "PgDn chose another layer"
    );
    for _ in 0..20 {
        press_drawn(&mut a, KeyCode::PageUp);
    }
    assert_eq!(screen(&a), first, "PgUp does not come back to the top");
    // Another layer starts at its top.
    press_drawn(&mut a, KeyCode::PageDown);
    press_drawn(&mut a, KeyCode::Down);
    assert!(matches!(a.overlay(), Overlay::Unwrap(1)));
    assert_eq!(a.overlay_state().top(), 0);
}

/// The key bar at 80×24 and 120×40, on the URL line and in a pane: every entry shown whole,
/// in the table's priority order, and an entry left out only when it is wider than every later
/// one shown (a narrow bar drops, it never cuts).
#[test]
fn the_key_bar_shows_the_most_important_keys_that_fit() {
    use urlscope::tui::keys::keymap;
    let mut shown_at = Vec::new();
    for (w, h) in SIZES {
        for pane in [false, true] {
            let mut a = app(b"https://example.com/a?b=c", w, h);
            if pane {
                press(&mut a, KeyCode::Esc);
            }
            let bar = row(&buffer(&a, w, h), h - 1);
            let entries = keymap::key_bar(a.panes().focus(), false);
            let on_bar: Vec<bool> = entries
                .iter()
                .map(|(k, what)| {
                    bar.contains(&format!("{k} {what}  "))
                        || bar.trim_end().ends_with(&format!("{k} {what}"))
                })
                .collect();
            assert!(
                on_bar[0],
                "{w}×{h}: the first entry is not on the bar: {bar}"
            );
            let width = |i: usize| entries[i].0.chars().count() + 1 + entries[i].1.chars().count();
            for i in 0..entries.len() {
                for j in i + 1..entries.len() {
                    if !on_bar[i] && on_bar[j] {
                        assert!(
                            width(i) > width(j),
                            "{w}×{h}: {:?} left out for the later {:?}: {bar}",
                            entries[i],
                            entries[j]
                        );
                    }
                }
            }
            // Nothing after the last entry but spaces: no entry cut at the edge.
            let last_shown = entries
                .iter()
                .zip(&on_bar)
                .filter(|(_, on)| **on)
                .map(|((k, what), _)| {
                    bar.rfind(&format!("{k} {what}")).unwrap() + k.len() + 1 + what.len()
                })
                .max()
                .unwrap();
            assert!(
                bar[last_shown..].trim().is_empty(),
                "{w}×{h}: a cut entry: {bar}"
            );
            shown_at.push((w, pane, on_bar.iter().filter(|o| **o).count()));
        }
    }
    // More room, more keys.
    for pane in [false, true] {
        let n = |w: u16| shown_at.iter().find(|s| s.0 == w && s.1 == pane).unwrap().2;
        assert!(n(120) > n(80), "{shown_at:?}");
    }
}
