//! The config file (docs/config.md): where it is, reading it once, and the effective settings
//! with where each came from. [`settings::SETTINGS`] is the one table of settings and their
//! defaults; [`file`](mod@file) reads the TOML. A bad file never stops the program from
//! starting: [`load`] returns the defaults with the error, and each front end decides how to
//! say it (a subcommand exits 2, the inspector shows it on its status line).
//!
//! The `[keys]` tables are kept as written: only the inspector's keymap knows the command and
//! key names, and checks them.

pub mod file;
pub mod settings;

use std::collections::BTreeMap;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use toml::Spanned;

use file::MAX_SIZE;
pub use file::{ConfigError, KeyList, KeysSection, ScopeKeys};
use settings::setting;
use urlscope_core::{PdfState, Profile};

/// When to use colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Color {
    #[default]
    Auto,
    Always,
    Never,
}

/// Where copies go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clipboard {
    /// The system clipboard; OSC 52 over SSH or when the system clipboard fails.
    #[default]
    Auto,
    /// Only the system clipboard.
    System,
    /// Only the terminal's OSC 52.
    Osc52,
    /// Copying is off.
    None,
}

/// What `pick` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PickPrint {
    #[default]
    Found,
    Target,
    Canonical,
}

/// How `tracking.params` combine with the built-in list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TrackingMode {
    #[default]
    Extend,
    Replace,
}

/// The effective settings. `Config::default()` is what happens without a config file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// `None`: each command's own default profile.
    pub profile: Option<Profile>,
    pub pdf_state: PdfState,
    pub host_aliases: Option<PathBuf>,
    /// `None`: the default theme.
    pub theme: Option<String>,
    pub color: Color,
    /// `None`: `$BROWSER`, else the platform's opener.
    pub browser: Option<String>,
    pub clipboard: Clipboard,
    /// `None`: [`default_state_dir`].
    pub practice_dir: Option<PathBuf>,
    pub pick_print: PickPrint,
    /// `pick` picks several links (Tab marks) unless told otherwise on the command line.
    pub pick_multi: bool,
    pub tracking_mode: TrackingMode,
    pub tracking_params: Vec<String>,
    /// The `[keys]` tables as written (checked by the inspector's keymap).
    pub keys: KeysSection,
}

/// How the config file's path was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `--config PATH`.
    Flag,
    /// `URLSCOPE_CONFIG`.
    Env,
    /// `$XDG_CONFIG_HOME/urlscope/config.toml` (or `~/.config/…`).
    Default,
}

impl Origin {
    pub fn describe(self) -> &'static str {
        match self {
            Origin::Flag => "--config",
            Origin::Env => "URLSCOPE_CONFIG",
            Origin::Default => "the default place",
        }
    }
}

/// The result of reading the config: the settings to use, where they came from, and the error
/// that made the file unusable (then every setting is its default).
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub config: Config,
    /// The file's path and how it was chosen (`None`: `--no-config`, or no home).
    pub path: Option<(PathBuf, Origin)>,
    /// `--no-config` was given.
    pub ignored: bool,
    /// Whether the file was there and read.
    pub read: bool,
    /// The file's text (for the keymap's errors' places).
    pub text: String,
    /// Where in the file each setting it sets is (keys of [`settings::SETTINGS`]).
    pub spans: BTreeMap<&'static str, Range<usize>>,
    pub error: Option<ConfigError>,
}

impl Loaded {
    /// The line of the file that sets `key`, if it does.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        let span = self.spans.get(key)?;
        Some(file::line_column(&self.text, span.start).0)
    }

    /// An error at `span` of the file read (for the keymap's checks of `[keys]`).
    pub fn error_at(&self, span: Range<usize>, message: String) -> ConfigError {
        let file = self.path.as_ref().map_or(Path::new("config"), |p| &p.0);
        ConfigError::at(file, &self.text, span, message)
    }

    /// Give up the file's settings for the defaults, keeping `error` to report.
    pub fn fail(&mut self, error: ConfigError) {
        self.config = Config::default();
        self.spans.clear();
        self.error = Some(error);
    }
}

/// A variable's value, unless unset or empty.
fn var(name: &str) -> Option<std::ffi::OsString> {
    std::env::var_os(name).filter(|v| !v.is_empty())
}

/// `$XDG_CONFIG_HOME/urlscope/config.toml`, or `~/.config/urlscope/config.toml`.
pub fn default_path() -> Option<PathBuf> {
    let base = var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("urlscope").join("config.toml"))
}

/// `$XDG_STATE_HOME/urlscope`, or `~/.local/state/urlscope` (a relative `XDG_STATE_HOME` is
/// ignored, as the XDG Base Directory spec says).
pub fn default_state_dir() -> Option<PathBuf> {
    let base = var("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local").join("state")))?;
    Some(base.join("urlscope"))
}

