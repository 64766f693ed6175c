//! Import direction between the crate's parts, read from the sources of both crates: the
//! inspector (`src/tui`) uses nothing of the command line (`src/cli`); the command line uses the
//! inspector only to start it (`tui::run` with its `tui::LaunchOptions`, or `tui::run_fed` with
//! the reports of a thread reading the input, `tui::Reading`) and to apply and print
//! its key table (`tui::keys`); the config file's reader (`src/config`) uses no front end; the
//! URL core (`crates/urlscope-core`: `url`, `modern`, `input`) uses neither, nor the terminal
//! parts (`theme`, `clipboard`), and `url` uses nothing of `modern`; the WHATWG parser
//! (`whatwg`) is a leaf that uses no other part. Paths are resolved through `crate::`, `super::`
//! chains, `self::`, plain relative paths (`use diff::…` in `url`, a child module's name) and
//! `{…}` groups.
//!
//! Inside the inspector, the folders are the rungs of a ladder (`LADDER`): a module imports
//! only from its own rung and the rungs below (analysis → msg → keys → model → view → shell);
//! only `view/` names `ratatui::text`, `ratatui::widgets` or `crate::theme` (the shell loads
//! the theme and hands it over); and no import circle spans two folders anywhere in `src/`.

use crate::support;
use support::sources::{Modules, module_of, paths, rust_files};

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The crates whose sources are read: the front ends (the root package) and the URL core, whose
/// modules the root re-exports under the same names (`crate::url` means one module in both).
fn crate_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![root.to_path_buf(), root.join("crates/urlscope-core")]
}

/// The modules of both crates (one namespace: the root re-exports the core's modules).
fn module_tree() -> &'static Modules {
    static MODULES: OnceLock<Modules> = OnceLock::new();
    MODULES.get_or_init(|| {
        Modules::of(crate_dirs().into_iter().flat_map(|krate| {
            rust_files(&krate.join("src"))
                .into_iter()
                .map(move |f| module_of(f.strip_prefix(&krate).unwrap()))
        }))
    })
}

/// What each part may not reach: (part, forbidden top-level modules, allowed exceptions).
const RULES: &[(&str, &[&str], &[&str])] = &[
    ("tui", &["cli"], &[]),
    (
        "cli",
        &["tui"],
        &[
            "tui::run",
            "tui::run_fed",
            "tui::LaunchOptions",
            "tui::Print",
            "tui::Reading",
            "tui::keys",
        ],
    ),
    ("config", &["cli", "tui", "theme", "clipboard"], &[]),
    ("url", &["cli", "tui", "theme", "clipboard", "modern"], &[]),
    ("modern", &["cli", "tui", "theme", "clipboard"], &[]),
    ("input", &["cli", "tui", "theme", "clipboard"], &[]),
    (
        "canon",
        &["cli", "tui", "theme", "clipboard", "modern"],
        &[],
    ),
    (
        "whatwg",
        &[
            "url",
            "modern",
            "canon",
            "input",
            "cli",
            "tui",
            "theme",
            "clipboard",
        ],
        &[],
    ),
];

