//! Exact membership of every named octet set and the two coverage (partition) checks.
//!
//! The expected sets are written out here from the contract's table of named sets, independently of
//! `src/url/octets.rs`, and then compared with the core's sets octet by octet.

use crate::url::classes::classify;
use crate::url::octets;
use crate::url::octets::set;
use crate::{Class, Classification};

/// A set of octets as a 256-entry membership table.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Set([bool; 256]);

impl Set {
    fn empty() -> Set {
        Set([false; 256])
    }
    fn of(bytes: &[u8]) -> Set {
        let mut s = Set::empty();
        for &b in bytes {
            assert!(!s.0[b as usize], "duplicate {b:#04x} in a contract list");
            s.0[b as usize] = true;
        }
        s
    }
    fn range(lo: u8, hi: u8) -> Set {
        let mut s = Set::empty();
        for b in lo..=hi {
            s.0[b as usize] = true;
        }
        s
    }
    fn union(self, o: Set) -> Set {
        let mut s = self;
        for i in 0..256 {
            s.0[i] |= o.0[i];
        }
        s
    }
    fn minus(self, o: Set) -> Set {
        let mut s = self;
        for i in 0..256 {
            s.0[i] &= !o.0[i];
        }
        s
    }
    fn has(self, b: u8) -> bool {
        self.0[b as usize]
    }
    fn len(self) -> usize {
        self.0.iter().filter(|&&x| x).count()
    }
    fn from_fn(f: impl Fn(u8) -> bool) -> Set {
        let mut s = Set::empty();
        for b in 0..=255u8 {
            s.0[b as usize] = f(b);
        }
        s
    }
}

// ---- The contract's table of named sets, transcribed ----

fn alpha() -> Set {
    Set::range(0x41, 0x5A).union(Set::range(0x61, 0x7A))
}
fn digit() -> Set {
    Set::range(0x30, 0x39)
}
fn alnum() -> Set {
    alpha().union(digit())
}
fn r1738_reserved() -> Set {
    Set::of(&[0x3B, 0x2F, 0x3F, 0x3A, 0x40, 0x3D, 0x26])
}
fn r1738_safe() -> Set {
    Set::of(&[
        0x24, 0x2D, 0x5F, 0x2E, 0x2B, 0x21, 0x2A, 0x27, 0x28, 0x29, 0x2C,
    ])
}
fn r1738_unsafe_delim() -> Set {
    Set::of(&[0x20, 0x3C, 0x3E, 0x22, 0x23, 0x25])
}
fn r1738_unsafe_transport() -> Set {
    Set::of(&[0x7B, 0x7D, 0x7C, 0x5C, 0x5E, 0x7E, 0x5B, 0x5D, 0x60])
}
fn r1738_unsafe() -> Set {
    r1738_unsafe_delim().union(r1738_unsafe_transport())
}
fn control() -> Set {
    Set::range(0x00, 0x1F).union(Set::of(&[0x7F]))
}
fn non_ascii() -> Set {
    Set::range(0x80, 0xFF)
}
fn no_graphic() -> Set {
    control().union(non_ascii())
}
fn r2396_reserved() -> Set {
    Set::of(b";/?:@&=+$,")
}
fn r2396_mark() -> Set {
    Set::of(b"-_.!~*'()")
}
fn r2396_unwise() -> Set {
    Set::of(b"{}|\\^[]`")
}
fn r2396_delims() -> Set {
    Set::of(b"<>#%\"")
}
fn r2396_excluded() -> Set {
    control().union(Set::of(b" ")).union(r2396_delims())
}
fn hyv_encode_raw() -> Set {
    Set::range(0x00, 0x20)
        .union(Set::range(0x7F, 0xFF))
        .union(Set::of(b"<>\""))
}
fn hyv_keep_encoded() -> Set {
    Set::range(0x00, 0x20)
        .union(Set::range(0x7F, 0xFF))
        .union(Set::of(b"<>\"#%;/?:@=&"))
}
fn fido_must_encode() -> Set {
    no_graphic()
        .union(Set::of(b" "))
        .union(Set::of(b"<>\"#%"))
        .union(r1738_unsafe_transport())
}
fn fido_reserved() -> Set {
    Set::of(b"?=&@/+")
}
fn fido_decodable() -> Set {
    alnum().union(Set::of(b"-._!$'()*,"))
}

/// Compare a transcribed set with the core's, listing every octet that differs.
fn same(name: &str, spec: Set, core: Set) {
    let diff: Vec<String> = (0..=255u8)
        .filter(|&b| spec.has(b) != core.has(b))
        .map(|b| format!("{b:#04x} (spec {}, core {})", spec.has(b), core.has(b)))
        .collect();
    assert!(
        diff.is_empty(),
        "{name}: core set differs from the transcribed set at {diff:?}"
    );
}

