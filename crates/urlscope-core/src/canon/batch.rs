//! The untraced path of the canonicalizers: a table's steps on the model, written once, with
//! one model per thread so its buffers are reused from record to record.

use std::cell::RefCell;

use super::options::W3libOptions;
use super::surt::{self, SurtUrl};
use super::table::{Failure, run_batch};
use super::urlcanon::{self, UcUrl};
use super::w3lib::{self, W3Url};
use super::{Canonicalizer, sb4};

thread_local! {
    static UC: RefCell<UcUrl> = RefCell::new(UcUrl::default());
    static SURT: RefCell<SurtUrl> = RefCell::new(SurtUrl::default());
    static W3: RefCell<W3Url> = RefCell::new(W3Url::default());
}

/// Append `c`'s canonicalization of `x` to `out`.
pub fn canonicalize_into(
    c: Canonicalizer,
    opts: &W3libOptions,
    x: &[u8],
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
        Canonicalizer::Surt => {
            return SURT.with_borrow_mut(|m| run_batch(&surt::SURT, m, opts, x, out));
        }
        Canonicalizer::W3lib => {
            return W3.with_borrow_mut(|m| run_batch(&w3lib::W3LIB, m, opts, x, out));
        }
    };
    UC.with_borrow_mut(|m| run_batch(uc, m, opts, x, out))
}
