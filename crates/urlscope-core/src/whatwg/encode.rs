//! The percent-encode sets and percent-encoding of the URL Standard (§1.3 "Percent-encoded
//! bytes").
//!
//! Each set is a 128-bit table of the ASCII code points it holds; every code point from U+007F
//! up is in every set (the C0 control percent-encode set holds all code points greater than
//! U+007E, and every other set includes it), so only ASCII needs a lookup.

use super::trace::EncodeSet;

/// A table with the bits of `bytes` set.
const fn bits(bytes: &[u8]) -> u128 {
    let mut t = 0u128;
    let mut i = 0;
    while i < bytes.len() {
        t |= 1u128 << bytes[i];
        i += 1;
    }
    t
}

/// C0 controls (U+0000 to U+001F) and U+007F; everything above U+007F is handled by `in_set`.
const C0_CONTROL: u128 = 0xFFFF_FFFF | (1u128 << 0x7F);
/// The C0 control percent-encode set and U+0020 SPACE, `"`, `<`, `>`, `` ` ``.
const FRAGMENT: u128 = C0_CONTROL | bits(b" \"<>`");
/// The C0 control percent-encode set and U+0020 SPACE, `"`, `#`, `<`, `>`.
const QUERY: u128 = C0_CONTROL | bits(b" \"#<>");
/// The query percent-encode set and `'`.
const SPECIAL_QUERY: u128 = QUERY | bits(b"'");
/// The query percent-encode set and `?`, `^`, `` ` ``, `{`, `}`.
const PATH: u128 = QUERY | bits(b"?^`{}");
/// The path percent-encode set and `/`, `:`, `;`, `=`, `@`, `[` to `]`, `|`.
const USERINFO: u128 = PATH | bits(b"/:;=@[\\]|");
/// The userinfo percent-encode set and `$` to `&`, `+`, `,`.
const COMPONENT: u128 = USERINFO | bits(b"$%&+,");
/// The component percent-encode set and `!`, `'` to `)`, `~`.
const FORM: u128 = COMPONENT | bits(b"!'()~");

/// The table of `set`.
#[inline]
const fn table(set: EncodeSet) -> u128 {
    match set {
        EncodeSet::C0Control => C0_CONTROL,
        EncodeSet::Fragment => FRAGMENT,
        EncodeSet::Query => QUERY,
        EncodeSet::SpecialQuery => SPECIAL_QUERY,
        EncodeSet::Path => PATH,
        EncodeSet::Userinfo => USERINFO,
        EncodeSet::Component => COMPONENT,
        EncodeSet::ApplicationXWwwFormUrlencoded => FORM,
    }
}

/// Whether the byte `b` is encoded under `set` (every byte from 0x7F up is).
#[inline]
pub(crate) fn byte_in_set(b: u8, set: EncodeSet) -> bool {
    b >= 0x7F || table(set) & (1u128 << b) != 0
}

/// Whether the code point `c` is in `set` (and so is percent-encoded).
#[inline]
pub(crate) fn in_set(c: char, set: EncodeSet) -> bool {
    (c as u32) >= 0x7F || table(set) & (1u128 << (c as u32)) != 0
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends the byte `b` percent-encoded (`%` and two ASCII upper hex digits) to `out`.
#[inline]
pub(crate) fn percent_encode_byte(b: u8, out: &mut String) {
    out.push('%');
    out.push(UPPER_HEX[usize::from(b >> 4)] as char);
    out.push(UPPER_HEX[usize::from(b & 0xF)] as char);
}

/// UTF-8 percent-encodes `c` with `set` onto `out`; true when it was encoded. With the
/// application/x-www-form-urlencoded set a space becomes `+` ("percent-encode after encoding",
/// spaceAsPlus), which also counts as encoded.
#[inline]
pub(crate) fn encode_char(c: char, set: EncodeSet, out: &mut String) -> bool {
    if !in_set(c, set) {
        out.push(c);
        return false;
    }
    if c == ' ' && set == EncodeSet::ApplicationXWwwFormUrlencoded {
        out.push('+');
        return true;
    }
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        percent_encode_byte(b, out);
    }
    true
}

