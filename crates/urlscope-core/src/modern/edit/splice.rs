//! Edits under RFC 3986 and RFC 1738: replace (or insert, with its delimiter) one component's
//! octets as the project tokenizer finds them; every other octet stays as it was.

use std::ops::Range;

use super::encode::{self, Encode};
use super::{EditRules, Edited, SetError, Target, shown};
use crate::url::{Parsed, tokenize};

/// `x` with `r` replaced by `with`.
pub(super) fn replace(x: &[u8], r: Range<usize>, with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(x.len() + with.len());
    out.extend_from_slice(&x[..r.start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&x[r.end..]);
    out
}

/// Where a new authority goes: after `scheme:`, or at the start of the body.
fn after_scheme(p: &Parsed) -> usize {
    p.scheme.as_ref().map_or(p.body.start, |s| s.end + 1)
}

/// The path with the last segment's params (what `path` names as a whole).
fn whole_path(p: &Parsed) -> Range<usize> {
    p.path.start..p.params.as_ref().map_or(p.path.end, |r| r.end)
}

/// Text to insert a new authority holding `inner` (`//inner`), with a `/` if the path
/// would otherwise run into it.
fn new_authority(x: &[u8], p: &Parsed, inner: &[u8]) -> (Range<usize>, Vec<u8>) {
    let at = after_scheme(p);
    let mut text = b"//".to_vec();
    text.extend_from_slice(inner);
    let path = whole_path(p);
    if !path.is_empty() && x[path.start] != b'/' {
        text.push(b'/');
    }
    (at..at, text)
}

pub(super) fn check_scheme(v: &[u8]) -> Result<(), SetError> {
    let ok = v.first().is_some_and(u8::is_ascii_alphabetic)
        && v.iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if ok {
        Ok(())
    } else {
        Err(SetError::Scheme(shown(v)))
    }
}

pub(super) fn check_port(v: &[u8]) -> Result<(), SetError> {
    let n = std::str::from_utf8(v)
        .ok()
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse::<u32>().ok());
    match n {
        Some(n) if n <= 65535 => Ok(()),
        _ => Err(SetError::Port(shown(v))),
    }
}

/// The host written under RFC 3986 (`IP-literal / IPv4address / reg-name`) or RFC 1738
/// (`hostname / hostnumber`, and an IPv6 literal as RFC 2732 added). A Unicode name is
/// written as its A-labels (UTS #46 ToASCII, the `idna` crate) when the value is text.
fn write_host(v: &[u8], mode: Encode, rules: EditRules) -> Result<Vec<u8>, SetError> {
    if v.first() == Some(&b'[') {
        let inner = v
            .strip_prefix(b"[")
            .and_then(|s| s.strip_suffix(b"]"))
            .ok_or_else(|| SetError::Host(format!("'{}' has no closing ']'", shown(v))))?;
        let text = std::str::from_utf8(inner).unwrap_or("");
        let future = text.starts_with(['v', 'V']) && rules == EditRules::Rfc3986;
        if future || text.parse::<std::net::Ipv6Addr>().is_ok() {
            return Ok(v.to_vec());
        }
        return Err(SetError::Host(format!(
            "'{}' is not an IPv6 address",
            shown(v)
        )));
    }
    let ascii: Vec<u8> = if !v.is_ascii() && mode == Encode::Encoded {
        let text = std::str::from_utf8(v)
            .map_err(|_| SetError::Host("the name is not UTF-8 text".into()))?;
        idna::domain_to_ascii(text)
            .map_err(|_| SetError::Host(format!("UTS #46 rejects '{text}'")))?
            .into_bytes()
    } else {
        v.to_vec()
    };
    let bad = ascii.iter().enumerate().find(|&(i, &b)| {
        let triplet = b == b'%'
            && rules == EditRules::Rfc3986
            && ascii.get(i + 1).is_some_and(|&h| h.is_ascii_hexdigit())
            && ascii.get(i + 2).is_some_and(|&h| h.is_ascii_hexdigit());
        let ok = match rules {
            EditRules::Rfc1738 => b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'),
            _ => {
                b.is_ascii_alphanumeric()
                    || b"-._~!$&'()*+,;=".contains(&b)
                    || triplet
                    || (b == b'%' && ascii.get(i + 1).is_some_and(|&h| h.is_ascii_hexdigit()))
            }
        };
        !ok
    });
    match bad {
        None => Ok(ascii),
        Some((_, &b)) => Err(SetError::Host(format!(
            "{} may not stand in a host under {}",
            super::octet_label(b),
            rules.title()
        ))),
    }
}