fn core_flag(flag: u32) -> Set {
    Set::from_fn(|b| octets::is(b, flag))
}

fn assert_partition(name: &str, parts: &[(&str, Set, usize)]) {
    for &(part, s, n) in parts {
        assert_eq!(
            s.len(),
            n,
            "{name}: {part} has {} octets, the contract says {n}",
            s.len()
        );
    }
    for b in 0..=255u8 {
        let owners: Vec<&str> = parts.iter().filter(|p| p.1.has(b)).map(|p| p.0).collect();
        assert_eq!(owners.len(), 1, "{name}: octet {b:#04x} is in {owners:?}");
    }
    assert_eq!(parts.iter().map(|p| p.2).sum::<usize>(), 256);
}

#[test]
fn coverage_rfc1738_partition() {
    // 62 + 11 + 7 + 15 + 161 = 256, on the transcribed sets…
    assert_partition(
        "RFC 1738 partition (transcribed)",
        &[
            ("ALNUM", alnum(), 62),
            ("R1738_SAFE", r1738_safe(), 11),
            ("R1738_RESERVED", r1738_reserved(), 7),
            ("R1738_UNSAFE", r1738_unsafe(), 15),
            ("NO_GRAPHIC", no_graphic(), 161),
        ],
    );
    // …and on the core's sets.
    assert_partition(
        "RFC 1738 partition (core)",
        &[
            ("ALNUM", core_flag(set::ALNUM), 62),
            ("R1738_SAFE", core_flag(set::R1738_SAFE), 11),
            ("R1738_RESERVED", core_flag(set::R1738_RESERVED), 7),
            ("R1738_UNSAFE", core_flag(set::R1738_UNSAFE), 15),
            ("NO_GRAPHIC", core_flag(set::NO_GRAPHIC), 161),
        ],
    );
}

#[test]
fn coverage_rfc2396_partition() {
    assert_partition(
        "RFC 2396 partition (transcribed)",
        &[
            ("ALNUM", alnum(), 62),
            ("R2396_RESERVED", r2396_reserved(), 10),
            ("R2396_MARK", r2396_mark(), 9),
            ("R2396_UNWISE", r2396_unwise(), 8),
            ("R2396_EXCLUDED", r2396_excluded(), 39),
            ("NON_ASCII", non_ascii(), 128),
        ],
    );
    let core_excluded =
        Set::from_fn(|b| octets::is(b, set::CONTROL | set::R2396_DELIMS) || b == b' ');
    assert_partition(
        "RFC 2396 partition (core)",
        &[
            ("ALNUM", core_flag(set::ALNUM), 62),
            ("R2396_RESERVED", core_flag(set::R2396_RESERVED), 10),
            ("R2396_MARK", core_flag(set::R2396_MARK), 9),
            ("R2396_UNWISE", core_flag(set::R2396_UNWISE), 8),
            ("R2396_EXCLUDED", core_excluded, 39),
            ("NON_ASCII", core_flag(set::NON_ASCII), 128),
        ],
    );
}

#[test]
fn spec_counts() {
    // The counts the contract states next to each set.
    for (name, s, n) in [
        ("ALNUM", alnum(), 62),
        ("R1738_RESERVED", r1738_reserved(), 7),
        ("R1738_SAFE", r1738_safe(), 11),
        ("R1738_UNSAFE_DELIM", r1738_unsafe_delim(), 6),
        ("R1738_UNSAFE_TRANSPORT", r1738_unsafe_transport(), 9),
        ("R1738_UNSAFE", r1738_unsafe(), 15),
        ("CONTROL", control(), 33),
        ("NON_ASCII", non_ascii(), 128),
        ("NO_GRAPHIC", no_graphic(), 161),
        ("R2396_RESERVED", r2396_reserved(), 10),
        ("R2396_MARK", r2396_mark(), 9),
        ("R2396_UNWISE", r2396_unwise(), 8),
        ("R2396_DELIMS", r2396_delims(), 5),
        ("R2396_EXCLUDED", r2396_excluded(), 39),
        ("FIDO_DECODABLE", fido_decodable(), 72),
    ] {
        assert_eq!(s.len(), n, "{name}");
    }
    // FIDO_DECODABLE = R1738_SAFE minus "+" plus ALNUM.
    assert!(fido_decodable() == alnum().union(r1738_safe().minus(Set::of(b"+"))));
}

