//! Link settings of the `urlscope` binary that Cargo.toml cannot say.
//!
//! On Linux the binary is linked as a position-dependent executable (`-no-pie`). A PIE of this
//! size carries ~29,000 relative relocations (the addresses in its tables, its `dyn` vtables,
//! its static strings' slices): the dynamic loader applies them all at every start, and each
//! page of `.data.rel.ro` it writes is copied first. That was a third of `urlscope --version`'s
//! instructions and most of its page faults, paid before any record is read, and alone: no
//! `--jobs` thread shares it. At a fixed address the linker writes them once. The libraries,
//! the stack and the heap keep their random addresses; only the executable's own image does
//! not (docs/speed.md has the figures). Only the binary: the library, the tests, the examples
//! and the Python extension link as before.
//!
//! Not on musl (the release archive's static binary): rustc links it as a static PIE whose start
//! code relocates the image itself, and `-no-pie` beside that start code gives a binary that
//! crashes before `main`. (Cargo leaves `crt-static` out of `CARGO_CFG_TARGET_FEATURE`, so the
//! target's C library is what tells.)
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let musl = std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "musl");
    if linux && !musl {
        println!("cargo::rustc-link-arg-bin=urlscope=-no-pie");
    }
}
