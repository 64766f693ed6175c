//! `urlscope same` through the real binary: RFC 3986 §6.2's own equivalences
//! (tests/vectors/rfc3986_normalization_equivalence.json), the step after which a profile's two
//! runs agree, the exit status, and the terminal rule for hostile input.

use crate::support;
use serde_json::Value;
use support::*;

fn same_json(args: &[&[u8]]) -> (Value, i32) {
    let mut all: Vec<&[u8]> = vec![b"same", b"--json"];
    all.extend_from_slice(args);
    let o = run(&all, b"");
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    (v, o.status.code().unwrap())
}

/// One profile's answer in `same --json`'s output.
fn profile_of(v: &Value, name: &str) -> Value {
    v["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["profile"] == name)
        .unwrap()
        .clone()
}

fn first_match(v: &Value) -> Option<String> {
    v["ladder"]["first_match"].as_str().map(str::to_owned)
}

#[test]
fn the_rfcs_equivalences_hold_on_the_ladder() {
    let data: Value = serde_json::from_str(include_str!(
        "../vectors/rfc3986_normalization_equivalence.json"
    ))
    .unwrap();
    let mut pairs = 0;
    for case in data["cases"].as_array().unwrap() {
        let basis = case["basis"].as_str().unwrap();
        let kind = case["kind"].as_str().unwrap();
        let uris: Vec<&str> = match (case["uris"].as_array(), case["percent_triplets"].as_array()) {
            (Some(u), _) => u.iter().map(|s| s.as_str().unwrap()).collect(),
            (None, Some(_)) => continue, // triplets alone: checked below inside a URL
            _ => panic!("case without uris"),
        };
        for i in 0..uris.len() {
            for j in i + 1..uris.len() {
                pairs += 1;
                let (v, code) = same_json(&[uris[i].as_bytes(), uris[j].as_bytes()]);
                let rung = first_match(&v);
                let what = format!("{} vs {} ({basis})", uris[i], uris[j]);
                if kind == "not_equivalent" || basis.contains("6.2.4") {
                    // §6.2.4 needs a redirect seen on the network: no syntactic rung may match.
                    assert_eq!(rung, None, "{what}");
                    assert_eq!(code, 1, "{what}");
                } else if basis.contains("mailto") {
                    // Only the scheme-based rung knows mailto's domain; the rfc3986 profile
                    // (M6 lowercases scheme and host only) keeps them apart.
                    assert_eq!(rung.as_deref(), Some("scheme-based"), "{what}");
                    assert_eq!(code, 1, "{what}");
                } else {
                    assert!(rung.is_some(), "{what}");
                    assert_eq!(code, 0, "{what}: the rfc3986 profile agrees");
                }
            }
        }
    }
    assert_eq!(pairs, 12);
    let (v, _) = same_json(&[b"http://a/%3a", b"http://a/%3A"]);
    assert_eq!(first_match(&v).as_deref(), Some("case"));
}

#[test]
fn each_rung_is_reported_where_it_first_matches() {
    let cases: [(&str, &str, Option<&str>); 6] = [
        ("http://a/b", "http://a/b", Some("simple-string")),
        (
            "HTTP://www.EXAMPLE.com/",
            "http://www.example.com/",
            Some("case"),
        ),
        (
            "http://a/%7Euser",
            "http://a/~user",
            Some("percent-encoding"),
        ),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "example://a/b/c/%7Bfoo%7D",
            Some("path-segment"),
        ),
        (
            "http://example.com:80",
            "http://example.com/",
            Some("scheme-based"),
        ),
        ("http://example.com/data", "http://example.com/data/", None),
    ];
    for (a, b, want) in cases {
        let (v, _) = same_json(&[a.as_bytes(), b.as_bytes()]);
        assert_eq!(first_match(&v).as_deref(), want, "{a} vs {b}");
        let rungs = v["ladder"]["rungs"].as_array().unwrap();
        assert_eq!(rungs.len(), 5);
        // Cumulative: once equal, every later rung is equal too.
        let eq: Vec<bool> = rungs
            .iter()
            .map(|r| r["equal"].as_bool().unwrap())
            .collect();
        assert!(eq.windows(2).all(|w| !w[0] || w[1]), "{a} vs {b}: {eq:?}");
    }
}

