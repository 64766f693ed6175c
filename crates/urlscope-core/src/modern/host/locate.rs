//! Find the host text as it was typed, before the WHATWG host parser rewrote it.
//!
//! The `url` crate returns only the parsed (serialized) host: `http://0x7f.1/` gives `127.0.0.1`.
//! To show each IPv4 part or each label as it was written, the lens needs the text the host
//! parser read. This module finds it with the delimiters of the WHATWG URL Standard §4.4
//! (scheme, `//`, the last `@`, the port `:` outside brackets, and `/ ? #`, plus `\` for
//! special schemes). It does no host parsing itself; [`super::inspect_host`] checks the text
//! it finds against the `url` crate's host and drops it when the two disagree.
//!
//! The scan stops at the end of the authority (or at [`MAX_HOST`] octets of host), so a 1 MiB
//! path costs nothing.

/// Hosts longer than this are not analysed (a DNS name has at most 253 octets; the margin is
/// for percent-encoding and Unicode that maps shorter).
pub(crate) const MAX_HOST: usize = 4096;

/// Where the host text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Located {
    /// The scheme, lowercased (ASCII).
    pub scheme: String,
    /// The host text as typed (ASCII tab and newline removed, as WHATWG does first).
    pub host: String,
    /// The authority had no host text at all (`http://:80/`, `file:///`).
    pub empty: bool,
    /// A delimiter (`/ ? #`) ended the authority before the end of the text.
    pub terminated: bool,
}

/// Why no host text was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotFound {
    /// No `scheme:` at the start.
    NoScheme,
    /// A scheme, but no authority (`mailto:x`, `data:…`).
    NoAuthority,
    /// The host is longer than [`MAX_HOST`] octets.
    TooLong(usize),
}

/// The special schemes of WHATWG URL Standard §4.1 (they always have a host).
pub(crate) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// Find the host text in `s`.
pub(crate) fn locate(s: &str) -> Result<Located, NotFound> {
    // WHATWG strips leading C0 controls and spaces; tab and newline anywhere are removed.
    let s = s.trim_start_matches(|c: char| c <= ' ');
    let colon = s.find(':').ok_or(NotFound::NoScheme)?;
    let scheme = &s[..colon];
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !valid {
        return Err(NotFound::NoScheme);
    }
    let scheme = scheme.to_ascii_lowercase();
    let special = is_special(&scheme);
    let rest = &s[colon + 1..];
    let slash = |c: char| c == '/' || (special && c == '\\');
    // Special schemes but `file` skip any run of slashes (and `http:host` reads as
    // `http://host` without a base); `file` and the others need exactly `//`.
    let skip_all = special && scheme != "file";
    let mut start = None;
    let mut slashes = 0;
    for (i, c) in rest.char_indices() {
        if matches!(c, '\t' | '\n' | '\r') {
            continue;
        }
        if slash(c) {
            slashes += 1;
            if !skip_all && slashes == 2 {
                start = Some(i + 1);
                break;
            }
            continue;
        }
        if skip_all {
            start = Some(i);
        }
        break;
    }
    let Some(start) = start else {
        return if skip_all && slashes > 0 {
            Ok(Located {
                scheme,
                host: String::new(),
                empty: true,
                terminated: false,
            })
        } else {
            Err(NotFound::NoAuthority)
        };
    };
    let end = rest[start..].find(|c: char| slash(c) || c == '?' || c == '#');
    let authority_end = end.map_or(rest.len(), |e| start + e);
    let authority = &rest[start..authority_end];
    let after_at = authority
        .rfind('@')
        .map_or(authority, |i| &authority[i + 1..]);
    let mut host = String::new();
    let mut bracket = false;
    for c in after_at.chars() {
        match c {
            '\t' | '\n' | '\r' => continue,
            '[' => bracket = true,
            ']' => bracket = false,
            ':' if !bracket => break,
            _ => {}
        }
        host.push(c);
        if host.len() > MAX_HOST {
            return Err(NotFound::TooLong(after_at.len()));
        }
    }
    let empty = host.is_empty();
    Ok(Located {
        scheme,
        host,
        empty,
        terminated: end.is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> String {
        locate(s)
            .map(|l| l.host)
            .unwrap_or_else(|e| format!("{e:?}"))
    }

    #[test]
    fn delimiters() {
        assert_eq!(host("http://0x7f.1/x"), "0x7f.1");
        assert_eq!(host("  HTTP://u:p@a@b.example:80/"), "b.example");
        assert_eq!(host("http:\\\\evil.com\\good.com"), "evil.com");
        assert_eq!(host("http://[::1]:8080/"), "[::1]");
        assert_eq!(host("http://ex\tam\nple.com?x"), "example.com");
        assert_eq!(host("foo://opaque.host/p"), "opaque.host");
        assert_eq!(host("foo:/x"), "NoAuthority");
        assert_eq!(host("mailto:a@b"), "NoAuthority");
        assert_eq!(host("/relative"), "NoScheme");
        assert_eq!(host("http:example.com/"), "example.com");
        assert!(locate("file:///etc/passwd").unwrap().empty);
    }

    #[test]
    fn long_hosts_stop_early() {
        let long = format!("http://{}/", "a".repeat(MAX_HOST + 10));
        assert!(matches!(locate(&long), Err(NotFound::TooLong(_))));
    }
}
