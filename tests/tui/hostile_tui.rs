//! Terminal safety of the inspector: hostile inputs and bases are rendered into a
//! ratatui `TestBackend` under every profile, at several sizes, with every pane focused and a
//! few navigation steps inside it; every cell of every frame is scanned. No C0 control (ESC,
//! BEL, CR, …), DEL, C1 control, bidi override/isolate or zero-width character of the input may
//! reach a cell.

use crate::support;
use support::tui::{act, app_with, assert_nothing_raw, buffer, focus, press as key};

use crossterm::event::KeyCode;
use urlscope::tui::LaunchOptions;
use urlscope::tui::msg::{Focus, Msg};
use urlscope_core::Profile;

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

#[test]
fn hostile_inputs_never_reach_a_cell() {
    for (i, input) in HOSTILE.iter().enumerate() {
        let base = HOSTILE[(i + 1) % HOSTILE.len()];
        for profile in Profile::ALL {
            for (w, h) in [(120u16, 40u16), (60, 20), (24, 8)] {
                let opts = LaunchOptions {
                    input: Some(input.to_vec()),
                    base: base.to_vec(),
                    profile: Some(profile),
                    ..Default::default()
                };
                let mut app = app_with(&opts, w, h);
                for pane in Focus::ORDER {
                    focus(&mut app, pane);
                    for step in 0..4 {
                        let what = format!(
                            "input {i}, {} at {w}x{h}, {pane:?} after {step} moves",
                            profile.name()
                        );
                        assert_nothing_raw(&buffer(&app, w, h), &what);
                        key(
                            &mut app,
                            if pane == Focus::Input {
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
    let mut app = app_with(&LaunchOptions::default(), 100, 30);
    for p in HOSTILE {
        focus(&mut app, Focus::Input);
        act(&mut app, Msg::Paste(p.to_vec()));
        assert_nothing_raw(&buffer(&app, 100, 30), "after a paste");
    }
}
