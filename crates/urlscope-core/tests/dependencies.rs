//! The core stays a library anyone can build on: its dependency tree (normal edges, as
//! `cargo tree` resolves it from the lock file) holds no terminal, clipboard or command-line crate.

use std::process::Command;

const FRONT_END_CRATES: &[&str] = &[
    "ratatui",
    "crossterm",
    "arboard",
    "clap",
    "clap_complete",
    "clap_mangen",
    "signal-hook",
    "mimalloc",
    "unicode-width",
];

#[test]
fn no_terminal_clipboard_or_cli_crate() {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "-p",
            "urlscope-core",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .args(["--offline", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        names.contains(&"urlscope-core") && names.contains(&"url"),
        "{tree}"
    );
    let bad: Vec<&&str> = FRONT_END_CRATES
        .iter()
        .filter(|c| names.contains(c))
        .collect();
    assert!(bad.is_empty(), "the core depends on {bad:?}:\n{tree}");
}
