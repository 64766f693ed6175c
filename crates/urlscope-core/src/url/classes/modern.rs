//! Today's character classes: `C-3986` (RFC 3986 §2.1–§2.4) and `C-WHATWG` (the URL
//! Standard's percent-encode sets, §1.3, for the unit's component). Unlike the historical three,
//! the WHATWG class depends on where the unit is: the same `"` is encoded in a query and kept
//! in no component's set at all when it is a scheme's character.

use crate::url::syntax::span::SpanKind;

/// RFC 3986 §2.2 gen-delims.
pub(crate) const GEN_DELIMS: &[u8] = b":/?#[]@";
/// RFC 3986 §2.2 sub-delims.
pub(crate) const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

/// The C-3986 class of a raw octet (a valid triplet is `pct-encoded`, a bare `%` broken).
pub(crate) fn class_3986(v: u8, encoded: bool) -> super::Class {
    use super::Class;
    if encoded {
        Class::PctEncoded
    } else if v == b'%' {
        Class::PctEncodedBroken
    } else if v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~') {
        Class::Unreserved
    } else if GEN_DELIMS.contains(&v) {
        Class::GenDelim
    } else if SUB_DELIMS.contains(&v) {
        Class::SubDelim
    } else if v.is_ascii() {
        Class::NotAllowed
    } else {
        Class::NonAscii
    }
}

/// A percent-encode set of the URL Standard (§1.3), in the Standard's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PctSet {
    /// `C0 control`.
    C0Control,
    /// `fragment`.
    Fragment,
    /// `query`.
    Query,
    /// `special-query`.
    SpecialQuery,
    /// `path`.
    Path,
    /// `userinfo`.
    Userinfo,
    /// `component`.
    Component,
}

impl PctSet {
    /// Every set.
    pub const ALL: [PctSet; 7] = [
        PctSet::C0Control,
        PctSet::Fragment,
        PctSet::Query,
        PctSet::SpecialQuery,
        PctSet::Path,
        PctSet::Userinfo,
        PctSet::Component,
    ];

    /// The set's name as the URL Standard names it.
    pub fn name(self) -> &'static str {
        match self {
            PctSet::C0Control => "C0 control",
            PctSet::Fragment => "fragment",
            PctSet::Query => "query",
            PctSet::SpecialQuery => "special-query",
            PctSet::Path => "path",
            PctSet::Userinfo => "userinfo",
            PctSet::Component => "component",
        }
    }

    /// Whether the set holds octet `v` (an octet ≥ 0x80 stands for part of a code point above
    /// U+007E, which every set holds). The path set is the one the `url` crate (2.5) encodes
    /// with, which the `whatwg` profile's output comes from: without the `^` the Standard added
    /// in 2024 (docs/departures.md).
    pub fn contains(self, v: u8) -> bool {
        let c0 = !(0x20..=0x7E).contains(&v);
        let query = c0 || matches!(v, b' ' | b'"' | b'#' | b'<' | b'>');
        let path = query || matches!(v, b'?' | b'`' | b'{' | b'}');
        // '^' is in the userinfo set either way (the url crate lists it there).
        let userinfo = path
            || matches!(
                v,
                b'/' | b':' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'^' | b'|'
            );
        match self {
            PctSet::C0Control => c0,
            PctSet::Fragment => c0 || matches!(v, b' ' | b'"' | b'<' | b'>' | b'`'),
            PctSet::Query => query,
            PctSet::SpecialQuery => query || v == b'\'',
            PctSet::Path => path,
            PctSet::Userinfo => userinfo,
            PctSet::Component => userinfo || matches!(v, b'$' | b'%' | b'&' | b'+' | b','),
        }
    }

    /// Every set that holds `v`, in the Standard's order (the character detail lists them).
    pub fn containing(v: u8) -> impl Iterator<Item = PctSet> {
        PctSet::ALL.into_iter().filter(move |s| s.contains(v))
    }
}

/// The schemes the URL Standard calls special (§4.1).
pub(crate) fn is_special_scheme(scheme: &[u8]) -> bool {
    ["ftp", "file", "http", "https", "ws", "wss"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s.as_bytes()))
}

/// Where a unit sits, as far as the WHATWG parser's choice of set goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The kind of span the place lies in, if any.
    pub span: Option<SpanKind>,
    /// The scheme is special (§4.1).
    pub special: bool,
    /// No scheme-relative authority: a non-special URL's path is then opaque (C0 control set).
    pub opaque_path: bool,
}

