//! The 40 RFC 1808 resolution examples of `tests/vectors/rfc1808_resolution.json` (§5.1, §5.2
//! and the §10 appendix example; provenance in `tests/vectors/README.md`) through `resolve`, one
//! named trial per case: `rfc1808::NN <ref>`.

use libtest_mimic::{Failed, Trial};
use serde_json::Value;
use urlscope_core::resolve;
use urlscope_core::url::notation::encode;

fn show(s: &[u8]) -> String {
    if s.is_empty() {
        "∅".to_string()
    } else {
        encode(s)
    }
}

/// One trial per case (`rfc1808::NN <ref>`) and one count check (`rfc1808::count`).
pub fn trials() -> Vec<Trial> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/rfc1808_resolution.json"
    );
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read rfc1808_resolution.json"))
            .expect("parse rfc1808_resolution.json");
    let cases = doc["cases"].as_array().expect("cases array").clone();
    let declared = doc["count"].as_u64().expect("count");
    let n = cases.len();
    let mut trials = vec![Trial::test("rfc1808::count", move || {
        if n == 40 && declared == 40 {
            Ok(())
        } else {
            Err(format!("expected 40 cases, file declares {declared} and has {n}").into())
        }
    })];
    for (i, case) in cases.into_iter().enumerate() {
        let field = |k: &str| {
            case[k]
                .as_str()
                .unwrap_or_else(|| panic!("case {i}: no string {k}"))
                .to_string()
        };
        let (base, reference, expected, section) = (
            field("base"),
            field("ref"),
            field("expected"),
            field("section"),
        );
        let label = if reference.is_empty() {
            "<>".to_string()
        } else {
            encode(reference.as_bytes())
        };
        let name = format!("rfc1808::{:02} {label}", i + 1);
        trials.push(Trial::test(name, move || {
            let res = resolve(base.as_bytes(), reference.as_bytes());
            if res.output == expected.as_bytes() {
                Ok(())
            } else {
                Err(Failed::from(format!(
                    "RFC 1808 §{section}\n    base: {base}\n     ref: {}\nexpected: {}\n  actual: {}\n   rules: {:?}",
                    show(reference.as_bytes()),
                    show(expected.as_bytes()),
                    show(&res.output),
                    res.rules
                )))
            }
        }));
    }
    trials
}
