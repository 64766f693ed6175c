//! Copy keys → effects → the fake clipboard's octets, the key list and
//! key bar from the keymap table, and theme cycling.

use crate::support;
use support::tui::{
    act, app, app_with, buffer, click, copied, find, focus, key as k, run, run_as_drawn, text,
    the_copy, wheel_down,
};

use crossterm::event::{KeyCode, KeyModifiers};
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::LaunchOptions;
use urlscope::tui::keys::keymap::{self, BINDINGS};
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Msg};
use urlscope_core::Profile;

const DONE_WHEN: &str = "HTTP://WWW.Example.COM:80/%7e#x";

#[test]
fn ctrl_y_copies_the_active_results_octets() {
    let mut a = app(DONE_WHEN.as_bytes(), 100, 30);
    let mut clip = FakeClipboard::default();
    let screen = run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Char('3'), KeyModifiers::ALT),
            k(KeyCode::Char('y'), KeyModifiers::CONTROL),
        ],
    );
    assert_eq!(a.settings().profile(), Profile::Pdf);
    assert_eq!(clip.copies, vec![b"http://www.example.com/%7e".to_vec()]);
    assert!(
        text(&screen).contains("copied the PDF result to clipboard"),
        "{}",
        text(&screen)
    );
}

#[test]
fn y_outside_inputs_copies_the_result_and_inside_types() {
    let mut a = app(b"http://h/%41", 100, 30);
    let mut clip = FakeClipboard::default();
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('y'), KeyModifiers::NONE)],
    );
    assert!(clip.copies.is_empty(), "y in the input types");
    assert!(a.editing().input().buf.ends_with(b"y"));
    focus(&mut a, Focus::Steps);
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('y'), KeyModifiers::NONE)],
    );
    assert_eq!(clip.copies, vec![a.analysis().outcome.output.clone()]);
}

#[test]
fn copy_part_takes_the_unit_or_the_component_under_the_cursor() {
    let mut a = app(b"http://Host.example/a%7eb", 100, 30);
    focus(&mut a, Focus::Characters);
    let mut clip = FakeClipboard::default();
    // End of the input: the last unit is 'b'; three to the left is the triplet %7e.
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::End, KeyModifiers::NONE),
            k(KeyCode::Char('Y'), KeyModifiers::SHIFT),
            k(KeyCode::Left, KeyModifiers::NONE),
            k(KeyCode::Char('Y'), KeyModifiers::SHIFT),
        ],
    );
    assert_eq!(clip.copies, vec![b"b".to_vec(), b"%7e".to_vec()]);
    // Entering the components pane selects the component the character cursor lies in;
    // Alt+Y copies the selected row.
    a.update(Command::FocusPrev);
    assert_eq!(a.panes().focus(), Focus::Components);
    let eff = a.update(Command::CopyPart);
    assert_eq!(the_copy(&eff), ("the path", &b"/a%7eb"[..]));
    let screen = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('y'), KeyModifiers::ALT)],
    );
    assert_eq!(copied(&clip), b"/a%7eb");
    assert!(text(&screen).contains("copied the path to clipboard"));
}

#[test]
fn a_failed_copy_says_why() {
    let mut a = app(b"http://h/", 100, 30);
    let mut clip = FakeClipboard {
        fail_with: Some("no display".into()),
        ..Default::default()
    };
    let screen = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('y'), KeyModifiers::CONTROL)],
    );
    assert!(text(&screen).contains("nothing copied: no display"));
}

#[test]
fn f1_lists_every_key_from_the_table() {
    let mut a = app(b"http://h/", 100, 90);
    let mut clip = FakeClipboard::default();
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::F(1), KeyModifiers::NONE)],
    ));
    assert!(a.panes().help().is_some());
    for needle in ["Ctrl+Y", "Alt+1", "copy the result shown", "next theme"] {
        assert!(screen.contains(needle), "{needle} missing:\n{screen}");
    }
    // Every binding is a line of the overlay (generated from the same table).
    let lines = view_help_lines();
    for b in BINDINGS {
        assert!(
            lines
                .iter()
                .any(|l| l.contains(b.label) && l.contains(b.help)),
            "{} {}",
            b.label,
            b.help
        );
    }
    // Keys do not reach the app while the list is open; Esc closes it.
    run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Char('x'), KeyModifiers::NONE),
            k(KeyCode::Esc, KeyModifiers::NONE),
        ],
    );
    assert_eq!(a.editing().input().buf, b"http://h/");
    assert!(a.panes().help().is_none());
    // `?` opens it only outside inputs; q closes it.
    focus(&mut a, Focus::Steps);
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('?'), KeyModifiers::SHIFT)],
    );
    assert!(a.panes().help().is_some());
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('q'), KeyModifiers::NONE)],
    );
    assert!(a.panes().help().is_none() && !a.exit().quit());
}

