//! Running the tools a task drives (cargo, rustc, maturin, pip), finding them on `PATH`, and the
//! one error type every task reports through: a missing tool is a sentence that names the tool
//! and how to install it, never a panic.

use std::ffi::OsStr;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why a task stopped: one message for the user.
#[derive(Debug)]
pub struct Fail(pub String);

impl fmt::Display for Fail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A task's result.
pub type Result<T> = std::result::Result<T, Fail>;

/// Adds what was being done to an I/O error.
pub trait Context<T> {
    /// The error, prefixed with `what` (e.g. "write target/dist/x.tar.gz").
    fn context(self, what: impl fmt::Display) -> Result<T>;
}

impl<T> Context<T> for std::io::Result<T> {
    fn context(self, what: impl fmt::Display) -> Result<T> {
        self.map_err(|e| Fail(format!("{what}: {e}")))
    }
}

/// The repository root: the folder above this crate's.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ lies inside the repository")
        .to_path_buf()
}

/// Cargo's target folder: `CARGO_TARGET_DIR` (relative to the repository root) or `target/`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// The cargo that runs this task (cargo sets `CARGO` for what it runs), or `cargo` on `PATH`.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The executable `name` on `PATH` (with `.exe` on Windows), if there is one.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(&file))
        .find(|p| p.is_file())
}

/// Runs `cmd` with its output shown; a failure to start says which tool is missing and `hint`
/// (how to install it), a non-zero exit says which command failed.
pub fn run(cmd: &mut Command, hint: &str) -> Result<()> {
    eprintln!("$ {}", shown(cmd));
    let status = cmd.status().map_err(|e| not_started(cmd, &e, hint))?;
    if status.success() {
        Ok(())
    } else {
        Err(Fail(format!("`{}` failed ({status})", shown(cmd))))
    }
}

/// Runs `cmd` quietly and returns its standard output; a non-zero exit returns its standard error.
pub fn output(cmd: &mut Command, hint: &str) -> Result<String> {
    let out = cmd.output().map_err(|e| not_started(cmd, &e, hint))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(Fail(format!(
            "`{}` failed ({}): {}",
            shown(cmd),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )))
    }
}

fn not_started(cmd: &Command, e: &std::io::Error, hint: &str) -> Fail {
    let program = Path::new(cmd.get_program())
        .file_name()
        .unwrap_or(cmd.get_program())
        .to_string_lossy()
        .into_owned();
    if e.kind() == std::io::ErrorKind::NotFound {
        Fail(format!(
            "`{program}` is not installed or not on PATH: {hint}"
        ))
    } else {
        Fail(format!("could not run `{program}`: {e}"))
    }
}

/// The command line as a user would type it (for the log and for messages).
fn shown(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(OsStr::to_string_lossy)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The host's target triple, as rustc names it.
pub fn host_triple() -> Result<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let info = output(
        Command::new(rustc).arg("-vV"),
        "install Rust with rustup (https://rustup.rs)",
    )?;
    info.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .ok_or_else(|| Fail("`rustc -vV` printed no host triple".into()))
}

/// The version of the package whose manifest is `manifest` (its `[package] version`).
pub fn package_version(manifest: &Path) -> Result<String> {
    let text = std::fs::read_to_string(manifest).context(manifest.display())?;
    let doc: toml::Table = text
        .parse()
        .map_err(|e| Fail(format!("{}: {e}", manifest.display())))?;
    doc.get("package")
        .and_then(|p| p.get("version"))
        .and_then(toml::Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| Fail(format!("{} has no [package] version", manifest.display())))
}
