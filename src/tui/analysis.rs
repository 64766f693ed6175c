//! Everything the panes show about one input, computed in one go (off the UI thread when the
//! input is large) and shared read-only with the view.

use std::sync::Arc;

use crate::url::diff::{self, UnitDiff};
use crate::url::{Options, Outcome, Parsed, Profile, normalize, octets, tokenize};

/// What to analyse. `generation` orders requests; a newer analysis replaces an older one.
#[derive(Clone, Debug)]
pub struct Request {
    pub generation: u64,
    pub input: Arc<Vec<u8>>,
    pub profile: Profile,
    pub options: Options,
}

/// The tokenization, the profile's outcome, the before/after diff and the unit index.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub generation: u64,
    pub input: Arc<Vec<u8>>,
    pub profile: Profile,
    pub options: Options,
    pub parsed: Parsed,
    pub outcome: Outcome,
    pub diff: UnitDiff,
    /// Start offset of every unit of the input, for the character strip's grid.
    pub unit_starts: Vec<u32>,
    /// Tokenizer warnings then profile diagnostics, without duplicates.
    pub diagnostics: Vec<&'static str>,
}

impl Analysis {
    /// Index of the unit containing byte `pos` (the last unit when `pos` is at the end).
    pub fn unit_index(&self, pos: usize) -> usize {
        let i = self.unit_starts.partition_point(|&s| (s as usize) <= pos);
        i.saturating_sub(1)
    }

    /// Byte range of unit `i`.
    pub fn unit_range(&self, i: usize) -> std::ops::Range<usize> {
        let start = self
            .unit_starts
            .get(i)
            .map_or(self.input.len(), |&s| s as usize);
        let end = self
            .unit_starts
            .get(i + 1)
            .map_or(self.input.len(), |&s| s as usize);
        start..end
    }
}

/// Run the whole analysis for `req` (linear in the input, apart from the bounded diff).
pub fn analyse(req: &Request) -> Analysis {
    let x: &[u8] = &req.input;
    let parsed = tokenize(x);
    let outcome = normalize(x, req.profile, &req.options);
    let diff = diff::diff_outcome(x, &outcome);
    let unit_starts = octets::units(x).map(|u| u.start as u32).collect();
    let mut diagnostics: Vec<&'static str> = Vec::new();
    for d in parsed.warnings.iter().chain(outcome.flags.iter()) {
        if *d == crate::url::diag::W_TRIPLE_MINUS && req.profile != Profile::Fido {
            continue;
        }
        if !diagnostics.contains(d) {
            diagnostics.push(d);
        }
    }
    Analysis {
        generation: req.generation,
        input: req.input.clone(),
        profile: req.profile,
        options: req.options.clone(),
        parsed,
        outcome,
        diff,
        unit_starts,
        diagnostics,
    }
}
