//! The Hyvätti host aliases (H6; docs/cli.md, `--host-aliases`) as text: one `alias canonical` pair per line,
//! whitespace-separated; `#` starts a comment; blank lines are ignored. The format of
//! `--host-aliases FILE` and of the inspector's alias editor.

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

/// The text of `list` in this format, one pair a line (what the editor opens on).
pub fn to_text(list: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (alias, canonical) in list {
        if !out.is_empty() {
            out.push(b'\n');
        }
        out.extend_from_slice(alias);
        out.push(b' ');
        out.extend_from_slice(canonical);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_text_round_trip() {
        let list = parse(b"# comment\nWWW.IKI.FI  iki.fi\n\n a b # c\n").unwrap();
        assert_eq!(
            list,
            [
                (b"www.iki.fi".to_vec(), b"iki.fi".to_vec()),
                (b"a".to_vec(), b"b".to_vec())
            ]
        );
        assert_eq!(parse(&to_text(&list)).unwrap(), list);
        assert_eq!(parse(b"a b\nc").unwrap_err().0, 2);
    }
}
