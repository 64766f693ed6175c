//! The compare view's data (`m`): every profile's result for the input, the units of each that
//! differ from the active profile's result, and the groups of profiles that agree. Computed in
//! the analysis (on the worker for a large input), only while the view is open.

use std::ops::Range;

use urlscope_core::url::Diag;
use urlscope_core::url::diff;
use urlscope_core::{Options, Outcome, Profile, normalize};

/// One profile's row: its output, its first error, and the units that differ from the active
/// profile's output.
#[derive(Clone, Debug)]
pub struct ProfileRow {
    pub profile: Profile,
    pub output: Vec<u8>,
    pub error: Option<Diag>,
    pub marked: Vec<Range<usize>>,
}

/// Each profile's row, in profile order, and the groups of identical results.
#[derive(Clone, Debug)]
pub struct Compared {
    pub rows: Vec<ProfileRow>,
    pub groups: Vec<Vec<Profile>>,
}

/// The units of `after` that differ from `before`: the core's diff of two results (Myers, or
/// the trimmed middle when the difference is too long to trace).
pub fn marked_units(before: &[u8], after: &[u8]) -> Vec<Range<usize>> {
    diff::between(before, after).inserted
}

/// The profiles of the inspector's compare view and picker: every profile, in the registry's
/// order (sources, today, crawlers).
pub const INSPECTOR: [Profile; Profile::ALL.len()] = Profile::ALL;

/// The profiles with a digit of their own on the profile bar (`0`–`6`, Alt+0–Alt+6): the
/// sources and today's two. The others are chosen in the picker.
pub const DIGITS: [Profile; 7] = {
    let mut out = [Profile::None; 7];
    let mut i = 0;
    while i < out.len() {
        out[i] = Profile::ALL[i];
        i += 1;
    }
    out
};

/// Every profile of the inspector over `x` with `options`; `active` (whose outcome is already computed) is the
/// reference the other results are marked against.
pub fn compare(x: &[u8], options: &Options, active: Profile, outcome: &Outcome) -> Compared {
    let outputs: Vec<(Profile, Vec<u8>, Option<Diag>)> = INSPECTOR
        .into_iter()
        .map(|p| {
            if p == active {
                return (p, outcome.output.clone(), outcome.errors().next());
            }
            let o = normalize(x, p, options);
            let err = o.errors().next();
            (p, o.output, err)
        })
        .collect();
    let mut groups: Vec<Vec<Profile>> = Vec::new();
    let mut keys: Vec<(&[u8], Option<Diag>)> = Vec::new();
    for (p, out, err) in &outputs {
        match keys.iter().position(|k| *k == (out.as_slice(), *err)) {
            Some(i) => groups[i].push(*p),
            None => {
                keys.push((out, *err));
                groups.push(vec![*p]);
            }
        }
    }
    let reference = outcome.output.as_slice();
    let rows = outputs
        .iter()
        .map(|(p, out, err)| ProfileRow {
            profile: *p,
            // An error row shows the error, not its output: nothing to mark.
            marked: if err.is_some() {
                Vec::new()
            } else {
                marked_units(reference, out)
            },
            output: out.clone(),
            error: *err,
        })
        .collect();
    Compared { rows, groups }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_active_row_is_unmarked_and_groups_cover_every_profile() {
        let x = b"HTTP://WWW.Example.COM:80/a/./b/../%7e c";
        let opts = Options::default();
        let outcome = normalize(x, Profile::Rfc1738, &opts);
        let c = compare(x, &opts, Profile::Rfc1738, &outcome);
        assert_eq!(c.rows.len(), INSPECTOR.len());
        let active = c
            .rows
            .iter()
            .find(|r| r.profile == Profile::Rfc1738)
            .unwrap();
        assert!(active.marked.is_empty());
        assert_eq!(active.output, outcome.output);
        let none = c.rows.iter().find(|r| r.profile == Profile::None).unwrap();
        assert!(
            !none.marked.is_empty(),
            "no profile changes differ from RFC 1738's"
        );
        let n: usize = c.groups.iter().map(Vec::len).sum();
        assert_eq!(n, INSPECTOR.len());
    }
}
