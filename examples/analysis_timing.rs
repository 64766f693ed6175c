//! The inspector's whole re-analysis of the 1 MiB bench input (`benches/tui.rs`), per profile,
//! in a fresh process as the inspector's worker runs it: each analysis is dropped before the
//! next, so what the allocator keeps or hands back shows. Prints p10 and median of 40 runs.
//!
//! `cargo run --release --example analysis_timing`

use std::time::Instant;
use urlscope::tui::analysis::{Request, analyse};
use urlscope_core::{Classification, Options, Profile};

#[path = "../benches/support/inputs.rs"]
mod inputs;

/// The binary's allocator (src/main.rs says why), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let x = std::sync::Arc::new(inputs::one_mib());
    for p in Profile::ALL {
        let req = Request::new(1, x.clone(), p, Options::default(), Classification::C1738);
        let mut t = Vec::new();
        for _ in 0..40 {
            let s = Instant::now();
            let a = analyse(&req);
            t.push(s.elapsed().as_secs_f64() * 1e3);
            drop(a);
        }
        t.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{:8} p10 {:6.2} ms  median {:6.2} ms",
            p.name(),
            t[4],
            t[20]
        );
    }
}