impl Place {
    /// A path segment of an `http` URL: where a unit without context is taken to be.
    pub const DEFAULT: Place = Place {
        span: Some(SpanKind::PathSegment),
        special: true,
        opaque_path: false,
    };
}

/// The set the WHATWG parser encodes the component at `place` with; `None` where it encodes
/// nothing (scheme, port, a special host — parsed and IDNA-mapped instead —, delimiters, frame).
pub fn component_set(place: Place) -> Option<PctSet> {
    use SpanKind::*;
    match place.span? {
        User | Password => Some(PctSet::Userinfo),
        Host if !place.special => Some(PctSet::C0Control),
        // The historical tokenizer's parameter and pair delimiters are plain data to the
        // WHATWG parser, inside the path or the query.
        PathSegment
        | SegmentParam
        | Param
        | Areatag
        | FtnDomain
        | SegmentParamSemicolon
        | ParamsSemicolon
        | ParamSeparator => Some(if place.opaque_path {
            PctSet::C0Control
        } else {
            PctSet::Path
        }),
        QueryKey | QueryValue | PairSeparator | PairEquals => Some(if place.special {
            PctSet::SpecialQuery
        } else {
            PctSet::Query
        }),
        Fragment => Some(PctSet::Fragment),
        _ => None,
    }
}

/// The C-WHATWG class of a unit at `place`.
pub fn class_whatwg(v: u8, encoded: bool, place: Place) -> super::Class {
    use super::Class;
    if encoded {
        return Class::PctEncoded;
    }
    if v == b'%' {
        return Class::PctEncodedBroken;
    }
    let set = component_set(place);
    Class::Whatwg {
        set,
        encoded: set.is_some_and(|s| s.contains(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::Class;

    #[test]
    fn rfc3986_classes_cover_every_octet_once() {
        let mut counts = std::collections::HashMap::new();
        for v in 0..=255u8 {
            *counts.entry(class_3986(v, false)).or_insert(0) += 1;
        }
        // 66 unreserved, 7 gen-delims, 11 sub-delims, '%', the other 33 controls and 14
        // printable ASCII octets (space " < > \ ^ ` { | }), 128 non-ASCII.
        assert_eq!(counts[&Class::Unreserved], 66);
        assert_eq!(counts[&Class::GenDelim], 7);
        assert_eq!(counts[&Class::SubDelim], 11);
        assert_eq!(counts[&Class::PctEncodedBroken], 1);
        assert_eq!(counts[&Class::NotAllowed], 33 + 10);
        assert_eq!(counts[&Class::NonAscii], 128);
        assert_eq!(class_3986(b'A', true), Class::PctEncoded);
    }

    #[test]
    fn the_sets_nest_as_the_standard_builds_them() {
        for v in 0..=255u8 {
            let has = |s: PctSet| s.contains(v);
            assert!(!has(PctSet::C0Control) || has(PctSet::Fragment) && has(PctSet::Query));
            assert!(!has(PctSet::Query) || has(PctSet::SpecialQuery) && has(PctSet::Path));
            assert!(!has(PctSet::Path) || has(PctSet::Userinfo));
            assert!(!has(PctSet::Userinfo) || has(PctSet::Component));
        }
        // The two that do not nest: '`' is fragment-only, '#' query-only.
        assert!(PctSet::Fragment.contains(b'`') && !PctSet::Query.contains(b'`'));
        assert!(PctSet::Query.contains(b'#') && !PctSet::Fragment.contains(b'#'));
    }

    #[test]
    fn the_class_follows_the_component() {
        let at = |span, special| Place {
            span: Some(span),
            special,
            opaque_path: false,
        };
        let q = class_whatwg(b'\'', false, at(SpanKind::QueryValue, true));
        assert_eq!(
            q,
            Class::Whatwg {
                set: Some(PctSet::SpecialQuery),
                encoded: true
            }
        );
        assert_eq!(q.name(), "special-query-set-encoded");
        let q = class_whatwg(b'\'', false, at(SpanKind::QueryValue, false));
        assert_eq!(q.name(), "query-set-kept");
        assert_eq!(
            class_whatwg(b'"', false, at(SpanKind::Scheme, true)).name(),
            "no-set-here"
        );
        let opaque = Place {
            opaque_path: true,
            ..at(SpanKind::PathSegment, false)
        };
        assert_eq!(
            class_whatwg(b' ', false, opaque).name(),
            "c0-control-set-kept"
        );
    }
}