#[test]
fn profiles_name_the_first_step_after_which_the_urls_agree() {
    let (v, code) = same_json(&[b"HTTP://www.EXAMPLE.com/", b"http://www.example.com/"]);
    assert_eq!(code, 0);
    let by_name = |n: &str| profile_of(&v, n);
    assert_eq!(
        v["profiles"].as_array().unwrap().len(),
        urlscope_core::Profile::ALL.len()
    );
    let pdf = by_name("pdf");
    assert_eq!(pdf["verdict"], "equal after step 4 lowercase-host");
    assert_eq!(pdf["equal_after_step"], 4);
    assert_eq!(by_name("rfc3986")["step"], "lowercase-scheme-host");
    assert_eq!(by_name("whatwg")["step"], "whatwg-parse");
    assert_eq!(by_name("none")["equal"], false);
    assert_eq!(by_name("none")["equal_after_step"], Value::Null);
    // urlcanon lowercases a host only through IDNA; SURT keeps the scheme's case until its key
    // drops the scheme.
    assert_eq!(by_name("uc-whatwg")["step"], "uc-idna");
    assert_eq!(by_name("surt")["step"], "surt-form");
    // RFC 1738 has no case step at all.
    assert_eq!(by_name("rfc1738")["equal"], false);
    // One line a profile with --verbose (the default groups the answers: cli_same_grouped).
    let o = run(
        &[
            b"same",
            b"--verbose",
            b"HTTP://www.EXAMPLE.com/",
            b"http://www.example.com/",
        ],
        b"",
    );
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(
        t.lines().any(|l| l.trim_start().starts_with("pdf ")
            && l.ends_with("  equal after step 4 lowercase-host")),
        "{t}"
    );
    assert!(t.contains("they match at case (RFC 3986 §6.2.2.1)"), "{t}");
    assert!(t.contains("under rfc3986: same"), "{t}");
}

#[test]
fn the_exit_status_follows_the_chosen_profile() {
    let frag: [&[u8]; 2] = [b"http://a/b#x", b"http://a/b#y"];
    let (v, code) = same_json(&[b"-p", b"whatwg", frag[0], frag[1]]);
    assert_eq!(code, 1);
    assert_eq!(v["whatwg"]["equal"], false);
    assert_eq!(v["whatwg"]["equal_without_fragment"], true);
    // Hyvätti strips the fragment first.
    let (_, code) = same_json(&[b"-p", b"hyvatti", frag[0], frag[1]]);
    assert_eq!(code, 0);
    let o = run(&[b"same", b"http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let o = run(&[b"same", b"-p", b"nosuch", b"a", b"b"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nosuch"));
}

