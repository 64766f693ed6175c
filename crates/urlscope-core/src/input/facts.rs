//! What the lenses say about a found link: the unwrap lens's final target, the host lens's
//! summary of that target (host, registrable domain in Unicode and ASCII, findings), and two
//! findings of the link itself: `link-text-mismatch`, an HTML link whose visible text names
//! another site, and `may-continue`, a link a wrapped line may have cut.

use super::Link;
use super::text::{lens_text, url_start};
use crate::modern::host::findings::HostFindingId;
use crate::modern::host::{Finding, Severity, summarize};
use crate::modern::unwrap::unwrap;

/// The id of the finding for an HTML link whose visible text is a URL or domain of another site.
pub const LINK_TEXT_MISMATCH: &str = HostFindingId::LinkTextMismatch.as_str();

/// The lenses' answers for one link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkFacts {
    /// The unwrap lens's last layer (the link itself when nothing wraps it).
    pub target: String,
    /// Redirect-wrapper layers between the link and its target.
    pub wrapper_layers: usize,
    /// The target's host as the WHATWG host parser serializes it.
    pub host: Option<String>,
    /// The target's registrable domain (Public Suffix List; U-label form).
    pub registrable: Option<String>,
    /// The same in ASCII (A-labels): what a reader can paste without a homograph in it.
    pub registrable_ascii: Option<String>,
    /// The host lens's summary findings on the target (severity warning and above), with
    /// [`LINK_TEXT_MISMATCH`] (severity high) and `may-continue` (warning) when they apply;
    /// most serious first.
    pub findings: Vec<Finding>,
}

impl Link {
    /// Ask the unwrap and host lenses about this link.
    pub fn facts(&self) -> LinkFacts {
        let chain = unwrap(&lens_text(&self.url));
        let layers = chain.layers.iter().filter(|l| l.kind.is_wrapper()).count();
        let target = chain.target().text.clone();
        let s = summarize(target.as_bytes(), None, layers);
        let mut findings = s.warnings;
        let site = s.registrable_ascii.clone().or_else(|| s.host.clone());
        if let (Some(text), Some(site)) = (&self.text, site)
            && let Some(shown) = shown_site(text)
            && shown != site
        {
            let at = findings.partition_point(|f| f.severity <= Severity::High);
            findings.insert(
                at,
                Finding::new(
                    HostFindingId::LinkTextMismatch,
                    format!("text shows {shown}"),
                    format!("the link's text shows {shown}, but the link leads to {site}"),
                ),
            );
        }
        if let Some(joined) = &self.continued {
            let joined = String::from_utf8_lossy(joined);
            findings.push(Finding::new(
                HostFindingId::MayContinue,
                "may continue".into(),
                format!("the next line may continue the link: {joined}"),
            ));
        }
        // Most serious first; the order within a severity is the lenses'.
        findings.sort_by_key(|f| f.severity);
        LinkFacts {
            target,
            wrapper_layers: layers,
            host: s.host,
            registrable: s.registrable,
            registrable_ascii: s.registrable_ascii,
            findings,
        }
    }
}

/// The site a link's visible text names, when the text is itself a URL or a domain (one word
/// with a dot and a last label of letters): its registrable domain, else its host.
fn shown_site(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() || t.contains(char::is_whitespace) {
        return None;
    }
    let t = t.trim_end_matches(['.', ',', ';', ':', '!', '?']);
    let url = if url_start(t.as_bytes()) == Some(0) {
        t.to_string()
    } else if looks_like_domain(t) {
        format!("http://{t}")
    } else {
        return None;
    };
    let s = summarize(&lens_text(url.as_bytes()), None, 0);
    s.registrable_ascii.or(s.host)
}

fn looks_like_domain(t: &str) -> bool {
    let host = t.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let mut labels = host.split('.');
    let Some(last) = labels.next_back() else {
        return false;
    };
    host.contains('.')
        && last.chars().count() >= 2
        && last.chars().all(char::is_alphabetic)
        && host
            .split('.')
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

#[cfg(test)]
mod tests {
    use super::super::Source;
    use super::*;

    fn link(url: &str, text: Option<&str>) -> Link {
        let mut l = Link::new(url.as_bytes().to_vec(), 1, Source::HtmlHref);
        l.text = text.map(String::from);
        l
    }

    #[test]
    fn target_host_and_registrable() {
        let f = link(
            "https://www.google.com/url?q=https://docs.example.co.uk/a",
            None,
        )
        .facts();
        assert_eq!(f.target, "https://docs.example.co.uk/a");
        assert_eq!(f.wrapper_layers, 1);
        assert_eq!(f.host.as_deref(), Some("docs.example.co.uk"));
        assert_eq!(f.registrable.as_deref(), Some("example.co.uk"));
        let f = link("www.example.org/x", None).facts();
        assert_eq!(f.host.as_deref(), Some("www.example.org"));
    }

    fn mismatch(l: &Link) -> bool {
        l.facts()
            .findings
            .iter()
            .any(|f| f.id == LINK_TEXT_MISMATCH)
    }

    #[test]
    fn ascii_registrable_and_may_continue() {
        let f = link("https://p\u{430}ypal.com/x", Some("https://paypal.com/")).facts();
        assert_eq!(f.registrable.as_deref(), Some("p\u{430}ypal.com"));
        assert_eq!(f.registrable_ascii.as_deref(), Some("xn--pypal-4ve.com"));
        let ids: Vec<_> = f.findings.iter().map(|f| f.id).collect();
        assert!(
            ids.contains(&"confusable") && ids.contains(&LINK_TEXT_MISMATCH),
            "{ids:?}"
        );
        assert!(
            f.findings
                .windows(2)
                .all(|w| w[0].severity <= w[1].severity)
        );
        let mut l = link("https://a.example/downlo", None);
        l.continued = Some(b"https://a.example/download.pdf".to_vec());
        assert!(l.facts().findings.iter().any(|f| f.id == "may-continue"));
    }

    #[test]
    fn text_naming_another_site() {
        let bad = link(
            "https://evil.example/login",
            Some("https://www.paypal.com/signin"),
        );
        assert!(mismatch(&bad));
        let bad = link("https://evil.example/login", Some("paypal.com"));
        assert!(mismatch(&bad));
        for ok in [
            link("https://www.paypal.com/x", Some("paypal.com")),
            link("https://evil.example/", Some("Sign in")),
            link("https://evil.example/", Some("see v1.2")),
            link("https://evil.example/", None),
        ] {
            assert!(!mismatch(&ok), "{ok:?}");
        }
    }
}
