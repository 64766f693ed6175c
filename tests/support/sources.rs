//! The crate's own sources as the layering tests read them: every `.rs` file under a folder,
//! the module a file is, and the absolute paths a line of code names.

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

/// Every absolute path (`a::b::c`) that a `crate::` or `super::` path in `code` names, for
/// the module `module`. A group `crate::{a, b::c}` gives `a` and `b::c`.
pub fn paths(module: &[String], code: &str) -> Vec<String> {
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
