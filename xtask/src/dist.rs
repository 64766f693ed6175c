//! `cargo xtask dist [--target TRIPLE]`: the release archive of one target.
//!
//! `target/dist/urlscope-VERSION-TARGET.tar.gz` holds, under `urlscope-VERSION-TARGET/`, the
//! binary, its shell completions (`complete/`), its man pages (`man/`), README.md, LICENSE and
//! CHANGELOG.md; `….tar.gz.sha256` beside it holds its SHA-256. On Linux the default target is
//! the host's architecture with musl: a static binary that runs on any Linux.
//!
//! The completions and man pages are the binary's own (`urlscope completions SHELL`,
//! `urlscope man [SUBCOMMAND]`). For a target the host cannot run, a host build writes them:
//! they depend on the command line only, not on the target.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::archive;
use crate::process::{self, Context, Fail, Result, cargo, find_on_path, root, target_dir};

/// The shells whose completions the archive holds, with the file name each shell looks for.
const COMPLETIONS: [(&str, &str); 5] = [
    ("bash", "urlscope.bash"),
    ("zsh", "_urlscope"),
    ("fish", "urlscope.fish"),
    ("elvish", "urlscope.elv"),
    ("powershell", "_urlscope.ps1"),
];

/// The documents copied from the repository root.
const DOCUMENTS: [&str; 3] = ["README.md", "LICENSE", "CHANGELOG.md"];

/// Builds the archive for `target` (by default the host's, with musl on Linux).
pub fn run(target: Option<String>) -> Result<()> {
    let host = process::host_triple()?;
    let target = target.unwrap_or_else(|| default_target(&host));
    check_target_installed(&target)?;
    let c_compiler = musl_c_compiler(&target, &host)?;

    let root = root();
    let version = process::package_version(&root.join("Cargo.toml"))?;
    let name = format!("urlscope-{version}-{target}");

    let mut build = cargo();
    build
        .current_dir(&root)
        .args(["build", "--release", "--locked", "--bin", "urlscope"])
        .args(["--target", &target]);
    if let Some((var, cc)) = &c_compiler {
        build.env(var, cc);
    }
    process::run(&mut build, "install Rust with rustup (https://rustup.rs)")?;
    let exe = format!("urlscope{}", exe_suffix(&target));
    let binary = target_dir().join(&target).join("release").join(&exe);

    let writer = docs_writer(&root, &binary)?;
    let dist = target_dir().join("dist");
    let stage = dist.join(&name);
    if stage.exists() {
        std::fs::remove_dir_all(&stage).context(format!("remove {}", stage.display()))?;
    }
    std::fs::create_dir_all(stage.join("complete"))
        .context(format!("create {}", stage.display()))?;
    std::fs::create_dir_all(stage.join("man")).context(format!("create {}", stage.display()))?;
    copy(&binary, &stage.join(&exe))?;
    for doc in DOCUMENTS {
        copy(&root.join(doc), &stage.join(doc))?;
    }
    for (shell, file) in COMPLETIONS {
        let script = capture(&writer, &["completions", shell])?;
        write(&stage.join("complete").join(file), &script)?;
    }
    write_man_pages(&writer, &stage.join("man"))?;

    let archive = dist.join(format!("{name}.tar.gz"));
    archive::write_tar_gz(&stage, &name, &archive)?;
    std::fs::remove_dir_all(&stage).context(format!("remove {}", stage.display()))?;
    let (sum_file, hex) = archive::write_sha256(&archive)?;
    let size = std::fs::metadata(&archive)
        .context(archive.display())?
        .len();
    println!("{} ({} bytes)", archive.display(), size);
    println!("{}  sha256 {hex}", sum_file.display());
    Ok(())
}

/// The host's own target, except on Linux: the same architecture with musl (a static binary).
fn default_target(host: &str) -> String {
    match host.strip_suffix("-unknown-linux-gnu") {
        Some(arch) => format!("{arch}-unknown-linux-musl"),
        None => host.to_string(),
    }
}

fn exe_suffix(target: &str) -> &'static str {
    if target.contains("windows") {
        ".exe"
    } else {
        ""
    }
}

/// With rustup, the target's standard library must be installed; without rustup (a distribution's
/// Rust) cargo says itself what is missing.
fn check_target_installed(target: &str) -> Result<()> {
    if find_on_path("rustup").is_none() {
        return Ok(());
    }
    let installed = process::output(
        Command::new("rustup").args(["target", "list", "--installed"]),
        "",
    )?;
    if installed.lines().any(|l| l.trim() == target) {
        Ok(())
    } else {
        Err(Fail(format!(
            "the Rust standard library for {target} is not installed: run `rustup target add {target}`"
        )))
    }
}

