//! The untraced path of the canonicalizers: the table's steps on the model, written once.

use std::cell::RefCell;

use crate::url::diag::Diag;
use crate::url::profiles::Profile;

use super::surt::{self, SurtUrl};
use super::table::run_batch;
use super::urlcanon::{self, UcUrl};
use super::w3lib::{self, W3Url};
use crate::url::profiles::Options;

thread_local! {
    /// One model per thread, so its field buffers are reused from record to record.
    static UC: RefCell<UcUrl> = RefCell::new(UcUrl::default());
    static SURT: RefCell<SurtUrl> = RefCell::new(SurtUrl::default());
    static W3: RefCell<W3Url> = RefCell::new(W3Url::default());
}

/// Append `profile`'s canonicalization of `x` to `out` (its diagnostics to `flags`); `false`
/// for a profile that is not a canonicalizer.
pub fn normalize_into(
    profile: Profile,
    opts: &Options,
    x: &[u8],
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) -> bool {
    let table = match profile {
        Profile::UcWhatwg => &urlcanon::WHATWG,
        Profile::UcGoogle => &urlcanon::GOOGLE,
        Profile::UcSemanticPrecise => &urlcanon::SEMANTIC_PRECISE,
        Profile::UcSemantic => &urlcanon::SEMANTIC,
        Profile::UcAggressive => &urlcanon::AGGRESSIVE,
        Profile::Ssurt => &urlcanon::SSURT,
        Profile::Sb4 => &super::sb4::SB4,
        Profile::Surt => {
            SURT.with_borrow_mut(|m| run_batch(&surt::SURT, m, opts, x, out, flags));
            return true;
        }
        Profile::W3lib => {
            W3.with_borrow_mut(|m| run_batch(&w3lib::W3LIB, m, opts, x, out, flags));
            return true;
        }
        _ => return false,
    };
    UC.with_borrow_mut(|m| run_batch(table, m, opts, x, out, flags));
    true
}
