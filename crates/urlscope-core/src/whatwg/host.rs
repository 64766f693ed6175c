//! The host parser (URL Standard §3.5 "Host parsing"), the IPv4 and IPv6 parsers and
//! serializers (§3.6), opaque hosts and the domain parser (§3.3 "IDNA"). UTS #46 itself is the
//! `idna` crate's and never re-implemented here.
//!
//! # Offsets in the trace
//!
//! [`parse_host`] gets the host state's buffer and `at`, the buffer's offset in the parser's
//! input. A validation error at offset `i` of the buffer is reported at `at + i`; that is the
//! input's offset only when the buffer is a contiguous copy of `input[at..]` (the parser
//! removes ASCII tab and newline before it runs, so a host with a tab inside maps as the text
//! without it). Errors found after percent-decoding or domain to ASCII, where the text no
//! longer lines up with the buffer, are reported at `at`, the start of the host.
//!
//! # Changes in the trace
//!
//! `parse_host` records the change itself: one [`Change::Host`] over `at..at + input.len()`
//! when the host serializer's output differs from the buffer. The caller records nothing for
//! the host.

use std::borrow::Cow;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::encode::{
    encode_str, find_percent_encoded_byte, is_percent_encoded_byte, percent_decode,
};
use super::error::ValidationError as E;
use super::trace::{Change, EncodeSet, HostKind, Tracer};

/// A host as the host parser returns it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// An ASCII domain, already lowercase and punycoded.
    Domain(String),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address's eight pieces.
    Ipv6([u16; 8]),
    /// An opaque host (non-special URLs), already percent-encoded.
    Opaque(String),
    /// The empty host.
    Empty,
}

impl Host {
    /// Which kind of host this is.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }

    /// Appends the host serializer's output (§3.6) to `out`.
    pub fn serialize(&self, out: &mut String) {
        match self {
            Host::Ipv4(address) => serialize_ipv4(*address, out),
            Host::Ipv6(pieces) => {
                out.push('[');
                serialize_ipv6(pieces, out);
                out.push(']');
            }
            Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
            Host::Empty => {}
        }
    }

    /// Whether the serialization equals `text` (without building it for domains and opaque
    /// hosts).
    pub fn serializes_as(&self, text: &str) -> bool {
        match self {
            Host::Domain(s) | Host::Opaque(s) => s == text,
            Host::Empty => text.is_empty(),
            _ => {
                let mut out = String::with_capacity(41);
                self.serialize(&mut out);
                out == text
            }
        }
    }
}

impl std::fmt::Display for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::new();
        self.serialize(&mut out);
        f.write_str(&out)
    }
}

/// The host parser: `input` is the host state's buffer, `at` its offset in the parser's input
/// (for the trace), `is_opaque` true for a non-special URL. `None` is failure; every validation
/// error goes to `t` with its offset (see the module's notes on offsets), and a
/// `Change::Host` is recorded when the serialization differs from `input`.
pub fn parse_host<T: Tracer>(input: &str, is_opaque: bool, at: usize, t: &mut T) -> Option<Host> {
    let host = if let Some(inner) = input.strip_prefix('[') {
        // Step 1: an IPv6 address in brackets.
        let Some(inner) = inner.strip_suffix(']') else {
            t.error(at, E::Ipv6Unclosed, true);
            return None;
        };
        Host::Ipv6(parse_ipv6(inner, at + 1, t)?)
    } else if is_opaque {
        // Step 2.
        parse_opaque_host(input, at, t)?
    } else {
        parse_special_host(input, at, t)?
    };
    if T::ON && !host.serializes_as(input) {
        t.change(at..at + input.len(), Change::Host(host.kind()));
    }
    Some(host)
}

/// Steps 3 to 9 of the host parser: a special URL's host that is not in brackets.
fn parse_special_host<T: Tracer>(input: &str, at: usize, t: &mut T) -> Option<Host> {
    // Step 4 and 5: percent-decode, then UTF-8 decode without BOM (a lossy decode: an invalid
    // sequence becomes U+FFFD, which the domain parser rejects; a BOM is kept).
    let domain: Cow<'_, str> = match find_percent_encoded_byte(input.as_bytes()) {
        None => Cow::Borrowed(input),
        Some(i) => {
            t.error(at + i, E::DomainPercentEncoded, false);
            let bytes = percent_decode(input.as_bytes());
            Cow::Owned(
                String::from_utf8(bytes)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            )
        }
    };
    // Offsets in the domain are the buffer's when nothing was decoded and the domain is ASCII
    // (lowercasing keeps every offset).
    let lines_up = matches!(domain, Cow::Borrowed(_)) && domain.is_ascii();
    let offset = |i: usize| if lines_up { at + i } else { at };
    // Steps 6 and 7.
    let ascii = domain_parser(&domain, false, at, t)?;
    // Step 8.
    if ends_in_a_number(&ascii) {
        return parse_ipv4_mapped(&ascii, &offset, t).map(Host::Ipv4);
    }
    Some(Host::Domain(ascii))
}

