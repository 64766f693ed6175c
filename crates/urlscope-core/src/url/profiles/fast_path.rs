//! Which profiles have a fused batch path (`url::fast`), and the call into it.

use super::{Options, Profile};
use crate::url::fast;
use crate::url::syntax::diag::Diag;

/// How a batch path wrote its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// A canonicalizer's fast path, from a plain URL: printable ASCII only, so no control (and
    /// no record terminator) can be in it.
    Plain,
    /// Any other way.
    Other,
}

/// Append the normalization of `x` under `profile` to `out` and its diagnostics to `flags`, or
/// return `None` having touched neither (the caller then runs the steps).
pub fn normalize_into(
    profile: Profile,
    opts: &Options,
    x: &[u8],
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) -> Option<Written> {
    let fused = match profile {
        Profile::Pdf => fast::pdf::normalize_into(x, opts, out, flags),
        Profile::Fido => fast::fido::normalize_into(x, out),
        Profile::Hyvatti => fast::hyvatti::normalize_into(x, opts, out),
        Profile::Rfc3986 => fast::rfc3986::normalize_into(x, out, flags),
        Profile::Rfc1738 => fast::rfc1738::normalize_into(x, out),
        // Without a base: the profile's W1 step reads the base even when the input has a scheme.
        Profile::Whatwg => opts.base().is_none() && fast::whatwg::href_into(x, out),
        // The crawler canonicalizers: their steps on their reference's model, written once.
        p => return super::canon::normalize_into(p, opts, x, out, flags),
    };
    fused.then_some(Written::Other)
}
