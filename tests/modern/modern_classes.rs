//! Today's character classes: one vector per C-3986 and C-WHATWG class, and the
//! property that the C-WHATWG class says what the `url` crate really does with an octet in a
//! component (percent-encodes it or keeps it).

use proptest::prelude::*;
use urlscope_core::url::{PctSet, Place, class_whatwg, component_set};
use urlscope_core::url::{SpanKind, unit_infos};
use urlscope_core::{Classification, tokenize};

/// The classes of the first unit of `x` whose octets are `unit` (each char one octet) at or
/// after `from`.
fn classes_of(x: &str, unit: &str, from: usize) -> (String, String, Option<SpanKind>) {
    let parsed = tokenize(x.as_bytes());
    let octets: Vec<u8> = unit.chars().map(|c| c as u32 as u8).collect();
    let u = unit_infos(x.as_bytes(), &parsed)
        .into_iter()
        .find(|u| u.range.start >= from && x.as_bytes()[u.range.clone()] == octets[..])
        .unwrap_or_else(|| panic!("no unit {unit:?} in {x:?}"));
    (
        u.class(Classification::C3986).name().to_owned(),
        u.class(Classification::CWhatwg).name().to_owned(),
        u.span_kind,
    )
}

#[test]
fn one_vector_per_class() {
    // (URL, unit, searched from offset, C-3986, C-WHATWG)
    #[rustfmt::skip]
    let vectors: &[(&str, &str, usize, &str, &str)] = &[
        ("http://h/a~b", "~", 0, "unreserved", "path-set-kept"),
        ("http://h/a?b", "?", 0, "gen-delims", "no-set-here"),
        ("http://h/a@b", "@", 0, "gen-delims", "path-set-kept"),
        ("http://h/a;b", ";", 0, "sub-delims", "path-set-kept"),
        ("http://h/a%41", "%41", 0, "pct-encoded", "pct-encoded"),
        ("http://h/a%zz", "%", 0, "pct-encoded-broken", "pct-encoded-broken"),
        ("http://h/a{b", "{", 0, "not-allowed", "path-set-encoded"),
        ("http://h/a\u{e9}", "\u{c3}", 0, "non-ascii", "path-set-encoded"),
        ("http://h/?q=a'b", "'", 0, "sub-delims", "special-query-set-encoded"),
        ("foo://h/?q=a'b", "'", 0, "sub-delims", "query-set-kept"),
        ("http://h/?q=a<b", "<", 0, "not-allowed", "special-query-set-encoded"),
        ("foo://h/?q=a<b", "<", 0, "not-allowed", "query-set-encoded"),
        ("http://h/#a`b", "`", 0, "not-allowed", "fragment-set-encoded"),
        ("http://h/#a{b", "{", 0, "not-allowed", "fragment-set-kept"),
        ("http://u;v@h/", ";", 0, "sub-delims", "userinfo-set-encoded"),
        ("http://u!v@h/", "!", 0, "sub-delims", "userinfo-set-kept"),
        ("mailto:a b", " ", 0, "not-allowed", "c0-control-set-kept"),
        ("mailto:a\u{7f}b", "\u{7f}", 0, "not-allowed", "c0-control-set-encoded"),
        ("foo://h{/", "{", 0, "not-allowed", "c0-control-set-kept"),
        ("HTTP://h/", "H", 0, "unreserved", "no-set-here"),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for &(x, unit, from, c3986, cwhatwg) in vectors {
        let (a, b, span) = classes_of(x, unit, from);
        assert_eq!(
            (a.as_str(), b.as_str()),
            (c3986, cwhatwg),
            "{x:?} unit {unit:?} in {span:?}"
        );
        seen.insert(a);
        seen.insert(b);
    }
    // Every C-3986 class, and each WHATWG set both ways where the Standard uses it.
    for name in [
        "unreserved",
        "gen-delims",
        "sub-delims",
        "pct-encoded",
        "pct-encoded-broken",
        "not-allowed",
        "non-ascii",
        "no-set-here",
        "c0-control-set-encoded",
        "c0-control-set-kept",
        "fragment-set-encoded",
        "fragment-set-kept",
        "query-set-encoded",
        "query-set-kept",
        "special-query-set-encoded",
        "path-set-encoded",
        "path-set-kept",
        "userinfo-set-encoded",
        "userinfo-set-kept",
    ] {
        assert!(seen.contains(name), "no vector for {name}");
    }
}

#[test]
fn the_profiles_use_todays_classes_by_default() {
    use urlscope_core::Profile;
    assert_eq!(Profile::Rfc3986.classification(), Classification::C3986);
    assert_eq!(Profile::Whatwg.classification(), Classification::CWhatwg);
    assert_eq!(Profile::Rfc1738.classification(), Classification::C1738);
}

/// A component the url crate lets us read back, and how to put an octet in it.
#[derive(Clone, Copy, Debug)]
enum Slot {
    SpecialPath,
    OtherPath,
    OpaquePath,
    SpecialQuery,
    OtherQuery,
    Fragment,
    Password,
}

impl Slot {
    const ALL: [Slot; 7] = [
        Slot::SpecialPath,
        Slot::OtherPath,
        Slot::OpaquePath,
        Slot::SpecialQuery,
        Slot::OtherQuery,
        Slot::Fragment,
        Slot::Password,
    ];

    fn place(self) -> Place {
        let (span, special, opaque_path) = match self {
            Slot::SpecialPath => (SpanKind::PathSegment, true, false),
            Slot::OtherPath => (SpanKind::PathSegment, false, false),
            Slot::OpaquePath => (SpanKind::PathSegment, false, true),
            Slot::SpecialQuery => (SpanKind::QueryValue, true, false),
            Slot::OtherQuery => (SpanKind::QueryValue, false, false),
            Slot::Fragment => (SpanKind::Fragment, true, false),
            Slot::Password => (SpanKind::Password, true, false),
        };
        Place {
            span: Some(span),
            special,
            opaque_path,
        }
    }

    /// The URL with `c` between two letters in this component.
    fn url(self, c: char) -> String {
        match self {
            Slot::SpecialPath => format!("http://h/a{c}b"),
            Slot::OtherPath => format!("foo://h/a{c}b"),
            Slot::OpaquePath => format!("foo:a{c}b"),
            Slot::SpecialQuery => format!("http://h/?a{c}b"),
            Slot::OtherQuery => format!("foo://h/?a{c}b"),
            Slot::Fragment => format!("http://h/#a{c}b"),
            Slot::Password => format!("http://u:a{c}b@h/"),
        }
    }

    /// The octets that end or restructure the component (never data there), and the ones the
    /// parser removes everywhere (tab, LF, CR).
    fn structural(self, c: u8) -> bool {
        matches!(c, b'\t' | b'\n' | b'\r')
            || match self {
                Slot::SpecialPath => matches!(c, b'/' | b'\\' | b'?' | b'#'),
                Slot::OtherPath => matches!(c, b'/' | b'?' | b'#'),
                Slot::OpaquePath => matches!(c, b'?' | b'#'),
                Slot::SpecialQuery | Slot::OtherQuery => c == b'#',
                Slot::Fragment => false,
                Slot::Password => matches!(c, b'/' | b'\\' | b'?' | b'#'),
            }
    }

    /// The component as the url crate serializes it.
    fn read(self, u: &url::Url) -> String {
        match self {
            Slot::SpecialPath | Slot::OtherPath | Slot::OpaquePath => u.path().to_owned(),
            Slot::SpecialQuery | Slot::OtherQuery => u.query().unwrap_or("").to_owned(),
            Slot::Fragment => u.fragment().unwrap_or("").to_owned(),
            Slot::Password => u.password().unwrap_or("").to_owned(),
        }
    }
}

/// Check one ASCII octet in one component; `Err` names the disagreement.
fn agrees(slot: Slot, c: u8) -> Result<(), String> {
    if slot.structural(c) {
        return Ok(());
    }
    let x = slot.url(char::from(c));
    let Ok(u) = url::Url::parse(&x) else {
        return Ok(());
    };
    let got = slot.read(&u);
    let encoded = got.contains(&format!("a%{c:02X}b"));
    let kept = got.contains(&format!("a{}b", char::from(c)));
    let class = class_whatwg(c, false, slot.place());
    let says = class.name().ends_with("-encoded");
    if c == b'%' {
        // A bare '%' is never re-encoded: pct-encoded-broken, kept.
        return if kept && class.name() == "pct-encoded-broken" {
            Ok(())
        } else {
            Err(format!("{x}: {got}"))
        };
    }
    if encoded == says && encoded != kept {
        Ok(())
    } else {
        Err(format!(
            "{slot:?} {x:?}: url gives {got:?}, class {}",
            class.name()
        ))
    }
}

#[test]
fn every_ascii_octet_in_every_component_agrees_with_the_url_crate() {
    let mut checked = 0;
    for slot in Slot::ALL {
        for c in 0..0x80u8 {
            agrees(slot, c).unwrap();
            checked += 1;
        }
    }
    assert_eq!(checked, 7 * 128);
}

#[test]
fn non_ascii_is_encoded_in_every_component() {
    for slot in Slot::ALL {
        let u = url::Url::parse(&slot.url('é')).unwrap();
        assert!(slot.read(&u).contains("a%C3%A9b"), "{slot:?}");
        for v in [0xC3u8, 0xA9] {
            assert!(
                class_whatwg(v, false, slot.place())
                    .name()
                    .ends_with("-encoded")
            );
        }
        assert!(component_set(slot.place()).is_some_and(|s| s.contains(0xC3)));
    }
    assert!(PctSet::ALL.iter().all(|s| s.contains(0x80)));
}

proptest! {
    /// Any printable ASCII octet in any component, with random neighbours from the unreserved
    /// set: the class still says what the url crate does.
    #[test]
    fn the_class_agrees_for_random_octets(slot in 0usize..7, c in 0x20u8..0x7f) {
        prop_assert_eq!(agrees(Slot::ALL[slot], c), Ok(()));
    }
}
