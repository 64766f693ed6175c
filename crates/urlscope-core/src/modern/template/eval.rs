//! One placeholder's value for one record, read from the core: components, the query table,
//! the host lens, the unwrap lens, the profiles and the copy forms.

use std::ops::Range;

use super::parse::{Name, Placeholder};
use crate::modern::edit::forms;
use crate::modern::{host, query, unwrap};
use crate::url::{Component, Options, Parsed, Profile, normalize, octets, tokenize};

/// The default port of a scheme (the URL Standard's special schemes and the schemes trurl's
/// libcurl knows).
pub fn default_port(scheme: &[u8]) -> Option<&'static str> {
    let s = scheme.to_ascii_lowercase();
    Some(match &s[..] {
        b"http" | b"ws" => "80",
        b"https" | b"wss" => "443",
        b"ftp" => "21",
        b"ftps" => "990",
        b"gopher" => "70",
        b"imap" => "143",
        b"imaps" => "993",
        b"pop3" => "110",
        b"pop3s" => "995",
        b"smtp" => "25",
        b"smtps" => "465",
        b"ldap" => "389",
        b"ldaps" => "636",
        b"sftp" | b"scp" => "22",
        b"telnet" => "23",
        b"dict" => "2628",
        b"tftp" => "69",
        b"rtsp" => "554",
        b"smb" | b"smbs" => "445",
        b"mqtt" => "1883",
        _ => return None,
    })
}

/// Percent-decoding for output: every triplet decoded except a control octet's (C0, DEL),
/// which stays a triplet so that no control character reaches the output raw.
fn decoded(x: &[u8], r: Range<usize>, out: &mut Vec<u8>) {
    for u in octets::units_in(x, r) {
        if u.encoded && (u.value < 0x20 || u.value == 0x7F) {
            octets::push_encoded(out, u.value);
        } else {
            out.push(u.value);
        }
    }
}

/// The same for a value already decoded (a query table entry).
fn push_shown(v: &[u8], out: &mut Vec<u8>) {
    for &b in v {
        if b < 0x20 || b == 0x7F {
            octets::push_encoded(out, b);
        } else {
            out.push(b);
        }
    }
}

fn host_text(x: &[u8], p: &Parsed) -> Option<String> {
    let r = p.host.clone()?;
    let d: Vec<u8> = octets::units_in(x, r).map(|u| u.value).collect();
    Some(String::from_utf8_lossy(&d).into_owned())
}

fn puny(h: &str) -> String {
    idna::domain_to_ascii(h).unwrap_or_else(|_| h.to_string())
}

fn idn(h: &str) -> String {
    idna::domain_to_unicode(h).0
}

/// Append the value of `v` for `x` (tokenized as `p`); `false` when the URL has no such part.
pub(super) fn value(
    x: &[u8],
    p: &Parsed,
    profile: Profile,
    v: &Placeholder,
    out: &mut Vec<u8>,
) -> bool {
    let comp = |r: Option<Range<usize>>, out: &mut Vec<u8>| -> bool {
        match r {
            Some(r) if v.raw => {
                out.extend_from_slice(&x[r]);
                true
            }
            Some(r) => {
                decoded(x, r, out);
                true
            }
            None => false,
        }
    };
    match &v.name {
        Name::Url => {
            let mut u = x.to_vec();
            if (v.puny || v.idn)
                && let (Some(h), Some(r)) = (host_text(x, p), p.host.clone())
            {
                let new = if v.puny { puny(&h) } else { idn(&h) };
                u.splice(r, new.into_bytes());
            }
            if v.default && p.port.is_none() {
                let t = tokenize(&u);
                let port = p.scheme.clone().and_then(|s| default_port(&x[s]));
                if let (Some(h), Some(port)) = (t.host, port) {
                    u.splice(h.end..h.end, format!(":{port}").into_bytes());
                }
            }
            out.extend_from_slice(&u);
            true
        }
        Name::Component(Component::Host) if v.puny || v.idn => match host_text(x, p) {
            Some(h) => {
                out.extend_from_slice(if v.puny { puny(&h) } else { idn(&h) }.as_bytes());
                true
            }
            None => false,
        },
        Name::Component(Component::Port) => {
            let port = p.port.clone().filter(|r| !r.is_empty());
            match (&port, v.default) {
                (Some(_), _) => comp(port, out),
                (None, true) => match p.scheme.clone().and_then(|s| default_port(&x[s])) {
                    Some(d) => {
                        out.extend_from_slice(d.as_bytes());
                        true
                    }
                    None => false,
                },
                (None, false) => false,
            }
        }
        Name::Component(c) => comp(p.component(*c), out),
        Name::QueryFirst(k) | Name::QueryAll(k) => {
            let t = query::table_of(x, p);
            let all = matches!(v.name, Name::QueryAll(_));
            let mut found = false;
            for pair in t.pairs.iter().filter(|q| q.key_decoded == *k) {
                if found {
                    out.push(b' ');
                }
                found = true;
                match (&pair.value, v.raw) {
                    (Some(r), true) => out.extend_from_slice(&x[r.clone()]),
                    (Some(_), false) => push_shown(&pair.value_decoded, out),
                    (None, _) => {}
                }
                if !all {
                    break;
                }
            }
            found
        }
        Name::Registrable | Name::Suffix => {
            // The host lens's reading (kind, UTS #46, Public Suffix List): an address has no
            // registrable domain.
            let Some(reg) = host::inspect_host(x, None).facts.registrable else {
                return false;
            };
            let text = match (&v.name, v.idn) {
                (Name::Suffix, false) => Some(reg.suffix),
                (Name::Suffix, true) => Some(reg.suffix_unicode),
                (_, false) => reg.domain,
                (_, true) => reg.domain_unicode,
            };
            match text {
                Some(t) => {
                    out.extend_from_slice(t.as_bytes());
                    true
                }
                None => false,
            }
        }
        Name::Target => {
            out.extend_from_slice(unwrap::unwrap(x).target().text.as_bytes());
            true
        }
        Name::Profile(pr) => {
            out.extend_from_slice(&normalize(x, *pr, &Options::default()).output);
            true
        }
        Name::As(f) => {
            let result = if profile == Profile::None {
                x.to_vec()
            } else {
                normalize(x, profile, &Options::default()).output
            };
            match forms::form(*f, x, &result) {
                Some(o) => {
                    out.extend_from_slice(&o);
                    true
                }
                None => false,
            }
        }
    }
}
