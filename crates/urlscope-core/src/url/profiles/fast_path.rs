//! Which profiles have a fused batch path (`url::fast`), and the call into it.

use super::{Options, Profile};
use crate::url::fast;
use crate::url::syntax::diag::Diag;

/// Append the normalization of `x` under `profile` to `out` and its diagnostics to `flags`, or
/// return `false` having touched neither (the caller then runs the steps).
pub fn normalize_into(
    profile: Profile,
    opts: &Options,
    x: &[u8],
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) -> bool {
    match profile {
        Profile::Pdf => fast::pdf::normalize_into(x, opts, out, flags),
        Profile::Fido => fast::fido::normalize_into(x, out),
        Profile::Hyvatti => fast::hyvatti::normalize_into(x, opts, out),
        Profile::Rfc3986 => fast::rfc3986::normalize_into(x, out, flags),
        Profile::Rfc1738 => fast::rfc1738::normalize_into(x, out),
        // The crawler canonicalizers: their steps on their reference's model, written once.
        p => super::canon::normalize_into(p, opts, x, out, flags),
    }
}
