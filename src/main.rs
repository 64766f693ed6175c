//! The `urlscope` binary: all of it lives in `urlscope::cli`.

fn main() {
    // A copy re-runs the binary as a background clipboard server (see `clipboard::serve`).
    #[cfg(all(
        unix,
        not(any(target_os = "macos", target_os = "android", target_os = "emscripten"))
    ))]
    if let Some(code) = urlscope::clipboard::serve::run_if_asked() {
        std::process::exit(code);
    }
    std::process::exit(urlscope::cli::main());
}
