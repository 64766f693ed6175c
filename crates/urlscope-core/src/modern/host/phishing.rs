//! The phishing tricks that the host alone does not show: a brand or domain in the
//! userinfo (`https://paypal.com@evil.example/`) or left of the registrable domain
//! (`https://paypal.com.evil.example/`), script and file schemes, an unusual port on a web link,
//! a bare public IP, a URL shortener and a very deep subdomain chain. Shared by the host lens
//! ([`super::inspect_host`]) and the main screen's summary ([`super::summarize`]).

use std::net::Ipv4Addr;

use super::findings::{Finding, HostFindingId};
use super::{Facts, Kind, percent_decode, spoof};

/// The URL shorteners the `shortener` finding knows (registrable domains).
///
/// Provenance: composed by hand for urlscope from the public URL-shortening services best known
/// by name (each service's own site says it shortens links); not copied from a published list.
/// Short on purpose: a match means "the destination is hidden behind a redirect", nothing more.
pub(crate) const SHORTENERS: &[&str] = &[
    "bit.ly",
    "bitly.com",
    "buff.ly",
    "cutt.ly",
    "goo.gl",
    "is.gd",
    "lnkd.in",
    "ow.ly",
    "rb.gy",
    "rebrand.ly",
    "shorturl.at",
    "t.co",
    "t.ly",
    "tiny.cc",
    "tinyurl.com",
    "v.gd",
];

/// Media types of `data:` URLs that a browser renders as a page or runs as a script.
const SCRIPT_MEDIA: &[&str] = &[
    "text/html",
    "application/xhtml+xml",
    "image/svg+xml",
    "text/xml",
    "application/xml",
    "text/javascript",
    "application/javascript",
    "application/ecmascript",
    "text/ecmascript",
    "text/vbscript",
];

/// Generic top-level domains whose `name.tld` left of a registrable domain reads as a site
/// name (`paypal.com.evil.example`). Country codes are left out: `ftp.de.debian.org` is a
/// mirror naming scheme, not a trick; so is `info` (`rsb.info.nih.gov`: a department label).
const GENERIC_TLDS: &[&str] = &["com", "net", "org"];

/// More labels than this left of the registrable domain is `deep-subdomains`.
pub(crate) const MAX_SUBDOMAIN_LABELS: usize = 4;

/// What the checks need from the URL beyond the host facts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Link {
    /// Lowercased.
    pub scheme: Option<String>,
    /// Username and password as written (percent-encoded), `:`-joined; `None` when absent.
    pub userinfo: Option<String>,
    /// An explicit port that is not the scheme's default (the `url` crate drops a default one).
    pub port: Option<u16>,
    /// The media type of a `data:` URL, lowercased, without parameters.
    pub data_media: Option<String>,
}

