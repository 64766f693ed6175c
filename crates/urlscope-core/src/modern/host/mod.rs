//! The host lens (docs/lenses.md, "The host lens"): the host of a URL as the WHATWG parser (the `url` crate)
//! reads it, and what that host is: its kind, how an IPv4 host was written, the special-purpose
//! class of an address (RFC 6890), each label of a domain under UTS #46 and UTS #39, the
//! registrable domain (Public Suffix List) and the findings worth a warning.
//!
//! [`inspect_host`] is the full report (the `h` view and `urlscope host`); [`summarize`] is the
//! cheap one-line summary for every input of the inspector. Both share [`facts`].

pub(crate) mod domain;
pub(crate) mod findings;
pub(crate) mod ipv4;
pub(crate) mod locate;
pub(crate) mod phishing;
pub(crate) mod ranges;
pub(crate) mod spoof;
pub(crate) mod suffix;
pub(crate) mod summary;
pub(crate) mod target;

use std::borrow::Cow;
use std::net::IpAddr;

use serde::Serialize;

pub use findings::{Finding, HostFindingId, Severity};
pub use summary::{HostSummary, summarize};

use crate::url::syntax::frame::{Unframed, unframe};
use crate::url::syntax::parser_text::parser_text;
use locate::{Located, NotFound};

/// What the host is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `domain`.
    Domain,
    /// `IPv4`.
    Ipv4,
    /// `IPv6`.
    Ipv6,
    /// The host of a non-special scheme: percent-encoded, no UTS #46, no IPv4 parser.
    Opaque,
    /// An authority with an empty host (`file:///`, `file://localhost/`).
    Empty,
    /// No authority at all (`mailto:`, `data:`), or no host could be found.
    None,
}

impl Kind {
    /// The kind's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Domain => "domain",
            Kind::Ipv4 => "IPv4",
            Kind::Ipv6 => "IPv6",
            Kind::Opaque => "opaque",
            Kind::Empty => "empty",
            Kind::None => "none",
        }
    }
}

/// An IP address and its special-purpose class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Address {
    /// The address as text.
    pub ip: String,
    /// The most specific registry row containing it; `None`: public.
    pub row: Option<ranges::Row>,
    /// For an IPv4-mapped IPv6 address: the IPv4 address it carries and that address's row.
    pub mapped: Option<Box<Address>>,
    /// 169.254.169.254, the cloud instance-metadata address.
    pub cloud_metadata: bool,
}

impl Address {
    /// The facts of `ip`: its registry row, the IPv4 address an IPv4-mapped address carries, and
    /// whether it is the cloud metadata address.
    pub fn of(ip: IpAddr) -> Address {
        let mapped = match ip {
            IpAddr::V6(v6) => ranges::mapped_v4(v6).map(|v4| Box::new(Address::of(IpAddr::V4(v4)))),
            IpAddr::V4(_) => None,
        };
        Address {
            ip: ip.to_string(),
            row: ranges::classify(ip).copied(),
            mapped,
            cloud_metadata: ip == IpAddr::V4(ranges::CLOUD_METADATA),
        }
    }
}

/// Everything the lens knows about one host text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub scheme: Option<String>,
    /// The host text as typed.
    pub typed: Option<String>,
    /// The host as the WHATWG host parser serializes it.
    pub host: Option<String>,
    /// The WHATWG host parser's error for the typed host.
    pub host_error: Option<String>,
    pub kind: Kind,
    pub ipv4: Option<ipv4::Ipv4Reading>,
    pub address: Option<Address>,
    pub domain: Option<domain::DomainReport>,
    pub registrable: Option<suffix::Registrable>,
    pub confusable: Option<spoof::Confusable>,
    /// Why the host was not analysed (absurdly long), if so.
    pub skipped: Option<String>,
}

/// The full report of the host lens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HostReport {
    /// The URL as the `url` crate serializes it, when it parses.
    pub url: Option<String>,
    /// The `url` crate's error, when it does not.
    pub parse_error: Option<String>,
    /// The base's error, when a base was given and does not parse.
    pub base_error: Option<String>,
    /// Where the typed host text was found: `input` or `base`.
    pub typed_from: Option<&'static str>,
    /// What was taken off around the input (`<…>`, quotes, whitespace) before it was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<Unframed>,
    /// What the host is.
    #[serde(flatten)]
    pub facts: Facts,
    /// What is worth knowing about it, most severe first.
    pub findings: Vec<Finding>,
    /// The target of a wrapped link (SafeLinks, Proofpoint, a Google redirect, …) and its own
    /// findings; absent when nothing wraps the link.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<target::Target>,
    /// The sources the answers come from, by name and version.
    pub sources: Sources,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sources {
    pub public_suffix_list: String,
    pub unicode_security: String,
}

