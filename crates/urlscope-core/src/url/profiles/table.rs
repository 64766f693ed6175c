//! A profile as data (docs/rules.md, "Profiles and step records"): its step table, and the one driver (`run_row`) that runs
//! every row for the traced and the batch path alike.
//!
//! A row says which step it is, which rule ids its edits may carry, when it can make an edit at
//! all, whether it reads a fresh parse, and the function. Steps of one profile share what they
//! learn about the string (PDF's scheme after P3, RFC 3986's split) through the profile's
//! context, made fresh for every run; no step runs or records another.

use std::ops::Range;

use crate::url::profiles::step::{Io, Runner, StepStatus};
use crate::url::rule::Rule;
use crate::url::syntax::tokenize::frame_bounds;

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
    pub id: Rule,
    /// The rule ids the step's edits may carry; `keep-*` rules make no edit.
    pub rules: &'static [Rule],
    pub when: When,
    /// Re-tokenize the current string before the step (its `Io::parsed` is fresh).
    pub parse: bool,
}

/// A step function: reads `io`, writes the next string into `io.out` when it edits.
pub(crate) type StepFn<C> = fn(&mut Io<'_>, &mut C) -> StepStatus;

/// One row: the data and the function.
pub(crate) struct Step<C: 'static> {
    pub info: StepInfo,
    pub run: StepFn<C>,
}

impl<C> Step<C> {
    pub(crate) const fn new(
        id: Rule,
        rules: &'static [Rule],
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
pub(crate) struct Table<C: 'static> {
    pub steps: &'static [Step<C>],
}

/// A step table with its context type erased, as the registry holds it.
pub trait Steps: Sync {
    /// Row `i`, if the table has that many.
    fn row(&self, i: usize) -> Option<&StepInfo>;

    /// How many of the first rows are another table's, which this one is built on (urlcanon
    /// composes its canonicalizers so); 0 for a table of its own.
    fn base_len(&self) -> usize {
        0
    }
}

impl<C> Steps for Table<C> {
    fn row(&self, i: usize) -> Option<&StepInfo> {
        self.steps.get(i).map(|s| &s.info)
    }
}

/// Run one row on the runner's current string: record it as unchanged when its octets are
/// absent, else parse if it asks to, and run its function.
#[inline(always)]
pub(crate) fn run_row<C>(row: &Step<C>, r: &mut Runner, opts: &Options, ctx: &mut C) {
    let info = &row.info;
    if let When::Holds(mask) = info.when
        && !r.any(mask)
    {
        return r.no_change(info.id);
    }
    if info.parse {
        r.parse();
    }
    r.run_step(info.id, opts, |io| (row.run)(io, ctx));
}

/// Defines a profile's step table `$name` over its context `$ctx`, and `$run`, which runs the
/// rows in order through [`run_row`] with a fresh context. The calls are written out one per
/// row, so each step's function is called directly and can be inlined: the batch path costs
/// what hand-written code would.
macro_rules! step_table {
    ($(#[$doc:meta])* $vis:vis $name:ident: $ctx:ty, $run:ident = [$($row:expr),* $(,)?];) => {
        $(#[$doc])*
        $vis const $name: $crate::url::profiles::table::Table<$ctx> =
            $crate::url::profiles::table::Table { steps: &[$($row),*] };

        /// Run the step table on the runner's current string.
        pub(crate) fn $run(r: &mut $crate::url::profiles::step::Runner, opts: &$crate::url::profiles::Options) {
            let mut ctx = <$ctx as Default>::default();
            let mut _row = 0;
            $(
                // `$row` only drives the repetition: one call per row, in order.
                let _ = stringify!($row);
                $crate::url::profiles::table::run_row(&$name.steps[_row], r, opts, &mut ctx);
                _row += 1;
            )*
        }
    };
}
pub(crate) use step_table;

/// The table of the profile `none`: no step.
pub(crate) const NONE: Table<()> = Table { steps: &[] };

/// Runs `NONE`: nothing.
pub(crate) fn run_none(_: &mut Runner, _: &Options) {}

/// Working ranges (docs/rules.md, "Profiles and step records"): the whole input.
pub(crate) fn whole(x: &[u8]) -> Range<usize> {
    0..x.len()
}

/// Working ranges: the input inside its frame (`<URL:…>`, `<…>`, `"…"`) and edge whitespace.
pub(crate) fn framed(x: &[u8]) -> Range<usize> {
    let (a, z) = frame_bounds(x);
    a..z
}
