//! Each column is one real parser, called in-process; this module only reads its answer into the
//! eight rows. Nothing here parses a URL itself.

use super::{Parser, Rejection, Row, Value};
use crate::url::{resolve, tokenize};

/// One parser's reading: a value per row (in [`Row::ALL`] order) and, when it rejected the
/// text, why.
pub(crate) struct Read {
    pub values: Vec<Value>,
    pub rejection: Option<Rejection>,
    /// The `url` crate's port for the scheme when none is written (`port_or_known_default`),
    /// so a written default port can be matched against WHATWG's dropped one.
    pub default_port: Option<u16>,
    /// The `url` crate read the host as an IPv4 or IPv6 address.
    pub ip_host: bool,
    /// The `url` crate's scheme is special (WHATWG URL Standard §4.1).
    pub special: bool,
    /// The `url` crate rejected the text for its port.
    pub port_error: bool,
}

impl Read {
    fn rejected(message: String, position: Option<usize>, text: &str) -> Read {
        let found = position
            .and_then(|i| text.get(i..))
            .and_then(|s| s.chars().next());
        Read {
            values: vec![Value::Rejected; Row::ALL.len()],
            rejection: Some(Rejection {
                message,
                position,
                found: found.map(String::from),
                note: None,
            }),
            default_port: None,
            ip_host: false,
            special: false,
            port_error: false,
        }
    }

    fn of(values: [Value; 8]) -> Read {
        Read {
            values: values.to_vec(),
            rejection: None,
            default_port: None,
            ip_host: false,
            special: false,
            port_error: false,
        }
    }
}

pub(super) fn read(p: Parser, text: &str, base: Option<&str>) -> Read {
    match p {
        Parser::Urlscope => urlscope(text, base),
        Parser::Rfc3986 => rfc3986(text, base),
        Parser::Whatwg => whatwg(text, base),
        Parser::Http => http(text),
    }
}

fn lower(v: &Value) -> Value {
    match v {
        Value::Present(s) => Value::Present(lower_host(s)),
        other => other.clone(),
    }
}

/// A host, ASCII lowercased; an IPv6 literal's RFC 6874 zone (after its `%`) is kept as written:
/// it names a local interface, whose case the host's OS may keep.
pub(crate) fn lower_host(s: &str) -> String {
    match (s.starts_with('['), s.find('%')) {
        (true, Some(k)) => format!("{}{}", s[..k].to_ascii_lowercase(), &s[k..]),
        _ => s.to_ascii_lowercase(),
    }
}

/// Why fluent-uri rejects an IPv6 literal with a zone.
const ZONE_NOTE: &str = "an RFC 6874 zone, which fluent-uri 0.4 (RFC 3986 alone) rejects";

/// Whether `text` has a `%` inside an IPv6 literal's brackets at `index` (fluent-uri's error
/// position): an RFC 6874 zone, which fluent-uri 0.4 does not accept.
fn zone_at(text: &str, index: usize) -> bool {
    let head = &text.as_bytes()[..index.min(text.len())];
    text.as_bytes().get(index) == Some(&b'%')
        && head.iter().rposition(|&b| b == b'[') > head.iter().rposition(|&b| b == b']')
}

/// urlscope's tokenizer (the one the other views use), after RFC 1808 §4 resolution when a base is given.
fn urlscope(text: &str, base: Option<&str>) -> Read {
    let owned;
    let x: &[u8] = match base {
        Some(b) => {
            let r = resolve(b.as_bytes(), text.as_bytes());
            if let Some(e) = r.error {
                return Read::rejected(format!("{e} (RFC 1808 §4)"), None, text);
            }
            owned = r.output;
            &owned
        }
        None => text.as_bytes(),
    };
    let p = tokenize(x);
    // Every range ends on an ASCII delimiter or the end, so slices of UTF-8 text stay UTF-8.
    let s = |r: &std::ops::Range<usize>| String::from_utf8_lossy(&x[r.clone()]).into_owned();
    let opt = |r: &Option<std::ops::Range<usize>>| {
        r.as_ref().map_or(Value::Absent, |r| Value::Present(s(r)))
    };
    let userinfo = match &p.user {
        Some(u) => {
            let end = p.password.as_ref().map_or(u.end, |pw| pw.end);
            Value::Present(s(&(u.start..end)))
        }
        None => Value::Absent,
    };
    let path_end = p.params.as_ref().map_or(p.path.end, |r| r.end);
    let host = opt(&p.host);
    let effective = lower(&host);
    Read::of([
        opt(&p.scheme),
        userinfo,
        host,
        opt(&p.port),
        Value::Present(s(&(p.path.start..path_end))),
        opt(&p.query),
        opt(&p.fragment),
        effective,
    ])
}