/// The URL Standard's "domain parser" (§3.3 "IDNA") given `domain` and `be_strict`: failure or
/// an ASCII domain. Reports one domain-to-ASCII validation error at `at` when the strict
/// ToASCII fails, failing when the parse fails.
///
/// With a tracer that records nothing, the strict ToASCII (which only yields a validation
/// error) is skipped, and an ASCII `domain` is only lowercased: `idna` is not called at all.
pub(crate) fn domain_parser<T: Tracer>(
    domain: &str,
    be_strict: bool,
    at: usize,
    t: &mut T,
) -> Option<String> {
    // Steps 1 and 2: the strict result, for its validation error (and as the result when
    // `be_strict`).
    let strict = if T::ON || be_strict {
        Some(domain_parser_to_ascii(domain, true))
    } else {
        None
    };
    let strict_failed = matches!(strict, Some(None));
    let result = if be_strict {
        // Step 3.
        strict.flatten().map(Cow::into_owned)
    } else if domain.is_ascii() {
        // Step 5: returned lowercased whatever ToASCII says (web compatibility).
        Some(domain.to_ascii_lowercase())
    } else {
        // Step 6.
        domain_parser_to_ascii(domain, false).map(Cow::into_owned)
    };
    // Steps 7 and 8: the empty string and forbidden domain code points fail.
    // The result is ASCII (ToASCII's output, or an ASCII domain lowercased): a byte check.
    let result = result.filter(|r| {
        !r.is_empty()
            && !r
                .bytes()
                .any(|b| b < 0x80 && FORBIDDEN_DOMAIN & (1u128 << b) != 0)
    });
    match &result {
        None => t.error(at, E::DomainToAscii, true),
        Some(_) if strict_failed => t.error(at, E::DomainToAscii, false),
        Some(_) => {}
    }
    result
}

/// The standard's "domain parser ToASCII": Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules
/// and VerifyDnsLength set to `be_strict`, CheckBidi and CheckJoiners true,
/// Transitional_Processing false, IgnoreInvalidPunycode false (the `idna` crate's `to_ascii`
/// is nontransitional, checks bidi and joiners, and fails on invalid Punycode).
fn domain_parser_to_ascii(domain: &str, be_strict: bool) -> Option<Cow<'_, str>> {
    let (deny, hyphens, dns_length) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    Uts46::new()
        .to_ascii(domain.as_bytes(), deny, hyphens, dns_length)
        .ok()
}

/// A forbidden host code point (§3.2 "Host miscellaneous").
#[inline]
pub(crate) fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// A forbidden domain code point: a forbidden host code point, a C0 control, `%` or U+007F.
#[inline]
#[cfg(test)]
pub(crate) fn is_forbidden_domain_code_point(c: char) -> bool {
    (c as u32) < 0x80 && FORBIDDEN_DOMAIN & (1u128 << (c as u32)) != 0
}

/// The forbidden domain code points as a table of ASCII bits: the C0 controls, U+007F, and
/// space `#%/:<>?@[\]^|` (the forbidden host code points not already C0 controls, and `%`).
const FORBIDDEN_DOMAIN: u128 = 0xFFFF_FFFF | 1u128 << 0x7F | {
    let mut t = 0u128;
    let bytes = b" #%/:<>?@[\\]^|";
    let mut i = 0;
    while i < bytes.len() {
        t |= 1u128 << bytes[i];
        i += 1;
    }
    t
};

/// A URL code point (§4.3 "URL writing"): ASCII alphanumeric, ``!$&'()*+,-./:;=?@_~``, and
/// U+00A0 to U+10FFFD except surrogates (which a `char` never is) and noncharacters.
#[inline]
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => {
            let n = c as u32;
            // Noncharacters: U+FDD0 to U+FDEF and the last two code points of every plane.
            !((0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE)
        }
        _ => false,
    }
}

