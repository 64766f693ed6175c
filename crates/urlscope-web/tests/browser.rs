//! The bindings in a real browser (wasm-bindgen-test under headless Chromium; docs/web.md says
//! how to run them): each answer is the core's, reached through the JavaScript boundary's
//! strings and JSON, and a bad name is an error, never a trap. The comparison with the CLI's
//! output, byte for byte, is the Node test's (tests/node/).
#![cfg(target_arch = "wasm32")]

use serde_json::Value;
use urlscope_core::modern::exercises::BUILTIN;
use urlscope_core::{Options, Profile, normalize as core_normalize};
use urlscope_web::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Real URLs from the two lists (tests/data), and the URL Standard's corners.
const URLS: &[&str] = &[
    "HTTP://ExAmple.COM:80/a/../%7e b?q= 1#f",
    "http:\\\\example.com\\a",
    "http://0x7f.1/",
    "http:a.example",
    "https://www.paypal.com@evil.example/login",
    "http://[::ffff:1.2.3.4]:8080/",
    "http://例え.テスト/パス?ä=ö#ü",
    "%",
    "",
];

fn lines(file: &str, n: usize) -> Vec<&str> {
    file.lines()
        .filter(|l| !l.contains('\r'))
        .step_by(997)
        .take(n)
        .collect()
}

fn sample() -> Vec<&'static str> {
    let mut all: Vec<&str> = URLS.to_vec();
    all.extend(lines(include_str!("../../../tests/data/urls-web.txt"), 30));
    all.extend(lines(
        include_str!("../../../tests/data/urls-files.txt"),
        20,
    ));
    all
}

#[wasm_bindgen_test]
fn every_profile_answers_what_the_core_answers() {
    let profiles: Value = serde_json::from_str(&profiles()).unwrap();
    let ids: Vec<&str> = profiles
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 16);
    for url in sample() {
        for &id in &ids {
            let p = Profile::from_name(id).unwrap();
            let core = core_normalize(url.as_bytes(), p, &Options::default()).output;
            let got = normalize(url, id, "{}").unwrap();
            if let Ok(core) = String::from_utf8(core) {
                assert_eq!(got, core, "{id} {url:?}");
            } else {
                assert!(got.contains("\\x"), "{id} {url:?}: {got}");
            }
        }
    }
}

#[wasm_bindgen_test]
fn explain_reports_the_output_and_the_whatwg_trace() {
    for url in sample().into_iter().filter(|u| !u.is_empty()) {
        let r: Value = serde_json::from_str(&explain_json(url, "whatwg", "").unwrap()).unwrap();
        if let Some(out) = r["output"].as_str() {
            assert_eq!(out, normalize(url, "whatwg", "").unwrap(), "{url:?}");
        }
        let parse = r["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == "whatwg-parse")
            .expect("the parse step");
        assert!(parse["whatwg"]["code_points"].is_array(), "{url:?}");
    }
}

#[wasm_bindgen_test]
fn options_reach_the_core() {
    let with_base = normalize("../x", "pdf", r#"{"base":"http://b.example/d/e"}"#).unwrap();
    assert_eq!(with_base, "http://b.example/x");
    let same: Value = serde_json::from_str(
        &same_json(
            "HTTP://Example.com/%7euser",
            "http://example.com/~user",
            r#"{"profile":"rfc3986"}"#,
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(same["equal"], true);
    assert_eq!(same["profile"], "rfc3986");
}

#[wasm_bindgen_test]
fn lenses_and_links_answer() {
    let host: Value =
        serde_json::from_str(&host_json("https://www.paypal.com@evil.example/", "")).unwrap();
    assert_eq!(host["host"], "evil.example");
    let chain: Value = serde_json::from_str(&unwrap_json(
        "https://www.google.com/url?q=https%3A%2F%2Fexample.org%2F&sa=D",
    ))
    .unwrap();
    assert_eq!(chain["target"], "https://example.org/");
    let found = extract_json("see <https://example.org/a> and http://b.example/", "text").unwrap();
    let urls: Vec<String> = found
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["url"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(urls, ["https://example.org/a", "http://b.example/"]);
    let tokens = tokenize_text("http://a/");
    assert!(
        tokens.starts_with("scheme\"http\" scheme-colon\":\""),
        "{tokens}"
    );
    assert_eq!(tokens.lines().count(), 1 + "http://a/".len());
    let forms: Value =
        serde_json::from_str(&copy_forms("http://a.example/a b", "whatwg", "").unwrap()).unwrap();
    let curl = forms
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == "curl")
        .unwrap();
    assert!(curl["text"].as_str().unwrap().starts_with("curl "));
}

#[wasm_bindgen_test]
fn every_builtin_answer_is_right_and_a_wrong_one_is_marked() {
    for set in BUILTIN.iter() {
        let source = format!(r#"{{"builtin":"{}"}}"#, set.name);
        for (i, e) in set.exercises.iter().enumerate() {
            let v: Value =
                serde_json::from_str(&check_answer(&source, i, &e.expected()).unwrap()).unwrap();
            assert_eq!(v["ok"], true, "{} {}", set.name, e.id);
        }
    }
    let first = &BUILTIN[0];
    let source = format!(r#"{{"builtin":"{}"}}"#, first.name);
    let v: Value =
        serde_json::from_str(&check_answer(&source, 0, "certainly wrong %%").unwrap()).unwrap();
    assert_eq!(v["ok"], false);
    assert!(!v["marks"].as_array().unwrap().is_empty());
}

#[wasm_bindgen_test]
fn lessons_highlight_inside_their_input() {
    let lessons: Value = serde_json::from_str(&lessons()).unwrap();
    assert!(!lessons.as_array().unwrap().is_empty());
    for l in lessons.as_array().unwrap() {
        for s in l["steps"].as_array().unwrap() {
            let len = s["input"].as_str().unwrap().len() as u64;
            for h in s["highlight"].as_array().unwrap() {
                assert!(h["end"].as_u64().unwrap() <= len);
            }
        }
    }
}

#[wasm_bindgen_test]
fn a_teachers_file_with_a_mistake_is_reported_by_line() {
    let text = "name = \"t\"\ntitle = \"T\"\n\n[[exercise]]\nid = \"one\"\n";
    let r: Value = serde_json::from_str(&check_exercise_file(text, "t.toml")).unwrap();
    assert_eq!(r["ok"], false);
    assert!(r["report"].as_str().unwrap().starts_with("t.toml:"), "{r}");
    let opened: Value = serde_json::from_str(&open_exercises(text, "t.toml")).unwrap();
    assert!(opened["set"].is_null());
    assert!(!opened["problems"].as_array().unwrap().is_empty());
}
