//! A canonicalizer as data: rows of (step id, function over the reference's model), and a
//! table that is another table plus rows, which is how urlcanon composes its canonicalizers
//! (`semantic = semantic_precise + remove_fragment`). The registry's profiles run these tables
//! (`url::profiles::canon`).

use super::ids::CanonStep;
use super::options::W3libOptions;

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

/// A reference's model of a URL: read from octets, written back to octets (after a form step,
/// in that form).
pub trait Model: Default + 'static {
    /// Read `x` into the model, with w3lib's options.
    fn load(&mut self, x: &[u8], opts: &W3libOptions);
    /// Serialize the model onto `out`.
    fn write(&self, out: &mut Vec<u8>);
}

/// One step: its id and its function over the model.
pub struct Row<M: 'static> {
    /// The step's id.
    pub step: CanonStep,
    /// The step: changes the model, or fails with why.
    pub run: fn(&mut M) -> Result<(), Failure>,
}

impl<M> Row<M> {
    /// A row of `step` run by `run`.
    pub const fn new(step: CanonStep, run: fn(&mut M) -> Result<(), Failure>) -> Row<M> {
        Row { step, run }
    }
}

/// A canonicalizer: the rows of `base` (if any), then its own.
pub struct Table<M: 'static> {
    /// The table whose rows run first (a canonicalizer built on another), if any.
    pub base: Option<&'static Table<M>>,
    /// This table's own rows, after the base's.
    pub own: &'static [Row<M>],
}

impl<M> Table<M> {
    /// The number of rows, the base's included.
    pub fn len(&self) -> usize {
        self.base.map_or(0, |b| b.len()) + self.own.len()
    }

    /// Whether the table has no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i`, counting the base's rows first.
    pub fn nth(&self, i: usize) -> Option<&Row<M>> {
        match self.base {
            Some(b) if i < b.len() => b.nth(i),
            Some(b) => self.own.get(i - b.len()),
            None => self.own.get(i),
        }
    }

    /// Every row in order until `f` says stop; `false` if it did.
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

/// The batch run: the rows on the model, written once. On a failure the output is the model as
/// the failing step left it, and the failure is returned.
pub(crate) fn run_batch<M: Model>(
    t: &'static Table<M>,
    m: &mut M,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    m.load(x, opts);
    let mut failure = Ok(());
    t.for_each(&mut |row| match (row.run)(m) {
        Ok(()) => true,
        Err(f) => {
            failure = Err(f);
            false
        }
    });
    m.write(out);
    failure
}
