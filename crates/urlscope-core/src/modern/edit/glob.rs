//! The name patterns of `--remove query=NAME`: `*` matches any run of octets, `\` makes the
//! next octet literal (trurl's `--trim` patterns).

/// Does `pattern` match all of `name`?
pub(crate) fn matches(pattern: &[u8], name: &[u8]) -> bool {
    // Iterative wildcard matching with one backtrack point (the last `*`).
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p + 1, n));
                p += 1;
                continue;
            }
            Some(&b'\\') if p + 1 < pattern.len() && pattern[p + 1] == name[n] => {
                p += 2;
                n += 1;
                continue;
            }
            Some(&c) if c != b'\\' && c == name[n] => {
                p += 1;
                n += 1;
                continue;
            }
            _ => {}
        }
        match star {
            Some((sp, sn)) => {
                p = sp;
                n = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn stars_and_escapes() {
        assert!(matches(b"utm_*", b"utm_source"));
        assert!(matches(b"utm_*", b"utm_"));
        assert!(!matches(b"utm_*", b"xutm_"));
        assert!(matches(b"*id", b"fbclid"));
        assert!(matches(b"a*b*c", b"axxbyyc"));
        assert!(!matches(b"a*b*c", b"axxbyy"));
        assert!(matches(b"\\*", b"*"));
        assert!(!matches(b"\\*", b"x"));
        assert!(matches(b"exact", b"exact"));
        assert!(!matches(b"exact", b"exactly"));
        assert!(matches(b"", b""));
    }
}
