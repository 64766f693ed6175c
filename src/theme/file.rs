//! The theme file format: `themes/*.toml` (embedded in the binary) and the user's own files.
//!
//! A file has optional `name`/`description`, an optional `background` (`"dark"` or `"light"`: the
//! terminal background it is made for, which the contrast test assumes), an optional `[palette]`
//! of named colours, and four
//! sections of styles (`[component]`, `[class]`, `[diff]`, `[ui]`). A style is an inline table
//! `{ fg = "green", bg = "#202020", bold = true, underline = true }`. A slot a file leaves out
//! takes the default theme's style. Unknown keys and bad colours are errors naming the file, the
//! line and the key.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;
use toml::Spanned;

use super::{BUILT_IN, Background, Slot, Theme};

/// A theme file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeError {
    pub file: String,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "theme {}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ", key {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ThemeError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    #[allow(dead_code)]
    name: Option<String>,
    #[allow(dead_code)]
    description: Option<String>,
    background: Option<Spanned<String>>,
    #[serde(default)]
    palette: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    component: BTreeMap<Spanned<String>, StyleSpec>,
    #[serde(default)]
    class: BTreeMap<Spanned<String>, StyleSpec>,
    #[serde(default)]
    diff: BTreeMap<Spanned<String>, StyleSpec>,
    #[serde(default)]
    ui: BTreeMap<Spanned<String>, StyleSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct StyleSpec {
    fg: Option<Spanned<String>>,
    bg: Option<Spanned<String>>,
    bold: Option<bool>,
    dim: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    reverse: Option<bool>,
    crossed_out: Option<bool>,
}

pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// Parse a named colour (`light-red`, `dark_gray`, `grey`, …), `#rrggbb`, or a 0–255 palette
/// index, by ratatui's own parser; `default` is accepted for `reset`. Never panics.
pub fn parse_color(s: &str) -> Option<Color> {
    if s.eq_ignore_ascii_case("default") {
        return Some(Color::Reset);
    }
    Color::from_str(s).ok()
}

/// `$XDG_CONFIG_HOME/urlscope/themes`, or `~/.config/urlscope/themes`.
pub fn user_theme_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("urlscope").join("themes"))
}

/// Apply a file's styles; returns its `background`, if it names one.
pub(super) fn apply(
    theme: &mut Theme,
    file: &str,
    text: &str,
) -> Result<Option<Background>, ThemeError> {
    let err = |offset: Option<usize>, key: Option<String>, message: String| ThemeError {
        file: file.to_string(),
        line: offset.map(|o| line_of(text, o)),
        key,
        message,
    };
    let parsed: ThemeFile = toml::from_str(text).map_err(|e| {
        let message = e.message().trim().to_string();
        // serde names the unknown field in its message; pull it out for the key position.
        let key = message
            .split('`')
            .nth(1)
            .filter(|_| message.starts_with("unknown field"))
            .map(str::to_string);
        err(e.span().map(|s| s.start), key, message)
    })?;
    let background = match &parsed.background {
        None => None,
        Some(b) => Some(match b.get_ref().as_str() {
            "dark" => Background::Dark,
            "light" => Background::Light,
            other => {
                return Err(err(
                    Some(b.span().start),
                    Some("background".into()),
                    format!("expected \"dark\" or \"light\", not {other:?}"),
                ));
            }
        }),
    };
    let mut palette: BTreeMap<String, Color> = BTreeMap::new();
    for (name, value) in &parsed.palette {
        let color = parse_color(value.get_ref()).ok_or_else(|| {
            err(
                Some(value.span().start),
                Some(format!("palette.{}", name.get_ref())),
                format!("bad colour {:?}", value.get_ref()),
            )
        })?;
        palette.insert(name.get_ref().clone(), color);
    }
    for (section, table) in [
        ("component", &parsed.component),
        ("class", &parsed.class),
        ("diff", &parsed.diff),
        ("ui", &parsed.ui),
    ] {
        for (key, spec) in table {
            let full = format!("{section}.{}", key.get_ref());
            let slot = Slot::ALL
                .iter()
                .find(|s| s.key() == (section, key.get_ref().as_str()))
                .ok_or_else(|| {
                    let known: Vec<&str> = Slot::ALL
                        .iter()
                        .filter(|s| s.key().0 == section)
                        .map(|s| s.key().1)
                        .collect();
                    err(
                        Some(key.span().start),
                        Some(full.clone()),
                        format!("unknown key; expected one of {}", known.join(", ")),
                    )
                })?;
            let color =
                |c: &Option<Spanned<String>>, which: &str| -> Result<Option<Color>, ThemeError> {
                    let Some(c) = c else { return Ok(None) };
                    palette
                        .get(c.get_ref())
                        .copied()
                        .or_else(|| parse_color(c.get_ref()))
                        .map(Some)
                        .ok_or_else(|| {
                            err(
                                Some(c.span().start),
                                Some(format!("{full}.{which}")),
                                format!("bad colour {:?}", c.get_ref()),
                            )
                        })
                };
            let mut style = Style::default();
            if let Some(fg) = color(&spec.fg, "fg")? {
                style = style.fg(fg);
            }
            if let Some(bg) = color(&spec.bg, "bg")? {
                style = style.bg(bg);
            }
            for (on, m) in [
                (spec.bold, Modifier::BOLD),
                (spec.dim, Modifier::DIM),
                (spec.italic, Modifier::ITALIC),
                (spec.underline, Modifier::UNDERLINED),
                (spec.reverse, Modifier::REVERSED),
                (spec.crossed_out, Modifier::CROSSED_OUT),
            ] {
                if on == Some(true) {
                    style = style.add_modifier(m);
                }
            }
            *theme.style_mut(*slot) = style;
        }
    }
    Ok(background)
}

