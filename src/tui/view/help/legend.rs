//! The colour legend at the end of the key list (F1): what each colour, style and symbol means,
//! as lines styled with the theme in use and described in words from that theme's own styles, so
//! it stays true for every theme (and says what shows a meaning when there is no colour). The
//! key list's view draws them; its scroll limit counts them.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::theme::Theme;
use urlscope_core::Class;

/// One sample: what is drawn, its style, what it means.
struct Entry {
    sample: &'static str,
    style: Style,
    meaning: &'static str,
}

/// The legend's lines (a heading, then one line per meaning).
pub fn lines(theme: &Theme) -> Vec<Line<'static>> {
    let classes: [(Class, &'static str, &'static str); 15] = [
        (
            Class::Alnum,
            "a",
            "alnum / plain: letters and digits, never encoded",
        ),
        (
            Class::Safe,
            "-",
            "safe / mark: allowed unencoded (C-1738 safe, C-2396 mark)",
        ),
        (
            Class::Reserved,
            ";",
            "reserved: a delimiter; encode it when it is data",
        ),
        (Class::Unsafe, "<", "unsafe / excluded: must be encoded"),
        (
            Class::Unwise,
            "{",
            "unwise (C-2396): gateways may change it; encode it",
        ),
        (
            Class::Control,
            "␁",
            "control: a control octet, shown as a symbol",
        ),
        (
            Class::NonAscii,
            "é",
            "non-ASCII / unclassified: octets 80–FF",
        ),
        (
            Class::InvalidPercent,
            "%",
            "invalid percent: a '%' without two hex digits",
        ),
        (Class::Hyphen, "-", "other (C-Fido): hyphen, unmentioned"),
        // Today's classes share the slots above; each named with its section.
        (
            Class::Unreserved,
            "~",
            "C-3986 unreserved (RFC 3986 §2.3); C-WHATWG *-kept: not encoded there",
        ),
        (
            Class::GenDelim,
            "/",
            "C-3986 gen-delims (RFC 3986 §2.2): delimit components",
        ),
        (
            Class::SubDelim,
            "&",
            "C-3986 sub-delims (§2.2); C-WHATWG no-set-here (URL Standard §1.3)",
        ),
        (
            Class::PctEncoded,
            "%41",
            "C-3986 / C-WHATWG pct-encoded: a valid %XX (RFC 3986 §2.1)",
        ),
        (
            Class::NotAllowed,
            "<",
            "C-3986 not-allowed (§2); C-WHATWG *-set-encoded (§1.3): the parser encodes it",
        ),
        (
            Class::PctEncodedBroken,
            "%",
            "C-3986 / C-WHATWG pct-encoded-broken: a '%' without two hex digits (§2.4)",
        ),
    ];
    let mut out = vec![
        Line::raw(""),
        Line::styled(
            "colours and symbols (this theme; without colour the strip marks each class)",
            theme.label,
        ),
        Line::styled("  characters pane, by class:", theme.dim),
    ];
    for (class, sample, meaning) in classes {
        let mark = Theme::class_mark(class);
        out.push(line(
            &Entry {
                sample,
                style: theme.class(class),
                meaning,
            },
            mark,
        ));
    }
    out.push(Line::styled("  everywhere:", theme.dim));
    let others = [
        Entry {
            sample: "%7e",
            style: theme.class_alnum.patch(theme.triplet),
            meaning: "a %XX triplet (underlined in every theme)",
        },
        Entry {
            sample: "x",
            style: theme.class_alnum.patch(theme.cursor),
            meaning: "the character cursor",
        },
        Entry {
            sample: "row",
            style: theme.selected,
            meaning: "the selected row (Y copies it)",
        },
        Entry {
            sample: "%7e",
            style: theme.deleted,
            meaning: "removed by the profile (before)",
        },
        Entry {
            sample: "%7E",
            style: theme.inserted,
            meaning: "inserted by the profile (after)",
        },
        Entry {
            sample: "host",
            style: theme.host,
            meaning: "a component's colour in the URL line; the components pane names each",
        },
        Entry {
            sample: "<URL:",
            style: theme.frame,
            meaning: "the frame around a URL (not part of it)",
        },
        Entry {
            sample: "W-…",
            style: theme.warning,
            meaning: "a warning or hint",
        },
        Entry {
            sample: "E-…",
            style: theme.error,
            meaning: "an error",
        },
    ];
    for e in &others {
        out.push(line(e, ""));
    }
    out.push(Line::styled("  symbols:", theme.dim));
    for (sym, meaning) in [
        ("▶", "the pane with focus (its title is also reversed)"),
        ("⇒", "the value decoded once (percent-decoding)"),
        (
            "⚑",
            "a tracking parameter in the query table (x strips them)",
        ),
        (
            "␠ ␀ ␡",
            "space and control octets, shown as visible symbols",
        ),
        (
            "⟨U+202E⟩",
            "an invisible or bidi character, shown by its code point",
        ),
        ("\\xHH", "an octet that is not part of UTF-8 text"),
        (
            "*C-1738",
            "detail pane: the classification the hints and this pane use",
        ),
        (
            "C-2396*",
            "profile bar: a classification chosen with c instead of the profile's own",
        ),
    ] {
        out.push(Line::from(vec![
            Span::raw("  "),
            Span::raw(format!("{sym:<10}")),
            Span::raw(meaning),
        ]));
    }
    out
}

