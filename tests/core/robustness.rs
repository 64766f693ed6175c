//! Real-world and odd inputs through the whole core: every line of `tests/data/urls-web.txt` and
//! `tests/data/urls-files.txt`, and every `input` of the WHATWG `urltestdata.json` (provenance in
//! `tests/data/README.md`). Each input goes through `tokenize` (lossless, delimiter and triplet
//! checks), `unit_infos` (tiling) and every profile's traced `normalize` (step-record invariants),
//! without panicking. Beyond that, the untraced `Normalizer` must agree with the traced output,
//! and a second untraced pass must not change it wherever docs/rules.md claims idempotence (every
//! profile with default options, PDF with a fixed base and EncodedOnce). All failures of a file
//! are collected and reported together.

use crate::common;

use std::path::PathBuf;

use std::panic::AssertUnwindSafe;

use urlscope_core::url::Normalizer;
use urlscope_core::url::notation::encode;
use urlscope_core::{Options, Profile, normalize};

/// One (profile, options) combination with a reusable untraced normalizer.
struct Config {
    profile: Profile,
    opts: Options,
    normalizer: Normalizer,
    /// docs/rules.md claims idempotence for this combination.
    idempotent: bool,
}

fn configs() -> Vec<Config> {
    common::all_configs()
        .into_iter()
        .map(|(profile, opts)| Config {
            idempotent: common::idempotence_claimed(profile, &opts),
            normalizer: Normalizer::new(profile, opts.clone()),
            profile,
            opts,
        })
        .collect()
}

fn data(name: &str) -> Vec<u8> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Run every check on one input; `Err` holds the first violated invariant.
fn check(x: &[u8], configs: &mut [Config]) -> Result<(), String> {
    let parsed = common::check_spans(x)?;
    common::check_units(x, &parsed)?;
    for c in configs {
        let who = common::describe(c.profile, &c.opts);
        let out = normalize(x, c.profile, &c.opts);
        common::check_outcome(x, c.profile, &c.opts, &out)?;
        common::check_step_ids(c.profile, &c.opts, &out)?;
        // The untraced batch path (`urlscope normalize`) must equal the traced one, octet for
        // octet and diagnostic for diagnostic.
        let mut fast = Vec::new();
        let flags = c.normalizer.normalize_into(x, &mut fast).to_vec();
        if fast != out.output {
            return Err(format!(
                "{who}: Normalizer gives {} but normalize gives {}",
                encode(&fast),
                encode(&out.output)
            ));
        }
        if flags != out.flags {
            return Err(format!(
                "{who}: Normalizer flags {flags:?} but normalize flags {:?} on {}",
                out.flags,
                encode(x)
            ));
        }
        // A batch looks for its record terminator in an output only where the core says one
        // can appear without being in the input.
        if !c.normalizer.may_write_unseen_controls() {
            for t in [b'\n', 0] {
                if !x.contains(&t) && fast.contains(&t) {
                    return Err(format!(
                        "{who}: says it writes no control it was not given, but writes {t:#04x} in {}",
                        encode(&fast)
                    ));
                }
            }
        }
        if c.idempotent {
            let mut twice = Vec::new();
            c.normalizer.normalize_into(&out.output, &mut twice);
            if twice != out.output {
                return Err(format!(
                    "{who}: not idempotent: {} → {}",
                    encode(&out.output),
                    encode(&twice)
                ));
            }
        }
    }
    Ok(())
}

fn run_all<'a>(what: &str, inputs: impl Iterator<Item = &'a [u8]>) {
    let mut n = 0;
    let mut failures = Vec::new();
    let mut configs = configs();
    for x in inputs {
        n += 1;
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| check(x, &mut configs)))
            .unwrap_or_else(|e| {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                // A normalizer that panicked may hold a half-written state: start afresh.
                configs = self::configs();
                Err(format!("panic: {msg}"))
            });
        if let Err(e) = result {
            failures.push(format!("input {}: {e}", encode(x)));
        }
    }
    assert!(n > 0, "{what}: no inputs");
    assert!(
        failures.is_empty(),
        "{what}: {} of {n} inputs failed; first 20:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b'\n').filter(|l| !l.is_empty())
}

#[test]
fn urls_web() {
    let text = data("urls-web.txt");
    run_all("urls-web.txt", lines(&text));
}

#[test]
fn urls_files() {
    let text = data("urls-files.txt");
    run_all("urls-files.txt", lines(&text));
}

#[test]
fn whatwg_urltestdata_inputs() {
    let doc: serde_json::Value =
        serde_json::from_slice(&data("urltestdata.json")).expect("urltestdata.json");
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for entry in doc.as_array().expect("array") {
        if let Some(obj) = entry.as_object() {
            for key in ["input", "base"] {
                if let Some(s) = obj.get(key).and_then(|v| v.as_str()) {
                    inputs.push(s.as_bytes().to_vec());
                }
            }
        }
    }
    assert!(
        inputs.len() > 891,
        "expected at least 891 inputs, got {}",
        inputs.len()
    );
    run_all("urltestdata.json", inputs.iter().map(Vec::as_slice));
    // The same inputs as bases and references of one another, through resolve.
    for pair in inputs.windows(2) {
        let _ = urlscope_core::resolve(&pair[0], &pair[1]);
    }
}

/// Every percent-encoded octet in every part of a URL: where the core says an output holds no
/// control its input does not, none is decoded into one.
#[test]
fn encoded_controls_stay_encoded_where_the_core_says_so() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for v in 0..=255u8 {
        let t = format!("%{v:02X}");
        let l = format!("%{v:02x}");
        for shape in [
            "http://a.example/T?T#T",
            "http://uT:pT@hT.example:80/T/a%2T;T",
            "https://a.example/%25T?q=T&T=1#T",
            "T",
            "a.example/T",
            "ftp://a.example/T;type=a",
            "mailto:T@a.example?subject=T",
            "foo://T/T?T",
            "<http://a.example/T>",
            "%%TT",
        ] {
            inputs.push(shape.replace('T', &t).into_bytes());
            inputs.push(shape.replace('T', &l).into_bytes());
        }
    }
    run_all("encoded octets", inputs.iter().map(|v| &v[..]));
}
