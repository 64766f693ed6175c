//! M2 `rfc3986-split`: the components of a URI reference as RFC 3986 Appendix B and §3.2 read
//! them, with the project's decisions (docs/lenses.md, docs/departures.md) (userinfo up to the last `@`; an
//! IP-literal only when its text is an IPv6address or IPvFuture).

use std::net::Ipv6Addr;
use std::ops::Range;

/// Ranges into the string that was split. Delimiters are outside the ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Split {
    /// Without its `:`.
    pub scheme: Option<Range<usize>>,
    /// Without the leading `//`.
    pub authority: Option<Range<usize>>,
    /// Without its `@`.
    pub userinfo: Option<Range<usize>>,
    /// Empty (at the authority's end) when there is no authority.
    pub host: Range<usize>,
    /// The host is `[IPv6address]` or `[IPvFuture]`, or `[IPv6address%25ZoneID]` (RFC 6874).
    pub ip_literal: bool,
    /// The ZoneID of an IPv6 literal, after its `%25` (or a bare `%`), to the `]`.
    pub zone: Option<Range<usize>>,
    /// The digits after the port `:` (possibly empty), without the `:`.
    pub port: Option<Range<usize>>,
    /// A `:` ended the host part but what follows is not all digits: it stays in the host.
    pub bad_port: bool,
    pub path: Range<usize>,
    /// Without its `?`.
    pub query: Option<Range<usize>>,
    /// Without its `#`.
    pub fragment: Option<Range<usize>>,
}

impl Split {
    /// The first path segment of a relative-path reference (no scheme, no authority, a path
    /// not starting with `/`): where a `:` would be read as a scheme delimiter (§4.2).
    pub(crate) fn first_relative_segment(&self, s: &[u8]) -> Option<Range<usize>> {
        if self.scheme.is_some()
            || self.authority.is_some()
            || s[self.path.clone()].first() == Some(&b'/')
        {
            return None;
        }
        let p = &s[self.path.clone()];
        let end = memchr::memchr(b'/', p).unwrap_or(p.len());
        Some(self.path.start..self.path.start + end)
    }
}

/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1).
pub(crate) fn is_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic)
        && s[1..]
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// `Some(None)`: an IP-literal without a zone; `Some(Some(k))`: an IPv6address whose zone
/// starts at `k` (after its `%25`, or after a bare `%`). RFC 6874 §2: `IPv6addrz = IPv6address
/// "%25" ZoneID`, `ZoneID = 1*( unreserved / pct-encoded )`; its §4 asks software to accept a
/// bare `%` as typed by people (RFC 4007 §11's text form), which M3 then encodes as `%25`.
pub(crate) fn ip_literal(s: &[u8]) -> Option<Option<usize>> {
    if is_ipv6(s) || is_ipvfuture(s) {
        return Some(None);
    }
    let pct = memchr::memchr(b'%', s)?;
    if !is_ipv6(&s[..pct]) {
        return None;
    }
    // `%25` is the RFC's form (an empty zone after it is no zone), even where a bare `%`
    // could read `25` as the zone.
    let zone_at = if s[pct..].starts_with(b"%25") {
        pct + 3
    } else {
        pct + 1
    };
    let zone = &s[zone_at..];
    let mut i = 0;
    while i < zone.len() {
        if crate::url::syntax::octets::triplet_at(zone, i) {
            i += 3;
        } else if super::is_unreserved(zone[i]) {
            i += 1;
        } else {
            return None;
        }
    }
    (!zone.is_empty()).then_some(Some(zone_at))
}

fn is_ipv6(s: &[u8]) -> bool {
    // RFC 3986's IPv6address grammar is RFC 4291's text form, which the standard library reads;
    // it accepts nothing more (no zone identifiers, at most four hex digits a group).
    std::str::from_utf8(s).is_ok_and(|t| t.parse::<Ipv6Addr>().is_ok())
}

/// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn is_ipvfuture(s: &[u8]) -> bool {
    let Some(rest) = s.strip_prefix(b"v").or_else(|| s.strip_prefix(b"V")) else {
        return false;
    };
    let hex = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    if hex == 0 || rest.get(hex) != Some(&b'.') {
        return false;
    }
    let tail = &rest[hex + 1..];
    !tail.is_empty()
        && tail.iter().all(|&b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'-' | b'.'
                        | b'_'
                        | b'~'
                        | b'!'
                        | b'$'
                        | b'&'
                        | b'\''
                        | b'('
                        | b')'
                        | b'*'
                        | b'+'
                        | b','
                        | b';'
                        | b'='
                        | b':'
                )
        })
}