impl Link {
    /// Read off the `url` crate's parse of the URL; `scheme` when it does not parse.
    pub(crate) fn of(url: Option<&url::Url>, scheme: Option<&str>) -> Link {
        let Some(u) = url else {
            return Link {
                scheme: scheme.map(str::to_ascii_lowercase),
                ..Link::default()
            };
        };
        let userinfo = match (u.username(), u.password()) {
            ("", None) => None,
            (n, None) => Some(n.to_string()),
            (n, Some(p)) => Some(format!("{n}:{p}")),
        };
        let data_media = (u.scheme() == "data").then(|| {
            let path = u.path();
            let head = path.split(',').next().unwrap_or("");
            head.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
        Link {
            scheme: Some(u.scheme().to_string()),
            userinfo,
            port: u.port(),
            data_media,
        }
    }
}

/// The brand names: the first label of each much-spoofed domain (`paypal` of `paypal.com`).
fn brand_names() -> impl Iterator<Item = &'static str> {
    spoof::listed().filter_map(|d| d.split('.').next())
}

/// Is `token` (lowercase) a domain name under a listed public suffix, or a dotted IPv4 address?
fn is_domain_or_ip(token: &str) -> bool {
    if token.parse::<Ipv4Addr>().is_ok() {
        return true;
    }
    let t = token.trim_end_matches('.');
    let labels: Vec<&str> = t.split('.').collect();
    if labels.len() < 2 || labels.iter().any(|l| l.is_empty()) {
        return false;
    }
    let tld = labels[labels.len() - 1];
    tld.len() >= 2
        && tld.bytes().all(|b| b.is_ascii_alphabetic())
        && psl::suffix(t.as_bytes()).is_some_and(|s| s.is_known())
}

/// What in the userinfo reads like a host: the first domain, IP or brand name found.
fn host_like_userinfo(userinfo: &str) -> Option<String> {
    let decoded = String::from_utf8_lossy(&percent_decode(userinfo)).to_ascii_lowercase();
    let tokens = decoded
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
        .filter(|t| !t.is_empty());
    for t in tokens {
        if is_domain_or_ip(t) {
            return Some(t.to_string());
        }
        for word in t.split(['.', '-']) {
            if let Some(b) = brand_names().find(|b| *b == word) {
                return Some(b.to_string());
            }
        }
    }
    None
}

/// The labels of the host left of its registrable domain (ASCII form).
fn subdomain_labels(f: &Facts) -> Vec<String> {
    let (Some(d), Some(r)) = (&f.domain, &f.registrable) else {
        return Vec::new();
    };
    let (Some(ascii), Some(reg)) = (&d.ascii, &r.domain) else {
        return Vec::new();
    };
    let host = ascii.strip_suffix('.').unwrap_or(ascii);
    match host.strip_suffix(reg.as_str()) {
        Some(left) => left
            .strip_suffix('.')
            .map(|l| l.split('.').map(str::to_string).collect())
            .unwrap_or_default(),
        None => Vec::new(),
    }
}

/// A listed brand domain among the subdomain labels (`true`: certain, severity high), else a
/// `name.gtld` pair (`false`: the shape of the trick, which shared hosting also has —
/// `offline.com.tripod.com` — so only a warning unless `name` is a brand).
fn brand_in_subdomains(labels: &[String]) -> Option<(String, bool)> {
    for i in 0..labels.len() {
        for n in 2..=3.min(labels.len() - i) {
            let window = labels[i..i + n].join(".");
            if spoof::listed().any(|d| d == window) {
                return Some((window, true));
            }
        }
    }
    for pair in labels.windows(2) {
        let (name, tld) = (pair[0].as_str(), pair[1].as_str());
        if GENERIC_TLDS.contains(&tld) && !GENERIC_TLDS.contains(&name) && name != "www" {
            let brand = brand_names().any(|b| b == name);
            return Some((format!("{name}.{tld}"), brand));
        }
    }
    None
}

/// The phishing findings of a link whose host facts are `f`.
pub(crate) fn findings(link: &Link, f: &Facts) -> Vec<Finding> {
    let mut out = Vec::new();
    let scheme = link.scheme.as_deref().unwrap_or("");
    let host = f.host.as_deref().unwrap_or("");
    match scheme {
        "javascript" | "vbscript" => out.push(Finding::new(
            HostFindingId::ScriptScheme,
            format!("{scheme}: runs code"),
            format!("the {scheme}: scheme runs its text as a script when the link is opened"),
        )),
        "data" => {
            let media = link.data_media.as_deref().unwrap_or("");
            if SCRIPT_MEDIA.contains(&media) {
                out.push(Finding::new(
                    HostFindingId::ScriptScheme,
                    format!("data: {media}"),
                    format!(
                        "a data: URL of type {media}: the browser renders or runs the link's own content, with no site behind it"
                    ),
                ));
            }
        }
        "file" => out.push(Finding::new(
            HostFindingId::FileScheme,
            "file: link".into(),
            "a file: URL opens a local file or a network share (SMB on Windows can leak credentials)"
                .into(),
        )),
        _ => {}
    }
    if let Some(ui) = &link.userinfo
        && let Some(what) = host_like_userinfo(ui)
    {
        out.push(Finding::new(
            HostFindingId::UserinfoLooksLikeHost,
            format!("{what}@ is not the host"),
            format!(
                "the userinfo before `@` holds {what}, but the link goes to {host}: everything before `@` is a user name"
            ),
        ));
    }
    let subs = subdomain_labels(f);
    if let Some((brand, certain)) = brand_in_subdomains(&subs) {
        let reg = f
            .registrable
            .as_ref()
            .and_then(|r| r.domain.as_deref())
            .unwrap_or("");
        let mut x = Finding::new(
            HostFindingId::BrandOutsideRegistrable,
            format!("{brand} is a subdomain of {reg}"),
            format!(
                "{brand} appears left of the registrable domain {reg}: the site is {reg}, not {brand}"
            ),
        );
        if !certain {
            x.severity = super::findings::Severity::Warning;
        }
        out.push(x);
    }
    if matches!(scheme, "http" | "https")
        && let Some(p) = link.port
    {
        out.push(Finding::new(
            HostFindingId::NonDefaultPort,
            format!("port {p}"),
            format!("an {scheme} link on port {p} instead of the default"),
        ));
    }
    if let Some(a) = &f.address
        && a.row.is_none()
        && matches!(f.kind, Kind::Ipv4 | Kind::Ipv6)
    {
        out.push(Finding::new(
            HostFindingId::IpHost,
            "bare public IP".into(),
            format!("the host is the public IP address {}, not a name", a.ip),
        ));
    }
    if let Some(reg) = f.registrable.as_ref().and_then(|r| r.domain.as_deref())
        && SHORTENERS.contains(&reg)
    {
        out.push(Finding::new(
            HostFindingId::Shortener,
            format!("shortener {reg}"),
            format!("{reg} is a URL shortener: the link's real destination is not visible"),
        ));
    }
    if subs.len() > MAX_SUBDOMAIN_LABELS {
        out.push(Finding::new(
            HostFindingId::DeepSubdomains,
            format!("{} subdomain labels", subs.len()),
            format!(
                "{} labels left of the registrable domain (more than {MAX_SUBDOMAIN_LABELS})",
                subs.len()
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_tokens() {
        assert_eq!(
            host_like_userinfo("paypal.com").as_deref(),
            Some("paypal.com")
        );
        assert_eq!(
            host_like_userinfo("www.google.com").as_deref(),
            Some("www.google.com")
        );
        assert_eq!(host_like_userinfo("10.0.0.1").as_deref(), Some("10.0.0.1"));
        assert_eq!(
            host_like_userinfo("PayPal-secure").as_deref(),
            Some("paypal")
        );
        assert_eq!(host_like_userinfo("anonymous:guest"), None);
        assert_eq!(host_like_userinfo("user%40mail"), None);
    }

    #[test]
    fn brands_left_of_the_registrable_domain() {
        let l = |s: &str| s.split('.').map(str::to_string).collect::<Vec<_>>();
        let b = |s: &str| brand_in_subdomains(&l(s));
        assert_eq!(b("paypal.com"), Some(("paypal.com".into(), true)));
        assert_eq!(b("login.apple.com.x"), Some(("apple.com".into(), true)));
        assert_eq!(b("paypal.net"), Some(("paypal.net".into(), true)));
        assert_eq!(b("secure.shop.net"), Some(("shop.net".into(), false)));
        assert_eq!(b("www.net"), None);
        assert_eq!(b("ftp.de"), None);
        assert_eq!(b("www"), None);
        assert_eq!(brand_in_subdomains(&[]), None);
    }
}
