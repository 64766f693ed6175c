//! The id of a finding: which diagnostic, hint or leftover it is, its string, sentence and
//! severity.

use super::Severity;
use crate::url::classes::Hint;
use crate::url::syntax::diag::Diag;

/// What a finding is: a diagnostic, a hint, or one of the three leftovers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingId {
    /// A diagnostic of the parse or of a profile's steps.
    Diag(Diag),
    /// A learner hint.
    Hint(Hint),
    /// `W-trailing-punctuation`.
    TrailingPunctuation,
    /// `W-dot-dot-above-root`.
    DotDotAboveRoot,
    /// `W-password`.
    Password,
    /// `<…>`, `<URL:…>`, quotes or parentheses around the URL (`url::frame::unframe`).
    FrameRemoved,
    /// A historical profile's edit changes what today's parsers read (`modern::today`).
    OldRuleToday,
    /// A crawler canonicalizer's `www\d*.` rule stripped the site's own name (`url::findings::canon`).
    CanonWwwSite,
    /// A crawler canonicalizer decoded a delimiter into the URL's structure
    /// (`url::findings::canon`).
    CanonDecodedDelimiter,
}

impl FindingId {
    /// The id people read: the diagnostic's or hint's own, or `W-…` for a leftover.
    pub const fn as_str(self) -> &'static str {
        match self {
            FindingId::Diag(d) => d.as_str(),
            FindingId::Hint(h) => h.as_str(),
            FindingId::TrailingPunctuation => "W-trailing-punctuation",
            FindingId::DotDotAboveRoot => "W-dot-dot-above-root",
            FindingId::Password => "W-password",
            FindingId::FrameRemoved => "hint-frame-removed",
            FindingId::OldRuleToday => "W-old-rule-today",
            FindingId::CanonWwwSite => "W-canon-www-site",
            FindingId::CanonDecodedDelimiter => "W-canon-decoded-delimiter",
        }
    }

    /// The sentence a person reads. One exhaustive match: a finding without one does not compile.
    pub fn text(self) -> &'static str {
        match self {
            FindingId::Diag(d) => crate::explain::diagnostic(d).text,
            FindingId::Hint(h) => crate::explain::hint(h).text,
            FindingId::TrailingPunctuation => {
                "the URL ends in punctuation of the sentence it was copied from (`urlscope extract` cuts it off by the same rule)"
            }
            FindingId::DotDotAboveRoot => {
                "this '..' climbs above the root: RFC 3986 §5.2.4 drops it, so the path is not what it looks like"
            }
            FindingId::Password => {
                "the URL carries a password in its userinfo: RFC 3986 §3.2.1 calls this deprecated, and anyone who sees the URL sees the password"
            }
            FindingId::FrameRemoved => {
                "the text around the URL (brackets, quotes) is not part of it: the host, parsers and unwrap lenses read the URL inside"
            }
            FindingId::OldRuleToday => {
                "an old rule's edit changes what the URL means to today's parsers (the URL Standard's path and form decoding): the normalized link asks for something else"
            }
            FindingId::CanonWwwSite => {
                "the canonicalizer strips a leading label of `www` and digits (surt's `massageHost` with `_RE_WWWDIGITS`, surt/IAURLCanonicalizer.py; urlcanon's aggressive `strip_www`), and here that label was the site's own name: two sites share one key"
            }
            FindingId::CanonDecodedDelimiter => {
                "the canonicalizer percent-decodes until nothing changes and does not encode the delimiters again (surt's `unescapeRepeatedly` then `escapeOnce`, surt/GoogleURLCanonicalizer.py; Safe Browsing's and urlcanon's repeated decoding): a decoded delimiter changes the URL's structure, so the key names another URL"
            }
        }
    }

    /// Informational: a hint or the removed frame. Counted apart from the warnings
    /// (`crate::modern::counts`); they keep `Severity::Warning` for the list's colours.
    pub fn is_informational(self) -> bool {
        matches!(self, FindingId::Hint(_) | FindingId::FrameRemoved)
    }

    /// Only a diagnostic that marks an error is one; hints and leftovers warn.
    pub fn severity(self) -> Severity {
        match self {
            FindingId::Diag(d) if d.is_error() => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

crate::url::syntax::id::string_traits!(FindingId);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_keep_their_strings() {
        let all = [
            FindingId::Diag(Diag::NoScheme),
            FindingId::Diag(Diag::BaseNotAbsolute),
            FindingId::Hint(Hint::DoubleEncoded),
            FindingId::TrailingPunctuation,
            FindingId::DotDotAboveRoot,
            FindingId::Password,
            FindingId::FrameRemoved,
            FindingId::OldRuleToday,
            FindingId::CanonWwwSite,
            FindingId::CanonDecodedDelimiter,
        ];
        let names = [
            "W-no-scheme",
            "E-base-not-absolute",
            "hint-double-encoded",
            "W-trailing-punctuation",
            "W-dot-dot-above-root",
            "W-password",
            "hint-frame-removed",
            "W-old-rule-today",
            "W-canon-www-site",
            "W-canon-decoded-delimiter",
        ];
        for (id, name) in all.into_iter().zip(names) {
            assert_eq!(id.as_str(), name);
            assert_eq!(format!("{id:<30}|").len(), 31);
            assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{name}\""));
            assert!(!id.text().is_empty());
            let error = name.starts_with("E-");
            assert_eq!(id.severity() == Severity::Error, error, "{name}");
        }
        assert!(FindingId::FrameRemoved.is_informational());
        assert!(FindingId::Hint(Hint::DoubleEncoded).is_informational());
        assert!(!FindingId::Password.is_informational());
        assert_eq!(
            FindingId::Hint(Hint::DoubleEncoded).text(),
            crate::explain::hint(Hint::DoubleEncoded).text
        );
    }
}
