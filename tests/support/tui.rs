//! The one TestBackend harness of the inspector's tests: an app on an input at a size, keys sent
//! as the real loop maps them (or through the real loop itself, with a fake clipboard), and the
//! screen read back as a buffer, as text or row by row. A copy is read from the `FakeClipboard`
//! the loop ran with (`copied`) or from the effects of an update (`the_copy`).

use std::collections::VecDeque;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use urlscope::clipboard::FakeClipboard;
use urlscope::theme::Theme;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::{Effect, Focus, Msg, Target};
use urlscope::tui::shell::{self, Analyser, Script};
use urlscope::tui::{LaunchOptions, view};
use urlscope_core::Profile;

use super::terminal::terminal_unsafe;

/// An app launched with `opts`, `w`×`h`, analysed.
pub fn app_with(opts: &LaunchOptions, w: u16, h: u16) -> App {
    let mut app = App::new(opts);
    act(&mut app, Msg::Resize(w, h));
    app
}

/// An app on `input`, `w`×`h`, analysed.
pub fn app(input: &[u8], w: u16, h: u16) -> App {
    app_with(
        &LaunchOptions {
            input: Some(input.to_vec()),
            ..Default::default()
        },
        w,
        h,
    )
}

/// An app on `input` under `profile`, `w`×`h`, analysed.
pub fn app_in(input: &[u8], profile: Profile, w: u16, h: u16) -> App {
    app_with(
        &LaunchOptions {
            input: Some(input.to_vec()),
            profile: Some(profile),
            ..Default::default()
        },
        w,
        h,
    )
}

/// A key press.
pub fn key(c: KeyCode, m: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(c, m))
}

/// A key pressed without modifiers.
pub fn plain(c: KeyCode) -> Event {
    key(c, KeyModifiers::NONE)
}

