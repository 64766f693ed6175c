//! The three historical classifications (docs/rules.md, "Character classes and hints"), today's two (`classes_modern`: RFC 3986 and the
//! URL Standard), and the per-unit record of §2.5.

pub(crate) mod modern;
#[cfg(test)]
mod partition_tests;

use std::ops::Range;

use crate::url::syntax::octets::{self, set};
use crate::url::syntax::span::{Role, SpanKind};
use crate::url::syntax::tokenize::Parsed;
use modern::{PctSet, Place};

/// Which source's character classes a unit is shown under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Classification {
    /// RFC 1738 §2.2: used by the RFC 1738, Hyvätti and PDF profiles.
    C1738,
    /// The URL编码 tutorial (RFC 2396-era sets): a reference view.
    C2396,
    /// FidoURL §5.2.2: used by the FidoURL profile.
    CFido,
    /// RFC 3986 §2.1–§2.4: used by the RFC 3986 profile.
    C3986,
    /// The URL Standard's percent-encode sets (§1.3) for the unit's component: used by the
    /// WHATWG profile.
    CWhatwg,
}

impl Classification {
    /// The three historical classifications (the inspector's `c` cycle until it learns
    /// today's two).
    pub const ALL: [Classification; 3] = [Self::C1738, Self::C2396, Self::CFido];
    /// Every classification: the historical three, then today's two.
    pub const EVERY: [Classification; 5] = [
        Self::C1738,
        Self::C2396,
        Self::CFido,
        Self::C3986,
        Self::CWhatwg,
    ];
    /// The classification's name (`C-1738`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::C1738 => "C-1738",
            Self::C2396 => "C-2396",
            Self::CFido => "C-Fido",
            Self::C3986 => "C-3986",
            Self::CWhatwg => "C-WHATWG",
        }
    }
}

/// A character class under one of the classifications.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    // C-1738
    /// The character class `alnum`.
    Alnum,
    /// The character class `safe`.
    Safe,
    /// The character class `reserved`.
    Reserved,
    /// The character class `unsafe-delim`.
    UnsafeDelim,
    /// The character class `unsafe-transport`.
    UnsafeTransport,
    /// The character class `control`.
    Control,
    /// The character class `non-ascii`.
    NonAscii,
    // C-2396 (Alnum and Reserved shared)
    /// The character class `mark`.
    Mark,
    /// The character class `unwise`.
    Unwise,
    /// The character class `excluded-delims`.
    ExcludedDelims,
    /// The character class `excluded-space`.
    ExcludedSpace,
    /// The character class `excluded-control`.
    ExcludedControl,
    /// The character class `unclassified`.
    Unclassified,
    // C-Fido (Reserved and UnsafeTransport shared)
    /// The character class `no-graphic`.
    NoGraphic,
    /// The character class `unsafe-space`.
    UnsafeSpace,
    /// The character class `unsafe`.
    Unsafe,
    /// The character class `hyphen`.
    Hyphen,
    /// The character class `unmentioned`.
    Unmentioned,
    /// The character class `plain`.
    Plain,
    // C-3986 (NonAscii shared)
    /// The character class `unreserved`.
    Unreserved,
    /// The character class `gen-delims`.
    GenDelim,
    /// The character class `sub-delims`.
    SubDelim,
    /// A valid `%XX` (C-3986 and C-WHATWG: the parser keeps it as it is).
    PctEncoded,
    /// A `%` that starts no triplet (C-3986 and C-WHATWG).
    PctEncodedBroken,
    /// The character class `not-allowed`.
    NotAllowed,
    /// C-WHATWG: the set the parser uses for the unit's component (`None`: it encodes nothing
    /// there) and whether that set holds the octet, i.e. whether the parser encodes it.
    Whatwg {
        /// The percent-encode set of the unit's component, if the parser encodes there.
        set: Option<PctSet>,
        /// Whether the set holds the octet.
        encoded: bool,
    },
    // The historical classifications
    /// The character class `invalid-percent`.
    InvalidPercent,
}

