//! Shared by the `core` group (`properties`, `robustness`, `hostile_core`, `reference` with its
//! `D(path)` reading, among others) and `modern_profiles`: the invariants as checks
//! (`invariants/`, which the fuzz targets include too).

mod invariants;

pub use invariants::*;
