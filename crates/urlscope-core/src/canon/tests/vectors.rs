//! The crawler canonicalizers against their projects' own tests (docs/canon.md; copies and
//! provenance in `tests/vectors/canon/`): urlcanon's testdata, the Safe Browsing v4 list and
//! the Go client's tables, w3lib's assertions, the surt package's tests. Byte for byte; every
//! failing case is listed, not just the first.

use std::path::PathBuf;

use crate::canon::urlcanon::{UcUrl, forms, steps};
use crate::url::Normalizer;
use crate::url::diag::Diag;
use crate::{Options, Profile, normalize};
use serde_json::Value;

fn path(rel: &str) -> PathBuf {
    [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "tests",
        "vectors",
        "canon",
        rel,
    ]
    .iter()
    .collect()
}

fn json(rel: &str) -> Value {
    let text = std::fs::read_to_string(path(rel)).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// urlcanon's raw testdata: the file's octets read one per code point (latin-1), as its
/// Python tests read them; object keys in order, duplicates dropped (none conflict).
fn latin1_json(rel: &str) -> Value {
    let bytes = std::fs::read(path(rel)).unwrap();
    let text: String = bytes.iter().map(|&b| b as char).collect();
    serde_json::from_str(&text).unwrap()
}

/// A string of code points 0–255 as the octets it stands for.
fn octets(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| u8::try_from(c as u32).expect("one octet per code point"))
        .collect()
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The case's input octets: `input_bytes_hex` where the JSON gives it.
fn input_of(case: &Value) -> Vec<u8> {
    match case.get("input_bytes_hex").and_then(Value::as_str) {
        Some(h) => hex(h),
        None => octets(case["input"].as_str().unwrap()),
    }
}

/// The profile's output, through the traced steps and the batch path, which must agree.
fn run(profile: Profile, x: &[u8]) -> Result<Vec<u8>, Diag> {
    let o = normalize(x, profile, &Options::default());
    let mut batch = Vec::new();
    let flags = Normalizer::new(profile, Options::default())
        .normalize_into(x, &mut batch)
        .to_vec();
    assert_eq!(
        o.output,
        batch,
        "{profile:?} {}: traced and batch differ",
        x.escape_ascii()
    );
    assert_eq!(o.flags, flags);
    let error = o.errors().next();
    match error {
        Some(e) => Err(e),
        None => Ok(o.output),
    }
}

fn show(b: &[u8]) -> String {
    b.escape_ascii().to_string()
}

/// Fails with every mismatch listed.
fn report(what: &str, checked: usize, bad: Vec<String>) {
    assert!(checked > 0, "{what}: no case read");
    assert!(
        bad.is_empty(),
        "{what}: {} of {checked} cases differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

fn urlcanon_cases(canonicalizer: &str) -> Vec<Value> {
    json("urlcanon_canonicalization.json")["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["canonicalizer"] == canonicalizer)
        .cloned()
        .collect()
}

/// Cases where the vector and the reference's code disagree: the code wins (docs/departures.md,
/// "The crawler canonicalizers"). Input, what urlcanon 0.3.1's code returns.
const CODE_OVER_VECTOR: &[(&[u8], &[u8])] = &[
    // surt.json#googleSupplementalFromSurt holds surt's (Java) answer; urlcanon's own tests never
    // run that section, and its parser reads "Bücher.ch" as the scheme.
    (b"B\xfccher.ch:8080", b"b%FCcher.ch:8080"),
];

fn urlcanon_section(canonicalizer: &str, profile: Profile, count: usize) {
    let cases = urlcanon_cases(canonicalizer);
    assert_eq!(cases.len(), count, "{canonicalizer}");
    let mut bad = Vec::new();
    for c in &cases {
        let x = input_of(c);
        let mut want = octets(c["expected"].as_str().unwrap());
        if let Some((_, code)) = CODE_OVER_VECTOR.iter().find(|(i, _)| *i == &x[..]) {
            want = code.to_vec();
        }
        let got = run(profile, &x);
        if got.as_ref() != Ok(&want) {
            bad.push(format!(
                "{} → {:?}, want {}",
                show(&x),
                got.map(|g| show(&g)),
                show(&want)
            ));
        }
    }
    report(canonicalizer, cases.len(), bad);
}

#[test]
fn urlcanon_aggressive() {
    urlcanon_section("aggressive", Profile::UcAggressive, 43);
}

#[test]
fn urlcanon_semantic_precise() {
    urlcanon_section("semantic_precise", Profile::UcSemanticPrecise, 280);
}

#[test]
fn urlcanon_supplemental_whatwg() {
    urlcanon_section("whatwg", Profile::UcWhatwg, 118);
}

#[test]
fn urlcanon_google_from_surt() {
    urlcanon_section("google", Profile::UcGoogle, 37);
}

#[test]
fn urlcanon_path_dots() {
    for (name, special) in [
        ("resolve_path_dots(special=True)", true),
        ("resolve_path_dots(special=False)", false),
    ] {
        let cases = urlcanon_cases(name);
        assert_eq!(cases.len(), 466);
        let mut bad = Vec::new();
        for c in &cases {
            let x = input_of(c);
            let want = octets(c["expected"].as_str().unwrap());
            let got = steps::resolve_path_dots(&x, special).unwrap_or_else(|| x.clone());
            if got != want {
                bad.push(format!(
                    "{} → {}, want {}",
                    show(&x),
                    show(&got),
                    show(&want)
                ));
            }
        }
        report(name, cases.len(), bad);
    }
}

#[test]
fn urlcanon_funky_ipv4() {
    let cases = urlcanon_cases("parse_ipv4 -> dotted decimal (null = not an IPv4 address)");
    assert_eq!(cases.len(), 47);
    let mut bad = Vec::new();
    for c in &cases {
        let x = input_of(c);
        let want = c["expected"].as_str().map(octets);
        let got = crate::canon::ip::uc_ipv4(&x)
            .map(|v| crate::canon::ip::dotted(u32::try_from(v).unwrap()));
        if got != want {
            bad.push(format!("{} → {got:?}, want {want:?}", show(&x)));
        }
    }
    report("funky_ipv4", cases.len(), bad);
}

#[test]
fn urlcanon_parser_round_trips() {
    let v = latin1_json("urlcanon/idempotence.json");
    let inputs = v.as_array().unwrap();
    for x in inputs {
        let x = octets(x.as_str().unwrap());
        assert_eq!(UcUrl::parse(&x).to_bytes(), x);
    }
    assert!(!inputs.is_empty());
}

/// ssurt.json: the forms over the raw parse, as urlcanon's tests call them.
#[test]
fn urlcanon_ssurt_forms() {
    let v = latin1_json("urlcanon/ssurt.json");
    type Form = fn(&[u8]) -> Vec<u8>;
    let sections: [(&str, Form); 6] = [
        ("ssurtHost", |h| forms::ssurt_host(h, true)),
        ("reverseHost", |h| forms::reverse_host(h, true)),
        ("ssurt", |u| forms::ssurt(&UcUrl::parse(u))),
        ("surt", |u| forms::surt(&UcUrl::parse(u), true, true)),
        ("surtWithoutScheme", |u| {
            forms::surt(&UcUrl::parse(u), true, false)
        }),
        ("surtWithoutTrailingComma", |u| {
            forms::surt(&UcUrl::parse(u), false, true)
        }),
    ];
    let mut checked = 0;
    let mut bad = Vec::new();
    for (name, form) in sections {
        for (x, want) in v[name].as_object().unwrap() {
            let (x, want) = (octets(x), octets(want.as_str().unwrap()));
            let got = form(&x);
            checked += 1;
            if got != want {
                bad.push(format!(
                    "{name}: {} → {}, want {}",
                    show(&x),
                    show(&got),
                    show(&want)
                ));
            }
        }
    }
    report("ssurt.json", checked, bad);
}

/// Safe Browsing v4's list (and Mozilla's two extras) under `sb4`.
#[test]
fn safe_browsing_v4_list() {
    let v = json("safebrowsing_v4_canonicalization.json");
    let mut cases: Vec<Value> = v["cases"].as_array().unwrap().clone();
    cases.extend(v["mozilla_extra_cases"].as_array().unwrap().iter().cloned());
    assert_eq!(cases.len(), 35);
    let mut bad = Vec::new();
    for c in &cases {
        let x = input_of(c);
        let want = c["expected"].as_str().unwrap().as_bytes().to_vec();
        let got = run(Profile::Sb4, &x);
        if got.as_ref() != Ok(&want) {
            bad.push(format!(
                "{} → {:?}, want {}",
                show(&x),
                got.map(|g| show(&g)),
                show(&want)
            ));
        }
    }
    report("safebrowsing v4", cases.len(), bad);
}

/// surt.json: the surt package's own tests, as urlcanon copied them. `google` runs above under
/// urlcanon's `google`, which urlcanon's tests check it with; the rest under the `surt`
/// profile and its parts.
#[test]
fn surt_package_tests() {
    use crate::canon::{pct, surt};
    let v = latin1_json("urlcanon/surt.json");
    let mut checked = 0;
    let mut bad = Vec::new();
    let mut check = |name: &str, x: &[u8], got: Result<Vec<u8>, String>, want: &[u8]| {
        checked += 1;
        if got.as_deref() != Ok(want) {
            bad.push(format!(
                "{name}: {} → {:?}, want {}",
                show(x),
                got.map(|g| show(&g)),
                show(want)
            ));
        }
    };
    for (name, section) in v.as_object().unwrap() {
        for (x, want) in section.as_object().unwrap() {
            let (x, want) = (octets(x), octets(want.as_str().unwrap()));
            match name.as_str() {
                "google" | "googleSupplementalFromSurt" => {}
                // The Google and IA stages as a URL (handyurl's `geturl()`).
                "Canonicalizer.DefaultIA" | "Canonicalizer.IA" => check(
                    name,
                    &x,
                    surt::canonicalize_url(&x).map_err(|e| format!("{e:?}")),
                    &want,
                ),
                "defaultIASurt" => check(
                    name,
                    &x,
                    run(Profile::Surt, &x).map_err(|e| e.to_string()),
                    &want,
                ),
                "unescapeRepeatedly" => check(name, &x, Ok(pct::decr(&x)), &want),
                "alphaRorderQuery" => check(name, &x, Ok(surt::alpha_reorder_query(&x)), &want),
                "massageHost" => {
                    let n = crate::canon::urlcanon::steps::www_prefix(&x).unwrap_or(0);
                    check(name, &x, Ok(x[n..].to_vec()), &want)
                }
                "stripPathSessionId" => check(name, &x, Ok(surt::strip_path_session_id(&x)), &want),
                other => panic!("unknown section {other}"),
            }
        }
    }
    report("surt.json", checked, bad);
}

/// w3lib's 82 assertions, with their keyword options. A `urlparse()`/`parse_url()` wrapper
/// hands w3lib the same URL back (`_urlunparse`); its `encoding='latin1'` reads the octets as
/// Latin-1 first.
#[test]
fn w3lib_assertions() {
    let v = json("w3lib_canonicalize_url.json");
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 82);
    let mut bad = Vec::new();
    for c in cases {
        // Text inputs are str to w3lib: their UTF-8, not one octet per code point.
        let mut x = match c.get("input_bytes_hex").and_then(Value::as_str) {
            Some(h) => hex(h),
            None => c["input"].as_str().unwrap().as_bytes().to_vec(),
        };
        if c["input_wrapped_by"]
            .as_str()
            .is_some_and(|w| w.contains("latin1"))
        {
            x = x
                .iter()
                .map(|&b| b as char)
                .collect::<String>()
                .into_bytes();
        }
        let mut opts = Options::default();
        let k = &c["kwargs"];
        if let Some(b) = k.get("keep_blank_values").and_then(Value::as_bool) {
            opts.w3lib.keep_blank_values = b;
        }
        if let Some(b) = k.get("keep_fragments").and_then(Value::as_bool) {
            opts.w3lib.keep_fragments = b;
        }
        if let Some(e) = k.get("encoding").and_then(Value::as_str) {
            opts.w3lib.encoding = Some(e.to_string());
        }
        if let Some(s) = k.get("query_separator").and_then(Value::as_str) {
            opts.w3lib.query_separator = s.as_bytes()[0];
        }
        let want = c["expected"].as_str().unwrap().as_bytes();
        let o = normalize(&x, Profile::W3lib, &opts);
        let mut batch = Vec::new();
        Normalizer::new(Profile::W3lib, opts.clone()).normalize_into(&x, &mut batch);
        assert_eq!(o.output, batch);
        if o.output != want || o.errors().next().is_some() {
            bad.push(format!(
                "line {} {}: {} → {} {:?}, want {}",
                c["source_line"],
                k,
                show(&x),
                show(&o.output),
                o.flags,
                show(want)
            ));
        }
    }
    report("w3lib", cases.len(), bad);
}

/// The Go client's `canonicalHost` and `canonicalPath` tables under `sb4` (its `canonicalURL`
/// drops the query, a different contract). Two cases differ by decision (sb4's recipe, docs/canon.md):
/// `sb4` writes IPv6 in the one form urlcanon uses, and inherits urlcanon's reading of `/asdf`
/// as the host `asdf` where the Go client rejects it.
#[test]
fn safe_browsing_go_client_host_and_path() {
    const DECIDED: &[(&str, &str)] = &[
        ("http://[::192.9.5.5]/ipng", "[::c009:505]"),
        ("/asdf", "asdf"),
    ];
    let v = json("safebrowsing_go_client_vectors.json");
    let mut checked = 0;
    let mut bad = Vec::new();
    for (group, host) in [("canonicalHost", true), ("canonicalPath", false)] {
        for c in v["groups"][group].as_array().unwrap() {
            let x = input_of(c);
            let out = run(Profile::Sb4, &x).unwrap_or_default();
            let u = UcUrl::parse(&out);
            let got = if host { u.host } else { u.path };
            let input = c["input"].as_str().unwrap();
            let want = match DECIDED.iter().find(|(i, _)| *i == input) {
                Some((_, d)) if host || *d == "asdf" => {
                    if host {
                        d.as_bytes().to_vec()
                    } else {
                        b"/".to_vec()
                    }
                }
                _ => c["expected"]
                    .as_str()
                    .unwrap_or_default()
                    .as_bytes()
                    .to_vec(),
            };
            checked += 1;
            if got != want {
                bad.push(format!(
                    "{group}: {input} → {}, want {}",
                    show(&got),
                    show(&want)
                ));
            }
        }
    }
    report("safebrowsing go client", checked, bad);
}
