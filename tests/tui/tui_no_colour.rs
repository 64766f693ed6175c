//! Every colour-coded meaning is readable without colour
//! (NO_COLOR: the strip marks each class, the selected row and the cursor are reversed, deleted
//! and inserted text have their own styles; an insta snapshot shows the screen), and F1's colour
//! legend is generated from the theme in use.

use crate::support;
use support::tui::{act, app_with, buffer_themed, focus, text};

use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use urlscope::theme::Theme;
use urlscope::tui::LaunchOptions;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Focus, Msg};
use urlscope::tui::view::help::legend;
use urlscope_core::{Class, Profile};

/// Every class group of C-1738 and C-2396: alnum, safe, reserved, unsafe, control,
/// non-ASCII, invalid percent; `{` is unwise under C-2396.
const ALL_CLASSES: &[u8] = b"http://a-b.example/{x}<\xc3\xa9%zz;\x01?q=%7e";

fn app(input: &[u8], no_color: bool, w: u16, h: u16) -> App {
    let opts = LaunchOptions {
        input: Some(input.to_vec()),
        profile: Some(Profile::Rfc1738),
        no_color,
        ..Default::default()
    };
    app_with(&opts, w, h)
}

fn draw(a: &App, theme: &Theme) -> Buffer {
    buffer_themed(a, theme, a.panes().size().0, a.panes().size().1)
}

fn mono() -> Theme {
    Theme::for_terminal(None, true).unwrap()
}

#[test]
fn no_color_shows_every_class_by_a_mark_and_uses_no_colour() {
    let mut a = app(ALL_CLASSES, true, 100, 30);
    a.update(Command::FocusNext);
    a.update(Command::FocusNext);
    a.update(Command::FocusNext);
    assert_eq!(a.panes().focus(), Focus::Characters);
    let b = draw(&a, &mono());
    let screen = text(&b);
    for (mark, class) in [
        ("-ˢ", "safe"),
        (":ʳ", "reserved"),
        ("<ᵘ", "unsafe"),
        ("␁ᶜ", "control"),
        ("%ⁱ", "invalid percent"),
    ] {
        assert!(screen.contains(mark), "{class} ({mark}) missing:\n{screen}");
    }
    // Raw non-ASCII octets that are not shown as text are `\xHH`: the symbol is the mark.
    assert!(screen.contains("\\xC3 \\xA9"), "{screen}");
    // Under C-2396 `{` is unwise.
    a.update(Command::CycleClassification);
    a.update(Command::CycleClassification);
    assert!(text(&draw(&a, &mono())).contains("{ʷ"));
    // No cell carries a colour.
    for y in 0..b.area.height {
        for x in 0..b.area.width {
            let c = &b[(x, y)];
            assert!(
                c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset,
                "colour at {x},{y}"
            );
        }
    }
    insta::assert_snapshot!("no_color_classes_100x30", screen);
}

#[test]
fn with_colour_the_strip_has_no_marks() {
    let mut a = app(ALL_CLASSES, false, 100, 30);
    focus(&mut a, Focus::Characters);
    let screen = text(&draw(&a, &Theme::default()));
    for mark in ["ˢ", "ʳ", "ᵘ", "ᶜ", "ⁱ"] {
        assert!(!screen.contains(mark), "{mark}:\n{screen}");
    }
    // The mono theme chosen with `t` marks them too.
    act(&mut a, Msg::ThemeChanged("mono".into()));
    assert!(text(&draw(&a, &mono())).contains(":ʳ"));
    // What decides is the theme drawn, not its name: a user's coloured theme called `mono`
    // marks nothing, a colourless one by another name marks the classes.
    let coloured_mono = Theme {
        name: "mono".into(),
        ..Theme::default()
    };
    assert!(!text(&draw(&a, &coloured_mono)).contains(":ʳ"));
    let plain = Theme {
        name: "plain".into(),
        ..mono()
    };
    act(&mut a, Msg::ThemeChanged("plain".into()));
    assert!(text(&draw(&a, &plain)).contains(":ʳ"));
}

#[test]
fn without_colour_selection_cursor_and_diff_are_styles() {
    let mut a = app(b"http://h/%7e c", true, 100, 30);
    let t = mono();
    a.update(Command::FocusNext);
    a.update(Command::FocusNext);
    let b = draw(&a, &t);
    let screen = text(&b);
    // The selected components row (the path: the cursor is at the end) is reversed.
    let y = screen
        .lines()
        .position(|l| l.contains("path     present"))
        .unwrap() as u16;
    assert!(b[(1, y)].modifier.contains(Modifier::REVERSED), "{screen}");
    // Deleted octets reversed, inserted ones bold and underlined.
    let y = screen.lines().position(|l| l.contains("before ")).unwrap() as u16;
    let x0 = screen
        .lines()
        .nth(y as usize)
        .unwrap()
        .find("before")
        .unwrap() as u16
        + 7;
    assert!(b[(x0 + 9, y)].modifier.contains(Modifier::REVERSED));
    assert!(!b[(x0 + 2, y)].modifier.contains(Modifier::REVERSED));
    let ins = b[(x0 + 9, y + 1)].modifier;
    assert!(
        ins.contains(Modifier::BOLD | Modifier::UNDERLINED),
        "{ins:?}"
    );
}

#[test]
fn f1_legend_is_generated_from_the_theme() {
    for name in ["default", "light", "high-contrast", "mono"] {
        let t = Theme::for_terminal(Some(name), false).unwrap();
        let lines: Vec<String> = legend::lines(&t)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        let all = lines.join("\n");
        for (class, slot) in [
            (Class::Reserved, t.class_reserved),
            (Class::Unsafe, t.class_unsafe),
            (Class::Control, t.class_control),
        ] {
            let want = format!("({})", legend::describe(slot));
            let mark = Theme::class_mark(class);
            assert!(
                lines.iter().any(|l| l.contains(mark) && l.ends_with(&want)),
                "{name}: {class:?} {want}:\n{all}"
            );
        }
        assert!(all.contains("⚑") && all.contains("▶"), "{all}");
    }
    // The light theme's own colours appear in words.
    let light = Theme::for_terminal(Some("light"), false).unwrap();
    assert_eq!(legend::describe(light.class_safe), "colour 28");
    assert_eq!(legend::describe(light.class_unwise), "black on colour 223");
    assert_eq!(legend::describe(mono().class_control), "bold, reversed");
    // The legend is on the F1 screen, scrolled to its end.
    let mut a = app(b"http://h/", false, 100, 48);
    a.update(Command::Help);
    for _ in 0..20 {
        a.update(Command::PageDown);
    }
    let screen = text(&draw(&a, &Theme::default()));
    assert!(screen.contains("colours and symbols"), "{screen}");
    assert!(
        screen.contains("*C-1738"),
        "the last line is visible:\n{screen}"
    );
}

#[test]
fn the_legend_explains_the_star_of_a_chosen_classification() {
    let all: Vec<String> = legend::lines(&Theme::default())
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    assert!(
        all.iter()
            .any(|l| l.contains("C-2396*") && l.contains("chosen with c")),
        "{all:?}"
    );
}