/// The config file to read: `--config`, else `URLSCOPE_CONFIG`, else the default place.
pub fn locate(flag: Option<&Path>, no_config: bool) -> Option<(PathBuf, Origin)> {
    if no_config {
        return None;
    }
    if let Some(p) = flag {
        return Some((p.to_path_buf(), Origin::Flag));
    }
    if let Some(p) = var("URLSCOPE_CONFIG") {
        return Some((PathBuf::from(p), Origin::Env));
    }
    default_path().map(|p| (p, Origin::Default))
}

/// Read the config once: the file `--config`, `URLSCOPE_CONFIG` or the default place names
/// (none with `--no-config`). A missing file at the default place is no error; one named by
/// the flag or the variable is.
pub fn load(flag: Option<&Path>, no_config: bool) -> Loaded {
    let mut loaded = Loaded {
        path: locate(flag, no_config),
        ignored: no_config,
        ..Loaded::default()
    };
    let Some((path, origin)) = loaded.path.clone() else {
        return loaded;
    };
    match read_text(&path) {
        Ok(text) => {
            loaded.read = true;
            loaded.text = text;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && origin == Origin::Default => {
            return loaded;
        }
        Err(e) => {
            loaded.fail(ConfigError::whole(&path, read_error(&e, origin)));
            return loaded;
        }
    }
    match from_text(&path, &loaded.text) {
        Ok((config, spans)) => {
            loaded.config = config;
            loaded.spans = spans;
        }
        Err(e) => loaded.fail(e),
    }
    loaded
}

fn read_error(e: &std::io::Error, origin: Origin) -> String {
    if e.kind() == std::io::ErrorKind::InvalidData {
        return e.to_string();
    }
    format!("cannot read the config file ({}): {e}", origin.describe())
}

/// The file's text: at most [`MAX_SIZE`] bytes of UTF-8.
fn read_text(path: &Path) -> std::io::Result<String> {
    let f = std::fs::File::open(path)?;
    if f.metadata()?.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    let mut bytes = Vec::new();
    f.take(MAX_SIZE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SIZE {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("the file is larger than {} KiB", MAX_SIZE / 1024),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (at byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// Where in the file each setting is.
pub type Spans = BTreeMap<&'static str, Range<usize>>;

/// The settings of a config file's text (relative paths are read from `path`'s folder), with
/// where each setting it sets is.
pub fn from_text(path: &Path, text: &str) -> Result<(Config, Spans), ConfigError> {
    let f = file::parse(path, text)?;
    let mut c = Config::default();
    let mut spans = Spans::new();
    let mut check = Checker {
        path,
        text,
        spans: &mut spans,
    };
    if let Some(v) = check.choice("profile", &f.profile)? {
        c.profile = Profile::from_name(&v);
    }
    if let Some(v) = check.choice("pdf-state", &f.pdf_state)? {
        c.pdf_state = PdfState::from_name(&v).unwrap_or_default();
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    if let Some(v) = check.choice("host-aliases", &f.host_aliases)? {
        c.host_aliases = (!v.is_empty()).then(|| dir.join(v));
    }
    if let Some(v) = check.choice("theme", &f.theme)? {
        c.theme = (v != "default").then_some(v);
    }
    if let Some(v) = check.choice("color", &f.color)? {
        c.color = match v.as_str() {
            "always" => Color::Always,
            "never" => Color::Never,
            _ => Color::Auto,
        };
    }
    if let Some(v) = check.choice("browser", &f.browser)? {
        c.browser = (!v.trim().is_empty()).then_some(v);
    }
    if let Some(v) = check.choice("clipboard", &f.clipboard)? {
        c.clipboard = match v.as_str() {
            "system" => Clipboard::System,
            "osc52" => Clipboard::Osc52,
            "none" => Clipboard::None,
            _ => Clipboard::Auto,
        };
    }
    if let Some(v) = check.choice("practice-dir", &f.practice_dir)? {
        c.practice_dir = (!v.is_empty()).then(|| dir.join(v));
    }
    if let Some(v) = check.choice("pick.print", &f.pick.print)? {
        c.pick_print = match v.as_str() {
            "target" => PickPrint::Target,
            "canonical" => PickPrint::Canonical,
            _ => PickPrint::Found,
        };
    }
    if let Some(v) = &f.pick.multi {
        check.mark("pick.multi", v.span());
        c.pick_multi = *v.get_ref();
    }
    if let Some(v) = check.choice("tracking.mode", &f.tracking.mode)? {
        c.tracking_mode = match v.as_str() {
            "replace" => TrackingMode::Replace,
            _ => TrackingMode::Extend,
        };
    }
    if let Some(params) = &f.tracking.params {
        check.mark("tracking.params", params.span());
        for p in params.get_ref() {
            if p.get_ref().is_empty() || p.get_ref().contains(['&', '=']) {
                return Err(check.error(
                    p.span(),
                    format!(
                        "tracking.params: {:?} is not a query parameter name (empty, or holds & or =)",
                        p.get_ref()
                    ),
                ));
            }
            c.tracking_params.push(p.get_ref().clone());
        }
    }
    c.keys = f.keys;
    Ok((c, spans))
}

/// Checks values against the settings table and notes the line of each.
struct Checker<'a> {
    path: &'a Path,
    text: &'a str,
    spans: &'a mut Spans,
}

impl Checker<'_> {
    fn error(&self, span: Range<usize>, message: String) -> ConfigError {
        ConfigError::at(self.path, self.text, span, message)
    }

    fn mark(&mut self, key: &str, span: Range<usize>) {
        if let Some(s) = setting(key) {
            self.spans.insert(s.key, span);
        }
    }

    /// The value of string setting `key`, checked against its choices.
    fn choice(
        &mut self,
        key: &str,
        v: &Option<Spanned<String>>,
    ) -> Result<Option<String>, ConfigError> {
        let Some(v) = v else { return Ok(None) };
        let choices = setting(key).map_or(&[][..], |s| s.choices);
        if !choices.is_empty() && !choices.contains(&v.get_ref().as_str()) {
            return Err(self.error(
                v.span(),
                format!(
                    "{key}: unknown value {:?}; the choices are {}",
                    v.get_ref(),
                    choices.join(", ")
                ),
            ));
        }
        self.mark(key, v.span());
        Ok(Some(v.get_ref().clone()))
    }
}

impl Config {
    /// The effective value of setting `key` (of [`settings::SETTINGS`]) as a TOML value.
    pub fn value_of(&self, key: &str) -> Option<String> {
        let string = |s: &str| toml::Value::String(s.to_string()).to_string();
        let path = |p: &Option<PathBuf>| {
            string(
                &p.as_deref()
                    .map(Path::display)
                    .map(|d| d.to_string())
                    .unwrap_or_default(),
            )
        };
        Some(match key {
            "profile" => string(self.profile.map_or("builtin", Profile::name)),
            "pdf-state" => string(self.pdf_state.name()),
            "host-aliases" => path(&self.host_aliases),
            "theme" => string(self.theme.as_deref().unwrap_or("default")),
            "color" => string(match self.color {
                Color::Auto => "auto",
                Color::Always => "always",
                Color::Never => "never",
            }),
            "browser" => string(self.browser.as_deref().unwrap_or("")),
            "clipboard" => string(match self.clipboard {
                Clipboard::Auto => "auto",
                Clipboard::System => "system",
                Clipboard::Osc52 => "osc52",
                Clipboard::None => "none",
            }),
            "practice-dir" => path(&self.practice_dir),
            "pick.print" => string(match self.pick_print {
                PickPrint::Found => "found",
                PickPrint::Target => "target",
                PickPrint::Canonical => "canonical",
            }),
            "pick.multi" => self.pick_multi.to_string(),
            "tracking.mode" => string(match self.tracking_mode {
                TrackingMode::Extend => "extend",
                TrackingMode::Replace => "replace",
            }),
            "tracking.params" => toml::Value::Array(
                self.tracking_params
                    .iter()
                    .map(|p| toml::Value::String(p.clone()))
                    .collect(),
            )
            .to_string(),
            _ => return None,
        })
    }

    /// The tracking parameters `x`, `explain` and `set --strip-tracking` know.
    pub fn tracking_list(&self) -> urlscope_core::modern::TrackingList {
        urlscope_core::modern::TrackingList {
            replace: self.tracking_mode == TrackingMode::Replace,
            names: self.tracking_params.clone(),
        }
    }

    /// Where the practice view keeps its state: `practice-dir`, else [`default_state_dir`].
    pub fn practice_dir(&self) -> Option<PathBuf> {
        self.practice_dir.clone().or_else(default_state_dir)
    }
}

static CURRENT: OnceLock<Config> = OnceLock::new();

/// Make `config` the process's settings (the command line does it once, at start; a second
/// call is ignored).
pub fn install(config: Config) {
    let _ = CURRENT.set(config);
}

/// The process's settings: what [`install`] was given, else the defaults.
pub fn current() -> &'static Config {
    CURRENT.get_or_init(Config::default)
}

/// Where the practice view keeps its state: the config's `practice-dir`, else
/// `$XDG_STATE_HOME/urlscope` (`~/.local/state/urlscope`); `None` without a home.
pub fn practice_dir() -> Option<PathBuf> {
    current().practice_dir()
}
