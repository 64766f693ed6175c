//! Invalid theme files through the real binary: exit 2 with one line naming the file, the line
//! and the key, before the terminal is touched (stdout here is a pipe, so a later check would
//! have said "needs a terminal" instead).

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");

/// The binary without a controlling terminal (`setsid`, where installed): the inspector draws
/// on /dev/tty, which a test run from a terminal would otherwise have.
fn detached() -> Command {
    if Command::new("setsid").arg("--version").output().is_ok() {
        let mut c = Command::new("setsid");
        c.args(["-w", BIN]);
        c
    } else {
        Command::new(BIN)
    }
}

fn run_with_theme(name: &str, text: &str) -> (i32, String, String, String) {
    let dir = std::env::temp_dir().join(format!("urlscope-themes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = detached()
        .args(["--theme", path.to_str().unwrap(), "http://x/"])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        path.display().to_string(),
    )
}

#[test]
fn a_bad_colour_names_file_line_and_key() {
    let (code, stdout, stderr, path) =
        run_with_theme("bad-colour.toml", "[ui]\ndim = { fg = \"grean\" }\n");
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains(&path) && stderr.contains("line 2") && stderr.contains("ui.dim.fg"),
        "{stderr}"
    );
    assert!(stderr.contains("grean"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn an_unknown_key_names_file_line_and_key() {
    let (code, _, stderr, path) = run_with_theme(
        "unknown-key.toml",
        "[component]\nhost = { bold = true }\nhostname = { bold = true }\n",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&path) && stderr.contains("line 3") && stderr.contains("hostname"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("terminal"),
        "theme errors come first: {stderr}"
    );
}

#[test]
fn every_built_in_theme_name_is_accepted() {
    for (name, _) in urlscope::theme::BUILT_IN {
        // With a valid theme the next check is the terminal one (stdout is a pipe here).
        let out = detached()
            .args(["--theme", name, "http://x/"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("needs a terminal"), "{name}: {stderr}");
    }
}