/// UTF-8 percent-encodes all of `input` with `set` onto `out` (the standard's "UTF-8
/// percent-encode" of a string); true when anything was encoded. Runs of code points outside
/// the set are copied as one slice.
pub(crate) fn encode_str(input: &str, set: EncodeSet, out: &mut String) -> bool {
    let bytes = input.as_bytes();
    let Some(first) = bytes.iter().position(|&b| byte_in_set(b, set)) else {
        out.push_str(input);
        return false;
    };
    out.reserve(input.len() + 8);
    let space_as_plus = set == EncodeSet::ApplicationXWwwFormUrlencoded;
    let mut run = 0;
    let mut i = first;
    while i < bytes.len() {
        let b = bytes[i];
        if byte_in_set(b, set) {
            // A byte that is not encoded is ASCII and every byte of a multi-byte sequence is
            // encoded, so a non-empty run is ASCII and starts on a code point boundary.
            if run < i {
                out.push_str(&input[run..i]);
            }
            if b == b' ' && space_as_plus {
                out.push('+');
            } else {
                percent_encode_byte(b, out);
            }
            run = i + 1;
        }
        i += 1;
    }
    out.push_str(&input[run..]);
    true
}

/// The value of an ASCII hex digit, or `None`.
#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Whether `input[i..]` starts with a percent-encoded byte (`%` and two ASCII hex digits).
#[inline]
pub(crate) fn is_percent_encoded_byte(input: &[u8], i: usize) -> bool {
    input.get(i) == Some(&b'%')
        && input.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && input.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// The offset of the first percent-encoded byte in `input`, if any.
pub(crate) fn find_percent_encoded_byte(input: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = memchr::memchr(b'%', &input[from..]) {
        let i = from + p;
        if is_percent_encoded_byte(input, i) {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// Percent-decodes `input` (§1.3 "percent-decode" of a byte sequence): each `%` followed by two
/// ASCII hex digits becomes that byte; any other `%` stays.
pub(crate) fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%'
            && let (Some(hi), Some(lo)) = (
                input.get(i + 1).copied().and_then(hex_value),
                input.get(i + 2).copied().and_then(hex_value),
            )
        {
            out.push(hi << 4 | lo);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [EncodeSet; 8] = [
        EncodeSet::C0Control,
        EncodeSet::Fragment,
        EncodeSet::Query,
        EncodeSet::SpecialQuery,
        EncodeSet::Path,
        EncodeSet::Userinfo,
        EncodeSet::Component,
        EncodeSet::ApplicationXWwwFormUrlencoded,
    ];

    /// The ASCII code points of `set`, as a string.
    fn ascii_members(set: EncodeSet) -> String {
        (0x20u8..0x7F)
            .filter(|&b| byte_in_set(b, set))
            .map(char::from)
            .collect()
    }

    #[test]
    fn printable_ascii_members_are_the_standards_lists() {
        // The standard's definitions, each a superset of the one it names.
        assert_eq!(ascii_members(EncodeSet::C0Control), "");
        assert_eq!(ascii_members(EncodeSet::Fragment), " \"<>`");
        assert_eq!(ascii_members(EncodeSet::Query), " \"#<>");
        assert_eq!(ascii_members(EncodeSet::SpecialQuery), " \"#'<>");
        assert_eq!(ascii_members(EncodeSet::Path), " \"#<>?^`{}");
        assert_eq!(ascii_members(EncodeSet::Userinfo), " \"#/:;<=>?@[\\]^`{|}");
        assert_eq!(
            ascii_members(EncodeSet::Component),
            " \"#$%&+,/:;<=>?@[\\]^`{|}"
        );
        // The standard's note: everything but ASCII alphanumerics, `*`, `-`, `.`, `_`.
        let form: String = (0x20u8..0x7F)
            .filter(|b| !b.is_ascii_alphanumeric() && !b"*-._".contains(b))
            .map(char::from)
            .collect();
        assert_eq!(
            ascii_members(EncodeSet::ApplicationXWwwFormUrlencoded),
            form
        );
    }

    #[test]
    fn controls_delete_and_non_ascii_are_in_every_set() {
        for set in ALL {
            for b in (0u8..0x20).chain([0x7F]) {
                assert!(in_set(char::from(b), set), "{b:#x} in {set:?}");
            }
            for c in ['\u{80}', 'é', '\u{FFFD}', '😀', '\u{10FFFF}'] {
                assert!(in_set(c, set), "{c:?} in {set:?}");
            }
            assert!(!in_set('a', set) && !in_set('Z', set) && !in_set('0', set));
        }
    }

    #[test]
    fn encode_char_is_utf8_with_upper_hex() {
        let mut out = String::new();
        assert!(encode_char('é', EncodeSet::Path, &mut out));
        assert!(encode_char('😀', EncodeSet::Fragment, &mut out));
        assert!(encode_char('\u{7F}', EncodeSet::C0Control, &mut out));
        assert!(!encode_char('%', EncodeSet::Path, &mut out));
        assert!(encode_char('%', EncodeSet::Component, &mut out));
        assert_eq!(out, "%C3%A9%F0%9F%98%80%7F%%25");
    }

    #[test]
    fn form_set_writes_space_as_plus() {
        let mut out = String::new();
        assert!(encode_str(
            "a b+c~",
            EncodeSet::ApplicationXWwwFormUrlencoded,
            &mut out
        ));
        assert_eq!(out, "a+b%2Bc%7E");
        out.clear();
        assert!(encode_char(
            ' ',
            EncodeSet::ApplicationXWwwFormUrlencoded,
            &mut out
        ));
        assert_eq!(out, "+");
    }

    #[test]
    fn encode_str_matches_encode_char_per_code_point() {
        let inputs = [
            "",
            "plain",
            "a b\"c#d<e>f`g'h?i^j{k}l/m:n;o=p@q[r\\s]t|u$v%w&x+y,z!(~)",
            "\u{0}\t\n\u{1F}\u{7F}ünï😀code",
            "ümlaut only",
        ];
        for set in ALL {
            for input in inputs {
                let mut fast = String::from("pre:");
                let changed = encode_str(input, set, &mut fast);
                let mut slow = String::from("pre:");
                let mut any = false;
                for c in input.chars() {
                    any |= encode_char(c, set, &mut slow);
                }
                assert_eq!(fast, slow, "{input:?} with {set:?}");
                assert_eq!(changed, any, "{input:?} with {set:?}");
            }
        }
    }

    #[test]
    fn encode_str_examples() {
        // The standard's examples of UTF-8 percent-encode (§1.3).
        let mut out = String::new();
        encode_str("≡", EncodeSet::Userinfo, &mut out);
        assert_eq!(out, "%E2%89%A1");
        out.clear();
        encode_str("‽", EncodeSet::Userinfo, &mut out);
        assert_eq!(out, "%E2%80%BD");
        out.clear();
        encode_str("Say what‽", EncodeSet::Userinfo, &mut out);
        assert_eq!(out, "Say%20what%E2%80%BD");
    }

    #[test]
    fn percent_decode_examples() {
        // The standard's examples: "%25%s%1G" → "%%s%1G", "‽%25%2E" → 0xE2 0x80 0xBD 0x25 0x2E.
        assert_eq!(percent_decode(b"%25%s%1G"), b"%%s%1G");
        assert_eq!(
            percent_decode("‽%25%2E".as_bytes()),
            [0xE2, 0x80, 0xBD, 0x25, 0x2E]
        );
        assert_eq!(percent_decode(b"%"), b"%");
        assert_eq!(percent_decode(b"%4"), b"%4");
        assert_eq!(percent_decode(b"%41%4a%4A%ff"), [b'A', b'J', b'J', 0xFF]);
    }

    #[test]
    fn finds_percent_encoded_bytes() {
        assert_eq!(find_percent_encoded_byte(b"exam%70le"), Some(4));
        assert_eq!(find_percent_encoded_byte(b"%%zz%4"), None);
        assert_eq!(find_percent_encoded_byte(b"%%41"), Some(1));
    }
}
