//! The resolve view's data (`r`): the base's components, the reference resolved
//! against it under each rule set (docs/lenses.md) with the units that differ from RFC
//! 1808's result. Computed in the analysis (on the worker for a large input), only while the
//! view is open; the reference is the analysed input.

use std::ops::Range;

use crate::tui::analysis::compare::marked_units;
use urlscope_core::url::{Rules, resolve_by};
use urlscope_core::{Parsed, Resolution, tokenize};

/// One rule set's resolution and the units of its result that differ from RFC 1808's.
#[derive(Clone, Debug)]
pub struct ByRules {
    pub rules: Rules,
    pub resolution: Resolution,
    pub marked: Vec<Range<usize>>,
}

#[derive(Clone, Debug)]
pub struct Resolved {
    /// The base line's octets (empty: no base).
    pub base: Vec<u8>,
    pub base_parsed: Parsed,
    /// In `Rules::ALL` order: RFC 1808 §4 first.
    pub by_rules: Vec<ByRules>,
}

impl Resolved {
    /// The RFC 1808 §4 resolution, with its rule ids and dot steps.
    pub fn rfc1808(&self) -> &Resolution {
        &self.by_rules[0].resolution
    }
}

pub fn resolve_all(base: &[u8], reference: &[u8]) -> Resolved {
    let results: Vec<(Rules, Resolution)> = Rules::ALL
        .iter()
        .map(|&r| (r, resolve_by(r, base, reference)))
        .collect();
    let first = results[0].1.output.clone();
    let by_rules = results
        .into_iter()
        .enumerate()
        .map(|(i, (rules, resolution))| ByRules {
            rules,
            marked: if i == 0 || resolution.error.is_some() {
                Vec::new()
            } else {
                marked_units(&first, &resolution.output)
            },
            resolution,
        })
        .collect();
    Resolved {
        base: base.to_vec(),
        base_parsed: tokenize(base),
        by_rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc1808_first_and_unmarked() {
        let r = resolve_all(b"http://a/b/c/d;p?q", b"../g");
        assert_eq!(r.by_rules.len(), Rules::ALL.len());
        assert_eq!(r.by_rules[0].rules, Rules::Rfc1808);
        assert!(r.by_rules[0].marked.is_empty());
        assert_eq!(r.rfc1808().output, b"http://a/b/g");
        assert!(r.rfc1808().merged_path.is_some());
    }
}
