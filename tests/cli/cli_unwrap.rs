//! `urlscope unwrap` and the query table of `explain` (docs/lenses.md) through the real
//! binary.

use crate::support;
use serde_json::Value;
use support::*;

const NESTED: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%3A%2F%2Fexample.org%2Ffinal%3Fx%253D1%26sa%3DD%26usg%3DAOvVaw1__%3B%21%21ACWV5N9M2RV99hQ%21Kx4%24&data=05%7C02%7Cuser%40example.com&reserved=0";

fn json(o: &std::process::Output) -> Value {
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn text_numbers_each_layer_and_ends_with_the_target() {
    let o = run(&[b"unwrap", NESTED.as_bytes()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = String::from_utf8(o.stdout).unwrap();
    let heads: Vec<&str> = t.lines().filter(|l| !l.starts_with("    ")).collect();
    assert_eq!(
        heads,
        [
            " 0  pasted text",
            " 1  Outlook SafeLinks  (from layer 0: query parameter `url`, bytes 52..234)",
            " 2  Proofpoint URL Defense v3  (from layer 1: the link in `__…__;` and the payload after it, bytes 28..108)",
            " 3  Google redirect  (from layer 2: query parameter `q`, bytes 29..60)",
            "target: https://example.org/final?x=1",
        ]
    );
}

#[test]
fn json_has_every_layer() {
    let o = run(&[b"unwrap", b"--json", NESTED.as_bytes()], b"");
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["target"], "https://example.org/final?x=1");
    assert_eq!(v["target_layer"], 3);
    let kinds: Vec<&str> = v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["input", "safe-links", "proofpoint-v3", "google"]);
    assert_eq!(v["layers"][1]["source"]["what"], "query parameter `url`");
    assert_eq!(v["layers"][3]["label"], "Google redirect");
    assert_eq!(octets(&v["input"]), NESTED.as_bytes());
}

#[test]
fn stdin_hex_and_usage_errors() {
    let o = run(&[b"unwrap", b"--stdin"], b"hxxps://a[.]example/");
    assert_eq!(o.status.code(), Some(0));
    assert!(
        String::from_utf8(o.stdout)
            .unwrap()
            .ends_with("target: https://a.example/\n")
    );
    let o = run(
        &[b"unwrap", b"--hex", b"68 78 78 70 3a 2f 2f 61 5b 2e 5d 62"],
        b"",
    );
    assert!(
        String::from_utf8(o.stdout)
            .unwrap()
            .ends_with("target: http://a.b\n")
    );
    // No URL: standard input is read one URL a line (batch); an empty one answers nothing.
    let o = run(&[b"unwrap"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
    for args in [
        &[&b"unwrap"[..], b"--hex", b"6"][..],
        &[b"unwrap", b"--bogus", b"x"],
    ] {
        let o = run(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1);
    }
}

#[test]
fn hostile_input_is_escaped() {
    let x: &[u8] = b"https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F%1B%5B31m%E2%80%AE\x1b]0;t\x07\xff";
    let o = run(&[b"unwrap", x], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(!o.stdout.iter().any(|&b| b == 0x1b || b == 0x07));
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(t.contains("\\x1B[31m⟨U+202E⟩"), "{t}");
    assert!(!t.contains('\u{202E}'));
    // 1 MiB through the binary.
    let mut big = b"https://a.example/?url=".to_vec();
    big.extend(std::iter::repeat_n(b'%', 1 << 20));
    let o = run(&[b"unwrap", b"--json", b"--stdin"], &big);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(octets(&json(&o)["input"]), big);
}

#[test]
fn explain_json_has_the_query_table() {
    let url = b"http://h/p?utm_source=news&a=x+y%C3%A9&a=2&fbclid=1&k=%FF&b#frag";
    let o = run(&[b"explain", b"--json", url], b"");
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    let t = &v["query_table"];
    let pairs = t["pairs"].as_array().unwrap();
    let keys: Vec<&str> = pairs.iter().map(|p| p["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["utm_source", "a", "a", "fbclid", "k", "b"]);
    let flags: Vec<bool> = pairs
        .iter()
        .map(|p| p["tracking"].as_bool().unwrap())
        .collect();
    assert_eq!(flags, [true, false, false, true, false, false]);
    assert_eq!(pairs[1]["value"], "x+y%C3%A9");
    assert_eq!(pairs[1]["value_decoded"], "x yé");
    assert_eq!(octets(&pairs[4]["value_decoded"]), b"\xff");
    assert_eq!(pairs[5]["value"], Value::Null);
    assert_eq!(t["tracking_count"], 2);
    assert_eq!(
        octets(&t["without_tracking"]),
        b"http://h/p?a=x+y%C3%A9&a=2&k=%FF&b#frag"
    );
    let o = run(&[b"explain", b"--json", b"http://h/p#no-query"], b"");
    assert_eq!(json(&o)["query_table"], Value::Null);
}
