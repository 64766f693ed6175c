//! The `urlscope` binary: all of it lives in `urlscope::cli`.

/// mimalloc keeps the pages a freed analysis used for the next one. With the system allocator a
/// long input's analysis (tens of MB of edits and records, freed at every keystroke) faulted
/// its memory in afresh each time: 2–3× slower in the inspector's worker (docs/speed.md). The
/// binary chooses it, not the library: a library must not choose its users' allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
