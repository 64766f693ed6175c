//! Every case of the WPT `setters_tests.json` (tests/vectors/whatwg/, provenance beside it)
//! through `urlscope set --rules whatwg --set COMPONENT:=VALUE HREF`: the value as written is
//! what the URL Standard's setters take. A case passes when the href printed is the expected
//! one; when `set` refuses the value (exit 2, the input printed unchanged) it passes if the
//! Standard also leaves the URL unchanged. The cases the `url` crate itself lists as expected
//! failures (url/tests/expected_failures.txt, copied beside) may fail, and must, so that a
//! fixed one is noticed; any other failure fails the test.

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");
const SETTERS: &str = include_str!("../vectors/whatwg/setters_tests.json");
const URL_CRATE_FAILURES: &str = include_str!("../vectors/whatwg/url-crate-expected-failures.txt");

/// The URL Standard's attribute and the `set` component it maps to.
fn component(attr: &str) -> &'static str {
    match attr {
        "protocol" => "scheme",
        "username" => "user",
        "password" => "password",
        "host" => "hostport",
        "hostname" => "host",
        "port" => "port",
        "pathname" => "path",
        "search" => "query",
        "hash" => "fragment",
        "href" => "href",
        other => panic!("unknown setter {other}"),
    }
}

/// The name the `url` crate's harness gives a case (its escaping of `\`, LF, TAB, CR).
fn case_name(href: &str, attr: &str, value: &str) -> String {
    let esc = |s: &str| {
        s.chars()
            .map(|c| match c {
                '\\' => "\\\\".to_string(),
                '\n' => "\\n".to_string(),
                '\t' => "\\t".to_string(),
                '\r' => "\\r".to_string(),
                c => c.to_string(),
            })
            .collect::<String>()
    };
    format!("<{}> set {attr} to <{}>", esc(href), esc(value))
}

/// What `set` does with one `--set COMPONENT:=VALUE`, through the core function it calls.
fn core_set(href: &str, attr: &str, value: &str) -> (Option<i32>, String, String) {
    use urlscope::modern::edit::{EditRules, Encode, Target, set_component};
    let t = Target::from_name(component(attr)).unwrap();
    match set_component(
        href.as_bytes(),
        t,
        value.as_bytes(),
        Encode::AsWritten,
        EditRules::Whatwg,
    ) {
        Ok(e) => (Some(0), String::from_utf8(e.url).unwrap(), String::new()),
        Err(e) => (Some(2), href.to_string(), e.to_string()),
    }
}

/// Cases (href, setter, expected href) of this (newer) WPT copy that the `url` crate 2.5.8 fails and its own, older list does
/// not name yet, with the Standard change each follows.
const NEWER_THAN_URL_CRATE: &[(&str, &str, &str, &str)] = &[
    (
        "https://example.com/",
        "host",
        "https://xn--/",
        "UTS #46 as the Standard now calls it accepts the label `xn--`; idna 1.1 rejects it",
    ),
    (
        "https://example.com/",
        "hostname",
        "https://xn--/",
        "UTS #46 as the Standard now calls it accepts the label `xn--`; idna 1.1 rejects it",
    ),
    (
        "a:/",
        "pathname",
        "a:/%00%01%1F%20!%22%23$%&'()*+,-./09:;%3C=%3E%3F@AZ[\\]%5E_%60az%7B|%7D~%7F%C2%80%C2%81%C3%89%C3%A9",
        "the path percent-encode set gained `^` after the url crate's release",
    ),
];

/// The `url` crate's documented failures that `set` passes, and why.
const PASS_THROUGH_SET: &[(&str, &str)] = &[(
    "<file:///var/log/system.log> set href to <http://0300.168.0xF0>",
    "the href setter throws here (an invalid IPv4 address) and the URL stays; `set` refuses the \
     value the same way, while the url crate's harness counts the refusal as a failure",
)];

#[test]
fn wpt_setters_through_set() {
    let data: Value = serde_json::from_str(SETTERS).unwrap();
    let expected_failures: Vec<&str> = URL_CRATE_FAILURES
        .lines()
        .filter(|l| l.contains("> set "))
        .collect();
    let (mut ran, mut passed, mut known) = (0, 0, 0);
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    for (attr, cases) in data.as_object().unwrap() {
        if attr == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let want = case["expected"]["href"].as_str().unwrap();
            ran += 1;
            let (code, got, stderr) = if (href, value)
                == (
                    href.replace('\0', "").as_str(),
                    value.replace('\0', "").as_str(),
                ) {
                let out = Command::new(BIN)
                    .args(["set", "--rules", "whatwg", "--set"])
                    .arg(format!("{}:={value}", component(attr)))
                    .arg(href)
                    .output()
                    .unwrap();
                let got = String::from_utf8_lossy(&out.stdout).into_owned();
                let got = got.strip_suffix('\n').unwrap_or(&got).to_string();
                (
                    out.status.code(),
                    got,
                    String::from_utf8_lossy(&out.stderr).into_owned(),
                )
            } else {
                // A NUL cannot be a command-line argument: the core function `set` calls.
                core_set(href, attr, value)
            };
            let ok = if code == Some(0) {
                got == want
            } else {
                // Refused: the input comes back as typed; the Standard must leave it unchanged.
                code == Some(2)
                    && got == href
                    && url::Url::parse(href)
                        .map(|u| u.as_str() == want)
                        .unwrap_or(false)
            };
            let name = case_name(href, attr, value);
            let listed = expected_failures.contains(&name.as_str())
                || NEWER_THAN_URL_CRATE
                    .iter()
                    .any(|(h, a, w, _)| (*h, *a, *w) == (href, attr.as_str(), want));
            match (ok, listed) {
                (true, false) => passed += 1,
                (true, true) if PASS_THROUGH_SET.iter().any(|(n, _)| *n == name) => passed += 1,
                (true, true) => fixed.push(name),
                (false, true) => known += 1,
                (false, false) => unexpected.push(format!(
                    "{name:?}\n  expected {want}\n  got      {got} (exit {code:?}) {}",
                    stderr.trim()
                )),
            }
        }
    }
    println!(
        "WPT setters: {ran} cases run, {passed} passed, {known} expected failures ({} newer than the url crate's list)",
        NEWER_THAN_URL_CRATE.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} unexpected failures:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "listed by the url crate as failing, but passing: {fixed:?}"
    );
}
