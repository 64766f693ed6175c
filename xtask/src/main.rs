//! urlscope's release tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`):
//!
//! - `dist [--target TRIPLE]`: the release archive and its SHA-256 in `target/dist/`;
//! - `wheels [--compatibility POLICY] [--zig | --no-zig]`: the Python wheel and sdist in `target/wheels/`;
//! - `web`: the classroom page, the URL core in WebAssembly, in `target/web/` (docs/web.md);
//! - `changelog-section VERSION`: CHANGELOG.md's section of a version (the release's notes).
//!
//! docs/release.md says how a release is cut and what each workflow makes with these.

mod archive;
mod changelog;
mod dist;
mod process;
mod web;
mod wheels;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "urlscope's release tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the release archive: target/dist/urlscope-VERSION-TARGET.tar.gz and its .sha256
    /// (the binary, shell completions, man pages, README.md, LICENSE, CHANGELOG.md).
    Dist {
        /// The target to build for [default: this machine's; on Linux with musl, a static binary].
        #[arg(long, value_name = "TRIPLE")]
        target: Option<String>,
    },
    /// Build the Python package's abi3 wheel (manylinux on Linux, checked by auditwheel) and its
    /// sdist into target/wheels/.
    Wheels {
        /// The manylinux policy the Linux wheel must meet.
        #[arg(long, value_name = "POLICY", default_value = "manylinux_2_28")]
        compatibility: String,
        /// Link with zig (PyPI's ziglang) against the policy's glibc [default on Linux, where a
        /// native link takes this machine's glibc symbols, often newer than the policy's].
        #[arg(long, conflicts_with = "no_zig")]
        zig: bool,
        /// Link natively (in a manylinux container, whose glibc is the policy's).
        #[arg(long)]
        no_zig: bool,
    },
    /// Build the classroom page into target/web/: the URL core in WebAssembly, its JavaScript
    /// API and the page (docs/web.md).
    Web,
    /// Print CHANGELOG.md's section of VERSION (a leading `v`, as in a tag, is dropped).
    ChangelogSection {
        /// The version, e.g. 0.2.0 or v0.2.0.
        version: String,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::Dist { target } => dist::run(target),
        Task::Wheels {
            compatibility,
            zig,
            no_zig,
        } => wheels::run(&wheels::Options {
            compatibility,
            zig: zig || (cfg!(target_os = "linux") && !no_zig),
        }),
        Task::Web => web::run_task(),
        Task::ChangelogSection { version } => changelog::run(&version),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
