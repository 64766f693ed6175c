//! The host parser's rules, with expected values from the URL Standard's own examples (§3,
//! "Hosts") and its validation error table (§1.1).

use super::*;
use crate::whatwg::trace::{NoTrace, Trace};

/// Parses `input` as a special (`opaque` false) or non-special host and serializes it; `None`
/// is failure.
fn roundtrip(input: &str, opaque: bool) -> Option<String> {
    let host = parse_host(input, opaque, 0, &mut NoTrace)?;
    let mut out = String::new();
    host.serialize(&mut out);
    Some(out)
}

/// The validation errors of a traced parse, as `(offset, name, fails)`.
fn errors(input: &str, opaque: bool) -> Vec<(usize, &'static str, bool)> {
    let mut t = Trace::default();
    let _ = parse_host(input, opaque, 10, &mut t);
    t.errors
        .iter()
        .map(|e| (e.at, e.error.name(), e.fails))
        .collect()
}

fn names(input: &str, opaque: bool) -> Vec<&'static str> {
    errors(input, opaque).into_iter().map(|e| e.1).collect()
}

#[test]
fn the_standards_parse_serialize_table() {
    // §3 "Hosts (domains and IP addresses)", the example of a parse-serialize roundtrip:
    // (input, isOpaque false, isOpaque true).
    let table: [(&str, Option<&str>, Option<&str>); 13] = [
        ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
        ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
        (
            "faß.example",
            Some("xn--fa-hia.example"),
            Some("fa%C3%9F.example"),
        ),
        ("0", Some("0.0.0.0"), Some("0")),
        ("%30", Some("0.0.0.0"), Some("%30")),
        ("0x", Some("0.0.0.0"), Some("0x")),
        ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
        ("[0:0::1]", Some("[::1]"), Some("[::1]")),
        ("[0:0::1%5D", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some("09")),
        ("example.255", None, Some("example.255")),
        ("example^example", None, None),
    ];
    for (input, special, opaque) in table {
        assert_eq!(
            roundtrip(input, false).as_deref(),
            special,
            "{input} special"
        );
        assert_eq!(roundtrip(input, true).as_deref(), opaque, "{input} opaque");
    }
}

#[test]
fn domains_from_the_standards_examples() {
    // §3.3 "IDNA": the web uses UTS #46, not IDNA2008.
    assert_eq!(
        roundtrip("☕.example", false).as_deref(),
        Some("xn--53h.example")
    );
    // §3.2 public suffix examples' inputs, as hosts.
    assert_eq!(
        roundtrip("sub.example.إختبار", false).as_deref(),
        Some("sub.example.xn--kgbechtv")
    );
    assert_eq!(
        roundtrip("example.com.", false).as_deref(),
        Some("example.com.")
    );
    // An ASCII domain is lowercased whatever ToASCII says: invalid Punycode, and Punycode that
    // decodes to mapped code points (the standard's note on `xn--8i7caa`).
    assert_eq!(roundtrip("XN--A", false).as_deref(), Some("xn--a"));
    assert_eq!(
        roundtrip("xn--8i7caa", false).as_deref(),
        Some("xn--8i7caa")
    );
    // Not ASCII: ToASCII must succeed, so the invalid Punycode label fails.
    assert_eq!(roundtrip("xn--a.ß", false), None);
    // Full-width code points are mapped by UTS #46, also after percent-decoding.
    assert_eq!(
        roundtrip("ＥＸＡＭＰＬＥ.com", false).as_deref(),
        Some("example.com")
    );
    assert_eq!(
        roundtrip("%EF%BC%A5xample.com", false).as_deref(),
        Some("example.com")
    );
    // A full-width digit is a number after mapping.
    assert_eq!(
        roundtrip("１２７.0.0.１", false).as_deref(),
        Some("127.0.0.1")
    );
}