impl Theme {
    /// The built-in default theme (cannot fail: its file is checked by the tests).
    pub fn default_theme() -> Theme {
        let (name, text) = BUILT_IN[0];
        let mut theme = Theme::blank(name);
        let background = apply(&mut theme, name, text)
            .unwrap_or_else(|e| panic!("built-in default theme is broken: {e}"));
        theme.background = background.unwrap_or_default();
        theme
    }

    /// Parse `text` (from `file`, for messages) on top of the default theme.
    pub fn parse(name: &str, file: &str, text: &str) -> Result<Theme, ThemeError> {
        let mut theme = Theme::default_theme();
        theme.background = apply(&mut theme, file, text)?.unwrap_or_default();
        theme.name = name.to_string();
        Ok(theme)
    }

    /// Resolve `--theme NAME|PATH`: a path (contains `/` or ends in `.toml`) is read; a name is
    /// looked up in the user's theme directory first, then among the built-in themes.
    pub fn load(spec: &str) -> Result<Theme, ThemeError> {
        if spec.contains('/') || spec.ends_with(".toml") {
            let path = PathBuf::from(spec);
            let name = path
                .file_stem()
                .map_or(spec.to_string(), |s| s.to_string_lossy().into_owned());
            return Theme::from_path(&name, &path);
        }
        if let Some(dir) = user_theme_dir() {
            let path = dir.join(format!("{spec}.toml"));
            if path.is_file() {
                return Theme::from_path(spec, &path);
            }
        }
        match BUILT_IN.iter().find(|(n, _)| *n == spec) {
            Some((name, text)) => Theme::parse(name, &format!("{name} (built in)"), text),
            None => Err(ThemeError {
                file: spec.to_string(),
                line: None,
                key: None,
                message: format!(
                    "no such theme; built in: {}",
                    BUILT_IN
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        }
    }

    fn from_path(name: &str, path: &std::path::Path) -> Result<Theme, ThemeError> {
        let file = path.display().to_string();
        let text = read_user_file(path, MAX_THEME_FILE)
            .and_then(|b| String::from_utf8(b).map_err(|_| "it is not UTF-8 text".to_string()))
            .map_err(|e| ThemeError {
                file: file.clone(),
                line: None,
                key: None,
                message: format!("cannot read it ({e})"),
            })?;
        Theme::parse(name, &file, &text)
    }

    /// The names the theme key cycles through: the built-in ones, then the user's own.
    pub fn names() -> Vec<String> {
        let mut names: Vec<String> = BUILT_IN.iter().map(|(n, _)| n.to_string()).collect();
        if let Some(dir) = user_theme_dir()
            && let Ok(entries) = std::fs::read_dir(dir)
        {
            let mut own: Vec<String> = entries
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    e.path()
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                })
                .filter(|n| !names.contains(n))
                .collect();
            own.sort();
            names.extend(own);
        }
        names
    }
}

/// The largest theme file read (a theme is a few dozen lines).
pub const MAX_THEME_FILE: u64 = 1 << 20;

/// Read a file the user named (a theme, a host-alias list): a regular file of at most `limit`
/// octets, so `/dev/zero`, a FIFO or a huge file give a message instead of a hang. The error
/// says why, in words (the caller names the file).
pub fn read_user_file(path: &std::path::Path, limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    let mut buf = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut buf))
        .map_err(|e| e.to_string())?;
    if buf.len() as u64 > limit {
        return Err(format!("larger than {} KiB", limit >> 10));
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_parses_and_sets_every_slot() {
        for (name, text) in BUILT_IN {
            let parsed: ThemeFile = toml::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let count =
                parsed.component.len() + parsed.class.len() + parsed.diff.len() + parsed.ui.len();
            assert_eq!(
                count,
                Slot::ALL.len(),
                "{name} must set every slot explicitly"
            );
            Theme::parse(name, name, text).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn mono_uses_no_colour_and_default_only_the_16_ansi_colours() {
        let mono = Theme::load("mono").unwrap();
        for &slot in Slot::ALL {
            let s = mono.style(slot);
            assert!(
                s.fg.is_none() && s.bg.is_none(),
                "mono {slot:?} has a colour"
            );
            let allowed = Modifier::BOLD | Modifier::UNDERLINED | Modifier::REVERSED;
            assert!(
                allowed.contains(s.add_modifier),
                "mono {slot:?} uses {:?}",
                s.add_modifier
            );
        }
        let def = Theme::default_theme();
        for &slot in Slot::ALL {
            for c in [def.style(slot).fg, def.style(slot).bg]
                .into_iter()
                .flatten()
            {
                assert!(
                    !matches!(c, Color::Rgb(..) | Color::Indexed(_)),
                    "default {slot:?} uses {c:?}"
                );
            }
        }
    }

    #[test]
    fn errors_name_file_line_and_key() {
        let e = Theme::parse(
            "t",
            "t.toml",
            "[component]\nhost = { fg = \"green\" }\nhots = { fg = \"red\" }\n",
        )
        .unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.line, e.key.as_deref()),
            ("t.toml", Some(3), Some("component.hots"))
        );
        let e = Theme::parse("t", "t.toml", "[ui]\n\ndim = { fg = \"grean\" }\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(3), Some("ui.dim.fg")));
        assert!(e.to_string().contains("bad colour \"grean\""), "{e}");
        let e = Theme::parse(
            "t",
            "t.toml",
            "[ui]\ndim = { fg = \"red\", blink = true }\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("blink")));
        let e = Theme::parse("t", "t.toml", "colour = 1\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (Some(1), Some("colour")));
    }

    #[test]
    fn palette_names_and_partial_files_fall_back_to_default() {
        let t = Theme::parse("t", "t", "[palette]\naccent = \"#ff8000\"\n[component]\nhost = { fg = \"accent\", bold = true }\n").unwrap();
        assert_eq!(
            t.style(Slot::Host),
            Style::default()
                .fg(Color::Rgb(255, 128, 0))
                .add_modifier(Modifier::BOLD)
        );
        assert_eq!(
            t.style(Slot::Scheme),
            Theme::default_theme().style(Slot::Scheme)
        );
    }

    #[test]
    fn colour_parsing_never_panics() {
        for s in [
            "", "#", "#12345", "#1234567", "#gggggg", "256", "-1", "ÿ", "#ééé",
        ] {
            assert_eq!(parse_color(s), None, "{s:?}");
        }
        assert_eq!(parse_color("#00ff80"), Some(Color::Rgb(0, 255, 128)));
        assert_eq!(parse_color("Light_Blue"), Some(Color::LightBlue));
        assert_eq!(parse_color("208"), Some(Color::Indexed(208)));
    }
}
