//! Learner-facing texts of the modern profiles (SPEC-MODERN §9): every step, rule and
//! diagnostic id of `rfc3986` and `whatwg`, and the WHATWG validation errors, each citing
//! RFC 3986 or the WHATWG URL Standard by section, in the style of the seeds' rules.

use super::Profile;
#[cfg(test)]
use super::diag;
use super::explain::Explanation;
use super::profiles::{rfc3986, whatwg};
use super::resolve_rules as rr;

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

/// Step and rule texts, with the profile each belongs to.
#[rustfmt::skip]
pub(super) const STEPS: [(Profile, Explanation); 20] = [
    (Profile::Rfc3986, e(rfc3986::UNWRAP, "RFC 3986 Appendix C: a URI pasted from text may be framed by <URL:…>, <…> or \"…\" and broken across lines; the frame and the whitespace are not part of it.", RFC3986_APPC)),
    (Profile::Rfc3986, e(rfc3986::STRIP_EDGE_WHITESPACE, "RFC 3986 Appendix C: whitespace before or after the URI only separates it from the text around it, so it is removed.", RFC3986_APPC)),
    (Profile::Rfc3986, e(rfc3986::UNWRAP_FRAME, "RFC 3986 Appendix C: <URL:…>, <…> and \"…\" only delimit a URI in text; the inside is kept.", RFC3986_APPC)),
    (Profile::Rfc3986, e(rfc3986::REMOVE_WRAPPED_WHITESPACE, "RFC 3986 Appendix C: inside a frame, \"the whitespace should be ignored when the URI is extracted\" (a long URI wrapped across lines).", RFC3986_APPC)),
    (Profile::Rfc3986, e(rfc3986::SPLIT, "RFC 3986 Appendix B: the components are split at the first ':' (if a valid scheme precedes it), '//', the next '/', '?' or '#'; userinfo ends at the last '@' of the authority, the port is the digits after the host's last ':'.", RFC3986_APPB)),
    (Profile::Rfc3986, e(rfc3986::ENCODE, "RFC 3986 §2.1 and RFC 3987 §3.1: every octet the component's grammar does not allow raw is percent-encoded, so the text becomes a valid URI reference.", RFC3986_ENCODE)),
    (Profile::Rfc3986, e(rfc3986::ENCODE_NON_ASCII, "RFC 3987 §3.1: a non-ASCII octet is written as %XX; the octets are encoded as they are (already UTF-8, or whatever the text was), never re-decoded.", RFC3986_ENCODE)),
    (Profile::Rfc3986, e(rfc3986::ENCODE_CONTROL, "RFC 3986 §2: control octets 00–1F and 7F are allowed in no component, so they are written as %XX.", RFC3986_ENCODE)),
    (Profile::Rfc3986, e(rfc3986::ENCODE_DISALLOWED, "RFC 3986 §2–§3: this character is not allowed raw here (space \" < > \\ ^ ` { | }, a second '#', '[' ']' outside an IP literal, '@' in userinfo, ':' in a host or in the first segment of a relative path), so it is written as %XX.", RFC3986_ENCODE)),
    (Profile::Rfc3986, e(rfc3986::ENCODE_INVALID_PERCENT, "RFC 3986 §2.4: a '%' must start a %XX triplet; a bare '%' is data and is written %25.", RFC3986_ENCODE)),
    (Profile::Rfc3986, e(rfc3986::UPPERCASE_HEX, "RFC 3986 §6.2.2.1: the hexadecimal digits of a percent-encoding are case-insensitive, and URI producers should use uppercase: %7e becomes %7E.", RFC3986_6221)),
    (Profile::Rfc3986, e(rfc3986::DECODE_UNRESERVED, "RFC 3986 §6.2.2.2: %XX of an unreserved character (letters, digits, '-', '.', '_', '~') is equivalent to the character and should be decoded, in every component.", RFC3986_6222)),
    (Profile::Rfc3986, e(rfc3986::LOWERCASE_SCHEME_HOST, "RFC 3986 §6.2.2.1: the scheme and the host are case-insensitive and normalized to lowercase; %XX triplets in the host keep their uppercase hex.", RFC3986_6221)),
    (Profile::Rfc3986, e(rfc3986::REMOVE_DOT_SEGMENTS, "RFC 3986 §6.2.2.3: '.' and '..' segments are removed with the §5.2.4 algorithm; a '..' above the root is dropped. A path that would then read as an authority is written '/.//…'.", RFC3986_6223)),
    (Profile::Rfc3986, e(rfc3986::DROP_DEFAULT_PORT, "RFC 3986 §6.2.3: an empty port, or the scheme's default port (http 80, https 443, ws 80, wss 443, ftp 21), is removed with its ':'.", RFC3986_623)),
    (Profile::Rfc3986, e(rfc3986::EMPTY_PATH_SLASH, "RFC 3986 §6.2.3: for http, https, ws and wss an empty path with an authority is equivalent to '/', which is the normal form.", RFC3986_623)),
    (Profile::Whatwg, e(whatwg::OCTETS, "WHATWG URL Standard §4.4: the parser reads Unicode text. Octets that are not valid UTF-8 are written as %XX first, so nothing is lost and nothing becomes U+FFFD.", WHATWG_ENC)),
    (Profile::Whatwg, e(whatwg::ENCODE_INVALID_UTF8, "This octet is not part of valid UTF-8: it is written as its %XX triplet before the WHATWG parser reads the text.", WHATWG_ENC)),
    (Profile::Whatwg, e(whatwg::PARSE, "WHATWG URL Standard §4.4: the text is parsed as a browser's address bar and new URL() do, then serialized (the href). The validation errors listed say why the text changed.", WHATWG)),
    (Profile::Whatwg, e(whatwg::SERIALIZE, "WHATWG URL Standard §4.5: the URL serializer writes this part this way (lowercased scheme and host, IDNA, percent-encoding sets, default port and dot segments removed).", WHATWG_SER)),
];

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

