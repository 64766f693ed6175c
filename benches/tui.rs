//! Per-keystroke cost of the inspector with a 1 MiB input: `App::update` + render on a 200×60
//! TestBackend. `keystroke` is what the UI thread pays (the shell analyses inputs over 64 KiB
//! on a worker); `keystroke_with_analysis` adds the synchronous re-analysis (tokenize, profile
//! trace, diff) for comparison. `key_to_bytes` times a key typed at the end of a pasted URL of
//! 10 KB, 100 KB and 1 MiB up to the frame's bytes as the terminal gets them (crossterm's
//! backend writing into a sink), at the 120×40 of the tmux check.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use urlscope::theme::Theme;
use urlscope::tui::analysis;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Msg, Overlay};
use urlscope::tui::{LaunchOptions, shell, view};
use urlscope_core::Profile;

#[path = "support/inputs.rs"]
mod inputs;

/// The binary's allocator (src/main.rs says why), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use inputs::{one_mib, pasted, plain_mib};

/// The `n`th keystroke of a bench: type an `x`, then take it back, so the input stays the same.
fn nth_edit(n: u64) -> Msg {
    if n % 2 == 1 {
        Msg::Type('x')
    } else {
        Command::Backspace.into()
    }
}

fn setup(profile: Profile) -> (App, Terminal<TestBackend>) {
    setup_with(one_mib(), profile)
}

fn setup_with(input: Vec<u8>, profile: Profile) -> (App, Terminal<TestBackend>) {
    let mut app = App::new(&LaunchOptions {
        input: Some(input),
        profile: Some(profile),
        ..Default::default()
    });
    app.update(Msg::Resize(200, 60));
    let term = Terminal::new(TestBackend::new(200, 60)).unwrap();
    (app, term)
}

fn keystroke(c: &mut Criterion) {
    let theme = Theme::default();
    let mut g = c.benchmark_group("tui_1mib_200x60");
    g.sample_size(20);
    for profile in Profile::ALL {
        let (mut app, mut term) = setup(profile);
        let mut n = 0u64;
        g.bench_function(format!("keystroke/{}", profile.name()), |b| {
            b.iter(|| {
                n += 1;
                let op = nth_edit(n);
                let effects = app.update(op);
                black_box(&effects);
                term.draw(|f| {
                    view::render(&app, &theme, f);
                })
                .unwrap();
            })
        });
    }
    g.sample_size(10);
    for (name, plain) in [
        ("keystroke_with_analysis", false),
        ("plain_keystroke_with_analysis", true),
    ] {
        for profile in Profile::ALL {
            let input = if plain { plain_mib() } else { one_mib() };
            let (mut app, mut term) = setup_with(input, profile);
            let mut n = 0u64;
            g.bench_function(format!("{name}/{}", profile.name()), |b| {
                b.iter(|| {
                    n += 1;
                    let op = nth_edit(n);
                    let effects = app.update(op);
                    shell::run_sync(&mut app, effects);
                    term.draw(|f| {
                        view::render(&app, &theme, f);
                    })
                    .unwrap();
                })
            });
        }
    }
    g.finish();
}

