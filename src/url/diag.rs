//! Diagnostic ids of SPEC §1.9. Warnings (`W-`) never change a result; errors (`E-`) mark a step
//! that could not complete.

use super::profiles::Profile;
use super::tokenize::Parsed;

pub const W_NO_SCHEME: &str = "W-no-scheme";
pub const W_SCHEME_LOOKS_LIKE_HOST: &str = "W-scheme-looks-like-host";
pub const W_EMPTY_HOST: &str = "W-empty-host";
pub const W_IPV6: &str = "W-ipv6";
pub const W_IPV6_UNTERMINATED: &str = "W-ipv6-unterminated";
pub const W_HOST_JUNK: &str = "W-host-junk";
pub const W_AT_IN_USERINFO: &str = "W-at-in-userinfo";
pub const W_COLON_IN_PASSWORD: &str = "W-colon-in-password";
pub const W_BAD_PORT: &str = "W-bad-port";
pub const W_EMPTY_PORT: &str = "W-empty-port";
pub const W_MULTI_QUESTION: &str = "W-multi-question";
pub const W_MULTI_HASH: &str = "W-multi-hash";
pub const W_INVALID_PERCENT: &str = "W-invalid-percent";
pub const W_NON_ASCII: &str = "W-non-ascii";
pub const W_CONTROL: &str = "W-control";
pub const W_EDGE_WHITESPACE: &str = "W-edge-whitespace";
pub const W_TRIPLE_MINUS: &str = "W-triple-minus";
pub const W_PDF_SCHEME: &str = "W-pdf-scheme";
pub const W_PDF_NO_BASE: &str = "W-pdf-no-base";
pub const W_FIDO_SCHEME_TRIPLE_MINUS: &str = "W-fido-scheme-triple-minus";
pub const E_BASE_NOT_ABSOLUTE: &str = "E-base-not-absolute";
pub const E_FIDO_PAUSE_WITHOUT_LINE_BREAK: &str = "E-fido-pause-without-line-break";
pub const E_FIDO_NO_RESUME: &str = "E-fido-no-resume";

// SPEC-MODERN §9: the modern profiles.
pub const E_RFC3986_PORT: &str = "E-rfc3986-port";
pub const W_INVALID_UTF8: &str = "W-invalid-utf8";
pub const E_WHATWG_EMPTY_HOST: &str = "E-whatwg-empty-host";
pub const E_WHATWG_IDNA: &str = "E-whatwg-idna";
pub const E_WHATWG_INVALID_PORT: &str = "E-whatwg-invalid-port";
pub const E_WHATWG_INVALID_IPV4: &str = "E-whatwg-invalid-ipv4-address";
pub const E_WHATWG_INVALID_IPV6: &str = "E-whatwg-invalid-ipv6-address";
pub const E_WHATWG_INVALID_DOMAIN_CHARACTER: &str = "E-whatwg-invalid-domain-character";
pub const E_WHATWG_RELATIVE_WITHOUT_BASE: &str = "E-whatwg-relative-without-base";
pub const E_WHATWG_RELATIVE_WITH_OPAQUE_BASE: &str = "E-whatwg-relative-with-opaque-base";
pub const E_WHATWG_OVERFLOW: &str = "E-whatwg-overflow";
pub const E_WHATWG_PARSE: &str = "E-whatwg-parse";

/// The diagnostics of the modern profiles (SPEC-MODERN §9).
pub const MODERN: [&str; 12] = [
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
];

/// Every diagnostic id, in SPEC §1.9 order.
pub const ALL: [&str; 23] = [
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

pub fn is_error(id: &str) -> bool {
    id.starts_with("E-")
}

/// SPEC §1.9: the diagnostics of one input as every front end lists them: the tokenizer's
/// warnings, then the profile's flags, each once; a tearline (`W-triple-minus`) matters to
/// FidoURL only.
pub fn diagnostics(parsed: &Parsed, profile: Profile, flags: &[&'static str]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for &id in parsed.warnings.iter().chain(flags) {
        if (id == W_TRIPLE_MINUS && profile != Profile::Fido) || out.contains(&id) {
            continue;
        }
        out.push(id);
    }
    out
}

/// The warnings (`W-`) among [`diagnostics`], in its order: what `--warnings` reports and
/// `explain` lists apart from the errors.
pub fn warnings(parsed: &Parsed, profile: Profile, flags: &[&'static str]) -> Vec<&'static str> {
    let mut out = diagnostics(parsed, profile, flags);
    out.retain(|id| !is_error(id));
    out
}
