//! The compare-with mode's data (Ctrl+T): the URL line against the second line's URL
//! by every profile, RFC 3986 §6.2's ladder and the WHATWG parser (`modern::same`), with the
//! units where each pair of results differs. Computed in the analysis (on the worker for a
//! large input), only while the mode is on.

use std::ops::Range;

use urlscope_core::Options;
use urlscope_core::url::diff;
use urlscope_core::{Sameness, same};

/// Where two results differ: the units of the first that the second lacks, and the other way
/// round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Differs {
    pub in_a: Vec<Range<usize>>,
    pub in_b: Vec<Range<usize>>,
}

impl Differs {
    /// The core's diff of two results (Myers, or the trimmed middle when too long to trace).
    pub fn of(a: &[u8], b: &[u8]) -> Differs {
        let d = diff::between(a, b);
        Differs {
            in_a: d.deleted,
            in_b: d.inserted,
        }
    }
}

#[derive(Clone, Debug)]
pub struct WithOther {
    /// The URL compared with (the second line's text).
    pub other: Vec<u8>,
    pub sameness: Sameness,
    /// Per profile (in `Profile::ALL` order): where its two results differ.
    pub profiles: Vec<Differs>,
    /// Per rung (in `Rung::ALL` order): where the two strings after that rung differ.
    pub rungs: Vec<Differs>,
}

/// The input against `other` every way urlscope knows.
pub fn compare_with(x: &[u8], other: &[u8], options: &Options) -> WithOther {
    let sameness = same(x, other, options);
    let profiles = sameness
        .profiles
        .iter()
        .map(|p| Differs::of(&p.output_a, &p.output_b))
        .collect();
    let l = &sameness.ladder;
    let rungs = l
        .forms_a
        .iter()
        .zip(&l.forms_b)
        .map(|(a, b)| Differs::of(a, b))
        .collect();
    WithOther {
        other: other.to_vec(),
        sameness,
        profiles,
        rungs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlscope_core::Profile;

    #[test]
    fn marks_only_where_the_results_differ() {
        let c = compare_with(b"http://a/b?x", b"http://a/c?x", &Options::default());
        let p = &c.profiles[Profile::Rfc3986 as usize];
        assert_eq!(p.in_a, vec![9..10]);
        assert_eq!(p.in_b, vec![9..10]);
        let same = compare_with(b"HTTP://A/b", b"http://a/b", &Options::default());
        assert!(same.sameness.profile(Profile::Rfc3986).equal);
        assert!(same.profiles[Profile::Rfc3986 as usize].in_a.is_empty());
    }
}
