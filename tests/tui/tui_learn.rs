//! The practice view (F3) through the real loop: progress written to its file after each check
//! and read back by the next run (the title, the exercise's line and the strip show it), F5's
//! hints and F6's answer with its why, and a broken progress file named in the status line.

use crate::support;
use support::tui::{app_with, plain, run, text};

use crossterm::event::KeyCode;
use support::tui::ch;
use urlscope::clipboard::FakeClipboard;
use urlscope::tui::LaunchOptions;
use urlscope_core::modern::exercises::EXERCISES;

fn opts(file: &std::path::Path) -> LaunchOptions {
    let (kept, why) = urlscope::progress::load(file);
    LaunchOptions {
        input: Some(b"http://h/a b".to_vec()),
        progress: Some((file.to_path_buf(), kept, why)),
        ..Default::default()
    }
}

fn typed(s: &str) -> Vec<crossterm::event::Event> {
    s.chars().map(ch).collect()
}

#[test]
fn progress_lasts_across_runs_and_hints_and_answers_show() {
    let dir = std::env::temp_dir().join(format!("urlscope-tui-learn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("state/progress.json");
    let mut clip = FakeClipboard::default();
    let mut a = app_with(&opts(&file), 100, 30);
    // Three exercises: the first wrong then right, the next two right.
    let mut keys = vec![plain(KeyCode::F(3))];
    keys.extend(typed("nope"));
    keys.push(plain(KeyCode::Enter));
    for _ in 0.."nope".len() {
        keys.push(plain(KeyCode::Backspace));
    }
    for i in 0..3 {
        if i > 0 {
            keys.push(plain(KeyCode::Down));
        }
        keys.extend(typed(&EXERCISES[i].1.expected()));
        keys.push(plain(KeyCode::Enter));
    }
    let screen = text(&run(&mut a, &mut clip, keys));
    assert!(screen.contains("3 solved, 3 tried"), "{screen}");
    // The file holds it; a new run reads it back.
    let (kept, why) = urlscope::progress::load(&file);
    assert!(why.is_none());
    let first = EXERCISES[0].1.key(&EXERCISES[0].0);
    assert_eq!(kept.exercises[&first].attempts, 2);
    let mut b = app_with(&opts(&file), 100, 30);
    let screen = text(&run(&mut b, &mut clip, vec![plain(KeyCode::F(3))]));
    assert!(screen.contains("3 solved, 3 tried"), "{screen}");
    assert!(screen.contains("✓ solved"), "{screen}");
    assert!(screen.contains("✓✓"), "{screen}");
    // F5 twice: two hints; F6: the answer and why.
    let ex = &EXERCISES[3].1;
    let screen = text(&run(
        &mut b,
        &mut clip,
        vec![
            plain(KeyCode::Down),
            plain(KeyCode::Down),
            plain(KeyCode::Down),
            plain(KeyCode::F(5)),
            plain(KeyCode::F(6)),
        ],
    ));
    assert!(
        screen.contains(&format!("hint: {}", ex.hints[0])),
        "{screen}"
    );
    assert!(
        screen.contains(&format!("answer: {}", ex.expected())),
        "{screen}"
    );
    // A broken file: set aside, said in the status line, and the view still opens.
    std::fs::write(&file, b"\x00not json").unwrap();
    let mut c = app_with(&opts(&file), 100, 30);
    let screen = text(&run(&mut c, &mut clip, vec![]));
    assert!(screen.contains("set aside"), "{screen}");
    let screen = text(&run(&mut c, &mut clip, vec![plain(KeyCode::F(3))]));
    assert!(screen.contains("0 solved, 0 tried"), "{screen}");
}

/// `urlscope learn --set FILE`: the inspector opens on the practice view with the teacher's
/// exercises only, and their progress is kept under the set's name.
#[test]
fn a_teachers_set_is_practised_in_the_inspector() {
    let file = r#"name = "class-3b"
title = "Week 3"

[[exercise]]
id = "space"
text = "a b"
part = "query-value"
rules = "whatwg"
answer = "a%20b"
source = "URL Standard §1.3"
quote = "The query percent-encode set"
hints = ["Think of the parser."]
"#;
    let set = urlscope_core::modern::exercises::parse_set("class.toml", file).unwrap();
    let own: Vec<_> = set
        .exercises
        .iter()
        .map(|e| (set.name.clone(), e.clone()))
        .collect();
    let mut a = app_with(
        &LaunchOptions {
            exercises: Some(own),
            practice: true,
            ..Default::default()
        },
        100,
        30,
    );
    let mut clip = FakeClipboard::default();
    let mut keys = typed("a%20b");
    keys.push(plain(KeyCode::Enter));
    let screen = text(&run(&mut a, &mut clip, keys));
    assert!(screen.contains("Practice 1/1"), "{screen}");
    assert!(screen.contains("Encode the query value `a b`"), "{screen}");
    assert!(screen.contains("1 solved, 1 tried"), "{screen}");
    assert!(a.progress().kept().solved("class-3b/space"));
}

/// An answer longer than its line shows a window around the cursor: its end while typing,
/// with `…` where it was cut, and the cursor right after the last character typed.
#[test]
fn a_long_answer_keeps_the_cursor_in_sight() {
    let dir = std::env::temp_dir().join(format!("urlscope-tui-long-{}", std::process::id()));
    let file = dir.join("progress.json");
    let mut clip = FakeClipboard::default();
    let mut a = app_with(&opts(&file), 80, 24);
    let mut keys = vec![plain(KeyCode::F(3))];
    let answer = format!("{}END", "x".repeat(120));
    keys.extend(typed(&answer));
    run(&mut a, &mut clip, keys);
    use ratatui::backend::Backend as _;
    let mut term = support::tui::backend(&a, 80, 24);
    let screen = text(term.buffer());
    let row = screen
        .lines()
        .find(|l| l.contains("answer › "))
        .unwrap_or_else(|| panic!("no answer line:\n{screen}"));
    assert!(row.contains("answer › …x") && row.contains("xEND"), "{row}");
    let at = row.chars().position(|c| c == 'E').unwrap() + 3;
    let cursor = term.get_cursor_position().unwrap();
    assert_eq!(cursor.x as usize, at, "{row}");
    let _ = std::fs::remove_dir_all(&dir);
}
