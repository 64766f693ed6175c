//! `explain` (text and `--json`) and the inspector show one diff (docs/rules.md, "The diff and provenance"): every test vector
//! input and every line of both URL lists, under every profile and PDF configuration, through the
//! function the CLI builds its report's diff with (`diff_and_actions`) and through the inspector's analysis. Both
//! must give the same script, the inspector's marked ranges must be that script's, and the
//! script must rebuild the input and the output from whole units.

use crate::common;

use std::sync::Arc;

use urlscope::cli::explain::diff_and_actions;
use urlscope::tui::analysis::{Request, analyse};
use urlscope_core::url::notation::{decode, encode};
use urlscope_core::url::octets::triplet_at;
use urlscope_core::{Classification, normalize};

fn read(rel: &str) -> Vec<u8> {
    let p = format!("{}/tests/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// The inputs of every vector set: the input field of each case (and the base of the
/// resolution sets), decoded from the vectors' notation.
fn spec_inputs() -> Vec<Vec<u8>> {
    let sets = [
        "tokens",
        "hyvatti",
        "rfc1738",
        "pdf",
        "pdf-state",
        "fido",
        "fido-join",
        "resolve-seed001",
        "resolve-rfc1808",
        "resolve-edge",
        "rfc3986",
    ];
    let mut out = Vec::new();
    for set in sets {
        let text = String::from_utf8(read(&format!("vectors/{set}.txt"))).unwrap();
        let before = out.len();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if set == "tokens" {
                // "U-NN <input>", then an indented span line.
                if let Some((_, x)) = line.split_once(' ').filter(|_| !line.starts_with(' ')) {
                    out.push(decode(x).unwrap());
                }
                continue;
            }
            let fields: Vec<&str> = line.split(" | ").collect();
            let inputs = if set.starts_with("resolve-") {
                1..3
            } else {
                1..2
            };
            for f in &fields[inputs] {
                out.push(decode(f).unwrap_or_else(|e| panic!("{set}: {line}: {e}")));
            }
        }
        assert!(out.len() > before, "{set}: no inputs");
    }
    out
}

fn url_list(name: &str) -> Vec<Vec<u8>> {
    read(&format!("data/{name}"))
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// Whether `p` is a unit boundary of `s` (not inside a triplet).
fn boundary(s: &[u8], p: usize) -> bool {
    let inside = |back: usize| p >= back && triplet_at(s, p - back);
    !inside(1) && !inside(2)
}

/// Compare both front ends on `x` under every configuration.
fn check(x: &[u8]) -> Result<(), String> {
    let input = Arc::new(x.to_vec());
    for (profile, options) in common::all_configs() {
        let what = || format!("{} on {}", common::describe(profile, &options), encode(x));
        // The CLI's report diff.
        let outcome = normalize(x, profile, &options);
        let (records, _) = diff_and_actions(x, &outcome);
        // The inspector's analysis.
        let a = analyse(&Request::new(
            1,
            input.clone(),
            profile,
            options.clone(),
            Classification::C1738,
        ));
        let out = &a.outcome.output;
        if *out != outcome.output {
            return Err(format!("{}: the outputs differ", what()));
        }
        // Walk the CLI's records: the script must rebuild both strings, from whole units,
        // and be the inspector's script and marked ranges.
        let (mut before, mut after) = (0, 0);
        let (mut deleted, mut inserted) = (Vec::new(), Vec::new());
        if records.len() != a.diff.script.len() {
            return Err(format!(
                "{}: {} records in explain, {} in the inspector",
                what(),
                records.len(),
                a.diff.script.len()
            ));
        }
        for (rec, (op, r)) in records.iter().zip(&a.diff.script) {
            let t = rec.text.0;
            let (s, pos) = match rec.op {
                "insert" => (&out[..], &mut after),
                _ => (x, &mut before),
            };
            let range = *pos..*pos + t.len();
            if rec.op != op.name() || range != *r || s.get(range.clone()) != Some(t) {
                return Err(format!(
                    "{}: explain has {} {:?} where the inspector has {} {r:?}",
                    what(),
                    rec.op,
                    encode(t),
                    op.name()
                ));
            }
            if !(boundary(s, range.start) && boundary(s, range.end)) {
                return Err(format!("{}: {range:?} splits a triplet", what()));
            }
            *pos = range.end;
            match rec.op {
                "equal" => after += t.len(),
                "delete" => deleted.push(range),
                _ => inserted.push(range),
            }
        }
        if (before, after) != (x.len(), out.len()) {
            return Err(format!(
                "{}: the script does not cover both strings",
                what()
            ));
        }
        if deleted != a.diff.deleted || inserted != a.diff.inserted {
            return Err(format!("{}: the inspector marks other ranges", what()));
        }
    }
    Ok(())
}

fn run(what: &str, inputs: Vec<Vec<u8>>) {
    let n = inputs.len();
    let failures: Vec<String> = inputs.iter().filter_map(|x| check(x).err()).collect();
    assert!(n > 0, "{what}: no inputs");
    assert!(
        failures.is_empty(),
        "{what}: {} of {n} inputs disagree; first 10:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn spec_vectors_show_one_diff() {
    run("test vectors", spec_inputs());
}

#[test]
fn urls_web_show_one_diff() {
    run("urls-web.txt", url_list("urls-web.txt"));
}

#[test]
fn urls_files_show_one_diff() {
    run("urls-files.txt", url_list("urls-files.txt"));
}
