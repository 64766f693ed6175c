//! The untraced path of the canonicalizers: the fast path (`fast`) for plain URLs, else a
//! table's steps on the model, written once; one model per thread, reused from record to record.
//! The fast path keeps its own scratch buffers (`fast::with_scratch`), so a record it takes
//! never touches the models.

use std::cell::RefCell;

use super::fast;
use super::options::W3libOptions;
use super::surt::SurtUrl;
use super::table::{Failure, run_batch};
use super::urlcanon::UcUrl;
use super::w3lib::W3Url;
use super::{AnyTable, Canonicalizer};

/// A thread's models.
#[derive(Default)]
struct Models {
    uc: UcUrl,
    surt: SurtUrl,
    w3: W3Url,
}

thread_local! {
    static MODELS: RefCell<Models> = RefCell::new(Models::default());
}

/// Append `c`'s canonicalization of `x` to `out`; `Ok(true)` where the fast path wrote it (from
/// a plain URL: the output is then printable ASCII).
#[inline]
pub(crate) fn canonicalize_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, Failure> {
    if fast_into(c, opts, x, out) {
        return Ok(true);
    }
    canonicalize_by_steps(c, opts, x, out).map(|()| false)
}

/// The fast path: `false` (nothing written) where it declines `x`. No reference fails on a
/// plain URL.
#[inline(always)]
fn fast_into(c: Canonicalizer, opts: &W3libOptions, x: &[u8], out: &mut Vec<u8>) -> bool {
    if c == Canonicalizer::W3lib {
        // w3lib reads a shape of its own.
        return fast::w3lib::run(x, opts, out);
    }
    if c == Canonicalizer::Surt {
        // SURT writes its key as it reads the shape.
        return fast::surt::run(x, out);
    }
    let Some(p) = fast::split(x) else {
        return false;
    };
    fast::urlcanon::run(c, x, &p, out)
}

/// The steps of `c`'s table on its model, written once.
fn steps_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    m: &mut Models,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    match c.table() {
        AnyTable::Uc(t) => run_batch(t, &mut m.uc, opts, x, out),
        AnyTable::Surt(t) => run_batch(t, &mut m.surt, opts, x, out),
        AnyTable::W3lib(t) => run_batch(t, &mut m.w3, opts, x, out),
    }
}

/// The step-by-step untraced run of `c` (no fast path): what the fast path must equal.
#[inline(never)]
pub(crate) fn canonicalize_by_steps(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    MODELS.with_borrow_mut(|m| steps_into(c, opts, x, m, out))
}

/// The fast path alone: `None` where it declines `x`.
#[cfg(test)]
pub(crate) fn canonicalize_fast(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Option<Result<(), Failure>> {
    fast_into(c, opts, x, out).then_some(Ok(()))
}
