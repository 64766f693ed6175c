//! `cargo xtask wheels`: the Python package (python/, built by maturin) as an abi3 wheel and an
//! sdist in `target/wheels/`.
//!
//! On Linux the wheel is a manylinux wheel: maturin checks the extension's glibc symbols against
//! the policy it is asked for (`--compatibility`, manylinux_2_28 by default, or any policy with
//! `--zig`, which links against that glibc's symbols), and `auditwheel show` must then call it
//! manylinux. maturin and auditwheel are the ones on PATH, or are installed from PyPI into a
//! virtual environment under `target/xtask/venv`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{self, Context, Fail, Result, find_on_path, root, target_dir};

/// The maturin versions python/pyproject.toml's build-system accepts.
const MATURIN: &str = "maturin>=1.9,<2";
/// The auditwheel whose `show` reads the wheel's platform tag.
const AUDITWHEEL: &str = "auditwheel>=6";
/// The zig that maturin links with: a release maturin's own zig support is tested with.
const ZIGLANG: &str = "ziglang>=0.13,<0.14";

/// What `cargo xtask wheels` was asked for.
pub struct Options {
    /// The manylinux policy the Linux wheel must meet.
    pub compatibility: String,
    /// Link with zig (PyPI's `ziglang`) so that the wheel meets a policy older than this machine.
    pub zig: bool,
}

/// Builds the wheel and the sdist into `target/wheels/`.
pub fn run(options: &Options) -> Result<()> {
    let root = root();
    let out = target_dir().join("wheels");
    std::fs::create_dir_all(&out).context(format!("create {}", out.display()))?;
    remove_earlier_builds(&out)?;
    let linux = cfg!(target_os = "linux");
    let tools = Tools::find_or_install(linux, options.zig)?;
    let manifest = root.join("python").join("Cargo.toml");

    let mut build = Command::new(&tools.maturin);
    build
        .env("PATH", tools.path())
        .current_dir(&root)
        .args(["build", "--release", "-m"])
        .arg(&manifest)
        .arg("-o")
        .arg(&out);
    if linux {
        build.args(["--compatibility", &options.compatibility]);
    }
    if options.zig {
        build.arg("--zig");
    }
    process::run(&mut build, "pip install maturin")?;
    process::run(
        Command::new(&tools.maturin)
            .env("PATH", tools.path())
            .current_dir(&root)
            .args(["sdist", "-m"])
            .arg(&manifest)
            .arg("-o")
            .arg(&out),
        "pip install maturin",
    )?;

    let wheel = single(&out, ".whl")?;
    let sdist = single(&out, ".tar.gz")?;
    if let Some(auditwheel) = &tools.auditwheel {
        let shown = process::output(
            Command::new(auditwheel).arg("show").arg(&wheel),
            "pip install auditwheel",
        )?;
        println!("{}", shown.trim_end());
        if !says_manylinux(&shown) {
            return Err(Fail(format!(
                "auditwheel does not call {} a manylinux wheel",
                wheel.display()
            )));
        }
    }
    println!("{}", wheel.display());
    println!("{}", sdist.display());
    Ok(())
}

/// Whether `auditwheel show` found the wheel consistent with a manylinux policy (its sentence is
/// wrapped over lines, so whitespace is folded first).
fn says_manylinux(shown: &str) -> bool {
    let folded = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    folded.contains("consistent with the following platform tag: \"manylinux")
}

/// Earlier wheels and sdists of the package, so that `target/wheels/` holds this build's only.
fn remove_earlier_builds(out: &Path) -> Result<()> {
    for entry in std::fs::read_dir(out).context(format!("read {}", out.display()))? {
        let path = entry.context(format!("read {}", out.display()))?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with("urlscope-") && (name.ends_with(".whl") || name.ends_with(".tar.gz")) {
            std::fs::remove_file(&path).context(format!("remove {}", path.display()))?;
        }
    }
    Ok(())
}

/// The one file in `dir` whose name ends with `suffix`.
fn single(dir: &Path, suffix: &str) -> Result<PathBuf> {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .context(format!("read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    match found.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(Fail(format!(
            "expected one *{suffix} in {}, found {}",
            dir.display(),
            found.len()
        ))),
    }
}

/// The Python tools a build runs.
struct Tools {
    maturin: PathBuf,
    /// On Linux only: the manylinux check.
    auditwheel: Option<PathBuf>,
}

impl Tools {
    /// `PATH` with the tools' own folder first, as in an activated virtual environment: maturin
    /// finds zig as `python -m ziglang` with the first python on `PATH`.
    fn path(&self) -> std::ffi::OsString {
        let bin = self.maturin.parent().map(Path::to_path_buf);
        let rest = std::env::var_os("PATH").unwrap_or_default();
        std::env::join_paths(bin.into_iter().chain(std::env::split_paths(&rest))).unwrap_or(rest)
    }

    /// The tools on PATH where all are there; otherwise all from the xtask's own virtual
    /// environment, created and filled from PyPI on first use.
    fn find_or_install(linux: bool, zig: bool) -> Result<Tools> {
        let on_path = Tools {
            maturin: find_on_path("maturin").unwrap_or_default(),
            auditwheel: linux.then(|| find_on_path("auditwheel").unwrap_or_default()),
        };
        let complete = !on_path.maturin.as_os_str().is_empty()
            && on_path
                .auditwheel
                .as_ref()
                .is_none_or(|a| !a.as_os_str().is_empty());
        // zig comes as PyPI's `ziglang`, which only the xtask's environment is sure to have.
        if complete && !zig {
            return Ok(on_path);
        }
        let venv = target_dir().join("xtask").join("venv");
        let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
        let exe = |name: &str| bin.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        if !exe("python").is_file() {
            let python = std::env::var_os("PYTHON")
                .map(PathBuf::from)
                .or_else(|| find_on_path("python3"))
                .or_else(|| find_on_path("python"))
                .ok_or_else(|| {
                    Fail(
                        "building the wheels needs maturin on PATH (`pip install maturin`), or \
                         Python 3 (python3 on PATH, or PYTHON=...) to install it into a virtual \
                         environment"
                            .into(),
                    )
                })?;
            process::run(
                Command::new(python).args(["-m", "venv"]).arg(&venv),
                "install Python 3 with its venv module (Debian: apt-get install python3-venv)",
            )?;
        }
        let mut wanted = Vec::new();
        if !exe("maturin").is_file() {
            wanted.push(MATURIN);
        }
        if linux && !exe("auditwheel").is_file() {
            wanted.push(AUDITWHEEL);
        }
        if zig && !has_ziglang(&exe("python")) {
            wanted.push(ZIGLANG);
        }
        if !wanted.is_empty() {
            process::run(
                Command::new(exe("python"))
                    .args(["-m", "pip", "install", "--quiet"])
                    .args(&wanted),
                "the virtual environment has no pip",
            )?;
        }
        Ok(Tools {
            maturin: exe("maturin"),
            auditwheel: linux.then(|| exe("auditwheel")),
        })
    }
}

/// Whether the environment's Python has PyPI's `ziglang` (maturin runs `python -m ziglang`).
fn has_ziglang(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import ziglang"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auditwheels_wrapped_sentence_is_read() {
        let manylinux = "\nurlscope-0.1.0-cp310-abi3-manylinux_2_28_x86_64.whl is consistent with\n\
                         the following platform tag: \"manylinux_2_17_x86_64\".\n";
        assert!(says_manylinux(manylinux));
        let plain = "x.whl is consistent with the following platform tag: \"linux_x86_64\".";
        assert!(!says_manylinux(plain));
    }
}
