//! `remove_dot_segments` of RFC 3986 §5.2.4, over octets. Unlike RFC 1808 §4 step 6, a `..`
//! that would climb above the root is dropped.

/// RFC 3986 §5.2.4, written as the RFC's buffer loop: rules A–E move segments from the input
/// buffer to the output buffer.
pub(crate) fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut input = path;
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    while !input.is_empty() {
        // Rules A–D all read a first segment "." or "..": any other goes straight to E.
        let skip = usize::from(input[0] == b'/');
        let end = memchr::memchr(b'/', &input[skip..]).map_or(input.len(), |k| skip + k);
        let first = &input[skip..end];
        if first != b"." && first != b".." {
            out.extend_from_slice(&input[..end]);
            input = &input[end..];
            continue;
        }
        if let Some(rest) = input.strip_prefix(b"../") {
            // A: drop a leading "../" or "./".
            input = rest;
        } else if let Some(rest) = input.strip_prefix(b"./") {
            input = rest;
        } else if input.starts_with(b"/./") {
            // B: "/./" becomes "/".
            input = &input[2..];
        } else if input == b"/." {
            input = b"/";
        } else if input.starts_with(b"/../") || input == b"/.." {
            // C: "/../" (or a final "/..") becomes "/" and the last output segment goes.
            input = if input.len() == 3 { b"/" } else { &input[3..] };
            let cut = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
            out.truncate(cut);
        } else if input == b"." || input == b".." {
            // D: a lone "." or "..".
            input = b"";
        } else {
            // E: move the first segment (with its leading "/", if any) to the output.
            let skip = usize::from(input[0] == b'/');
            let end = input[skip..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |k| skip + k);
            out.extend_from_slice(&input[..end]);
            input = &input[end..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::remove_dot_segments as d;

    #[test]
    fn rfc_examples() {
        // RFC 3986 §5.2.4's two worked examples.
        assert_eq!(d(b"/a/b/c/./../../g"), b"/a/g");
        assert_eq!(d(b"mid/content=5/../6"), b"mid/6");
    }

    /// The RFC's loop with rules A–E tried in order for every segment (no short cut to E).
    fn literal(path: &[u8]) -> Vec<u8> {
        let (mut input, mut out) = (path, Vec::new());
        while !input.is_empty() {
            if let Some(rest) = input.strip_prefix(b"../") {
                input = rest;
            } else if let Some(rest) = input.strip_prefix(b"./") {
                input = rest;
            } else if input.starts_with(b"/./") {
                input = &input[2..];
            } else if input == b"/." {
                input = b"/";
            } else if input.starts_with(b"/../") || input == b"/.." {
                input = if input.len() == 3 { b"/" } else { &input[3..] };
                out.truncate(out.iter().rposition(|&b| b == b'/').unwrap_or(0));
            } else if input == b"." || input == b".." {
                input = b"";
            } else {
                let skip = usize::from(input[0] == b'/');
                let end = input[skip..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(input.len(), |k| skip + k);
                out.extend_from_slice(&input[..end]);
                input = &input[end..];
            }
        }
        out
    }

    #[test]
    fn the_short_cut_to_rule_e_changes_nothing() {
        // Every path of up to seven octets over '.', '/' and 'a'.
        let alphabet = [b'.', b'/', b'a'];
        for len in 0..=7u32 {
            for k in 0..3usize.pow(len) {
                let path: Vec<u8> = (0..len).map(|i| alphabet[k / 3usize.pow(i) % 3]).collect();
                assert_eq!(d(&path), literal(&path), "{}", path.escape_ascii());
            }
        }
    }

    #[test]
    fn above_the_root_is_dropped() {
        assert_eq!(d(b"/../../g"), b"/g");
        assert_eq!(d(b"/.."), b"/");
        assert_eq!(d(b"../a"), b"a");
        assert_eq!(d(b"/././/x"), b"//x");
        assert_eq!(d(b""), b"");
    }
}
