//! The command line's colour (`explain`, `parsers`): SGR parameter strings rendered from a
//! theme in the one theme format — `themes/text-output/spec.toml`, the semantic palette (docs/themes.md) as
//! written (the inspector's themes move its darkest shades for contrast; text output keeps
//! them, byte for byte). Only SGR parameters reach the terminal, never input text.

use std::fmt::Write as _;
use std::sync::LazyLock;

use ratatui::style::{Color, Modifier, Style};

use super::{Slot, Theme};

/// The text output's theme file, embedded.
pub const TEXT_THEME: &str = include_str!("../../themes/text-output/spec.toml");

/// The SGR parameters of every slot of the text theme, rendered once.
static CODES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let t = Theme::parse("text", "text (built in)", TEXT_THEME)
        .unwrap_or_else(|e| panic!("built-in text theme is broken: {e}"));
    Slot::ALL.iter().map(|&s| of(t.style(s))).collect()
});

fn code(slot: Slot) -> &'static str {
    &CODES[slot as usize]
}

/// A colour's SGR parameters as foreground (`base` 30) or background (`base` 40).
fn colour(out: &mut Vec<String>, c: Color, base: u8) {
    let ansi = |i: u8| (base + i).to_string();
    let bright = |i: u8| (base + 60 + i).to_string();
    out.push(match c {
        Color::Reset => ansi(9),
        Color::Black => ansi(0),
        Color::Red => ansi(1),
        Color::Green => ansi(2),
        Color::Yellow => ansi(3),
        Color::Blue => ansi(4),
        Color::Magenta => ansi(5),
        Color::Cyan => ansi(6),
        Color::Gray => ansi(7),
        Color::DarkGray => bright(0),
        Color::LightRed => bright(1),
        Color::LightGreen => bright(2),
        Color::LightYellow => bright(3),
        Color::LightBlue => bright(4),
        Color::LightMagenta => bright(5),
        Color::LightCyan => bright(6),
        Color::White => bright(7),
        Color::Indexed(i) => format!("{};5;{i}", base + 8),
        Color::Rgb(r, g, b) => format!("{};2;{r};{g};{b}", base + 8),
    });
}

/// The SGR parameters of `style` (empty for none), in one fixed order: bold, dim, italic,
/// underline, reverse, foreground, background, crossed out.
pub fn of(style: Style) -> String {
    let m = style.add_modifier;
    let mut out: Vec<String> = [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::REVERSED, "7"),
    ]
    .iter()
    .filter(|(bit, _)| m.contains(*bit))
    .map(|(_, p)| p.to_string())
    .collect();
    if let Some(fg) = style.fg {
        colour(&mut out, fg, 30);
    }
    if let Some(bg) = style.bg {
        colour(&mut out, bg, 40);
    }
    if m.contains(Modifier::CROSSED_OUT) {
        out.push("9".into());
    }
    let mut s = String::new();
    for (i, p) in out.iter().enumerate() {
        let _ = write!(s, "{}{p}", if i == 0 { "" } else { ";" });
    }
    s
}

pub fn heading() -> &'static str {
    code(Slot::Key)
}
pub fn dim() -> &'static str {
    code(Slot::Dim)
}
pub fn delimiter() -> &'static str {
    code(Slot::Delimiter)
}
/// Escape tokens (`\xHH`, `⟨U+XXXX⟩`) stand out from the text around them.
pub fn escape() -> &'static str {
    code(Slot::InvalidUtf8)
}
pub fn frame() -> &'static str {
    code(Slot::Frame)
}
pub fn warning() -> &'static str {
    code(Slot::StatusWarning)
}
pub fn error() -> &'static str {
    code(Slot::StatusError)
}
pub fn deleted() -> &'static str {
    code(Slot::DiffDeleted)
}
pub fn inserted() -> &'static str {
    code(Slot::DiffInserted)
}

