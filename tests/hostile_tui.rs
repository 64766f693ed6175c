//! Terminal safety of the inspector (issue 6): hostile inputs and bases are rendered into a
//! ratatui `TestBackend` under every profile, at several sizes, with every pane focused and a
//! few navigation steps inside it; every cell of every frame is scanned. No C0 control (ESC,
//! BEL, CR, …), DEL, C1 control, bidi override/isolate or zero-width character of the input may
//! reach a cell.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use urlscope::theme::Theme;
use urlscope::tui::app::App;
use urlscope::tui::msg::{Focus, Msg};
use urlscope::tui::{LaunchOptions, keymap, view};
use urlscope::url::Profile;

const HOSTILE: &[&[u8]] = &[
    b"http://a/\x1b[2J\x1b[H\x1b]0;pwned\x07x",
    b"http://a/\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\",
    b"http://a/\x1bP+q544e\x1b\\\x9b31m\x9d0;t\x9c\x90x\x9c",
    b"http://a/\xc2\x9b31m\xc2\x9d\xc2\x85",
    b"http://a/\xe2\x80\xaegnp.exe\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8f\xe2\x80\x8b\xd8\x9c",
    b"\xef\xbb\xbfhttp://bom/\x00\x07\x08\x0d\x7f\xff\xfe",
    b"fecho://p%%\x1b[31m\r\n\x1b[0m%%ntlist/\x1b[5m",
    b"\x1b[31m<URL:http://\x1b@\x1b:\x1b/\x1b?\x1b=\x1b#\x1b>",
];

fn safe_symbol(s: &str) -> Result<(), char> {
    for c in s.chars() {
        let bad = c < ' '
            || ('\u{7f}'..='\u{9f}').contains(&c)
            || matches!(c, '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if bad {
            return Err(c);
        }
    }
    Ok(())
}

fn scan(app: &App, w: u16, h: u16, what: &str) {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::render(app, &Theme::default(), f)).unwrap();
    let b = t.backend().buffer();
    for y in 0..h {
        for x in 0..w {
            if let Err(c) = safe_symbol(b[(x, y)].symbol()) {
                panic!("{what}: U+{:04X} in cell ({x}, {y})", c as u32);
            }
        }
    }
}

fn key(app: &mut App, code: KeyCode) {
    if let Some(a) = keymap::map_key(KeyEvent::new(code, KeyModifiers::NONE), app.focus) {
        let effects = app.update(a);
        app.run_sync(effects);
    }
}

#[test]
fn hostile_inputs_never_reach_a_cell() {
    for (i, input) in HOSTILE.iter().enumerate() {
        let base = HOSTILE[(i + 1) % HOSTILE.len()];
        for profile in Profile::ALL {
            for (w, h) in [(120u16, 40u16), (60, 20), (24, 8)] {
                let mut app = App::new(&LaunchOptions {
                    input: Some(input.to_vec()),
                    base: base.to_vec(),
                    profile: Some(profile),
                    ..Default::default()
                });
                let effects = app.update(Msg::Resize(w, h));
                app.run_sync(effects);
                for focus in Focus::ORDER {
                    app.focus = focus;
                    for step in 0..4 {
                        let what = format!(
                            "input {i}, {} at {w}x{h}, {focus:?} after {step} moves",
                            profile.name()
                        );
                        scan(&app, w, h, &what);
                        key(
                            &mut app,
                            if focus == Focus::Input {
                                KeyCode::Right
                            } else {
                                KeyCode::Down
                            },
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn hostile_paste_never_reaches_a_cell() {
    let mut app = App::new(&LaunchOptions::default());
    let effects = app.update(Msg::Resize(100, 30));
    app.run_sync(effects);
    for p in HOSTILE {
        app.focus = Focus::Input;
        let effects = app.update(Msg::Paste(p.to_vec()));
        app.run_sync(effects);
        scan(&app, 100, 30, "after a paste");
    }
}
