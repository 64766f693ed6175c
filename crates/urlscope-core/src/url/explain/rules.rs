//! The learner sentence of every step and rule id, with its
//! source. One exhaustive match: an id without a sentence does not compile. An id several
//! profiles use has a row for each; under another profile it reads its first profile's row.

use crate::explain::modern as m;
use crate::explain::{self as x, Explanation};
use crate::url::profiles::Profile;
use crate::url::rule::Rule;

/// The sentence of `r` as `profile` uses it.
#[rustfmt::skip]
pub fn rule(r: Rule, profile: Profile) -> Explanation {
    let (text, source) = match (r, profile) {
        (Rule::Canon(c), _) => c.sentence(),
        (Rule::StripFragment, Profile::Pdf) => ("PDF step 2: the leftmost '#' and everything after it are stripped from the canonical key.", x::SEED002),
        (Rule::StripFragment, _) => (r##"Hyvätti (1996): the anchor after the first '#' "is not a part of URL", so a robot drops it before comparing URLs."##, x::SEED000),
        (Rule::StripWrapper, _) => (r##"Hyvätti: a URL picked up from free text loses surrounding '<', '>', '"' and "<URL:", which only delimit it in prose (RFC 1738 §2.2)."##, x::SEED000),
        (Rule::HyvCharPass, _) => (r##"Hyvätti's per-character rule: keep dangerous %XX encoded, decode the harmless ones, and encode raw controls, spaces, 8-bit bytes and '<', '>', '"'."##, x::SEED000),
        (Rule::HyvKeepEncoded, _) => (r##"Hyvätti keeps this %XX exactly as written: control, space, 8-bit, '<>"#%' and reserved ';/?:@=&' octets must not be decoded."##, x::SEED000),
        (Rule::HyvDecode, _) => (r##"Hyvätti decodes this needless %XX, e.g. '~' "is not a reserved character, encoding it does not change its semantics"."##, x::SEED000),
        (Rule::HyvEncode, _) => (r##"Hyvätti encodes raw controls, space, bytes 0x7F–0xFF and '<', '>', '"', which cannot travel safely inside a URL."##, x::SEED000),
        (Rule::HyvKeepRaw, _) => (r##"Hyvätti leaves this character raw; even RFC 1738's "unsafe" '{}|\^~[]`' are kept "for readability"."##, x::SEED000),
        (Rule::LowercaseScheme, Profile::Pdf) => ("PDF step 3: the scheme is converted to lowercase ASCII.", x::SEED002),
        (Rule::LowercaseScheme, _) => (r##"Hyvätti: "lowercase the scheme name", since HTTP: and http: are the same scheme."##, x::SEED000),
        (Rule::LowercaseHost, Profile::Pdf) => ("PDF step 4: the host is converted to lowercase ASCII.", x::SEED002),
        (Rule::LowercaseHost, _) => ("Hyvätti, http only: host names ignore case, so WWW.IKI.FI becomes www.iki.fi.", x::SEED000),
        (Rule::UniqueHost, _) => (r##"Hyvätti's "uniqueing the host": a robot gives every server one canonical name (via DNS); this tool only uses your alias list and never looks anything up."##, x::SEED000),
        (Rule::StripPort80, _) => (r##"Hyvätti, http only: an explicit ":80" is the default port and is removed."##, x::SEED000),
        (Rule::Rfc1738CharPass, _) => ("RFC 1738 §2.2 applied character by character: encode what must be encoded, keep reserved characters, undo needless %XX.", x::SEED003),
        (Rule::Rfc1738FragmentMark, _) => ("RFC 1738 §2.2: the first '#' separates the URL from a fragment identifier, so it stays as a delimiter.", x::SEED003),
        (Rule::EncodeNongraphic, Profile::Fido) => ("FidoURL §5.2.2.1: octets 00–1F, 7F and 80–FF have no 7-bit graphic character and MUST be encoded.", x::FIDO_5221),
        (Rule::EncodeNongraphic, _) => ("RFC 1738 §2.2: octets 00–1F, 7F and 80–FF have no graphic US-ASCII character, so they must be encoded as %XX.", x::SEED003),
        (Rule::EncodeUnsafe, Profile::Fido) => (r##"FidoURL §5.2.2.2: '<', '>', '"', '#', '%' and '{}|\^~[]`' MUST always be encoded, the last group "for the sake of Internet compatibility"."##, x::FIDO_5222),
        (Rule::EncodeUnsafe, _) => (r##"RFC 1738 §2.2: space, '<', '>', '"', '#', '%' and '{}|\^~[]`' are unsafe and "must always be encoded"; '<' and '>', for example, delimit URLs in free text."##, x::SEED003),
        (Rule::KeepReserved, _) => (r##"RFC 1738 §2.2: reserved ';/?:@=&' stay as written, because encoding a reserved character "may change the semantics of a URL"."##, x::SEED003),
        (Rule::DecodeSafe, _) => (r##"RFC 1738 §2.2: letters, digits and "$-_.+!*'()," mean the same raw or encoded, so the needless %XX is undone."##, x::SEED003),
        (Rule::KeepEncoded, _) => ("RFC 1738 §2.2: this %XX stands for a reserved, unsafe or non-graphic octet and must stay encoded.", x::SEED003),
        (Rule::UppercaseHex, Profile::Fido) => (r##"FidoURL §5.2.2: "abcdef" MAY be used in hex encodings, so %2d equals %2D; the canonical form uses uppercase."##, x::FIDO_522),
        (Rule::UppercaseHex, Profile::Rfc3986) => ("RFC 3986 §6.2.2.1: the hexadecimal digits of a percent-encoding are case-insensitive, and URI producers should use uppercase: %7e becomes %7E.", m::RFC3986_6221),
        (Rule::UppercaseHex, _) => (r##"RFC 1738 §2.2 writes hex digits from "0123456789ABCDEF"; "abcdef" mean the same, so %7e becomes %7E."##, x::SEED003),
        (Rule::MakeAbsolute, _) => ("PDF Web Capture, step 1: a relative URL is first made absolute against the base URL (RFC 1808 rules).", x::SEED002_RFC1808),
        (Rule::StripFileLocalhost, _) => (r##"PDF step 5: in a file URL the host "localhost" means this machine, so it is removed (file://localhost/x → file:///x)."##, x::SEED002),
        (Rule::StripDefaultPort, _) => ("PDF step 6: the default port (80 for http, 21 for ftp) is removed.", x::SEED002),
        (Rule::RemoveDotSegments, _) => ("PDF step 7: '.' and '..' path segments are resolved as in RFC 1808 section 4.", x::SEED002_RFC1808),
        (Rule::SingleEncodingPass, _) => ("PDF note: %00 could be an encoded NUL or three literal characters, so canonical URLs are assumed to be encoded exactly once; this step acts only if you declare another starting state.", x::SEED002),
        (Rule::FidoJoinContinuations, _) => ("FidoURL §5.2.2.5: a URL wrapped across lines has '%%' before and after the break; everything between the marks (quotes, frames, line breaks) is skipped.", x::FIDO_5225),
        (Rule::FidoContinuation, _) => ("FidoURL §5.2.2.5: this '%%…%%' span is a line-continuation mark with its decoration, not part of the URL.", x::FIDO_5225),
        (Rule::DecodeUnneeded, _) => ("FidoURL §5.2.2: it is RECOMMENDED to avoid unnecessary hexadecimal encoding, to keep URLs short.", x::FIDO_522),
        (Rule::FidoSpaceAsPlus, _) => ("FidoURL §5.2.2.4: in the scheme-specific part '+' is a shorter synonym for %20, so spaces are written '+'.", x::FIDO_5224),
        (Rule::FidoEncodeMisplacedReserved, _) => ("FidoURL §5.2.2.3: '?', '=', '&' and '@' are delimiters only in their own place; elsewhere they MUST be encoded.", x::FIDO_5223),
        (Rule::FidoQuestionOnce, _) => ("FidoURL §5.2.2.3: only the first '?' is the delimiter; any other '?' MUST be encoded.", x::FIDO_5223),
        (Rule::FidoEqualsPlacement, _) => ("FidoURL §5.2.2.3: '=' only separates a parameter name from its value; anywhere else it MUST be encoded.", x::FIDO_5223),
        (Rule::FidoAmpersandPlacement, _) => ("FidoURL §5.2.2.3: '&' only separates parameter=value pairs; anywhere else it MUST be encoded.", x::FIDO_5223),
        (Rule::FidoAtInAreatag, _) => ("FidoURL §5.2.2.3.1: '@' separates an areatag from its FTN domain; an '@' inside the areatag (like SETI@home) MUST be encoded.", x::FIDO_52231),
        (Rule::FidoKeepPlusEncoded, _) => ("FidoURL §5.2.2.4: because '+' means space, a real plus sign MUST stay encoded as %2B.", x::FIDO_5224),
        (Rule::FidoBreakTripleMinus, _) => (r##"FidoURL §5.2.2.2: "---" can start a Fidonet tearline, so at least one of three consecutive '-' MUST be encoded."##, x::FIDO_5222),
        (Rule::Rfc3986Unwrap, _) => ("RFC 3986 Appendix C: a URI pasted from text may be framed by <URL:…>, <…> or \"…\" and broken across lines; the frame and the whitespace are not part of it.", m::RFC3986_APPC),
        (Rule::StripEdgeWhitespace, _) => ("RFC 3986 Appendix C: whitespace before or after the URI only separates it from the text around it, so it is removed.", m::RFC3986_APPC),
        (Rule::UnwrapFrame, _) => ("RFC 3986 Appendix C: <URL:…>, <…> and \"…\" only delimit a URI in text; the inside is kept.", m::RFC3986_APPC),
        (Rule::RemoveWrappedWhitespace, _) => ("RFC 3986 Appendix C: inside a frame, \"the whitespace should be ignored when the URI is extracted\" (a long URI wrapped across lines).", m::RFC3986_APPC),
        (Rule::Rfc3986Split, _) => ("RFC 3986 Appendix B: the components are split at the first ':' (if a valid scheme precedes it), '//', the next '/', '?' or '#'; userinfo ends at the last '@' of the authority, the port is the digits after the host's last ':'.", m::RFC3986_APPB),
        (Rule::Rfc3986Encode, _) => ("RFC 3986 §2.1 and RFC 3987 §3.1: every octet the component's grammar does not allow raw is percent-encoded, so the text becomes a valid URI reference.", m::RFC3986_ENCODE),
        (Rule::EncodeNonAscii, _) => ("RFC 3987 §3.1: a non-ASCII octet is written as %XX; the octets are encoded as they are (already UTF-8, or whatever the text was), never re-decoded.", m::RFC3986_ENCODE),
        (Rule::EncodeControl, _) => ("RFC 3986 §2: control octets 00–1F and 7F are allowed in no component, so they are written as %XX.", m::RFC3986_ENCODE),
        (Rule::EncodeDisallowed, _) => ("RFC 3986 §2–§3: this character is not allowed raw here (space \" < > \\ ^ ` { | }, a second '#', '[' ']' outside an IP literal, '@' in userinfo, ':' in a host or in the first segment of a relative path), so it is written as %XX.", m::RFC3986_ENCODE),
        (Rule::EncodeInvalidPercent, _) => ("RFC 3986 §2.4: a '%' must start a %XX triplet; a bare '%' is data and is written %25.", m::RFC3986_ENCODE),
        (Rule::DecodeUnreserved, _) => ("RFC 3986 §6.2.2.2: %XX of an unreserved character (letters, digits, '-', '.', '_', '~') is equivalent to the character and should be decoded, in every component.", m::RFC3986_6222),
        (Rule::LowercaseSchemeHost, _) => ("RFC 3986 §6.2.2.1: the scheme and the host are case-insensitive and normalized to lowercase; %XX triplets in the host keep their uppercase hex.", m::RFC3986_6221),
        (Rule::Rfc3986RemoveDotSegments, _) => ("RFC 3986 §6.2.2.3: '.' and '..' segments are removed with the §5.2.4 algorithm; a '..' above the root is dropped. A path that would then read as an authority is written '/.//…'.", m::RFC3986_6223),
        (Rule::DropDefaultPort, _) => ("RFC 3986 §6.2.3: an empty port, or the scheme's default port (http 80, https 443, ws 80, wss 443, ftp 21), is removed with its ':'.", m::RFC3986_623),
        (Rule::EmptyPathSlash, _) => ("RFC 3986 §6.2.3: for http, https, ws and wss an empty path with an authority is equivalent to '/', which is the normal form.", m::RFC3986_623),
        (Rule::WhatwgOctets, _) => ("WHATWG URL Standard §4.4: the parser reads Unicode text. Octets that are not valid UTF-8 are written as %XX first, so nothing is lost and nothing becomes U+FFFD.", m::WHATWG_ENC),
        (Rule::EncodeInvalidUtf8, _) => ("This octet is not part of valid UTF-8: it is written as its %XX triplet before the WHATWG parser reads the text.", m::WHATWG_ENC),
        (Rule::WhatwgParse, _) => ("URL Standard §4.4: the basic URL parser reads the text code point by code point, from state to state (urlscope's own parser, traced), and the URL serializer writes the href. Each edit names the step of the parser that made it; the validation errors say what the standard finds wrong with the text.", m::WHATWG_PARSING),
        (Rule::WhatwgSerialize, _) => ("URL Standard §4.5: the URL serializer writes this part this way; no single step of the parser claims the edit.", m::WHATWG_SER_OWN),
        (Rule::WhatwgStripC0Space, _) => ("URL Standard §4.4, basic URL parser step 1: leading and trailing C0 controls and spaces are removed before any state reads the text (invalid-URL-unit).", m::WHATWG_PARSING),
        (Rule::WhatwgRemoveTabNewline, _) => ("URL Standard §4.4, basic URL parser: every ASCII tab and newline is removed from the input, wherever it is (invalid-URL-unit); a URL broken across lines is joined.", m::WHATWG_PARSING),
        (Rule::WhatwgLowercaseScheme, _) => ("URL Standard §4.4, scheme start state and scheme state: each code point of the scheme is appended to the buffer ASCII-lowercased, so HTTP: becomes http:.", m::WHATWG_PARSING),
        (Rule::WhatwgBackslash, _) => (r"URL Standard §4.4: in a special URL a '\' is read as '/' (special authority slashes, relative slash, path start and path states), with the validation error invalid-reverse-solidus; the serializer writes '/'.", m::WHATWG_PARSING),
        (Rule::WhatwgInsertSlashes, _) => ("URL Standard §4.4 (special authority slashes state) and §4.5: a special scheme needs '//' before its host; the parser goes on without them (special-scheme-missing-following-solidus) and the serializer writes them, so http:a becomes http://a/.", m::WHATWG_SER_OWN),
        (Rule::WhatwgPercentEncodeC0Control, _) => ("URL Standard §1.3 and §4.4 (opaque path state), §3.5 (opaque-host parser): this code point is in the C0 control percent-encode set (C0 controls and above U+007E), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeFragment, _) => (r#"URL Standard §1.3 and §4.4, fragment state: this code point is in the fragment percent-encode set (the C0 control set plus space, '"', '<', '>', '`'), so it is written as its UTF-8 %XX."#, m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeQuery, _) => (r#"URL Standard §1.3 and §4.4, query state: in a URL that is not special this code point is in the query percent-encode set (the C0 control set plus space, '"', '#', '<', '>'), so it is written as its UTF-8 %XX."#, m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeSpecialQuery, _) => ("URL Standard §1.3 and §4.4, query state: in a special URL this code point is in the special-query percent-encode set (the query set plus '''), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodePath, _) => ("URL Standard §1.3 and §4.4, path state: this code point is in the path percent-encode set (the query set plus '?', '^', '`', '{', '}'), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeUserinfo, _) => ("URL Standard §1.3 and §4.4, authority state: this code point of the user name or password is in the userinfo percent-encode set (the path set plus '/', ':', ';', '=', '@', '[' to ']', '|'), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeComponent, _) => ("URL Standard §1.3: this code point is in the component percent-encode set (the userinfo set plus '$' to '&', '+', ','), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgPercentEncodeForm, _) => ("URL Standard §1.3 and §5: this code point is in the application/x-www-form-urlencoded percent-encode set (the component set plus '!', ''' to ')', '~'), so it is written as its UTF-8 %XX.", m::WHATWG_PERCENT),
        (Rule::WhatwgHostDomainToAscii, _) => ("URL Standard §3.5, host parser: the host is percent-decoded and goes through domain to ASCII (§3.3, UTS #46): lowercased, mapped and written with Punycode A-labels.", m::WHATWG_HOST),
        (Rule::WhatwgHostIpv4, _) => ("URL Standard §3.5, IPv4 parser, and §3.6: a host that ends in a number is an IPv4 address; hexadecimal, octal and shortened forms are written as four decimal numbers.", m::WHATWG_HOST),
        (Rule::WhatwgHostIpv6, _) => ("URL Standard §3.5, IPv6 parser, and §3.6: the bracketed address is written in its one serialization: lowercase hex without leading zeros, the first longest run of zero pieces compressed to '::'.", m::WHATWG_HOST),
        (Rule::WhatwgHostOpaque, _) => ("URL Standard §3.5, opaque-host parser: the host of a URL that is not special is kept as written, its code points in the C0 control percent-encode set written as %XX.", m::WHATWG_HOST),
        (Rule::WhatwgHostEmpty, _) => ("URL Standard §4.4, file host state: the host is the empty host (a file URL's 'localhost' becomes the empty host).", m::WHATWG_PARSING),
        (Rule::WhatwgDefaultPort, _) => ("URL Standard §4.4, port state: the port is a number, so leading zeros go, and a port that is the scheme's default port (80 for http and ws, 443 for https and wss, 21 for ftp) becomes null and is not written.", m::WHATWG_PARSING),
        (Rule::WhatwgCredentials, _) => ("URL Standard §4.5: the serializer writes a user name, ':' and a password, and '@', only when they are not empty, so an empty user or password and its delimiter are dropped.", m::WHATWG_SER_OWN),
        (Rule::WhatwgDotSegment, _) => ("URL Standard §4.4, path state: a single-dot segment ('.', '%2e') is dropped and a double-dot segment ('..', '.%2e', …) drops itself and the segment before it.", m::WHATWG_PARSING),
        (Rule::WhatwgDriveLetter, _) => ("URL Standard §4.4, path state: in a file URL the first segment that is a Windows drive letter written with '|' (C|) gets ':' in its place (C:).", m::WHATWG_PARSING),
        (Rule::WhatwgFromBase, _) => ("URL Standard §4.4, relative state and its kin: the input is relative, so the scheme, host, port and (part of) the path come from the base URL.", m::WHATWG_PARSING),
        (Rule::WhatwgPathSerialization, _) => ("URL Standard §4.4 (path start state) and §4.5 step 3: a special URL's empty path is written '/', and a path that would start with '//' without a host gets '/.' before it, so it does not read back as a host.", m::WHATWG_SER_OWN),
        (Rule::WhatwgDropped, _) => ("URL Standard §4.4: the parser leaves this text out of the URL record (nothing is encoded; the record has no place for it).", m::WHATWG_PARSING),
    };
    Explanation {
        id: r.as_str(),
        text,
        source,
    }
}

/// Whether `profile` has its own row for `r` (the rows `rule` chooses from).
#[cfg(test)]
pub(crate) fn has_row(r: Rule, profile: Profile) -> bool {
    matches!(
        (r, profile),
        (Rule::StripFragment, Profile::Hyvatti)
            | (Rule::StripFragment, Profile::Pdf)
            | (Rule::StripWrapper, Profile::Hyvatti)
            | (Rule::HyvCharPass, Profile::Hyvatti)
            | (Rule::HyvKeepEncoded, Profile::Hyvatti)
            | (Rule::HyvDecode, Profile::Hyvatti)
            | (Rule::HyvEncode, Profile::Hyvatti)
            | (Rule::HyvKeepRaw, Profile::Hyvatti)
            | (Rule::LowercaseScheme, Profile::Hyvatti)
            | (Rule::LowercaseScheme, Profile::Pdf)
            | (Rule::LowercaseHost, Profile::Hyvatti)
            | (Rule::LowercaseHost, Profile::Pdf)
            | (Rule::UniqueHost, Profile::Hyvatti)
            | (Rule::StripPort80, Profile::Hyvatti)
            | (Rule::Rfc1738CharPass, Profile::Rfc1738)
            | (Rule::Rfc1738FragmentMark, Profile::Rfc1738)
            | (Rule::EncodeNongraphic, Profile::Rfc1738)
            | (Rule::EncodeNongraphic, Profile::Fido)
            | (Rule::EncodeUnsafe, Profile::Rfc1738)
            | (Rule::EncodeUnsafe, Profile::Fido)
            | (Rule::KeepReserved, Profile::Rfc1738)
            | (Rule::DecodeSafe, Profile::Rfc1738)
            | (Rule::KeepEncoded, Profile::Rfc1738)
            | (Rule::UppercaseHex, Profile::Rfc1738)
            | (Rule::UppercaseHex, Profile::Fido)
            | (Rule::UppercaseHex, Profile::Rfc3986)
            | (Rule::MakeAbsolute, Profile::Pdf)
            | (Rule::StripFileLocalhost, Profile::Pdf)
            | (Rule::StripDefaultPort, Profile::Pdf)
            | (Rule::RemoveDotSegments, Profile::Pdf)
            | (Rule::SingleEncodingPass, Profile::Pdf)
            | (Rule::FidoJoinContinuations, Profile::Fido)
            | (Rule::FidoContinuation, Profile::Fido)
            | (Rule::DecodeUnneeded, Profile::Fido)
            | (Rule::FidoSpaceAsPlus, Profile::Fido)
            | (Rule::FidoEncodeMisplacedReserved, Profile::Fido)
            | (Rule::FidoQuestionOnce, Profile::Fido)
            | (Rule::FidoEqualsPlacement, Profile::Fido)
            | (Rule::FidoAmpersandPlacement, Profile::Fido)
            | (Rule::FidoAtInAreatag, Profile::Fido)
            | (Rule::FidoKeepPlusEncoded, Profile::Fido)
            | (Rule::FidoBreakTripleMinus, Profile::Fido)
            | (Rule::Rfc3986Unwrap, Profile::Rfc3986)
            | (Rule::StripEdgeWhitespace, Profile::Rfc3986)
            | (Rule::UnwrapFrame, Profile::Rfc3986)
            | (Rule::RemoveWrappedWhitespace, Profile::Rfc3986)
            | (Rule::Rfc3986Split, Profile::Rfc3986)
            | (Rule::Rfc3986Encode, Profile::Rfc3986)
            | (Rule::EncodeNonAscii, Profile::Rfc3986)
            | (Rule::EncodeControl, Profile::Rfc3986)
            | (Rule::EncodeDisallowed, Profile::Rfc3986)
            | (Rule::EncodeInvalidPercent, Profile::Rfc3986)
            | (Rule::DecodeUnreserved, Profile::Rfc3986)
            | (Rule::LowercaseSchemeHost, Profile::Rfc3986)
            | (Rule::Rfc3986RemoveDotSegments, Profile::Rfc3986)
            | (Rule::DropDefaultPort, Profile::Rfc3986)
            | (Rule::EmptyPathSlash, Profile::Rfc3986)
            | (Rule::WhatwgOctets, Profile::Whatwg)
            | (Rule::EncodeInvalidUtf8, Profile::Whatwg)
            | (Rule::WhatwgParse, Profile::Whatwg)
            | (Rule::WhatwgSerialize, Profile::Whatwg)
            | (
                Rule::WhatwgStripC0Space
                    | Rule::WhatwgRemoveTabNewline
                    | Rule::WhatwgLowercaseScheme
                    | Rule::WhatwgBackslash
                    | Rule::WhatwgInsertSlashes
                    | Rule::WhatwgPercentEncodeC0Control
                    | Rule::WhatwgPercentEncodeFragment
                    | Rule::WhatwgPercentEncodeQuery
                    | Rule::WhatwgPercentEncodeSpecialQuery
                    | Rule::WhatwgPercentEncodePath
                    | Rule::WhatwgPercentEncodeUserinfo
                    | Rule::WhatwgPercentEncodeComponent
                    | Rule::WhatwgPercentEncodeForm
                    | Rule::WhatwgHostDomainToAscii
                    | Rule::WhatwgHostIpv4
                    | Rule::WhatwgHostIpv6
                    | Rule::WhatwgHostOpaque
                    | Rule::WhatwgHostEmpty
                    | Rule::WhatwgDefaultPort
                    | Rule::WhatwgCredentials
                    | Rule::WhatwgDotSegment
                    | Rule::WhatwgDriveLetter
                    | Rule::WhatwgFromBase
                    | Rule::WhatwgPathSerialization
                    | Rule::WhatwgDropped,
                Profile::Whatwg
            )
    ) || matches!(r, Rule::Canon(_)) && profile.steps().any(|s| s.id == r)
}
