//! Diagnostic ids (docs/rules.md, "Diagnostics"). Warnings (`W-`) never change a result; errors (`E-`) mark a step
//! that could not complete.

/// A diagnostic id. Its string (`as_str`, `Display`, JSON) is the id users see; whether it is an
/// error is part of the id, not read from its prefix.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diag {
    /// The diagnostic `W-no-scheme`.
    NoScheme,
    /// The diagnostic `W-scheme-looks-like-host`.
    SchemeLooksLikeHost,
    /// The diagnostic `W-empty-host`.
    EmptyHost,
    /// The diagnostic `W-ipv6`.
    Ipv6,
    /// The diagnostic `W-ipv6-unterminated`.
    Ipv6Unterminated,
    /// The diagnostic `W-host-junk`.
    HostJunk,
    /// The diagnostic `W-at-in-userinfo`.
    AtInUserinfo,
    /// The diagnostic `W-colon-in-password`.
    ColonInPassword,
    /// The diagnostic `W-bad-port`.
    BadPort,
    /// The diagnostic `W-empty-port`.
    EmptyPort,
    /// The diagnostic `W-multi-question`.
    MultiQuestion,
    /// The diagnostic `W-multi-hash`.
    MultiHash,
    /// The diagnostic `W-invalid-percent`.
    InvalidPercent,
    /// The diagnostic `W-non-ascii`.
    NonAscii,
    /// The diagnostic `W-control`.
    Control,
    /// The diagnostic `W-edge-whitespace`.
    EdgeWhitespace,
    /// The diagnostic `W-triple-minus`.
    TripleMinus,
    /// The diagnostic `W-pdf-scheme`.
    PdfScheme,
    /// The diagnostic `W-pdf-no-base`.
    PdfNoBase,
    /// The diagnostic `W-fido-scheme-triple-minus`.
    FidoSchemeTripleMinus,
    /// The diagnostic `E-base-not-absolute`.
    BaseNotAbsolute,
    /// The diagnostic `E-fido-pause-without-line-break`.
    FidoPauseWithoutLineBreak,
    /// The diagnostic `E-fido-no-resume`.
    FidoNoResume,
    // The modern profiles.
    /// The diagnostic `E-rfc3986-port`.
    Rfc3986Port,
    /// The diagnostic `W-invalid-utf8`.
    InvalidUtf8,
    /// The diagnostic `E-whatwg-empty-host`.
    WhatwgEmptyHost,
    /// The diagnostic `E-whatwg-idna`.
    WhatwgIdna,
    /// The diagnostic `E-whatwg-invalid-port`.
    WhatwgInvalidPort,
    /// The diagnostic `E-whatwg-invalid-ipv4-address`.
    WhatwgInvalidIpv4,
    /// The diagnostic `E-whatwg-invalid-ipv6-address`.
    WhatwgInvalidIpv6,
    /// The diagnostic `E-whatwg-invalid-domain-character`.
    WhatwgInvalidDomainCharacter,
    /// The diagnostic `E-whatwg-relative-without-base`.
    WhatwgRelativeWithoutBase,
    /// The diagnostic `E-whatwg-relative-with-opaque-base`.
    WhatwgRelativeWithOpaqueBase,
    /// The diagnostic `E-whatwg-overflow`.
    WhatwgOverflow,
    /// The diagnostic `E-whatwg-parse`.
    WhatwgParse,
    // The `whatwg` profile's failures, named after the URL Standard's validation error that
    // failed the parse.
    /// The diagnostic `E-whatwg-domain-to-ascii`.
    WhatwgFailedDomainToAscii,
    /// The diagnostic `E-whatwg-host-invalid-code-point`.
    WhatwgFailedHostInvalidCodePoint,
    /// The diagnostic `E-whatwg-ipv4-too-many-parts`.
    WhatwgFailedIpv4TooManyParts,
    /// The diagnostic `E-whatwg-ipv4-non-numeric-part`.
    WhatwgFailedIpv4NonNumericPart,
    /// The diagnostic `E-whatwg-ipv4-out-of-range-part`.
    WhatwgFailedIpv4OutOfRangePart,
    /// The diagnostic `E-whatwg-ipv6-unclosed`.
    WhatwgFailedIpv6Unclosed,
    /// The diagnostic `E-whatwg-ipv6-invalid-compression`.
    WhatwgFailedIpv6InvalidCompression,
    /// The diagnostic `E-whatwg-ipv6-too-many-pieces`.
    WhatwgFailedIpv6TooManyPieces,
    /// The diagnostic `E-whatwg-ipv6-multiple-compression`.
    WhatwgFailedIpv6MultipleCompression,
    /// The diagnostic `E-whatwg-ipv6-invalid-code-point`.
    WhatwgFailedIpv6InvalidCodePoint,
    /// The diagnostic `E-whatwg-ipv6-too-few-pieces`.
    WhatwgFailedIpv6TooFewPieces,
    /// The diagnostic `E-whatwg-ipv4-in-ipv6-too-many-pieces`.
    WhatwgFailedIpv4InIpv6TooManyPieces,
    /// The diagnostic `E-whatwg-ipv4-in-ipv6-invalid-code-point`.
    WhatwgFailedIpv4InIpv6InvalidCodePoint,
    /// The diagnostic `E-whatwg-ipv4-in-ipv6-out-of-range-part`.
    WhatwgFailedIpv4InIpv6OutOfRangePart,
    /// The diagnostic `E-whatwg-ipv4-in-ipv6-too-few-parts`.
    WhatwgFailedIpv4InIpv6TooFewParts,
    /// The diagnostic `E-whatwg-missing-scheme-non-relative-url`.
    WhatwgFailedMissingSchemeNonRelativeUrl,
    /// The diagnostic `E-whatwg-host-missing`.
    WhatwgFailedHostMissing,
    /// The diagnostic `E-whatwg-port-out-of-range`.
    WhatwgFailedPortOutOfRange,
    /// The diagnostic `E-whatwg-port-invalid`.
    WhatwgFailedPortInvalid,
    // The crawler canonicalizers, where their reference raises.
    /// The diagnostic `E-uc-negative-ipv4`.
    UcNegativeIpv4,
    /// The diagnostic `E-surt-port`.
    SurtPort,
    /// The diagnostic `E-surt-empty`.
    SurtEmpty,
    /// The diagnostic `E-w3lib-port`.
    W3libPort,
    /// The diagnostic `E-w3lib-host`.
    W3libHost,
    /// The diagnostic `E-sb-no-host`.
    SbNoHost,
}

