//! Learner-facing texts of the modern profiles (SPEC-MODERN §9): every step, rule and
//! diagnostic id of `rfc3986` and `whatwg`, and the WHATWG validation errors, each citing
//! RFC 3986 or the WHATWG URL Standard by section, in the style of the seeds' rules.

use crate::url::explain::Explanation;
#[cfg(test)]
use crate::url::profiles::Profile;
use crate::url::profiles::whatwg::Violation;
#[cfg(test)]
use crate::url::syntax::diag;

pub(super) const RFC3986_APPC: &str = "RFC 3986 Appendix C";
pub(super) const RFC3986_APPB: &str = "RFC 3986 Appendix B, §3.2";
pub(super) const RFC3986_ENCODE: &str = "RFC 3986 §2.1, §2.4; RFC 3987 §3.1";
pub(super) const RFC3986_6221: &str = "RFC 3986 §6.2.2.1";
pub(super) const RFC3986_6222: &str = "RFC 3986 §6.2.2.2";
pub(super) const RFC3986_6223: &str = "RFC 3986 §6.2.2.3, §5.2.4";
pub(super) const RFC3986_623: &str = "RFC 3986 §6.2.3";
pub(super) const RFC3986_322: &str = "RFC 3986 §3.2.3";
pub(super) const RFC3986_522: &str = "RFC 3986 §5.2.2";
pub(super) const WHATWG: &str =
    "WHATWG URL Standard §4.4 (URL parsing), as the url crate implements it";
pub(super) const WHATWG_SER: &str =
    "WHATWG URL Standard §4.5 (URL serializing), as the url crate implements it";
pub(super) const WHATWG_ENC: &str = "WHATWG URL Standard §4.4; RFC 3987 §3.1";

const fn e(id: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation { id, text, source }
}

/// The sentence of a WHATWG validation error (the crate's syntax violations). One exhaustive
/// match: a violation without a sentence does not compile.
#[rustfmt::skip]
pub(crate) fn violation(v: Violation) -> Explanation {
    use Violation as V;
    let (text, source) = match v {
        V::Backslash => ("WHATWG URL Standard §4.4 (invalid-reverse-solidus): in a special URL a '\\' is read as '/'.", WHATWG),
        V::C0SpaceIgnored => ("WHATWG URL Standard §4.4: leading and trailing C0 controls and spaces are removed before parsing.", WHATWG),
        V::EmbeddedCredentials => ("WHATWG URL Standard §4.4 (invalid-credentials): a user name or password in the URL is allowed but discouraged; the part before '@' is not the host.", WHATWG),
        V::ExpectedDoubleSlash => ("WHATWG URL Standard §4.4 (special-scheme-missing-following-solidus): a special scheme should be followed by '//'; the parser supplies it.", WHATWG),
        V::ExpectedFileDoubleSlash => ("WHATWG URL Standard §4.4 (special-scheme-missing-following-solidus): 'file:' should be followed by '//'.", WHATWG),
        V::FileWithHostAndWindowsDrive => ("WHATWG URL Standard §4.4 (file-invalid-Windows-drive-letter-host): a file URL with a host and a Windows drive letter; the host is dropped.", WHATWG),
        V::NonUrlCodePoint => ("WHATWG URL Standard §4.4 (invalid-URL-unit): a code point that is not a URL code point; it is percent-encoded where the component allows.", WHATWG),
        V::NullInFragment => ("WHATWG URL Standard §4.4: a NUL in the fragment is not allowed.", WHATWG),
        V::PercentDecode => ("WHATWG URL Standard §4.4 (invalid-URL-unit): a '%' not followed by two hex digits is kept as it is.", WHATWG),
        V::TabOrNewlineIgnored => ("WHATWG URL Standard §4.4: every tab and newline is removed from the input before parsing (a URL broken across lines is joined).", WHATWG),
        V::UnencodedAtSign => ("WHATWG URL Standard §4.4 (invalid-credentials): an '@' in the user name or password; the last '@' ends the credentials and earlier ones are encoded as %40.", WHATWG),
        V::Other => ("A validation error the url crate reports that this tool has no text for; the crate's own words follow.", WHATWG),
    };
    e(v.as_str(), text, source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modern_id_has_exactly_one_text() {
        let (r, w) = (
            Profile::Rfc3986.entry().ids(),
            Profile::Whatwg.entry().ids(),
        );
        use crate::url::explain::rules::has_row;
        use crate::url::rule::Rule;
        for (p, ids) in [(Profile::Rfc3986, &r), (Profile::Whatwg, &w)] {
            for id in Rule::EVERY {
                assert_eq!(has_row(id, p), ids.contains(&id), "{id} / {p:?}");
            }
        }
        for &v in Violation::EVERY {
            assert_eq!(violation(v).id, v.as_str());
        }
        for id in crate::url::resolve::rules::MODERN_RULES {
            let x = crate::url::explain::resolve::resolution(id);
            assert!(
                x.source.starts_with("RFC 3986") || x.source.starts_with("WHATWG"),
                "{id}"
            );
        }
    }

    #[test]
    fn texts_cite_their_source_by_name() {
        let rows: Vec<Explanation> = [Profile::Rfc3986, Profile::Whatwg]
            .into_iter()
            .flat_map(|p| p.entry().ids().into_iter().map(move |r| (r, p)))
            .map(|(r, p)| crate::url::explain::rules::rule(r, p))
            .collect();
        for x in rows
            .iter()
            .chain(
                &Violation::EVERY
                    .iter()
                    .map(|&v| violation(v))
                    .collect::<Vec<_>>(),
            )
            .chain(&diag::MODERN.map(crate::url::explain::diag::diagnostic))
        {
            assert!(
                x.source.starts_with("RFC 3986") || x.source.starts_with("WHATWG URL Standard"),
                "{}",
                x.id
            );
            assert!(!x.text.is_empty() && !x.source.contains("seed"), "{}", x.id);
        }
    }
}