fn view_help_lines() -> Vec<String> {
    let mut a = app(b"", 100, 200);
    a.update(Command::Help);
    text(&buffer(&a, 100, 200))
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn key_bar_comes_from_the_table() {
    let mut a = app(b"http://h/", 100, 30);
    let screen = run(&mut a, &mut FakeClipboard::default(), vec![]);
    let last = text(&screen).lines().last().unwrap().to_string();
    assert!(last.contains("F1") && last.contains("Ctrl+Y"), "{last}");
    for (key, _) in keymap::key_bar(a.panes().focus(), false) {
        assert!(BINDINGS.iter().any(|b| b.label == key));
    }
}

#[test]
fn t_cycles_themes_and_changes_a_styled_cell() {
    let mut a = app(b"http://h/", 100, 30);
    focus(&mut a, Focus::Steps);
    let before = run(&mut a, &mut FakeClipboard::default(), vec![]);
    assert_eq!(a.settings().theme().name(), "default");
    let after = run_as_drawn(
        &mut a,
        &mut FakeClipboard::default(),
        vec![k(KeyCode::Char('t'), KeyModifiers::NONE)],
    );
    let names = urlscope::theme::Theme::names();
    assert_eq!(a.settings().theme().name(), names[1]);
    // The loop drew the last frame with the new theme: the scheme's cells differ in style.
    let h = after.area.height;
    let changed = (0..h - 2)
        .flat_map(|y| (0..after.area.width).map(move |x| (x, y)))
        .filter(|&p| before[p].style() != after[p].style())
        .count();
    assert!(
        changed > 0,
        "no cell changed style under theme {}",
        names[1]
    );
    assert!(text(&after).contains(&format!("theme: {}", names[1])));
    // The help lists the key.
    assert!(
        BINDINGS
            .iter()
            .any(|b| b.label == "t" && b.help == "next theme")
    );
}

#[test]
fn learner_toggles_c_l_e() {
    use urlscope_core::{Classification, PdfState};
    let mut a = app(b"http://h/%E9t%C3%A9", 120, 40);
    focus(&mut a, Focus::Components);
    let mut clip = FakeClipboard::default();
    let c = |ch| k(KeyCode::Char(ch), KeyModifiers::NONE);
    // c: profile default → C-1738 → C-2396 → C-Fido → C-3986 → C-WHATWG → profile default.
    let mut seen = Vec::new();
    for _ in 0..6 {
        let screen = text(&run(&mut a, &mut clip, vec![c('c')]));
        seen.push(a.settings().chosen_classification());
        if let Some(cl) = a.settings().chosen_classification() {
            assert!(screen.contains(&format!("Characters ({})", cl.name())));
            assert!(screen.contains(&format!("{}*", cl.name())), "{screen}");
        }
    }
    assert_eq!(
        seen,
        [
            Some(Classification::C1738),
            Some(Classification::C2396),
            Some(Classification::CFido),
            Some(Classification::C3986),
            Some(Classification::CWhatwg),
            None
        ]
    );
    // l: off → UTF-8 → ISO-8859-1 → … the eleven charsets → guess → off; display only. Each
    // component is decoded on its own, an invalid sequence marked in place.
    let output = a.analysis().outcome.output.clone();
    let screen = text(&run(&mut a, &mut clip, vec![c('l')]));
    assert!(screen.contains("preview:UTF-8"), "{screen}");
    assert!(
        screen.contains("input  (UTF-8) http://h/⟨%E9⟩té"),
        "{screen}"
    );
    let screen = text(&run(&mut a, &mut clip, vec![c('l')]));
    assert!(
        screen.contains("input  (ISO-8859-1) http://h/étÃ©"),
        "{screen}"
    );
    assert_eq!(
        a.analysis().outcome.output,
        output,
        "the preview is display only"
    );
    // The nine other charsets, then the guess, then off.
    run(&mut a, &mut clip, vec![c('l'); 11]);
    assert!(!text(&run(&mut a, &mut clip, vec![])).contains("preview:"));
    // e: the PDF state, shown in the profile bar and re-analysed.
    assert_eq!(a.settings().pdf_state(), PdfState::EncodedOnce);
    let screen = text(&run(&mut a, &mut clip, vec![c('e')]));
    assert_eq!(a.settings().pdf_state(), PdfState::Unencoded);
    assert_eq!(a.analysis().options.pdf_state, PdfState::Unencoded);
    assert!(screen.contains("PDF:Unencoded"), "{screen}");
    run(&mut a, &mut clip, vec![c('e'), c('e')]);
    assert_eq!(a.settings().pdf_state(), PdfState::EncodedOnce);
}

#[test]
fn m_compares_all_five_profiles_and_groups_agreement() {
    let mut a = app(DONE_WHEN.as_bytes(), 120, 40);
    focus(&mut a, Focus::Components);
    let mut clip = FakeClipboard::default();
    let b = run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('m'), KeyModifiers::NONE)],
    );
    let screen = text(&b);
    assert!(screen.contains("Compare"), "{screen}");
    for line in [
        "  none      HTTP://WWW.Example.COM:80/%7e#x",
        "▶ RFC 1738  HTTP://WWW.Example.COM:80/%7E#x",
        "  PDF       http://www.example.com/%7e",
    ] {
        assert!(screen.contains(line), "{line}\n{screen}");
    }
    assert!(screen.contains("agree (identical results):"));
    // The PDF line's lowercased host differs from the active RFC 1738 result: highlighted.
    let y = screen
        .lines()
        .position(|l| l.contains("  PDF       http"))
        .unwrap() as u16;
    let x = screen
        .lines()
        .nth(y as usize)
        .unwrap()
        .chars()
        .position(|c| c == 'w')
        .unwrap() as u16;
    assert_ne!(
        b[(x, y)].style(),
        b[(x - 1, y)].style(),
        "w differs, ':' before it does not"
    );
    // Esc closes it; keys reach the panes again.
    run(&mut a, &mut clip, vec![k(KeyCode::Esc, KeyModifiers::NONE)]);
    assert!(!a.overlay_open());
}

