//! `cargo xtask web`: the classroom page in `target/web/` (docs/web.md): the URL core built for
//! `wasm32-unknown-unknown`, its JavaScript glue from `wasm-bindgen` (the command of the same
//! version as the crate in Cargo.lock, installed from crates.io when missing), the page's files
//! from `crates/urlscope-web/www/`, and the themes' colours as CSS.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{Context, Fail, Result, cargo, output, root, run, target_dir};

const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// What the page may weigh, gzipped, in all (docs/web.md).
pub const BUDGET_GZIP: u64 = 3_000_000;

pub fn run_task() -> Result<()> {
    let root = root();
    let target = target_dir();
    let site = target.join("web");
    ensure_wasm_target()?;
    run(
        cargo().current_dir(&root).args([
            "build",
            "--locked",
            "--profile",
            "wasm",
            "--target",
            WASM_TARGET,
            "-p",
            "urlscope-web",
        ]),
        "install Rust with rustup (https://rustup.rs)",
    )?;
    let wasm = target
        .join(WASM_TARGET)
        .join("wasm")
        .join("urlscope_web.wasm");
    let bindgen = wasm_bindgen(&root, &target)?;
    if site.exists() {
        fs::remove_dir_all(&site).context(format!("remove {}", site.display()))?;
    }
    let pkg = site.join("pkg");
    run(
        Command::new(&bindgen)
            .args(["--target", "web", "--no-typescript", "--out-dir"])
            .arg(&pkg)
            .arg(&wasm),
        "cargo xtask web installs it",
    )?;
    copy_dir(&root.join("crates/urlscope-web/www"), &site)?;
    let theme = crate::web_theme::theme_css(&root.join("themes")).map_err(Fail)?;
    fs::write(site.join("theme.css"), theme).context("write theme.css")?;
    let (files, gzipped) = weigh(&site)?;
    eprintln!(
        "xtask: wrote {} ({files} files, {} KB gzipped; the budget is {} KB)",
        site.display(),
        gzipped / 1000,
        BUDGET_GZIP / 1000
    );
    if gzipped > BUDGET_GZIP {
        return Err(Fail(format!(
            "the site is {} KB gzipped, over its budget of {} KB",
            gzipped / 1000,
            BUDGET_GZIP / 1000
        )));
    }
    Ok(())
}

/// rustup adds the WebAssembly target when this toolchain lacks it.
fn ensure_wasm_target() -> Result<()> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = output(
        Command::new(rustc).args(["--print", "sysroot"]),
        "install Rust",
    )?;
    let lib = Path::new(sysroot.trim())
        .join("lib/rustlib")
        .join(WASM_TARGET);
    if lib.is_dir() {
        return Ok(());
    }
    run(
        Command::new("rustup").args(["target", "add", WASM_TARGET]),
        "install Rust with rustup (https://rustup.rs), or add the wasm32-unknown-unknown target \
         to your toolchain",
    )
}

/// The `wasm-bindgen` crate's version in Cargo.lock: its command must be the same version.
pub fn locked_version(lock: &str) -> Result<String> {
    let lock: toml::Table = toml::from_str(lock).map_err(|e| Fail(format!("Cargo.lock: {e}")))?;
    lock.get("package")
        .and_then(|p| p.as_array())
        .into_iter()
        .flatten()
        .filter_map(|p| p.as_table())
        .find(|p| p.get("name").and_then(|n| n.as_str()) == Some("wasm-bindgen"))
        .and_then(|p| p.get("version")?.as_str().map(str::to_owned))
        .ok_or_else(|| Fail("Cargo.lock holds no wasm-bindgen package".into()))
}

/// Whether `--version`'s answer (`wasm-bindgen 0.2.130`) is `version`.
fn is_version(program: &Path, version: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .is_some_and(|o| {
            String::from_utf8_lossy(&o.stdout).split_whitespace().nth(1) == Some(version)
        })
}

/// The `wasm-bindgen` command of the locked version: on `PATH`, in `target/web-tools/bin`, or
/// installed there now with `cargo install` (crates are all this fetches).
fn wasm_bindgen(root: &Path, target: &Path) -> Result<PathBuf> {
    let lock = fs::read_to_string(root.join("Cargo.lock")).context("read Cargo.lock")?;
    let version = locked_version(&lock)?;
    let exe = format!("wasm-bindgen{}", std::env::consts::EXE_SUFFIX);
    if let Some(p) = crate::process::find_on_path("wasm-bindgen")
        && is_version(&p, &version)
    {
        return Ok(p);
    }
    let tools = target.join("web-tools");
    let ours = tools.join("bin").join(&exe);
    if is_version(&ours, &version) {
        return Ok(ours);
    }
    // A debug build: it compiles in half the time, and runs in seconds on the page's module.
    // Not --locked: the tool's own lockfile may name a version a registry mirror has yanked.
    run(
        cargo()
            .args(["install", "--debug", "--root"])
            .arg(&tools)
            .arg("wasm-bindgen-cli")
            .arg(format!("--version=={version}")),
        "install Rust with rustup (https://rustup.rs)",
    )?;
    if is_version(&ours, &version) {
        Ok(ours)
    } else {
        Err(Fail(format!(
            "{} is not wasm-bindgen {version} after installing it",
            ours.display()
        )))
    }
}

/// Copy the files of `from` into `to`, folders included.
fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).context(format!("create {}", to.display()))?;
    for entry in fs::read_dir(from).context(format!("read {}", from.display()))? {
        let entry = entry.context(format!("read {}", from.display()))?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest)?;
        } else {
            fs::copy(&path, &dest).context(format!("copy {}", path.display()))?;
        }
    }
    Ok(())
}

/// The number of files under `dir` and their size gzipped, each on its own (as a server sends
/// them).
fn weigh(dir: &Path) -> Result<(usize, u64)> {
    let mut files = 0;
    let mut total = 0;
    for entry in fs::read_dir(dir).context(format!("read {}", dir.display()))? {
        let path = entry.context(format!("read {}", dir.display()))?.path();
        if path.is_dir() {
            let (f, t) = weigh(&path)?;
            files += f;
            total += t;
        } else {
            let bytes = fs::read(&path).context(format!("read {}", path.display()))?;
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            gz.write_all(&bytes).context("gzip")?;
            total += gz.finish().context("gzip")?.len() as u64;
            files += 1;
        }
    }
    Ok((files, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locked_wasm_bindgen_is_read_from_the_lockfile() {
        let lock = r#"
version = 4

[[package]]
name = "wasm-bindgen-macro"
version = "0.2.99"

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
"#;
        assert_eq!(locked_version(lock).unwrap(), "0.2.130");
        assert!(locked_version("version = 4\n").is_err());
    }

    #[test]
    fn the_repository_lockfile_pins_one_wasm_bindgen() {
        let lock = fs::read_to_string(root().join("Cargo.lock")).unwrap();
        let v = locked_version(&lock).unwrap();
        assert!(v.starts_with("0.2."), "{v}");
    }
}
