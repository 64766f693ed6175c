//! Leftovers of the prose a URL was copied from. One rule, used by `urlscope extract` (to cut a
//! URL out of running text) and by the inspector's warnings list (to flag what `extract` would
//! have cut).

/// Strip trailing sentence punctuation `.,;:!?'"`, a closing backtick (Markdown's inline code,
/// which no URL holds raw) and unbalanced closing `)`, `]`, `}`, `>`.
pub(crate) fn trim_end(url: &[u8]) -> &[u8] {
    let mut end = url.len();
    while end > 0 {
        let c = url[end - 1];
        let strip = match c {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' | b'`' => true,
            b')' | b']' | b'}' | b'>' => {
                let open = match c {
                    b')' => b'(',
                    b']' => b'[',
                    b'}' => b'{',
                    _ => b'<',
                };
                let s = &url[..end];
                s.iter().filter(|&&b| b == c).count() > s.iter().filter(|&&b| b == open).count()
            }
            _ => false,
        };
        if !strip {
            break;
        }
        end -= 1;
    }
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::trim_end;

    #[test]
    fn sentence_punctuation_and_unbalanced_brackets() {
        assert_eq!(trim_end(b"http://x/page)."), b"http://x/page");
        assert_eq!(trim_end(b"http://x/a_(b)"), b"http://x/a_(b)");
        assert_eq!(trim_end(b"http://x/?q=\"a\","), b"http://x/?q=\"a");
        assert_eq!(trim_end(b"http://x/`."), b"http://x/");
        assert_eq!(trim_end(b"..."), b"");
        assert_eq!(trim_end(b""), b"");
    }
}
