//! The profiles, one entry each: what the command line, the profile bar, the explanation tables
//! and the tests know about a profile besides its steps, and the step table itself.
//!
//! Adding a profile: its module (a step table and the step functions), a `Profile` variant, and
//! one entry here, at the variant's index.

use std::ops::Range;

use super::canon as c;
use super::table::{self, Steps};
use super::{Options, Profile, fido, hyvatti, pdf, rfc1738, rfc3986, whatwg};
use crate::url::classes::Classification;
use crate::url::profiles::step::Runner;
use crate::url::rule::Rule;

pub struct Entry {
    pub profile: Profile,
    /// The command-line name.
    pub name: &'static str,
    /// The label people read.
    pub label: &'static str,
    /// The classification the profile's rules are written in (docs/rules.md, "Character classes and hints").
    pub classification: Classification,
    /// Which part of the input the steps work on (docs/rules.md, "Profiles and step records").
    pub body: fn(&[u8]) -> Range<usize>,
    pub steps: &'static dyn Steps,
    /// Runs `steps` (see `table::step_table`).
    pub run: fn(&mut Runner, &Options),
    /// Rule ids that decide about a unit without editing it, explained for the units a
    /// character pass keeps (the `keep-*` rules).
    pub keeps: &'static [Rule],
}

impl Entry {
    /// Every step and rule id of the profile, each once: the ids its explanation table has a
    /// row for.
    pub fn ids(&self) -> Vec<Rule> {
        let mut out: Vec<Rule> = Vec::new();
        for s in self.profile.steps() {
            for &id in std::iter::once(&s.id).chain(s.rules) {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        for &id in self.keeps {
            if !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }
}

/// How many profiles there are.
pub(crate) const COUNT: usize = 16;

/// In the order of the profile bar: the four historical profiles (docs/rules.md), the two modern
/// ones (docs/lenses.md), then the crawler canonicalizers (docs/canon.md). Where one
/// canonicalizer is another plus steps, its table says so (`Table::base`), once.
pub(crate) static REGISTRY: [Entry; COUNT] = [
    Entry {
        profile: Profile::None,
        name: "none",
        label: "none",
        classification: Classification::C1738,
        body: table::whole,
        steps: &table::NONE,
        run: table::run_none,
        keeps: &[],
    },
    Entry {
        profile: Profile::Rfc1738,
        name: "rfc1738",
        label: "RFC 1738",
        classification: Classification::C1738,
        body: table::framed,
        steps: &rfc1738::TABLE,
        run: rfc1738::run,
        keeps: &[
            rfc1738::FRAGMENT_MARK,
            rfc1738::KEEP_RESERVED,
            rfc1738::KEEP_ENCODED,
        ],
    },
    Entry {
        profile: Profile::Hyvatti,
        name: "hyvatti",
        label: "Hyvätti",
        classification: Classification::C1738,
        body: table::whole,
        steps: &hyvatti::TABLE,
        run: hyvatti::run,
        keeps: &[hyvatti::KEEP_ENCODED, hyvatti::KEEP_RAW],
    },
    Entry {
        profile: Profile::Pdf,
        name: "pdf",
        label: "PDF",
        classification: Classification::C1738,
        body: table::framed,
        steps: &pdf::TABLE,
        run: pdf::run,
        keeps: &[],
    },
    Entry {
        profile: Profile::Fido,
        name: "fido",
        label: "FidoURL",
        classification: Classification::CFido,
        body: fido::body,
        steps: &fido::TABLE,
        run: fido::run,
        keeps: &[],
    },
    Entry {
        profile: Profile::Rfc3986,
        name: "rfc3986",
        label: "RFC 3986",
        classification: Classification::C3986,
        // M1 unwraps the whole text itself.
        body: table::whole,
        steps: &rfc3986::TABLE,
        run: rfc3986::run,
        keeps: &[],
    },
    Entry {
        profile: Profile::Whatwg,
        name: "whatwg",
        label: "WHATWG",
        classification: Classification::CWhatwg,
        // The parser reads the whole text.
        body: table::whole,
        steps: &whatwg::TABLE,
        run: whatwg::run,
        keeps: &[],
    },
    Entry {
        profile: Profile::UcWhatwg,
        name: "uc-whatwg",
        label: "urlcanon whatwg",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::UC_WHATWG,
        run: c::run_uc_whatwg,
        keeps: &[],
    },
    Entry {
        profile: Profile::UcGoogle,
        name: "uc-google",
        label: "urlcanon google",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::UC_GOOGLE,
        run: c::run_uc_google,
        keeps: &[],
    },
    Entry {
        profile: Profile::UcSemanticPrecise,
        name: "uc-semantic-precise",
        label: "urlcanon semantic_precise",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::UC_SEMANTIC_PRECISE,
        run: c::run_uc_semantic_precise,
        keeps: &[],
    },
    Entry {
        profile: Profile::UcSemantic,
        name: "uc-semantic",
        label: "urlcanon semantic",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::UC_SEMANTIC,
        run: c::run_uc_semantic,
        keeps: &[],
    },
    Entry {
        profile: Profile::UcAggressive,
        name: "uc-aggressive",
        label: "urlcanon aggressive",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::UC_AGGRESSIVE,
        run: c::run_uc_aggressive,
        keeps: &[],
    },
    Entry {
        profile: Profile::Ssurt,
        name: "ssurt",
        label: "SSURT",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::SSURT,
        run: c::run_ssurt,
        keeps: &[],
    },
    Entry {
        profile: Profile::Sb4,
        name: "sb4",
        label: "Safe Browsing v4",
        classification: Classification::CWhatwg,
        body: table::whole,
        steps: &c::SB4,
        run: c::run_sb4,
        keeps: &[],
    },
    Entry {
        profile: Profile::Surt,
        name: "surt",
        label: "SURT",
        classification: Classification::C3986,
        body: table::whole,
        steps: &c::SURT,
        run: c::run_surt,
        keeps: &[],
    },
    Entry {
        profile: Profile::W3lib,
        name: "w3lib",
        label: "w3lib",
        classification: Classification::C3986,
        body: table::whole,
        steps: &c::W3LIB,
        run: c::run_w3lib,
        keeps: &[],
    },
];

/// `Profile::ALL`: the registry's order.
pub(crate) const fn all() -> [Profile; COUNT] {
    let mut out = [Profile::None; COUNT];
    let mut i = 0;
    while i < REGISTRY.len() {
        out[i] = REGISTRY[i].profile;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::profiles::table::When;

    /// urlcanon composes its canonicalizers (docs/canon.md): each is read back from the tables.
    #[test]
    fn built_on_names_the_composition_once() {
        let on = |p: Profile| p.built_on().map(|(q, n)| (q.name(), n));
        let precise = Profile::UcSemanticPrecise.steps().count();
        assert_eq!(
            on(Profile::UcSemantic),
            Some(("uc-semantic-precise", precise))
        );
        let semantic = Profile::UcSemantic.steps().count();
        assert_eq!(on(Profile::UcAggressive), Some(("uc-semantic", semantic)));
        let whatwg = Profile::UcWhatwg.steps().count();
        assert_eq!(on(Profile::Ssurt), Some(("uc-whatwg", whatwg)));
        // Safe Browsing starts with urlcanon google's steps but one.
        let google = Profile::UcGoogle.steps().count();
        assert_eq!(on(Profile::Sb4), Some(("uc-google", google - 1)));
        for p in [
            Profile::UcWhatwg,
            Profile::W3lib,
            Profile::Rfc3986,
            Profile::None,
        ] {
            assert_eq!(on(p), None, "{}", p.name());
        }
    }

    #[test]
    fn each_entry_sits_at_its_variants_index() {
        for (i, e) in REGISTRY.iter().enumerate() {
            assert_eq!(e.profile as usize, i, "{}", e.name);
            assert!(std::ptr::eq(e.profile.entry(), e));
        }
    }

    /// A step id and the rule ids its edits may carry.
    type SpecStep = (&'static str, &'static [&'static str]);

    /// The historical and modern profiles' steps in order (docs/rules.md, docs/lenses.md), with the
    /// rule ids their edits may carry (`keep-*` rules make no edit).
    #[rustfmt::skip]
    const EXPECTED: [(Profile, &[SpecStep]); 7] = [ // the canonicalizers: canon::tests
        (Profile::None, &[]),
        (Profile::Rfc1738, &[
            ("rfc1738-char-pass", &["encode-nongraphic", "encode-unsafe", "decode-safe"]),
            ("uppercase-hex", &["uppercase-hex"]),
        ]),
        (Profile::Hyvatti, &[
            ("strip-fragment", &["strip-fragment"]),
            ("strip-wrapper", &["strip-wrapper"]),
            ("hyv-char-pass", &["hyv-decode", "hyv-encode"]),
            ("lowercase-scheme", &["lowercase-scheme"]),
            ("lowercase-host", &["lowercase-host"]),
            ("unique-host", &["unique-host"]),
            ("strip-port-80", &["strip-port-80"]),
        ]),
        (Profile::Pdf, &[
            ("make-absolute", &["make-absolute"]),
            ("strip-fragment", &["strip-fragment"]),
            ("lowercase-scheme", &["lowercase-scheme"]),
            ("lowercase-host", &["lowercase-host"]),
            ("strip-file-localhost", &["strip-file-localhost"]),
            ("strip-default-port", &["strip-default-port"]),
            ("remove-dot-segments", &["remove-dot-segments"]),
            ("single-encoding-pass", &["single-encoding-pass"]),
        ]),
        (Profile::Fido, &[
            ("fido-join-continuations", &["fido-join-continuations", "fido-continuation"]),
            // `encode-unsafe` here is the core's documented departure (docs/departures.md,
            // "Where urlscope departs from a literal reading of its sources"): F5's rule applied in F2 to an invalid '%' that a decode
            // would otherwise turn into a triplet.
            ("decode-unneeded", &["decode-unneeded", "encode-unsafe"]),
            ("encode-nongraphic", &["encode-nongraphic"]),
            ("fido-space-as-plus", &["fido-space-as-plus"]),
            ("encode-unsafe", &["encode-unsafe"]),
            ("fido-encode-misplaced-reserved", &["fido-question-once", "fido-equals-placement", "fido-ampersand-placement", "fido-at-in-areatag"]),
            ("fido-keep-plus-encoded", &[]),
            ("fido-break-triple-minus", &["fido-break-triple-minus"]),
            ("uppercase-hex", &["uppercase-hex"]),
        ]),
        (Profile::Rfc3986, &[
            ("rfc3986-unwrap", &["strip-edge-whitespace", "unwrap-frame", "remove-wrapped-whitespace"]),
            ("rfc3986-split", &[]),
            ("rfc3986-encode", &["encode-non-ascii", "encode-control", "encode-disallowed", "encode-invalid-percent"]),
            ("uppercase-hex", &["uppercase-hex"]),
            ("decode-unreserved", &["decode-unreserved"]),
            ("lowercase-scheme-host", &["lowercase-scheme-host"]),
            ("rfc3986-remove-dot-segments", &["rfc3986-remove-dot-segments"]),
            ("drop-default-port", &["drop-default-port"]),
            ("empty-path-slash", &["empty-path-slash"]),
        ]),
        (Profile::Whatwg, &[
            ("whatwg-octets", &["encode-invalid-utf8"]),
            ("whatwg-parse", &[
                "whatwg-strip-c0-space",
                "whatwg-remove-tab-newline",
                "whatwg-lowercase-scheme",
                "whatwg-backslash",
                "whatwg-insert-slashes",
                "whatwg-percent-encode-c0-control",
                "whatwg-percent-encode-fragment",
                "whatwg-percent-encode-query",
                "whatwg-percent-encode-special-query",
                "whatwg-percent-encode-path",
                "whatwg-percent-encode-userinfo",
                "whatwg-percent-encode-component",
                "whatwg-percent-encode-form",
                "whatwg-host-domain-to-ascii",
                "whatwg-host-ipv4",
                "whatwg-host-ipv6",
                "whatwg-host-opaque",
                "whatwg-host-empty",
                "whatwg-default-port",
                "whatwg-credentials",
                "whatwg-dot-segment",
                "whatwg-drive-letter",
                "whatwg-from-base",
                "whatwg-path-serialization",
                "whatwg-dropped",
                "whatwg-serialize",
            ]),
        ]),
    ];

    #[test]
    fn tables_follow_the_spec() {
        for (p, spec) in EXPECTED {
            let table: Vec<(&str, Vec<&str>)> = p
                .steps()
                .map(|s| (s.id.as_str(), s.rules.iter().map(|r| r.as_str()).collect()))
                .collect();
            let spec: Vec<(&str, Vec<&str>)> = spec
                .iter()
                .map(|(id, rules)| (*id, rules.to_vec()))
                .collect();
            assert_eq!(table, spec, "{}", p.name());
        }
    }

    #[test]
    fn step_rows_are_well_formed() {
        for e in &REGISTRY {
            let rows: Vec<_> = e.profile.steps().collect();
            assert!(e.steps.row(rows.len()).is_none());
            for (k, s) in rows.iter().enumerate() {
                assert!(
                    rows[..k].iter().all(|t| t.id != s.id),
                    "{}: step {} twice",
                    e.name,
                    s.id
                );
                if let When::Holds(mask) = s.when {
                    assert!(mask != 0, "{}: {} can never run", e.name, s.id);
                }
            }
        }
    }
}