/// The diagnostic `W-no-scheme`.
pub const W_NO_SCHEME: Diag = Diag::NoScheme;
pub(crate) const W_SCHEME_LOOKS_LIKE_HOST: Diag = Diag::SchemeLooksLikeHost;
pub(crate) const W_EMPTY_HOST: Diag = Diag::EmptyHost;
pub(crate) const W_IPV6: Diag = Diag::Ipv6;
pub(crate) const W_IPV6_UNTERMINATED: Diag = Diag::Ipv6Unterminated;
pub(crate) const W_HOST_JUNK: Diag = Diag::HostJunk;
pub(crate) const W_AT_IN_USERINFO: Diag = Diag::AtInUserinfo;
pub(crate) const W_COLON_IN_PASSWORD: Diag = Diag::ColonInPassword;
pub(crate) const W_BAD_PORT: Diag = Diag::BadPort;
pub(crate) const W_EMPTY_PORT: Diag = Diag::EmptyPort;
pub(crate) const W_MULTI_QUESTION: Diag = Diag::MultiQuestion;
pub(crate) const W_MULTI_HASH: Diag = Diag::MultiHash;
pub(crate) const W_INVALID_PERCENT: Diag = Diag::InvalidPercent;
pub(crate) const W_NON_ASCII: Diag = Diag::NonAscii;
/// The diagnostic `W-control`.
pub const W_CONTROL: Diag = Diag::Control;
/// The diagnostic `W-edge-whitespace`.
pub const W_EDGE_WHITESPACE: Diag = Diag::EdgeWhitespace;
pub(crate) const W_TRIPLE_MINUS: Diag = Diag::TripleMinus;
pub(crate) const W_PDF_SCHEME: Diag = Diag::PdfScheme;
pub(crate) const W_PDF_NO_BASE: Diag = Diag::PdfNoBase;
pub(crate) const W_FIDO_SCHEME_TRIPLE_MINUS: Diag = Diag::FidoSchemeTripleMinus;
pub(crate) const E_BASE_NOT_ABSOLUTE: Diag = Diag::BaseNotAbsolute;
pub(crate) const E_FIDO_PAUSE_WITHOUT_LINE_BREAK: Diag = Diag::FidoPauseWithoutLineBreak;
pub(crate) const E_FIDO_NO_RESUME: Diag = Diag::FidoNoResume;