/// Set under RFC 3986 / RFC 1738.
pub(super) fn set(
    x: &[u8],
    target: Target,
    value: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let p = tokenize(x);
    let mut encoded = Vec::new();
    let mut written = |t: Target| {
        let w = encode::write(value, t, mode, rules);
        encoded = w.encoded;
        w.octets
    };
    let (range, text): (Range<usize>, Vec<u8>) = match target {
        Target::Href => (0..x.len(), value.to_vec()),
        Target::Scheme => {
            check_scheme(value)?;
            match &p.scheme {
                Some(s) => (s.clone(), value.to_vec()),
                None => {
                    let mut t = value.to_vec();
                    t.push(b':');
                    (p.body.start..p.body.start, t)
                }
            }
        }
        Target::User => {
            let v = written(Target::User);
            match (&p.user, &p.authority) {
                (Some(u), _) => (u.clone(), v),
                (None, Some(a)) => (a.start..a.start, [&v[..], b"@"].concat()),
                (None, None) => new_authority(x, &p, &[&v[..], b"@"].concat()),
            }
        }
        Target::Password => {
            let v = written(Target::Password);
            match (&p.password, &p.user, &p.authority) {
                (Some(r), _, _) => (r.clone(), v),
                (None, Some(u), _) => (u.end..u.end, [b":", &v[..]].concat()),
                (None, None, Some(a)) => (a.start..a.start, [b":", &v[..], b"@"].concat()),
                (None, None, None) => new_authority(x, &p, &[b":", &v[..], b"@"].concat()),
            }
        }
        Target::Host => {
            let v = write_host(value, mode, rules)?;
            match (&p.host, &p.authority) {
                (Some(h), _) => (h.clone(), v),
                (None, Some(a)) => (a.end..a.end, v),
                (None, None) => new_authority(x, &p, &v),
            }
        }
        Target::HostPort => {
            return Err(SetError::NoPlace(
                Target::HostPort,
                "the WHATWG host setter; under RFC rules set host and port",
            ));
        }
        Target::Port => {
            check_port(value)?;
            match (&p.port, &p.host) {
                (Some(r), _) => (r.clone(), value.to_vec()),
                (None, Some(h)) => (h.end..h.end, [b":", value].concat()),
                (None, None) => {
                    return Err(SetError::NoPlace(Target::Port, "the URL has no host"));
                }
            }
        }
        Target::Path => {
            let mut v = written(Target::Path);
            let has_authority = p.authority.is_some();
            if has_authority && !v.is_empty() && v[0] != b'/' {
                v.insert(0, b'/');
            } else if !has_authority && v.starts_with(b"//") {
                // `//` would start an authority: RFC 3986 §3.3 writes such a path as `/.//`.
                v.splice(0..0, *b"/.");
            }
            (whole_path(&p), v)
        }
        Target::Params => {
            let v = written(Target::Params);
            match &p.params {
                Some(r) => (r.clone(), v),
                None => (p.path.end..p.path.end, [b";", &v[..]].concat()),
            }
        }
        Target::Query => {
            let v = written(Target::Query);
            match &p.query {
                Some(q) => (q.clone(), v),
                None => {
                    let at = p.fragment_mark.unwrap_or(p.body.end);
                    (at..at, [b"?", &v[..]].concat())
                }
            }
        }
        Target::Fragment => {
            let v = written(Target::Fragment);
            match &p.fragment {
                Some(f) => (f.clone(), v),
                None => (p.body.end..p.body.end, [b"#", &v[..]].concat()),
            }
        }
        Target::Segment | Target::QueryName | Target::QueryValue => {
            return Err(SetError::NoPlace(
                target,
                "a piece of a component: use the path-segment and query-pair operations",
            ));
        }
    };
    Ok(Edited {
        url: replace(x, range, &text),
        encoded,
        rules,
    })
}

