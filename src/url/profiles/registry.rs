//! The profiles, one entry each: what the command line, the profile bar, the explanation tables
//! and the tests know about a profile besides its steps, and the step table itself.
//!
//! Adding a profile: its module (a step table and the step functions), a `Profile` variant, and
//! one entry here, at the variant's index.

use std::ops::Range;

use super::table::{self, Steps};
use super::{Profile, fido, hyvatti, pdf, rfc1738, rfc3986, whatwg};
use crate::url::classes::Classification;

pub struct Entry {
    pub profile: Profile,
    /// The command-line name.
    pub name: &'static str,
    /// The label people read.
    pub label: &'static str,
    /// The classification the profile's rules are written in (SPEC §2.2).
    pub classification: Classification,
    /// Which part of the input the steps work on (SPEC §3.0 "Frames").
    pub body: fn(&[u8]) -> Range<usize>,
    pub steps: &'static dyn Steps,
}

/// In the order of the profile bar and the Alt+0…Alt+6 keys: the four historical profiles of
/// SPEC §3, then the two modern ones of SPEC-MODERN §9.
pub static REGISTRY: [Entry; 7] = [
    Entry {
        profile: Profile::None,
        name: "none",
        label: "none",
        classification: Classification::C1738,
        body: table::whole,
        steps: &table::NONE,
    },
    Entry {
        profile: Profile::Rfc1738,
        name: "rfc1738",
        label: "RFC 1738",
        classification: Classification::C1738,
        body: table::framed,
        steps: &rfc1738::TABLE,
    },
    Entry {
        profile: Profile::Hyvatti,
        name: "hyvatti",
        label: "Hyvätti",
        classification: Classification::C1738,
        body: table::whole,
        steps: &hyvatti::TABLE,
    },
    Entry {
        profile: Profile::Pdf,
        name: "pdf",
        label: "PDF",
        classification: Classification::C1738,
        body: table::framed,
        steps: &pdf::TABLE,
    },
    Entry {
        profile: Profile::Fido,
        name: "fido",
        label: "FidoURL",
        classification: Classification::CFido,
        body: fido::body,
        steps: &fido::TABLE,
    },
    Entry {
        profile: Profile::Rfc3986,
        name: "rfc3986",
        label: "RFC 3986",
        // RFC 2396's sets are RFC 3986's closest relatives among the three.
        classification: Classification::C2396,
        // M1 unwraps the whole text itself.
        body: table::whole,
        steps: &rfc3986::TABLE,
    },
    Entry {
        profile: Profile::Whatwg,
        name: "whatwg",
        label: "WHATWG",
        classification: Classification::C2396,
        // The parser reads the whole text.
        body: table::whole,
        steps: &whatwg::TABLE,
    },
];

/// `Profile::ALL`: the registry's order.
pub const fn all() -> [Profile; 7] {
    let mut out = [Profile::None; 7];
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

    #[test]
    fn each_entry_sits_at_its_variants_index() {
        for (i, e) in REGISTRY.iter().enumerate() {
            assert_eq!(e.profile as usize, i, "{}", e.name);
            assert!(std::ptr::eq(e.profile.entry(), e));
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
