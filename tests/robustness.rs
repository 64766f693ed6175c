//! Real-world and odd inputs through the whole core: every line of `tests/data/urls-web.txt` and
//! `tests/data/urls-files.txt`, and every `input` of the WHATWG `urltestdata.json` (provenance in
//! `tests/data/README.md`). Each input goes through `tokenize` (lossless, delimiter and triplet
//! checks), `unit_infos` (tiling) and every profile's traced `normalize` (step-record invariants),
//! without panicking. All failures of a file are collected and reported together.

mod common;

use std::path::PathBuf;

use urlscope::url::normalize;
use urlscope::url::notation::encode;

fn data(name: &str) -> Vec<u8> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Run every check on one input; `Err` holds the first violated invariant.
fn check(x: &[u8]) -> Result<(), String> {
    let parsed = common::check_spans(x)?;
    common::check_units(x, &parsed)?;
    for (p, o) in common::all_configs() {
        let out = normalize(x, p, &o);
        common::check_outcome(x, p, &o, &out)?;
    }
    Ok(())
}

fn run_all<'a>(what: &str, inputs: impl Iterator<Item = &'a [u8]>) {
    let mut n = 0;
    let mut failures = Vec::new();
    for x in inputs {
        n += 1;
        let result = std::panic::catch_unwind(|| check(x)).unwrap_or_else(|e| {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panic: {msg}"))
        });
        if let Err(e) = result {
            failures.push(format!("input {}: {e}", encode(x)));
        }
    }
    assert!(n > 0, "{what}: no inputs");
    assert!(
        failures.is_empty(),
        "{what}: {} of {n} inputs failed; first 20:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b'\n').filter(|l| !l.is_empty())
}

#[test]
fn urls_web() {
    let text = data("urls-web.txt");
    run_all("urls-web.txt", lines(&text));
}

#[test]
fn urls_files() {
    let text = data("urls-files.txt");
    run_all("urls-files.txt", lines(&text));
}

#[test]
fn whatwg_urltestdata_inputs() {
    let doc: serde_json::Value =
        serde_json::from_slice(&data("urltestdata.json")).expect("urltestdata.json");
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for entry in doc.as_array().expect("array") {
        if let Some(obj) = entry.as_object() {
            for key in ["input", "base"] {
                if let Some(s) = obj.get(key).and_then(|v| v.as_str()) {
                    inputs.push(s.as_bytes().to_vec());
                }
            }
        }
    }
    assert!(
        inputs.len() > 891,
        "expected at least 891 inputs, got {}",
        inputs.len()
    );
    run_all("urltestdata.json", inputs.iter().map(Vec::as_slice));
    // The same inputs as bases and references of one another, through resolve.
    for pair in inputs.windows(2) {
        let _ = urlscope::url::resolve(&pair[0], &pair[1]);
    }
}