/// A key typed at the end of a pasted URL, up to the frame's bytes as the terminal gets them:
/// `App::update`, the view, ratatui's diff of the two buffers and crossterm's escape codes
/// written into a sink. The analysis is the last one (inputs over 64 KiB are analysed on the
/// worker; the frame that shows the key does not wait for it); `_analysed` adds it, run
/// synchronously, for the frame after.
fn key_to_bytes(c: &mut Criterion) {
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use ratatui::{TerminalOptions, Viewport};
    let theme = Theme::default();
    let mut g = c.benchmark_group("key_to_bytes_120x40");
    g.sample_size(10);
    let sizes = [("10k", 10_000), ("100k", 100_000), ("1mib", 1 << 20)];
    for (size, n) in sizes {
        let profiles: Vec<Profile> = if n == 1 << 20 {
            Profile::ALL.to_vec()
        } else {
            vec![Profile::None, Profile::Whatwg]
        };
        for profile in profiles {
            for analysed in [false, true] {
                if analysed && n != 1 << 20 {
                    continue;
                }
                let mut app = App::new(&LaunchOptions {
                    input: Some(pasted(n)),
                    profile: Some(profile),
                    ..Default::default()
                });
                app.update(Msg::Resize(120, 40));
                let backend = CrosstermBackend::new(std::io::sink());
                let mut term = Terminal::with_options(
                    backend,
                    TerminalOptions {
                        viewport: Viewport::Fixed(Rect::new(0, 0, 120, 40)),
                    },
                )
                .unwrap();
                let mut k = 0u64;
                let name = if analysed { "key_analysed" } else { "key" };
                g.bench_function(format!("{name}/{size}/{}", profile.name()), |b| {
                    b.iter(|| {
                        k += 1;
                        let effects = app.update(nth_edit(k));
                        if analysed {
                            shell::run_sync(&mut app, effects);
                        } else {
                            black_box(&effects);
                        }
                        term.draw(|f| {
                            view::render(&app, &theme, f);
                        })
                        .unwrap();
                    })
                });
            }
        }
    }
    g.finish();
}

/// The UI thread's keystroke with each view open (its data computed once, as the worker would).
fn keystroke_views(c: &mut Criterion) {
    let theme = Theme::default();
    let mut g = c.benchmark_group("tui_1mib_200x60_views");
    g.sample_size(10);
    let views: [(&str, Msg); 8] = [
        ("compare", Command::Show(Overlay::Compare).into()),
        ("resolve", Command::Show(Overlay::Resolve).into()),
        ("findings", Command::Show(Overlay::Findings(0)).into()),
        ("host", Command::Show(Overlay::Host).into()),
        ("parsers", Command::Show(Overlay::Parsers).into()),
        ("unwrap", Command::Show(Overlay::Unwrap(0)).into()),
        ("preview", Command::CyclePreview.into()),
        ("components", Command::FocusNext.into()),
    ];
    for profile in [Profile::Fido, Profile::Whatwg] {
        for (name, open) in &views {
            let (mut app, mut term) = setup(profile);
            let effects = app.update(open.clone());
            shell::run_sync(&mut app, effects);
            let mut n = 0u64;
            g.bench_function(format!("keystroke_{name}/{}", profile.name()), |b| {
                b.iter(|| {
                    n += 1;
                    let op = nth_edit(n);
                    let effects = app.update(op);
                    black_box(&effects);
                    term.draw(|f| {
                        view::render(&app, &theme, f);
                    })
                    .unwrap();
                })
            });
        }
    }
    g.finish();
}

/// Where the re-analysis time goes (core tokenize and trace versus the inspector's diff).
fn analysis_parts(c: &mut Criterion) {
    let x = one_mib();
    let mut g = c.benchmark_group("analysis_1mib");
    g.sample_size(10);
    g.bench_function("tokenize", |b| {
        b.iter(|| black_box(urlscope_core::tokenize(&x)))
    });
    for profile in Profile::ALL {
        let opts = urlscope_core::Options::default();
        g.bench_function(format!("normalize/{}", profile.name()), |b| {
            b.iter(|| black_box(urlscope_core::normalize(&x, profile, &opts)))
        });
        let o = urlscope_core::normalize(&x, profile, &opts);
        g.bench_function(format!("diff/{}", profile.name()), |b| {
            b.iter(|| black_box(urlscope_core::url::diff::diff(&x, &o)))
        });
        // The whole synchronous re-analysis (the three above and the rest).
        let req = analysis::Request::new(
            1,
            std::sync::Arc::new(x.clone()),
            profile,
            opts.clone(),
            urlscope_core::Classification::C1738,
        );
        g.bench_function(format!("analyse/{}", profile.name()), |b| {
            b.iter(|| black_box(analysis::analyse(&req)))
        });
    }
    g.finish();
}

