//! The short list of what matters about a host, most serious first: shared by the `h` view,
//! `urlscope host` and the main screen's summary line.

use serde::Serialize;

use super::ipv4::Radix;
use super::{Facts, Kind};
use crate::url::syntax::notation::is_hidden_char;

/// How much a host finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth stopping for: the link goes somewhere it does not look like it goes.
    High,
    /// Worth a warning on the main screen.
    Warning,
    /// Worth knowing.
    Info,
}

impl Severity {
    /// The severity's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Severity::High => "high",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// What a host finding is: its stable id string, its usual severity and a one-line why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "&'static str")]
pub enum HostFindingId {
    /// The host finding `parse-error`.
    ParseError,
    /// The host finding `skipped`.
    Skipped,
    /// The host finding `frame-removed`.
    FrameRemoved,
    /// The host finding `hidden-characters`.
    HiddenCharacters,
    /// The host finding `cloud-metadata`.
    CloudMetadata,
    /// The host finding `special-ip`.
    SpecialIp,
    /// The host finding `ipv4-mapped`.
    Ipv4Mapped,
    /// The host finding `ipv4-non-decimal`.
    Ipv4NonDecimal,
    /// The host finding `ipv4-short-form`.
    Ipv4ShortForm,
    /// The host finding `ipv4-mapped-text`.
    Ipv4MappedText,
    /// The host finding `confusable`.
    Confusable,
    /// The host finding `uts46-error`.
    Uts46Error,
    /// The host finding `mixed-script`.
    MixedScript,
    /// The host finding `idn-label`.
    IdnLabel,
    /// The host finding `private-suffix`.
    PrivateSuffix,
    /// The host finding `unlisted-suffix`.
    UnlistedSuffix,
    /// The host finding `public-suffix`.
    PublicSuffix,
    /// The host finding `opaque-host`.
    OpaqueHost,
    // The phishing tricks (`super::phishing`).
    /// The host finding `script-scheme`.
    ScriptScheme,
    /// The host finding `userinfo-looks-like-host`.
    UserinfoLooksLikeHost,
    /// The host finding `brand-outside-registrable`.
    BrandOutsideRegistrable,
    /// The host finding `file-scheme`.
    FileScheme,
    /// The host finding `non-default-port`.
    NonDefaultPort,
    /// The host finding `ip-host`.
    IpHost,
    /// The host finding `shortener`.
    Shortener,
    /// The host finding `deep-subdomains`.
    DeepSubdomains,
    /// An HTML link whose visible text names another site than the one it leads to (the link
    /// finder raises it; the host lens alone cannot see the text).
    LinkTextMismatch,
    /// A link in text that runs to the end of a hard-wrapped line while the next line seems to
    /// continue it (the link finder raises it).
    MayContinue,
}

impl HostFindingId {
    /// The finding's id as output and JSON write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            HostFindingId::ParseError => "parse-error",
            HostFindingId::Skipped => "skipped",
            HostFindingId::FrameRemoved => "frame-removed",
            HostFindingId::HiddenCharacters => "hidden-characters",
            HostFindingId::CloudMetadata => "cloud-metadata",
            HostFindingId::SpecialIp => "special-ip",
            HostFindingId::Ipv4Mapped => "ipv4-mapped",
            HostFindingId::Ipv4NonDecimal => "ipv4-non-decimal",
            HostFindingId::Ipv4ShortForm => "ipv4-short-form",
            HostFindingId::Ipv4MappedText => "ipv4-mapped-text",
            HostFindingId::Confusable => "confusable",
            HostFindingId::Uts46Error => "uts46-error",
            HostFindingId::MixedScript => "mixed-script",
            HostFindingId::IdnLabel => "idn-label",
            HostFindingId::PrivateSuffix => "private-suffix",
            HostFindingId::UnlistedSuffix => "unlisted-suffix",
            HostFindingId::PublicSuffix => "public-suffix",
            HostFindingId::OpaqueHost => "opaque-host",
            HostFindingId::ScriptScheme => "script-scheme",
            HostFindingId::UserinfoLooksLikeHost => "userinfo-looks-like-host",
            HostFindingId::BrandOutsideRegistrable => "brand-outside-registrable",
            HostFindingId::FileScheme => "file-scheme",
            HostFindingId::NonDefaultPort => "non-default-port",
            HostFindingId::IpHost => "ip-host",
            HostFindingId::Shortener => "shortener",
            HostFindingId::DeepSubdomains => "deep-subdomains",
            HostFindingId::LinkTextMismatch => "link-text-mismatch",
            HostFindingId::MayContinue => "may-continue",
        }
    }

    /// The severity the finding has unless its facts say otherwise (an internal special-purpose
    /// address warns, a documentation one informs).
    pub const fn severity(self) -> Severity {
        use HostFindingId as F;
        match self {
            F::CloudMetadata
            | F::Confusable
            | F::ScriptScheme
            | F::UserinfoLooksLikeHost
            | F::BrandOutsideRegistrable
            | F::LinkTextMismatch => Severity::High,
            F::ParseError
            | F::HiddenCharacters
            | F::SpecialIp
            | F::Ipv4Mapped
            | F::Ipv4NonDecimal
            | F::Ipv4ShortForm
            | F::Ipv4MappedText
            | F::Uts46Error
            | F::MixedScript
            | F::FileScheme
            | F::NonDefaultPort
            | F::IpHost
            | F::Shortener
            | F::DeepSubdomains
            | F::MayContinue => Severity::Warning,
            F::Skipped
            | F::FrameRemoved
            | F::IdnLabel
            | F::PrivateSuffix
            | F::UnlistedSuffix
            | F::PublicSuffix
            | F::OpaqueHost => Severity::Info,
        }
    }

    /// Why the finding matters, in one line.
    pub const fn why(self) -> &'static str {
        use HostFindingId as F;
        match self {
            F::ParseError => "a browser will not open it as written",
            F::Skipped => "the host is too long to analyse",
            F::FrameRemoved => {
                "the brackets or quotes of the text it came in are not part of the link"
            }
            F::HiddenCharacters => "invisible characters make the host look like another",
            F::CloudMetadata => "a link to it from outside can steal cloud credentials (SSRF)",
            F::SpecialIp => "the address is not an ordinary public host",
            F::Ipv4Mapped => "an IPv6 address that carries an IPv4 address can slip past filters",
            F::Ipv4NonDecimal => "an odd IPv4 notation hides which address the link goes to",
            F::Ipv4ShortForm => "a short IPv4 form hides which address the link goes to",
            F::Ipv4MappedText => "the host turns into an IP address only after decoding",
            F::Confusable => "the host looks like a well-known domain but is another",
            F::Uts46Error => "browsers reject or rewrite this host",
            F::MixedScript => "mixing scripts in one label is a homograph trick",
            F::IdnLabel => "the host holds non-ASCII letters; check which ones",
            F::PrivateSuffix => "the domain is a tenant of a shared hosting suffix",
            F::UnlistedSuffix => "the top-level domain is not a known public suffix",
            F::PublicSuffix => "the host is a public suffix, not an owned domain",
            F::OpaqueHost => "this scheme's host is not checked like a web host",
            F::ScriptScheme => "opening it runs code or renders a page with no real host",
            F::UserinfoLooksLikeHost => "the name before `@` is not where the link goes",
            F::BrandOutsideRegistrable => {
                "a known name left of the real domain is just a subdomain of someone else's site"
            }
            F::FileScheme => "the link opens a file on this computer or a network share",
            F::NonDefaultPort => "an unusual port is rare for ordinary web links",
            F::IpHost => "an ordinary site is reached by name, not by a bare IP address",
            F::Shortener => "a URL shortener hides the real destination",
            F::DeepSubdomains => "many labels push the real domain out of sight",
            F::LinkTextMismatch => "the text you read names one site, the link leads to another",
            F::MayContinue => {
                "a wrapped line may have cut the link: the next line looks like its rest"
            }
        }
    }
}

