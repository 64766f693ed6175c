//! The web-platform-tests URL suites (urltestdata.json and setters_tests.json, copies with their
//! provenance in tests/vectors/whatwg) through urlscope's own URL Standard parser and setters:
//! every case, bases and failures included, compared on href and every getter.

use serde_json::Value;
use urlscope_core::whatwg::{Setter, set};
use urlscope_core::whatwg::{Url, parse, parse_traced};

const URLTESTDATA: &str = include_str!("vectors/whatwg/urltestdata.json");
const SETTERS: &str = include_str!("vectors/whatwg/setters_tests.json");

/// The getter named `name` of `url`.
fn getter(url: &Url, name: &str) -> Option<String> {
    Some(match name {
        "href" => url.href(),
        "origin" => url.origin(),
        "protocol" => url.protocol(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host(),
        "hostname" => url.hostname(),
        "port" => url.port(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search(),
        "hash" => url.hash(),
        _ => return None,
    })
}

const GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// The API URL parser: the base is parsed first, and its failure is the input's.
fn api_parse(input: &str, base: Option<&str>) -> Option<Url> {
    let base = match base {
        Some(b) => Some(parse(b, None).ok()?),
        None => None,
    };
    parse(input, base.as_ref()).ok()
}

#[test]
fn urltestdata_every_case_passes() {
    let cases: Vec<Value> = serde_json::from_str(URLTESTDATA).expect("urltestdata.json is JSON");
    let (mut passed, mut failed) = (0usize, Vec::new());
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let got = api_parse(input, base);
        let mut problems = Vec::new();
        // A trace observes; it never changes the result.
        let parsed_base = base.and_then(|b| parse(b, None).ok());
        if parsed_base.is_some() || base.is_none() {
            let traced = parse_traced(input, parsed_base.as_ref()).0.ok();
            if traced != got {
                problems.push("the traced parse differs".to_owned());
            }
        }
        if case.get("failure").and_then(Value::as_bool) == Some(true) {
            if let Some(url) = &got {
                problems.push(format!("expected failure, got {}", url.href()));
            }
        } else {
            match &got {
                None => problems.push("expected success, got failure".to_owned()),
                Some(url) => {
                    for name in GETTERS {
                        if let Some(want) = case.get(name).and_then(Value::as_str) {
                            let have = getter(url, name).expect("a getter");
                            if have != want {
                                problems.push(format!("{name}: got {have:?}, want {want:?}"));
                            }
                        }
                    }
                }
            }
        }
        if problems.is_empty() {
            passed += 1;
        } else {
            failed.push(format!(
                "{input:?} against {base:?}: {}",
                problems.join("; ")
            ));
        }
    }
    println!(
        "urltestdata.json: {passed} of {} cases pass",
        passed + failed.len()
    );
    assert!(passed > 800, "the suite has 891 tests; only {passed} ran");
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn setters_tests_every_case_passes() {
    let suites: serde_json::Map<String, Value> =
        serde_json::from_str(SETTERS).expect("setters_tests.json is JSON");
    let (mut passed, mut failed) = (0usize, Vec::new());
    for (name, cases) in &suites {
        let Some(setter) = Setter::from_name(name) else {
            assert_eq!(name, "comment", "an unknown setter {name}");
            continue;
        };
        for case in cases.as_array().expect("a list of cases") {
            let href = case["href"].as_str().expect("href");
            let value = case["new_value"].as_str().expect("new_value");
            let mut url = parse(href, None).expect("the test's href parses");
            let _ = set(&mut url, setter, value);
            let mut problems = Vec::new();
            for (getter_name, want) in case["expected"].as_object().expect("expected") {
                let want = want.as_str().expect("a string");
                let have = getter(&url, getter_name).expect("a known getter");
                if have != want {
                    problems.push(format!("{getter_name}: got {have:?}, want {want:?}"));
                }
            }
            if problems.is_empty() {
                passed += 1;
            } else {
                failed.push(format!(
                    "<{href}> set {name} to {value:?}: {}",
                    problems.join("; ")
                ));
            }
        }
    }
    println!(
        "setters_tests.json: {passed} of {} cases pass",
        passed + failed.len()
    );
    assert!(passed > 200, "only {passed} setter cases ran");
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn the_href_setter_rejects_a_non_url_and_keeps_the_url() {
    let mut url = parse("https://example.com/a", None).expect("a URL");
    assert!(set(&mut url, Setter::Href, "not a url").is_err());
    assert_eq!(url.href(), "https://example.com/a");
}
