//! The diagnostics of one input as every front end lists them (docs/rules.md, "Diagnostics"): the tokenizer's and
//! the profile's, in one order. Here rather than beside the ids in `syntax::diag`, since which
//! ones count depends on the profile.

use crate::url::profiles::Profile;
use crate::url::syntax::diag::{Diag, W_TRIPLE_MINUS};
use crate::url::syntax::tokenize::Parsed;

/// The diagnostics of one input as every front end lists them: the tokenizer's
/// warnings, then the profile's flags, each once; a tearline (`W-triple-minus`) matters to
/// FidoURL only.
pub fn diagnostics(parsed: &Parsed, profile: Profile, flags: &[Diag]) -> Vec<Diag> {
    let mut out: Vec<Diag> = Vec::new();
    for &id in parsed.warnings.iter().chain(flags) {
        if (id == W_TRIPLE_MINUS && profile != Profile::Fido) || out.contains(&id) {
            continue;
        }
        out.push(id);
    }
    out
}

/// The warnings (`W-`) among [`diagnostics`], in its order: what `--warnings` reports and
/// `explain` lists apart from the errors.
pub fn warnings(parsed: &Parsed, profile: Profile, flags: &[Diag]) -> Vec<Diag> {
    let mut out = diagnostics(parsed, profile, flags);
    out.retain(|d| !d.is_error());
    out
}
