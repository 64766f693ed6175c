//! The crate's own sources as the layering tests read them: every `.rs` file under a folder,
//! the module a file is, and the absolute paths a line of code names (crate-relative,
//! `super::`/`self::`-relative and plain relative paths alike).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// The module path of a source file: `src/tui/view/screen/chars.rs` → `tui::view::screen::chars`.
pub fn module_of(rel: &Path) -> Vec<String> {
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

/// The modules of the sources read, by path (`url::diff`, `tui::view::screen`): what a plain
/// relative path's first segment is checked against.
pub struct Modules(BTreeSet<String>);

impl Modules {
    /// The modules of the given module paths (each as its segments).
    pub fn of<I, M>(modules: I) -> Self
    where
        I: IntoIterator<Item = M>,
        M: AsRef<[String]>,
    {
        Modules(modules.into_iter().map(|m| m.as_ref().join("::")).collect())
    }

    /// Whether `module` has a child module named `name` (the crate root is `[]`).
    fn has_child(&self, module: &[String], name: &str) -> bool {
        let path = if module.is_empty() {
            name.to_string()
        } else {
            format!("{}::{name}", module.join("::"))
        };
        self.0.contains(&path)
    }
}

/// Every absolute path (`a::b::c`) that a path in `code` names, for the module `module`:
/// `crate::` paths, `super::` chains, `self::` paths, and plain relative paths, resolved as
/// Rust 2018 resolves them: a first segment that names a child module of `module` (at the crate
/// root, a top-level module) starts there; any other (`std::`, `url::` outside the root, a type's
/// `Profile::Fido`) names no module of the crate. A group `crate::{a, b::c}` gives `a` and `b::c`.
pub fn paths(modules: &Modules, module: &[String], code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        // A path starts at a word that does not continue another path (`std::fmt::x` starts at
        // `std`, never at `fmt`). Bytes, not chars: only ASCII matters here.
        let starts_path = (i == 0 || !ident(b[i - 1])) && !b[..i].ends_with(b"::");
        let word_end = (i..b.len()).find(|&k| !ident(b[k])).unwrap_or(b.len());
        let plain = starts_path
            && word_end > i
            && !b[i].is_ascii_digit()
            && b[word_end..].starts_with(b"::")
            && !matches!(&code[i..word_end], "crate" | "super" | "self")
            && modules.has_child(module, &code[i..word_end]);
        let (mut base, mut j) = if starts_path && b[i..].starts_with(b"crate::") {
            (Vec::new(), i + "crate::".len())
        } else if starts_path && b[i..].starts_with(b"super::") {
            (module.to_vec(), i)
        } else if starts_path && b[i..].starts_with(b"self::") {
            (module.to_vec(), i + "self::".len())
        } else if plain {
            (module.to_vec(), i)
        } else {
            i += 1;
            continue;
        };
        while b[j..].starts_with(b"super::") {
            base.pop();
            j += "super::".len();
        }
        let end = code[j..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .map_or(code.len(), |e| j + e);
        let mut prefix = base.join("::");
        let path = code[j..end].trim_end_matches(':');
        let join = |prefix: &str, rest: &str| {
            if prefix.is_empty() {
                rest.to_string()
            } else {
                format!("{prefix}::{rest}")
            }
        };
        if b.get(end) == Some(&b'{') && (j == end || code[j..end].ends_with("::")) {
            // A group: `crate::{a, b::c}`, `crate::url::{diff, profiles}`, `diff::{Op, Change}`.
            if !path.is_empty() {
                prefix = join(&prefix, path);
            }
            let close = code[end..].find('}').map_or(code.len(), |e| end + e);
            for item in code[end + 1..close].split(',') {
                let item = item.trim();
                if !item.is_empty() {
                    out.push(join(&prefix, item));
                }
            }
            i = close;
        } else {
            out.push(join(&prefix, path));
            i = end;
        }
    }
    out
}