/// Ctrl and a character.
pub fn ctrl(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// A character typed without modifiers.
pub fn ch(c: char) -> Event {
    plain(KeyCode::Char(c))
}

/// A bracketed paste of `s` (which must be UTF-8, as a terminal's paste is).
pub fn paste(s: &[u8]) -> Event {
    Event::Paste(String::from_utf8(s.to_vec()).expect("a paste is UTF-8"))
}

fn mouse(kind: MouseEventKind, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// A left click at column `x`, row `y`.
pub fn click(x: u16, y: u16) -> Event {
    mouse(MouseEventKind::Down(MouseButton::Left), x, y)
}

/// The wheel turned down once at column `x`, row `y`.
pub fn wheel_down(x: u16, y: u16) -> Event {
    mouse(MouseEventKind::ScrollDown, x, y)
}

/// `action` and the effects it asks for, run at once (the analysis inline).
pub fn act(app: &mut App, action: impl Into<Msg>) {
    let effects = app.update(action);
    shell::run_sync(app, effects);
}

/// Move the focus to `pane` as a click on it would, its cursors and selections as they are.
pub fn focus(app: &mut App, pane: Focus) {
    act(app, Msg::Select(Target::Field(pane)));
}

/// Click the unit of the character strip that holds byte `at` of the input (the characters
/// pane gets the focus).
pub fn click_char(app: &mut App, at: usize) {
    let unit = app.analysis().unit_index(at);
    act(app, Msg::Select(Target::Unit(unit)));
}

/// Send `ev` as the real loop maps it where the app is (focus, open view, alias editor), and
/// run the effects.
pub fn send(app: &mut App, ev: Event) {
    for a in shell::messages_for(ev, app) {
        act(app, a);
    }
}

/// Press `code` with `mods`; see [`send`].
pub fn press_with(app: &mut App, code: KeyCode, mods: KeyModifiers) {
    send(app, key(code, mods));
}

/// Press `code` (no modifier); see [`send`].
pub fn press(app: &mut App, code: KeyCode) {
    press_with(app, code, KeyModifiers::NONE);
}

/// Press `code`, then draw a frame at the app's size and send back what it measured, as the
/// loop does after every key (how far the host view and the key list scroll comes from there).
pub fn press_drawn(app: &mut App, code: KeyCode) {
    press(app, code);
    let (w, h) = app.panes().size();
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut drawn = Default::default();
    t.draw(|f| drawn = view::render(app, &Theme::default(), f))
        .unwrap();
    act(app, Msg::Drawn(drawn));
}

/// Type `s`, one key a character.
pub fn type_str(app: &mut App, s: &str) {
    for c in s.chars() {
        send(app, ch(c));
    }
}

/// Run `events` through the real loop with `theme` and `clip`, on a terminal of the size the
/// app has; the terminal as the loop left it (its last frame).
fn run_loop(
    app: &mut App,
    theme: &Theme,
    clip: &mut FakeClipboard,
    events: Vec<Event>,
) -> Terminal<TestBackend> {
    let (w, h) = app.panes().size();
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    shell::run_loop(
        &mut t,
        app,
        theme,
        &mut Script(VecDeque::from(events)),
        &mut Analyser::inline(),
        clip,
    )
    .unwrap();
    t
}

/// The last frame the real loop drew after `events` (with the theme the loop switched to, if
/// any), rather than a fresh drawing of the final state.
pub fn run_as_drawn(app: &mut App, clip: &mut FakeClipboard, events: Vec<Event>) -> Buffer {
    run_loop(app, &Theme::default(), clip, events)
        .backend()
        .buffer()
        .clone()
}

/// Run `events` through the real loop with `theme` and `clip`; returns the final state drawn
/// with `theme` at the size the app started with.
pub fn run_themed(
    app: &mut App,
    theme: &Theme,
    clip: &mut FakeClipboard,
    events: Vec<Event>,
) -> Buffer {
    let mut t = run_loop(app, theme, clip, events);
    t.draw(|f| {
        view::render(app, theme, f);
    })
    .unwrap();
    t.backend().buffer().clone()
}

/// Run `events` through the real loop with the default theme and `clip`; the final screen.
pub fn run(app: &mut App, clip: &mut FakeClipboard, events: Vec<Event>) -> Buffer {
    run_themed(app, &Theme::default(), clip, events)
}

/// What the loop copied last to `clip`, or a panic saying nothing was copied.
pub fn copied(clip: &FakeClipboard) -> &[u8] {
    clip.copies.last().expect("nothing was copied")
}

/// The copy `effects` ask for, as (what, octets); a panic unless the copy is their only effect.
pub fn the_copy(effects: &[Effect]) -> (&str, &[u8]) {
    match effects {
        [Effect::Copy { what, octets }] => (what, octets),
        other => panic!("expected exactly one copy effect, got {other:?}"),
    }
}

/// The terminal after drawing `app` at `w`×`h` with `theme` (what an insta snapshot prints).
pub fn backend_themed(app: &App, theme: &Theme, w: u16, h: u16) -> TestBackend {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| {
        view::render(app, theme, f);
    })
    .unwrap();
    t.backend().clone()
}

/// The terminal after drawing `app` at `w`×`h` with the default theme.
pub fn backend(app: &App, w: u16, h: u16) -> TestBackend {
    backend_themed(app, &Theme::default(), w, h)
}

/// The screen of `app` drawn at `w`×`h` with `theme`.
pub fn buffer_themed(app: &App, theme: &Theme, w: u16, h: u16) -> Buffer {
    backend_themed(app, theme, w, h).buffer().clone()
}

/// The screen of `app` drawn at `w`×`h` with the default theme.
pub fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    buffer_themed(app, &Theme::default(), w, h)
}

/// The screen of `app` at its own size, as text.
pub fn screen(app: &App) -> String {
    text(&buffer(app, app.panes().size().0, app.panes().size().1))
}

/// Row `y` as text (a wide character's second cell as the buffer holds it).
pub fn row(b: &Buffer, y: u16) -> String {
    (0..b.area.width)
        .map(|x| b[(x, y)].symbol().to_string())
        .collect()
}

/// The screen as text, one line a row.
pub fn text(b: &Buffer) -> String {
    (0..b.area.height)
        .map(|y| row(b, y))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `needle` first is on the screen (column, row, counted in characters); a panic showing
/// the screen when it is not there.
pub fn find(b: &Buffer, needle: &str) -> (u16, u16) {
    let t = text(b);
    for (y, line) in t.lines().enumerate() {
        if let Some(i) = line.find(needle) {
            return (line[..i].chars().count() as u16, y as u16);
        }
    }
    panic!("{needle:?} not on screen:\n{t}");
}

/// No cell of the screen holds a character that could drive the terminal or hide text (a
/// control, C1, bidi control, zero-width character, …): the input reached it escaped.
pub fn assert_nothing_raw(b: &Buffer, what: &str) {
    for y in 0..b.area.height {
        for x in 0..b.area.width {
            for c in b[(x, y)].symbol().chars() {
                assert!(
                    !terminal_unsafe(c),
                    "{what}: raw U+{:04X} at {x},{y}",
                    c as u32
                );
            }
        }
    }
}
