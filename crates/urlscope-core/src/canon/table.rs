//! A canonicalizer as data: rows of (step id, function over the reference's model), and a
//! table that is another table plus rows, which is how urlcanon composes its canonicalizers
//! (`semantic = semantic_precise + remove_fragment`). The registry's profiles are these tables.

use crate::url::diag::Diag;
use crate::url::diff::replacements;
use crate::url::profiles::Options;
use crate::url::profiles::table::{StepInfo, Steps, When};
use crate::url::rule::Rule;
use crate::url::step::{Runner, StepStatus};

use super::CanonStep;

/// Why a reference raises instead of returning a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// urlcanon prints a negative IPv4 value (`http://-1/`): `AddressValueError`.
    NegativeIpv4,
    /// surt: the port is not a number up to 65535 (`ValueError`).
    SurtPort,
    /// surt: the input is only whitespace (`AttributeError`).
    SurtEmpty,
    /// w3lib: the port is not ASCII digits up to 65535 (`ValueError`).
    W3libPort,
    /// w3lib: the host cannot be parsed (`ValueError`).
    W3libHost,
    /// Safe Browsing: no host, so no lookup expressions.
    SbNoHost,
}

impl Failure {
    pub fn diag(self) -> Diag {
        match self {
            Failure::NegativeIpv4 => Diag::UcNegativeIpv4,
            Failure::SurtPort => Diag::SurtPort,
            Failure::SurtEmpty => Diag::SurtEmpty,
            Failure::W3libPort => Diag::W3libPort,
            Failure::W3libHost => Diag::W3libHost,
            Failure::SbNoHost => Diag::SbNoHost,
        }
    }
}

/// A reference's model of a URL: read from octets, written back to octets (after a form step,
/// in that form).
pub trait Model: Default + 'static {
    fn load(&mut self, x: &[u8], opts: &Options);
    fn write(&self, out: &mut Vec<u8>);
}

/// Every step as a rule id, at its `CanonStep` index.
static STEP_RULES: [Rule; CanonStep::EVERY.len()] = {
    let mut out = [Rule::Canon(CanonStep::EVERY[0]); CanonStep::EVERY.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = Rule::Canon(CanonStep::EVERY[i]);
        i += 1;
    }
    out
};

/// One step: its id and its function over the model.
pub struct Row<M: 'static> {
    pub info: StepInfo,
    pub run: fn(&mut M) -> Result<(), Failure>,
}

impl<M> Row<M> {
    pub const fn new(step: CanonStep, run: fn(&mut M) -> Result<(), Failure>) -> Row<M> {
        Row {
            info: StepInfo {
                id: Rule::Canon(step),
                // A step's edits carry its own id.
                rules: std::slice::from_ref(&STEP_RULES[step as usize]),
                when: When::Always,
                parse: false,
            },
            run,
        }
    }
}

/// A canonicalizer: the rows of `base` (if any), then its own.
pub struct Table<M: 'static> {
    pub base: Option<&'static Table<M>>,
    pub own: &'static [Row<M>],
}

impl<M> Table<M> {
    pub fn rows(&'static self) -> Box<dyn Iterator<Item = &'static Row<M>>> {
        let own = self.own.iter();
        match self.base {
            Some(b) => Box::new(b.rows().chain(own)),
            None => Box::new(own),
        }
    }

    pub fn len(&self) -> usize {
        self.base.map_or(0, |b| b.len()) + self.own.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn nth(&self, i: usize) -> Option<&Row<M>> {
        match self.base {
            Some(b) if i < b.len() => b.nth(i),
            Some(b) => self.own.get(i - b.len()),
            None => self.own.get(i),
        }
    }

    /// Every row in order, without allocating (the batch path).
    #[inline]
    pub fn for_each(&self, f: &mut impl FnMut(&Row<M>) -> bool) -> bool {
        if let Some(b) = self.base
            && !b.for_each(f)
        {
            return false;
        }
        for r in self.own {
            if !f(r) {
                return false;
            }
        }
        true
    }
}

impl<M: Sync> Steps for Table<M> {
    fn row(&self, i: usize) -> Option<&StepInfo> {
        self.nth(i).map(|r| &r.info)
    }
}

/// The traced run: each row edits the model, which is written back and compared with the
/// string before it, so each step's record holds exactly what it changed. After a failure the
/// remaining steps are not applicable.
pub fn run_traced<M: Model>(t: &'static Table<M>, r: &mut Runner, opts: &Options) {
    let mut m = M::default();
    m.load(&r.cur, opts);
    let mut failed = false;
    let mut buf = Vec::new();
    t.for_each(&mut |row| {
        let id = row.info.id;
        if failed {
            r.run_step(id, opts, |_| {
                StepStatus::NotApplicable("an earlier step failed")
            });
            return true;
        }
        r.run_step(id, opts, |io| {
            if let Err(f) = (row.run)(&mut m) {
                failed = true;
                return StepStatus::Error(f.diag());
            }
            buf.clear();
            m.write(&mut buf);
            if buf[..] == io.cur[..] {
                return StepStatus::NoChange;
            }
            if io.log.trace {
                for (from, to) in replacements(io.cur, &buf) {
                    io.log.push(from, &buf[to], id);
                }
            } else {
                io.log.count += 1;
            }
            io.out.extend_from_slice(&buf);
            StepStatus::NoChange
        });
        true
    });
}

/// The batch run: the rows on the model, written once. On a failure the output is the model as
/// the failing step left it, and the failure's diagnostic is raised.
pub fn run_batch<M: Model>(
    t: &'static Table<M>,
    m: &mut M,
    opts: &Options,
    x: &[u8],
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) {
    m.load(x, opts);
    t.for_each(&mut |row| match (row.run)(m) {
        Ok(()) => true,
        Err(f) => {
            flags.push(f.diag());
            false
        }
    });
    m.write(out);
}
