//! The URL Standard's validation errors, by the names of its table (§1.1 "Writing"), as of
//! the snapshot named in `docs/whatwg.md`. That snapshot (2026-06-30, "Close gap between URL
//! writing and parser sections") folded domain-invalid-code-point into domain-to-ASCII, dropped
//! domain-to-Unicode from the table, and added domain-percent-encoded, IPv4-too-few-parts and
//! IPv6-piece-leading-zero.

/// A validation error as the standard names it. Whether one ends the parse depends on where it
/// occurs (the table's "Failure?" column); the trace records that with each occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValidationError {
    // IDNA
    /// The URL Standard's validation error `domain-to-ASCII`.
    DomainToAscii,
    // Host parsing
    /// The URL Standard's validation error `domain-percent-encoded`.
    DomainPercentEncoded,
    /// The URL Standard's validation error `host-invalid-code-point`.
    HostInvalidCodePoint,
    /// The URL Standard's validation error `IPv4-empty-part`.
    Ipv4EmptyPart,
    /// The URL Standard's validation error `IPv4-too-few-parts`.
    Ipv4TooFewParts,
    /// The URL Standard's validation error `IPv4-too-many-parts`.
    Ipv4TooManyParts,
    /// The URL Standard's validation error `IPv4-non-numeric-part`.
    Ipv4NonNumericPart,
    /// The URL Standard's validation error `IPv4-non-decimal-part`.
    Ipv4NonDecimalPart,
    /// The URL Standard's validation error `IPv4-out-of-range-part`.
    Ipv4OutOfRangePart,
    /// The URL Standard's validation error `IPv6-unclosed`.
    Ipv6Unclosed,
    /// The URL Standard's validation error `IPv6-invalid-compression`.
    Ipv6InvalidCompression,
    /// The URL Standard's validation error `IPv6-too-many-pieces`.
    Ipv6TooManyPieces,
    /// The URL Standard's validation error `IPv6-multiple-compression`.
    Ipv6MultipleCompression,
    /// The URL Standard's validation error `IPv6-invalid-code-point`.
    Ipv6InvalidCodePoint,
    /// The URL Standard's validation error `IPv6-too-few-pieces`.
    Ipv6TooFewPieces,
    /// The URL Standard's validation error `IPv6-piece-leading-zero`.
    Ipv6PieceLeadingZero,
    /// The URL Standard's validation error `IPv4-in-IPv6-too-many-pieces`.
    Ipv4InIpv6TooManyPieces,
    /// The URL Standard's validation error `IPv4-in-IPv6-invalid-code-point`.
    Ipv4InIpv6InvalidCodePoint,
    /// The URL Standard's validation error `IPv4-in-IPv6-out-of-range-part`.
    Ipv4InIpv6OutOfRangePart,
    /// The URL Standard's validation error `IPv4-in-IPv6-too-few-parts`.
    Ipv4InIpv6TooFewParts,
    // URL parsing
    /// The URL Standard's validation error `invalid-URL-unit`.
    InvalidUrlUnit,
    /// The URL Standard's validation error `special-scheme-missing-following-solidus`.
    SpecialSchemeMissingFollowingSolidus,
    /// The URL Standard's validation error `missing-scheme-non-relative-URL`.
    MissingSchemeNonRelativeUrl,
    /// The URL Standard's validation error `invalid-reverse-solidus`.
    InvalidReverseSolidus,
    /// The URL Standard's validation error `invalid-credentials`.
    InvalidCredentials,
    /// The URL Standard's validation error `host-missing`.
    HostMissing,
    /// The URL Standard's validation error `port-out-of-range`.
    PortOutOfRange,
    /// The URL Standard's validation error `port-invalid`.
    PortInvalid,
    /// The URL Standard's validation error `file-invalid-Windows-drive-letter`.
    FileInvalidWindowsDriveLetter,
    /// The URL Standard's validation error `file-invalid-Windows-drive-letter-host`.
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationError {
    /// Every error, in the order of the standard's table.
    pub const ALL: [ValidationError; 30] = [
        ValidationError::DomainToAscii,
        ValidationError::DomainPercentEncoded,
        ValidationError::HostInvalidCodePoint,
        ValidationError::Ipv4EmptyPart,
        ValidationError::Ipv4TooFewParts,
        ValidationError::Ipv4TooManyParts,
        ValidationError::Ipv4NonNumericPart,
        ValidationError::Ipv4NonDecimalPart,
        ValidationError::Ipv4OutOfRangePart,
        ValidationError::Ipv6Unclosed,
        ValidationError::Ipv6InvalidCompression,
        ValidationError::Ipv6TooManyPieces,
        ValidationError::Ipv6MultipleCompression,
        ValidationError::Ipv6InvalidCodePoint,
        ValidationError::Ipv6TooFewPieces,
        ValidationError::Ipv6PieceLeadingZero,
        ValidationError::Ipv4InIpv6TooManyPieces,
        ValidationError::Ipv4InIpv6InvalidCodePoint,
        ValidationError::Ipv4InIpv6OutOfRangePart,
        ValidationError::Ipv4InIpv6TooFewParts,
        ValidationError::InvalidUrlUnit,
        ValidationError::SpecialSchemeMissingFollowingSolidus,
        ValidationError::MissingSchemeNonRelativeUrl,
        ValidationError::InvalidReverseSolidus,
        ValidationError::InvalidCredentials,
        ValidationError::HostMissing,
        ValidationError::PortOutOfRange,
        ValidationError::PortInvalid,
        ValidationError::FileInvalidWindowsDriveLetter,
        ValidationError::FileInvalidWindowsDriveLetterHost,
    ];

    /// The standard's own name, e.g. "invalid-URL-unit".
    pub fn name(self) -> &'static str {
        use ValidationError as E;
        match self {
            E::DomainToAscii => "domain-to-ASCII",
            E::DomainPercentEncoded => "domain-percent-encoded",
            E::HostInvalidCodePoint => "host-invalid-code-point",
            E::Ipv4EmptyPart => "IPv4-empty-part",
            E::Ipv4TooFewParts => "IPv4-too-few-parts",
            E::Ipv4TooManyParts => "IPv4-too-many-parts",
            E::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            E::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            E::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            E::Ipv6Unclosed => "IPv6-unclosed",
            E::Ipv6InvalidCompression => "IPv6-invalid-compression",
            E::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            E::Ipv6MultipleCompression => "IPv6-multiple-compression",
            E::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            E::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            E::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            E::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            E::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            E::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            E::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            E::InvalidUrlUnit => "invalid-URL-unit",
            E::SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            E::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            E::InvalidReverseSolidus => "invalid-reverse-solidus",
            E::InvalidCredentials => "invalid-credentials",
            E::HostMissing => "host-missing",
            E::PortOutOfRange => "port-out-of-range",
            E::PortInvalid => "port-invalid",
            E::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            E::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// The error whose standard name is `name` (ASCII case-insensitive).
    pub fn from_name(name: &str) -> Option<ValidationError> {
        ValidationError::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
    }
}

impl std::fmt::Display for ValidationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