impl From<HostFindingId> for &'static str {
    fn from(id: HostFindingId) -> &'static str {
        id.as_str()
    }
}

/// One finding: a stable id, its severity and a sentence. The sentence can quote the host, so
/// front ends escape it like any input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The id's string (`check.as_str()`), kept as a field for the front ends that print it.
    pub id: &'static str,
    /// What was found.
    #[serde(skip)]
    pub check: HostFindingId,
    /// How much it matters.
    pub severity: Severity,
    /// A few words for the main screen's summary line.
    pub short: String,
    /// The finding in one sentence.
    pub text: String,
    /// Why it matters, in one line (`check.why()`).
    pub why: &'static str,
}

impl Finding {
    /// A finding of `check` with its summary words and sentence; the severity and the `why` are
    /// the check's.
    pub fn new(check: HostFindingId, short: String, text: String) -> Finding {
        Finding {
            id: check.as_str(),
            check,
            severity: check.severity(),
            short,
            text,
            why: check.why(),
        }
    }
}

fn push(out: &mut Vec<Finding>, id: HostFindingId, severity: Severity, text: String) {
    out.push(Finding {
        severity,
        ..Finding::new(id, String::new(), text)
    });
}

/// Push with a short form.
fn push_s(
    out: &mut Vec<Finding>,
    id: HostFindingId,
    severity: Severity,
    short: String,
    text: String,
) {
    out.push(Finding {
        severity,
        ..Finding::new(id, short, text)
    });
}

