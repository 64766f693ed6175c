//! Every case of the WPT `setters_tests.json` (tests/vectors/whatwg/, provenance beside it)
//! through `urlscope set --rules whatwg --set COMPONENT:=VALUE HREF`: the value as written is
//! what the URL Standard's setters take, and `set` runs them (urlscope's own parser with a state
//! override). A case passes when the href printed is the expected one; when `set` refuses the
//! value (exit 2, the input printed unchanged) it passes if the Standard also leaves the URL
//! unchanged. Every case must pass.

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");
const SETTERS: &str = include_str!("../vectors/whatwg/setters_tests.json");

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

/// A case's name: the href, the setter and the value, with `\`, LF, TAB and CR escaped.
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
    use urlscope_core::modern::{EditRules, Encode, Target, set_component};
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

#[test]
fn wpt_setters_through_set() {
    let data: Value = serde_json::from_str(SETTERS).unwrap();
    let (mut ran, mut passed) = (0, 0);
    let mut failed = Vec::new();
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
                    && urlscope_core::whatwg::parse(href, None).is_ok_and(|u| u.href() == want)
            };
            if ok {
                passed += 1;
            } else {
                failed.push(format!(
                    "{:?}\n  expected {want}\n  got      {got} (exit {code:?}) {}",
                    case_name(href, attr, value),
                    stderr.trim()
                ));
            }
        }
    }
    println!("WPT setters: {ran} cases run, {passed} passed");
    assert!(
        failed.is_empty(),
        "{} of {ran} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