impl Sources {
    pub fn new() -> Sources {
        let (a, b, c) = unicode_security::UNICODE_VERSION;
        Sources {
            public_suffix_list: format!(
                "Public Suffix List as compiled into the psl crate {} (the crate does not record the list's date)",
                suffix::PSL_CRATE_VERSION
            ),
            unicode_security: format!(
                "UTS #39 data of Unicode {a}.{b}.{c} (unicode-security crate)"
            ),
        }
    }
}

impl Default for Sources {
    fn default() -> Self {
        Sources::new()
    }
}

/// Percent-decode as the WHATWG host parser does before UTS #46 (invalid triplets stay).
pub fn percent_decode(s: &str) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    if !b.contains(&b'%') {
        return Cow::Borrowed(b);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if crate::url::syntax::octets::triplet_at(b, i) {
            let h = crate::url::syntax::octets::hex_value;
            out.push(h(b[i + 1]) << 4 | h(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// Analyse the host text `typed` of a URL with `scheme`, as the WHATWG host parser would.
/// `parsed` is the `url` crate's host for the whole URL when known (it wins over parsing the
/// typed text alone).
pub(crate) fn facts(scheme: &str, typed: &str, parsed: Option<url::Host<String>>) -> Facts {
    let special = locate::is_special(scheme);
    let own = if special {
        url::Host::parse(typed)
    } else {
        url::Host::parse_opaque(typed)
    };
    let host_error = own.as_ref().err().map(|e| e.to_string());
    let host = parsed.or(own.ok());
    let mut f = Facts {
        typed: Some(typed.to_string()),
        host: host.as_ref().map(|h| h.to_string()),
        host_error,
        ..no_facts(Some(scheme.to_string()))
    };
    let decoded = percent_decode(typed);
    f.kind = match &host {
        Some(url::Host::Ipv4(a)) => {
            let mapped = idna::domain_to_ascii_cow(&decoded, idna::AsciiDenyList::URL);
            f.ipv4 = mapped.ok().and_then(|t| ipv4::read(&t));
            if let Some(r) = &mut f.ipv4 {
                typed_parts(r, typed);
            }
            f.address = Some(Address::of(IpAddr::V4(*a)));
            Kind::Ipv4
        }
        Some(url::Host::Ipv6(a)) => {
            f.address = Some(Address::of(IpAddr::V6(*a)));
            Kind::Ipv6
        }
        Some(url::Host::Domain(d)) if d.is_empty() => Kind::Empty,
        Some(url::Host::Domain(_)) if !special => Kind::Opaque,
        // A special host, or one the host parser rejects: the labels still tell why.
        Some(url::Host::Domain(_)) | None if special && !typed.starts_with('[') => Kind::Domain,
        _ if typed.is_empty() => Kind::Empty,
        _ => Kind::None,
    };
    if f.kind == Kind::Domain {
        let d = domain::inspect(Some(typed), &decoded);
        if let Some(ascii) = &d.ascii {
            f.registrable = suffix::registrable(ascii, &d.unicode);
        }
        f.confusable = f.registrable.as_ref().and_then(|r| {
            let (u, a) = (r.domain_unicode.as_deref()?, r.domain.as_deref()?);
            spoof::confusable(u, a)
        });
        f.domain = Some(d);
    }
    f
}

/// Pair the parts the IPv4 parser read with the parts as typed, when they line up.
fn typed_parts(r: &mut ipv4::Ipv4Reading, typed: &str) {
    let mut parts: Vec<&str> = typed.split(domain::DOTS).collect();
    if r.trailing_dot {
        parts.pop();
    }
    if parts.len() == r.parts.len() {
        for (p, t) in r.parts.iter_mut().zip(parts) {
            if !p.text.eq_ignore_ascii_case(t) {
                p.typed = Some(t.to_string());
            }
        }
    }
}

fn no_facts(scheme: Option<String>) -> Facts {
    Facts {
        scheme,
        typed: None,
        host: None,
        host_error: None,
        kind: Kind::None,
        ipv4: None,
        address: None,
        domain: None,
        registrable: None,
        confusable: None,
        skipped: None,
    }
}

/// Facts for a located host (or the reason none was found).
pub(crate) fn facts_located(
    found: Result<Located, NotFound>,
    parsed: Option<url::Host<String>>,
) -> Facts {
    match found {
        Ok(l) if l.empty && parsed.is_none() => {
            let mut f = no_facts(Some(l.scheme));
            f.typed = Some(String::new());
            f.kind = Kind::Empty;
            f
        }
        Ok(l) => facts(&l.scheme, &l.host, parsed),
        Err(NotFound::TooLong(n)) => {
            let mut f = no_facts(None);
            f.skipped = Some(format!("the host is {n} B long; not analysed"));
            f
        }
        Err(_) => no_facts(None),
    }
}

/// The host text of a relative `input` that has its own authority (`//host/x`), read with the
/// base's scheme; else the base's host.
fn locate_relative(input: &str, base: &str) -> (Result<Located, NotFound>, &'static str) {
    let b = locate::locate(base);
    let scheme = match &b {
        Ok(l) => l.scheme.clone(),
        Err(_) => return (b, "base"),
    };
    let t = input.trim_start_matches(|c: char| c <= ' ');
    let special = locate::is_special(&scheme);
    let two = t
        .chars()
        .take(2)
        .all(|c| c == '/' || (special && c == '\\'));
    if t.chars().count() >= 2 && two {
        (locate::locate(&format!("{scheme}:{t}")), "input")
    } else {
        (b, "base")
    }
}

/// The full host report for `input` (resolved against `base` when given).
///
/// Returns what the host is (as the URL Standard's host parser reads it, its registrable domain
/// by the Public Suffix List, the address's special-purpose registry row) and the findings
/// worth knowing, most severe first (docs/lenses.md, "The host lens"). It never panics; a URL without a
/// host gives a report that says so.
///
/// ```
/// let r = urlscope_core::inspect_host(b"https://www.paypal.com@evil.example/login", None);
/// assert_eq!(r.facts.host.as_deref(), Some("evil.example"));
/// assert!(!r.findings.is_empty());
/// ```
pub fn inspect_host(input: &[u8], base: Option<&[u8]>) -> HostReport {
    let frame = unframe(input);
    let text = parser_text(frame.of(input));
    let base_text = base.map(|b| parser_text(unframe(b).of(b)));
    let mut base_error = None;
    let base_url = base_text
        .as_ref()
        .and_then(|b| match url::Url::parse(&b.text) {
            Ok(u) => Some(u),
            Err(e) => {
                base_error = Some(e.to_string());
                None
            }
        });
    let parsed = url::Url::options()
        .base_url(base_url.as_ref())
        .parse(&text.text);
    let (mut found, mut from) = (locate::locate(&text.text), "input");
    if matches!(found, Err(NotFound::NoScheme))
        && let Some(b) = &base_text
    {
        (found, from) = locate_relative(&text.text, &b.text);
    }
    let url_host = parsed
        .as_ref()
        .ok()
        .and_then(|u| u.host().map(|h| h.to_owned()));
    let mut f = facts_located(found, url_host.clone());
    if let Ok(u) = &parsed
        && url_host.is_none()
    {
        // WHATWG drops `localhost` from file URLs; other hostless URLs have no authority.
        let file = u.scheme() == "file";
        f = Facts {
            typed: f.typed.filter(|_| file),
            ..no_facts(Some(u.scheme().to_string()))
        };
        f.kind = if file { Kind::Empty } else { Kind::None };
    }
    let typed_found = f.typed.is_some();
    // The typed text must be what the parser read: its host must be the URL's host.
    let mismatch = url_host.is_some()
        && typed_found
        && f.typed.as_deref().map(|t| host_of(f.scheme.as_deref(), t)) != Some(url_host.clone());
    if mismatch && let (Some(scheme), Some(h)) = (f.scheme.clone(), url_host.clone()) {
        // Analyse what the parser produced rather than a text it did not read.
        f = facts(&scheme, &h.to_string(), Some(h));
        f.typed = None;
    }
    let mut r = HostReport {
        url: parsed.as_ref().ok().map(|u| u.to_string()),
        parse_error: parsed.as_ref().err().map(|e| e.to_string()),
        base_error,
        typed_from: (typed_found && !mismatch).then_some(from),
        frame: Some(frame).filter(Unframed::is_framed),
        facts: f,
        findings: Vec::new(),
        target: target::of(&crate::modern::unwrap::unwrap(input)),
        sources: Sources::new(),
    };
    let link = phishing::Link::of(parsed.as_ref().ok(), r.facts.scheme.as_deref());
    r.findings = all_findings(&r.facts, &link, r.parse_error.as_deref(), r.frame.as_ref());
    r
}

/// Every finding of the host lens, most serious first: the host's own, the phishing tricks, and
/// a note when a frame was removed around the input.
pub(crate) fn all_findings(
    f: &Facts,
    link: &phishing::Link,
    parse_error: Option<&str>,
    frame: Option<&Unframed>,
) -> Vec<Finding> {
    let mut out = findings::of(f, parse_error);
    out.extend(phishing::findings(link, f));
    if let Some(note) = frame.and_then(Unframed::note) {
        out.push(Finding::new(
            HostFindingId::FrameRemoved,
            "frame removed".into(),
            note,
        ));
    }
    out.sort_by_key(|x| x.severity);
    out
}

fn host_of(scheme: Option<&str>, typed: &str) -> Option<url::Host<String>> {
    if scheme.is_some_and(locate::is_special) {
        url::Host::parse(typed).ok()
    } else {
        url::Host::parse_opaque(typed).ok()
    }
}
