//! Learner-facing texts (steps, rules, resolution, character classes), plus one
//! sentence for every hint and every diagnostic, each with its source (docs/rules.md, "Explanations").
//!
//! The historical texts quote their sources where they can; they were written as Markdown table rows, whose escapes `\|` and
//! `\\` written as the plain `|` and `\`. Everything here is static: lookups never allocate.

pub(crate) mod classes;
pub(crate) mod diag;
pub(crate) mod modern;
pub(crate) mod resolve;
pub(crate) mod rules;

use crate::url::classes::Hint;
use crate::url::resolve::rule::ResolveRule;
use crate::url::rule::Rule;
use crate::url::syntax::diag::Diag;
use crate::url::{Class, Classification, Profile};

/// One learner-facing sentence and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The step, rule, hint or diagnostic id, or the class name (`Class::name`).
    pub id: &'static str,
    /// The sentence shown to the learner.
    pub text: &'static str,
    /// The source the sentence rests on, by the name users see (docs/rules.md, "Sources"), e.g. `RFC 1738 §2.2`.
    pub source: &'static str,
}

// ---------------------------------------------------------------------------------------------
// Sources (docs/rules.md, "Sources")

pub(super) const SEED000: &str = "Hyvätti 1996 (robots list)";
pub(super) const SEED001: &str = "URL编码 (an RFC 2396 tutorial)";
pub(super) const SEED002: &str = "PDF Reference, ch. 10 'URL Strings'";
pub(super) const SEED003: &str = "RFC 1738 §2.2";
pub(super) const FIDO_522: &str = "FidoURL §5.2.2 (2007)";
pub(super) const FIDO_5221: &str = "FidoURL §5.2.2.1 (2007)";
pub(super) const FIDO_5222: &str = "FidoURL §5.2.2.2 (2007)";
pub(super) const FIDO_5223: &str = "FidoURL §5.2.2.3 (2007)";
pub(super) const FIDO_52231: &str = "FidoURL §5.2.2.3.1 (2007)";
pub(super) const FIDO_5224: &str = "FidoURL §5.2.2.4 (2007)";
pub(super) const FIDO_5225: &str = "FidoURL §5.2.2.5 (2007)";
pub(super) const FIDO_5221_2: &str = "FidoURL §5.2.2.1–2 (2007)";
pub(super) const FIDO_5223_4: &str = "FidoURL §5.2.2.3–4 (2007)";
pub(super) const RFC1808: &str = "RFC 1808 §4 (external)";
pub(super) const SEED001_RFC1808: &str = "URL编码 (an RFC 2396 tutorial); RFC 1808 §4";
pub(super) const SEED002_RFC1808: &str = "PDF Reference, ch. 10 'URL Strings'; RFC 1808 §4";
pub(super) const SEED003_SEED001: &str = "RFC 1738 §2.2; URL编码 (an RFC 2396 tutorial)";
pub(super) const SEED003_FIDO_5225: &str = "RFC 1738 §2.2; FidoURL §5.2.2.5 (2007)";
pub(super) const SEED001_SEED002: &str =
    "URL编码 (an RFC 2396 tutorial); PDF Reference, ch. 10 'URL Strings'";
pub(super) const RFC1808_SCHEME: &str = "RFC 1808 §2.4.2 (external)";
pub(super) const RFC2732: &str = "RFC 2732 (none of the historical sources mentions IPv6)";

const fn e(id: &'static str, text: &'static str, source: &'static str) -> Explanation {
    Explanation { id, text, source }
}

// Normalization steps and rules: `url::explain_rules`.

// Resolution steps: `url::explain_resolve`.

// ---------------------------------------------------------------------------------------------
// Character classes

/// A class's text; the id is filled in from the class (`Class::name`).
#[derive(Clone, Copy, Debug)]
struct ClassText {
    text: &'static str,
    source: &'static str,
}

const fn c(text: &'static str, source: &'static str) -> ClassText {
    ClassText { text, source }
}

#[rustfmt::skip]
mod class_text {
    use super::*;

