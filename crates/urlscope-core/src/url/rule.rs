//! Step and rule ids of the normalization profiles (docs/rules.md, docs/lenses.md). Their
//! strings (`as_str`, `Display`, JSON) are those of output and JSON; each has its explanation in one
//! exhaustive match (`url::explain_rules`).

/// A step or rule id. One id can name a step of several profiles (`strip-fragment`), and a step
/// and its only rule share their id.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// The step or rule `rfc1738-char-pass`.
    Rfc1738CharPass,
    /// The step or rule `rfc1738-fragment-mark`.
    Rfc1738FragmentMark,
    /// The step or rule `encode-nongraphic`.
    EncodeNongraphic,
    /// The step or rule `encode-unsafe`.
    EncodeUnsafe,
    /// The step or rule `keep-reserved`.
    KeepReserved,
    /// The step or rule `decode-safe`.
    DecodeSafe,
    /// The step or rule `keep-encoded`.
    KeepEncoded,
    /// The step or rule `uppercase-hex`.
    UppercaseHex,
    /// The step or rule `strip-fragment`.
    StripFragment,
    /// The step or rule `strip-wrapper`.
    StripWrapper,
    /// The step or rule `hyv-char-pass`.
    HyvCharPass,
    /// The step or rule `hyv-keep-encoded`.
    HyvKeepEncoded,
    /// The step or rule `hyv-decode`.
    HyvDecode,
    /// The step or rule `hyv-encode`.
    HyvEncode,
    /// The step or rule `hyv-keep-raw`.
    HyvKeepRaw,
    /// The step or rule `lowercase-scheme`.
    LowercaseScheme,
    /// The step or rule `lowercase-host`.
    LowercaseHost,
    /// The step or rule `unique-host`.
    UniqueHost,
    /// The step or rule `strip-port-80`.
    StripPort80,
    /// The step or rule `make-absolute`.
    MakeAbsolute,
    /// The step or rule `strip-file-localhost`.
    StripFileLocalhost,
    /// The step or rule `strip-default-port`.
    StripDefaultPort,
    /// The step or rule `remove-dot-segments`.
    RemoveDotSegments,
    /// The step or rule `single-encoding-pass`.
    SingleEncodingPass,
    /// The step or rule `decode-unneeded`.
    DecodeUnneeded,
    /// The step or rule `fido-space-as-plus`.
    FidoSpaceAsPlus,
    /// The step or rule `fido-encode-misplaced-reserved`.
    FidoEncodeMisplacedReserved,
    /// The step or rule `fido-question-once`.
    FidoQuestionOnce,
    /// The step or rule `fido-equals-placement`.
    FidoEqualsPlacement,
    /// The step or rule `fido-ampersand-placement`.
    FidoAmpersandPlacement,
    /// The step or rule `fido-at-in-areatag`.
    FidoAtInAreatag,
    /// The step or rule `fido-keep-plus-encoded`.
    FidoKeepPlusEncoded,
    /// The step or rule `fido-break-triple-minus`.
    FidoBreakTripleMinus,
    /// The step or rule `rfc3986-unwrap`.
    Rfc3986Unwrap,
    /// The step or rule `strip-edge-whitespace`.
    StripEdgeWhitespace,
    /// The step or rule `unwrap-frame`.
    UnwrapFrame,
    /// The step or rule `remove-wrapped-whitespace`.
    RemoveWrappedWhitespace,
    /// The step or rule `rfc3986-split`.
    Rfc3986Split,
    /// The step or rule `rfc3986-encode`.
    Rfc3986Encode,
    /// The step or rule `encode-non-ascii`.
    EncodeNonAscii,
    /// The step or rule `encode-control`.
    EncodeControl,
    /// The step or rule `encode-disallowed`.
    EncodeDisallowed,
    /// The step or rule `encode-invalid-percent`.
    EncodeInvalidPercent,
    /// The step or rule `decode-unreserved`.
    DecodeUnreserved,
    /// The step or rule `lowercase-scheme-host`.
    LowercaseSchemeHost,
    /// The step or rule `rfc3986-remove-dot-segments`.
    Rfc3986RemoveDotSegments,
    /// The step or rule `drop-default-port`.
    DropDefaultPort,
    /// The step or rule `empty-path-slash`.
    EmptyPathSlash,
    /// The step or rule `whatwg-octets`.
    WhatwgOctets,
    /// The step or rule `encode-invalid-utf8`.
    EncodeInvalidUtf8,
    /// The step or rule `whatwg-parse`.
    WhatwgParse,
    /// The step or rule `whatwg-serialize`.
    WhatwgSerialize,
    /// The step or rule `fido-join-continuations`.
    FidoJoinContinuations,
    /// The step or rule `fido-continuation`.
    FidoContinuation,
    // The provenance of the WHATWG parser's edits (`whatwg::Change`), one id per kind.
    /// The step or rule `whatwg-strip-c0-space`.
    WhatwgStripC0Space,
    /// The step or rule `whatwg-remove-tab-newline`.
    WhatwgRemoveTabNewline,
    /// The step or rule `whatwg-lowercase-scheme`.
    WhatwgLowercaseScheme,
    /// The step or rule `whatwg-backslash`.
    WhatwgBackslash,
    /// The step or rule `whatwg-insert-slashes`.
    WhatwgInsertSlashes,
    /// The step or rule `whatwg-percent-encode-c0-control`.
    WhatwgPercentEncodeC0Control,
    /// The step or rule `whatwg-percent-encode-fragment`.
    WhatwgPercentEncodeFragment,
    /// The step or rule `whatwg-percent-encode-query`.
    WhatwgPercentEncodeQuery,
    /// The step or rule `whatwg-percent-encode-special-query`.
    WhatwgPercentEncodeSpecialQuery,
    /// The step or rule `whatwg-percent-encode-path`.
    WhatwgPercentEncodePath,
    /// The step or rule `whatwg-percent-encode-userinfo`.
    WhatwgPercentEncodeUserinfo,
    /// The step or rule `whatwg-percent-encode-component`.
    WhatwgPercentEncodeComponent,
    /// The step or rule `whatwg-percent-encode-form`.
    WhatwgPercentEncodeForm,
    /// The step or rule `whatwg-host-domain-to-ascii`.
    WhatwgHostDomainToAscii,
    /// The step or rule `whatwg-host-ipv4`.
    WhatwgHostIpv4,
    /// The step or rule `whatwg-host-ipv6`.
    WhatwgHostIpv6,
    /// The step or rule `whatwg-host-opaque`.
    WhatwgHostOpaque,
    /// The step or rule `whatwg-host-empty`.
    WhatwgHostEmpty,
    /// The step or rule `whatwg-default-port`.
    WhatwgDefaultPort,
    /// The step or rule `whatwg-credentials`.
    WhatwgCredentials,
    /// The step or rule `whatwg-dot-segment`.
    WhatwgDotSegment,
    /// The step or rule `whatwg-drive-letter`.
    WhatwgDriveLetter,
    /// The step or rule `whatwg-from-base`.
    WhatwgFromBase,
    /// The step or rule `whatwg-path-serialization`.
    WhatwgPathSerialization,
    /// The step or rule `whatwg-dropped`.
    WhatwgDropped,
    /// A step of a crawler canonicalizer (docs/canon.md).
    Canon(crate::canon::ids::CanonStep),
}