/// RFC 3986 as the `fluent-uri` crate parses it; with a base, its §5.2 resolution.
fn rfc3986(text: &str, base: Option<&str>) -> Read {
    use fluent_uri::{Uri, UriRef, component::Host};
    let r = match UriRef::parse(text) {
        Ok(r) => r,
        Err(e) if zone_at(text, e.index()) => {
            let mut r = Read::rejected(e.to_string(), Some(e.index()), text);
            if let Some(rej) = &mut r.rejection {
                rej.note = Some(ZONE_NOTE);
            }
            return r;
        }
        Err(e) => return Read::rejected(e.to_string(), Some(e.index()), text),
    };
    let resolved;
    let r: UriRef<&str> = match base {
        None => r,
        Some(b) => {
            let b = match Uri::parse(b) {
                Ok(b) => b,
                Err(e) => return Read::rejected(format!("base: {e}"), None, text),
            };
            resolved = match r.resolve_against(&b) {
                Ok(u) => u.into_string(),
                Err(e) => return Read::rejected(e.to_string(), None, text),
            };
            match UriRef::parse(resolved.as_str()) {
                Ok(u) => u,
                Err(e) => return Read::rejected(e.to_string(), Some(e.index()), text),
            }
        }
    };
    let auth = r.authority();
    let effective = match &auth {
        None => Value::Absent,
        Some(a) => match a.host_parsed() {
            // A registered name is percent-decoded before the name lookup (RFC 3986 §3.2.2),
            // as the crate's own `socket_addrs` does.
            Host::RegName(name) => match name.decode().to_string() {
                Ok(d) => Value::Present(d.to_ascii_lowercase()),
                Err(_) => Value::Present(name.as_str().to_ascii_lowercase()),
            },
            _ => Value::Present(lower_host(a.host())),
        },
    };
    Read::of([
        Value::of(r.scheme().map(|s| s.as_str())),
        Value::of(auth.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str())),
        Value::of(auth.as_ref().map(|a| a.host())),
        Value::of(auth.as_ref().and_then(|a| a.port()).map(|p| p.as_str())),
        Value::Present(r.path().as_str().to_owned()),
        Value::of(r.query().map(|q| q.as_str())),
        Value::of(r.fragment().map(|f| f.as_str())),
        effective,
    ])
}

/// The WHATWG URL Standard as the `url` crate implements it; with a base, parsed against it.
fn whatwg(text: &str, base: Option<&str>) -> Read {
    use url::{Host, Url};
    let parsed = match base {
        None => Url::parse(text),
        Some(b) => match Url::parse(b) {
            Ok(b) => Url::options().base_url(Some(&b)).parse(text),
            Err(e) => return Read::rejected(format!("base: {e}"), None, text),
        },
    };
    let u = match parsed {
        Ok(u) => u,
        Err(e) => {
            let mut r = Read::rejected(e.to_string(), None, text);
            r.port_error = e == url::ParseError::InvalidPort;
            return r;
        }
    };
    let userinfo = if u.username().is_empty() && u.password().is_none() {
        Value::Absent
    } else {
        match u.password() {
            Some(p) => Value::Present(format!("{}:{p}", u.username())),
            None => Value::Present(u.username().to_owned()),
        }
    };
    let host = Value::of(u.host_str());
    let mut read = Read::of([
        Value::Present(u.scheme().to_owned()),
        userinfo,
        host.clone(),
        Value::of(u.port().map(|p| p.to_string()).as_deref()),
        Value::Present(u.path().to_owned()),
        Value::of(u.query()),
        Value::of(u.fragment()),
        host,
    ]);
    read.default_port = u
        .port()
        .is_none()
        .then(|| u.port_or_known_default())
        .flatten();
    read.ip_host = matches!(u.host(), Some(Host::Ipv4(_) | Host::Ipv6(_)));
    read.special = matches!(u.scheme(), "http" | "https" | "ws" | "wss" | "ftp" | "file");
    read
}

/// The `http` crate's `Uri` (what hyper parses). It has no reference resolution, so with a base
/// it reads the reference as sent; it keeps no fragment.
fn http(text: &str) -> Read {
    let u: http::Uri = match text.parse() {
        Ok(u) => u,
        Err(e) => return Read::rejected(e.to_string(), None, text),
    };
    let auth = u.authority();
    // The crate's `host()` ends the userinfo at the last `@`; the userinfo is what precedes it.
    let userinfo = auth
        .and_then(|a| a.as_str().rsplit_once('@'))
        .map(|(ui, _)| ui);
    let host = Value::of(u.host());
    let effective = lower(&host);
    Read::of([
        Value::of(u.scheme_str()),
        Value::of(userinfo),
        host,
        Value::of(u.port().as_ref().map(|p| p.as_str())),
        Value::Present(u.path().to_owned()),
        Value::of(u.query()),
        Value::NotKept,
        effective,
    ])
}
