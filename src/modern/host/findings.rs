//! The short list of what matters about a host, most serious first: shared by the `h` view,
//! `urlscope host` and the main screen's summary line.

use serde::Serialize;

use super::ipv4::Radix;
use super::{Facts, Kind};
use crate::url::notation::is_hidden_char;

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
    pub fn name(self) -> &'static str {
        match self {
            Severity::High => "high",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// One finding: a stable id, its severity and a sentence. The sentence can quote the host, so
/// front ends escape it like any input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub id: &'static str,
    pub severity: Severity,
    /// A few words for the main screen's summary line.
    pub short: String,
    pub text: String,
}

fn push(out: &mut Vec<Finding>, id: &'static str, severity: Severity, text: String) {
    out.push(Finding {
        id,
        severity,
        short: String::new(),
        text,
    });
}

/// Push with a short form.
fn push_s(
    out: &mut Vec<Finding>,
    id: &'static str,
    severity: Severity,
    short: String,
    text: String,
) {
    out.push(Finding {
        id,
        severity,
        short,
        text,
    });
}

fn address_findings(out: &mut Vec<Finding>, a: &super::Address) {
    if a.cloud_metadata {
        push_s(
            out,
            "cloud-metadata",
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
            "special-ip",
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
            "ipv4-mapped",
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
pub fn of(f: &Facts, parse_error: Option<&str>) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(e) = parse_error {
        push_s(
            &mut out,
            "parse-error",
            Severity::Warning,
            "URL does not parse".into(),
            format!("the WHATWG URL parser rejects the URL: {e}"),
        );
    }
    if let Some(why) = &f.skipped {
        push(&mut out, "skipped", Severity::Info, why.clone());
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
                "hidden-characters",
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
                    "ipv4-non-decimal",
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
                "ipv4-short-form",
                Severity::Warning,
                "short IPv4 form".into(),
                format!("IPv4 written as {what}; the last part fills the remaining bytes"),
            );
        }
        let typed = f.typed.as_deref().unwrap_or("");
        if !typed.eq_ignore_ascii_case(&r.text) {
            push_s(
                &mut out,
                "ipv4-mapped-text",
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
            "confusable",
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
                "uts46-error",
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
                "mixed-script",
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
                "idn-label",
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
                "private-suffix",
                Severity::Info,
                format!(
                    "{} is a public suffix from the private section of the Public Suffix List: its subdomains belong to different owners",
                    r.suffix
                ),
            ),
            super::suffix::Section::Unlisted => push(
                &mut out,
                "unlisted-suffix",
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
                "public-suffix",
                Severity::Info,
                format!("the host {} is itself a public suffix", r.suffix),
            );
        }
    }
    if f.kind == Kind::Opaque {
        push(
            &mut out,
            "opaque-host",
            Severity::Info,
            "opaque host (not a special scheme): no UTS #46 and no IPv4 parsing (WHATWG URL Standard §3.5)".into(),
        );
    }
    out.sort_by_key(|x| x.severity);
    out
}