impl Class {
    /// The class's name as output writes it.
    pub fn name(self) -> &'static str {
        use Class::*;
        match self {
            Alnum => "alnum",
            Safe => "safe",
            Reserved => "reserved",
            UnsafeDelim => "unsafe-delim",
            UnsafeTransport => "unsafe-transport",
            Control => "control",
            NonAscii => "non-ascii",
            Mark => "mark",
            Unwise => "unwise",
            ExcludedDelims => "excluded-delims",
            ExcludedSpace => "excluded-space",
            ExcludedControl => "excluded-control",
            Unclassified => "unclassified",
            NoGraphic => "no-graphic",
            UnsafeSpace => "unsafe-space",
            Unsafe => "unsafe",
            Hyphen => "hyphen",
            Unmentioned => "unmentioned",
            Plain => "plain",
            InvalidPercent => "invalid-percent",
            Unreserved => "unreserved",
            GenDelim => "gen-delims",
            SubDelim => "sub-delims",
            PctEncoded => "pct-encoded",
            PctEncodedBroken => "pct-encoded-broken",
            NotAllowed => "not-allowed",
            Whatwg { set, encoded } => whatwg_name(set, encoded),
        }
    }

    /// The coarse family used for colours: C-1738's `unsafe` covers both sub-labels.
    pub fn is_unsafe(self) -> bool {
        matches!(
            self,
            Class::UnsafeDelim | Class::UnsafeTransport | Class::Unsafe | Class::UnsafeSpace
        )
    }
}

/// The id of a C-WHATWG class: the component's set and what the parser does there.
fn whatwg_name(set: Option<PctSet>, encoded: bool) -> &'static str {
    match (set, encoded) {
        (None, _) => "no-set-here",
        (Some(PctSet::C0Control), true) => "c0-control-set-encoded",
        (Some(PctSet::C0Control), false) => "c0-control-set-kept",
        (Some(PctSet::Fragment), true) => "fragment-set-encoded",
        (Some(PctSet::Fragment), false) => "fragment-set-kept",
        (Some(PctSet::Query), true) => "query-set-encoded",
        (Some(PctSet::Query), false) => "query-set-kept",
        (Some(PctSet::SpecialQuery), true) => "special-query-set-encoded",
        (Some(PctSet::SpecialQuery), false) => "special-query-set-kept",
        (Some(PctSet::Path), true) => "path-set-encoded",
        (Some(PctSet::Path), false) => "path-set-kept",
        (Some(PctSet::Userinfo), true) => "userinfo-set-encoded",
        (Some(PctSet::Userinfo), false) => "userinfo-set-kept",
        (Some(PctSet::Component), true) => "component-set-encoded",
        (Some(PctSet::Component), false) => "component-set-kept",
    }
}

/// C-1738 class of octet `v` (RFC 1738 §2.2).
pub(crate) fn class_1738(v: u8) -> Class {
    if octets::is(v, set::ALNUM) {
        Class::Alnum
    } else if octets::is(v, set::R1738_SAFE) {
        Class::Safe
    } else if octets::is(v, set::R1738_RESERVED) {
        Class::Reserved
    } else if octets::is(v, set::R1738_UNSAFE_DELIM) {
        Class::UnsafeDelim
    } else if octets::is(v, set::R1738_UNSAFE_TRANSPORT) {
        Class::UnsafeTransport
    } else if octets::is(v, set::CONTROL) {
        Class::Control
    } else {
        Class::NonAscii
    }
}

/// C-2396 class of octet `v` (the URL编码 tutorial).
pub(crate) fn class_2396(v: u8) -> Class {
    if octets::is(v, set::ALNUM) {
        Class::Alnum
    } else if octets::is(v, set::R2396_RESERVED) {
        Class::Reserved
    } else if octets::is(v, set::R2396_MARK) {
        Class::Mark
    } else if octets::is(v, set::R2396_UNWISE) {
        Class::Unwise
    } else if octets::is(v, set::R2396_DELIMS) {
        Class::ExcludedDelims
    } else if v == b' ' {
        Class::ExcludedSpace
    } else if octets::is(v, set::CONTROL) {
        Class::ExcludedControl
    } else {
        Class::Unclassified
    }
}

/// C-Fido class of octet `v` (FidoURL §5.2.2).
pub(crate) fn class_fido(v: u8) -> Class {
    if octets::is(v, set::NO_GRAPHIC) {
        Class::NoGraphic
    } else if v == b' ' {
        Class::UnsafeSpace
    } else if octets::is(v, set::FIDO_UNSAFE) {
        Class::Unsafe
    } else if octets::is(v, set::R1738_UNSAFE_TRANSPORT) {
        Class::UnsafeTransport
    } else if v == b'-' {
        Class::Hyphen
    } else if octets::is(v, set::FIDO_RESERVED) {
        Class::Reserved
    } else if v == b':' || v == b';' {
        Class::Unmentioned
    } else {
        Class::Plain
    }
}