// The modern profiles.
pub(crate) const E_RFC3986_PORT: Diag = Diag::Rfc3986Port;
pub(crate) const W_INVALID_UTF8: Diag = Diag::InvalidUtf8;
pub(crate) const E_WHATWG_EMPTY_HOST: Diag = Diag::WhatwgEmptyHost;
pub(crate) const E_WHATWG_IDNA: Diag = Diag::WhatwgIdna;
pub(crate) const E_WHATWG_INVALID_PORT: Diag = Diag::WhatwgInvalidPort;
pub(crate) const E_WHATWG_INVALID_IPV4: Diag = Diag::WhatwgInvalidIpv4;
pub(crate) const E_WHATWG_INVALID_IPV6: Diag = Diag::WhatwgInvalidIpv6;
pub(crate) const E_WHATWG_INVALID_DOMAIN_CHARACTER: Diag = Diag::WhatwgInvalidDomainCharacter;
pub(crate) const E_WHATWG_RELATIVE_WITHOUT_BASE: Diag = Diag::WhatwgRelativeWithoutBase;
pub(crate) const E_WHATWG_RELATIVE_WITH_OPAQUE_BASE: Diag = Diag::WhatwgRelativeWithOpaqueBase;
pub(crate) const E_WHATWG_OVERFLOW: Diag = Diag::WhatwgOverflow;
pub(crate) const E_WHATWG_PARSE: Diag = Diag::WhatwgParse;

