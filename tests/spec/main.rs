//! The vector suites, one named trial per case under libtest-mimic (so a case can be run by its
//! id: `cargo test --test spec -- H-12`): every `vectors` block of the project's vector files
//! (`spec_vectors`) and the RFC 1808 resolution examples (`rfc1808`).
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups).

mod rfc1808;
mod spec_vectors;

use libtest_mimic::Arguments;

fn main() {
    let args = Arguments::from_args();
    let mut trials = spec_vectors::trials();
    trials.extend(rfc1808::trials());
    libtest_mimic::run(&args, trials).exit();
}