/// The re-analysis as a person at the keyboard meets it: after a pause of a typing gap, when
/// the machine's other cores have gone idle (a hot loop keeps them awake and hides where the
/// kernel puts a new thread). The pause is not timed.
fn analysis_after_pause(c: &mut Criterion) {
    let x = std::sync::Arc::new(one_mib());
    let mut g = c.benchmark_group("analysis_1mib_after_pause");
    g.sample_size(10);
    for profile in [Profile::Pdf, Profile::Rfc3986] {
        let req = analysis::Request::new(
            1,
            x.clone(),
            profile,
            urlscope_core::Options::default(),
            urlscope_core::Classification::C1738,
        );
        g.bench_function(format!("analyse/{}", profile.name()), |b| {
            b.iter_custom(|iters| {
                let mut timed = std::time::Duration::ZERO;
                for _ in 0..iters {
                    std::thread::sleep(std::time::Duration::from_millis(40));
                    let start = std::time::Instant::now();
                    black_box(analysis::analyse(&req));
                    timed += start.elapsed();
                }
                timed
            })
        });
    }
    g.finish();
}

/// 100,000 links, as the link list gets them from the input core (found once, outside the
/// timing).
fn many_links() -> Vec<urlscope_core::Link> {
    let mut text = Vec::new();
    for i in 0..100_000u32 {
        text.extend_from_slice(
            format!(
                "see https://host{i}.example{}.com/path/{i}/page?q={i}&ref=mail-{} there\n",
                i % 97,
                i % 13
            )
            .as_bytes(),
        );
    }
    let found = urlscope_core::links(&text, None, &Default::default());
    assert_eq!(found.links.len(), 100_000);
    found.links
}

/// The link list at 100,000 links on a 120×40 TestBackend: the first frame (the list built
/// and drawn, the first link analysed for the screen under it) and one filter keystroke
/// (update + frame): a character that searches the whole list, its Backspace (the whole
/// list again), and a character that narrows the rows already shown.
fn link_list(c: &mut Criterion) {
    use urlscope::tui::msg::Print;
    let links = many_links();
    let mut g = c.benchmark_group("links_100k_120x40");
    g.sample_size(20);
    let opts = LaunchOptions {
        links: Some(links.into()),
        list_first: true,
        pick: Some(Print::Found),
        ..Default::default()
    };
    let theme = Theme::default();
    g.bench_function("first_frame", |b| {
        let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
        b.iter(|| {
            let mut app = App::new(black_box(&opts));
            app.update(Msg::Resize(120, 40));
            term.draw(|f| {
                view::render(&app, &theme, f);
            })
            .unwrap();
            app
        });
    });
    let mut app = App::new(&opts);
    app.update(Msg::Resize(120, 40));
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut n = 0u64;
    g.bench_function("filter_keystroke_whole_list", |b| {
        b.iter(|| {
            n += 1;
            // `7` matches about a third of the links; Backspace brings all of them back.
            let msg = if n % 2 == 1 {
                Msg::Type('7')
            } else {
                Msg::Command(Command::Backspace)
            };
            app.update(msg);
            term.draw(|f| {
                view::render(&app, &theme, f);
            })
            .unwrap();
        });
    });
    for ch in "page?q=".chars() {
        app.update(Msg::Type(ch));
    }
    let mut n = 0u64;
    g.bench_function("filter_keystroke_narrowing", |b| {
        b.iter(|| {
            n += 1;
            // "page?q=" → "page?q=1" narrows the shown rows; Backspace widens again.
            let msg = if n % 2 == 1 {
                Msg::Type('1')
            } else {
                Msg::Command(Command::Backspace)
            };
            app.update(msg);
            term.draw(|f| {
                view::render(&app, &theme, f);
            })
            .unwrap();
        });
    });
    g.finish();
}

criterion_group!(
    benches,
    key_to_bytes,
    keystroke,
    keystroke_views,
    analysis_parts,
    analysis_after_pause,
    link_list
);
criterion_main!(benches);
