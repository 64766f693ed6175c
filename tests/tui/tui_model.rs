//! The inspector under a random user. Random sequences of steps (every binding of the
//! table in the contexts it claims, typing, hostile and large pastes, resizes down to 0×0,
//! clicks and the wheel anywhere, clipboard answers, analyses delivered late, twice or out of
//! order) drive `App::update`; after every message a frame is drawn and the invariants of
//! `common/tui_model` are checked (the same code the `tui_model` fuzz target runs).
//!
//! Plain `cargo test` runs a small count; `.ci/long` runs the ignored `many_sequences` in
//! release with `URLSCOPE_MODEL_CASES` sequences (see docs/decisions/model-testing.md for the figures).
//! Runs are seeded (`URLSCOPE_MODEL_SEED`, fixed by default, `random` for a new one); with
//! `URLSCOPE_MODEL_TRACE=1` every message is printed, and `URLSCOPE_MODEL_SHRINK=0` ends the
//! trace at the failure.

// The driver (`common/tui_model/`) includes `support/terminal.rs` itself, for the fuzz crate
// that shares it; this binary also has it as `support::terminal`.
#[allow(clippy::duplicate_mod)]
#[path = "../common/tui_model/mod.rs"]
mod driver;

use driver::{CHARS, Clip, Driver, SIZES, Step, TEXTS};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use urlscope::tui::keys::bindings::BINDINGS;

/// Messages in a sequence: at least this many steps (steering and answers add more).
const STEPS: usize = 200;

