//! Shared by `properties.rs`, `robustness.rs`, `hostile_core.rs` and `modern_profiles.rs`: the
//! SPEC invariants as checks (`invariants/`, which the fuzz targets include too).

mod invariants;

pub use invariants::*;
