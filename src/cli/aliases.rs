//! `--host-aliases FILE`: reads the file; the format is the core's (`url::aliases`).

use std::path::Path;

use crate::theme::file::read_user_file;
pub use urlscope_core::url::aliases::Aliases;
use urlscope_core::url::aliases::parse;

/// The largest alias file read (`/dev/zero` or a huge file gives a message, not a hang).
pub const MAX_ALIAS_FILE: u64 = 16 << 20;

/// Read and parse an alias file; the error is a one-line message naming file and line.
pub fn load(path: &Path) -> Result<Aliases, String> {
    let text =
        read_user_file(path, MAX_ALIAS_FILE).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|(line, msg)| format!("{}:{line}: {msg}", path.display()))
}
