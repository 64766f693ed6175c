//! The status-line sentence of every diagnostic, with its
//! source. One exhaustive match: a diagnostic without a sentence does not compile.

use crate::explain::modern as m;
use crate::explain::{self as x, Explanation};
use crate::url::syntax::diag::Diag;

/// The sentence of `d` (at most 70 characters for the historical ones: a status line).
#[rustfmt::skip]
pub fn diagnostic(d: Diag) -> Explanation {
    use crate::whatwg::ValidationError as V;
    // A failure of urlscope's own URL Standard parser reads as the error that failed it.
    let failed = |e: V| {
        let x = m::validation_error(e);
        (x.text, x.source)
    };
    let (text, source) = match d {
        Diag::NoScheme => ("no scheme: the URL does not start with 'name:', so it is relative", x::SEED001),
        Diag::SchemeLooksLikeHost => ("the scheme contains '.' — missing 'http://'?", x::RFC1808_SCHEME),
        Diag::EmptyHost => ("an http or ftp URL has an authority but an empty host", x::SEED001),
        Diag::Ipv6 => ("a bracketed host '[…]' was recognized (IPv6 literal; info)", x::RFC2732),
        Diag::Ipv6Unterminated => ("the host starts with '[' but has no closing ']'", x::RFC2732),
        Diag::HostJunk => ("text after the host's ']' does not start with ':'", x::RFC2732),
        Diag::AtInUserinfo => ("the userinfo contains '@' (more than one '@' in the authority)", x::SEED003),
        Diag::ColonInPassword => ("the password contains ':' (only the first ':' ends the user)", x::SEED001),
        Diag::BadPort => ("the port contains a character that is not a digit", x::SEED001),
        Diag::EmptyPort => ("a port ':' is present but the port is empty", x::SEED001),
        Diag::MultiQuestion => ("the query contains another '?' (only the first is the query mark)", x::SEED001),
        Diag::MultiHash => ("the fragment contains another '#' (only the first is the mark)", x::SEED000),
        Diag::InvalidPercent => ("a '%' is not followed by two hex digits", x::SEED003),
        Diag::NonAscii => ("the input contains octets 80–FF (not US-ASCII)", x::SEED003),
        Diag::Control => ("the input contains control octets (00–1F or 7F)", x::SEED003),
        Diag::EdgeWhitespace => ("the input starts or ends with whitespace (nothing is trimmed)", x::SEED003),
        Diag::TripleMinus => ("three raw '-' in a row after the scheme (a Fidonet tearline)", x::FIDO_5222),
        Diag::PdfScheme => ("the scheme is not http, ftp or file (PDF steps run anyway)", x::SEED002),
        Diag::PdfNoBase => ("relative URL and no base: the result is not a canonical key", x::SEED002),
        Diag::FidoSchemeTripleMinus => ("the scheme name contains '---', which cannot be encoded there", x::FIDO_5222),
        Diag::BaseNotAbsolute => ("the base URL has no scheme, so it is not absolute", x::SEED001),
        Diag::FidoPauseWithoutLineBreak => ("a '%%' pause mark has no line break (CR or LF) after it", x::FIDO_5225),
        Diag::FidoNoResume => ("no '%%' resumes the URL after the pause mark's line break", x::FIDO_5225),
        Diag::Rfc3986Port => ("after the host's last ':' come characters that are not digits: there is no port, and the ':' is encoded as part of the host", m::RFC3986_322),
        Diag::InvalidUtf8 => ("the input is not valid UTF-8; those octets were written as %XX before parsing", m::WHATWG_ENC),
        Diag::WhatwgEmptyHost => ("the WHATWG parser rejects it: this scheme needs a host, and the host is empty", m::WHATWG),
        Diag::WhatwgIdna => ("the WHATWG parser rejects it: the host is not a valid international domain name (UTS #46)", m::WHATWG),
        Diag::WhatwgInvalidPort => ("the WHATWG parser rejects it: the port is not a number from 0 to 65535", m::WHATWG),
        Diag::WhatwgInvalidIpv4 => ("the WHATWG parser rejects it: the host ends in a number, so it must be an IPv4 address, and it is not a valid one", m::WHATWG),
        Diag::WhatwgInvalidIpv6 => ("the WHATWG parser rejects it: the bracketed host is not a valid IPv6 address", m::WHATWG),
        Diag::WhatwgInvalidDomainCharacter => ("the WHATWG parser rejects it: the host holds a forbidden code point (space, '#', '%', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|' …)", m::WHATWG),
        Diag::WhatwgRelativeWithoutBase => ("the WHATWG parser rejects it: a relative URL needs a base URL (give one on the Base line or with --base)", m::WHATWG),
        Diag::WhatwgRelativeWithOpaqueBase => ("the WHATWG parser rejects it: the base URL has an opaque path (like mailto:), so nothing can be relative to it", m::WHATWG),
        Diag::WhatwgOverflow => ("the WHATWG parser rejects it: URLs of more than 4 GB are not supported", m::WHATWG),
        Diag::WhatwgParse => ("the WHATWG parser rejects it", m::WHATWG),
        Diag::WhatwgFailedDomainToAscii => failed(V::DomainToAscii),
        Diag::WhatwgFailedHostInvalidCodePoint => failed(V::HostInvalidCodePoint),
        Diag::WhatwgFailedIpv4TooManyParts => failed(V::Ipv4TooManyParts),
        Diag::WhatwgFailedIpv4NonNumericPart => failed(V::Ipv4NonNumericPart),
        Diag::WhatwgFailedIpv4OutOfRangePart => failed(V::Ipv4OutOfRangePart),
        Diag::WhatwgFailedIpv6Unclosed => failed(V::Ipv6Unclosed),
        Diag::WhatwgFailedIpv6InvalidCompression => failed(V::Ipv6InvalidCompression),
        Diag::WhatwgFailedIpv6TooManyPieces => failed(V::Ipv6TooManyPieces),
        Diag::WhatwgFailedIpv6MultipleCompression => failed(V::Ipv6MultipleCompression),
        Diag::WhatwgFailedIpv6InvalidCodePoint => failed(V::Ipv6InvalidCodePoint),
        Diag::WhatwgFailedIpv6TooFewPieces => failed(V::Ipv6TooFewPieces),
        Diag::WhatwgFailedIpv4InIpv6TooManyPieces => failed(V::Ipv4InIpv6TooManyPieces),
        Diag::WhatwgFailedIpv4InIpv6InvalidCodePoint => failed(V::Ipv4InIpv6InvalidCodePoint),
        Diag::WhatwgFailedIpv4InIpv6OutOfRangePart => failed(V::Ipv4InIpv6OutOfRangePart),
        Diag::WhatwgFailedIpv4InIpv6TooFewParts => failed(V::Ipv4InIpv6TooFewParts),
        Diag::WhatwgFailedMissingSchemeNonRelativeUrl => failed(V::MissingSchemeNonRelativeUrl),
        Diag::WhatwgFailedHostMissing => failed(V::HostMissing),
        Diag::WhatwgFailedPortOutOfRange => failed(V::PortOutOfRange),
        Diag::WhatwgFailedPortInvalid => failed(V::PortInvalid),
        Diag::UcNegativeIpv4 => ("urlcanon fails: the host reads as a negative IPv4 number, which Python's ipaddress cannot print (AddressValueError)", "iipc/urlcanon canon.py dotted_decimal"),
        Diag::SurtPort => ("surt fails: the port is not a number from 0 to 65535 (ValueError)", "internetarchive/surt handyurl.py"),
        Diag::SurtEmpty => ("surt fails: the input is only whitespace (AttributeError)", "internetarchive/surt handyurl.py"),
        Diag::W3libPort => ("w3lib fails: the port is not ASCII digits from 0 to 65535 (ValueError)", "scrapy/w3lib w3lib/_url.py"),
        Diag::W3libHost => ("w3lib fails: the host cannot be parsed (ValueError)", "scrapy/w3lib w3lib/_url.py"),
        Diag::SbNoHost => ("Safe Browsing: the URL has no host, so it has no lookup expressions", "developers.google.com/safe-browsing/v4/urls-hashing"),
    };
    Explanation {
        id: d.as_str(),
        text,
        source,
    }
}
