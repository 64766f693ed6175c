//! The `urlscope` binary: all of it lives in `urlscope::cli`.

fn main() {
    std::process::exit(urlscope::cli::main());
}