/// The class of a unit under `c`: an invalid `%` is `invalid-percent` under the historical
/// three and `pct-encoded-broken` under today's two. C-WHATWG takes the unit to be in an `http`
/// path segment (`classify_at` says where it is).
pub fn classify(value: u8, encoded: bool, c: Classification) -> Class {
    classify_at(value, encoded, c, Place::DEFAULT)
}

/// [`classify`] for a unit at `place` (only C-WHATWG looks at it).
pub(crate) fn classify_at(value: u8, encoded: bool, c: Classification, place: Place) -> Class {
    match c {
        Classification::C3986 => return modern::class_3986(value, encoded),
        Classification::CWhatwg => return modern::class_whatwg(value, encoded, place),
        _ => {}
    }
    if !encoded && value == b'%' {
        return Class::InvalidPercent;
    }
    match c {
        Classification::C1738 => class_1738(value),
        Classification::C2396 => class_2396(value),
        _ => class_fido(value),
    }
}

crate::url::syntax::id::id_enum! {
    /// A learner hint (docs/rules.md, "Character classes and hints"). Its sentence is one exhaustive match (`url::explain::hint`).
    pub enum Hint {
        MustEncode => "hint-must-encode",
        ReservedAsData => "hint-reserved-as-data",
        NeedlessEncoding => "hint-needless-encoding",
        EncodedReserved => "hint-encoded-reserved",
        InvalidPercent => "hint-invalid-percent",
        Unwise => "hint-unwise",
        Tearline => "hint-tearline",
        PlusIsSpace => "hint-plus-is-space",
        DoubleEncoded => "hint-double-encoded",
    }
}

/// The per-unit record (the profile action is attached by `normalize::unit_actions`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// The unit's range in the input.
    pub range: Range<usize>,
    /// Whether the unit is a `%XX` triplet.
    pub encoded: bool,
    /// The octet (decoded, for a triplet).
    pub value: u8,
    /// Kind of the span the unit lies in (a triplet never straddles spans).
    pub span_kind: Option<SpanKind>,
    /// Its role (delimiter, data or frame).
    pub role: Role,
    /// Its class under C-1738.
    pub class_1738: Class,
    /// Its class under C-2396.
    pub class_2396: Class,
    /// Its class under C-Fido.
    pub class_fido: Class,
    /// Its class under C-3986.
    pub class_3986: Class,
    /// For the unit's component (see `modern::component_set`).
    pub class_whatwg: Class,
    /// Hints under every view; `hint-unwise`, `hint-tearline` and `hint-plus-is-space` belong to
    /// the C-2396 / C-Fido views and are filtered by `hints_for`.
    pub hints: Hints,
}

/// A set of hints (bit `i` is `Hint::EVERY[i]`), so a record needs no allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hints(u16);

const _: () = assert!(Hint::EVERY.len() <= 16, "a hint has no bit in Hints");

impl Hints {
    pub fn insert(&mut self, h: Hint) {
        self.0 |= 1 << h as u16;
    }
    pub fn contains(&self, h: Hint) -> bool {
        self.0 & (1 << h as u16) != 0
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    pub fn iter(&self) -> impl Iterator<Item = Hint> + '_ {
        Hint::EVERY.iter().copied().filter(|&h| self.contains(h))
    }
}

impl UnitInfo {
    /// Its class under `c`.
    pub fn class(&self, c: Classification) -> Class {
        match c {
            Classification::C1738 => self.class_1738,
            Classification::C2396 => self.class_2396,
            Classification::CFido => self.class_fido,
            Classification::C3986 => self.class_3986,
            Classification::CWhatwg => self.class_whatwg,
        }
    }

    /// The hints that apply under classification `c` (some hints belong to one classification).
    pub fn hints_for(&self, c: Classification) -> impl Iterator<Item = Hint> + '_ {
        self.hints.iter().filter(move |&h| match h {
            Hint::Unwise => c == Classification::C2396,
            Hint::Tearline | Hint::PlusIsSpace => c == Classification::CFido,
            _ => true,
        })
    }
}

