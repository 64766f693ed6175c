//! Import direction between the crate's parts, read from the sources: the inspector (`src/tui`)
//! uses nothing of the command line (`src/cli`); the command line uses the inspector only to
//! start it (`tui::run` with its `tui::LaunchOptions`); the URL core (`src/url`, `src/modern`)
//! uses neither, nor the terminal parts (`theme`, `clipboard`). Paths are resolved through
//! `crate::`, `super::` chains and `crate::{…}` groups.

use std::path::{Path, PathBuf};

/// What each part may not reach: (part, forbidden top-level modules, allowed exceptions).
const RULES: &[(&str, &[&str], &[&str])] = &[
    ("tui", &["cli"], &[]),
    ("cli", &["tui"], &["tui::run", "tui::LaunchOptions"]),
    ("url", &["cli", "tui", "theme", "clipboard"], &[]),
    ("modern", &["cli", "tui", "theme", "clipboard"], &[]),
];

/// The module path of a source file: `src/tui/view/chars.rs` → `tui::view::chars`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .skip(1) // "src"
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        parts.pop();
    }
    parts
}

/// Every absolute path (`a::b::c`) that a `crate::` or `super::` path in `code` names, for
/// the module `module`. A group `crate::{a, b::c}` gives `a` and `b::c`.
fn paths(module: &[String], code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        let starts_word = i == 0 || !ident(b[i - 1]);
        let (mut base, mut j) = if starts_word && b[i..].starts_with(b"crate::") {
            (Vec::new(), i + "crate::".len())
        } else if starts_word && b[i..].starts_with(b"super::") {
            (module.to_vec(), i)
        } else {
            i += 1;
            continue;
        };
        while b[j..].starts_with(b"super::") {
            base.pop();
            j += "super::".len();
        }
        let prefix = base.join("::");
        let join = |rest: &str| {
            if prefix.is_empty() {
                rest.to_string()
            } else {
                format!("{prefix}::{rest}")
            }
        };
        if b.get(j) == Some(&b'{') {
            let end = code[j..].find('}').map_or(code.len(), |e| j + e);
            for item in code[j + 1..end].split(',') {
                let item = item.trim();
                if !item.is_empty() {
                    out.push(join(item));
                }
            }
            i = end;
        } else {
            let end = code[j..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| j + e);
            out.push(join(code[j..end].trim_end_matches(':')));
            i = end;
        }
    }
    out
}

/// The violations of `RULES` in one file's text.
fn violations(rel: &Path, text: &str) -> Vec<String> {
    let module = module_of(rel);
    let Some(part) = module.first() else {
        return Vec::new();
    };
    let Some((_, forbidden, allowed)) = RULES.iter().find(|(p, _, _)| p == part) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        for p in paths(&module, code) {
            let top = p.split("::").next().unwrap_or_default();
            let ok = allowed
                .iter()
                .any(|a| p == *a || p.starts_with(&format!("{a}::")));
            if forbidden.contains(&top) && !ok {
                out.push(format!("{}:{}: {part} uses {p}", rel.display(), n + 1));
            }
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn parts_import_in_one_direction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut bad = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root).unwrap();
        bad.extend(violations(rel, &std::fs::read_to_string(f).unwrap()));
    }
    assert!(bad.is_empty(), "cross imports:\n{}", bad.join("\n"));
}

/// The checker itself finds each form of a cross import, and lets the permitted ones pass.
#[test]
fn the_check_sees_every_form() {
    let tui = Path::new("src/tui/view/chars.rs");
    for bad in [
        "use crate::cli::escape;",
        "use crate::{cli, url};",
        "use super::super::super::cli::json::hex;",
        "let x = crate::cli::decode_hex(b);",
    ] {
        assert_eq!(violations(tui, bad).len(), 1, "{bad}");
    }
    for good in [
        "use crate::url::diff;",
        "use super::super::app::App;",
        "// crate::cli::x in a comment",
        "use super::line::cells_line;",
    ] {
        assert!(violations(tui, good).is_empty(), "{good}");
    }
    let cli = Path::new("src/cli/mod.rs");
    assert!(violations(cli, "let o = crate::tui::LaunchOptions {").is_empty());
    assert!(violations(cli, "match crate::tui::run(opts) {").is_empty());
    assert_eq!(violations(cli, "use crate::tui::theme::Theme;").len(), 1);
    assert_eq!(
        violations(
            Path::new("src/cli/explain/mod.rs"),
            "use super::super::tui::app;"
        )
        .len(),
        1
    );
    let core = Path::new("src/url/diff/mod.rs");
    assert_eq!(violations(core, "use crate::theme::Theme;").len(), 1);
    assert!(violations(core, "use super::profiles::Outcome;").is_empty());
}
