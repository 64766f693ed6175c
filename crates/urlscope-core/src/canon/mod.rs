//! The canonicalizers crawlers and archives key on (docs/canon.md): urlcanon's five and its SSURT
//! form, Google Safe Browsing v4, the `surt` package's SURT and w3lib's `canonicalize_url`.
//! Each is a table of named steps over its reference's model of the URL, and the output is
//! byte-identical to the reference on its own test suites.
//!
//! This folder knows nothing of the profile registry: `url::profiles::canon` makes each table a
//! profile, runs it traced (writing the model back after every step, so the step log, the diff
//! and the explanations see each step's effect) and in batch (`batch`).

pub(crate) mod batch;
pub(crate) mod fast;
pub(crate) mod idna_host;
pub(crate) mod ids;
pub(crate) mod ip;
pub(crate) mod options;
pub(crate) mod pct;
pub(crate) mod sb4;
pub(crate) mod surt;
pub(crate) mod table;
pub(crate) mod urlcanon;
pub(crate) mod w3lib;

pub(crate) use ids::CanonStep;
pub use options::W3libOptions;
pub use table::Failure;
pub use table::Model;
pub use table::Row;
pub use table::Table;

use surt::SurtUrl;
use urlcanon::UcUrl;
use w3lib::W3Url;

/// The canonicalizers, one per profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Canonicalizer {
    UcWhatwg,
    UcGoogle,
    UcSemanticPrecise,
    UcSemantic,
    UcAggressive,
    Ssurt,
    Sb4,
    Surt,
    W3lib,
}

/// A canonicalizer's table of steps, with the model it runs on.
#[derive(Clone, Copy)]
pub(crate) enum AnyTable {
    Uc(&'static Table<UcUrl>),
    Surt(&'static Table<SurtUrl>),
    W3lib(&'static Table<W3Url>),
}

impl Canonicalizer {
    /// Its table: the one place that says which table each canonicalizer runs (the traced run,
    /// the registry's step rows and the batch's steps all read it here).
    pub(crate) const fn table(self) -> AnyTable {
        match self {
            Canonicalizer::UcWhatwg => AnyTable::Uc(&urlcanon::WHATWG),
            Canonicalizer::UcGoogle => AnyTable::Uc(&urlcanon::GOOGLE),
            Canonicalizer::UcSemanticPrecise => AnyTable::Uc(&urlcanon::SEMANTIC_PRECISE),
            Canonicalizer::UcSemantic => AnyTable::Uc(&urlcanon::SEMANTIC),
            Canonicalizer::UcAggressive => AnyTable::Uc(&urlcanon::AGGRESSIVE),
            Canonicalizer::Ssurt => AnyTable::Uc(&urlcanon::SSURT),
            Canonicalizer::Sb4 => AnyTable::Uc(&sb4::SB4),
            Canonicalizer::Surt => AnyTable::Surt(&surt::SURT),
            Canonicalizer::W3lib => AnyTable::W3lib(&w3lib::W3LIB),
        }
    }
}

pub use w3lib::known_encoding;

#[cfg(test)]
mod tests;