fn size() -> impl Strategy<Value = (u16, u16)> {
    prop_oneof![
        3 => prop::sample::select(SIZES),
        1 => (0u16..=300, 0u16..=100),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    let n = BINDINGS.len();
    prop_oneof![
        30 => (0..n, prop::option::weighted(0.7, any::<u8>()))
            .prop_map(|(i, steer)| Step::Binding { i, steer }),
        4 => (any::<char>(), 0u8..8).prop_map(|(c, mods)| Step::Key { c, mods }),
        6 => (any::<u8>(), 0u8..8).prop_map(|(code, mods)| Step::Special { code, mods }),
        12 => prop_oneof![prop::sample::select(CHARS), any::<char>()].prop_map(Step::Type),
        5 => (0..TEXTS.len(), prop_oneof![9 => Just(0u8), 1 => any::<u8>()])
            .prop_map(|(i, times)| Step::Paste { i, times }),
        5 => size().prop_map(|(w, h)| Step::Resize(w, h)),
        5 => (0u16..310, 0u16..110).prop_map(|(x, y)| Step::Click(x, y)),
        3 => (0u16..310, 0u16..110, any::<bool>()).prop_map(|(x, y, down)| Step::Wheel { x, y, down }),
        2 => (prop::sample::select(&[Clip::Copied, Clip::Osc52, Clip::Failed][..]), 0..TEXTS.len())
            .prop_map(|(how, text)| Step::Clipboard { how, text }),
        12 => (any::<usize>(), prop::bool::weighted(0.2))
            .prop_map(|(pick, again)| Step::Deliver { pick, again }),
        2 => any::<bool>().prop_map(|newest_first| Step::DeliverAll { newest_first }),
    ]
}

fn sequence() -> impl Strategy<Value = (bool, Vec<Step>)> {
    (
        any::<bool>(),
        prop::collection::vec(step(), STEPS..STEPS + 40),
    )
}

/// Run `steps` on a fresh app (the example, or a URL of the texts) and finish it.
fn run(example: bool, steps: &[Step], big_pastes: u8) -> Driver {
    let input = (!example).then_some(TEXTS[1]);
    let mut d = Driver::new(input, big_pastes);
    for s in steps {
        d.step(s);
    }
    d.finish();
    d
}

fn cases(default: u32) -> u32 {
    std::env::var("URLSCOPE_MODEL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The runs' random source. `URLSCOPE_MODEL_SEED=<n>` repeats a run and `random` draws a new
/// seed (printed either way); by default a fixed one, so that `cargo test` and CI are
/// reproducible. The fuzz target and long runs with `random` are what explore.
fn runner(config: Config) -> TestRunner {
    const DEFAULT: u64 = 23;
    let seed = match std::env::var("URLSCOPE_MODEL_SEED").ok().as_deref() {
        Some("random") => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(DEFAULT, |d| d.as_nanos() as u64),
        Some(s) => s.parse().unwrap_or(DEFAULT),
        None => DEFAULT,
    };
    eprintln!("tui_model: seed {seed} (URLSCOPE_MODEL_SEED={seed} repeats this run)");
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&seed.to_le_bytes());
    }
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

fn run_cases(n: u32) {
    let mut runner = runner(Config {
        cases: n,
        // `URLSCOPE_MODEL_SHRINK=0` with `URLSCOPE_MODEL_TRACE=1`: the trace ends at the failure.
        max_shrink_iters: std::env::var("URLSCOPE_MODEL_SHRINK")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2000),
        ..Config::default()
    });
    let started = std::time::Instant::now();
    let messages = std::cell::Cell::new(0usize);
    let copies = std::cell::Cell::new(0usize);
    runner
        .run(&sequence(), |(example, steps)| {
            let d = run(example, &steps, 0);
            messages.set(messages.get() + d.messages);
            copies.set(copies.get() + d.copies);
            Ok(())
        })
        .unwrap();
    eprintln!(
        "tui_model: {n} sequences, {} messages, {} copies checked in {:.1?}",
        messages.get(),
        copies.get(),
        started.elapsed()
    );
}

#[test]
fn random_sequences_keep_the_invariants() {
    run_cases(cases(24));
}

/// The bounded long run `.ci/long` does in release (`URLSCOPE_MODEL_CASES`, default 10,000).
#[test]
#[ignore = "long: .ci/long runs it in release with a bounded count"]
fn many_sequences() {
    run_cases(cases(10_000));
}

/// A few sequences with a 1 MiB paste in the middle (pastes, edits, undo across it).
#[test]
fn sequences_with_a_one_mib_paste() {
    let mut runner = runner(Config {
        cases: cases(3).min(3),
        max_shrink_iters: 50,
        ..Config::default()
    });
    let strategy = (
        prop::collection::vec(step(), 60..80),
        prop::collection::vec(step(), 60..80),
    );
    runner
        .run(&strategy, |(a, b)| {
            let mut steps = a;
            steps.push(Step::BigPaste);
            steps.extend(b);
            run(false, &steps, 1);
            Ok(())
        })
        .unwrap();
}

/// Every binding in the context it claims, each once, on the example and on a URL.
#[test]
fn every_binding_in_its_context() {
    for example in [true, false] {
        let steps: Vec<Step> = (0..BINDINGS.len())
            .flat_map(|i| {
                [
                    Step::Binding {
                        i,
                        steer: Some(i as u8),
                    },
                    Step::Deliver {
                        pick: i,
                        again: false,
                    },
                ]
            })
            .collect();
        let d = run(example, &steps, 0);
        assert!(d.messages >= BINDINGS.len());
    }
}

/// Found by `random_sequences_keep_the_invariants`: Alt+T (trim) from a pane while the analysis
/// of a longer line was still under way put the character cursor past the analysed input.
#[test]
fn trim_while_the_analysis_is_under_way_keeps_the_character_cursor_in_range() {
    use urlscope::tui::msg::Msg;
    use urlscope::tui::msg::command::Command;
    let mut d = Driver::new(Some(b"http://a/"), 0);
    // A paste with edge whitespace, its analysis held back.
    d.step(&Step::Paste { i: 12, times: 3 });
    d.send(Msg::Command(Command::LeaveInput));
    d.send(Msg::Command(Command::TrimEdges));
    assert!(d.app.panes().char_cursor() <= d.app.analysis().input.len());
    d.finish();
}

/// Found by `many_sequences`: the status line quoted the link filter raw ("no link matches
/// “…\u{200d}…”"); the driver's frame check fails on any raw zero-width or control character.
#[test]
fn a_filter_quoted_on_the_status_line_is_drawn_as_cells() {
    use urlscope::tui::msg::command::Command;
    use urlscope::tui::msg::{Msg, Overlay};
    let mut d = Driver::new(Some(b"http://a/"), 0);
    // Text with several links makes the link list.
    d.send(Msg::Paste(TEXTS[1].to_vec()));
    d.send(Msg::Command(Command::Show(Overlay::Links)));
    assert_eq!(d.app.overlay(), Overlay::Links);
    for c in ['z', '\u{200d}', '\u{202e}', '\u{1b}', 'q'] {
        d.send(Msg::Type(c));
    }
    d.send(Msg::Command(Command::Choose));
    assert!(
        d.app
            .status_text()
            .is_some_and(|s| s.contains("no link matches")),
        "{:?}",
        d.app.status().message()
    );
    d.finish();
}

/// Found by `many_sequences`: the value editor's title named the query pair raw ("Edit query
/// pair 2 (…\u{202e}…)"); pane titles are now drawn as cells.
#[test]
fn a_pair_name_in_the_editors_title_is_drawn_as_cells() {
    use urlscope::tui::msg::command::Command;
    use urlscope::tui::msg::{Msg, Overlay};
    let mut d = Driver::new(Some(b"http://a/?\xe2\x80\xaex\xef\xbb\xbf\x1b=1"), 0);
    d.deliver_all(true);
    d.send(Msg::Command(Command::LeaveInput));
    let mut opened = false;
    for _ in 0..20 {
        d.send(Msg::Command(Command::EditRow));
        if d.app.overlay() == Overlay::Editor {
            opened = d
                .app
                .overlay_state()
                .editor()
                .is_some_and(|e| e.title.contains("pair"));
            if opened {
                break;
            }
            d.send(Msg::Command(Command::Close));
        }
        d.send(Msg::Command(Command::Down));
    }
    assert!(opened, "no query pair row opened the editor");
    d.finish();
}

/// Found by the 10,000-sequence run: a new input with fewer unwrap layers left the unwrap
/// view's selection past its list (the view and Enter clamp it; the model now does too).
#[test]
fn the_unwrap_selection_follows_a_shorter_chain() {
    use urlscope::tui::msg::command::Command;
    use urlscope::tui::msg::{Msg, Overlay};
    let mut d = Driver::new(Some(TEXTS[2]), 0);
    d.send(Msg::Command(Command::Show(Overlay::Unwrap(0))));
    d.deliver_all(true);
    d.send(Msg::Command(Command::Down));
    assert_eq!(d.app.overlay(), Overlay::Unwrap(1));
    // A URL pasted over the URL replaces it: one layer.
    d.send(Msg::Paste(b"https://example.com/".to_vec()));
    d.deliver_all(true);
    assert_eq!(d.app.overlay(), Overlay::Unwrap(0));
    d.finish();
}
