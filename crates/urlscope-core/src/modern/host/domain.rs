//! A domain host label by label: UTS #46 (the `idna` crate, called as the `url` crate calls it)
//! and UTS #39 (scripts, mixed-script verdict, restriction level and confusable skeleton, the
//! `unicode-security` crate).

use serde::Serialize;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{MixedScript, RestrictionLevel, RestrictionLevelDetection, skeleton};

/// The label separators UTS #46 maps to `.` (full stop and its ideographic/fullwidth forms).
pub(crate) const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// The label as typed (`None` when typed and processed labels do not line up, e.g. after
    /// a percent-encoded dot).
    pub typed: Option<String>,
    /// The U-label (UTS #46 ToUnicode; U+FFFD marks where the crate found an error).
    pub unicode: String,
    /// The A-label (UTS #46 ToASCII), when the whole domain converts.
    pub ascii: Option<String>,
    /// The `idna` crate marked an error in this label.
    pub error: bool,
    /// The Script_Extensions of its characters, distinct, in order of appearance.
    pub scripts: Vec<String>,
    /// UTS #39 single-script (a resolved script set that is not empty).
    pub single_script: bool,
    /// UTS #39 restriction level.
    pub restriction: &'static str,
    /// UTS #39 confusable skeleton of the U-label.
    pub skeleton: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DomainReport {
    /// UTS #46 ToASCII of the whole host (the WHATWG "domain to ASCII"), or `None` when the
    /// crate rejects it.
    pub ascii: Option<String>,
    /// UTS #46 ToUnicode of the whole host, errors marked with U+FFFD.
    pub unicode: String,
    pub labels: Vec<Label>,
}

impl DomainReport {
    /// Labels (indices) that mix scripts.
    pub fn mixed_script_labels(&self) -> impl Iterator<Item = &Label> {
        self.labels.iter().filter(|l| !l.single_script)
    }
}

pub(crate) fn restriction_name(r: RestrictionLevel) -> &'static str {
    match r {
        RestrictionLevel::ASCIIOnly => "ASCII-only",
        RestrictionLevel::SingleScript => "single script",
        RestrictionLevel::HighlyRestrictive => "highly restrictive",
        RestrictionLevel::ModeratelyRestrictive => "moderately restrictive",
        RestrictionLevel::MinimallyRestrictive => "minimally restrictive",
        RestrictionLevel::Unrestricted => "unrestricted",
    }
}

/// The distinct Script_Extensions values of the characters of `s` (`Common` for digits and
/// hyphens, `Latin`, `Cyrillic`, `Hiragana + Katakana`, …).
pub(crate) fn scripts(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in s.chars() {
        let name = AugmentedScriptSet::for_char(c).base.to_string();
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// UTS #39 facts of one U-label.
fn label(typed: Option<String>, unicode: &str, ascii: Option<String>) -> Label {
    Label {
        typed,
        error: unicode.contains('\u{FFFD}'),
        scripts: scripts(unicode),
        single_script: unicode.is_single_script(),
        restriction: restriction_name(unicode.detect_restriction_level()),
        skeleton: skeleton(unicode).collect(),
        unicode: unicode.to_string(),
        ascii,
    }
}

/// Analyse a domain. `typed` is the host text as typed, `decoded` the octets the host parser
/// passes to UTS #46 (after percent-decoding).
pub(crate) fn inspect(typed: Option<&str>, decoded: &[u8]) -> DomainReport {
    let ascii = idna::domain_to_ascii_cow(decoded, idna::AsciiDenyList::URL)
        .ok()
        .map(|c| c.into_owned());
    let (unicode, _) = idna::uts46::Uts46::new().to_unicode(
        decoded,
        idna::AsciiDenyList::URL,
        idna::uts46::Hyphens::Allow,
    );
    let unicode = unicode.into_owned();
    let u_labels: Vec<&str> = unicode.split('.').collect();
    let a_labels: Option<Vec<&str>> = ascii.as_deref().map(|a| a.split('.').collect());
    let typed_labels: Option<Vec<&str>> = typed
        .map(|t| t.split(DOTS).collect::<Vec<_>>())
        .filter(|t| t.len() == u_labels.len());
    let labels = u_labels
        .iter()
        .enumerate()
        .map(|(i, u)| {
            label(
                typed_labels.as_ref().map(|t| t[i].to_string()),
                u,
                a_labels
                    .as_ref()
                    .filter(|a| a.len() == u_labels.len())
                    .map(|a| a[i].to_string()),
            )
        })
        .collect();
    DomainReport {
        ascii,
        unicode,
        labels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_apple() {
        let d = inspect(Some("аррӏе.com"), "аррӏе.com".as_bytes());
        assert_eq!(d.ascii.as_deref(), Some("xn--80ak6aa92e.com"));
        assert_eq!(d.labels[0].ascii.as_deref(), Some("xn--80ak6aa92e"));
        assert_eq!(d.labels[0].scripts, ["Cyrillic"]);
        assert!(d.labels[0].single_script);
        assert_eq!(d.labels[0].skeleton, "apple");
    }

    #[test]
    fn mixed_and_rejected() {
        let d = inspect(Some("pаypal.com"), "pаypal.com".as_bytes());
        assert!(!d.labels[0].single_script);
        assert_eq!(d.labels[0].scripts, ["Latin", "Cyrillic"]);
        let bad = inspect(Some("xn--a.ß"), "xn--a.ß".as_bytes());
        assert_eq!(bad.ascii, None);
        assert!(bad.labels.iter().any(|l| l.error));
        let fullwidth = inspect(Some("a\u{3002}b"), "a\u{3002}b".as_bytes());
        assert_eq!(fullwidth.labels[1].typed.as_deref(), Some("b"));
    }
}