/// Texts of the rule ids of resolution by RFC 3986 and by the WHATWG URL Standard.
#[rustfmt::skip]
pub(super) const RESOLUTIONS: [Explanation; 9] = [
    e(rr::R3986_NO_BASE, "RFC 3986 §5.1: without an absolute base URI (one with a scheme) there is nothing to resolve against; the reference is taken as it is.", "RFC 3986 §5.1"),
    e(rr::R3986_HAS_SCHEME, "RFC 3986 §5.2.2: a reference with a scheme is already a URI; only its dot-segments are removed (a strict parser; the RFC allows ignoring a scheme equal to the base's \"for backward compatibility\").", RFC3986_522),
    e(rr::R3986_AUTHORITY, "RFC 3986 §5.2.2: a network-path reference ('//host…') takes only the base's scheme.", RFC3986_522),
    e(rr::R3986_EMPTY_PATH, "RFC 3986 §5.2.2: an empty path means the base's path, and the base's query unless the reference has one.", RFC3986_522),
    e(rr::R3986_ABSOLUTE_PATH, "RFC 3986 §5.2.2: a path starting with '/' replaces the base's path (dot-segments removed).", RFC3986_522),
    e(rr::R3986_MERGE, "RFC 3986 §5.2.3: the reference's path replaces everything after the base path's last '/' (an authority with an empty base path merges as '/').", "RFC 3986 §5.2.3"),
    e(rr::R3986_REMOVE_DOTS, "RFC 3986 §5.2.4: '.' and '..' segments are removed; unlike RFC 1808, a '..' above the root is dropped, so http://a/../g is http://a/g.", "RFC 3986 §5.2.4"),
    e(rr::R3986_RECOMPOSE, "RFC 3986 §5.3: scheme, '//' authority, path, '?' query and '#' fragment are joined again.", "RFC 3986 §5.3"),
    e(rr::WHATWG_JOIN, "WHATWG URL Standard §4.4: the reference is parsed with the base URL as its base, as a browser resolves a link; backslashes, tabs and newlines are treated as there.", WHATWG),
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
        for &id in &r {
            assert_eq!(
                STEPS
                    .iter()
                    .filter(|(p, x)| *p == Profile::Rfc3986 && x.id == id)
                    .count(),
                1,
                "{id}"
            );
        }
        for &id in &w {
            assert_eq!(
                STEPS
                    .iter()
                    .filter(|(p, x)| *p == Profile::Whatwg && x.id == id)
                    .count(),
                1,
                "{id}"
            );
        }
        assert_eq!(STEPS.len(), r.len() + w.len());
        for (id, _) in whatwg::VIOLATIONS {
            assert_eq!(VIOLATIONS.iter().filter(|x| x.id == id).count(), 1, "{id}");
        }
        for id in rr::MODERN_RULES {
            assert_eq!(RESOLUTIONS.iter().filter(|x| x.id == id).count(), 1, "{id}");
        }
    }

    #[test]
    fn texts_cite_their_source_by_name() {
        for x in STEPS
            .iter()
            .map(|(_, x)| x)
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
