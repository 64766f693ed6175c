//! The main screen's one-line host summary: the effective host, its registrable domain and the
//! warnings that matter, computed for every input. Only the host text is analysed: the scan
//! reads at most [`PREFIX`] octets of the input, so a 1 MiB input costs what its host costs.

use serde::Serialize;

use super::findings::{Finding, Severity};
use super::locate::{self, NotFound};
use super::{Kind, facts_located};
use crate::url::syntax::parser_text::parser_text;

/// The summary reads the host from at most this many leading octets of the input (and base).
pub(crate) const PREFIX: usize = 16 * 1024;

/// The host lens in brief (host, kind, registrable domain, worst finding), computed from a bounded
/// prefix of the input: what the inspector's status line and the CLI's summaries show.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HostSummary {
    /// The host as the WHATWG host parser serializes it.
    pub host: Option<String>,
    /// What kind of host it is.
    pub kind: Option<Kind>,
    /// The registrable domain (U-label form when it differs, A-label form in `registrable_ascii`).
    pub registrable: Option<String>,
    /// The registrable domain in A-label form.
    pub registrable_ascii: Option<String>,
    /// The findings of severity warning and above.
    pub warnings: Vec<Finding>,
    /// Why there is no host to show (no authority, too long, …).
    pub note: Option<String>,
    /// Layers of redirect wrappers around the link (the unwrap lens; 0 when none).
    pub wrapper_layers: usize,
    /// What was taken off around the input before its host was read (the one framing rule).
    pub frame: Option<crate::url::syntax::frame::Unframed>,
    /// Every finding, informational ones too (`warnings` holds those of severity warning and
    /// above); the status line's counts come from [`crate::modern::counts`].
    pub findings: Vec<Finding>,
    /// The target of a wrapped link and its own findings (`super::target`), set by the caller
    /// that has the unwrap chain ([`HostSummary::with_target`]); `None` when not wrapped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Box<super::target::Target>>,
}

impl HostSummary {
    /// This summary with the target of `chain` checked too (nothing when the link is not
    /// wrapped).
    pub fn with_target(mut self, chain: Option<&crate::modern::unwrap::Chain>) -> HostSummary {
        self.target = chain.and_then(super::target::of).map(Box::new);
        self
    }

    /// The wrapped link's findings of severity warning and above (what the status line
    /// shows), each with whose it is: `target` or `layer N` (a layer on the way).
    pub fn target_warnings(&self) -> impl Iterator<Item = (String, &Finding)> {
        self.target.iter().flat_map(|t| {
            let target = t
                .findings
                .iter()
                .filter(|f| f.severity <= Severity::Warning)
                .map(|f| ("target".to_string(), f));
            let through = t
                .through
                .iter()
                .flat_map(|h| h.findings.iter().map(|f| (format!("layer {}", h.layer), f)));
            through.chain(target)
        })
    }
}

fn head(x: &[u8]) -> (&[u8], bool) {
    if x.len() > PREFIX {
        (&x[..PREFIX], true)
    } else {
        (x, false)
    }
}

/// Summarize the host of `input` (against `base` for a relative input).
pub fn summarize(input: &[u8], base: Option<&[u8]>, wrapper_layers: usize) -> HostSummary {
    let (x, cut) = head(input);
    let frame = crate::url::syntax::frame::unframe(x);
    let text = parser_text(frame.of(x));
    let mut found = locate::locate(&text.text);
    if matches!(found, Err(NotFound::NoScheme))
        && let Some(b) = base.filter(|b| !b.is_empty())
    {
        let b = head(b).0;
        let b = parser_text(crate::url::syntax::frame::unframe(b).of(b));
        found = super::locate_relative(&text.text, &b.text).0;
    }
    // An authority that runs to the cut may continue after it.
    if cut && found.as_ref().is_ok_and(|l| !l.terminated) {
        found = Err(NotFound::TooLong(PREFIX));
    }
    let note = match &found {
        Err(NotFound::NoScheme) => Some("no scheme".to_string()),
        Err(NotFound::NoAuthority) => Some("no authority".to_string()),
        Err(NotFound::TooLong(n)) => Some(format!("not analysed: authority ≥ {n} B")),
        Ok(_) => None,
    };
    let f = facts_located(found, None);
    // The prefix is at most PREFIX octets: parsing it for the userinfo, port and media type
    // costs what the host costs.
    let parsed = url::Url::parse(&text.text).ok();
    let link = super::phishing::Link::of(parsed.as_ref(), f.scheme.as_deref());
    let frame = Some(frame).filter(crate::url::syntax::frame::Unframed::is_framed);
    let findings = super::all_findings(&f, &link, None, frame.as_ref());
    let warnings = findings
        .iter()
        .filter(|w| w.severity <= Severity::Warning)
        .cloned()
        .collect();
    let reg = f.registrable.as_ref();
    HostSummary {
        kind: f
            .host
            .as_ref()
            .map(|_| f.kind)
            .or((f.kind == Kind::Empty).then_some(Kind::Empty)),
        registrable: reg.and_then(|r| r.domain_unicode.clone()),
        registrable_ascii: reg.and_then(|r| r.domain.clone()),
        host: f.host.clone(),
        note: note.or_else(|| {
            (f.host.is_none() && f.kind != Kind::Empty)
                .then(|| {
                    f.host_error
                        .clone()
                        .map(|e| format!("the host does not parse: {e}"))
                })
                .flatten()
        }),
        warnings,
        wrapper_layers,
        frame,
        findings,
        target: None,
    }
}
