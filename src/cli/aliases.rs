//! The Hyvätti host-alias file (SPEC §7.8, H6): one `alias canonical` pair per line,
//! whitespace-separated; `#` starts a comment; blank lines are ignored.

use std::path::Path;

/// `(alias, canonical)` pairs, as `Options::host_aliases` takes them.
pub type Aliases = Vec<(Vec<u8>, Vec<u8>)>;

/// Parse an alias file's contents. Keys are ASCII-lowercased, because the profile matches them
/// exactly against the lowercased host (an upper-case key could never match). Errors name the
/// line (1-based).
pub fn parse(text: &[u8]) -> Result<Aliases, (usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        let line = line.split(|&b| b == b'#').next().unwrap_or_default();
        let fields: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|f| !f.is_empty())
            .collect();
        match fields.as_slice() {
            [] => {}
            [alias, canonical] => out.push((alias.to_ascii_lowercase(), canonical.to_vec())),
            _ => {
                return Err((
                    i + 1,
                    format!(
                        "expected `alias canonical`, found {} field(s)",
                        fields.len()
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// Read and parse an alias file; the error is a one-line message naming file and line.
pub fn load(path: &Path) -> Result<Aliases, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|(line, msg)| format!("{}:{line}: {msg}", path.display()))
}