#[test]
fn domain_failures() {
    // The domain-to-ASCII example of the validation error table: decoded to "exa#mple.org".
    assert_eq!(roundtrip("exa%23mple.org", false), None);
    assert_eq!(
        errors("exa%23mple.org", false),
        [
            (13, "domain-percent-encoded", false),
            (10, "domain-to-ASCII", true)
        ]
    );
    // Forbidden domain code points: C0 controls, `%`, U+007F, and the forbidden host ones.
    for bad in ["a b", "a%b", "a\u{7F}", "a\u{1}b", "a<b", "a|b", "a%zz"] {
        assert_eq!(roundtrip(bad, false), None, "{bad:?}");
    }
    // Invalid UTF-8 after percent-decoding becomes U+FFFD, which UTS #46 rejects.
    assert_eq!(roundtrip("%ff.com", false), None);
    assert_eq!(roundtrip("\u{FFFD}.com", false), None);
    // Mapped to nothing: the empty result fails.
    assert_eq!(roundtrip("\u{AD}", false), None);
    // CheckBidi and CheckJoiners are on.
    assert_eq!(roundtrip("\u{200D}.example", false), None);
    assert_eq!(roundtrip("يa", false), None);
}

#[test]
fn domain_validation_errors() {
    // The table's example of domain-percent-encoded.
    assert_eq!(
        errors("exam%70le.org", false),
        [(14, "domain-percent-encoded", false)]
    );
    // Strict ToASCII fails (STD3 rules, CheckHyphens, DNS length) but the host is fine.
    for input in ["_dmarc.example.com", "aa--b", "-x", "a..b", "example.com."] {
        assert_eq!(
            errors(input, false),
            [(10, "domain-to-ASCII", false)],
            "{input}"
        );
        assert!(roundtrip(input, false).is_some(), "{input}");
    }
    assert!(errors("example.com", false).is_empty());
    assert!(errors("faß.example", false).is_empty());
}

#[test]
fn ipv4_in_every_radix() {
    let cases = [
        ("192.168.0.1", "192.168.0.1"),
        ("0xC0.0250.0.1", "192.168.0.1"),
        ("0XC0.0xA8.0X0.0x1", "192.168.0.1"),
        ("0300.0250.00.01", "192.168.0.1"),
        ("3232235521", "192.168.0.1"),
        ("0xC0A80001", "192.168.0.1"),
        ("030052000001", "192.168.0.1"),
        ("192.11010049", "192.168.0.1"),
        ("192.168.1", "192.168.0.1"),
        ("0x.0x.0", "0.0.0.0"),
        ("1.2.3.4.", "1.2.3.4"),
        ("4294967295", "255.255.255.255"),
        ("0x7f.1", "127.0.0.1"),
    ];
    for (input, want) in cases {
        assert_eq!(roundtrip(input, false).as_deref(), Some(want), "{input}");
    }
    // 08 is octal with a non-octal digit: not a number, and it ends the host, so failure.
    for bad in [
        "09",
        "08.1",
        "1.09",
        "4294967296",
        "256.0.0.1",
        "1.2.3.256",
        "1.2.65536",
        "1.16777216",
        "0x100000000",
        "1.2.3.4.5",
        "1..2",
        "0xg.1",
        "00000000000000000000000000000000000000000000009",
        "0x10000000000000000000000000000000000000000000",
    ] {
        assert_eq!(roundtrip(bad, false), None, "{bad}");
    }
    // Not ending in a number: a domain.
    assert_eq!(roundtrip("1.2.3.a", false).as_deref(), Some("1.2.3.a"));
    assert_eq!(roundtrip("0xg", false).as_deref(), Some("0xg"));
    assert_eq!(roundtrip("1.0x", false).as_deref(), Some("1.0.0.0"));
}

#[test]
fn ipv4_validation_errors() {
    // The table's examples.
    // The trailing dot also fails the strict ToASCII's DNS length check (UTS #46 A4_2).
    assert_eq!(
        errors("127.0.0.1.", false),
        [
            (10, "domain-to-ASCII", false),
            (19, "IPv4-empty-part", false)
        ]
    );
    assert_eq!(errors("1.2.3", false), [(10, "IPv4-too-few-parts", false)]);
    assert_eq!(
        errors("1.2.3.4.5", false),
        [(10, "IPv4-too-many-parts", true)]
    );
    assert_eq!(
        errors("test.42", false),
        [
            (10, "IPv4-too-few-parts", false),
            (10, "IPv4-non-numeric-part", true)
        ]
    );
    assert_eq!(
        errors("127.0x0.0.1", false),
        [(14, "IPv4-non-decimal-part", false)]
    );
    assert_eq!(
        errors("127.0.0.4294967296", false),
        [(18, "IPv4-out-of-range-part", true)]
    );
    // Out of range but still within the last part's allowance: not a failure.
    assert_eq!(
        errors("255.255.65535", false),
        [
            (10, "IPv4-too-few-parts", false),
            (18, "IPv4-out-of-range-part", false)
        ]
    );
    assert_eq!(
        names("256.1.1.1", false),
        ["IPv4-out-of-range-part"],
        "a middle part over 255"
    );
    assert!(errors("256.1.1.1", false)[0].2);
}

