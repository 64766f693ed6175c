//! The one theme module: the styles both front ends draw with, one per [`Slot`] a theme file can
//! set (`themes/*.toml`, embedded; the user's own in their config directory).
//! [`file`](mod@file) reads the format; [`lookup`] maps span kinds and character classes to
//! slots; [`sgr`] is the command line's colour. Meaning never rests on colour alone (triplets are
//! underlined, deletions struck through, markers are words).

pub mod file;
pub mod lookup;
pub mod sgr;

use ratatui::style::Style;

pub use file::{ThemeError, parse_color, user_theme_dir};

/// The theme files shipped in the binary, in the order the theme key cycles through them.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../themes/mono.toml")),
];

/// The terminal background a theme is made for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Background {
    #[default]
    Dark,
    Light,
}

macro_rules! slots {
    ($($(#[$doc:meta])* $variant:ident $field:ident => $section:literal . $key:literal),* $(,)?) => {
        /// Every style a theme file can set; each is drawn (`tests/meta/theme_access.rs` checks
        /// their contrast).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Slot { $($variant),* }

        impl Slot {
            pub const ALL: &'static [Slot] = &[$(Slot::$variant),*];
            /// `(section, key)` in a theme file.
            pub fn key(self) -> (&'static str, &'static str) {
                match self { $(Slot::$variant => ($section, $key)),* }
            }
            /// The [`Theme`] field that holds the slot's style.
            pub fn field(self) -> &'static str {
                match self { $(Slot::$variant => stringify!($field)),* }
            }
        }

        /// A resolved theme: its name, the background it is made for, one style per slot.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Theme {
            pub name: String,
            pub background: Background,
            $($(#[$doc])* pub $field: Style,)*
        }

        impl Theme {
            /// Every slot unstyled (what a theme file is applied on).
            fn blank(name: &str) -> Theme {
                Theme {
                    name: name.to_string(),
                    background: Background::Dark,
                    $($field: Style::new(),)*
                }
            }

            pub fn style(&self, slot: Slot) -> Style {
                match slot { $(Slot::$variant => self.$field),* }
            }

            fn style_mut(&mut self, slot: Slot) -> &mut Style {
                match slot { $(Slot::$variant => &mut self.$field),* }
            }
        }
    };
}

slots! {
    Scheme scheme => "component"."scheme",
    User userinfo => "component"."user",
    Password password => "component"."password",
    Host host => "component"."host",
    Port port => "component"."port",
    Path path => "component"."path",
    Param param => "component"."param",
    QueryKey query_key => "component"."query-key",
    QueryValue query_value => "component"."query-value",
    Fragment fragment => "component"."fragment",
    Areatag areatag => "component"."areatag",
    FtnDomain ftn_domain => "component"."ftn-domain",
    Delimiter delimiter => "component"."delimiter",
    Frame frame => "component"."frame",
    ClassAlnum class_alnum => "class"."alnum",
    ClassSafe class_safe => "class"."safe",
    ClassReserved class_reserved => "class"."reserved",
    ClassUnsafe class_unsafe => "class"."unsafe",
    ClassUnwise class_unwise => "class"."unwise",
    ClassControl class_control => "class"."control",
    ClassNonAscii class_non_ascii => "class"."non-ascii",
    ClassInvalidPercent class_invalid => "class"."invalid-percent",
    /// C-Fido's `hyphen` and `unmentioned`.
    ClassOther class_other => "class"."other",
    /// Added to triplets.
    Triplet triplet => "class"."triplet",
    DiffDeleted deleted => "diff"."deleted",
    DiffInserted inserted => "diff"."inserted",
    /// Added to the units the compare and resolve views mark as different.
    DiffHighlight highlight => "diff"."highlight",
    Dim dim => "ui"."dim",
    Border border => "ui"."border",
    BorderFocused border_focused => "ui"."border-focused",
    Selected selected => "ui"."selected",
    /// The character strip's cursor.
    Cursor cursor => "ui"."cursor",
    /// `\xHH` for octets that are not UTF-8, and other visible stand-ins.
    InvalidUtf8 escaped => "ui"."invalid-utf8",
    /// The active profile, the focused pane's title, key names.
    ProfileActive focus => "ui"."profile-active",
    StatusWarning warning => "ui"."status-warning",
    StatusError error => "ui"."status-error",
    /// Labels and headings.
    Key label => "ui"."key",
}

impl Theme {
    /// Whether the theme draws without colours (every slot in the terminal's own foreground
    /// and background): what colour would tell is then marked otherwise.
    pub fn is_colourless(&self) -> bool {
        Slot::ALL.iter().all(|&slot| {
            let style = self.style(slot);
            [style.fg, style.bg]
                .iter()
                .all(|c| matches!(c, None | Some(ratatui::style::Color::Reset)))
        })
    }
}

impl Default for Theme {
    /// The built-in `themes/default.toml`.
    fn default() -> Theme {
        Theme::default_theme()
    }
}

impl Theme {
    /// The inspector's theme: `--theme NAME|PATH` (default `default`), with `NO_COLOR` /
    /// `--color never` selecting `mono`. Errors are one line for the shell to print.
    pub fn for_terminal(spec: Option<&str>, no_color: bool) -> Result<Theme, String> {
        let spec = if no_color {
            "mono"
        } else {
            spec.unwrap_or("default")
        };
        Theme::load(spec).map_err(|e| e.to_string())
    }
}