/// The violations of `RULES` in one file's text.
fn violations(modules: &Modules, rel: &Path, text: &str) -> Vec<String> {
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
        for p in paths(modules, &module, code) {
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
    let mut bad = Vec::new();
    let mut count = 0;
    for krate in crate_dirs() {
        for f in rust_files(&krate.join("src")) {
            count += 1;
            let rel = f.strip_prefix(&krate).unwrap();
            bad.extend(violations(
                module_tree(),
                rel,
                &std::fs::read_to_string(&f).unwrap(),
            ));
        }
    }
    assert!(count > 50, "found only {count} source files");
    assert!(bad.is_empty(), "cross imports:\n{}", bad.join("\n"));
}

/// The checker itself finds each form of a cross import, and lets the permitted ones pass.
#[test]
fn the_check_sees_every_form() {
    let violations = |rel: &Path, text: &str| violations(module_tree(), rel, text);
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
    // Plain relative paths: a child module's name starts at the module; any other first
    // segment is not the crate's (the `url` crate in `whatwg`, which has no child `url`).
    let whatwg = Path::new("src/whatwg/parser.rs");
    assert_eq!(violations(whatwg, "use crate::url::tokenize;").len(), 1);
    assert_eq!(
        violations(whatwg, "let t = self::super::super::url::x;").len(),
        1
    );
    assert!(violations(whatwg, "let u = url::Url::parse(s);").is_empty());
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let tree = Modules::of([
        m("url"),
        m("url::diff"),
        m("url::classes"),
        m("url::classes::modern"),
    ]);
    let plain = |module: &str, code: &str| paths(&tree, &m(module), code);
    assert_eq!(plain("url", "use diff::Op;"), ["url::diff::Op"]);
    assert_eq!(
        plain("url", "pub use diff::{Op, Change};"),
        ["url::diff::Op", "url::diff::Change"]
    );
    assert_eq!(
        plain("url::classes", "use modern::{PctSet, Place};"),
        [
            "url::classes::modern::PctSet",
            "url::classes::modern::Place"
        ]
    );
    assert_eq!(
        plain("url::classes", "let x = self::modern::f();"),
        ["url::classes::modern::f"]
    );
    assert_eq!(paths(&tree, &[], "use url::diff;"), ["url::diff"]);
    // Not a child: another crate, a type, the middle of a path, a turbofish.
    assert!(plain("url::diff", "use modern::x; let p = Profile::Fido;").is_empty());
    assert!(plain("url", "use std::diff::x; let v = iter.collect::<Vec<_>>();").is_empty());
}

/// The inspector's folders from the bottom up: each may import its own and the ones below.
/// `analysis` (Request → Analysis) knows nothing of the app; `msg` is what flows (it carries
/// analyses); `keys` maps keys to messages; `model` is the app and `App::update`; `view` draws
/// `&App`; `shell` runs the loop. The entry point (`src/tui/mod.rs`) starts the shell: top.
const LADDER: &[&str] = &["analysis", "msg", "keys", "model", "view", "shell", ""];

/// Imports against the ladder that are allowed, each with its reason (`file → folder`); empty
/// when the rule holds everywhere.
const KNOWN: &[(&str, &str)] = &[];

/// The rung of a folder of `src/tui` (`None`: not a folder of the ladder).
fn rung(folder: &str) -> Option<usize> {
    LADDER.iter().position(|l| *l == folder)
}

/// The `src/tui` folders (first component under `tui`) a file of module `m` names in `src`.
fn tui_imports(m: &[String], src: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code_lines(src) {
        for p in paths(module_tree(), m, line) {
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

/// The code of each line (comments may name modules in prose: only code counts).
fn code_lines(src: &str) -> impl Iterator<Item = &str> {
    src.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
}

#[test]
fn tui_folders_import_down_the_ladder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = rust_files(&root.join("src/tui"));
    assert!(all.len() > 30, "read {} files of src/tui", all.len());
    let mut wrong = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(root).unwrap();
        let m = module_of(rel);
        let from = m.get(1).map_or("", String::as_str);
        let src = std::fs::read_to_string(path).unwrap();
        let Some(lf) = rung(from) else {
            wrong.push(format!("{}: not in a folder of the ladder", rel.display()));
            continue;
        };
        for to in tui_imports(&m, &src) {
            // `crate::tui::LaunchOptions` and `run` live in the entry point; only the shell and
            // the entry point name them (rung "" is the top).
            let lt = rung(&to).unwrap_or(LADDER.len() - 1);
            let edge = format!("{} → {to}", rel.display());
            if lt > lf && !KNOWN.iter().any(|(e, _)| *e == edge) {
                wrong.push(edge);
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the ladder {LADDER:?} (ARCHITECTURE.md):\n{}",
        wrong.join("\n")
    );
}

/// What only the view may name: the drawing types and the theme.
const DRAWING: &[&str] = &["ratatui::text", "ratatui::widgets", "crate::theme"];

/// Outside `view/`, who may still name one of `DRAWING`, and why.
const DRAWING_ALLOWED: &[(&str, &str, &str)] = &[
    (
        "shell",
        "crate::theme",
        "the shell loads the theme (and the next one) and hands it to the view",
    ),
    (
        "",
        "crate::theme",
        "the entry point reads `--theme` before the terminal is touched",
    ),
];

/// The drawing names a file of module `m` uses, from `DRAWING`.
fn drawing_names(m: &[String], src: &str) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    for line in code_lines(src) {
        let absolute = paths(module_tree(), m, line);
        for d in DRAWING {
            let in_group = line.contains("ratatui::{") && d.starts_with("ratatui::") && {
                let item = &d["ratatui::".len()..];
                line.split("ratatui::{")
                    .nth(1)
                    .is_some_and(|g| g.split(['}', ',']).any(|i| i.trim().starts_with(item)))
            };
            let named = line.contains(d)
                || in_group
                || absolute.iter().any(|p| {
                    let d = d.trim_start_matches("crate::");
                    p == d || p.starts_with(&format!("{d}::"))
                });
            if named {
                out.insert(*d);
            }
        }
    }
    out
}

#[test]
fn only_the_view_draws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    for path in rust_files(&root.join("src/tui")) {
        let rel = path.strip_prefix(root).unwrap();
        let m = module_of(rel);
        let folder = m.get(1).map_or("", String::as_str);
        if folder == "view" {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        for d in drawing_names(&m, &src) {
            if !DRAWING_ALLOWED
                .iter()
                .any(|(f, name, _)| *f == folder && *name == d)
            {
                wrong.push(format!("{} names {d}", rel.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "only src/tui/view/ draws (ARCHITECTURE.md, rules):\n{}",
        wrong.join("\n")
    );
}

/// One way in: the model's handlers never call `App::update` (only the shell and the tests
/// drive it), and `impl App` lives only in `model/`.
#[test]
fn one_way_into_the_app() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut wrong = Vec::new();
    for path in rust_files(&root.join("src/tui")) {
        let rel = path.strip_prefix(root).unwrap();
        let in_model = rel.starts_with("src/tui/model");
        let src = std::fs::read_to_string(&path).unwrap();
        for (n, code) in code_lines(&src).enumerate() {
            if in_model && code.contains(".update(") {
                wrong.push(format!(
                    "{}:{}: a handler calls update",
                    rel.display(),
                    n + 1
                ));
            }
            if !in_model && code.trim_start().starts_with("impl App") {
                wrong.push(format!(
                    "{}:{}: impl App outside model/",
                    rel.display(),
                    n + 1
                ));
            }
            if !in_model && assigns_app_field(code) {
                wrong.push(format!(
                    "{}:{}: a field of the app assigned outside model/",
                    rel.display(),
                    n + 1
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether the line assigns to a field of `app` (`app.panes.focus = …`, `app.x += …`).
fn assigns_app_field(code: &str) -> bool {
    code.match_indices("app.").any(|(i, _)| {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            return false;
        }
        let rest = &code[i + 4..];
        let path = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(rest.len());
        let after = rest[path..].trim_start();
        let op = after.trim_start_matches(['+', '-', '*', '/', '|', '&']);
        op.starts_with('=') && !op.starts_with("==") && !after.starts_with("=>")
    })
}

#[test]
fn the_assignment_check_sees_a_field_written() {
    assert!(assigns_app_field("        app.panes.focus = Focus::Input;"));
    assert!(assigns_app_field("app.generation += 1;"));
    assert!(!assigns_app_field("if app.panes.focus == Focus::Input {"));
    assert!(!assigns_app_field("let x = app.panes.focus;"));
    assert!(!assigns_app_field("self.app.x <= 3"));
}

/// The code lines of a file with each `use` declaration on one line (rustfmt spreads a long
/// group over several).
fn statements(src: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in code_lines(src) {
        if open {
            out.last_mut().unwrap().push_str(line.trim());
        } else {
            out.push(line.to_string());
        }
        let t = out.last().unwrap().trim_start();
        let is_use = t.starts_with("use ") || (t.starts_with("pub") && t.contains("use "));
        open = is_use && !t.trim_end().ends_with(';');
    }
    out
}

/// Whether a line of code re-exports (`pub use`, `pub(crate) use`): a module's face, not a
/// dependency of its own code.
fn is_reexport(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("pub use ") || (t.starts_with("pub(") && t.contains(") use "))
}

/// The module a path names: its longest prefix that is a module, following re-exports (a path
/// through `url::Profile` names `url::profiles`, where `url` re-exports it from).
fn target_of(
    path: &str,
    modules: &BTreeMap<String, PathBuf>,
    reexports: &BTreeMap<(String, String), String>,
) -> Option<String> {
    let mut segs: Vec<String> = path.split("::").map(String::from).collect();
    // A re-export of a re-export is followed too; the bound only stops a loop.
    for _ in 0..8 {
        let n = (1..=segs.len())
            .rev()
            .find(|&n| modules.contains_key(&segs[..n].join("::")))?;
        let module = segs[..n].join("::");
        let Some(to) = segs
            .get(n)
            .and_then(|item| reexports.get(&(module.clone(), item.clone())))
        else {
            return Some(module);
        };
        let rest = segs[n + 1..].to_vec();
        segs = to.split("::").map(String::from).collect();
        segs.extend(rest);
    }
    None
}

/// Every module of `src/` (its path) with its file, and the modules each one imports.
fn import_graph(
    root: &Path,
) -> (
    BTreeMap<String, PathBuf>,
    BTreeMap<String, BTreeSet<String>>,
) {
    let modules: BTreeMap<String, PathBuf> = crate_dirs()
        .into_iter()
        .flat_map(|krate| {
            rust_files(&krate.join("src")).into_iter().map(move |f| {
                let module = module_of(f.strip_prefix(&krate).unwrap()).join("::");
                (module, f.strip_prefix(root).unwrap().to_path_buf())
            })
        })
        .collect();
    let tree = module_tree();
    let parts_of = |m: &str| -> Vec<String> {
        m.split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    let sources: BTreeMap<&String, String> = modules
        .iter()
        .map(|(m, rel)| (m, std::fs::read_to_string(root.join(rel)).unwrap()))
        .collect();
    // What each module re-exports, by the name it gives: (module, name) → the path it names.
    let mut reexports = BTreeMap::new();
    for (m, src) in &sources {
        for line in statements(src).iter().filter(|l| is_reexport(l)) {
            for p in paths(tree, &parts_of(m), line) {
                let (path, name) = match p.split_once(" as ") {
                    Some((path, alias)) => (path.trim(), alias.trim()),
                    None => (p.as_str(), p.rsplit("::").next().unwrap_or_default()),
                };
                if name != "*" && !name.is_empty() {
                    reexports.insert(((*m).clone(), name.to_string()), path.to_string());
                }
            }
        }
    }
    let mut edges = BTreeMap::new();
    for (m, src) in &sources {
        let mut to = BTreeSet::new();
        let mut module = parts_of(m);
        for line in &statements(src) {
            // The file's test module (`mod tests {`, at the end of the file) is a child of the
            // file's module: its `super::` is the file. A re-export is the module's face: a path
            // through it names the module it comes from (`target_of`).
            if line == "mod tests {" {
                module.push("tests".to_string());
            }
            if is_reexport(line) {
                continue;
            }
            for p in paths(tree, &module, line) {
                // The module the path names (an item names its module).
                if let Some(target) = target_of(&p, &modules, &reexports).filter(|t| t != *m) {
                    to.insert(target);
                }
            }
        }
        edges.insert((*m).clone(), to);
    }
    (modules, edges)
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                scc.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                s.out.push(scc);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The circles whose modules lie in more than one folder, each with its folders.
fn circles_across_folders(
    modules: &BTreeMap<String, PathBuf>,
    edges: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    circles(edges)
        .into_iter()
        .filter_map(|scc| {
            let folders: BTreeSet<_> = scc
                .iter()
                .map(|m| modules[m].parent().unwrap().display().to_string())
                .collect();
            (folders.len() > 1).then(|| format!("{} (folders {folders:?})", scc.join(", ")))
        })
        .collect()
}

/// Circles across folders that still exist, each with its reason (the modules as the check
/// names them, sorted); empty while the rule holds everywhere.
const KNOWN_CIRCLES: &[(&str, &str)] = &[];

#[test]
fn no_import_circle_spans_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (modules, edges) = import_graph(root);
    assert!(modules.len() > 100, "read {} modules", modules.len());
    let bad: Vec<String> = circles_across_folders(&modules, &edges)
        .into_iter()
        .filter(|c| {
            !KNOWN_CIRCLES
                .iter()
                .any(|(k, _)| c.starts_with(&format!("{k} (")))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "import circles across folders (ARCHITECTURE.md, rules):\n{}\nedges:\n{}",
        bad.join("\n"),
        edges
            .iter()
            .flat_map(|(a, to)| to.iter().map(move |b| format!("{a} -> {b}")))
            .filter(|e| bad.iter().any(|c| {
                let (a, b) = e.split_once(" -> ").unwrap();
                let scc = c.split(" (").next().unwrap_or_default();
                scc.split(", ").any(|x| x == a) && scc.split(", ").any(|x| x == b)
            }))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The circle finder sees a circle through two folders and lets one inside a folder pass.
#[test]
fn the_circle_check_sees_circles() {
    let modules: BTreeMap<String, PathBuf> = [
        ("tui::model::app", "src/tui/model/app.rs"),
        ("tui::model::nav", "src/tui/model/nav.rs"),
        ("tui::view", "src/tui/view/mod.rs"),
        ("tui::msg", "src/tui/msg/mod.rs"),
    ]
    .into_iter()
    .map(|(m, f)| (m.to_string(), PathBuf::from(f)))
    .collect();
    let graph = |pairs: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = modules
            .keys()
            .map(|m| (m.clone(), BTreeSet::new()))
            .collect();
        for (a, b) in pairs {
            g.get_mut(*a).unwrap().insert(b.to_string());
        }
        g
    };
    let inside = graph(&[
        ("tui::model::app", "tui::model::nav"),
        ("tui::model::nav", "tui::model::app"),
        ("tui::view", "tui::model::app"),
    ]);
    assert_eq!(circles(&inside).len(), 1);
    assert!(circles_across_folders(&modules, &inside).is_empty());
    let across = graph(&[
        ("tui::model::app", "tui::msg"),
        ("tui::msg", "tui::view"),
        ("tui::view", "tui::model::app"),
    ]);
    assert_eq!(circles_across_folders(&modules, &across).len(), 1);
}

#[test]
fn the_tui_readers_see_every_form() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let src = "use super::{app::App, view};\nuse crate::tui::shell::X;\n// super::nav\n";
    let want: BTreeSet<String> = ["model", "shell"].map(String::from).into();
    assert_eq!(tui_imports(&m("tui::model::copy"), src), want);
    let src = "use super::super::keys::keymap;\nuse crate::tui::model::app::App;";
    let want: BTreeSet<String> = ["keys", "model"].map(String::from).into();
    assert_eq!(tui_imports(&m("tui::view::screen"), src), want);
    assert!(rung("analysis") < rung("msg") && rung("model") < rung("view"));
    assert!(rung("view") < rung("shell") && rung("shell") < rung(""));
    let src = "use shell::Loop;\nlet k = keys::keymap::map(e);";
    let want: BTreeSet<String> = ["keys", "shell"].map(String::from).into();
    assert_eq!(tui_imports(&m("tui"), src), want);
    let d = |src: &str| drawing_names(&m("tui::model::nav"), src).len();
    assert_eq!(d("use ratatui::text::Line;"), 1);
    assert_eq!(d("use ratatui::{layout::Rect, widgets::Paragraph};"), 1);
    assert_eq!(d("let t = crate::theme::Theme::default();"), 1);
    assert_eq!(d("use super::super::super::theme::Theme;"), 1);
    assert_eq!(d("use ratatui::layout::Rect; // ratatui::text in prose"), 0);
}

/// The graph's readers: a `use` spread over lines is one statement, and a path through a
/// re-export names the module the item comes from.
#[test]
fn the_graph_follows_reexports_and_long_uses() {
    let src = "pub use shared::{\n    Fail,\n    Result as R,\n};\nfn f() {}\n";
    let s = statements(src);
    assert_eq!(s[0], "pub use shared::{Fail,Result as R,};");
    assert!(is_reexport(&s[0]) && !is_reexport("use shared::Fail;"));
    let modules: BTreeMap<String, PathBuf> = ["cli", "cli::shared", "cli::set"]
        .into_iter()
        .map(|m| (m.to_string(), PathBuf::from(m)))
        .collect();
    let reexports: BTreeMap<(String, String), String> = [(
        ("cli".to_string(), "Fail".to_string()),
        "cli::shared::Fail".to_string(),
    )]
    .into();
    assert_eq!(
        target_of("cli::Fail", &modules, &reexports).as_deref(),
        Some("cli::shared")
    );
    assert_eq!(
        target_of("cli::run", &modules, &reexports).as_deref(),
        Some("cli")
    );
    assert_eq!(
        target_of("cli::set::x", &modules, &reexports).as_deref(),
        Some("cli::set")
    );
    assert_eq!(target_of("std::io", &modules, &reexports), None);
}
