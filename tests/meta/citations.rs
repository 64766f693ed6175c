//! Comments, docs and texts cite what the repository holds: the primary sources by name and
//! section (the RFCs, the URL Standard, the five source documents of docs/rules.md) and the
//! project's own docs. The contract documents urlscope was first written against are not in the
//! repository, so a citation of them (`SPEC.md`, `SPEC-MODERN`, `SPEC-CANON`, `SPEC §…`) points
//! at nothing a reader of a clone can open.

use std::path::{Path, PathBuf};

/// What is scanned, relative to the repository root: the code, the Python package's code, the
/// fuzz crate (its corpora included: the exercise sets are copied there) and the docs.
const SCANNED: [&str; 6] = ["src", "crates", "python/src", "fuzz", "docs", "README.md"];

/// Build outputs and caches: nothing in them is written by hand.
const SKIPPED_DIRS: [&str; 4] = ["target", "artifacts", "coverage", "__pycache__"];

/// The ways the contract documents were cited.
const CITATIONS: [&[u8]; 5] = [
    b"SPEC.md",
    b"SPEC-MODERN",
    b"SPEC-CANON",
    "SPEC §".as_bytes(),
    "SPEC§".as_bytes(),
];

/// Every file under `path` (or `path` itself), skipping hidden entries and build outputs.
fn files_under(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || SKIPPED_DIRS.contains(&name.as_ref()) {
            continue;
        }
        files_under(&entry.path(), out);
    }
}

/// The 1-based numbers of the lines of `text` that cite a contract document, with the line.
fn citing_lines(text: &[u8]) -> Vec<(usize, String)> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| {
            CITATIONS
                .iter()
                .any(|c| line.windows(c.len()).any(|w| w == *c))
        })
        .map(|(i, line)| (i + 1, String::from_utf8_lossy(line).trim().to_string()))
        .collect()
}

#[test]
fn nothing_cites_the_contract_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for p in SCANNED {
        files_under(&root.join(p), &mut files);
    }
    assert!(
        files.len() > 500,
        "only {} files found under {SCANNED:?}: the scan is looking in the wrong place",
        files.len()
    );
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for (n, line) in citing_lines(&text) {
            found.push(format!(
                "{}:{n}: {line}",
                f.strip_prefix(root).unwrap().display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "{} line(s) cite a contract document the repository does not hold; cite the primary \
         source by name and section, or the project's docs (docs/rules.md, docs/lenses.md, \
         docs/canon.md, ...):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The scan finds each form of citation and leaves alone what merely contains the letters.
#[test]
fn the_scan_sees_a_citation() {
    for planted in [
        "//! Tokenizer of SPEC §1.4.",
        "/// See SPEC.md.",
        "// the host lens (SPEC-MODERN §10.2)",
        "# SPEC-CANON §15.2's recipe",
        "(SPEC§3.0)",
    ] {
        let text = format!("fn a() {{}}\n{planted}\nfn b() {{}}\n");
        assert_eq!(
            citing_lines(text.as_bytes()),
            vec![(2, planted.to_string())],
            "{planted}"
        );
    }
    for clean in [
        "const INSPECTOR: usize = 1;",
        "RFC 3986 §6.2.2",
        "the URL Standard §4.4 (basic URL parser)",
        "docs/rules.md, \"The tokenizer\"",
        "a SPECIAL scheme",
    ] {
        assert!(citing_lines(clean.as_bytes()).is_empty(), "{clean}");
    }
}