#[test]
fn f2_loads_s03_and_r_shows_its_resolution() {
    let mut a = app(b"http://h/", 120, 40);
    let mut clip = FakeClipboard::default();
    let mut keys = vec![k(KeyCode::F(2), KeyModifiers::NONE)];
    keys.extend((0..2).map(|_| k(KeyCode::Down, KeyModifiers::NONE)));
    let screen = text(&run(&mut a, &mut clip, keys));
    assert!(screen.contains("▶ S-03"), "{screen}");
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Enter, KeyModifiers::NONE)],
    ));
    assert_eq!(a.editing().input().buf, b"../rel1");
    assert_eq!(
        a.editing().base().buf,
        b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar"
    );
    assert!(
        screen.contains("Resolve"),
        "an example with a base opens the resolve view"
    );
    for needle in [
        "merged path (before D)            /yadda1/yadda2/../rel1",
        "result by RFC 1808 §4             http://www.blah.com/yadda1/rel1",
        "RFC 3986  http://www.blah.com/yadda1/rel1  = RFC 1808",
        "rules taken",
    ] {
        assert!(screen.contains(needle), "{needle}\n{screen}");
    }
    // ↓ scrolls it to the rule texts.
    let screen = text(&run(
        &mut a,
        &mut clip,
        (0..12)
            .map(|_| k(KeyCode::Down, KeyModifiers::NONE))
            .collect(),
    ));
    assert!(screen.contains("resolve-recombine"), "{screen}");
    assert_eq!(a.overlay_state().top(), 12);
    assert!(
        !screen.contains("scheme    http"),
        "scrolled past the components:\n{screen}"
    );
    // `r` toggles it.
    let _ = run(&mut a, &mut clip, vec![k(KeyCode::Esc, KeyModifiers::NONE)]);
    focus(&mut a, Focus::Steps);
    run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('r'), KeyModifiers::NONE)],
    );
    assert!(a.overlay_open());
}

