//! Every vector set of `tests/vectors/` (its README says where they come from) and the
//! tokenizer vectors, one named trial per vector id: `cargo test --test spec -- H-12`.
//! One more trial per set checks that the set has as many cases as the contract lists.

use std::path::PathBuf;

use libtest_mimic::{Failed, Trial};
use urlscope_core::url::fido_join;
use urlscope_core::url::notation::{decode, encode, span_list};
use urlscope_core::{Options, PdfState, Profile, normalize, resolve, tokenize};

/// Set name, number of cases in the contract, id prefix.
const SETS: &[(&str, usize, &str)] = &[
    ("tokens", 26, "U-"),
    ("hyvatti", 36, "H-"),
    ("rfc1738", 27, "R-"),
    ("pdf", 34, "P-"),
    ("pdf-state", 5, "PS-"),
    ("fido", 39, "F-"),
    ("fido-join", 13, "J-"),
    ("resolve-seed001", 5, "S-"),
    ("resolve-rfc1808", 39, "X-"),
    ("resolve-edge", 10, "E-"),
    ("rfc3986", 18, "N-"),
];

fn vector_file(set: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "vectors",
        &format!("{set}.txt"),
    ]
    .iter()
    .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One vector: its id and its raw (still encoded) fields after the id.
struct Case {
    id: String,
    fields: Vec<String>,
}

fn cases(set: &str) -> Vec<Case> {
    let text = vector_file(set);
    if set == "tokens" {
        // "U-NN <input>" followed by an indented line with the span list.
        let mut out = Vec::new();
        let mut lines = text.lines();
        while let Some(head) = lines.next() {
            if head.trim().is_empty() {
                continue;
            }
            let (id, input) = head
                .split_once(' ')
                .unwrap_or_else(|| panic!("bad token line {head:?}"));
            let spans = lines.next().unwrap_or_else(|| panic!("{id}: no span line"));
            assert!(spans.starts_with(' '), "{id}: span line not indented");
            out.push(Case {
                id: id.to_string(),
                fields: vec![input.to_string(), spans.trim().to_string()],
            });
        }
        return out;
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(" | ").map(str::to_string);
            let id = f.next().unwrap();
            Case {
                id,
                fields: f.collect(),
            }
        })
        .collect()
}

fn dec(field: &str) -> Vec<u8> {
    decode(field).unwrap_or_else(|e| panic!("notation: {e}"))
}

fn show(s: &[u8]) -> String {
    if s.is_empty() {
        "∅".to_string()
    } else {
        encode(s)
    }
}

fn expect_eq(what: &str, input: &str, expected: &[u8], actual: &[u8]) -> Result<(), Failed> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{what}\n   input: {input}\nexpected: {}\n  actual: {}",
            show(expected),
            show(actual)
        )
        .into())
    }
}

fn with_fields<const N: usize>(c: &Case) -> Result<[String; N], Failed> {
    <[String; N]>::try_from(c.fields.clone()).map_err(|f| {
        Failed::from(format!(
            "{}: expected {} fields after the id, got {}",
            c.id,
            N,
            f.len()
        ))
    })
}

fn run_tokens(c: &Case) -> Result<(), Failed> {
    let [input, expected] = with_fields::<2>(c)?;
    let x = dec(&input);
    let actual = span_list(&x, &tokenize(&x).spans);
    if actual == expected {
        Ok(())
    } else {
        Err(
            format!("span list\n   input: {input}\nexpected: {expected}\n  actual: {actual}")
                .into(),
        )
    }
}

fn run_profile(c: &Case, profile: Profile) -> Result<(), Failed> {
    let [input, expected] = with_fields::<2>(c)?;
    let out = normalize(&dec(&input), profile, &Options::default());
    expect_eq(
        &format!("{} output", profile.name()),
        &input,
        &dec(&expected),
        &out.output,
    )
}