#[test]
fn ipv4_number_parser() {
    assert_eq!(parse_ipv4_number(""), None);
    assert_eq!(parse_ipv4_number("0"), Some((0, false)));
    assert_eq!(parse_ipv4_number("0x"), Some((0, true)));
    assert_eq!(parse_ipv4_number("0X"), Some((0, true)));
    assert_eq!(parse_ipv4_number("00"), Some((0, true)));
    assert_eq!(parse_ipv4_number("010"), Some((8, true)));
    assert_eq!(parse_ipv4_number("0xFf"), Some((255, true)));
    assert_eq!(parse_ipv4_number("255"), Some((255, false)));
    assert_eq!(parse_ipv4_number("08"), None);
    assert_eq!(parse_ipv4_number("0xg"), None);
    assert_eq!(parse_ipv4_number("1a"), None);
    assert_eq!(parse_ipv4_number("-1"), None);
    assert_eq!(parse_ipv4_number("+1"), None);
    assert_eq!(parse_ipv4_number(&"9".repeat(40)), Some((u64::MAX, false)));
}

#[test]
fn ends_in_a_number() {
    for yes in ["1", "a.1", "a.1.", "09", "a.0x", "a.0XfF", "1.2.3.4"] {
        assert!(super::ends_in_a_number(yes), "{yes}");
    }
    for no in ["a", "1.a", "a.0xg", "a..", ".", "a.1..", "1.-1"] {
        assert!(!super::ends_in_a_number(no), "{no}");
    }
}

#[test]
fn ipv4_serializer() {
    let mut out = String::new();
    serialize_ipv4(0, &mut out);
    out.push(' ');
    serialize_ipv4(0xC0A8_0001, &mut out);
    out.push(' ');
    serialize_ipv4(u32::MAX, &mut out);
    assert_eq!(out, "0.0.0.0 192.168.0.1 255.255.255.255");
}

fn ipv6(input: &str) -> Option<[u16; 8]> {
    parse_ipv6(input, 0, &mut NoTrace)
}

