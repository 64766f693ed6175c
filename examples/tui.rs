//! Manual run of the inspector: `cargo run --example tui -- 'URL'` (no argument: the example).

use std::os::unix::ffi::OsStringExt;

/// The binary's allocator (src/main.rs says why), so this run behaves as `urlscope` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let input = std::env::args_os().nth(1).map(OsStringExt::into_vec);
    if let Err(e) = urlscope::tui::run(urlscope::tui::LaunchOptions {
        input,
        ..Default::default()
    }) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
