//! `urlscope host [--json] [--base URL] [URL…]` (docs/lenses.md): the host lens as text or JSON
//! Lines, for every URL given or read from standard input (`super::batch`).
//!
//! Every string that comes from the input is escaped (`\xHH`, `⟨U+XXXX⟩`) before it reaches
//! the terminal. The exit status is 0 whatever the host is (a rejected URL is a finding, not a
//! failure); 2 for a usage error.

use std::fmt::Write as _;

use super::Result;
use super::args::BatchArgs;
use super::escape::escape_bytes;
use urlscope_core::modern::{Address, Finding};
use urlscope_core::{HostReport, inspect_host};

fn esc(s: &str) -> String {
    escape_bytes(s.as_bytes())
}

fn or_dash(s: Option<&str>) -> String {
    s.map_or_else(|| "—".to_string(), esc)
}

fn address(out: &mut String, label: &str, a: &Address) {
    let _ = writeln!(out, "{label:<13}{}", a.ip);
    match &a.row {
        Some(r) => {
            let _ = writeln!(
                out,
                "{:<13}{}: {} \"{}\", {} ({})",
                "class",
                r.class.name(),
                r.prefix,
                r.name,
                r.rfc,
                r.registry
            );
        }
        None => {
            let _ = writeln!(
                out,
                "{:<13}public (in no special-purpose range of RFC 6890)",
                "class"
            );
        }
    }
    if a.cloud_metadata {
        let _ = writeln!(out, "{:<13}the cloud instance-metadata address", "");
    }
    if let Some(m) = &a.mapped {
        address(out, "mapped IPv4", m);
    }
}

