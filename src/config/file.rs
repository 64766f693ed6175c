//! Reading a config file: TOML through serde with `deny_unknown_fields`, so an unknown setting
//! or a wrong type is an error with its place; every error is one [`ConfigError`] with the
//! file, line and column, never a panic.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

/// The largest config file read: a config file is a few dozen lines.
pub const MAX_SIZE: u64 = 256 * 1024;

/// A config file that could not be used, with where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    /// 1-based line and column (in characters) of the offending text, when known.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, ":{l}:{c}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    /// The error with the file's name instead of its path (for a status line).
    pub fn short(&self) -> String {
        let name = self.file.file_name().map_or_else(
            || self.file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{name}:{l}:{c}: {}", self.message),
            _ => format!("{name}: {}", self.message),
        }
    }

    /// An error about the whole file (unreadable, too large).
    pub fn whole(file: &Path, message: String) -> ConfigError {
        ConfigError {
            file: file.to_path_buf(),
            line: None,
            column: None,
            message,
        }
    }

    /// An error at byte offset `span.start` of `text`.
    pub fn at(file: &Path, text: &str, span: Range<usize>, message: String) -> ConfigError {
        let (line, column) = line_column(text, span.start);
        ConfigError {
            file: file.to_path_buf(),
            line: Some(line),
            column: Some(column),
            message,
        }
    }
}

/// 1-based line and column (counted in characters) of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The file as written: every setting optional (left out: its default), each value with its
/// place so a bad one is reported where it stands.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FileSettings {
    pub profile: Option<Spanned<String>>,
    pub pdf_state: Option<Spanned<String>>,
    pub host_aliases: Option<Spanned<String>>,
    pub theme: Option<Spanned<String>>,
    pub color: Option<Spanned<String>>,
    pub browser: Option<Spanned<String>>,
    pub clipboard: Option<Spanned<String>>,
    pub practice_dir: Option<Spanned<String>>,
    #[serde(default)]
    pub pick: PickSection,
    #[serde(default)]
    pub tracking: TrackingSection,
    #[serde(default)]
    pub keys: KeysSection,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PickSection {
    pub print: Option<Spanned<String>>,
    pub multi: Option<Spanned<bool>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TrackingSection {
    pub mode: Option<Spanned<String>>,
    pub params: Option<Spanned<Vec<Spanned<String>>>>,
}

/// A scope's table: command name → a key or a list of keys (checked against the binding table
/// by the inspector's keymap, which knows the names).
pub type ScopeKeys = BTreeMap<Spanned<String>, Spanned<KeyList>>;

/// `[keys.SCOPE]` tables, one per scope of the binding table.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KeysSection {
    #[serde(default)]
    pub global: ScopeKeys,
    #[serde(default)]
    pub input: ScopeKeys,
    #[serde(default)]
    pub pane: ScopeKeys,
    #[serde(default)]
    pub help: ScopeKeys,
    #[serde(default)]
    pub aliases: ScopeKeys,
    #[serde(default)]
    pub typing: ScopeKeys,
    #[serde(default)]
    pub editor: ScopeKeys,
    #[serde(default)]
    pub links: ScopeKeys,
}

impl KeysSection {
    /// `(scope name, its table)` in the binding table's scope order.
    pub fn scopes(&self) -> [(&'static str, &ScopeKeys); 8] {
        [
            ("global", &self.global),
            ("input", &self.input),
            ("pane", &self.pane),
            ("help", &self.help),
            ("aliases", &self.aliases),
            ("typing", &self.typing),
            ("editor", &self.editor),
            ("links", &self.links),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.scopes().iter().all(|(_, t)| t.is_empty())
    }
}

/// One key (`"ctrl+y"`) or several (`["y", "ctrl+y"]`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged, expecting = "a key name or a list of key names")]
pub enum KeyList {
    One(String),
    Many(Vec<String>),
}

impl KeyList {
    pub fn names(&self) -> Vec<&str> {
        match self {
            KeyList::One(k) => vec![k.as_str()],
            KeyList::Many(ks) => ks.iter().map(String::as_str).collect(),
        }
    }
}

/// Parse the text of `file`: its settings as written, or the first error with its place.
pub fn parse(file: &Path, text: &str) -> Result<FileSettings, ConfigError> {
    toml::from_str::<FileSettings>(text).map_err(|e| {
        let message = e.message().trim().replace('\n', " ");
        match e.span() {
            Some(span) => ConfigError::at(file, text, span, message),
            None => ConfigError::whole(file, message),
        }
    })
}
