//! `--host-aliases FILE`: reads the file; the format is the core's (`url::aliases`).

use std::path::Path;

pub use crate::url::aliases::Aliases;
use crate::url::aliases::parse;

/// Read and parse an alias file; the error is a one-line message naming file and line.
pub fn load(path: &Path) -> Result<Aliases, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|(line, msg)| format!("{}:{line}: {msg}", path.display()))
}
