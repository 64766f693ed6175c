//! The `whatwg` profile as urlscope's own traced URL Standard parser, through the real binary
//! and the inspector: `explain -p whatwg` (text and JSON) shows the states that read the code
//! points, the transitions with the standard's steps, the validation errors by the standard's
//! names and the provenance of every edit; failures are named after the error that failed; the
//! character strip shows a row of states under the `whatwg` profile.

use crate::support;

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");
const EXAMPLE: &str = "HTTP://ExAmple.COM:80/a/../%7e b?q= 1#f";

fn explain(args: &[&str]) -> (String, i32) {
    let out = Command::new(BIN)
        .args(["explain", "-p", "whatwg", "--color", "never"])
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn explain_json(url: &str) -> Value {
    let (out, code) = explain(&["--json", url]);
    assert_eq!(code, 0);
    serde_json::from_str(&out).unwrap()
}

/// The parse step of an `explain --json` report.
fn parse_step(v: &Value) -> &Value {
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "whatwg-parse")
        .expect("the parse step")
}

fn state_at(step: &Value, offset: usize) -> Option<String> {
    step["whatwg"]["code_points"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["offset"] == offset)
        .and_then(|c| c["state"].as_str().map(str::to_string))
}

/// The distinct rules of the step's edits, in first-use order.
fn rules(step: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in step["edits"].as_array().unwrap() {
        let r = e["rule"].as_str().unwrap().to_string();
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

fn errors(step: &Value) -> Vec<(String, bool)> {
    step["whatwg"]["validation_errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap().to_string(), e["fails"] == true))
        .collect()
}

#[test]
fn the_worked_example_reads_each_code_point_in_its_state() {
    let v = explain_json(EXAMPLE);
    assert_eq!(v["output"], "http://example.com/%7e%20b?q=%201#f");
    let s = parse_step(&v);
    // Every code point, in order, with its state.
    let cps = s["whatwg"]["code_points"].as_array().unwrap();
    assert_eq!(cps.len(), EXAMPLE.chars().count());
    assert_eq!(cps[0]["char"], "H");
    for (offset, state) in [
        (0, "scheme-start"),
        (1, "scheme"),
        (7, "host"),  // E
        (19, "port"), // 8
        (22, "path"), // a
        (32, "path"), // the '?' that ends the path
        (33, "query"),
        (38, "fragment"),
    ] {
        assert_eq!(
            state_at(s, offset).as_deref(),
            Some(state),
            "{:?} at {offset}",
            &EXAMPLE[offset..offset + 1]
        );
    }
    // Transitions name both states and quote the standard's step.
    let ts = s["whatwg"]["transitions"].as_array().unwrap();
    let has = |from: &str, to: &str| ts.iter().any(|t| t["from"] == from && t["to"] == to);
    assert!(has("scheme-start", "scheme"), "{ts:?}");
    assert!(has("scheme", "special-authority-slashes"), "{ts:?}");
    assert!(has("host", "port"), "{ts:?}");
    assert!(has("query", "fragment"), "{ts:?}");
    assert!(ts.iter().all(|t| !t["step"].as_str().unwrap().is_empty()));
    // Each edit names the parser's step that made it.
    let r = rules(s);
    for want in [
        "whatwg-lowercase-scheme",
        "whatwg-host-domain-to-ascii",
        "whatwg-default-port",
        "whatwg-dot-segment",
        "whatwg-percent-encode-path",
        "whatwg-percent-encode-special-query",
    ] {
        assert!(r.iter().any(|x| x == want), "{want} not in {r:?}");
    }
    assert!(!r.iter().any(|x| x == "whatwg-serialize"), "{r:?}");
}

#[test]
fn a_hex_ipv4_host_is_the_host_parsers_ipv4_with_a_non_decimal_part() {
    let v = explain_json("http://0x7f.1/");
    assert_eq!(v["output"], "http://127.0.0.1/");
    let s = parse_step(&v);
    assert_eq!(rules(s), ["whatwg-host-ipv4"]);
    assert!(errors(s).contains(&("IPv4-non-decimal-part".into(), false)));
    assert_eq!(state_at(s, 7).as_deref(), Some("host"));
    // The remark says the same, with its sentence and section.
    let remark = s["remarks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "IPv4-non-decimal-part")
        .expect("the remark");
    assert_eq!(remark["fails"], false);
    assert!(
        remark["source"]
            .as_str()
            .unwrap()
            .starts_with("WHATWG URL Standard §3.5")
    );
}

#[test]
fn missing_slashes_are_an_error_and_an_insertion() {
    let v = explain_json("http:a.example");
    assert_eq!(v["output"], "http://a.example/");
    let s = parse_step(&v);
    assert!(
        errors(s).contains(&("special-scheme-missing-following-solidus".into(), false)),
        "{:?}",
        errors(s)
    );
    assert!(
        rules(s).contains(&"whatwg-insert-slashes".into()),
        "{:?}",
        rules(s)
    );
}

#[test]
fn a_backslash_is_read_as_a_slash() {
    let v = explain_json("http://example.com\\a");
    assert_eq!(v["output"], "http://example.com/a");
    let s = parse_step(&v);
    assert!(errors(s).contains(&("invalid-reverse-solidus".into(), false)));
    assert_eq!(rules(s), ["whatwg-backslash"]);
}

#[test]
fn a_failure_is_named_after_the_error_that_failed() {
    let v = explain_json("http://[::1/");
    let s = parse_step(&v);
    assert_eq!(s["status"], "error");
    assert_eq!(s["reason"], "E-whatwg-ipv6-unclosed");
    assert!(errors(s).contains(&("IPv6-unclosed".into(), true)));
    assert_eq!(v["output"], "http://[::1/", "a failure keeps the input");
    let v = explain_json("no scheme here");
    assert_eq!(
        parse_step(&v)["reason"],
        "E-whatwg-missing-scheme-non-relative-url"
    );
}

#[test]
fn the_text_shows_the_walk_the_errors_and_each_edits_provenance() {
    let (out, code) = explain(&["http://0x7f.1\\a"]);
    assert_eq!(code, 0);
    assert!(out.contains("state walk"), "{out}");
    assert!(out.contains("scheme start state → scheme state"), "{out}");
    assert!(
        out.contains("validation error IPv4-non-decimal-part at 7"),
        "{out}"
    );
    assert!(
        out.contains("validation error invalid-reverse-solidus at 13"),
        "{out}"
    );
    assert!(out.contains(": whatwg-host-ipv4"), "{out}");
    assert!(out.contains(": whatwg-backslash"), "{out}");
    assert!(out.contains("host state"), "{out}");
}

#[test]
fn the_steps_of_the_worked_example() {
    let (out, _) = explain(&[EXAMPLE]);
    // The step log alone: the rest of the report is every profile's.
    let steps = &out[out.find("Steps (").unwrap()..out.find("\nResult").unwrap()];
    insta::assert_snapshot!("whatwg_worked_example_steps", steps);
}

#[test]
fn the_character_strip_shows_the_states_under_whatwg() {
    use support::tui::{app_in, screen};
    use urlscope_core::Profile;
    let has = |shown: &str, t: &str| {
        shown
            .split(|c: char| c.is_whitespace() || c == '│')
            .any(|w| w == t)
    };
    // 120×40 shows every row: a state's short name where it starts reading.
    let shown = screen(&app_in(EXAMPLE.as_bytes(), Profile::Whatwg, 120, 40));
    for abbrev in [
        "ss", "sch", "sas", "host", "port", "ps", "path", "qry", "frag",
    ] {
        assert!(has(&shown, abbrev), "no {abbrev} in\n{shown}");
    }
    assert!(shown.contains("read in the fragment state"), "{shown}");
    insta::assert_snapshot!("whatwg_state_strip_120x40", shown);
    // 80×24 shows the rows around the cursor (at the end) with their states, and the detail.
    let shown = screen(&app_in(EXAMPLE.as_bytes(), Profile::Whatwg, 80, 24));
    for abbrev in ["path", "qry", "frag"] {
        assert!(has(&shown, abbrev), "80×24: no {abbrev} in\n{shown}");
    }
    assert!(shown.contains("read in the fragment"), "{shown}");
    insta::assert_snapshot!("whatwg_state_strip_80x24", shown);
    // Under another profile the strip is characters only.
    let shown = screen(&app_in(EXAMPLE.as_bytes(), Profile::Rfc3986, 120, 40));
    assert!(
        !has(&shown, "frag") && !shown.contains("read in the"),
        "{shown}"
    );
}