/// Remove a component under RFC 3986 / RFC 1738.
pub(super) fn clear(x: &[u8], target: Target, rules: EditRules) -> Result<Edited, SetError> {
    let p = tokenize(x);
    let cut: Option<Range<usize>> = match target {
        Target::Scheme | Target::Href | Target::HostPort => {
            return Err(SetError::NoPlace(target, "cannot be removed"));
        }
        // The user goes with its `@` when there is no password; with one, only its text.
        Target::User => p.user.clone().map(|u| match &p.password {
            Some(_) => u,
            None => u.start..(u.end + 1).min(x.len()),
        }),
        Target::Password => p.password.clone().map(|r| r.start - 1..r.end),
        Target::Host => p.host.clone(),
        Target::Port => p.port.clone().map(|r| r.start - 1..r.end),
        Target::Path => Some(whole_path(&p)),
        Target::Params => p.params.clone().map(|r| r.start - 1..r.end),
        Target::Query => p
            .query
            .clone()
            .map(|q| p.query_mark.unwrap_or(q.start)..q.end),
        Target::Fragment => p
            .fragment
            .clone()
            .map(|f| p.fragment_mark.unwrap_or(f.start)..f.end),
        Target::Segment | Target::QueryName | Target::QueryValue => {
            return Err(SetError::NoPlace(target, "cannot be removed as a whole"));
        }
    };
    // A user and password both removed leave a bare `@`: remove the whole userinfo then.
    let url = match cut {
        Some(r) => replace(x, r, b""),
        None => x.to_vec(),
    };
    Ok(Edited {
        url,
        encoded: Vec::new(),
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str, t: Target, v: &str) -> String {
        let e = set(
            x.as_bytes(),
            t,
            v.as_bytes(),
            Encode::Encoded,
            EditRules::Rfc3986,
        )
        .unwrap();
        String::from_utf8(e.url).unwrap()
    }

    fn c(x: &str, t: Target) -> String {
        String::from_utf8(clear(x.as_bytes(), t, EditRules::Rfc3986).unwrap().url).unwrap()
    }

    #[test]
    fn replace_or_insert_each_component() {
        let x = "http://h/p?q#f";
        assert_eq!(s(x, Target::Scheme, "https"), "https://h/p?q#f");
        assert_eq!(s(x, Target::User, "u"), "http://u@h/p?q#f");
        assert_eq!(s(x, Target::Password, "pw"), "http://:pw@h/p?q#f");
        assert_eq!(s("http://u@h/", Target::Password, "pw"), "http://u:pw@h/");
        assert_eq!(
            s(x, Target::Host, "räksmörgås.se"),
            "http://xn--rksmrgs-5wao1o.se/p?q#f"
        );
        assert_eq!(s(x, Target::Port, "8080"), "http://h:8080/p?q#f");
        assert_eq!(s(x, Target::Path, "a b"), "http://h/a%20b?q#f");
        assert_eq!(s(x, Target::Query, "k=v w"), "http://h/p?k%3Dv%20w#f");
        assert_eq!(s("http://h/p#f", Target::Query, "k"), "http://h/p?k#f");
        assert_eq!(s("http://h/p", Target::Fragment, "a#b"), "http://h/p#a%23b");
        assert_eq!(s("", Target::Host, "moo"), "//moo");
        assert_eq!(s("//moo", Target::Scheme, "http"), "http://moo");
    }

    #[test]
    fn removal_takes_the_delimiter() {
        assert_eq!(c("http://u@h:8/p?q#f", Target::User), "http://h:8/p?q#f");
        assert_eq!(
            c("http://u:p@h:8/p?q#f", Target::Password),
            "http://u@h:8/p?q#f"
        );
        assert_eq!(c("http://u@h:8/p?q#f", Target::Port), "http://u@h/p?q#f");
        assert_eq!(c("http://h/p?q#f", Target::Query), "http://h/p#f");
        assert_eq!(c("http://h/p?q#f", Target::Fragment), "http://h/p?q");
    }

    #[test]
    fn bad_values_are_errors_and_change_nothing() {
        let x = b"http://h/";
        let r = EditRules::Rfc3986;
        let m = Encode::Encoded;
        assert_eq!(
            set(x, Target::Port, b"8o", m, r),
            Err(SetError::Port("8o".into()))
        );
        assert_eq!(
            set(x, Target::Port, b"70000", m, r),
            Err(SetError::Port("70000".into()))
        );
        assert!(matches!(
            set(x, Target::Host, b"a b", m, r),
            Err(SetError::Host(_))
        ));
        assert!(matches!(
            set(x, Target::Host, b"[::g]", m, r),
            Err(SetError::Host(_))
        ));
        assert!(matches!(
            set(x, Target::Scheme, b"1x", m, r),
            Err(SetError::Scheme(_))
        ));
        assert!(matches!(
            set(b"mailto:x", Target::Port, b"1", m, r),
            Err(SetError::NoPlace(..))
        ));
    }
}