/// mimalloc's C code is compiled for the target: on musl that needs a musl C compiler. Returns the
/// `CC_<target>` setting to build with (`musl-gcc` for the host's own architecture, which cc-rs
/// would not pick by itself), or `None` when cc-rs finds the compiler unaided or the user chose
/// one with `CC_<target>`.
fn musl_c_compiler(target: &str, host: &str) -> Result<Option<(String, String)>> {
    if !target.ends_with("-linux-musl") {
        return Ok(None);
    }
    let var = format!("CC_{}", target.replace('-', "_"));
    if std::env::var_os(&var).is_some() || std::env::var_os("TARGET_CC").is_some() {
        return Ok(None);
    }
    let arch = target.split('-').next().unwrap_or(target);
    let native = host.starts_with(&format!("{arch}-")) && host.contains("-linux-");
    if native {
        if find_on_path("musl-gcc").is_some() {
            return Ok(Some((var, "musl-gcc".to_string())));
        }
        return Err(Fail(format!(
            "building for {target} needs a musl C compiler for mimalloc's C code: `musl-gcc` is \
             not on PATH (Debian and Ubuntu: `apt-get install musl-tools`), or set {var}"
        )));
    }
    let cross = format!("{arch}-linux-musl-gcc");
    if find_on_path(&cross).is_some() {
        return Ok(None);
    }
    Err(Fail(format!(
        "cross-building for {target} needs a musl C compiler for mimalloc's C code: `{cross}` is \
         not on PATH; install a musl cross toolchain, or build on a {arch} Linux machine with \
         musl-tools, or set {var}"
    )))
}

/// The binary that writes the completions and man pages: the one just built where the host runs
/// it, otherwise a host build.
fn docs_writer(root: &Path, binary: &Path) -> Result<PathBuf> {
    if Command::new(binary)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return Ok(binary.to_path_buf());
    }
    eprintln!(
        "xtask: this machine cannot run {}; a host build writes the completions and man pages",
        binary.display()
    );
    process::run(
        cargo()
            .current_dir(root)
            .args(["build", "--release", "--locked", "--bin", "urlscope"]),
        "install Rust with rustup (https://rustup.rs)",
    )?;
    Ok(target_dir()
        .join("release")
        .join(format!("urlscope{}", std::env::consts::EXE_SUFFIX)))
}

/// `urlscope(1)` and a page for each subcommand that the top page lists (clap adds `help`, which
/// has no page of its own).
fn write_man_pages(writer: &Path, dir: &Path) -> Result<()> {
    let top = capture(writer, &["man"])?;
    write(&dir.join("urlscope.1"), &top)?;
    let subcommands = listed_subcommands(&String::from_utf8_lossy(&top));
    if subcommands.is_empty() {
        return Err(Fail(
            "`urlscope man` lists no subcommand pages (its SUBCOMMANDS section changed?)".into(),
        ));
    }
    for sub in subcommands.iter().filter(|s| *s != "help") {
        let page = capture(writer, &["man", sub])?;
        write(&dir.join(format!("urlscope-{sub}.1")), &page)?;
    }
    Ok(())
}

/// The subcommands named in a man page's `urlscope\-NAME(1)` references, in order.
fn listed_subcommands(page: &str) -> Vec<String> {
    page.lines()
        .filter_map(|l| l.trim().strip_prefix("urlscope\\-")?.strip_suffix("(1)"))
        .map(|s| s.replace("\\-", "-"))
        .collect()
}

/// Runs the binary with `args` and returns what it printed.
fn capture(binary: &Path, args: &[&str]) -> Result<Vec<u8>> {
    let out = Command::new(binary)
        .args(args)
        .output()
        .context(format!("run {}", binary.display()))?;
    if out.status.success() && !out.stdout.is_empty() {
        Ok(out.stdout)
    } else {
        Err(Fail(format!(
            "`urlscope {}` failed ({}): {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )))
    }
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to).map(drop).context(format!(
        "copy {} to {}",
        from.display(),
        to.display()
    ))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).context(format!("write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linux_builds_default_to_musl_elsewhere_to_the_host() {
        assert_eq!(
            default_target("x86_64-unknown-linux-gnu"),
            "x86_64-unknown-linux-musl"
        );
        assert_eq!(
            default_target("aarch64-unknown-linux-gnu"),
            "aarch64-unknown-linux-musl"
        );
        assert_eq!(
            default_target("aarch64-apple-darwin"),
            "aarch64-apple-darwin"
        );
        assert_eq!(
            default_target("x86_64-pc-windows-msvc"),
            "x86_64-pc-windows-msvc"
        );
    }

    #[test]
    fn subcommands_are_read_from_the_pages_references() {
        let page = ".SH SUBCOMMANDS\n.TP\nurlscope\\-normalize(1)\nBatch normalization\n.TP\n\
                    urlscope\\-help(1)\nPrint this message\n.SH VERSION\nv0.1.0\n";
        assert_eq!(listed_subcommands(page), ["normalize", "help"]);
    }

    #[test]
    fn gnu_targets_need_no_musl_compiler() {
        assert_eq!(
            musl_c_compiler("x86_64-unknown-linux-gnu", "x86_64-unknown-linux-gnu").unwrap(),
            None
        );
        assert_eq!(
            musl_c_compiler("aarch64-apple-darwin", "x86_64-apple-darwin").unwrap(),
            None
        );
    }
}