impl Diag {
    /// The id as output and JSON write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Diag::NoScheme => "W-no-scheme",
            Diag::SchemeLooksLikeHost => "W-scheme-looks-like-host",
            Diag::EmptyHost => "W-empty-host",
            Diag::Ipv6 => "W-ipv6",
            Diag::Ipv6Unterminated => "W-ipv6-unterminated",
            Diag::HostJunk => "W-host-junk",
            Diag::AtInUserinfo => "W-at-in-userinfo",
            Diag::ColonInPassword => "W-colon-in-password",
            Diag::BadPort => "W-bad-port",
            Diag::EmptyPort => "W-empty-port",
            Diag::MultiQuestion => "W-multi-question",
            Diag::MultiHash => "W-multi-hash",
            Diag::InvalidPercent => "W-invalid-percent",
            Diag::NonAscii => "W-non-ascii",
            Diag::Control => "W-control",
            Diag::EdgeWhitespace => "W-edge-whitespace",
            Diag::TripleMinus => "W-triple-minus",
            Diag::PdfScheme => "W-pdf-scheme",
            Diag::PdfNoBase => "W-pdf-no-base",
            Diag::FidoSchemeTripleMinus => "W-fido-scheme-triple-minus",
            Diag::BaseNotAbsolute => "E-base-not-absolute",
            Diag::FidoPauseWithoutLineBreak => "E-fido-pause-without-line-break",
            Diag::FidoNoResume => "E-fido-no-resume",
            Diag::Rfc3986Port => "E-rfc3986-port",
            Diag::InvalidUtf8 => "W-invalid-utf8",
            Diag::WhatwgEmptyHost => "E-whatwg-empty-host",
            Diag::WhatwgIdna => "E-whatwg-idna",
            Diag::WhatwgInvalidPort => "E-whatwg-invalid-port",
            Diag::WhatwgInvalidIpv4 => "E-whatwg-invalid-ipv4-address",
            Diag::WhatwgInvalidIpv6 => "E-whatwg-invalid-ipv6-address",
            Diag::WhatwgInvalidDomainCharacter => "E-whatwg-invalid-domain-character",
            Diag::WhatwgRelativeWithoutBase => "E-whatwg-relative-without-base",
            Diag::WhatwgRelativeWithOpaqueBase => "E-whatwg-relative-with-opaque-base",
            Diag::WhatwgOverflow => "E-whatwg-overflow",
            Diag::WhatwgParse => "E-whatwg-parse",
            Diag::WhatwgFailedDomainToAscii => "E-whatwg-domain-to-ascii",
            Diag::WhatwgFailedHostInvalidCodePoint => "E-whatwg-host-invalid-code-point",
            Diag::WhatwgFailedIpv4TooManyParts => "E-whatwg-ipv4-too-many-parts",
            Diag::WhatwgFailedIpv4NonNumericPart => "E-whatwg-ipv4-non-numeric-part",
            Diag::WhatwgFailedIpv4OutOfRangePart => "E-whatwg-ipv4-out-of-range-part",
            Diag::WhatwgFailedIpv6Unclosed => "E-whatwg-ipv6-unclosed",
            Diag::WhatwgFailedIpv6InvalidCompression => "E-whatwg-ipv6-invalid-compression",
            Diag::WhatwgFailedIpv6TooManyPieces => "E-whatwg-ipv6-too-many-pieces",
            Diag::WhatwgFailedIpv6MultipleCompression => "E-whatwg-ipv6-multiple-compression",
            Diag::WhatwgFailedIpv6InvalidCodePoint => "E-whatwg-ipv6-invalid-code-point",
            Diag::WhatwgFailedIpv6TooFewPieces => "E-whatwg-ipv6-too-few-pieces",
            Diag::WhatwgFailedIpv4InIpv6TooManyPieces => "E-whatwg-ipv4-in-ipv6-too-many-pieces",
            Diag::WhatwgFailedIpv4InIpv6InvalidCodePoint => {
                "E-whatwg-ipv4-in-ipv6-invalid-code-point"
            }
            Diag::WhatwgFailedIpv4InIpv6OutOfRangePart => "E-whatwg-ipv4-in-ipv6-out-of-range-part",
            Diag::WhatwgFailedIpv4InIpv6TooFewParts => "E-whatwg-ipv4-in-ipv6-too-few-parts",
            Diag::WhatwgFailedMissingSchemeNonRelativeUrl => {
                "E-whatwg-missing-scheme-non-relative-url"
            }
            Diag::WhatwgFailedHostMissing => "E-whatwg-host-missing",
            Diag::WhatwgFailedPortOutOfRange => "E-whatwg-port-out-of-range",
            Diag::WhatwgFailedPortInvalid => "E-whatwg-port-invalid",
            Diag::UcNegativeIpv4 => "E-uc-negative-ipv4",
            Diag::SurtPort => "E-surt-port",
            Diag::SurtEmpty => "E-surt-empty",
            Diag::W3libPort => "E-w3lib-port",
            Diag::W3libHost => "E-w3lib-host",
            Diag::SbNoHost => "E-sb-no-host",
        }
    }

    /// An error (`E-`) marks a step that could not complete; a warning (`W-`) never changes a
    /// result.
    pub const fn is_error(self) -> bool {
        match self {
            Diag::BaseNotAbsolute
            | Diag::FidoPauseWithoutLineBreak
            | Diag::FidoNoResume
            | Diag::Rfc3986Port
            | Diag::WhatwgEmptyHost
            | Diag::WhatwgIdna
            | Diag::WhatwgInvalidPort
            | Diag::WhatwgInvalidIpv4
            | Diag::WhatwgInvalidIpv6
            | Diag::WhatwgInvalidDomainCharacter
            | Diag::WhatwgRelativeWithoutBase
            | Diag::WhatwgRelativeWithOpaqueBase
            | Diag::WhatwgOverflow
            | Diag::WhatwgParse
            | Diag::WhatwgFailedDomainToAscii
            | Diag::WhatwgFailedHostInvalidCodePoint
            | Diag::WhatwgFailedIpv4TooManyParts
            | Diag::WhatwgFailedIpv4NonNumericPart
            | Diag::WhatwgFailedIpv4OutOfRangePart
            | Diag::WhatwgFailedIpv6Unclosed
            | Diag::WhatwgFailedIpv6InvalidCompression
            | Diag::WhatwgFailedIpv6TooManyPieces
            | Diag::WhatwgFailedIpv6MultipleCompression
            | Diag::WhatwgFailedIpv6InvalidCodePoint
            | Diag::WhatwgFailedIpv6TooFewPieces
            | Diag::WhatwgFailedIpv4InIpv6TooManyPieces
            | Diag::WhatwgFailedIpv4InIpv6InvalidCodePoint
            | Diag::WhatwgFailedIpv4InIpv6OutOfRangePart
            | Diag::WhatwgFailedIpv4InIpv6TooFewParts
            | Diag::WhatwgFailedMissingSchemeNonRelativeUrl
            | Diag::WhatwgFailedHostMissing
            | Diag::WhatwgFailedPortOutOfRange
            | Diag::WhatwgFailedPortInvalid
            | Diag::UcNegativeIpv4
            | Diag::SurtPort
            | Diag::SurtEmpty
            | Diag::W3libPort
            | Diag::W3libHost
            | Diag::SbNoHost => true,
            Diag::NoScheme
            | Diag::SchemeLooksLikeHost
            | Diag::EmptyHost
            | Diag::Ipv6
            | Diag::Ipv6Unterminated
            | Diag::HostJunk
            | Diag::AtInUserinfo
            | Diag::ColonInPassword
            | Diag::BadPort
            | Diag::EmptyPort
            | Diag::MultiQuestion
            | Diag::MultiHash
            | Diag::InvalidPercent
            | Diag::NonAscii
            | Diag::Control
            | Diag::EdgeWhitespace
            | Diag::TripleMinus
            | Diag::PdfScheme
            | Diag::PdfNoBase
            | Diag::FidoSchemeTripleMinus
            | Diag::InvalidUtf8 => false,
        }
    }

    /// The `whatwg` profile's failure for the URL Standard's validation error `e` that failed
    /// the parse (`E-whatwg-host-missing`, …); `E-whatwg-parse` for an error the standard never
    /// lets fail a parse.
    pub const fn whatwg_failure(e: crate::whatwg::ValidationError) -> Diag {
        use crate::whatwg::ValidationError as E;
        match e {
            E::DomainToAscii => Diag::WhatwgFailedDomainToAscii,
            E::HostInvalidCodePoint => Diag::WhatwgFailedHostInvalidCodePoint,
            E::Ipv4TooManyParts => Diag::WhatwgFailedIpv4TooManyParts,
            E::Ipv4NonNumericPart => Diag::WhatwgFailedIpv4NonNumericPart,
            E::Ipv4OutOfRangePart => Diag::WhatwgFailedIpv4OutOfRangePart,
            E::Ipv6Unclosed => Diag::WhatwgFailedIpv6Unclosed,
            E::Ipv6InvalidCompression => Diag::WhatwgFailedIpv6InvalidCompression,
            E::Ipv6TooManyPieces => Diag::WhatwgFailedIpv6TooManyPieces,
            E::Ipv6MultipleCompression => Diag::WhatwgFailedIpv6MultipleCompression,
            E::Ipv6InvalidCodePoint => Diag::WhatwgFailedIpv6InvalidCodePoint,
            E::Ipv6TooFewPieces => Diag::WhatwgFailedIpv6TooFewPieces,
            E::Ipv4InIpv6TooManyPieces => Diag::WhatwgFailedIpv4InIpv6TooManyPieces,
            E::Ipv4InIpv6InvalidCodePoint => Diag::WhatwgFailedIpv4InIpv6InvalidCodePoint,
            E::Ipv4InIpv6OutOfRangePart => Diag::WhatwgFailedIpv4InIpv6OutOfRangePart,
            E::Ipv4InIpv6TooFewParts => Diag::WhatwgFailedIpv4InIpv6TooFewParts,
            E::MissingSchemeNonRelativeUrl => Diag::WhatwgFailedMissingSchemeNonRelativeUrl,
            E::HostMissing => Diag::WhatwgFailedHostMissing,
            E::PortOutOfRange => Diag::WhatwgFailedPortOutOfRange,
            E::PortInvalid => Diag::WhatwgFailedPortInvalid,
            E::DomainPercentEncoded
            | E::Ipv4EmptyPart
            | E::Ipv4TooFewParts
            | E::Ipv6PieceLeadingZero
            | E::Ipv4NonDecimalPart
            | E::InvalidUrlUnit
            | E::SpecialSchemeMissingFollowingSolidus
            | E::InvalidReverseSolidus
            | E::InvalidCredentials
            | E::FileInvalidWindowsDriveLetter
            | E::FileInvalidWindowsDriveLetterHost => Diag::WhatwgParse,
        }
    }

    /// The validation error a `whatwg` profile failure is named after.
    pub fn whatwg_error(self) -> Option<crate::whatwg::ValidationError> {
        crate::whatwg::ValidationError::ALL
            .into_iter()
            .find(|&e| self != Diag::WhatwgParse && Diag::whatwg_failure(e) == self)
    }

    /// The diagnostic with this id, if any.
    pub fn from_name(id: &str) -> Option<Diag> {
        EVERY.into_iter().find(|d| d.as_str() == id)
    }
}

