//! The wrapped link's target, checked as the link itself is (issue 20): a SafeLinks, Proofpoint
//! or Google-redirect URL is only as safe as the URL it leads to, so the host lens runs its
//! findings on the unwrap lens's last layer too. The target comes from the unwrap chain the
//! caller already has (never unwrapped again here); its host is summarized like any input.

use serde::Serialize;

use super::findings::Finding;
use super::summary::summarize;
use crate::modern::unwrap::Chain;

/// What the host lens says about the target of a wrapped link.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The unwrap lens's last layer.
    pub url: String,
    /// Layers between the link and its target (the unwrap view's count).
    pub layers: usize,
    /// The target's host as the WHATWG host parser serializes it.
    pub host: Option<String>,
    /// The target's registrable domain (U-label form when it differs).
    pub registrable: Option<String>,
    /// Every finding of the target, informational ones too, most serious first.
    pub findings: Vec<Finding>,
}

/// The target of `chain` with its findings; `None` when nothing wraps the link (the target is
/// the link itself, already checked).
pub fn of(chain: &Chain) -> Option<Target> {
    let count = chain.layer_count();
    if count.layers == 0 {
        return None;
    }
    let url = chain.target().text.clone();
    let s = summarize(url.as_bytes(), None, 0);
    Some(Target {
        layers: count.layers,
        host: s.host,
        registrable: s.registrable,
        findings: s.findings,
        url,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modern::unwrap::unwrap;

    #[test]
    fn a_safelinks_target_is_checked() {
        let chain = unwrap(
            b"https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com%40evil.example%2F&data=05",
        );
        let t = of(&chain).expect("wrapped");
        assert_eq!(t.url, "https://paypal.com@evil.example/");
        assert_eq!(t.host.as_deref(), Some("evil.example"));
        let ids: Vec<_> = t.findings.iter().map(|f| f.id).collect();
        assert!(ids.contains(&"userinfo-looks-like-host"), "{ids:?}");
    }

    #[test]
    fn a_plain_link_has_no_target() {
        assert_eq!(of(&unwrap(b"https://example.org/")), None);
    }
}