impl Rule {
    /// Every id, in declaration order.
    const HISTORICAL: [Rule; 79] = [
        Rule::Rfc1738CharPass,
        Rule::Rfc1738FragmentMark,
        Rule::EncodeNongraphic,
        Rule::EncodeUnsafe,
        Rule::KeepReserved,
        Rule::DecodeSafe,
        Rule::KeepEncoded,
        Rule::UppercaseHex,
        Rule::StripFragment,
        Rule::StripWrapper,
        Rule::HyvCharPass,
        Rule::HyvKeepEncoded,
        Rule::HyvDecode,
        Rule::HyvEncode,
        Rule::HyvKeepRaw,
        Rule::LowercaseScheme,
        Rule::LowercaseHost,
        Rule::UniqueHost,
        Rule::StripPort80,
        Rule::MakeAbsolute,
        Rule::StripFileLocalhost,
        Rule::StripDefaultPort,
        Rule::RemoveDotSegments,
        Rule::SingleEncodingPass,
        Rule::DecodeUnneeded,
        Rule::FidoSpaceAsPlus,
        Rule::FidoEncodeMisplacedReserved,
        Rule::FidoQuestionOnce,
        Rule::FidoEqualsPlacement,
        Rule::FidoAmpersandPlacement,
        Rule::FidoAtInAreatag,
        Rule::FidoKeepPlusEncoded,
        Rule::FidoBreakTripleMinus,
        Rule::Rfc3986Unwrap,
        Rule::StripEdgeWhitespace,
        Rule::UnwrapFrame,
        Rule::RemoveWrappedWhitespace,
        Rule::Rfc3986Split,
        Rule::Rfc3986Encode,
        Rule::EncodeNonAscii,
        Rule::EncodeControl,
        Rule::EncodeDisallowed,
        Rule::EncodeInvalidPercent,
        Rule::DecodeUnreserved,
        Rule::LowercaseSchemeHost,
        Rule::Rfc3986RemoveDotSegments,
        Rule::DropDefaultPort,
        Rule::EmptyPathSlash,
        Rule::WhatwgOctets,
        Rule::EncodeInvalidUtf8,
        Rule::WhatwgParse,
        Rule::WhatwgSerialize,
        Rule::FidoJoinContinuations,
        Rule::FidoContinuation,
        Rule::WhatwgStripC0Space,
        Rule::WhatwgRemoveTabNewline,
        Rule::WhatwgLowercaseScheme,
        Rule::WhatwgBackslash,
        Rule::WhatwgInsertSlashes,
        Rule::WhatwgPercentEncodeC0Control,
        Rule::WhatwgPercentEncodeFragment,
        Rule::WhatwgPercentEncodeQuery,
        Rule::WhatwgPercentEncodeSpecialQuery,
        Rule::WhatwgPercentEncodePath,
        Rule::WhatwgPercentEncodeUserinfo,
        Rule::WhatwgPercentEncodeComponent,
        Rule::WhatwgPercentEncodeForm,
        Rule::WhatwgHostDomainToAscii,
        Rule::WhatwgHostIpv4,
        Rule::WhatwgHostIpv6,
        Rule::WhatwgHostOpaque,
        Rule::WhatwgHostEmpty,
        Rule::WhatwgDefaultPort,
        Rule::WhatwgCredentials,
        Rule::WhatwgDotSegment,
        Rule::WhatwgDriveLetter,
        Rule::WhatwgFromBase,
        Rule::WhatwgPathSerialization,
        Rule::WhatwgDropped,
    ];

