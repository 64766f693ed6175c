//! Learner-facing texts of the modern profiles (SPEC-MODERN §9): every step, rule and
//! diagnostic id of `rfc3986` and `whatwg`, and the WHATWG validation errors, each citing
//! RFC 3986 or the WHATWG URL Standard by section, in the style of the seeds' rules.

#[cfg(test)]
use super::Profile;
#[cfg(test)]
use super::diag;
use super::explain::Explanation;
use super::profiles::whatwg;

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

/// Texts of the WHATWG validation errors (the crate's syntax violations).
#[rustfmt::skip]
pub(super) const VIOLATIONS: [Explanation; 12] = [
    e("whatwg-backslash", "WHATWG URL Standard §4.4 (invalid-reverse-solidus): in a special URL a '\\' is read as '/'.", WHATWG),
    e("whatwg-c0-space-ignored", "WHATWG URL Standard §4.4: leading and trailing C0 controls and spaces are removed before parsing.", WHATWG),
    e("whatwg-embedded-credentials", "WHATWG URL Standard §4.4 (invalid-credentials): a user name or password in the URL is allowed but discouraged; the part before '@' is not the host.", WHATWG),
    e("whatwg-expected-double-slash", "WHATWG URL Standard §4.4 (special-scheme-missing-following-solidus): a special scheme should be followed by '//'; the parser supplies it.", WHATWG),
    e("whatwg-expected-file-double-slash", "WHATWG URL Standard §4.4 (special-scheme-missing-following-solidus): 'file:' should be followed by '//'.", WHATWG),
    e("whatwg-file-with-host-and-windows-drive", "WHATWG URL Standard §4.4 (file-invalid-Windows-drive-letter-host): a file URL with a host and a Windows drive letter; the host is dropped.", WHATWG),
    e("whatwg-non-url-code-point", "WHATWG URL Standard §4.4 (invalid-URL-unit): a code point that is not a URL code point; it is percent-encoded where the component allows.", WHATWG),
    e("whatwg-null-in-fragment", "WHATWG URL Standard §4.4: a NUL in the fragment is not allowed.", WHATWG),
    e("whatwg-percent-decode", "WHATWG URL Standard §4.4 (invalid-URL-unit): a '%' not followed by two hex digits is kept as it is.", WHATWG),
    e("whatwg-tab-or-newline-ignored", "WHATWG URL Standard §4.4: every tab and newline is removed from the input before parsing (a URL broken across lines is joined).", WHATWG),
    e("whatwg-unencoded-at-sign", "WHATWG URL Standard §4.4 (invalid-credentials): an '@' in the user name or password; the last '@' ends the credentials and earlier ones are encoded as %40.", WHATWG),
    e(whatwg::OTHER_VIOLATION, "A validation error the url crate reports that this tool has no text for; the crate's own words follow.", WHATWG),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modern_id_has_exactly_one_text() {
        let (r, w) = (
            Profile::Rfc3986.entry().ids(),
            Profile::Whatwg.entry().ids(),
        );
        use crate::url::explain_rules::has_row;
        use crate::url::rule::Rule;
        for (p, ids) in [(Profile::Rfc3986, &r), (Profile::Whatwg, &w)] {
            for id in Rule::EVERY {
                assert_eq!(has_row(id, p), ids.contains(&id), "{id} / {p:?}");
            }
        }
        for (id, _) in whatwg::VIOLATIONS {
            assert_eq!(VIOLATIONS.iter().filter(|x| x.id == id).count(), 1, "{id}");
        }
        for id in crate::url::resolve_rules::MODERN_RULES {
            let x = crate::url::explain_resolve::resolution(id);
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
            .map(|(r, p)| crate::url::explain_rules::rule(r, p))
            .collect();
        for x in rows
            .iter()
            .chain(&VIOLATIONS)
            .chain(&diag::MODERN.map(super::super::explain_diag::diagnostic))
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