#[test]
fn ipv6_parser() {
    assert_eq!(ipv6("::"), Some([0; 8]));
    assert_eq!(ipv6("::1"), Some([0, 0, 0, 0, 0, 0, 0, 1]));
    assert_eq!(ipv6("1::"), Some([1, 0, 0, 0, 0, 0, 0, 0]));
    assert_eq!(ipv6("1:2::7:8"), Some([1, 2, 0, 0, 0, 0, 7, 8]));
    assert_eq!(ipv6("1:2:3:4:5:6:7:8"), Some([1, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(ipv6("1:2:3:4:5:6:7::"), Some([1, 2, 3, 4, 5, 6, 7, 0]));
    assert_eq!(ipv6("::2:3:4:5:6:7:8"), Some([0, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(
        ipv6("FFFF:abcd::0001"),
        Some([0xFFFF, 0xABCD, 0, 0, 0, 0, 0, 1])
    );
    // Embedded IPv4.
    assert_eq!(
        ipv6("::ffff:192.168.0.1"),
        Some([0, 0, 0, 0, 0, 0xFFFF, 0xC0A8, 1])
    );
    assert_eq!(
        ipv6("1:2:3:4:5:6:1.2.3.4"),
        Some([1, 2, 3, 4, 5, 6, 0x0102, 0x0304])
    );
    assert_eq!(ipv6("::1.2.3.4"), Some([0, 0, 0, 0, 0, 0, 0x0102, 0x0304]));
    assert_eq!(ipv6("::0.0.0.0"), Some([0; 8]));
}

#[test]
fn ipv6_validation_errors() {
    // Each error's example in the standard's table, and the pointer it fails at.
    let cases: [(&str, &str); 14] = [
        ("[::1", "IPv6-unclosed"),
        ("[:1]", "IPv6-invalid-compression"),
        ("[1:2:3:4:5:6:7:8:9]", "IPv6-too-many-pieces"),
        ("[1::1::1]", "IPv6-multiple-compression"),
        ("[1:4:5:6:7:8:9:10]]", "IPv6-invalid-code-point"),
        ("[1:2:3:]", "IPv6-invalid-code-point"),
        ("[1:g::]", "IPv6-invalid-code-point"),
        ("[1:2:3]", "IPv6-too-few-pieces"),
        ("[1:1:1:1:1:1:1:127.0.0.1]", "IPv4-in-IPv6-too-many-pieces"),
        ("[ffff::.0.0.1]", "IPv4-in-IPv6-invalid-code-point"),
        ("[ffff::127.0.xyz.1]", "IPv4-in-IPv6-invalid-code-point"),
        ("[ffff::127.0xyz]", "IPv4-in-IPv6-invalid-code-point"),
        ("[ffff::127.00.0.1]", "IPv4-in-IPv6-invalid-code-point"),
        ("[ffff::127.0.0.1.2]", "IPv4-in-IPv6-invalid-code-point"),
    ];
    for (input, name) in cases {
        assert_eq!(roundtrip(input, false), None, "{input}");
        assert_eq!(
            errors(input, false),
            [(error_at(input), name, true)],
            "{input}"
        );
    }
    assert_eq!(
        names("[ffff::127.0.0.4000]", false),
        ["IPv4-in-IPv6-out-of-range-part"]
    );
    assert_eq!(
        names("[ffff::127.0.0]", false),
        ["IPv4-in-IPv6-too-few-parts"]
    );
    assert_eq!(names("[12345::]", false), ["IPv6-invalid-code-point"]);
    // Not failures: a leading zero in a piece.
    assert_eq!(
        errors("[::01]", false),
        [(13, "IPv6-piece-leading-zero", false)]
    );
    assert_eq!(roundtrip("[::01]", false).as_deref(), Some("[::1]"));
    assert!(errors("[::1]", false).is_empty());
    assert!(errors("[0:0::1]", false).is_empty());
}

/// Where each case of `ipv6_validation_errors` fails: `10` (the trace's `at`) plus the offset
/// the standard's pointer has when it reports the error.
fn error_at(input: &str) -> usize {
    10 + match input {
        "[::1" => 0,
        "[:1]" => 1,
        "[1:2:3:4:5:6:7:8:9]" => 17,
        "[1::1::1]" => 6,
        "[1:4:5:6:7:8:9:10]]" => 17,
        "[1:2:3:]" => 7,
        "[1:g::]" => 3,
        "[1:2:3]" => 6,
        "[1:1:1:1:1:1:1:127.0.0.1]" => 15,
        "[ffff::.0.0.1]" => 7,
        "[ffff::127.0.xyz.1]" => 13,
        "[ffff::127.0xyz]" => 12,
        "[ffff::127.00.0.1]" => 12,
        "[ffff::127.0.0.1.2]" => 16,
        _ => unreachable!("{input}"),
    }
}

#[test]
fn ipv6_serializer() {
    let cases: [([u16; 8], &str); 9] = [
        ([0; 8], "::"),
        ([0, 0, 0, 0, 0, 0, 0, 1], "::1"),
        ([1, 0, 0, 0, 0, 0, 0, 0], "1::"),
        // The standard's example: in 0:f:0:0:f:f:0:0 the second 0 starts the compression.
        ([0, 0xF, 0, 0, 0xF, 0xF, 0, 0], "0:f::f:f:0:0"),
        // A single zero piece is not compressed.
        ([1, 0, 2, 3, 4, 5, 6, 7], "1:0:2:3:4:5:6:7"),
        // The longest run wins; the first of two equal runs.
        ([1, 0, 0, 2, 0, 0, 0, 3], "1:0:0:2::3"),
        ([1, 0, 0, 2, 0, 0, 3, 4], "1::2:0:0:3:4"),
        ([0x2001, 0xDB8, 0, 0, 0, 0, 0, 1], "2001:db8::1"),
        ([0xFFFF; 8], "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"),
    ];
    for (pieces, want) in cases {
        let mut out = String::new();
        serialize_ipv6(&pieces, &mut out);
        assert_eq!(out, want);
        assert_eq!(ipv6(want), Some(pieces), "{want} parses back");
    }
    assert_eq!(
        roundtrip("[::ffff:192.168.0.1]", false).as_deref(),
        Some("[::ffff:c0a8:1]")
    );
}

#[test]
fn opaque_hosts() {
    assert_eq!(roundtrip("", true).as_deref(), Some(""));
    assert_eq!(parse_host("", true, 0, &mut NoTrace), Some(Host::Empty));
    assert_eq!(
        roundtrip("a\u{1}b\u{7F}é", true).as_deref(),
        Some("a%01b%7F%C3%A9")
    );
    assert_eq!(roundtrip("a%zz", true).as_deref(), Some("a%zz"));
    // Forbidden host code points fail; `%`, `"` and `{` do not.
    for c in "\0\t\n\r #/:<>?@[\\]^|".chars() {
        let input = format!("a{c}b");
        assert_eq!(roundtrip(&input, true), None, "{input:?}");
        assert_eq!(
            errors(&input, true),
            [(11, "host-invalid-code-point", true)],
            "{input:?}"
        );
    }
    assert_eq!(roundtrip("a\"{}`", true).as_deref(), Some("a\"{}`"));
    // The table's example.
    assert_eq!(names("exa[mple.org", true), ["host-invalid-code-point"]);
    // invalid-URL-unit: once for a code point outside the URL code points, once for a bad `%`.
    assert_eq!(
        errors("a{b%zz%4", true),
        [
            (11, "invalid-URL-unit", false),
            (13, "invalid-URL-unit", false)
        ]
    );
    assert!(errors("a%41\u{A0}b", true).is_empty());
    assert_eq!(names("a\u{FDD0}", true), ["invalid-URL-unit"]);
}

#[test]
fn url_code_points() {
    for c in [
        'a',
        'Z',
        '0',
        '!',
        '~',
        '_',
        '\u{A0}',
        'é',
        '\u{10FFFD}',
        '\u{FFFD}',
    ] {
        assert!(is_url_code_point(c), "{c:?}");
    }
    for c in [
        ' ',
        '"',
        '#',
        '%',
        '<',
        '{',
        '\u{7F}',
        '\u{9F}',
        '\u{FDD0}',
        '\u{FFFE}',
        '\u{1FFFF}',
        '\u{10FFFE}',
    ] {
        assert!(!is_url_code_point(c), "{c:?}");
    }
}

#[test]
fn changes_are_recorded_for_the_host_range() {
    let mut t = Trace::default();
    parse_host("EXAMPLE.com", false, 7, &mut t);
    assert_eq!(t.changes.len(), 1);
    assert_eq!(t.changes[0].input, 7..18);
    assert_eq!(t.changes[0].change, Change::Host(HostKind::Domain));
    let mut t = Trace::default();
    parse_host("example.com", false, 7, &mut t);
    assert!(t.changes.is_empty());
    let mut t = Trace::default();
    parse_host("0x7f.1", false, 0, &mut t);
    assert_eq!(t.changes[0].change, Change::Host(HostKind::Ipv4));
    let mut t = Trace::default();
    parse_host("[::1]", false, 0, &mut t);
    assert!(t.changes.is_empty());
    let mut t = Trace::default();
    parse_host("é", true, 0, &mut t);
    assert_eq!(t.changes[0].change, Change::Host(HostKind::Opaque));
}

#[test]
fn domain_parser_be_strict() {
    let mut t = Trace::default();
    assert_eq!(domain_parser("_dmarc.example", true, 0, &mut t), None);
    assert_eq!(t.errors[0].error, E::DomainToAscii);
    assert!(t.errors[0].fails);
    assert_eq!(
        domain_parser("Faß.Example", true, 0, &mut NoTrace).as_deref(),
        Some("xn--fa-hia.example")
    );
}

#[test]
fn host_display_is_the_serialization() {
    assert_eq!(Host::Ipv4(0x7F00_0001).to_string(), "127.0.0.1");
    assert_eq!(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1]).to_string(), "[::1]");
    assert_eq!(Host::Domain("a.b".into()).to_string(), "a.b");
    assert_eq!(Host::Empty.to_string(), "");
}