/// The opaque-host parser (§3.5): fails on a forbidden host code point; reports code points
/// that are not URL code points and `%` not starting a percent-encoded byte; returns `input`
/// UTF-8 percent-encoded with the C0 control percent-encode set. An empty `input` is the empty
/// host.
pub(crate) fn parse_opaque_host<T: Tracer>(input: &str, at: usize, t: &mut T) -> Option<Host> {
    // Step 1.
    if let Some(i) = input.find(is_forbidden_host_code_point) {
        t.error(at + i, E::HostInvalidCodePoint, true);
        return None;
    }
    if T::ON {
        // Step 2.
        if let Some(i) = input.find(|c: char| !is_url_code_point(c) && c != '%') {
            t.error(at + i, E::InvalidUrlUnit, false);
        }
        // Step 3.
        let bytes = input.as_bytes();
        if let Some(i) =
            (0..bytes.len()).find(|&i| bytes[i] == b'%' && !is_percent_encoded_byte(bytes, i))
        {
            t.error(at + i, E::InvalidUrlUnit, false);
        }
    }
    if input.is_empty() {
        return Some(Host::Empty);
    }
    // Step 4.
    let mut out = String::with_capacity(input.len());
    encode_str(input, EncodeSet::C0Control, &mut out);
    Some(Host::Opaque(out))
}

/// The ends-in-a-number checker (§3.5): whether the last label (ignoring one trailing empty
/// label) is all ASCII digits or parses as an IPv4 number (`0x` and hex digits).
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    let trimmed = input.strip_suffix('.').unwrap_or(input);
    let last = trimmed.rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    parse_ipv4_number(last).is_some()
}

/// The IPv4 number parser (§3.5): `(value, validation error)` or failure. `0x`/`0X` is hex and
/// a leading `0` octal (both a validation error); a value too large for a `u64` saturates, which
/// is out of range for every IPv4 part either way.
pub(crate) fn parse_ipv4_number(input: &str) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let bytes = input.as_bytes();
    let (digits, radix, error) = if bytes.len() >= 2 && bytes[0] == b'0' && bytes[1] | 0x20 == b'x'
    {
        (&bytes[2..], 16, true)
    } else if bytes.len() >= 2 && bytes[0] == b'0' {
        (&bytes[1..], 8, true)
    } else {
        (bytes, 10, false)
    };
    if digits.is_empty() {
        return Some((0, true));
    }
    let mut value: u64 = 0;
    for &b in digits {
        let d = u64::from(char::from(b).to_digit(radix)?);
        value = value.saturating_mul(u64::from(radix)).saturating_add(d);
    }
    Some((value, error))
}

/// The IPv4 parser with `offset` mapping an offset of `input` to the trace's.
fn parse_ipv4_mapped<T: Tracer>(
    input: &str,
    offset: &dyn Fn(usize) -> usize,
    t: &mut T,
) -> Option<u32> {
    // Steps 1 and 2: strictly split on `.`; a trailing empty part is dropped with an error.
    let body = match input.strip_suffix('.') {
        Some(body) => {
            t.error(offset(input.len() - 1), E::Ipv4EmptyPart, false);
            body
        }
        None => {
            if input.is_empty() {
                t.error(offset(0), E::Ipv4EmptyPart, false);
            }
            input
        }
    };
    let size = body.split('.').count();
    // Steps 3 and 4.
    if size < 4 {
        t.error(offset(0), E::Ipv4TooFewParts, false);
    }
    if size > 4 {
        t.error(offset(0), E::Ipv4TooManyParts, true);
        return None;
    }
    // Step 5 and 6.
    let mut numbers = [0u64; 4];
    let mut start = 0;
    for (n, part) in body.split('.').enumerate() {
        let Some((value, non_decimal)) = parse_ipv4_number(part) else {
            t.error(offset(start), E::Ipv4NonNumericPart, true);
            return None;
        };
        if non_decimal {
            t.error(offset(start), E::Ipv4NonDecimalPart, false);
        }
        numbers[n] = value;
        start += part.len() + 1;
    }
    let numbers = &numbers[..size];
    // Step 7: one error for any part over 255.
    if let Some(i) = numbers.iter().position(|&n| n > 255) {
        let at = body.split('.').take(i).map(|p| p.len() + 1).sum();
        let fails = i + 1 < size || numbers[size - 1] >= 256u64.pow(5 - size as u32);
        t.error(offset(at), E::Ipv4OutOfRangePart, fails);
    }
    // Steps 8 and 9: every part but the last at most 255; the last below 256^(5 - size).
    let (last, rest) = numbers.split_last()?;
    if rest.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - size as u32) {
        return None;
    }
    // Steps 10 to 14.
    let mut ipv4 = *last;
    for (counter, &n) in rest.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    u32::try_from(ipv4).ok()
}

/// The IPv4 serializer (§3.6): four decimal numbers joined by `.`.
pub(crate) fn serialize_ipv4(address: u32, out: &mut String) {
    use std::fmt::Write;
    let [a, b, c, d] = address.to_be_bytes();
    let _ = write!(out, "{a}.{b}.{c}.{d}");
}

