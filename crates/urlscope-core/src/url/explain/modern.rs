//! Learner-facing texts of the modern profiles (docs/lenses.md): every step, rule and
//! diagnostic id of `rfc3986` and `whatwg`, and the URL Standard's validation errors, each citing
//! RFC 3986 or the WHATWG URL Standard by section, in the style of the historical rules.

use crate::explain::Explanation;
#[cfg(test)]
use crate::url::profiles::Profile;
#[cfg(test)]
use crate::url::syntax::diag;
use crate::whatwg::ValidationError;

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
pub(super) const WHATWG_ENC: &str = "WHATWG URL Standard §4.4; RFC 3987 §3.1";
/// The sources of urlscope's own URL Standard parser (the `whatwg` profile).
pub(super) const WHATWG_PARSING: &str = "WHATWG URL Standard §4.4 (URL parsing)";
pub(super) const WHATWG_SER_OWN: &str = "WHATWG URL Standard §4.5 (URL serializing)";
pub(super) const WHATWG_PERCENT: &str = "WHATWG URL Standard §1.3 (percent-encoded bytes), §4.4";
pub(super) const WHATWG_HOST: &str = "WHATWG URL Standard §3.5 (host parsing), §3.6";
pub(super) const WHATWG_IDNA: &str = "WHATWG URL Standard §3.3 (IDNA); UTS #46";

const fn e(id: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation { id, text, source }
}

