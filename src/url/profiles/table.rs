//! A profile as data (SPEC §3.0): its step table, and the one driver that runs any table for
//! the traced and the batch path alike.
//!
//! A row says which step it is, which rule ids its edits may carry, when it can make an edit at
//! all, whether it reads a fresh parse, and the function. Steps of one profile share what they
//! learn about the string (PDF's scheme after P3, RFC 3986's split) through the profile's
//! context, made fresh for every run; no step runs or records another.

use std::ops::Range;

use crate::url::step::{Io, Runner, StepStatus};
use crate::url::tokenize::frame_bounds;

use super::Options;

/// When a step can edit at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    /// Only if the string holds an octet of this `octets::set` mask; otherwise the step is
    /// recorded as making no change without being run (the recorded result is the same).
    Holds(u32),
}

/// The data of one row of a step table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub id: &'static str,
    /// The rule ids the step's edits may carry (SPEC §6.1); `keep-*` rules make no edit.
    pub rules: &'static [&'static str],
    pub when: When,
    /// Re-tokenize the current string before the step (its `Io::parsed` is fresh).
    pub parse: bool,
}

/// A step function: reads `io`, writes the next string into `io.out` when it edits.
pub type StepFn<C> = fn(&mut Io<'_>, &mut C) -> StepStatus;

/// One row: the data and the function.
pub struct Step<C: 'static> {
    pub info: StepInfo,
    pub run: StepFn<C>,
}

impl<C> Step<C> {
    pub const fn new(
        id: &'static str,
        rules: &'static [&'static str],
        when: When,
        parse: bool,
        run: StepFn<C>,
    ) -> Step<C> {
        Step {
            info: StepInfo {
                id,
                rules,
                when,
                parse,
            },
            run,
        }
    }
}

/// A profile's steps in order, over its context type `C`.
pub struct Table<C: 'static> {
    pub steps: &'static [Step<C>],
}

/// A step table with its context type erased, as the registry holds it.
pub trait Steps: Sync {
    /// Run every step on the runner's current string.
    fn run(&self, r: &mut Runner, opts: &Options);
    /// Row `i`, if the table has that many.
    fn row(&self, i: usize) -> Option<&StepInfo>;
}

impl<C: Default> Steps for Table<C> {
    fn run(&self, r: &mut Runner, opts: &Options) {
        let mut ctx = C::default();
        for step in self.steps {
            let info = &step.info;
            if let When::Holds(mask) = info.when
                && !r.any(mask)
            {
                r.no_change(info.id);
                continue;
            }
            if info.parse {
                r.parse();
            }
            r.run_step(info.id, opts, |io| (step.run)(io, &mut ctx));
        }
    }

    fn row(&self, i: usize) -> Option<&StepInfo> {
        self.steps.get(i).map(|s| &s.info)
    }
}

/// The table of the profile `none`: no step.
pub const NONE: Table<()> = Table { steps: &[] };

/// Working ranges (SPEC §3.0 "Frames"): the whole input.
pub fn whole(x: &[u8]) -> Range<usize> {
    0..x.len()
}

/// Working ranges: the input inside its frame (`<URL:…>`, `<…>`, `"…"`) and edge whitespace.
pub fn framed(x: &[u8]) -> Range<usize> {
    let (a, z) = frame_bounds(x);
    a..z
}
