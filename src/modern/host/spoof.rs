//! Is the host's registrable domain confusable with a much-spoofed domain? UTS #39 skeletons
//! (the `unicode-security` crate) compared label by label against a small built-in list.

use std::sync::OnceLock;

use serde::Serialize;
use unicode_security::skeleton;

/// The list, with its provenance in its header.
pub const LIST: &str = include_str!("spoofed_domains.txt");

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
pub fn listed() -> impl Iterator<Item = &'static str> {
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
pub fn confusable(domain_unicode: &str, domain_ascii: &str) -> Option<Confusable> {
    let sk: Vec<String> = domain_unicode
        .split('.')
        .map(|l| skeleton(l).collect())
        .collect();
    entries()
        .iter()
        .find(|e| e.skeletons == sk && e.domain != domain_ascii)
        .map(|e| Confusable {
            listed: e.domain.to_string(),
            skeleton: sk.join("."),
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
