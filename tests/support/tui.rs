//! The one TestBackend harness of the inspector's tests: an app on an input at a size, keys sent
//! through the keymap or through the real event loop with a fake clipboard, and the screen read
//! back as text.

use std::collections::VecDeque;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use urlscope::clipboard::FakeClipboard;
use urlscope::theme::Theme;
use urlscope::tui::app::App;
use urlscope::tui::msg::Msg;
use urlscope::tui::shell::{self, Analyser, Script};
use urlscope::tui::{LaunchOptions, keymap, view};

/// An app on `input`, `w`×`h`, analysed.
pub fn app(input: &[u8], w: u16, h: u16) -> App {
    let mut app = App::new(&LaunchOptions {
        input: Some(input.to_vec()),
        ..Default::default()
    });
    app.update(Msg::Resize(w, h));
    app
}

/// A key press.
pub fn key(c: KeyCode, m: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(c, m))
}

/// Press `code` (no modifier) as the keymap maps it where the app is, and run the effects.
pub fn press(app: &mut App, code: KeyCode) {
    let ev = KeyEvent::new(code, KeyModifiers::NONE);
    if let Some(a) = keymap::map_key_in(ev, app.focus, app.overlay_open()) {
        let effects = app.update(a);
        app.run_sync(effects);
    }
}

/// Run `events` through the real loop with `clip`; returns the final screen.
pub fn run(app: &mut App, clip: &mut FakeClipboard, events: Vec<Event>) -> Buffer {
    let (w, h) = app.size;
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    shell::run_loop(
        &mut t,
        app,
        &Theme::default(),
        &mut Script(VecDeque::from(events)),
        &mut Analyser::inline(),
        clip,
    )
    .unwrap();
    t.draw(|f| view::render(app, &Theme::default(), f)).unwrap();
    t.backend().buffer().clone()
}

/// The screen of `app` drawn at `w`×`h` with the default theme.
pub fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::render(app, &Theme::default(), f)).unwrap();
    t.backend().buffer().clone()
}

/// The screen as text, one line a row (a wide character's second cell as the buffer holds it).
pub fn text(b: &Buffer) -> String {
    (0..b.area.height)
        .map(|y| {
            (0..b.area.width)
                .map(|x| b[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
