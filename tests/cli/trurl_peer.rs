//! trurl's own test suite (tests/vectors/trurl/tests.json, trurl 0.16.1, provenance beside it)
//! run through `urlscope trurl` as it is: every case's arguments verbatim, from
//! tests/vectors/trurl/ (where its `-f testfiles/…` files are), as trurl's test.py runs them. A
//! case passes when stdout is what trurl's harness accepts (text, parsed JSON, any of a list,
//! non-empty), the exit code is trurl's, and stderr is empty exactly when trurl's is (the
//! messages' words are urlscope's). Every failing case is listed in [`DIFFERENCES`] with the
//! libcurl version that decides it; the test fails on an unlisted failure (a defect) and on a
//! listed case that passes (a stale entry), and each listed case must be one trurl's test.py
//! skips for the features `urlscope trurl --version` lists. docs/edit.md gives the table.

use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");
const SUITE: &str = include_str!("../vectors/trurl/tests.json");

/// What a run gave.
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn run(args: &[String]) -> Run {
    let out = Command::new(BIN)
        .arg("trurl")
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/trurl"))
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

/// trurl's harness: a string must be equal, a list lists the accepted strings, a boolean says
/// non-empty / empty; with `--json` the output is compared as parsed JSON.
fn stdout_accepted(expected: &Value, got: &str, json: bool) -> bool {
    if json && matches!(expected, Value::Array(_)) {
        return serde_json::from_str::<Value>(got).is_ok_and(|v| v == *expected);
    }
    match expected {
        Value::String(s) => s == got,
        Value::Array(a) => a.iter().any(|v| v.as_str() == Some(got)),
        Value::Bool(b) => *b != got.is_empty(),
        _ => false,
    }
}

/// Stderr: empty exactly when trurl's is (a string, a list of strings or a boolean; unchecked
/// when the case gives none).
fn stderr_agrees(expected: &Value, got: &str) -> bool {
    let want_some = match expected {
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => a.iter().any(|v| v.as_str().is_some_and(|s| !s.is_empty())),
        Value::Bool(b) => *b,
        // Not given: the harness does not look.
        _ => return true,
    };
    want_some != got.is_empty()
}

const UPPER_HEX: &str = "libcurl version: the case requires `uppercase-hex` (libcurl 8.15.0 and later, curl commit b5593a6fe0 \"urlapi: use uppercase hex encoding\"); `urlscope trurl` writes what libcurl 8.14 writes, lowercase hex, which the suite's other 14 hex cases expect (5 of them, the same command lines as these, exclude `uppercase-hex`), and its `--version` does not list the feature, so trurl's test.py would skip the case";
/// Each failing case (its index in tests.json) and why it differs: only a libcurl version.
const DIFFERENCES: &[(usize, &str)] = &[
    (207, UPPER_HEX),
    (208, UPPER_HEX),
    (209, UPPER_HEX),
    (210, UPPER_HEX),
    (211, UPPER_HEX),
];

#[test]
fn trurl_suite_through_urlscope_trurl() {
    let suite: Vec<Value> = serde_json::from_str(SUITE).unwrap();
    assert_eq!(suite.len(), 213);
    let mut passed = 0;
    let mut defects = Vec::new();
    let mut stale = Vec::new();
    for (i, case) in suite.iter().enumerate() {
        let args: Vec<String> = case["input"]["arguments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        let got = run(&args);
        let want = &case["expected"];
        let json = args.iter().any(|a| a == "--json");
        let ok = got.code.map(i64::from) == want["returncode"].as_i64()
            && stdout_accepted(&want["stdout"], &got.stdout, json)
            && stderr_agrees(&want["stderr"], &got.stderr);
        let listed = DIFFERENCES.iter().find(|(n, _)| *n == i);
        match (ok, listed) {
            (true, None) => passed += 1,
            (true, Some(_)) => {
                passed += 1;
                stale.push(i);
            }
            (false, Some(_)) => {}
            (false, None) => defects.push(format!(
                "case {i}: {args:?}\n  expected {} (rc {}, stderr {})\n  got      {:?} (rc {:?}, stderr {:?})",
                want["stdout"], want["returncode"], want["stderr"], got.stdout, got.code, got.stderr
            )),
        }
    }
    println!(
        "trurl suite: {} cases, {passed} passed, {} libcurl version differences",
        suite.len(),
        DIFFERENCES.len()
    );
    assert!(
        defects.is_empty() && stale.is_empty(),
        "unlisted failures ({}):\n{}\nlisted as different but passing: {stale:?}",
        defects.len(),
        defects.join("\n")
    );
    assert_eq!(suite.len() - passed, DIFFERENCES.len());
    assert!(passed >= 205, "{passed} of 213");
}

#[test]
fn each_difference_is_a_case_trurls_harness_skips_for_the_listed_features() {
    let version = run(&["--version".to_string()]);
    // trurl's test.py: the second line, after `features:`.
    let features: Vec<&str> = version
        .stdout
        .lines()
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .skip(1)
        .collect();
    assert!(features.contains(&"zone-id"), "{:?}", version.stdout);
    let suite: Vec<Value> = serde_json::from_str(SUITE).unwrap();
    for &(i, _) in DIFFERENCES {
        let required: Vec<&str> = suite[i]["required"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert!(
            required.iter().any(|r| !features.contains(r)),
            "case {i} requires {required:?}, all listed in {features:?}"
        );
    }
}
