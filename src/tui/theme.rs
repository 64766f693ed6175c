//! Resolved styles the view uses (SPEC §7.3). Issue 5 loads these from `themes/*.toml`; the
//! default here uses the 16 ANSI colours only, and meaning never rests on colour alone
//! (triplets are underlined, deletions struck through, markers are words).

use ratatui::style::{Color, Modifier, Style};

use crate::url::{Class, SpanKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub scheme: Style,
    pub userinfo: Style,
    pub host: Style,
    pub port: Style,
    pub path: Style,
    pub param: Style,
    pub query_key: Style,
    pub query_value: Style,
    pub fragment: Style,
    pub areatag: Style,
    pub ftn_domain: Style,
    pub delimiter: Style,
    pub frame: Style,
    pub class_safe: Style,
    pub class_reserved: Style,
    pub class_unsafe: Style,
    pub class_unwise: Style,
    pub class_control: Style,
    pub class_non_ascii: Style,
    pub class_invalid: Style,
    /// Added to triplets.
    pub triplet: Style,
    /// `\xHH` for octets that are not UTF-8, and other visible stand-ins.
    pub escaped: Style,
    pub deleted: Style,
    pub inserted: Style,
    pub label: Style,
    pub focus: Style,
    pub selected: Style,
    pub dim: Style,
    pub warning: Style,
    pub error: Style,
}

impl Default for Theme {
    fn default() -> Theme {
        let fg = |c: Color| Style::new().fg(c);
        Theme {
            scheme: fg(Color::Magenta),
            userinfo: fg(Color::Yellow),
            host: fg(Color::Green),
            port: fg(Color::Cyan),
            path: fg(Color::Blue),
            param: fg(Color::LightBlue),
            query_key: fg(Color::LightYellow),
            query_value: fg(Color::Yellow),
            fragment: fg(Color::Gray),
            areatag: fg(Color::Green),
            ftn_domain: fg(Color::Cyan),
            delimiter: fg(Color::White).add_modifier(Modifier::BOLD),
            frame: fg(Color::DarkGray).add_modifier(Modifier::DIM),
            class_safe: fg(Color::Green),
            class_reserved: fg(Color::Yellow),
            class_unsafe: fg(Color::Red),
            // The 16-colour palette has no orange: light red, and bold to tell it apart.
            class_unwise: fg(Color::LightRed).add_modifier(Modifier::BOLD),
            class_control: fg(Color::Red).add_modifier(Modifier::REVERSED),
            class_non_ascii: fg(Color::Magenta),
            class_invalid: Style::new().bg(Color::Red).fg(Color::White),
            triplet: Style::new().add_modifier(Modifier::UNDERLINED),
            escaped: Style::new().add_modifier(Modifier::DIM),
            deleted: fg(Color::Red).add_modifier(Modifier::CROSSED_OUT),
            inserted: fg(Color::Green).add_modifier(Modifier::BOLD),
            label: fg(Color::Cyan),
            focus: fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            dim: Style::new().add_modifier(Modifier::DIM),
            warning: fg(Color::Yellow),
            error: fg(Color::Red).add_modifier(Modifier::BOLD),
        }
    }
}

impl Theme {
    /// The style of a span kind in the input line and the components pane.
    pub fn span(&self, kind: SpanKind) -> Style {
        use SpanKind::*;
        match kind {
            Scheme => self.scheme,
            User | Password => self.userinfo,
            Host => self.host,
            Port => self.port,
            PathSegment => self.path,
            SegmentParam | Param => self.param,
            QueryKey => self.query_key,
            QueryValue => self.query_value,
            Fragment => self.fragment,
            Areatag => self.areatag,
            FtnDomain => self.ftn_domain,
            Frame => self.frame,
            _ => self.delimiter,
        }
    }

    /// The style of a character class in the strip.
    pub fn class(&self, class: Class) -> Style {
        use Class::*;
        match class {
            Alnum | Plain => Style::new(),
            Safe | Mark => self.class_safe,
            Reserved | Unmentioned | Hyphen => self.class_reserved,
            UnsafeDelim | UnsafeTransport | Unsafe | UnsafeSpace | ExcludedDelims
            | ExcludedSpace => self.class_unsafe,
            Unwise => self.class_unwise,
            Control | ExcludedControl | NoGraphic => self.class_control,
            NonAscii | Unclassified => self.class_non_ascii,
            InvalidPercent => self.class_invalid,
        }
    }
}
