//! urlcanon's output forms (`__init__.py` `reverse_host`, `ssurt_host`; `parse.py`
//! `ParsedUrl.ssurt`, `ParsedUrl.surt`), and SSURT read back.

use super::parse::UcUrl;
use crate::canon::ip;

/// `reverse_host`: labels reversed, `,` inside a label → `.`, joined with `,`.
pub(crate) fn reverse_host(host: &[u8], trailing_comma: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len() + 1);
    for (k, label) in host.rsplit(|&b| b == b'.').enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.extend(label.iter().map(|&b| if b == b',' { b'.' } else { b }));
    }
    if trailing_comma {
        out.push(b',');
    }
    out
}

/// `ssurt_host`: the host unchanged if empty, bracketed, or a non-zero IPv4 to urlcanon.
pub(crate) fn ssurt_host(host: &[u8], trailing_comma: bool) -> Vec<u8> {
    if host.is_empty() || host[0] == b'[' || ip::uc_ipv4(host).is_some_and(|v| v != 0) {
        host.to_vec()
    } else {
        reverse_host(host, trailing_comma)
    }
}

/// `ParsedUrl.ssurt()`: host first, then slashes, port, scheme, userinfo, path, query and
/// fragment, each delimiter where the URL had it.
pub(crate) fn ssurt(u: &UcUrl) -> Vec<u8> {
    let parts: [&[u8]; 15] = [
        &u.leading_junk,
        &ssurt_host(&u.host, true),
        &u.slashes,
        &u.port,
        &u.colon_before_port,
        &u.scheme,
        &u.at_sign,
        &u.username,
        &u.colon_before_password,
        &u.password,
        &u.colon_after_scheme,
        &u.path,
        &u.question_mark,
        &u.query,
        &u.hash_sign,
    ];
    let mut out = parts.concat();
    out.extend_from_slice(&u.fragment);
    out.extend_from_slice(&u.trailing_junk);
    out
}

/// `ParsedUrl.surt(trailing_comma, with_scheme)`: the userinfo is dropped, the port follows
/// the reversed host inside the parentheses.
#[cfg(test)]
pub(crate) fn surt(u: &UcUrl, trailing_comma: bool, with_scheme: bool) -> Vec<u8> {
    let mut out = u.leading_junk.clone();
    if with_scheme {
        out.extend_from_slice(&u.scheme);
        out.extend_from_slice(&u.colon_after_scheme);
        out.extend_from_slice(&u.slashes);
    }
    if !u.host.is_empty() {
        if with_scheme {
            out.push(b'(');
        }
        out.extend(ssurt_host(&u.host, trailing_comma));
        out.extend_from_slice(&u.colon_before_port);
        out.extend_from_slice(&u.port);
        out.push(b')');
    }
    for f in [
        &u.path,
        &u.question_mark,
        &u.query,
        &u.hash_sign,
        &u.fragment,
        &u.trailing_junk,
    ] {
        out.extend_from_slice(f);
    }
    out
}

/// SSURT read back into the URL it was made from, for an SSURT of a canonicalized URL with a
/// host (`None` where the text is not one: urlcanon itself has no inverse). The host part ends
/// at the first `//`; a reversed host ends with `,`.
#[cfg(test)]
pub(crate) fn unssurt(s: &[u8]) -> Option<Vec<u8>> {
    let slashes = s.windows(2).position(|w| w == b"//")?;
    let (host_part, rest) = (&s[..slashes], &s[slashes + 2..]);
    let host = if let Some(reversed) = host_part.strip_suffix(b",") {
        let mut labels: Vec<Vec<u8>> = reversed
            .split(|&b| b == b',')
            .map(|l| {
                l.iter()
                    .map(|&b| if b == b'.' { b',' } else { b })
                    .collect()
            })
            .collect();
        labels.reverse();
        labels.join(&b'.')
    } else {
        host_part.to_vec()
    };
    // rest = [port ':'] scheme ['@' user [':' password]] ':' path…
    // A scheme starts with a letter, so digits before a ':' are the port, and a ':' before a
    // letter is an empty port's.
    let (port, rest) = match rest.iter().position(|&b| !b.is_ascii_digit()) {
        Some(d)
            if rest[d] == b':' && (d > 0 || rest.get(1).is_some_and(u8::is_ascii_alphabetic)) =>
        {
            (Some(&rest[..d]), &rest[d + 1..])
        }
        _ => (None, rest),
    };
    let scheme_end = rest.iter().position(|&b| b == b':' || b == b'@')?;
    let scheme = &rest[..scheme_end];
    let mut rest = &rest[scheme_end..];
    let mut userinfo = None;
    if rest.first() == Some(&b'@') {
        // The userinfo ends at the ':' before the path: the last ':' before the first '/'.
        let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
        let colon = rest[..end].iter().rposition(|&b| b == b':')?;
        userinfo = Some(&rest[1..colon]);
        rest = &rest[colon..];
    }
    let rest = rest.strip_prefix(b":")?;
    let mut out = Vec::with_capacity(s.len() + 4);
    out.extend_from_slice(scheme);
    out.extend_from_slice(b"://");
    if let Some(ui) = userinfo {
        out.extend_from_slice(ui);
        out.push(b'@');
    }
    out.extend_from_slice(&host);
    if let Some(p) = port {
        out.push(b':');
        out.extend_from_slice(p);
    }
    out.extend_from_slice(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ssurt_of_the_readme_example() {
        let u = UcUrl::parse(b"http://user:pass@foo.example.org:81/p?q#f");
        assert_eq!(ssurt(&u), b"org,example,foo,//81:http@user:pass:/p?q#f");
        assert_eq!(
            unssurt(&ssurt(&u)).as_deref(),
            Some(&b"http://user:pass@foo.example.org:81/p?q#f"[..])
        );
    }

    #[test]
    fn ssurt_host_keeps_addresses() {
        assert_eq!(ssurt_host(b"1.2.3.4", true), b"1.2.3.4");
        assert_eq!(ssurt_host(b"0.0.0.0", true), b"0,0,0,0,");
        assert_eq!(reverse_host(b"a,b.y.z.", true), b",z,y,a.b,");
    }
}
