//! Resolution by three rule sets (docs/lenses.md): the 42 examples of RFC 3986 §5.4 with
//! `rfc3986`, the same examples through the WHATWG rules (where a browser differs from the RFC,
//! each difference is named), and the command line's `--rules`.

use crate::support;

use urlscope_core::url::{Rules, resolve_by};

struct Case {
    base: String,
    reference: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/rfc3986_resolution.json"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let cases: Vec<Case> = v["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            base: c["base"].as_str().unwrap().to_string(),
            reference: c["ref"].as_str().unwrap().to_string(),
            expected: c["expected"].as_str().unwrap().to_string(),
        })
        .collect();
    assert_eq!(cases.len(), 42, "RFC 3986 §5.4 has 42 examples");
    cases
}

#[test]
fn all_42_rfc3986_examples_resolve_with_rfc3986_rules() {
    let mut failures = Vec::new();
    for c in cases() {
        let r = resolve_by(Rules::Rfc3986, c.base.as_bytes(), c.reference.as_bytes());
        if r.output != c.expected.as_bytes() || r.error.is_some() {
            failures.push(format!(
                "{:?} against {}: got {} ({:?}), want {}",
                c.reference,
                c.base,
                String::from_utf8_lossy(&r.output),
                r.error,
                c.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn whatwg_rules_agree_with_rfc3986_except_where_browsers_differ() {
    // Where the WHATWG URL Standard resolves an RFC 3986 §5.4 example differently: a special
    // scheme equal to the base's makes "http:g" relative (RFC 3986 calls this the "backward
    // compatibility" reading), and a special URL's empty path is serialized "/"; the other
    // examples agree.
    let browsers_differ = [("http:g", "http://a/b/c/g"), ("//g", "http://g/")];
    for c in cases() {
        let r = resolve_by(Rules::Whatwg, c.base.as_bytes(), c.reference.as_bytes());
        let want = browsers_differ
            .iter()
            .find(|(r, _)| *r == c.reference)
            .map_or(c.expected.as_str(), |(_, w)| w);
        assert_eq!(
            String::from_utf8_lossy(&r.output),
            want,
            "{:?} against {}",
            c.reference,
            c.base
        );
    }
}

#[test]
fn the_three_rule_sets_differ_where_the_spec_says() {
    let (base, reference) = (b"http://a/b/c/d;p?q", b"../../../g");
    let got: Vec<Vec<u8>> = Rules::ALL
        .iter()
        .map(|&r| resolve_by(r, base, reference).output)
        .collect();
    assert_eq!(
        got,
        [
            b"http://a/../g".to_vec(),
            b"http://a/g".to_vec(),
            b"http://a/g".to_vec()
        ]
    );
    // A base without a scheme is an error under every rule set, and the reference is kept.
    for r in Rules::ALL {
        let res = resolve_by(r, b"no/scheme", b"g");
        assert!(res.error.is_some(), "{r:?}");
        assert_eq!(res.output, b"g");
    }
}

#[test]
fn resolve_rules_on_the_command_line() {
    for (rules, want) in [
        ("rfc1808", "http://a/../g\n"),
        ("rfc3986", "http://a/g\n"),
        ("whatwg", "http://a/g\n"),
    ] {
        let o = support::run(
            &[
                b"resolve",
                b"--rules",
                rules.as_bytes(),
                b"http://a/b/c/d;p?q",
                b"../../../g",
            ],
            b"",
        );
        assert!(o.status.success(), "{rules}");
        assert_eq!(String::from_utf8_lossy(&o.stdout), want, "{rules}");
    }
    let o = support::run(
        &[
            b"resolve",
            b"--rules",
            b"rfc3986",
            b"--trace",
            b"http://a/b/c/d;p?q",
            b"../g",
        ],
        b"",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("rules: rfc3986-merge-paths rfc3986-resolve-dot-segments rfc3986-recompose"),
        "{out}"
    );
    let o = support::run(
        &[b"resolve", b"--rules", b"nonsense", b"http://a/", b"g"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
}
