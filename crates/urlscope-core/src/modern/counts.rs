//! The one count of what is wrong with an input: the errors, the
//! warnings and the informational hints of the warnings list (`url::findings`), the host lens's
//! findings (`modern::host::summarize`) and the unwrap lens's layers (`Chain::layer_count`).
//! The status line and every view show these numbers; none counts on its own.

use serde::Serialize;

use super::host::{HostSummary, Severity as HostSeverity};
use super::unwrap::LayerCount;
use crate::url::findings::{Findings, Severity};

/// How many findings of each severity a URL has, over the rules' findings, the host lens and the
/// unwrap chain: the numbers the CLI's summaries and the inspector's status line show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Findings that mark an error (`E-…`).
    pub errors: usize,
    /// Warnings, hints excluded.
    pub warnings: usize,
    /// Informational findings: the hints (`hint-…`) and the removed frame.
    pub hints: usize,
    /// The warnings list was cut at its limit: the counts are lower bounds.
    pub truncated: bool,
    /// Host findings of severity high (the link's and its wrapped target's).
    pub host_high: usize,
    /// Host findings of severity warning (the link's and its wrapped target's).
    pub host_warnings: usize,
    /// The layers to the link's target, when the link was unwrapped.
    pub layers: Option<LayerCount>,
}

/// Count `findings`, the `host` summary's findings and the `layers` of the unwrap chain.
pub fn counts(findings: &Findings, host: &HostSummary, layers: Option<LayerCount>) -> Counts {
    let hints = findings.hints();
    let errors = findings
        .list
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    // The wrapped link's target counts with the link's own host findings: both warn.
    let target = host.target.iter().flat_map(|t| {
        let through = t.through.iter().flat_map(|h| &h.findings);
        t.findings.iter().chain(through)
    });
    let host_of = |s: HostSeverity| {
        host.findings
            .iter()
            .chain(target.clone())
            .filter(|f| f.severity == s)
            .count()
    };
    Counts {
        errors,
        warnings: findings.list.len() - errors - hints,
        hints,
        truncated: findings.truncated,
        host_high: host_of(HostSeverity::High),
        host_warnings: host_of(HostSeverity::Warning),
        layers,
    }
}

impl Counts {
    /// The status line's count: `⚠ 0 · 19 hints`, `2 errors · ⚠ 3 · 1 hint`, `⚠ 1 (host: 1 high)`.
    /// The warning count includes the host's warnings and high findings (all of them warn).
    pub fn status_text(&self) -> String {
        let plus = if self.truncated { "+" } else { "" };
        let plural = |n: usize, w: &str| format!("{n}{plus} {w}{}", if n == 1 { "" } else { "s" });
        let mut out = String::new();
        if self.errors > 0 {
            out.push_str(&plural(self.errors, "error"));
            out.push_str(" · ");
        }
        let warn = self.warnings + self.host_high + self.host_warnings;
        out.push_str(&format!("⚠ {warn}{plus}"));
        if self.host_high > 0 {
            out.push_str(&format!(" ({} high)", self.host_high));
        }
        if self.hints > 0 {
            out.push_str(" · ");
            out.push_str(&plural(self.hints, "hint"));
        }
        out
    }

    /// The layer count's words (`2 layers (1 wrapper, 1 decode)`), when the link was unwrapped.
    pub fn layers_text(&self) -> Option<String> {
        self.layers.map(|l| l.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modern::host::summarize;
    use crate::modern::unwrap::unwrap;
    use crate::url::findings::findings;
    use crate::url::{Classification, Profile, tokenize};

    fn of(x: &[u8]) -> Counts {
        let p = tokenize(x);
        let f = findings(x, &p, Profile::Rfc1738, &[], Classification::C1738);
        let chain = unwrap(x);
        counts(&f, &summarize(x, None, 0), Some(chain.layer_count()))
    }

    #[test]
    fn a_plain_safelinks_url_has_hints_not_warnings() {
        let x = b"https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2Fa%3Fb%3Dc&data=05%7C02%7Cuser%40example.com%7C&reserved=0";
        let c = of(x);
        assert_eq!(c.errors, 0, "{c:?}");
        assert_eq!(c.warnings, 0, "{c:?}");
        assert!(c.hints > 0, "{c:?}");
        assert_eq!(c.status_text(), format!("⚠ 0 · {} hints", c.hints));
        assert_eq!(c.layers.unwrap().wrappers, 1);
    }

    #[test]
    fn view_and_status_line_count_the_same_layers() {
        // A defanged SafeLinks link: one decode (refanging), then one wrapper.
        let x = b"hxxps://nam12.safelinks.protection.outlook[.]com/?url=https%3A%2F%2Fexample.org%2F&data=x";
        let chain = unwrap(x);
        let l = chain.layer_count();
        assert_eq!(l.layers, chain.layers.len() - 1);
        assert_eq!(l.wrappers + l.decodes, l.layers);
        assert_eq!(l.wrappers, 1, "{:?}", chain.layers);
        assert_eq!(l.label(), "2 layers (1 wrapper, 1 decode)");
        assert_eq!(of(x).layers_text().unwrap(), l.label());
    }

    #[test]
    fn host_findings_and_frames_are_counted() {
        let c = of(b"<https://paypal.com@evil.example/>");
        assert_eq!(c.host_high, 1, "{c:?}");
        assert!(c.status_text().starts_with("⚠ "), "{}", c.status_text());
        assert!(c.status_text().contains("(1 high)"));
        assert!(c.hints >= 1, "the removed frame is a hint: {c:?}");
        assert_eq!(of(b"http://example.com/").status_text(), "⚠ 0");
    }
}
