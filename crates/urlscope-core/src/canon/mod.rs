//! The canonicalizers crawlers and archives key on (SPEC-CANON): urlcanon's five and its SSURT
//! form, Google Safe Browsing v4, the `surt` package's SURT and w3lib's `canonicalize_url`.
//! Each is a profile of the registry whose step table names the reference function every step
//! follows; the output is byte-identical to the reference on its own test suites.
//!
//! A canonicalizer works on its reference's parsed model of the URL (`Model`): each step edits
//! the model, and the trace writes the model back after every step, so the step log, the diff
//! and the explanations see each step's effect as for any other profile.

pub mod batch;
pub mod idna_host;
pub mod ids;
pub mod ip;
pub mod pct;
pub mod sb4;
pub mod surt;
pub mod table;
pub mod urlcanon;
pub mod w3lib;

pub use ids::CanonStep;
pub use table::{Failure, Model, Row, Table};
