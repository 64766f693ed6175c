//! The lessons in the inspector: every step of every lesson marks, in the URL line, exactly the
//! characters the step names, and in the step log the rows of the steps that act on them; Esc
//! gives back what the user had; a lesson walked to its end is kept in the progress file (an
//! old file without lessons still reads) and shown in F3; F8's reset asks first, and Esc in
//! the question keeps the progress and the view.

use crate::support;
use support::tui::{act, app_with, buffer, ch, ctrl, focus, plain, row, run, send, text};

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::LaunchOptions;
use urlscope::tui::model::app::App;
use urlscope::tui::model::overlay::OverlayState;
use urlscope::tui::model::text;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Overlay};
use urlscope_core::Profile;
use urlscope_core::modern::lessons::LESSONS;

const W: u16 = 160;
const H: u16 = 40;

/// The marked (reversed) cells of row `y` from column `from`, as text, each run of marked
/// cells followed by `|`.
fn marked(b: &Buffer, y: u16, from: u16) -> String {
    let mut out = String::new();
    let mut inside = false;
    for x in from..b.area.width {
        let c = &b[(x, y)];
        let on = c.modifier.contains(Modifier::REVERSED);
        if on {
            out.push_str(c.symbol());
        } else if inside {
            out.push('|');
        }
        inside = on;
    }
    if inside {
        out.push('|');
    }
    out
}

fn in_lesson(i: usize) -> App {
    let opts = LaunchOptions {
        input: Some(b"http://mine.example/my own".to_vec()),
        lesson: Some(i),
        ..Default::default()
    };
    app_with(&opts, W, H)
}