#[test]
fn f2_lists_every_seed_example() {
    use urlscope::tui::model::overlays::examples::EXAMPLES;
    let ids: Vec<&str> = EXAMPLES.iter().map(|e| e.id).collect();
    for id in [
        "S-01", "S-05", "X-01", "X-39", "J-01", "J-05", "H-01", "H-02",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    assert_eq!(ids.len(), 5 + 39 + 5 + 2 + 4);
    let h = EXAMPLES.iter().find(|e| e.id == "H-01").unwrap();
    assert_eq!(
        h.input,
        b"<URL:http://www.funet.fi/pub/doc/rfc/rfc1738.txt>"
    );
    let x25 = EXAMPLES.iter().find(|e| e.id == "X-25").unwrap();
    assert_eq!(x25.input, b"", "X-25's reference is empty");
    // J-01 loads with line breaks and the FidoURL profile.
    let mut a = app(b"", 120, 40);
    a.update(Command::Show(urlscope::tui::msg::Overlay::Examples(
        ids.iter().position(|&i| i == "J-01").unwrap(),
    )));
    act(&mut a, Command::Choose);
    assert_eq!(a.settings().profile(), Profile::Fido);
    assert!(a.editing().input().buf.contains(&b'\n'));
    assert_eq!(
        a.analysis().outcome.output,
        b"area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"
    );
}

#[test]
fn mouse_selects_profiles_components_units_steps_and_scrolls() {
    let mut a = app(b"http://Host.example/a/b/c/d/e/f/g/h/i/j/k?x=1#f", 120, 40);
    let mut clip = FakeClipboard::default();
    let screen = run(&mut a, &mut clip, vec![]);
    // A profile.
    let (x, y) = find(&screen, "[3] PDF");
    let screen = run(&mut a, &mut clip, vec![click(x + 2, y)]);
    assert_eq!(a.settings().profile(), Profile::Pdf);
    // A component: the host row puts the cursor on the host (Alt+Y copies it).
    let (x, y) = find(&screen, "host     present");
    run(&mut a, &mut clip, vec![click(x + 1, y)]);
    assert_eq!(a.panes().focus(), Focus::Components);
    let eff = a.update(Command::CopyPart);
    assert_eq!(the_copy(&eff).1, b"Host.example");
    // A unit of the strip.
    let screen = run(&mut a, &mut clip, vec![]);
    let areas = a.areas();
    let (strip, _) = areas.strip_and_detail();
    run(&mut a, &mut clip, vec![click(strip.x + 5 * 2, strip.y)]);
    assert_eq!(a.panes().focus(), Focus::Characters);
    assert_eq!(
        a.panes().char_cursor(),
        a.analysis()
            .unit_range(a.panes().strip_top() * a.areas().strip_grid().0 + 2)
            .start
    );
    // A step.
    let (x, y) = find(&screen, "│ 4 lowercase-host");
    run(&mut a, &mut clip, vec![click(x + 3, y)]);
    assert_eq!(a.panes().focus(), Focus::Steps);
    assert_eq!(
        a.analysis().outcome.steps[a.panes().step_sel()].step,
        "lowercase-host"
    );
    // The wheel scrolls the components pane.
    let (x, y) = find(&screen, "scheme   present");
    run(&mut a, &mut clip, vec![wheel_down(x, y)]);
    assert_eq!(a.panes().comp_top(), 3);
    let screen = text(&run(&mut a, &mut clip, vec![]));
    assert!(!screen.contains("scheme   present"), "{screen}");
}

/// A pair longer than the box: the row shows a window around the cursor, its cut marked with
/// `…`, so what is typed last stays in sight at 80 columns.
#[test]
fn a_long_alias_pair_shows_the_cursor_and_marks_its_cut() {
    let mut a = app(b"http://WWW.Example.COM/x", 80, 24);
    a.update(Command::Profile(Profile::Hyvatti));
    act(&mut a, Msg::Resize(80, 24));
    focus(&mut a, Focus::Steps);
    let mut clip = FakeClipboard::default();
    let alias = format!("www.{}.example.com", "a".repeat(70));
    let mut events = vec![k(KeyCode::Char('a'), KeyModifiers::NONE)];
    events.extend(
        format!("{alias} example.org")
            .chars()
            .map(|c| k(KeyCode::Char(c), KeyModifiers::NONE)),
    );
    let screen = text(&run(&mut a, &mut clip, events));
    let row = screen
        .lines()
        .find(|l| l.contains("example.org"))
        .unwrap_or_else(|| panic!("the typed end is not in sight:\n{screen}"));
    assert!(row.contains('…'), "the cut is not marked: {row}");
    // Home: the start of the pair is in sight, its end cut with a mark.
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Home, KeyModifiers::NONE)],
    ));
    let row = screen
        .lines()
        .find(|l| l.contains("www.aaaa"))
        .unwrap_or_else(|| panic!("the pair's start is not in sight:\n{screen}"));
    assert!(row.contains('…') && !row.contains("example.org"), "{row}");
}