#[test]
fn exact_membership_of_every_named_set() {
    same("ALPHA", alpha(), core_flag(set::ALPHA));
    same("DIGIT", digit(), core_flag(set::DIGIT));
    same("ALNUM", alnum(), core_flag(set::ALNUM));
    same(
        "R1738_RESERVED",
        r1738_reserved(),
        core_flag(set::R1738_RESERVED),
    );
    same("R1738_SAFE", r1738_safe(), core_flag(set::R1738_SAFE));
    same(
        "R1738_UNSAFE_DELIM",
        r1738_unsafe_delim(),
        core_flag(set::R1738_UNSAFE_DELIM),
    );
    same(
        "R1738_UNSAFE_TRANSPORT",
        r1738_unsafe_transport(),
        core_flag(set::R1738_UNSAFE_TRANSPORT),
    );
    same("R1738_UNSAFE", r1738_unsafe(), core_flag(set::R1738_UNSAFE));
    same("CONTROL", control(), core_flag(set::CONTROL));
    same("NON_ASCII", non_ascii(), core_flag(set::NON_ASCII));
    same("NO_GRAPHIC", no_graphic(), core_flag(set::NO_GRAPHIC));
    same(
        "R2396_RESERVED",
        r2396_reserved(),
        core_flag(set::R2396_RESERVED),
    );
    same("R2396_MARK", r2396_mark(), core_flag(set::R2396_MARK));
    same("R2396_UNWISE", r2396_unwise(), core_flag(set::R2396_UNWISE));
    same("R2396_DELIMS", r2396_delims(), core_flag(set::R2396_DELIMS));
    same(
        "HYV_ENCODE_RAW",
        hyv_encode_raw(),
        core_flag(set::HYV_ENCODE_RAW),
    );
    same(
        "HYV_KEEP_ENCODED",
        hyv_keep_encoded(),
        core_flag(set::HYV_KEEP_ENCODED),
    );
    same(
        "FIDO_RESERVED",
        fido_reserved(),
        core_flag(set::FIDO_RESERVED),
    );
    same(
        "FIDO_MUST_ENCODE",
        fido_must_encode(),
        Set::from_fn(octets::fido_must_encode),
    );
    same(
        "FIDO_DECODABLE",
        fido_decodable(),
        Set::from_fn(octets::fido_decodable),
    );
}

/// The class of every octet under each classification, derived from the transcribed sets.
#[test]
fn classes_follow_the_master_table() {
    for b in 0..=255u8 {
        let c1738 = if alnum().has(b) {
            Class::Alnum
        } else if r1738_safe().has(b) {
            Class::Safe
        } else if r1738_reserved().has(b) {
            Class::Reserved
        } else if r1738_unsafe_delim().has(b) {
            Class::UnsafeDelim
        } else if r1738_unsafe_transport().has(b) {
            Class::UnsafeTransport
        } else if control().has(b) {
            Class::Control
        } else {
            Class::NonAscii
        };
        let c2396 = if alnum().has(b) {
            Class::Alnum
        } else if r2396_reserved().has(b) {
            Class::Reserved
        } else if r2396_mark().has(b) {
            Class::Mark
        } else if r2396_unwise().has(b) {
            Class::Unwise
        } else if r2396_delims().has(b) {
            Class::ExcludedDelims
        } else if b == 0x20 {
            Class::ExcludedSpace
        } else if control().has(b) {
            Class::ExcludedControl
        } else {
            Class::Unclassified
        };
        // C-Fido: no-graphic, unsafe-space, unsafe (< > " # %), unsafe-transport, hyphen,
        // reserved (? = & @ / +), unmentioned (: ;), plain.
        let cfido = if no_graphic().has(b) {
            Class::NoGraphic
        } else if b == 0x20 {
            Class::UnsafeSpace
        } else if Set::of(b"<>\"#%").has(b) {
            Class::Unsafe
        } else if r1738_unsafe_transport().has(b) {
            Class::UnsafeTransport
        } else if b == b'-' {
            Class::Hyphen
        } else if fido_reserved().has(b) {
            Class::Reserved
        } else if b == b':' || b == b';' {
            Class::Unmentioned
        } else {
            Class::Plain
        };
        for (c, want) in [
            (Classification::C1738, c1738),
            (Classification::C2396, c2396),
            (Classification::CFido, cfido),
        ] {
            // A triplet has the class of its value; so does a raw octet, except an invalid `%`.
            assert_eq!(
                classify(b, true, c),
                want,
                "{b:#04x} encoded under {}",
                c.name()
            );
            let raw = if b == b'%' {
                Class::InvalidPercent
            } else {
                want
            };
            assert_eq!(
                classify(b, false, c),
                raw,
                "{b:#04x} raw under {}",
                c.name()
            );
        }
    }
}