/// The text form of a report.
pub fn text(r: &HostReport) -> String {
    let f = &r.facts;
    let mut out = String::new();
    let _ = writeln!(out, "{:<13}{}", "url", or_dash(r.url.as_deref()));
    if let Some(e) = &r.parse_error {
        let _ = writeln!(out, "{:<13}{}", "parse error", esc(e));
    }
    if let Some(e) = &r.base_error {
        let _ = writeln!(out, "{:<13}{}", "base error", esc(e));
    }
    let _ = writeln!(out, "{:<13}{}", "host", or_dash(f.host.as_deref()));
    let _ = writeln!(out, "{:<13}{}", "kind", f.kind.name());
    let from = r
        .typed_from
        .map_or(String::new(), |w| format!("  (from the {w})"));
    let _ = writeln!(out, "{:<13}{}{from}", "typed", or_dash(f.typed.as_deref()));
    if let Some(e) = &f.host_error {
        let _ = writeln!(out, "{:<13}{}", "host error", esc(e));
    }
    if let Some(s) = &f.skipped {
        let _ = writeln!(out, "{:<13}{}", "skipped", esc(s));
    }
    if let Some(v4) = &f.ipv4 {
        let _ = writeln!(
            out,
            "\nIPv4 parts (WHATWG URL Standard §3.5 IPv4 parser), read from {}",
            esc(&v4.text)
        );
        for p in &v4.parts {
            let (value, bytes) = (p.value_label(), p.bytes_label());
            let text = match &p.typed {
                Some(t) => format!("{} → {}", esc(t), esc(&p.text)),
                None => esc(&p.text),
            };
            let _ = writeln!(
                out,
                "  {text:<14} {:<8} {:>12}  {bytes}",
                p.radix.name(),
                value
            );
        }
    }
    if let Some(a) = &f.address {
        out.push('\n');
        address(&mut out, "address", a);
    }
    if let Some(d) = &f.domain {
        let _ = writeln!(out, "\n{:<13}{}", "A-labels", or_dash(d.ascii.as_deref()));
        let _ = writeln!(out, "{:<13}{}", "U-labels", esc(&d.unicode));
        let _ = writeln!(
            out,
            "labels (UTS #46 non-transitional, idna crate; UTS #39, unicode-security crate)"
        );
        for (i, l) in d.labels.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {:>2}  typed {}  U-label {}  A-label {}{}",
                i + 1,
                or_dash(l.typed.as_deref()),
                esc(&l.unicode),
                or_dash(l.ascii.as_deref()),
                if l.error { "  [UTS #46 error]" } else { "" }
            );
            let _ = writeln!(
                out,
                "      scripts {}; {}; restriction level: {}; skeleton {}",
                l.scripts.join(", "),
                if l.single_script {
                    "single script"
                } else {
                    "MIXED SCRIPT"
                },
                l.restriction,
                esc(&l.skeleton)
            );
        }
    }
    if let Some(c) = &f.confusable {
        let _ = writeln!(
            out,
            "{:<13}{} (skeleton {})",
            "confusable",
            c.listed,
            esc(&c.skeleton)
        );
    }
    if let Some(reg) = &f.registrable {
        let _ = writeln!(out);
        let show = |a: &str, u: &str| {
            if a == u {
                esc(a)
            } else {
                format!("{} ({})", esc(u), esc(a))
            }
        };
        let _ = writeln!(
            out,
            "{:<13}{}",
            "registrable",
            reg.domain
                .as_deref()
                .map_or("— (the host is a public suffix)".into(), |d| show(
                    d,
                    reg.domain_unicode.as_deref().unwrap_or(d)
                ))
        );
        let section = match reg.section {
            urlscope_core::modern::Section::Icann => "ICANN section",
            urlscope_core::modern::Section::Private => "private section",
            urlscope_core::modern::Section::Unlisted => "not listed: default rule",
        };
        let _ = writeln!(
            out,
            "{:<13}{}  ({section})",
            "suffix",
            show(&reg.suffix, &reg.suffix_unicode)
        );
    }
    let _ = writeln!(out, "\nfindings");
    if r.findings.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for x in &r.findings {
        finding_lines(&mut out, "", x);
    }
    // A wrapped link's target, checked as the link is (its findings named the target's).
    if let Some(t) = &r.target {
        let layers = if t.layers == 1 { "layer" } else { "layers" };
        let _ = writeln!(out, "\ntarget ({} {layers} in) {}", t.layers, esc(&t.url));
        let _ = writeln!(out, "{:<13}{}", "host", or_dash(t.host.as_deref()));
        if t.findings.is_empty() {
            let _ = writeln!(out, "  none");
        }
        for x in &t.findings {
            finding_lines(&mut out, "target", x);
        }
        // The layers on the way whose own findings warn (a lookalike login page).
        for hop in &t.through {
            let _ = writeln!(out, "on the way, layer {}: {}", hop.layer, esc(&hop.url));
            for x in &hop.findings {
                finding_lines(&mut out, &format!("layer {}", hop.layer), x);
            }
        }
    }

    let _ = writeln!(
        out,
        "\nsources: WHATWG URL Standard (url crate); UTS #46 (idna crate)"
    );
    let _ = writeln!(out, "         {}", r.sources.unicode_security);
    let _ = writeln!(out, "         {}", r.sources.public_suffix_list);
    out
}

/// One finding and its why, named for where it was found (`target`, `layer 2`; empty: the URL).
fn finding_lines(out: &mut String, place: &str, x: &Finding) {
    let place = if place.is_empty() {
        String::new()
    } else {
        format!("{place}: ")
    };
    let _ = writeln!(
        out,
        "  [{}] {place}{}: {}",
        x.severity.name(),
        x.id,
        esc(&x.text)
    );
    let _ = writeln!(out, "      why: {}", x.why);
}

/// Answer every URL of `input`: a text report each (separated by a blank line), or one JSON
/// object a line.
pub fn run(json: bool, base: Option<&[u8]>, input: &BatchArgs) -> Result<i32> {
    let mut first = true;
    super::lens_input::run(input, |x, out| {
        let r = inspect_host(&super::refang::read_saying(x), base);
        if json {
            let line = serde_json::to_string(&r).expect("a host report serializes");
            // On a terminal or not: the same JSON value, and nothing a terminal obeys.
            out.extend_from_slice(super::out::json_visible(&line).as_bytes());
            out.push(b'\n');
        } else {
            if !first {
                out.push(b'\n');
            }
            out.extend_from_slice(text(&r).as_bytes());
        }
        first = false;
    })
}