/// Colour of a span kind (its name, as `urlscope tokens` writes it).
pub fn span(kind: &str) -> &'static str {
    code(match kind {
        "scheme" => Slot::Scheme,
        "user" => Slot::User,
        "password" => Slot::Password,
        "host" => Slot::Host,
        "areatag" => Slot::Areatag,
        "port" => Slot::Port,
        "ftn-domain" => Slot::FtnDomain,
        "path-segment" => Slot::Path,
        "segment-param" | "param" => Slot::Param,
        "query-key" => Slot::QueryKey,
        "query-value" => Slot::QueryValue,
        "fragment" => Slot::Fragment,
        "frame" => Slot::Frame,
        _ => Slot::Delimiter,
    })
}

/// Colour of a class (its name) in the character strip.
pub fn class(class: &str) -> &'static str {
    code(match class {
        "safe" | "mark" | "pct-encoded" => Slot::ClassSafe,
        "reserved" | "gen-delims" => Slot::ClassReserved,
        "unsafe-delim" | "unsafe-transport" | "unsafe" | "unsafe-space" | "excluded-delims"
        | "excluded-space" | "not-allowed" => Slot::ClassUnsafe,
        "unwise" => Slot::ClassUnwise,
        "control" | "excluded-control" | "no-graphic" | "c0-control-set-encoded" => {
            Slot::ClassControl
        }
        "non-ascii" | "unclassified" => Slot::ClassNonAscii,
        "invalid-percent" | "pct-encoded-broken" => Slot::ClassInvalidPercent,
        "hyphen" | "unmentioned" | "sub-delims" | "no-set-here" => Slot::ClassOther,
        // C-WHATWG: every other set the parser encodes by (the same grouping as Theme::class).
        c if c.ends_with("-set-encoded") => Slot::ClassUnsafe,
        _ => Slot::ClassAlnum,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text output's bytes before its colours came from the theme file (the hand-written
    /// SGR table they replace): every code is unchanged.
    #[test]
    fn the_text_theme_renders_the_codes_text_output_always_had() {
        let fixed = [
            (heading(), "1"),
            (dim(), "2"),
            (delimiter(), "1;97"),
            (escape(), "1;95"),
            (frame(), "2;90"),
            (warning(), "33"),
            (error(), "31"),
            (deleted(), "31;9"),
            (inserted(), "1;32"),
        ];
        for (got, want) in fixed {
            assert_eq!(got, want);
        }
        let spans = [
            ("scheme", "35"),
            ("user", "33"),
            ("password", "33"),
            ("host", "32"),
            ("areatag", "32"),
            ("port", "36"),
            ("ftn-domain", "36"),
            ("path-segment", "34"),
            ("segment-param", "94"),
            ("param", "94"),
            ("query-key", "93"),
            ("query-value", "33"),
            ("fragment", "37"),
            ("frame", "2;90"),
            ("delimiter", "1;97"),
            ("other-delimiter", "1;97"),
        ];
        for (kind, want) in spans {
            assert_eq!(span(kind), want, "{kind}");
        }
        let classes = [
            ("alnum", ""),
            ("plain", ""),
            ("safe", "32"),
            ("mark", "32"),
            ("reserved", "33"),
            ("unsafe-delim", "31"),
            ("unsafe-transport", "31"),
            ("unsafe", "31"),
            ("unsafe-space", "31"),
            ("excluded-delims", "31"),
            ("excluded-space", "31"),
            ("unwise", "91"),
            ("control", "7;31"),
            ("excluded-control", "7;31"),
            ("no-graphic", "7;31"),
            ("non-ascii", "35"),
            ("unclassified", "35"),
            ("invalid-percent", "97;41"),
            ("hyphen", "36"),
            ("unmentioned", "36"),
        ];
        for (c, want) in classes {
            assert_eq!(class(c), want, "{c}");
        }
    }

    #[test]
    fn sgr_of_every_colour_form() {
        assert_eq!(of(Style::new()), "");
        assert_eq!(of(Style::new().fg(Color::Indexed(208))), "38;5;208");
        assert_eq!(
            of(Style::new().fg(Color::Rgb(1, 2, 3)).bg(Color::Black)),
            "38;2;1;2;3;40"
        );
        assert_eq!(
            of(Style::new()
                .bg(Color::LightCyan)
                .add_modifier(Modifier::UNDERLINED | Modifier::ITALIC)),
            "3;4;106"
        );
    }
}
