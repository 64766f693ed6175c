//! The canonicalizers crawlers and archives key on (SPEC-CANON): urlcanon's five and its SSURT
//! form, Google Safe Browsing v4, the `surt` package's SURT and w3lib's `canonicalize_url`.
//! Each is a table of named steps over its reference's model of the URL, and the output is
//! byte-identical to the reference on its own test suites.
//!
//! This folder knows nothing of the profile registry: `url::profiles::canon` makes each table a
//! profile, runs it traced (writing the model back after every step, so the step log, the diff
//! and the explanations see each step's effect) and in batch (`batch`).

pub mod batch;
pub mod fast;
pub mod idna_host;
pub mod ids;
pub mod ip;
pub mod options;
pub mod pct;
pub mod sb4;
pub mod surt;
pub mod table;
pub mod urlcanon;
pub mod w3lib;

pub use ids::CanonStep;
pub use options::W3libOptions;
pub use table::{Failure, Model, Row, Table};

/// The canonicalizers, one per profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Canonicalizer {
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