pub(crate) fn split(s: &[u8]) -> Split {
    // The delimiter searches are memchr's: the path of a long URL is most of its text.
    let mut out = Split::default();
    let first = {
        let c = memchr::memchr3(b':', b'/', b'?', s);
        memchr::memchr(b'#', &s[..c.unwrap_or(s.len())]).or(c)
    };
    let mut i = 0;
    if let Some(c) = first
        && s[c] == b':'
        && is_scheme(&s[..c])
    {
        out.scheme = Some(0..c);
        i = c + 1;
    }
    if s[i..].starts_with(b"//") {
        let a = i + 2;
        let z = memchr::memchr3(b'/', b'?', b'#', &s[a..]).map_or(s.len(), |k| a + k);
        out.authority = Some(a..z);
        let hp = match s[a..z].iter().rposition(|&b| b == b'@') {
            Some(k) => {
                out.userinfo = Some(a..a + k);
                a + k + 1
            }
            None => a,
        };
        split_hostport(s, hp..z, &mut out);
        i = z;
    } else {
        out.host = i..i;
    }
    let pz = memchr::memchr2(b'?', b'#', &s[i..]).map_or(s.len(), |k| i + k);
    out.path = i..pz;
    let mut j = pz;
    if s.get(j) == Some(&b'?') {
        let qz = memchr::memchr(b'#', &s[j..]).map_or(s.len(), |k| j + k);
        out.query = Some(j + 1..qz);
        j = qz;
    }
    if s.get(j) == Some(&b'#') {
        out.fragment = Some(j + 1..s.len());
    }
    out
}

fn split_hostport(s: &[u8], r: Range<usize>, out: &mut Split) {
    let hp = &s[r.clone()];
    if hp.first() == Some(&b'[')
        && let Some(close) = hp.iter().position(|&b| b == b']')
        && let Some(zone) = ip_literal(&hp[1..close])
    {
        out.zone = zone.map(|k| r.start + 1 + k..r.start + close);
        let after = &hp[close + 1..];
        if after.is_empty() {
            out.host = r.clone();
            out.ip_literal = true;
            return;
        }
        if after[0] == b':' && after[1..].iter().all(u8::is_ascii_digit) {
            out.host = r.start..r.start + close + 1;
            out.ip_literal = true;
            out.port = Some(r.start + close + 2..r.end);
            return;
        }
    }
    out.zone = None;
    match hp.iter().rposition(|&b| b == b':') {
        Some(k) if hp[k + 1..].iter().all(u8::is_ascii_digit) => {
            out.host = r.start..r.start + k;
            out.port = Some(r.start + k + 1..r.end);
        }
        Some(_) => {
            out.host = r;
            out.bad_port = true;
        }
        None => out.host = r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> Vec<Option<String>> {
        let x = s.as_bytes();
        let sp = split(x);
        let g = |r: Option<Range<usize>>| r.map(|r| s[r].to_string());
        vec![
            g(sp.scheme),
            g(sp.userinfo),
            sp.authority
                .is_some()
                .then(|| s[sp.host.clone()].to_string()),
            g(sp.port),
            Some(s[sp.path].to_string()),
            g(sp.query),
            g(sp.fragment),
        ]
    }

    #[test]
    fn appendix_b_example() {
        let p = parts("http://www.ics.uci.edu/pub/ietf/uri/#Related");
        assert_eq!(p[0].as_deref(), Some("http"));
        assert_eq!(p[2].as_deref(), Some("www.ics.uci.edu"));
        assert_eq!(p[4].as_deref(), Some("/pub/ietf/uri/"));
        assert_eq!(p[5], None);
        assert_eq!(p[6].as_deref(), Some("Related"));
    }

    #[test]
    fn userinfo_ends_at_the_last_at() {
        let p = parts("http://u@v@h:8/");
        assert_eq!(p[1].as_deref(), Some("u@v"));
        assert_eq!(p[2].as_deref(), Some("h"));
        assert_eq!(p[3].as_deref(), Some("8"));
    }

    #[test]
    fn rfc_6874_zones() {
        let s = "http://[fe80::1%25eth0]:8080/x";
        let sp = split(s.as_bytes());
        assert!(sp.ip_literal);
        assert_eq!(&s[sp.host.clone()], "[fe80::1%25eth0]");
        assert_eq!(&s[sp.zone.clone().unwrap()], "eth0");
        assert_eq!(&s[sp.port.clone().unwrap()], "8080");
        let bare = "http://[fe80::1%eth0]/";
        let sp = split(bare.as_bytes());
        assert!(sp.ip_literal);
        assert_eq!(&bare[sp.zone.unwrap()], "eth0");
        for not in [
            "[fe80::1%25]",
            "[fe80::1%]",
            "[fe80::1%25a/b]",
            "[zz%25eth0]",
            "[::1%25e:0]",
        ] {
            let s = format!("http://{not}/");
            assert!(!split(s.as_bytes()).ip_literal, "{not}");
        }
    }

    #[test]
    fn ip_literals_and_ports() {
        assert_eq!(parts("ftp://[FE80::1]:21")[2].as_deref(), Some("[FE80::1]"));
        assert_eq!(parts("x://[v1.a:b]")[2].as_deref(), Some("[v1.a:b]"));
        // Not an IPv6 address: a reg-name whose ':' are not a port.
        let s = split(b"http://[::g]/");
        assert!(!s.ip_literal && s.bad_port && s.port.is_none());
        let s = split(b"http://h:/");
        assert_eq!(s.port, Some(9..9));
        let s = split(b"http://h:8x/");
        assert!(s.bad_port && s.port.is_none());
    }

    #[test]
    fn scheme_needs_its_grammar() {
        assert_eq!(parts("1http:x")[0], None);
        assert_eq!(parts("a/b:c")[0], None);
        assert_eq!(
            parts("mailto:Joe@Example.COM")[4].as_deref(),
            Some("Joe@Example.COM")
        );
        let s = split(b"1a:b/c");
        assert_eq!(s.first_relative_segment(b"1a:b/c"), Some(0..4));
    }
}