fn address_findings(out: &mut Vec<Finding>, a: &super::Address) {
    if a.cloud_metadata {
        push_s(
            out,
            HostFindingId::CloudMetadata,
            Severity::High,
            "cloud metadata address".into(),
            "169.254.169.254 is the cloud instance-metadata address (credentials live there)"
                .into(),
        );
    }
    if let Some(row) = &a.row {
        let sev = if row.class.is_internal() {
            Severity::Warning
        } else {
            Severity::Info
        };
        push_s(
            out,
            HostFindingId::SpecialIp,
            sev,
            format!("{} IP", row.class.name()),
            format!(
                "IP in a special-purpose range: {} ({}, {}, {})",
                row.class.name(),
                row.prefix,
                row.name,
                row.rfc
            ),
        );
    }
    if let Some(m) = &a.mapped {
        let class = m.row.map_or("public", |r| r.class.name());
        push(
            out,
            HostFindingId::Ipv4Mapped,
            if m.row.is_some_and(|r| r.class.is_internal()) {
                Severity::Warning
            } else {
                Severity::Info
            },
            format!("IPv4-mapped IPv6 address carrying {} ({class})", m.ip),
        );
        address_findings(out, m);
    }
}

/// The findings for `f`, most serious first (then in the order found).
pub(crate) fn of(f: &Facts, parse_error: Option<&str>) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(e) = parse_error {
        push_s(
            &mut out,
            HostFindingId::ParseError,
            Severity::Warning,
            "URL does not parse".into(),
            format!("the WHATWG URL parser rejects the URL: {e}"),
        );
    }
    if let Some(why) = &f.skipped {
        push(
            &mut out,
            HostFindingId::Skipped,
            Severity::Info,
            why.clone(),
        );
    }
    if let Some(t) = &f.typed {
        // Also what percent-decoding reveals (`%E2%80%AE` is U+202E).
        let decoded = super::percent_decode(t);
        let mut hidden: Vec<String> = Vec::new();
        for c in String::from_utf8_lossy(&decoded).chars() {
            if is_hidden_char(c) || c.is_control() {
                let u = format!("U+{:04X}", c as u32);
                if !hidden.contains(&u) {
                    hidden.push(u);
                }
            }
        }
        if !hidden.is_empty() {
            push_s(
                &mut out,
                HostFindingId::HiddenCharacters,
                Severity::Warning,
                "invisible characters in host".into(),
                format!(
                    "the typed host holds invisible or control characters: {}",
                    hidden.join(" ")
                ),
            );
        }
    }
    if let Some(a) = &f.address {
        address_findings(&mut out, a);
    }
    if let Some(r) = &f.ipv4 {
        for radix in [Radix::Hex, Radix::Octal] {
            let parts: Vec<&str> = r
                .parts
                .iter()
                .filter(|p| p.radix == radix)
                .map(|p| p.text.as_str())
                .collect();
            if !parts.is_empty() {
                push_s(
                    &mut out,
                    HostFindingId::Ipv4NonDecimal,
                    Severity::Warning,
                    format!("IPv4 in {}", radix.name()),
                    format!("IPv4 written in {}: {}", radix.name(), parts.join(", ")),
                );
            }
        }
        if r.short_form {
            let what = if r.parts.len() == 1 {
                "a single number".to_string()
            } else {
                format!("{} parts", r.parts.len())
            };
            push_s(
                &mut out,
                HostFindingId::Ipv4ShortForm,
                Severity::Warning,
                "short IPv4 form".into(),
                format!("IPv4 written as {what}; the last part fills the remaining bytes"),
            );
        }
        let typed = f.typed.as_deref().unwrap_or("");
        if !typed.eq_ignore_ascii_case(&r.text) {
            push_s(
                &mut out,
                HostFindingId::Ipv4MappedText,
                Severity::Warning,
                format!("read as {}", r.text),
                format!(
                    "the host became {} before the IPv4 parser read it (percent-decoding, UTS #46 mapping)",
                    r.text
                ),
            );
        }
    }
    if let Some(c) = &f.confusable {
        push_s(
            &mut out,
            HostFindingId::Confusable,
            Severity::High,
            format!("confusable with {}", c.listed),
            format!(
                "confusable with {} (UTS #39 skeleton {})",
                c.listed, c.skeleton
            ),
        );
    }
    if let Some(d) = &f.domain {
        if d.ascii.is_none() {
            let bad: Vec<&str> = d
                .labels
                .iter()
                .filter(|l| l.error)
                .map(|l| l.unicode.as_str())
                .collect();
            push_s(
                &mut out,
                HostFindingId::Uts46Error,
                Severity::Warning,
                "UTS #46 error".into(),
                format!(
                    "UTS #46 rejects the host (idna crate); labels with errors (U+FFFD marks them): {}",
                    bad.join(", ")
                ),
            );
        }
        for l in d.mixed_script_labels() {
            push_s(
                &mut out,
                HostFindingId::MixedScript,
                Severity::Warning,
                format!("mixed script: {}", l.unicode),
                format!(
                    "mixed-script label {} ({})",
                    l.unicode,
                    l.scripts.join(", ")
                ),
            );
        }
        for l in d
            .labels
            .iter()
            .filter(|l| l.ascii.as_deref().is_some_and(|a| a.starts_with("xn--")))
        {
            push(
                &mut out,
                HostFindingId::IdnLabel,
                Severity::Info,
                format!(
                    "internationalized label {} ({}; {})",
                    l.unicode,
                    l.ascii.as_deref().unwrap_or(""),
                    l.restriction
                ),
            );
        }
    }
    if let Some(r) = &f.registrable {
        match r.section {
            super::suffix::Section::Private => push(
                &mut out,
                HostFindingId::PrivateSuffix,
                Severity::Info,
                format!(
                    "{} is a public suffix from the private section of the Public Suffix List: its subdomains belong to different owners",
                    r.suffix
                ),
            ),
            super::suffix::Section::Unlisted => push(
                &mut out,
                HostFindingId::UnlistedSuffix,
                Severity::Info,
                format!(
                    "{} is not in the Public Suffix List (the default rule applies)",
                    r.suffix
                ),
            ),
            super::suffix::Section::Icann => {}
        }
        if r.domain.is_none() {
            push(
                &mut out,
                HostFindingId::PublicSuffix,
                Severity::Info,
                format!("the host {} is itself a public suffix", r.suffix),
            );
        }
    }
    if f.kind == Kind::Opaque {
        push(
            &mut out,
            HostFindingId::OpaqueHost,
            Severity::Info,
            "opaque host (not a special scheme): no UTS #46 and no IPv4 parsing (WHATWG URL Standard §3.5)".into(),
        );
    }
    out.sort_by_key(|x| x.severity);
    out
}
