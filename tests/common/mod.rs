//! Shared by `properties.rs`, `robustness.rs`, `hostile_core.rs`, `modern_profiles.rs` and
//! `reference.rs` (its `D(path)` reading), among others: the SPEC invariants as checks
//! (`invariants/`, which the fuzz targets include too).

mod invariants;

pub use invariants::*;