#[test]
fn hostile_octets_never_reach_the_terminal_raw() {
    let o = run(&[b"same", b"http://h/\x1b[31m\xff", b"http://h/\x07"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        !o.stdout.iter().any(|&b| b == 0x1b || b == 0x07),
        "raw control in output"
    );
    let (v, _) = same_json(&[b"http://h/\xff", b"http://h/%FF"]);
    // Lossless JSON: invalid UTF-8 as hex.
    assert_eq!(octets(&v["a"]), b"http://h/\xff");
    assert_eq!(v["whatwg"]["equal"], true);
}

/// Two 300-byte URLs that differ in their eighth query pair, late.
fn late_pair() -> (String, String) {
    let head = format!("https://shop.example/{}?", "p".repeat(200));
    let pairs = |y: u8| format!("a=1&b=2&c=3&d=4&e=5&f=6&g=7&y={y}&z=9");
    (format!("{head}{}", pairs(2)), format!("{head}{}", pairs(5)))
}

#[test]
fn the_first_difference_is_named_by_component_and_byte() {
    let (a, b) = late_pair();
    let at = a.find("y=2").unwrap() + 2;
    let (v, code) = same_json(&[a.as_bytes(), b.as_bytes()]);
    assert_eq!(code, 1);
    let d = &v["first_difference"];
    assert_eq!(d["component"], "query-pair");
    assert_eq!(d["pair"], 8);
    assert_eq!(d["offset_a"], at);
    assert_eq!(d["offset_b"], at);
    assert_eq!(
        (d["piece_a"].as_str(), d["piece_b"].as_str()),
        (Some("y=2"), Some("y=5"))
    );
    // Each profile's results and each rung say the same of their own strings.
    for p in v["profiles"].as_array().unwrap() {
        assert_eq!(p["first_difference"]["component"], "query-pair", "{p}");
    }
    for r in v["ladder"]["rungs"].as_array().unwrap() {
        assert_eq!(r["first_difference"]["pair"], 8, "{r}");
    }
    let o = run(&[b"same", a.as_bytes(), b.as_bytes()], b"");
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(
        t.contains(&format!(
            "differ at query pair 8: `y=2` ≠ `y=5`, byte {}",
            at + 1
        )),
        "{t}"
    );
    // The difference marked on a row of its own, under it on both lines (not colour alone):
    // the `^` stands in the column of A's `2` and B's `5`.
    let lines: Vec<&str> = t.lines().collect();
    let col = |l: &str, c: char| l.chars().position(|x| x == c);
    let (la, lb, mark) = (lines[0], lines[1], lines[2]);
    let caret = col(mark, '^').expect("a marker row");
    assert_eq!(mark.trim(), "^", "{mark}");
    assert_eq!(la.chars().nth(caret), Some('2'), "{la}");
    assert_eq!(lb.chars().nth(caret), Some('5'), "{lb}");
    assert!(lines[3].contains("differ at query pair 8"), "{t}");
    // Each profile that keeps them apart, and the ladder's last rung, mark their two forms
    // the same way.
    let arrows: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k].trim_start().starts_with("A → "))
        .collect();
    assert!(t.contains("no rung makes them equal:\n    A → "), "{t}");
    assert!(!arrows.is_empty(), "{t}");
    for k in arrows {
        let caret = col(lines[k + 2], '^').expect("a marker row under each pair");
        assert_eq!(lines[k].chars().nth(caret), Some('2'), "{}", lines[k]);
        assert_eq!(
            lines[k + 1].chars().nth(caret),
            Some('5'),
            "{}",
            lines[k + 1]
        );
    }
    // Equal inputs: null in JSON, said in words.
    let (v, _) = same_json(&[b"http://a/", b"http://a/"]);
    assert!(v["first_difference"].is_null());
    assert!(v["profiles"][0]["first_difference"].is_null());
}

#[test]
fn a_surt_keys_difference_is_named_by_the_part_of_the_key() {
    // Read as a URL, a key that starts with its host is all path; read as a key, a `www.` kept
    // by one and dropped by the other is in the host, for both SURT forms.
    let (v, _) = same_json(&[
        b"http://www.Example.com/a?b=1&a=2",
        b"https://example.com/a?a=2&b=1",
    ]);
    let ssurt = profile_of(&v, "ssurt");
    assert_eq!(ssurt["equal"], false, "{ssurt}");
    let d = &ssurt["first_difference"];
    assert_eq!(d["component"], "host", "{ssurt}");
    assert_eq!(
        (d["piece_a"].as_str(), d["piece_b"].as_str()),
        (Some("com,example,www,"), Some("com,example,"))
    );
    let (v, _) = same_json(&[b"http://a.example.com/x", b"http://b.example.com/x"]);
    let surt = profile_of(&v, "surt");
    assert_eq!(surt["first_difference"]["component"], "host", "{surt}");
    assert_eq!(
        surt["first_difference"]["piece_a"], "com,example,a",
        "{surt}"
    );
    let o = run(
        &[
            b"same",
            b"-p",
            b"surt",
            b"http://a.example.com/x",
            b"http://b.example.com/x",
        ],
        b"",
    );
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(
        t.contains("differ at host: `com,example,a` ≠ `com,example,b`"),
        "{t}"
    );
}
