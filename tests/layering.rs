//! Import direction between the crate's parts, read from the sources: the inspector (`src/tui`)
//! uses nothing of the command line (`src/cli`); the command line uses the inspector only to
//! start it (`tui::run` with its `tui::LaunchOptions`); the core (`src/url`, `src/modern`, `src/input`)
//! uses neither, nor the terminal parts (`theme`, `clipboard`). Paths are resolved through
//! `crate::`, `super::` chains and `crate::{…}` groups.
//!
//! Inside the inspector, modules import in one direction: the model (state, analysis, keys,
//! layout) never imports the view, and the view never imports the shell (the event loop, the
//! terminal) nor the mouse and selection code.

mod support;
use support::sources::{module_of, paths, rust_files};

use std::collections::BTreeSet;
use std::path::Path;

/// What each part may not reach: (part, forbidden top-level modules, allowed exceptions).
const RULES: &[(&str, &[&str], &[&str])] = &[
    ("tui", &["cli"], &[]),
    ("cli", &["tui"], &["tui::run", "tui::LaunchOptions"]),
    ("url", &["cli", "tui", "theme", "clipboard"], &[]),
    ("modern", &["cli", "tui", "theme", "clipboard"], &[]),
    ("input", &["cli", "tui", "theme", "clipboard"], &[]),
];

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

#[test]
fn parts_import_in_one_direction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = rust_files(&root.join("src"));
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

/// The layer of a module of `src/tui` (its first path component: `view`, `shell`, `app`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Model,
    View,
    Shell,
}

fn layer(module: &str) -> Layer {
    match module {
        "view" => Layer::View,
        // The loop, the real terminal, and the entry point (`mod.rs`) that starts them.
        "shell" | "terminal" | "" => Layer::Shell,
        _ => Layer::Model,
    }
}

/// Model modules that only the shell and the mouse path may use (the view must not).
const NOT_FOR_VIEWS: &[&str] = &["hit", "select", "nav"];

/// Imports the rule still allows, each with the reason; empty when the rule holds everywhere.
const KNOWN: &[(&str, &str)] = &[];

/// The `src/tui` modules (first component under `tui`) a file of module `m` names in `src`.
fn tui_imports(m: &[String], src: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in src.lines() {
        // Comments may name modules (`crate::tui::view` in prose): only code counts.
        let code = line.split("//").next().unwrap_or_default();
        for p in paths(m, code) {
            let mut parts = p.split("::");
            // `use super::*;` in a file's test module names the file itself: nothing to check.
            if parts.next() == Some("tui")
                && let Some(to) = parts.next().filter(|t| !t.is_empty() && *t != "*")
            {
                out.insert(to.to_string());
            }
        }
    }
    out
}

#[test]
fn tui_modules_import_in_one_direction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = rust_files(&root.join("src/tui"));
    assert!(all.len() > 30, "read {} files of src/tui", all.len());
    let mut wrong = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(root).unwrap();
        let m = module_of(rel);
        let from = m.get(1).map_or("", String::as_str);
        let src = std::fs::read_to_string(path).unwrap();
        for to in tui_imports(&m, &src) {
            if to == from {
                continue;
            }
            let (lf, lt) = (layer(from), layer(to.as_str()));
            let bad = match lf {
                Layer::Model => lt != Layer::Model,
                Layer::View => lt == Layer::Shell || NOT_FOR_VIEWS.contains(&to.as_str()),
                Layer::Shell => false,
            };
            let edge = format!("{} → {to}", rel.display());
            if bad && !KNOWN.iter().any(|(e, _)| *e == edge) {
                wrong.push(edge);
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the direction model → view → shell (README, Project layout):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_tui_reader_sees_imports_of_every_form() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let src = "use super::{app::App, view};\nuse crate::tui::shell::X;\n// super::nav\n";
    let want: BTreeSet<String> = ["app", "view", "shell"].map(String::from).into();
    assert_eq!(tui_imports(&m("tui::hit"), src), want);
    let src = "use super::line;\nuse super::super::keymap;\nuse crate::tui::app::App;";
    let want: BTreeSet<String> = ["view", "keymap", "app"].map(String::from).into();
    assert_eq!(tui_imports(&m("tui::view::bar"), src), want);
    assert_eq!(layer("view"), Layer::View);
    assert_eq!(layer("shell"), Layer::Shell);
    assert_eq!(layer(""), Layer::Shell);
    assert_eq!(layer("layout"), Layer::Model);
}