impl std::fmt::Display for Diag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

/// Shown as its id, like the string it replaces.
impl std::fmt::Debug for Diag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl serde::Serialize for Diag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Diag {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Diag {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The diagnostics of the modern profiles (docs/lenses.md).
pub(crate) const MODERN: [Diag; 31] = [
    E_RFC3986_PORT,
    W_INVALID_UTF8,
    E_WHATWG_EMPTY_HOST,
    E_WHATWG_IDNA,
    E_WHATWG_INVALID_PORT,
    E_WHATWG_INVALID_IPV4,
    E_WHATWG_INVALID_IPV6,
    E_WHATWG_INVALID_DOMAIN_CHARACTER,
    E_WHATWG_RELATIVE_WITHOUT_BASE,
    E_WHATWG_RELATIVE_WITH_OPAQUE_BASE,
    E_WHATWG_OVERFLOW,
    E_WHATWG_PARSE,
    Diag::WhatwgFailedDomainToAscii,
    Diag::WhatwgFailedHostInvalidCodePoint,
    Diag::WhatwgFailedIpv4TooManyParts,
    Diag::WhatwgFailedIpv4NonNumericPart,
    Diag::WhatwgFailedIpv4OutOfRangePart,
    Diag::WhatwgFailedIpv6Unclosed,
    Diag::WhatwgFailedIpv6InvalidCompression,
    Diag::WhatwgFailedIpv6TooManyPieces,
    Diag::WhatwgFailedIpv6MultipleCompression,
    Diag::WhatwgFailedIpv6InvalidCodePoint,
    Diag::WhatwgFailedIpv6TooFewPieces,
    Diag::WhatwgFailedIpv4InIpv6TooManyPieces,
    Diag::WhatwgFailedIpv4InIpv6InvalidCodePoint,
    Diag::WhatwgFailedIpv4InIpv6OutOfRangePart,
    Diag::WhatwgFailedIpv4InIpv6TooFewParts,
    Diag::WhatwgFailedMissingSchemeNonRelativeUrl,
    Diag::WhatwgFailedHostMissing,
    Diag::WhatwgFailedPortOutOfRange,
    Diag::WhatwgFailedPortInvalid,
];

/// Every diagnostic id, in the order of the tokenizer's, then the historical profiles'.
pub(crate) const ALL: [Diag; 23] = [
    W_NO_SCHEME,
    W_SCHEME_LOOKS_LIKE_HOST,
    W_EMPTY_HOST,
    W_IPV6,
    W_IPV6_UNTERMINATED,
    W_HOST_JUNK,
    W_AT_IN_USERINFO,
    W_COLON_IN_PASSWORD,
    W_BAD_PORT,
    W_EMPTY_PORT,
    W_MULTI_QUESTION,
    W_MULTI_HASH,
    W_INVALID_PERCENT,
    W_NON_ASCII,
    W_CONTROL,
    W_EDGE_WHITESPACE,
    W_TRIPLE_MINUS,
    W_PDF_SCHEME,
    W_PDF_NO_BASE,
    W_FIDO_SCHEME_TRIPLE_MINUS,
    E_BASE_NOT_ABSOLUTE,
    E_FIDO_PAUSE_WITHOUT_LINE_BREAK,
    E_FIDO_NO_RESUME,
];

/// The diagnostics of the crawler canonicalizers (docs/canon.md): where the reference raises.
pub(crate) const CANON: [Diag; 6] = [
    Diag::UcNegativeIpv4,
    Diag::SurtPort,
    Diag::SurtEmpty,
    Diag::W3libPort,
    Diag::W3libHost,
    Diag::SbNoHost,
];

/// Every diagnostic: the tokenizer's and the historical profiles', then the modern profiles', then the canonicalizers'.
pub(crate) const EVERY: [Diag; 60] = {
    let mut out = [Diag::NoScheme; 60];
    let mut i = 0;
    while i < ALL.len() {
        out[i] = ALL[i];
        i += 1;
    }
    while i < ALL.len() + MODERN.len() {
        out[i] = MODERN[i - ALL.len()];
        i += 1;
    }
    while i < out.len() {
        out[i] = CANON[i - ALL.len() - MODERN.len()];
        i += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_keep_their_spec_strings() {
        for (i, d) in EVERY.into_iter().enumerate() {
            assert_eq!(d as usize, i, "{d}: EVERY is in declaration order");
            assert_eq!(Diag::from_name(d.as_str()), Some(d));
            // The prefix is the id's own; severity is the enum's, and they agree.
            assert_eq!(d.as_str().starts_with("E-"), d.is_error(), "{d}");
            assert!(d.as_str().starts_with("E-") || d.as_str().starts_with("W-"));
            assert_eq!(format!("{d}"), d.as_str());
            assert_eq!(format!("{d:?}"), format!("{:?}", d.as_str()));
            assert_eq!(
                serde_json::to_string(&d).unwrap(),
                format!("\"{}\"", d.as_str())
            );
        }
        assert_eq!(W_AT_IN_USERINFO.as_str(), "W-at-in-userinfo");
        assert_eq!(
            E_WHATWG_INVALID_IPV4.as_str(),
            "E-whatwg-invalid-ipv4-address"
        );
        assert_eq!(Diag::from_name("W-nothing"), None);
    }
}
