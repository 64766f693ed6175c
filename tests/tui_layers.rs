//! The inspector's modules import in one direction: the model (state, analysis, keys, layout)
//! never imports the view, and the view never imports the shell (the event loop, the terminal)
//! nor the mouse and selection code. Read from the sources: every `crate::tui::…`, `super::…`
//! and `super::super::…` path in `src/tui/**/*.rs`, resolved to the `src/tui` module it names.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

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

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/tui` (`view/bar.rs` → `["view", "bar"]`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    parts
}

/// The first identifiers after `prefix` in `src`: `prefix name` or `prefix {a, b::c}`.
fn targets_after(src: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = src;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        // `super::super::x` is matched by its own prefix; skip its inner `super::`.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// Every `src/tui` module (first component) `src` names, from a file in module `m`.
fn imports(src: &str, m: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // Comments may name modules (`crate::tui::view` in prose): only code counts.
    let code: String = src
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    out.extend(targets_after(&code, "crate::tui::"));
    // A file's `super` is its parent module: `src/tui` for the top-level files, `view` for the
    // view's files (whose `super::super` is `src/tui`).
    let depth = m.len();
    let sup = targets_after(&code, "super::");
    let supsup = targets_after(&code, "super::super::");
    match depth {
        1 => out.extend(sup.into_iter().filter(|s| s != "super")),
        2 => {
            out.extend(supsup);
            if m[0] != "view" {
                out.extend(sup.into_iter().filter(|s| s != "super"));
            }
        }
        _ => {}
    }
    out
}

#[test]
fn tui_modules_import_in_one_direction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(all.len() > 30, "read {} files of src/tui", all.len());
    let mut wrong = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&root).unwrap();
        let m = module_of(rel);
        let from = m.first().map_or("", String::as_str);
        let src = fs::read_to_string(path).unwrap();
        for to in imports(&src, &m) {
            if to == from || to == "super" {
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
        "imports against the direction model → view → shell (see docs/notes-tui.md):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_reader_sees_imports_of_every_form() {
    let src = "use super::{app::App, view};\nuse crate::tui::shell::X;\n// super::nav\n";
    let got = imports(src, &["hit".into()]);
    let want: BTreeSet<String> = ["app", "view", "shell"].map(String::from).into();
    assert_eq!(got, want);
    let got = imports(
        "use super::line;\nuse super::super::keymap;\nuse crate::tui::app::App;",
        &["view".into(), "bar".into()],
    );
    let want: BTreeSet<String> = ["keymap", "app"].map(String::from).into();
    assert_eq!(got, want);
    assert_eq!(layer("view"), Layer::View);
    assert_eq!(layer("shell"), Layer::Shell);
    assert_eq!(layer("layout"), Layer::Model);
}