/// The sentence of a validation error of the URL Standard, by the standard's name. One
/// exhaustive match: an error without a sentence does not compile.
#[rustfmt::skip]
pub(crate) fn validation_error(v: ValidationError) -> Explanation {
    use ValidationError as V;
    let (text, source) = match v {
        V::DomainToAscii => ("URL Standard §3.3 (domain-to-ASCII): UTS #46 processing of the host failed, gave the empty string, or left a forbidden domain code point (a C0 control, space, '#', '%', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|' …; a special URL's host is percent-decoded first); the parse fails.", WHATWG_IDNA),
        V::DomainPercentEncoded => ("URL Standard §3.5 (domain-percent-encoded): the host of a special URL holds a %XX; it is percent-decoded before domain to ASCII, so exam%70le.org is example.org.", WHATWG_HOST),
        V::HostInvalidCodePoint => ("URL Standard §3.5 (host-invalid-code-point): the opaque host of a URL that is not special holds a forbidden host code point; the parse fails.", WHATWG_HOST),
        V::Ipv4EmptyPart => ("URL Standard §3.5 (IPv4-empty-part): the IPv4 address ends in '.', as in 127.0.0.1.; the empty last part is ignored.", WHATWG_HOST),
        V::Ipv4TooFewParts => ("URL Standard §3.5 (IPv4-too-few-parts): the IPv4 address has fewer than four parts, as in 1.2.3; the last part fills the bytes left.", WHATWG_HOST),
        V::Ipv4TooManyParts => ("URL Standard §3.5 (IPv4-too-many-parts): a host that ends in a number has more than four parts; the parse fails.", WHATWG_HOST),
        V::Ipv4NonNumericPart => ("URL Standard §3.5 (IPv4-non-numeric-part): a host that ends in a number has a part that is not a number; the parse fails.", WHATWG_HOST),
        V::Ipv4NonDecimalPart => ("URL Standard §3.5 (IPv4-non-decimal-part): a part of the IPv4 address is written in hexadecimal (0x) or octal (a leading 0); it is read so and written in decimal.", WHATWG_HOST),
        V::Ipv4OutOfRangePart => ("URL Standard §3.5 (IPv4-out-of-range-part): a part of the IPv4 address is larger than 255 (or the last part too large for the parts left); the parse fails when the address cannot hold it.", WHATWG_HOST),
        V::Ipv6Unclosed => ("URL Standard §3.5 (IPv6-unclosed): the host starts with '[' and has no ']'; the parse fails.", WHATWG_HOST),
        V::Ipv6InvalidCompression => ("URL Standard §3.5 (IPv6-invalid-compression): the IPv6 address starts with a single ':' instead of '::'; the parse fails.", WHATWG_HOST),
        V::Ipv6TooManyPieces => ("URL Standard §3.5 (IPv6-too-many-pieces): the IPv6 address has more than eight pieces; the parse fails.", WHATWG_HOST),
        V::Ipv6MultipleCompression => ("URL Standard §3.5 (IPv6-multiple-compression): the IPv6 address has '::' more than once; the parse fails.", WHATWG_HOST),
        V::Ipv6InvalidCodePoint => ("URL Standard §3.5 (IPv6-invalid-code-point): the IPv6 address holds a code point that is not a hex digit, ':' or '.' where one is expected, or ends in ':'; the parse fails.", WHATWG_HOST),
        V::Ipv6TooFewPieces => ("URL Standard §3.5 (IPv6-too-few-pieces): the IPv6 address has fewer than eight pieces and no '::'; the parse fails.", WHATWG_HOST),
        V::Ipv6PieceLeadingZero => ("URL Standard §3.5 (IPv6-piece-leading-zero): a piece of the IPv6 address has a leading zero, as in 0001; the serializer writes it without.", WHATWG_HOST),
        V::Ipv4InIpv6TooManyPieces => ("URL Standard §3.5 (IPv4-in-IPv6-too-many-pieces): an IPv4 address ends an IPv6 address that already has more than six pieces; the parse fails.", WHATWG_HOST),
        V::Ipv4InIpv6InvalidCodePoint => ("URL Standard §3.5 (IPv4-in-IPv6-invalid-code-point): the IPv4 part of an IPv6 address has an empty part, a leading zero, or a code point that is not a digit or '.'; the parse fails.", WHATWG_HOST),
        V::Ipv4InIpv6OutOfRangePart => ("URL Standard §3.5 (IPv4-in-IPv6-out-of-range-part): a part of the IPv4 part of an IPv6 address is larger than 255; the parse fails.", WHATWG_HOST),
        V::Ipv4InIpv6TooFewParts => ("URL Standard §3.5 (IPv4-in-IPv6-too-few-parts): the IPv4 part of an IPv6 address has fewer than four parts; the parse fails.", WHATWG_HOST),
        V::InvalidUrlUnit => ("URL Standard §4.4 (invalid-URL-unit): a code point that is not a URL code point, a '%' not followed by two hex digits, or a tab, newline, C0 control or space the parser removes; it is kept, encoded or removed as the state says.", WHATWG_PARSING),
        V::SpecialSchemeMissingFollowingSolidus => ("URL Standard §4.4 (special-scheme-missing-following-solidus): a special scheme is not followed by '//'; the parser reads the authority anyway and the serializer writes the slashes.", WHATWG_PARSING),
        V::MissingSchemeNonRelativeUrl => ("URL Standard §4.4 (missing-scheme-non-relative-URL): the input has no scheme and there is no base URL to resolve it against (or the base has an opaque path); the parse fails.", WHATWG_PARSING),
        V::InvalidReverseSolidus => (r"URL Standard §4.4 (invalid-reverse-solidus): a special URL uses '\' where '/' is meant; it is read as '/'.", WHATWG_PARSING),
        V::InvalidCredentials => ("URL Standard §4.4 (invalid-credentials): the URL has a user name or password (an '@' in the authority); allowed, but it can make the part before '@' read as the host.", WHATWG_PARSING),
        V::HostMissing => ("URL Standard §4.4 (host-missing): a special URL's host is empty; the parse fails.", WHATWG_PARSING),
        V::PortOutOfRange => ("URL Standard §4.4 (port-out-of-range): the port is larger than 65535; the parse fails.", WHATWG_PARSING),
        V::PortInvalid => ("URL Standard §4.4 (port-invalid): the port holds a code point that is not an ASCII digit; the parse fails.", WHATWG_PARSING),
        V::FileInvalidWindowsDriveLetter => ("URL Standard §4.4 (file-invalid-Windows-drive-letter): a relative file URL starts with a Windows drive letter, so the base URL's path is not used.", WHATWG_PARSING),
        V::FileInvalidWindowsDriveLetterHost => ("URL Standard §4.4 (file-invalid-Windows-drive-letter-host): a file URL's host is a Windows drive letter; it is read as the start of the path.", WHATWG_PARSING),
    };
    e(v.name(), text, source)
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
        use crate::explain::rules::has_row;
        use crate::url::rule::Rule;
        for (p, ids) in [(Profile::Rfc3986, &r), (Profile::Whatwg, &w)] {
            for id in Rule::EVERY {
                assert_eq!(has_row(id, p), ids.contains(&id), "{id} / {p:?}");
            }
        }
        for v in ValidationError::ALL {
            assert_eq!(validation_error(v).id, v.name());
        }
        for id in crate::url::resolve::rules::MODERN_RULES {
            let x = crate::explain::resolve::resolution(id);
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
            .map(|(r, p)| crate::explain::rules::rule(r, p))
            .collect();
        for x in rows
            .iter()
            .chain(
                &ValidationError::ALL
                    .iter()
                    .map(|&v| validation_error(v))
                    .collect::<Vec<_>>(),
            )
            .chain(&diag::MODERN.map(crate::explain::diag::diagnostic))
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
