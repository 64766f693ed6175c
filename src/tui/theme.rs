//! Resolved styles the view uses (SPEC §7.3), taken from a `themes/*.toml` file loaded by
//! `crate::theme`. Meaning never rests on colour alone (triplets are underlined, deletions
//! struck through, markers are words).

use ratatui::style::Style;

use crate::theme::{Slot, Theme as FileTheme};
use crate::url::{Class, SpanKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub scheme: Style,
    pub userinfo: Style,
    pub password: Style,
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
    pub class_alnum: Style,
    pub class_safe: Style,
    pub class_reserved: Style,
    pub class_unsafe: Style,
    pub class_unwise: Style,
    pub class_control: Style,
    pub class_non_ascii: Style,
    pub class_invalid: Style,
    /// C-Fido's `hyphen` and `unmentioned`.
    pub class_other: Style,
    /// Added to triplets.
    pub triplet: Style,
    /// `\xHH` for octets that are not UTF-8, and other visible stand-ins.
    pub escaped: Style,
    pub deleted: Style,
    pub inserted: Style,
    pub label: Style,
    pub focus: Style,
    pub border: Style,
    pub border_focused: Style,
    pub selected: Style,
    /// The character strip's cursor.
    pub cursor: Style,
    pub dim: Style,
    pub warning: Style,
    pub error: Style,
}

impl Default for Theme {
    /// The built-in `themes/default.toml`.
    fn default() -> Theme {
        Theme::from_file(&FileTheme::default_theme())
    }
}

impl Theme {
    /// Resolve a loaded theme file (`crate::theme`) into the styles the panes use.
    pub fn from_file(t: &FileTheme) -> Theme {
        let s = |slot: Slot| t.style(slot);
        Theme {
            scheme: s(Slot::Scheme),
            userinfo: s(Slot::User),
            password: s(Slot::Password),
            host: s(Slot::Host),
            port: s(Slot::Port),
            path: s(Slot::Path),
            param: s(Slot::Param),
            query_key: s(Slot::QueryKey),
            query_value: s(Slot::QueryValue),
            fragment: s(Slot::Fragment),
            areatag: s(Slot::Areatag),
            ftn_domain: s(Slot::FtnDomain),
            delimiter: s(Slot::Delimiter),
            frame: s(Slot::Frame),
            class_alnum: s(Slot::ClassAlnum),
            class_safe: s(Slot::ClassSafe),
            class_reserved: s(Slot::ClassReserved),
            class_unsafe: s(Slot::ClassUnsafe),
            class_unwise: s(Slot::ClassUnwise),
            class_control: s(Slot::ClassControl),
            class_non_ascii: s(Slot::ClassNonAscii),
            class_invalid: s(Slot::ClassInvalidPercent),
            class_other: s(Slot::ClassOther),
            triplet: s(Slot::Triplet),
            escaped: s(Slot::InvalidUtf8),
            deleted: s(Slot::DiffDeleted),
            inserted: s(Slot::DiffInserted),
            label: s(Slot::Key),
            focus: s(Slot::ProfileActive),
            border: s(Slot::Border),
            border_focused: s(Slot::BorderFocused),
            selected: s(Slot::Selected),
            cursor: s(Slot::Cursor),
            dim: s(Slot::Dim),
            warning: s(Slot::StatusWarning),
            error: s(Slot::StatusError),
        }
    }

    /// `--theme NAME|PATH`, with `NO_COLOR` / `--color never` selecting `mono`.
    pub fn load(spec: Option<&str>, no_color: bool) -> Result<Theme, String> {
        let spec = if no_color {
            "mono"
        } else {
            spec.unwrap_or("default")
        };
        FileTheme::load(spec)
            .map(|t| Theme::from_file(&t))
            .map_err(|e| e.to_string())
    }

    /// The style of a span kind in the input line and the components pane.
    pub fn span(&self, kind: SpanKind) -> Style {
        use SpanKind::*;
        match kind {
            Scheme => self.scheme,
            User => self.userinfo,
            Password => self.password,
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
            Alnum | Plain => self.class_alnum,
            Safe | Mark => self.class_safe,
            Reserved => self.class_reserved,
            Unmentioned | Hyphen => self.class_other,
            UnsafeDelim | UnsafeTransport | Unsafe | UnsafeSpace | ExcludedDelims
            | ExcludedSpace => self.class_unsafe,
            Unwise => self.class_unwise,
            Control | ExcludedControl | NoGraphic => self.class_control,
            NonAscii | Unclassified => self.class_non_ascii,
            InvalidPercent => self.class_invalid,
        }
    }

    /// The mark the strip puts after a unit when colours cannot show its class (NO_COLOR or
    /// the mono theme): one per style of [`Theme::class`], so the grouping stays the same.
    pub fn class_mark(class: Class) -> &'static str {
        use Class::*;
        match class {
            Alnum | Plain => "",
            Safe | Mark => "ˢ",
            Reserved => "ʳ",
            Unmentioned | Hyphen => "ᵒ",
            UnsafeDelim | UnsafeTransport | Unsafe | UnsafeSpace | ExcludedDelims
            | ExcludedSpace => "ᵘ",
            Unwise => "ʷ",
            Control | ExcludedControl | NoGraphic => "ᶜ",
            NonAscii | Unclassified => "ⁿ",
            InvalidPercent => "ⁱ",
        }
    }
}