    pub(super) const ALNUM: ClassText = c("Letters and digits can always be used unencoded (RFC 1738 §2.2; URL编码 (an RFC 2396 tutorial)).", SEED003_SEED001);
    pub(super) const SAFE: ClassText = c(r##"RFC 1738 §2.2: "$-_.+!*'()," may be used unencoded; encoding them changes nothing."##, SEED003);
    pub(super) const RESERVED_1738: ClassText = c("RFC 1738 §2.2: ';/?:@=&' may have a special meaning in a scheme; as data they must be encoded.", SEED003);
    pub(super) const UNSAFE_DELIM: ClassText = c(r##"RFC 1738 §2.2: space, '<', '>', '"', '#', '%' get lost or mean something else in text and mail; always encode them."##, SEED003);
    pub(super) const UNSAFE_TRANSPORT: ClassText = c(r##"RFC 1738 §2.2: gateways "are known to sometimes modify" '{}|\^~[]`'; always encode them."##, SEED003);
    pub(super) const CONTROL: ClassText = c("RFC 1738 §2.2: control characters 00–1F and 7F have no printable form; they must be encoded.", SEED003);
    pub(super) const NON_ASCII: ClassText = c("RFC 1738 §2.2: octets 80–FF are not US-ASCII; they must be encoded.", SEED003);
    pub(super) const RESERVED_2396: ClassText = c("URL编码 (an RFC 2396 tutorial): '; / ? : @ & = + $ ,' have special meaning; escape them when they are data.", SEED001);
    pub(super) const MARK: ClassText = c(r##"URL编码 (an RFC 2396 tutorial): '- _ . ! ~ * ' ( )' need no escaping; escaping them is allowed "but not recommended"."##, SEED001);
    pub(super) const UNWISE: ClassText = c(r##"URL编码 (an RFC 2396 tutorial): gateways sometimes change '{ } | \ ^ [ ] `' or use them as delimiters; escape them."##, SEED001);
    pub(super) const EXCLUDED: ClassText = c(r##"URL编码 (an RFC 2396 tutorial): controls, space and '< > # % "' are excluded; escaping is the only way to write them."##, SEED001);
    pub(super) const UNCLASSIFIED: ClassText = c("URL编码 (an RFC 2396 tutorial) does not say how to treat octets 80–FF.", SEED001);
    pub(super) const FIDO_MUST_ENCODE: ClassText = c("FidoURL §5.2.2.1–2: these octets MUST be encoded.", FIDO_5221_2);
    pub(super) const HYPHEN: ClassText = c("FidoURL: '-' is fine alone, but three in a row MUST be broken by encoding one (tearline).", FIDO_5222);
    pub(super) const RESERVED_FIDO: ClassText = c("FidoURL: '?', '=', '&', '@' (in areatags), '/' (some schemes) and '+' (= space) have delimiter roles.", FIDO_5223_4);
    pub(super) const UNMENTIONED: ClassText = c("FidoURL does not mention ':' or ';'; this tool never changes them.", FIDO_522);
    /// The `plain` class: written from F2's basis in FidoURL §5.2.2.
    pub(super) const PLAIN: ClassText = c("FidoURL neither reserves this character nor requires it to be encoded; it is RECOMMENDED to avoid unnecessary hexadecimal encoding.", FIDO_522);
    pub(super) const INVALID_PERCENT: ClassText = c("'%' must start a %XX triplet; a bare '%' is unsafe and must itself be written %25.", SEED003_FIDO_5225);
}

// ---------------------------------------------------------------------------------------------
// Learner hints

/// The learner sentence of a hint. One exhaustive match: a hint without a sentence
/// does not compile.
#[rustfmt::skip]
pub fn hint(h: Hint) -> Explanation {
    let (text, source) = match h {
        Hint::MustEncode => (r##"RFC 1738 §2.2: "All unsafe characters must always be encoded"; control and 8-bit octets "must be encoded"."##, SEED003),
        Hint::ReservedAsData => (r##"RFC 1738 §2.2: this reserved character is data here, and "If the character corresponding to an octet is reserved in a scheme, the octet must be encoded"."##, SEED003),
        Hint::NeedlessEncoding => (r##"RFC 1738 §2.2: this %XX stands for a letter, digit or safe character; "characters that are not required to be encoded (including alphanumerics) may be encoded … as long as they are not being used for a reserved purpose", and URL编码 (an RFC 2396 tutorial) calls it "not recommended"."##, SEED003_SEED001),
        Hint::EncodedReserved => (r##"RFC 1738 §2.2: this %XX stands for a reserved character, and "encoding a character reserved for a particular scheme may change the semantics of a URL"."##, SEED003),
        Hint::InvalidPercent => (r##"This '%' does not start a %XX triplet: in RFC 1738 §2.2 '%' "is used for encodings of other characters", and in FidoURL "%" MUST be followed by two hexadecimal digits."##, SEED003_FIDO_5225),
        Hint::Unwise => (r##"URL编码 (an RFC 2396 tutorial) calls this character unwise: ⟨"gateways sometimes modify such characters, or use them as delimiters"⟩; escape it."##, SEED001),
        Hint::Tearline => (r##"FidoURL §5.2.2.2: three or more '-' in a row "can accidentally start a tearline"; at least one of them MUST be encoded."##, FIDO_5222),
        Hint::PlusIsSpace => (r##"FidoURL §5.2.2.4: a raw '+' in the scheme-specific part means a space; programs "MUST treat the character plus ("+") there as equivalent to the white space hexadecimal triplet ("%20")"."##, FIDO_5224),
        Hint::DoubleEncoded => (r##"This %25 is followed by two hex digits, so the URL may be encoded twice: URL编码 (an RFC 2396 tutorial) ⟨"if you encode once but decode twice … you will break your URL"⟩; PDF assumes "one and only one encoding pass"."##, SEED001_SEED002),
    };
    e(h.as_str(), text, source)
}

// ---------------------------------------------------------------------------------------------
// Lookups

/// The text of a normalization step or rule. The row for `profile` is used; an id
/// with no row for `profile` falls back to its first row under any profile.
pub use crate::explain::rules::rule;

/// `rule` by the id's name, and the texts of the URL Standard's validation errors (remark ids,
/// by the standard's names).
pub(crate) fn step(id: &str, profile: Profile) -> Option<Explanation> {
    Rule::from_name(id).map(|r| rule(r, profile)).or_else(|| {
        crate::whatwg::ValidationError::from_name(id).map(crate::explain::modern::validation_error)
    })
}

/// A step or rule id's text, or a resolution rule's: the ids a step log names.
pub fn step_or_resolution(id: &str, profile: Profile) -> Option<Explanation> {
    step(id, profile).or_else(|| ResolveRule::from_name(id).map(resolution))
}

/// The text of a resolution rule.
pub use crate::explain::resolve::resolution;

/// The text of `class` under `classification`. Total: a class that does not belong to
/// `classification` gets the text of the classification it comes from.
pub fn class(class: Class, classification: Classification) -> Explanation {
    use Class::*;
    use Classification::*;
    use class_text as t;
    if let Some(x) = crate::explain::classes::modern(class, classification) {
        return x;
    }
    let ct = match (class, classification) {
        (Alnum, _) => t::ALNUM,
        (Safe, _) => t::SAFE,
        (Reserved, C1738 | C3986 | CWhatwg) => t::RESERVED_1738,
        (Reserved, C2396) => t::RESERVED_2396,
        (Reserved, CFido) => t::RESERVED_FIDO,
        (UnsafeDelim, _) => t::UNSAFE_DELIM,
        (UnsafeTransport, CFido) => t::FIDO_MUST_ENCODE,
        (UnsafeTransport, C1738 | C2396 | C3986 | CWhatwg) => t::UNSAFE_TRANSPORT,
        (Control, _) => t::CONTROL,
        (NonAscii, _) => t::NON_ASCII,
        (Mark, _) => t::MARK,
        (Unwise, _) => t::UNWISE,
        (ExcludedDelims | ExcludedSpace | ExcludedControl, _) => t::EXCLUDED,
        (Unclassified, _) => t::UNCLASSIFIED,
        (NoGraphic | UnsafeSpace | Unsafe, _) => t::FIDO_MUST_ENCODE,
        (Hyphen, _) => t::HYPHEN,
        (Unmentioned, _) => t::UNMENTIONED,
        (Plain, _) => t::PLAIN,
        (InvalidPercent, _) => t::INVALID_PERCENT,
        // Today's classes have their texts in `explain_classes` (answered above).
        (Unreserved | GenDelim | SubDelim | PctEncoded | PctEncodedBroken | NotAllowed, _)
        | (Whatwg { .. }, _) => t::INVALID_PERCENT,
    };
    e(class.name(), ct.text, ct.source)
}

/// The status-line sentence of a diagnostic.
pub use crate::explain::diag::diagnostic;

/// Any id at all: tries step (active profile first), resolution, hint, diagnostic.
pub fn lookup(id: &str, profile: Profile) -> Option<Explanation> {
    step(id, profile)
        .or_else(|| ResolveRule::from_name(id).map(resolution))
        .or_else(|| Hint::from_name(id).map(hint))
        .or_else(|| Diag::from_name(id).map(diagnostic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::{diag, resolve};

    use crate::explain::rules::has_row;

    const HISTORICAL: [Profile; 4] = [
        Profile::Rfc1738,
        Profile::Hyvatti,
        Profile::Pdf,
        Profile::Fido,
    ];

    /// Every step and rule id of the historical profiles' tables (the registry), with the
    /// profile it belongs to.
    fn profile_ids() -> Vec<(Profile, Rule)> {
        let mut v = Vec::new();
        for p in [
            Profile::Rfc1738,
            Profile::Hyvatti,
            Profile::Pdf,
            Profile::Fido,
        ] {
            v.extend(p.entry().ids().into_iter().map(|id| (p, id)));
        }
        v
    }

    const ALL_CLASSES: [Class; 20] = [
        Class::Alnum,
        Class::Safe,
        Class::Reserved,
        Class::UnsafeDelim,
        Class::UnsafeTransport,
        Class::Control,
        Class::NonAscii,
        Class::Mark,
        Class::Unwise,
        Class::ExcludedDelims,
        Class::ExcludedSpace,
        Class::ExcludedControl,
        Class::Unclassified,
        Class::NoGraphic,
        Class::UnsafeSpace,
        Class::Unsafe,
        Class::Hyphen,
        Class::Unmentioned,
        Class::Plain,
        Class::InvalidPercent,
    ];

    /// Every entry of every table, and every class text.
    fn everything() -> Vec<Explanation> {
        let mut v: Vec<Explanation> = profile_ids().into_iter().map(|(p, r)| rule(r, p)).collect();
        v.extend(resolve::ALL_RULES.map(resolution));
        v.extend(Hint::EVERY.iter().map(|&h| hint(h)));
        v.extend(diag::ALL.map(diagnostic));
        for cl in ALL_CLASSES {
            for cn in Classification::ALL {
                v.push(class(cl, cn));
            }
        }
        v
    }

    #[test]
    fn every_profile_rule_has_a_row_for_its_own_profile() {
        let ids = profile_ids();
        assert_eq!(ids.len(), 41);
        for (profile, id) in ids {
            let x = rule(id, profile);
            assert_eq!(x.id, id.as_str());
            assert_eq!(step(id.as_str(), profile), Some(x));
            // The row must be the profile's own, not a fallback to another profile's row.
            assert!(has_row(id, profile), "{id}: no row for {profile:?}");
        }
    }

    #[test]
    fn every_step_row_belongs_to_a_profile_constant() {
        let ids = profile_ids();
        for r in Rule::EVERY {
            for p in HISTORICAL {
                assert_eq!(
                    has_row(r, p),
                    ids.contains(&(p, r)),
                    "row {r} / {p:?} and the registry disagree"
                );
            }
        }
    }

    #[test]
    fn every_resolution_rule_has_a_text() {
        assert!(resolve::ALL_RULES.contains(&ResolveRule::DotSlash));
        for &id in ResolveRule::EVERY {
            let x = resolution(id);
            assert_eq!(x.id, id.as_str());
            assert_eq!(lookup(id.as_str(), Profile::None), Some(x));
        }
        assert_eq!(
            lookup("strip-fragment", Profile::None).map(|x| x.id),
            Some("strip-fragment")
        );
    }

    #[test]
    fn shared_ids_follow_the_active_profile() {
        let h = step("strip-fragment", Profile::Hyvatti).unwrap();
        let p = step("strip-fragment", Profile::Pdf).unwrap();
        assert_ne!(h, p);
        assert_eq!(
            h.text,
            "Hyvätti (1996): the anchor after the first '#' \"is not a part of URL\", so a robot drops it before comparing URLs."
        );
        assert_eq!(h.source, "Hyvätti 1996 (robots list)");
        assert_eq!(
            p.text,
            "PDF step 2: the leftmost '#' and everything after it are stripped from the canonical key."
        );
        assert_eq!(p.source, "PDF Reference, ch. 10 'URL Strings'");

        let r = step("uppercase-hex", Profile::Rfc1738).unwrap();
        let f = step("uppercase-hex", Profile::Fido).unwrap();
        assert_ne!(r, f);
        assert_eq!(
            r.text,
            "RFC 1738 §2.2 writes hex digits from \"0123456789ABCDEF\"; \"abcdef\" mean the same, so %7e becomes %7E."
        );
        assert_eq!(
            f.text,
            "FidoURL §5.2.2: \"abcdef\" MAY be used in hex encodings, so %2d equals %2D; the canonical form uses uppercase."
        );

        for id in ["lowercase-scheme", "lowercase-host"] {
            assert_ne!(step(id, Profile::Hyvatti), step(id, Profile::Pdf));
        }
        for id in ["encode-nongraphic", "encode-unsafe"] {
            assert_ne!(step(id, Profile::Rfc1738), step(id, Profile::Fido));
        }
        // No row for the active profile: fall back to some row with that id.
        assert_eq!(
            step("uppercase-hex", Profile::Hyvatti).map(|x| x.id),
            Some("uppercase-hex")
        );
        assert_eq!(
            step("fido-question-once", Profile::None).map(|x| x.id),
            Some("fido-question-once")
        );
        assert_eq!(step("no-such-step", Profile::Fido), None);
        // lookup prefers the active profile.
        assert_eq!(lookup("strip-fragment", Profile::Pdf), Some(p));
        assert_eq!(lookup("strip-fragment", Profile::Hyvatti), Some(h));
    }

    #[test]
    fn spot_checks_against_the_spec() {
        // Markdown `\|` and `\\` are the plain characters here.
        assert_eq!(
            step("hyv-keep-raw", Profile::Hyvatti).unwrap().text,
            "Hyvätti leaves this character raw; even RFC 1738's \"unsafe\" '{}|\\^~[]`' are kept \"for readability\"."
        );
        assert!(
            step("hyv-keep-raw", Profile::Hyvatti)
                .unwrap()
                .text
                .contains("'{}|\\^~[]`'")
        );
        assert_eq!(
            step("encode-unsafe", Profile::Fido).unwrap().text,
            "FidoURL §5.2.2.2: '<', '>', '\"', '#', '%' and '{}|\\^~[]`' MUST always be encoded, the last group \"for the sake of Internet compatibility\"."
        );
        assert_eq!(
            step("hyv-keep-encoded", Profile::Hyvatti).unwrap().text,
            "Hyvätti keeps this %XX exactly as written: control, space, 8-bit, '<>\"#%' and reserved ';/?:@=&' octets must not be decoded."
        );
        assert_eq!(
            resolution(ResolveRule::SegmentDotdot).text,
            "URL编码 (an RFC 2396 tutorial) step 9 / RFC 1808 6c: \"segment/../\" cancels out; repeat from the left until none remain."
        );
        assert_eq!(
            class(Class::Unwise, Classification::C2396).text,
            "URL编码 (an RFC 2396 tutorial): gateways sometimes change '{ } | \\ ^ [ ] `' or use them as delimiters; escape them."
        );
        assert_eq!(
            class(Class::UnsafeTransport, Classification::C1738).text,
            "RFC 1738 §2.2: gateways \"are known to sometimes modify\" '{}|\\^~[]`'; always encode them."
        );
        assert_eq!(
            step("strip-file-localhost", Profile::Pdf).unwrap().text,
            "PDF step 5: in a file URL the host \"localhost\" means this machine, so it is removed (file://localhost/x → file:///x)."
        );
        assert_eq!(
            hint(Hint::MustEncode).text,
            "RFC 1738 §2.2: \"All unsafe characters must always be encoded\"; control and 8-bit octets \"must be encoded\"."
        );
        assert_eq!(
            diagnostic(diag::W_AT_IN_USERINFO).text,
            "the userinfo contains '@' (more than one '@' in the authority)"
        );
        // No Markdown escape survived the transcription.
        for x in everything() {
            assert!(!x.text.contains("\\|"), "{}: escaped bar", x.id);
            assert!(!x.text.contains("\\\\"), "{}: escaped backslash", x.id);
        }
    }

    #[test]
    fn class_texts_depend_on_the_classification() {
        let r1738 = class(Class::Reserved, Classification::C1738);
        let r2396 = class(Class::Reserved, Classification::C2396);
        let rfido = class(Class::Reserved, Classification::CFido);
        assert_ne!(r1738.text, r2396.text);
        assert_ne!(r1738.text, rfido.text);
        assert_ne!(r2396.text, rfido.text);
        assert_eq!(
            r1738.text,
            "RFC 1738 §2.2: ';/?:@=&' may have a special meaning in a scheme; as data they must be encoded."
        );
        assert_eq!(
            r2396.text,
            "URL编码 (an RFC 2396 tutorial): '; / ? : @ & = + $ ,' have special meaning; escape them when they are data."
        );
        assert_eq!(
            rfido.text,
            "FidoURL: '?', '=', '&', '@' (in areatags), '/' (some schemes) and '+' (= space) have delimiter roles."
        );
        // excluded-* shares one text; the C-Fido must-encode group shares one text.
        let ex = class(Class::ExcludedDelims, Classification::C2396).text;
        assert_eq!(class(Class::ExcludedSpace, Classification::C2396).text, ex);
        assert_eq!(
            class(Class::ExcludedControl, Classification::C2396).text,
            ex
        );
        let must = class(Class::NoGraphic, Classification::CFido).text;
        assert_eq!(must, "FidoURL §5.2.2.1–2: these octets MUST be encoded.");
        assert_eq!(class(Class::UnsafeSpace, Classification::CFido).text, must);
        assert_eq!(class(Class::Unsafe, Classification::CFido).text, must);
        assert_eq!(
            class(Class::UnsafeTransport, Classification::CFido).text,
            must
        );
        // Under C-1738 the sub-labels keep their own texts.
        assert_ne!(
            class(Class::UnsafeTransport, Classification::C1738).text,
            must
        );
        assert_ne!(class(Class::UnsafeDelim, Classification::C1738).text, must);
        let ip = class(Class::InvalidPercent, Classification::C1738);
        for cn in Classification::ALL {
            assert_eq!(class(Class::InvalidPercent, cn), ip);
        }
        assert_eq!(
            ip.text,
            "'%' must start a %XX triplet; a bare '%' is unsafe and must itself be written %25."
        );
        assert_eq!(
            class(Class::ExcludedSpace, Classification::C2396).id,
            "excluded-space"
        );
    }

    #[test]
    fn class_is_total() {
        for cl in ALL_CLASSES {
            for cn in Classification::ALL {
                let x = class(cl, cn);
                assert!(!x.text.is_empty(), "{cl:?} under {cn:?}");
                assert!(!x.source.is_empty(), "{cl:?} under {cn:?}");
                assert_eq!(x.id, cl.name());
            }
        }
    }

    #[test]
    fn every_hint_and_diagnostic_has_an_entry() {
        for &id in Hint::EVERY {
            let x = hint(id);
            assert_eq!(x.id, id.as_str());
            assert_eq!(lookup(id.as_str(), Profile::Rfc1738), Some(x));
        }
        for id in diag::ALL {
            let x = diagnostic(id);
            assert_eq!(x.id, id.as_str());
            assert!(x.text.chars().count() <= 70, "{id}: status line too long");
            assert_eq!(lookup(id.as_str(), Profile::Pdf), Some(x));
        }
        assert_eq!(lookup("no-such-id", Profile::Fido), None);
    }

    #[test]
    fn texts_are_clean() {
        let all = everything();
        assert!(all.len() > 100);
        for x in all {
            assert!(!x.id.is_empty());
            assert!(!x.text.trim().is_empty(), "{}: empty text", x.id);
            assert!(!x.source.trim().is_empty(), "{}: empty source", x.id);
            for s in [x.id, x.text, x.source] {
                assert!(
                    !s.chars().any(char::is_control),
                    "{}: control character in {s:?}",
                    x.id
                );
            }
            // docs/rules.md, "Sources": sources by name, never by file or tag.
            let names = [SEED000, SEED001, SEED002, "RFC ", "FidoURL §"];
            assert!(
                !x.source.to_lowercase().contains("seed")
                    && names.iter().any(|n| x.source.starts_with(n)),
                "{}: source {:?} is not named as docs/rules.md's Sources says",
                x.id,
                x.source
            );
            assert!(
                !x.text.to_lowercase().contains("seed"),
                "{}: text {:?} cites a seed tag",
                x.id,
                x.text
            );
        }
    }

    #[test]
    fn ids_are_unique_per_table() {
        let resolutions: Vec<Explanation> =
            ResolveRule::EVERY.iter().map(|&r| resolution(r)).collect();
        let hints: Vec<Explanation> = Hint::EVERY.iter().map(|&h| hint(h)).collect();
        for table in [&resolutions[..], &hints[..]] {
            for (i, a) in table.iter().enumerate() {
                assert!(
                    table[i + 1..].iter().all(|b| b.id != a.id),
                    "duplicate {}",
                    a.id
                );
            }
        }
    }
}