#[test]
fn a_edits_the_host_aliases_applied_to_h6() {
    let mut a = app(b"http://WWW.Example.COM/x", 120, 40);
    a.update(Command::Profile(Profile::Hyvatti));
    act(&mut a, Msg::Resize(120, 40));
    focus(&mut a, Focus::Steps);
    let mut clip = FakeClipboard::default();
    let mut events = vec![k(KeyCode::Char('a'), KeyModifiers::NONE)];
    events.extend(
        "www.example.com"
            .chars()
            .map(|c| k(KeyCode::Char(c), KeyModifiers::NONE)),
    );
    events.push(k(KeyCode::Char(' '), KeyModifiers::NONE));
    events.extend(
        "example.org"
            .chars()
            .map(|c| k(KeyCode::Char(c), KeyModifiers::NONE)),
    );
    let screen = text(&run(&mut a, &mut clip, events));
    assert!(screen.contains("Host aliases"), "{screen}");
    assert!(screen.contains("www.example.com example.org"), "{screen}");
    assert!(
        a.settings().host_aliases().is_empty(),
        "applied only on Esc"
    );
    // A bad line is reported and the editor stays open.
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Enter, KeyModifiers::NONE),
            k(KeyCode::Char('x'), KeyModifiers::NONE),
            k(KeyCode::Esc, KeyModifiers::NONE),
        ],
    ));
    // Esc always closes the editor; the text is kept as a draft that `a` reopens.
    assert!(!a.overlay_open());
    let draft = "aliases kept as a draft (a reopens): line 2";
    assert!(screen.contains(draft), "{screen}");
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![k(KeyCode::Char('a'), KeyModifiers::NONE)],
    ));
    assert!(a.overlay_open(), "{screen}");
    assert!(screen.contains("draft"), "{screen}");
    let screen = text(&run(
        &mut a,
        &mut clip,
        vec![
            k(KeyCode::Backspace, KeyModifiers::NONE),
            k(KeyCode::Backspace, KeyModifiers::NONE),
            k(KeyCode::Esc, KeyModifiers::NONE),
        ],
    ));
    assert!(!a.overlay_open());
    assert_eq!(
        a.settings().host_aliases(),
        vec![(b"www.example.com".to_vec(), b"example.org".to_vec())]
    );
    assert_eq!(
        a.analysis().options.host_aliases,
        a.settings().host_aliases()
    );
    assert!(screen.contains("1 host alias applied"), "{screen}");
    assert!(
        String::from_utf8_lossy(&a.analysis().outcome.output).contains("example.org"),
        "{:?}",
        String::from_utf8_lossy(&a.analysis().outcome.output)
    );
}

#[test]
fn no_color_keeps_mono_when_cycling() {
    let opts = LaunchOptions {
        input: Some(b"http://h/".to_vec()),
        no_color: true,
        ..Default::default()
    };
    let mut a = app_with(&opts, 100, 30);
    focus(&mut a, Focus::Steps);
    assert_eq!(a.settings().theme().name(), "mono");
    let eff = a.update(Command::CycleTheme);
    assert!(eff.is_empty());
    assert_eq!(a.settings().theme().name(), "mono");
    assert!(a.status_text().unwrap().contains("stays mono"));
}
