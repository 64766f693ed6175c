//! The untraced path of the canonicalizers: the fast path (`fast`) for plain URLs, else a
//! table's steps on the model, written once; one model and one set of buffers per thread, so
//! they are reused from record to record.

use std::cell::RefCell;

use super::fast::{self, Scratch};
use super::options::W3libOptions;
use super::surt::{self, SurtUrl};
use super::table::{Failure, run_batch};
use super::urlcanon::{self, UcUrl};
use super::w3lib::{self, W3Url};
use super::{Canonicalizer, sb4};

/// A thread's models and scratch buffers.
#[derive(Default)]
struct Models {
    uc: UcUrl,
    surt: SurtUrl,
    w3: W3Url,
    scratch: Scratch,
}

thread_local! {
    static MODELS: RefCell<Models> = RefCell::new(Models::default());
}

/// Append `c`'s canonicalization of `x` to `out`; `Ok(true)` where the fast path wrote it (from
/// a plain URL: the output is then printable ASCII).
#[inline]
pub fn canonicalize_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, Failure> {
    if c == Canonicalizer::W3lib {
        // w3lib's fast path reads its own shape and needs none of the thread's models.
        if fast::w3lib::run(x, opts, out) {
            return Ok(true);
        }
        return canonicalize_by_steps(c, opts, x, out).map(|()| false);
    }
    with_models(c, opts, x, out)
}

/// The fast path where it takes `x`, else the steps, on the thread's models.
#[inline(never)]
fn with_models(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, Failure> {
    MODELS.with_borrow_mut(|m| {
        if let Some(r) = fast_into(c, opts, x, m, out) {
            return r.map(|()| true);
        }
        steps_into(c, opts, x, m, out).map(|()| false)
    })
}

/// The fast path, or `None` (nothing written) where it declines `x`.
fn fast_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    m: &mut Models,
    out: &mut Vec<u8>,
) -> Option<Result<(), Failure>> {
    if c == Canonicalizer::W3lib {
        return fast::w3lib::run(x, opts, out).then_some(Ok(()));
    }
    let p = fast::split(x)?;
    let taken = match c {
        Canonicalizer::Surt => {
            fast::surt::run(x, &p, &mut m.scratch, out);
            true
        }
        _ => fast::urlcanon::run(c, x, &p, &mut m.scratch, out),
    };
    // No reference fails on a plain URL.
    taken.then_some(Ok(()))
}

/// The steps of `c`'s table on its model, written once.
fn steps_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    m: &mut Models,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let uc = match c {
        Canonicalizer::UcWhatwg => &urlcanon::WHATWG,
        Canonicalizer::UcGoogle => &urlcanon::GOOGLE,
        Canonicalizer::UcSemanticPrecise => &urlcanon::SEMANTIC_PRECISE,
        Canonicalizer::UcSemantic => &urlcanon::SEMANTIC,
        Canonicalizer::UcAggressive => &urlcanon::AGGRESSIVE,
        Canonicalizer::Ssurt => &urlcanon::SSURT,
        Canonicalizer::Sb4 => &sb4::SB4,
        Canonicalizer::Surt => return run_batch(&surt::SURT, &mut m.surt, opts, x, out),
        Canonicalizer::W3lib => return run_batch(&w3lib::W3LIB, &mut m.w3, opts, x, out),
    };
    run_batch(uc, &mut m.uc, opts, x, out)
}

/// The step-by-step untraced run of `c` (no fast path): what the fast path must equal.
#[inline(never)]
pub fn canonicalize_by_steps(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    MODELS.with_borrow_mut(|m| steps_into(c, opts, x, m, out))
}

/// The fast path alone: `None` where it declines `x`.
pub fn canonicalize_fast(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
    out: &mut Vec<u8>,
) -> Option<Result<(), Failure>> {
    MODELS.with_borrow_mut(|m| fast_into(c, opts, x, m, out))
}
