//! Manual run of the inspector: `cargo run --example tui -- 'URL'` (no argument: the example).

use std::os::unix::ffi::OsStringExt;

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