fn run_pdf(c: &Case) -> Result<(), Failed> {
    let [base, input, expected, flags] = with_fields::<4>(c)?;
    let opts = Options {
        base: if base == "∅" {
            None
        } else {
            Some(dec(&base))
        },
        ..Options::default()
    };
    let out = normalize(&dec(&input), Profile::Pdf, &opts);
    expect_eq(
        &format!("pdf output (base {base})"),
        &input,
        &dec(&expected),
        &out.output,
    )?;
    if flags == "-" {
        let pdf_flags: Vec<_> = out
            .flags
            .iter()
            .filter(|f| f.as_str().starts_with("W-pdf-"))
            .collect();
        if !pdf_flags.is_empty() {
            return Err(
                format!("input {input}: expected no W-pdf-* flag, got {pdf_flags:?}").into(),
            );
        }
    } else {
        for f in flags.split_whitespace() {
            if !out.flags.iter().any(|g| *g == f) {
                return Err(
                    format!("input {input}: flag {f} missing; flags = {:?}", out.flags).into(),
                );
            }
        }
    }
    Ok(())
}

fn run_pdf_state(c: &Case) -> Result<(), Failed> {
    let [state, input, expected] = with_fields::<3>(c)?;
    let pdf_state = PdfState::from_name(&state)
        .ok_or_else(|| Failed::from(format!("unknown state {state}")))?;
    let opts = Options {
        pdf_state,
        ..Options::default()
    };
    let out = normalize(&dec(&input), Profile::Pdf, &opts);
    expect_eq(
        &format!("pdf output ({state})"),
        &input,
        &dec(&expected),
        &out.output,
    )
}

fn run_fido_join(c: &Case) -> Result<(), Failed> {
    let [input, joined, fin, diag] = with_fields::<4>(c)?;
    let x = dec(&input);
    let join =
        fido_join(&x).ok_or_else(|| Failed::from(format!("fido_join found no %% in {input}")))?;
    expect_eq(
        "fido_join output (JOINED)",
        &input,
        &dec(&joined),
        &join.output,
    )?;
    let out = normalize(&x, Profile::Fido, &Options::default());
    expect_eq(
        "fido profile output (FINAL)",
        &input,
        &dec(&fin),
        &out.output,
    )?;
    if diag == "-" {
        if let Some(e) = join.error {
            return Err(format!("input {input}: expected no join error, got {e}").into());
        }
    } else {
        if join.error.map(|e| e.as_str()) != Some(diag.as_str()) {
            return Err(format!(
                "input {input}: join error: expected {diag}, got {:?}",
                join.error
            )
            .into());
        }
        if !out.flags.iter().any(|g| *g == diag.as_str()) {
            return Err(format!(
                "input {input}: {diag} missing from outcome.flags {:?}",
                out.flags
            )
            .into());
        }
    }
    Ok(())
}

fn run_resolve(c: &Case) -> Result<(), Failed> {
    let [base, reference, expected] = with_fields::<3>(c)?;
    let res = resolve(&dec(&base), &dec(&reference));
    expect_eq(
        &format!("resolve (base {base}); rules taken {:?}", res.rules),
        &reference,
        &dec(&expected),
        &res.output,
    )
}

fn run_case(set: &str, c: &Case) -> Result<(), Failed> {
    match set {
        "tokens" => run_tokens(c),
        "hyvatti" => run_profile(c, Profile::Hyvatti),
        "rfc1738" => run_profile(c, Profile::Rfc1738),
        "fido" => run_profile(c, Profile::Fido),
        "rfc3986" => run_profile(c, Profile::Rfc3986),
        "pdf" => run_pdf(c),
        "pdf-state" => run_pdf_state(c),
        "fido-join" => run_fido_join(c),
        "resolve-seed001" | "resolve-rfc1808" | "resolve-edge" => run_resolve(c),
        _ => Err(format!("unknown set {set}").into()),
    }
}

/// One trial per vector (`spec_vectors::SET::ID`) and one count check per set.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for &(set, count, prefix) in SETS {
        let all = cases(set);
        let ids: Vec<String> = all.iter().map(|c| c.id.clone()).collect();
        trials.push(Trial::test(
            format!("spec_vectors::count::{set}"),
            move || {
                let want: Vec<String> = (1..=count).map(|i| format!("{prefix}{i:02}")).collect();
                if ids == want {
                    Ok(())
                } else {
                    Err(format!(
                        "{set}: the contract lists {count} cases {prefix}01…; file has {} ids {ids:?}",
                        ids.len()
                    )
                    .into())
                }
            },
        ));
        for c in all {
            let name = format!("spec_vectors::{set}::{}", c.id);
            trials.push(Trial::test(name, move || run_case(set, &c)));
        }
    }
    trials
}