    /// Every id, in declaration order: the historical and modern profiles, then the crawler
    /// canonicalizers' steps.
    pub const EVERY: [Rule; Rule::HISTORICAL.len() + crate::canon::ids::CanonStep::EVERY.len()] = {
        let canon = crate::canon::ids::CanonStep::EVERY;
        let mut out = [Rule::Rfc1738CharPass;
            Rule::HISTORICAL.len() + crate::canon::ids::CanonStep::EVERY.len()];
        let mut i = 0;
        while i < out.len() {
            out[i] = if i < Rule::HISTORICAL.len() {
                Rule::HISTORICAL[i]
            } else {
                Rule::Canon(canon[i - Rule::HISTORICAL.len()])
            };
            i += 1;
        }
        out
    };

    /// The id as output and JSON write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rule::Rfc1738CharPass => "rfc1738-char-pass",
            Rule::Rfc1738FragmentMark => "rfc1738-fragment-mark",
            Rule::EncodeNongraphic => "encode-nongraphic",
            Rule::EncodeUnsafe => "encode-unsafe",
            Rule::KeepReserved => "keep-reserved",
            Rule::DecodeSafe => "decode-safe",
            Rule::KeepEncoded => "keep-encoded",
            Rule::UppercaseHex => "uppercase-hex",
            Rule::StripFragment => "strip-fragment",
            Rule::StripWrapper => "strip-wrapper",
            Rule::HyvCharPass => "hyv-char-pass",
            Rule::HyvKeepEncoded => "hyv-keep-encoded",
            Rule::HyvDecode => "hyv-decode",
            Rule::HyvEncode => "hyv-encode",
            Rule::HyvKeepRaw => "hyv-keep-raw",
            Rule::LowercaseScheme => "lowercase-scheme",
            Rule::LowercaseHost => "lowercase-host",
            Rule::UniqueHost => "unique-host",
            Rule::StripPort80 => "strip-port-80",
            Rule::MakeAbsolute => "make-absolute",
            Rule::StripFileLocalhost => "strip-file-localhost",
            Rule::StripDefaultPort => "strip-default-port",
            Rule::RemoveDotSegments => "remove-dot-segments",
            Rule::SingleEncodingPass => "single-encoding-pass",
            Rule::DecodeUnneeded => "decode-unneeded",
            Rule::FidoSpaceAsPlus => "fido-space-as-plus",
            Rule::FidoEncodeMisplacedReserved => "fido-encode-misplaced-reserved",
            Rule::FidoQuestionOnce => "fido-question-once",
            Rule::FidoEqualsPlacement => "fido-equals-placement",
            Rule::FidoAmpersandPlacement => "fido-ampersand-placement",
            Rule::FidoAtInAreatag => "fido-at-in-areatag",
            Rule::FidoKeepPlusEncoded => "fido-keep-plus-encoded",
            Rule::FidoBreakTripleMinus => "fido-break-triple-minus",
            Rule::Rfc3986Unwrap => "rfc3986-unwrap",
            Rule::StripEdgeWhitespace => "strip-edge-whitespace",
            Rule::UnwrapFrame => "unwrap-frame",
            Rule::RemoveWrappedWhitespace => "remove-wrapped-whitespace",
            Rule::Rfc3986Split => "rfc3986-split",
            Rule::Rfc3986Encode => "rfc3986-encode",
            Rule::EncodeNonAscii => "encode-non-ascii",
            Rule::EncodeControl => "encode-control",
            Rule::EncodeDisallowed => "encode-disallowed",
            Rule::EncodeInvalidPercent => "encode-invalid-percent",
            Rule::DecodeUnreserved => "decode-unreserved",
            Rule::LowercaseSchemeHost => "lowercase-scheme-host",
            Rule::Rfc3986RemoveDotSegments => "rfc3986-remove-dot-segments",
            Rule::DropDefaultPort => "drop-default-port",
            Rule::EmptyPathSlash => "empty-path-slash",
            Rule::WhatwgOctets => "whatwg-octets",
            Rule::EncodeInvalidUtf8 => "encode-invalid-utf8",
            Rule::WhatwgParse => "whatwg-parse",
            Rule::WhatwgSerialize => "whatwg-serialize",
            Rule::FidoJoinContinuations => "fido-join-continuations",
            Rule::FidoContinuation => "fido-continuation",
            Rule::WhatwgStripC0Space => "whatwg-strip-c0-space",
            Rule::WhatwgRemoveTabNewline => "whatwg-remove-tab-newline",
            Rule::WhatwgLowercaseScheme => "whatwg-lowercase-scheme",
            Rule::WhatwgBackslash => "whatwg-backslash",
            Rule::WhatwgInsertSlashes => "whatwg-insert-slashes",
            Rule::WhatwgPercentEncodeC0Control => "whatwg-percent-encode-c0-control",
            Rule::WhatwgPercentEncodeFragment => "whatwg-percent-encode-fragment",
            Rule::WhatwgPercentEncodeQuery => "whatwg-percent-encode-query",
            Rule::WhatwgPercentEncodeSpecialQuery => "whatwg-percent-encode-special-query",
            Rule::WhatwgPercentEncodePath => "whatwg-percent-encode-path",
            Rule::WhatwgPercentEncodeUserinfo => "whatwg-percent-encode-userinfo",
            Rule::WhatwgPercentEncodeComponent => "whatwg-percent-encode-component",
            Rule::WhatwgPercentEncodeForm => "whatwg-percent-encode-form",
            Rule::WhatwgHostDomainToAscii => "whatwg-host-domain-to-ascii",
            Rule::WhatwgHostIpv4 => "whatwg-host-ipv4",
            Rule::WhatwgHostIpv6 => "whatwg-host-ipv6",
            Rule::WhatwgHostOpaque => "whatwg-host-opaque",
            Rule::WhatwgHostEmpty => "whatwg-host-empty",
            Rule::WhatwgDefaultPort => "whatwg-default-port",
            Rule::WhatwgCredentials => "whatwg-credentials",
            Rule::WhatwgDotSegment => "whatwg-dot-segment",
            Rule::WhatwgDriveLetter => "whatwg-drive-letter",
            Rule::WhatwgFromBase => "whatwg-from-base",
            Rule::WhatwgPathSerialization => "whatwg-path-serialization",
            Rule::WhatwgDropped => "whatwg-dropped",
            Rule::Canon(c) => c.as_str(),
        }
    }

    /// The id with this name, if any.
    pub fn from_name(id: &str) -> Option<Rule> {
        Rule::EVERY.into_iter().find(|r| r.as_str() == id)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

/// Shown as its id, like the string it replaces.
impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_keep_their_spec_strings() {
        for (i, r) in Rule::EVERY.into_iter().enumerate() {
            assert_eq!(Rule::EVERY.iter().position(|&x| x == r), Some(i), "{r}");
            assert_eq!(Rule::from_name(r.as_str()), Some(r));
            assert_eq!(format!("{r}"), r.as_str());
            assert_eq!(format!("{r:<40}|").len(), 41);
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{r}\""));
        }
        assert_eq!(Rule::from_name("no-such-rule"), None);
    }
}
