//! Is the host's registrable domain confusable with a much-spoofed domain? UTS #39 skeletons
//! (the `unicode-security` crate) compared label by label against a small built-in list.

use std::sync::OnceLock;

use serde::Serialize;
use unicode_security::skeleton;

/// The list, with its provenance in its header.
pub(crate) const LIST: &str = include_str!("spoofed_domains.txt");

/// One listed domain and the skeletons of its labels.
struct Entry {
    domain: &'static str,
    skeletons: Vec<String>,
}

fn entries() -> &'static [Entry] {
    static E: OnceLock<Vec<Entry>> = OnceLock::new();
    E.get_or_init(|| {
        listed()
            .map(|domain| Entry {
                domain,
                skeletons: domain.split('.').map(|l| skeleton(l).collect()).collect(),
            })
            .collect()
    })
}

/// The listed domains, in file order.
pub(crate) fn listed() -> impl Iterator<Item = &'static str> {
    LIST.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Confusable {
    /// The listed domain whose skeleton the host's registrable domain shares.
    pub listed: String,
    /// The shared skeleton, label by label.
    pub skeleton: String,
}

/// The listed domain that `domain_unicode` (a registrable domain in U-label form) can be
/// confused with, if any. Being the listed domain itself is no confusion.
pub(crate) fn confusable(domain_unicode: &str, domain_ascii: &str) -> Option<Confusable> {
    let sk: Vec<String> = domain_unicode
        .split('.')
        .map(|l| skeleton(l).collect())
        .collect();
    let whole = entries()
        .iter()
        .find(|e| e.skeletons == sk && e.domain != domain_ascii);
    whole
        .or_else(|| brand_lookalike(domain_unicode))
        .map(|e| Confusable {
            listed: e.domain.to_string(),
            skeleton: sk.join("."),
        })
}

/// The listed domain whose brand name a hyphen-separated part of the registrable domain's name
/// imitates: same skeleton, other characters (`paypa1-secure.example`: `1` for `l`). A part
/// that is the brand itself (`paypal-community.com`) is left alone: brands register such names.
fn brand_lookalike(domain_unicode: &str) -> Option<&'static Entry> {
    let name = domain_unicode.split('.').next()?;
    name.split('-').filter(|p| !p.is_empty()).find_map(|part| {
        let sk: String = skeleton(part).collect();
        entries().iter().find(|e| {
            let brand = e.domain.split('.').next().unwrap_or_default();
            e.skeletons.first() == Some(&sk) && part != brand
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homographs_match_and_the_real_domain_does_not() {
        let c = confusable("аррӏе.com", "xn--80ak6aa92e.com").unwrap();
        assert_eq!(c.listed, "apple.com");
        assert_eq!(confusable("apple.com", "apple.com"), None);
        assert_eq!(
            confusable("paypa1.com", "paypa1.com").unwrap().listed,
            "paypal.com"
        );
        assert_eq!(confusable("example.com", "example.com"), None);
        // A brand imitated inside a hyphenated name, in any suffix.
        let c = confusable("paypa1-secure.example", "paypa1-secure.example").unwrap();
        assert_eq!(c.listed, "paypal.com");
        assert_eq!(c.skeleton, "paypal-secure.exarnple");
        assert_eq!(
            confusable("paypa1.net", "paypa1.net").unwrap().listed,
            "paypal.com"
        );
        // The brand's own word is no imitation.
        assert_eq!(
            confusable("paypal-community.com", "paypal-community.com"),
            None
        );
        assert_eq!(confusable("secure-example.com", "secure-example.com"), None);
    }

    #[test]
    fn every_entry_is_a_registrable_domain_in_ascii() {
        let mut n = 0;
        for d in listed() {
            n += 1;
            assert!(d.is_ascii(), "{d}");
            assert_eq!(psl::domain_str(d), Some(d), "{d} is not an eTLD+1");
        }
        assert!(n >= 20);
    }
}
