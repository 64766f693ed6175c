//! The invariants of docs/rules.md as checks, written once for the property and robustness tests (through
//! `tests/common`) and the fuzz targets (`fuzz/src/lib.rs` includes this directory with
//! `#[path]`): spans and the structured parse, unit records, step records and
//! step ids, the batch normalizer, idempotence, RFC 1808 resolution and `D(path)` and F1
//! joining. Each check returns `Err` with a message naming the broken invariant; a
//! property test turns it into a failing case, a fuzz target into a panic. Only `urlscope` and
//! the `url` crate are used, which both crates depend on.

// Each crate that includes these uses a different subset.
#![allow(dead_code, unused_imports)]

/// `return Err(format!(…))` unless `$cond` holds.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)*) => {
        if !$cond {
            return Err(format!($($msg)*));
        }
    };
}

mod paths;
mod spans;
mod steps;

pub use paths::*;
pub use spans::*;
pub use steps::*;

use urlscope_core::canon::W3libOptions;
use urlscope_core::url::notation::encode;
use urlscope_core::{Options, PdfState, Profile};

/// The fixed base of the PDF runs (RFC 1808's example base without its fragment).
pub const BASE: &[u8] = b"http://a/b/c/d;p?q";

/// Every (profile, options) combination: each profile with default options, and PDF without a
/// base and with `BASE`, each with every `PdfState`.
pub fn all_configs() -> Vec<(Profile, Options)> {
    let mut v = Vec::new();
    for p in Profile::ALL {
        if p != Profile::Pdf {
            v.push((p, Options::default()));
        }
    }
    for base in [None, Some(BASE.to_vec())] {
        for pdf_state in PdfState::ALL {
            v.push((
                Profile::Pdf,
                Options {
                    base: base.clone(),
                    pdf_state,
                    ..Options::default()
                },
            ));
        }
    }
    v
}

/// w3lib's keyword options, each changed from its default alone: blank values dropped,
/// fragments kept, `;` as the query separator, a Latin-1 page encoding.
pub fn w3lib_keyword_options() -> [W3libOptions; 4] {
    [
        W3libOptions {
            keep_blank_values: false,
            ..W3libOptions::default()
        },
        W3libOptions {
            keep_fragments: true,
            ..W3libOptions::default()
        },
        W3libOptions {
            query_separator: b';',
            ..W3libOptions::default()
        },
        W3libOptions {
            encoding: Some("latin1".into()),
            ..W3libOptions::default()
        },
    ]
}

/// Does docs/rules.md claim idempotence for this combination? Every profile does, except Hyvätti
/// with host aliases (H6 is applied once) and PDF other than with a base and EncodedOnce.
pub fn idempotence_claimed(p: Profile, o: &Options) -> bool {
    match p {
        Profile::Hyvatti => o.host_aliases.is_empty(),
        Profile::Pdf => o.base.is_some() && o.pdf_state == PdfState::EncodedOnce,
        // The crawler canonicalizers are byte-identical to references that are not idempotent
        // (docs/departures.md, "The crawler canonicalizers"; tests/canon/canon_properties.rs shows
        // each).
        Profile::UcWhatwg
        | Profile::UcGoogle
        | Profile::UcSemanticPrecise
        | Profile::UcSemantic
        | Profile::UcAggressive
        | Profile::Ssurt
        | Profile::Sb4
        | Profile::Surt
        | Profile::W3lib => false,
        _ => true,
    }
}

pub fn describe(p: Profile, o: &Options) -> String {
    format!(
        "{} (base {}, {:?})",
        p.name(),
        o.base.as_deref().map_or("none".to_string(), encode),
        o.pdf_state
    )
}