/// Per-unit records for the whole of the tokenized input `x`.
pub fn unit_infos(x: &[u8], parsed: &Parsed) -> Vec<UnitInfo> {
    unit_infos_in(x, parsed, 0..x.len())
}

/// Per-unit records for the units starting in `window` (a view shows only what is visible).
/// `window.start` must be a unit boundary (e.g. the start of a unit from `octets::units`).
pub fn unit_infos_in(x: &[u8], parsed: &Parsed, window: Range<usize>) -> Vec<UnitInfo> {
    let window = window.start.min(x.len())..window.end.min(x.len());
    let mut out = Vec::with_capacity(window.len());
    let spans = &parsed.spans;
    let mut span_idx = spans.partition_point(|s| s.range.end <= window.start);
    let spans = &parsed.spans;
    let after_scheme = parsed
        .scheme
        .as_ref()
        .map_or(parsed.body.start, |s| s.end + 1);
    // The run of raw '-' the current unit belongs to, for hint-tearline (linear in the input).
    let (mut run_start, mut run_end) = (0usize, 0usize);
    // What the WHATWG class needs to know about the whole URL: its scheme is special, and a
    // non-special URL without `//` has an opaque path. The authority marker follows the scheme.
    let special = parsed
        .scheme
        .as_ref()
        .is_some_and(|s| modern::is_special_scheme(&x[s.clone()]));
    let opaque_path = !special
        && parsed.scheme.is_some()
        && !spans
            .iter()
            .take(3)
            .any(|s| s.kind == SpanKind::AuthorityMarker);
    for u in octets::units_in(x, window.start..x.len()) {
        if u.start >= window.end {
            break;
        }
        while span_idx < spans.len() && spans[span_idx].range.end <= u.start {
            span_idx += 1;
        }
        let span_kind = spans.get(span_idx).map(|s| s.kind);
        let role = span_kind.map_or(Role::Data, SpanKind::role);
        let c1738 = classify(u.value, u.encoded, Classification::C1738);
        let mut hints = Hints::default();
        if u.is_invalid_percent() {
            hints.insert(Hint::InvalidPercent);
        } else if !u.encoded {
            let first_hash = parsed.fragment_mark == Some(u.start);
            if role != Role::Frame
                && !first_hash
                && (c1738.is_unsafe() || matches!(c1738, Class::Control | Class::NonAscii))
            {
                hints.insert(Hint::MustEncode);
            }
            if role == Role::Data && c1738 == Class::Reserved {
                hints.insert(Hint::ReservedAsData);
            }
            if class_2396(u.value) == Class::Unwise {
                hints.insert(Hint::Unwise);
            }
            if u.value == b'-' && u.start >= after_scheme {
                if u.start >= run_end {
                    run_start = u.start
                        - x[after_scheme.max(u.start.saturating_sub(2))..u.start]
                            .iter()
                            .rev()
                            .take_while(|&&c| c == b'-')
                            .count();
                    run_end = u.start + x[u.start..].iter().take_while(|&&c| c == b'-').count();
                }
                if run_end - run_start >= 3 {
                    hints.insert(Hint::Tearline);
                }
            }
            if u.value == b'+' && parsed.ssp.contains(&u.start) {
                hints.insert(Hint::PlusIsSpace);
            }
        } else {
            if matches!(c1738, Class::Alnum | Class::Safe) {
                hints.insert(Hint::NeedlessEncoding);
            }
            if c1738 == Class::Reserved {
                hints.insert(Hint::EncodedReserved);
            }
            if u.value == b'%'
                && octets::is_hex(*x.get(u.end()).unwrap_or(&0))
                && octets::is_hex(*x.get(u.end() + 1).unwrap_or(&0))
            {
                hints.insert(Hint::DoubleEncoded);
            }
        }
        out.push(UnitInfo {
            range: u.range(),
            encoded: u.encoded,
            value: u.value,
            span_kind,
            role,
            class_1738: c1738,
            class_2396: classify(u.value, u.encoded, Classification::C2396),
            class_fido: classify(u.value, u.encoded, Classification::CFido),
            class_3986: modern::class_3986(u.value, u.encoded),
            class_whatwg: modern::class_whatwg(
                u.value,
                u.encoded,
                Place {
                    span: span_kind,
                    special,
                    opaque_path,
                },
            ),
            hints,
        });
    }
    out
}