fn line(e: &Entry, mark: &'static str) -> Line<'static> {
    let pad = 8usize.saturating_sub(e.sample.chars().count() + mark.chars().count());
    Line::from(vec![
        Span::raw("  "),
        Span::styled(e.sample, e.style),
        Span::raw(mark),
        Span::raw(" ".repeat(pad)),
        Span::raw(format!("{}  ({})", e.meaning, describe(e.style))),
    ])
}

/// A style in words: "yellow", "black on cyan, bold", "reversed", "terminal default".
pub fn describe(s: Style) -> String {
    let mut parts = Vec::new();
    match (s.fg, s.bg) {
        (Some(f), Some(b)) => parts.push(format!("{} on {}", colour(f), colour(b))),
        (Some(f), None) => parts.push(colour(f)),
        (None, Some(b)) => parts.push(format!("on {}", colour(b))),
        (None, None) => {}
    }
    for (m, word) in [
        (Modifier::BOLD, "bold"),
        (Modifier::DIM, "dim"),
        (Modifier::ITALIC, "italic"),
        (Modifier::UNDERLINED, "underlined"),
        (Modifier::REVERSED, "reversed"),
        (Modifier::CROSSED_OUT, "struck through"),
    ] {
        if s.add_modifier.contains(m) {
            parts.push(word.to_string());
        }
    }
    if parts.is_empty() {
        "terminal default".into()
    } else {
        parts.join(", ")
    }
}

/// A colour as theme files spell it.
fn colour(c: Color) -> String {
    match c {
        Color::Reset => "default".into(),
        Color::Black => "black".into(),
        Color::Red => "red".into(),
        Color::Green => "green".into(),
        Color::Yellow => "yellow".into(),
        Color::Blue => "blue".into(),
        Color::Magenta => "magenta".into(),
        Color::Cyan => "cyan".into(),
        Color::Gray => "gray".into(),
        Color::DarkGray => "dark-gray".into(),
        Color::LightRed => "light-red".into(),
        Color::LightGreen => "light-green".into(),
        Color::LightYellow => "light-yellow".into(),
        Color::LightBlue => "light-blue".into(),
        Color::LightMagenta => "light-magenta".into(),
        Color::LightCyan => "light-cyan".into(),
        Color::White => "white".into(),
        Color::Indexed(i) => format!("colour {i}"),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
    }
}
