//! The wrapped link's target, checked as the link itself is: a SafeLinks, Proofpoint
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
    /// The layers between the link and its target whose own findings warn (a phishing login
    /// page that an OAuth `redirect_uri` leads on from): each is a page the reader may land
    /// on. Layers that only repeat the target's or an earlier layer's findings are left out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub through: Vec<Hop>,
}

/// A layer between the link and its target, with its findings of severity warning and above.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Hop {
    /// Its number in the unwrap chain (layer 0 is the pasted text).
    pub layer: usize,
    pub url: String,
    pub host: Option<String>,
    pub findings: Vec<Finding>,
}

/// The target of `chain` with its findings; `None` when nothing wraps the link (the target is
/// the link itself, already checked).
pub(crate) fn of(chain: &Chain) -> Option<Target> {
    let count = chain.layer_count();
    if count.layers == 0 {
        return None;
    }
    let url = chain.target().text.clone();
    let s = summarize(url.as_bytes(), None, 0);
    let mut seen = vec![s.warnings];
    let mut through = Vec::new();
    let last = chain.layers.len() - 1;
    for (layer, l) in chain.layers.iter().enumerate().take(last).skip(1) {
        let h = summarize(l.text.as_bytes(), None, 0);
        let same = |w: &Vec<Finding>| {
            w.len() == h.warnings.len()
                && w.iter()
                    .zip(&h.warnings)
                    .all(|(a, b)| a.id == b.id && a.text == b.text)
        };
        if h.warnings.is_empty() || seen.iter().any(same) {
            continue;
        }
        seen.push(h.warnings.clone());
        through.push(Hop {
            layer,
            url: l.text.clone(),
            host: h.host,
            findings: h.warnings,
        });
    }
    Some(Target {
        layers: count.layers,
        host: s.host,
        registrable: s.registrable,
        findings: s.findings,
        through,
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
    fn a_phishing_page_on_the_way_to_the_target_is_checked() {
        // Google redirect → a lookalike login page → its OAuth redirect_uri (the last layer).
        let chain = unwrap(
            b"https://www.google.com/url?q=https%3A%2F%2Flogin.microsoftonline.com.verify.evil.example%2Fauthorize%3Fredirect_uri%3Dhttps%253A%252F%252Fevil.example%252Fcb&sa=D",
        );
        let t = of(&chain).expect("wrapped");
        assert_eq!(t.url, "https://evil.example/cb");
        assert_eq!(t.through.len(), 1, "{:?}", t.through);
        let hop = &t.through[0];
        assert_eq!(hop.layer, 1);
        assert_eq!(
            hop.host.as_deref(),
            Some("login.microsoftonline.com.verify.evil.example")
        );
        assert_eq!(hop.findings[0].id, "brand-outside-registrable");
    }

    #[test]
    fn a_plain_link_has_no_target() {
        assert_eq!(of(&unwrap(b"https://example.org/")), None);
    }
}