/// The IPv6 parser (§3.5) on the text between the brackets; `at` is the offset of its first
/// byte for the trace.
pub(crate) fn parse_ipv6<T: Tracer>(input: &str, at: usize, t: &mut T) -> Option<[u16; 8]> {
    let input = input.as_bytes();
    // `c` as the standard reads it: the byte at the pointer, or `None` for EOF. A non-ASCII
    // code point's bytes are never a hex digit, `:` or `.`, so reading bytes changes nothing.
    let c = |p: usize| input.get(p).copied();
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    // Step 5: a leading `::`.
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            t.error(at + pointer, E::Ipv6InvalidCompression, true);
            return None;
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // Step 6.
    while c(pointer).is_some() {
        if piece_index == 8 {
            t.error(at + pointer, E::Ipv6TooManyPieces, true);
            return None;
        }
        if c(pointer) == Some(b':') {
            if compress.is_some() {
                t.error(at + pointer, E::Ipv6MultipleCompression, true);
                return None;
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let piece_start = pointer;
        let mut value: u32 = 0;
        let mut length = 0u32;
        while length < 4 {
            let Some(d) = c(pointer).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            value = value * 0x10 + d;
            pointer += 1;
            length += 1;
        }
        if c(pointer) == Some(b'.') {
            // An IPv4 address in the last two pieces.
            if length == 0 {
                t.error(at + pointer, E::Ipv4InIpv6InvalidCodePoint, true);
                return None;
            }
            pointer -= length as usize;
            if piece_index > 6 {
                t.error(at + pointer, E::Ipv4InIpv6TooManyPieces, true);
                return None;
            }
            let mut numbers_seen = 0;
            while c(pointer).is_some() {
                let mut ipv4_piece: Option<u16> = None;
                if numbers_seen > 0 {
                    if c(pointer) == Some(b'.') && numbers_seen < 4 {
                        pointer += 1;
                    } else {
                        t.error(at + pointer, E::Ipv4InIpv6InvalidCodePoint, true);
                        return None;
                    }
                }
                if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                    t.error(at + pointer, E::Ipv4InIpv6InvalidCodePoint, true);
                    return None;
                }
                let number_start = pointer;
                while let Some(b) = c(pointer).filter(u8::is_ascii_digit) {
                    let number = u16::from(b - b'0');
                    ipv4_piece = match ipv4_piece {
                        None => Some(number),
                        Some(0) => {
                            t.error(at + pointer, E::Ipv4InIpv6InvalidCodePoint, true);
                            return None;
                        }
                        Some(p) => Some(p * 10 + number),
                    };
                    if ipv4_piece > Some(255) {
                        t.error(at + number_start, E::Ipv4InIpv6OutOfRangePart, true);
                        return None;
                    }
                    pointer += 1;
                }
                let piece = ipv4_piece.unwrap_or(0);
                address[piece_index] = address[piece_index].wrapping_mul(0x100) + piece;
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            if numbers_seen != 4 {
                t.error(at + pointer, E::Ipv4InIpv6TooFewParts, true);
                return None;
            }
            break;
        } else if c(pointer) == Some(b':') {
            pointer += 1;
            if c(pointer).is_none() {
                t.error(at + pointer, E::Ipv6InvalidCodePoint, true);
                return None;
            }
        } else if c(pointer).is_some() {
            t.error(at + pointer, E::Ipv6InvalidCodePoint, true);
            return None;
        }
        if length > 1 && value < 0x10u32.pow(length - 1) {
            t.error(at + piece_start, E::Ipv6PieceLeadingZero, false);
        }
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    // Step 7: move the pieces after the compression to the end.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        // Step 8.
        t.error(at + pointer, E::Ipv6TooFewPieces, true);
        return None;
    }
    Some(address)
}

/// "Find the IPv6 address compressed piece index" (§3.6): the first of the longest runs of
/// zero pieces, when that run is longer than one piece.
pub(crate) fn ipv6_compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest: (Option<usize>, usize) = (None, 1);
    let mut found: (Option<usize>, usize) = (None, 0);
    for (i, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found.1 > longest.1 {
                longest = found;
            }
            found = (None, 0);
        } else {
            found.0.get_or_insert(i);
            found.1 += 1;
        }
    }
    if found.1 > longest.1 {
        return found.0;
    }
    longest.0
}

/// The IPv6 serializer (§3.6), without the brackets: lowercase hex pieces, the first longest
/// run of two or more zero pieces written as `::`.
pub(crate) fn serialize_ipv6(address: &[u16; 8], out: &mut String) {
    use std::fmt::Write;
    let compress = ipv6_compressed_piece_index(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        let _ = write!(out, "{piece:x}");
        if i != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests;
