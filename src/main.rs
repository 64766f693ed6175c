//! Temporary dispatch until the command line lands: `urlscope [URL]` opens the inspector.

use std::os::unix::ffi::OsStringExt;

fn main() {
    let input = std::env::args_os().nth(1).map(OsStringExt::into_vec);
    let opts = urlscope::tui::LaunchOptions {
        input,
        ..Default::default()
    };
    if let Err(e) = urlscope::tui::run(opts) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