#[test]
fn each_step_marks_the_characters_it_names_and_the_steps_acting_on_them() {
    let mut checked = 0;
    for (i, lesson) in LESSONS.iter().enumerate() {
        let mut a = in_lesson(i);
        for (n, step) in lesson.steps.iter().enumerate() {
            if n > 0 {
                act(&mut a, Command::Right);
            }
            assert_eq!(a.overlay(), Overlay::Lesson(i));
            assert_eq!(a.editing().input().buf, step.input.as_bytes());
            assert_eq!(a.settings().profile(), step.profile);
            let b = buffer(&a, W, H);
            // The URL line: exactly the named characters are marked, run by run.
            let want: String = step
                .highlighted()
                .iter()
                .map(|r| format!("{}|", text::visible(&step.input.as_bytes()[r.clone()])))
                .collect();
            // Neighbouring runs merge on screen ("%41%42" is one run of two names).
            assert_eq!(
                marked(&b, 0, 5).replace('|', ""),
                want.replace('|', ""),
                "{} step {}: URL line\n{}",
                lesson.name,
                n + 1,
                text(&b)
            );
            // The step log: the rows marked are those of the steps that act there.
            let acting: Vec<String> = step
                .acting_steps(&a.analysis().outcome)
                .into_iter()
                .map(|si| a.analysis().outcome.steps[si].step.to_string())
                .collect();
            if step.rule.is_some() {
                assert!(!acting.is_empty(), "{} step {}", lesson.name, n + 1);
            }
            for name in &acting {
                let found = (0..H).any(|y| {
                    row(&b, y).contains(&format!(" {name} ")) && marked(&b, y, 0).contains(name)
                });
                assert!(
                    found,
                    "{} step {}: the row of {name} is not marked\n{}",
                    lesson.name,
                    n + 1,
                    text(&b)
                );
            }
            // The source's sentence is quoted beside it (its first words at least).
            // (Wide characters leave a blank cell after them: compared without spaces.)
            let first: String = step
                .quote
                .chars()
                .filter(|c| !c.is_whitespace())
                .take(12)
                .collect();
            assert!(
                text(&b).replace(' ', "").contains(&first),
                "{} step {}: quote\n{}",
                lesson.name,
                n + 1,
                text(&b)
            );
            checked += 1;
        }
        // → past the last step stays there; ← and Home walk back.
        act(&mut a, Command::Right);
        assert_eq!(
            a.overlay_state().lesson().unwrap().step(),
            lesson.steps.len() - 1
        );
        act(&mut a, Command::Home);
        assert_eq!(a.overlay_state().lesson().unwrap().step(), 0);
        act(&mut a, Command::End);
        act(&mut a, Command::Left);
        assert_eq!(
            a.overlay_state().lesson().unwrap().step(),
            lesson.steps.len() - 2
        );
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
fn a_shifted_mark_fails_the_check() {
    // The check above compares marked text: a highlight one character off would show another
    // character. Prove the comparison sees a shift, on the first step of the first lesson.
    let a = in_lesson(0);
    let step = &LESSONS[0].steps[0];
    let b = buffer(&a, W, H);
    let r = step.highlighted()[0].clone();
    let shifted = text::visible(&step.input.as_bytes()[r.start + 1..r.end + 1]);
    assert_ne!(marked(&b, 0, 5).replace('|', ""), shifted);
}

#[test]
fn esc_gives_back_the_url_base_profile_and_focus_the_user_had() {
    let opts = LaunchOptions {
        input: Some(b"http://mine.example/a".to_vec()),
        base: b"http://base.example/".to_vec(),
        profile: Some(Profile::Whatwg),
        ..Default::default()
    };
    let mut a = app_with(&opts, 80, 24);
    focus(&mut a, Focus::Input);
    for c in "/typed".chars() {
        send(&mut a, ch(c));
    }
    let mine = a.editing().input().buf.clone();
    let cursor = a.editing().input().cursor;
    // F3, Tab to the lessons, ↓ to the second, Enter: the lesson's first step.
    for k in [
        plain(KeyCode::F(3)),
        plain(KeyCode::Tab),
        plain(KeyCode::Down),
        plain(KeyCode::Enter),
    ] {
        send(&mut a, k);
    }
    assert_eq!(a.overlay(), Overlay::Lesson(1));
    assert_eq!(
        a.editing().input().buf,
        LESSONS[1].steps[0].input.as_bytes()
    );
    // Keys that would change the lines are refused; typing and pasting too.
    send(&mut a, ctrl('l'));
    send(&mut a, ch('x'));
    send(&mut a, support::tui::paste(b"http://pasted/"));
    assert_eq!(
        a.editing().input().buf,
        LESSONS[1].steps[0].input.as_bytes()
    );
    send(&mut a, plain(KeyCode::Right));
    send(&mut a, plain(KeyCode::Right));
    send(&mut a, plain(KeyCode::Left));
    assert_eq!(a.overlay_state().lesson().unwrap().step(), 1);
    // Esc: back to the lessons list, with everything the user had.
    send(&mut a, plain(KeyCode::Esc));
    assert_eq!(a.editing().input().buf, mine);
    assert_eq!(a.editing().input().cursor, cursor);
    assert_eq!(a.editing().base().buf, b"http://base.example/");
    assert_eq!(a.settings().profile(), Profile::Whatwg);
    assert_eq!(a.panes().focus(), Focus::Input);
    assert!(matches!(&a.overlay_state(), OverlayState::Practice(p) if p.lessons() == Some(1)));
    assert_eq!(a.analysis().input.as_slice(), mine.as_slice());
    // Undo never saw the lesson: Ctrl+Z undoes the user's own typing.
    send(&mut a, plain(KeyCode::Esc));
    assert_eq!(a.overlay(), Overlay::None);
    send(&mut a, ctrl('z'));
    assert_ne!(a.editing().input().buf, mine);
    assert!(!a.editing().input().buf.starts_with(b"http://example.com"));
}

#[test]
fn every_key_the_lesson_bar_offers_does_what_it_says() {
    let mut a = in_lesson(0);
    let (place, entries) = a.key_bar();
    assert_eq!(place, "lesson:");
    for (label, _) in entries {
        let mut b = in_lesson(0);
        act(&mut b, Command::Right);
        let before = (
            b.overlay_state().lesson().map(|w| w.step()),
            b.overlay(),
            b.panes().help(),
        );
        let k = match label {
            "→" => plain(KeyCode::Right),
            "←" => plain(KeyCode::Left),
            "Esc" => plain(KeyCode::Esc),
            "Home" => plain(KeyCode::Home),
            "End" => plain(KeyCode::End),
            "F1" => plain(KeyCode::F(1)),
            other => panic!("the bar offers {other}: test it"),
        };
        send(&mut b, k);
        let after = (
            b.overlay_state().lesson().map(|w| w.step()),
            b.overlay(),
            b.panes().help(),
        );
        assert_ne!(before, after, "{label} did nothing");
    }
    // Enter is the next step too.
    send(&mut a, plain(KeyCode::Enter));
    assert_eq!(a.overlay_state().lesson().unwrap().step(), 1);
}

#[test]
fn a_lesson_done_is_kept_shown_in_f3_and_an_old_file_still_reads() {
    let dir = std::env::temp_dir().join(format!("urlscope-tui-lessons-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("progress.json");
    // A file written before lessons were kept: no `lessons` field.
    std::fs::write(
        &file,
        br#"{"format":"urlscope-progress","version":1,"exercises":{"rfc1738/space":{"attempts":1,"solved":true}}}"#,
    )
    .unwrap();
    let opts = || {
        let (kept, why) = urlscope::progress::load(&file);
        assert!(why.is_none(), "{why:?}");
        LaunchOptions {
            input: Some(b"http://mine.example/".to_vec()),
            progress: Some((file.clone(), kept, why)),
            ..Default::default()
        }
    };
    let mut clip = FakeClipboard::default();
    let mut a = app_with(&opts(), 100, 30);
    let steps = LESSONS[2].steps.len();
    let mut keys = vec![
        plain(KeyCode::F(3)),
        plain(KeyCode::Tab),
        plain(KeyCode::Down),
        plain(KeyCode::Down),
        plain(KeyCode::Enter),
    ];
    keys.extend((1..steps).map(|_| plain(KeyCode::Right)));
    keys.push(plain(KeyCode::Esc));
    let screen = text(&run(&mut a, &mut clip, keys));
    assert!(screen.contains("lessons 1/7 done"), "{screen}");
    assert!(
        screen
            .lines()
            .any(|l| l.contains(&format!(" {:<9}", LESSONS[2].name)) && l.contains(" done ")),
        "{screen}"
    );
    let (kept, _) = urlscope::progress::load(&file);
    assert!(kept.lessons[&LESSONS[2].name].done);
    assert!(
        kept.solved("rfc1738/space"),
        "the old file's exercise stays"
    );
    // A new run finds it.
    let mut b = app_with(&opts(), 100, 30);
    let screen = text(&run(&mut b, &mut clip, vec![plain(KeyCode::F(3))]));
    assert!(screen.contains("lessons 1/7 done"), "{screen}");
    // F8 asks; Esc keeps the progress and the view; F8 then Enter forgets it, file too.
    let screen = text(&run(&mut b, &mut clip, vec![plain(KeyCode::F(8))]));
    assert!(screen.contains("Forget all progress"), "{screen}");
    assert_eq!(b.key_bar().0, "forget all progress?");
    let screen = text(&run(&mut b, &mut clip, vec![plain(KeyCode::Esc)]));
    assert!(matches!(&b.overlay_state(), OverlayState::Practice(p) if !p.confirm_reset()));
    assert!(screen.contains("lessons 1/7 done"), "{screen}");
    assert!(urlscope::progress::load(&file).0.lessons[&LESSONS[2].name].done);
    let screen = text(&run(
        &mut b,
        &mut clip,
        vec![plain(KeyCode::F(8)), plain(KeyCode::Enter)],
    ));
    assert!(
        screen.contains("0 solved, 0 tried · lessons 0/7 done"),
        "{screen}"
    );
    assert_eq!(
        urlscope::progress::load(&file).0,
        urlscope::progress::Progress::default()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The warnings list (`w`) shows the old rule's finding at the octets the edit acts on, with
/// the same sentence `explain` prints (one computation, `modern::today`).
#[test]
fn the_warnings_list_names_an_old_rule_that_changes_todays_meaning() {
    let url: &[u8] = b"http://example.com/search?q=1%2B1";
    let at = url.windows(3).position(|w| w == b"%2B").unwrap();
    let mut a = support::tui::app_in(url, Profile::Rfc1738, 120, 30);
    let change = &urlscope_core::modern::meaning_changes(&a.analysis().outcome)[0];
    let f = a
        .analysis()
        .findings
        .list
        .iter()
        .find(|f| f.id.as_str() == "W-old-rule-today")
        .expect("the finding is listed");
    assert_eq!(f.at, Some(at..at + 3));
    assert_eq!(f.text, change.text());
    act(&mut a, Command::Show(Overlay::Findings(0)));
    let screen = text(&buffer(&a, 120, 30));
    assert!(screen.contains("W-old-rule-today"), "{screen}");
    // Under today's profile the edit is not made: no finding.
    let b = support::tui::app_in(url, Profile::Whatwg, 120, 30);
    assert!(
        !b.analysis()
            .findings
            .list
            .iter()
            .any(|f| f.id.as_str() == "W-old-rule-today")
    );
}
