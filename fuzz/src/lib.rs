//! The fuzz targets' checks. The invariants are the ones the property and robustness
//! tests use, included from `tests/common/invariants/` (the terminal-safety check from
//! `tests/support/terminal.rs`), so they are written once; a target turns a failed check into
//! a panic naming the broken invariant (`must`), so a libFuzzer crash report says what went
//! wrong, not only where. Only the explain report's JSON and text checks are the fuzz crate's
//! own.

#[path = "../../tests/common/invariants/mod.rs"]
mod invariants;
#[path = "../../tests/support/terminal.rs"]
mod terminal;

pub use invariants::*;
pub use terminal::*;

use urlscope_core::{Options, PdfState, Profile};

/// Panic with the message of a failed check.
pub fn must(r: Result<(), String>) {
    if let Err(e) = r {
        panic!("{e}");
    }
}

/// Options of the PDF targets: the first octet picks the base (none or `BASE`) and the state;
/// the flag says whether docs/rules.md claims idempotence for them.
pub fn pdf_options(sel: u8) -> (Options, bool) {
    let opts = Options {
        base: (sel & 1 == 1).then(|| BASE.to_vec()),
        pdf_state: PdfState::ALL[(sel as usize >> 1) % 3],
        ..Options::default()
    };
    let idem = idempotence_claimed(Profile::Pdf, &opts);
    (opts, idem)
}

#[cfg(feature = "cli")]
fn octets_of(v: &serde_json::Value, what: &str) -> Vec<u8> {
    if let serde_json::Value::Object(m) = v {
        assert!(
            m.len() == 1
                && m["hex"]
                    .as_str()
                    .is_some_and(|h| h.bytes().all(|c| matches!(c, b'0'..=b'9' | b'A'..=b'F'))),
            "{what}: octet object is not {{\"hex\": UPPERCASE}}"
        );
    }
    let o = urlscope::cli::json::octets_from(v).unwrap_or_else(|| panic!("{what}: not octets"));
    if v.is_object() {
        assert!(
            std::str::from_utf8(&o).is_err(),
            "{what}: valid UTF-8 written as hex"
        );
    }
    o
}

/// The explain report of `x` as JSON and as text (see `fuzz_targets/explain_json.rs`).
#[cfg(feature = "cli")]
pub fn check_explain(sel: u8, x: &[u8]) {
    use serde_json::Value;
    let profile = Profile::ALL[sel as usize % 5];
    let (opts, _) = pdf_options(sel / 5);
    let out = urlscope::cli::explain::render(x, profile, &opts, true, false);
    assert_eq!(
        out.last(),
        Some(&b'\n'),
        "JSON report does not end in a newline"
    );
    let body = &out[..out.len() - 1];
    assert!(!body.contains(&b'\n'), "JSON report spans several lines");
    let v: Value = serde_json::from_slice(body).expect("explain --json is not JSON");
    assert!(
        serde_json::to_vec(&v).unwrap() == body,
        "JSON does not re-serialize to the same octets"
    );

    let o = urlscope_core::normalize(x, profile, &opts);
    assert!(
        octets_of(&v["input"], "input") == x,
        "input does not round-trip"
    );
    assert!(
        octets_of(&v["output"], "output") == o.output,
        "output does not round-trip"
    );
    if let Some(b) = opts.base() {
        assert!(
            octets_of(&v["base"], "base") == b,
            "base does not round-trip"
        );
    }
    for (list, what) in [("spans", "span"), ("units", "unit")] {
        let mut concat = Vec::new();
        for s in v[list].as_array().expect("array") {
            let t = octets_of(&s["text"], what);
            let (a, z) = (
                s["start"].as_u64().unwrap() as usize,
                s["end"].as_u64().unwrap() as usize,
            );
            assert!(
                x.get(a..z) == Some(&t[..]),
                "{what} text != input[start..end]"
            );
            concat.extend_from_slice(&t);
        }
        assert!(concat == x, "{list} texts do not concatenate to the input");
    }
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), o.steps.len(), "step count");
    for (j, s) in steps.iter().zip(&o.steps) {
        assert_eq!(j["id"], s.step.as_str(), "step id");
        assert!(
            octets_of(&j["before"], "before")[..] == s.before[..],
            "step before"
        );
        assert!(
            octets_of(&j["after"], "after")[..] == s.after[..],
            "step after"
        );
        let edits = j["edits"].as_array().expect("edits");
        assert_eq!(edits.len(), s.edits.len(), "edit count");
        for (je, e) in edits.iter().zip(&s.edits) {
            assert!(
                octets_of(&je["replacement"], "replacement")[..] == e.replacement[..],
                "edit"
            );
            assert_eq!(je["start"].as_u64(), Some(e.range.start as u64));
            assert_eq!(je["end"].as_u64(), Some(e.range.end as u64));
        }
    }
    let (mut old, mut new) = (Vec::new(), Vec::new());
    for d in v["diff"].as_array().expect("diff") {
        let t = octets_of(&d["text"], "diff");
        match d["op"].as_str() {
            Some("equal") => {
                old.extend_from_slice(&t);
                new.extend_from_slice(&t);
            }
            Some("delete") => old.extend_from_slice(&t),
            Some("insert") => new.extend_from_slice(&t),
            op => panic!("diff op {op:?}"),
        }
    }
    assert!(old == x, "diff equal+delete != input");
    assert!(new == o.output, "diff equal+insert != output");

    // Terminal safety of the text renderer.
    for color in [false, true] {
        let t = urlscope::cli::explain::render(x, profile, &opts, false, color);
        let t = String::from_utf8(t).expect("explain text is not UTF-8");
        let t = if color {
            String::from_utf8(strip_sgr(t.as_bytes())).expect("removing ASCII keeps UTF-8")
        } else {
            t
        };
        if let Err(e) = terminal_safe_text(&t) {
            panic!("explain text (color {color}) lets {e} through");
        }
    }
}

/// The inspector under a random user: the proptest's driver and invariants,
/// included so they are written once (see `fuzz_targets/tui_model.rs`).
// The driver includes `tests/support/terminal.rs` itself, for the tests that share it; this
// crate also has it as `terminal`.
#[cfg(feature = "cli")]
#[allow(clippy::duplicate_mod)]
#[path = "../../tests/common/tui_model/mod.rs"]
pub mod tui_model;

#[cfg(feature = "cli")]
use libfuzzer_sys::arbitrary::{Result as ArbResult, Unstructured};
#[cfg(feature = "cli")]
use tui_model::{CHARS, Clip, SIZES, Step, TEXTS};

/// One step decoded from the fuzzer's octets, with the proptest's mix of kinds.
#[cfg(feature = "cli")]
pub fn arbitrary_step(u: &mut Unstructured) -> ArbResult<Step> {
    let n = urlscope::tui::keys::bindings::BINDINGS.len();
    Ok(match u.int_in_range(0u8..=99)? {
        0..=29 => Step::Binding {
            i: u.choose_index(n)?,
            steer: if u.ratio(7u8, 10)? {
                Some(u.arbitrary()?)
            } else {
                None
            },
        },
        30..=33 => Step::Key {
            c: u.arbitrary()?,
            mods: u.int_in_range(0..=7)?,
        },
        34..=39 => Step::Special {
            code: u.arbitrary()?,
            mods: u.int_in_range(0..=7)?,
        },
        40..=51 => Step::Type(if u.arbitrary()? {
            *u.choose(CHARS)?
        } else {
            u.arbitrary()?
        }),
        52..=56 => Step::Paste {
            i: u.choose_index(TEXTS.len())?,
            times: if u.ratio(1u8, 10)? { u.arbitrary()? } else { 0 },
        },
        57 => Step::BigPaste,
        58..=62 => {
            let (w, h) = if u.ratio(3u8, 4)? {
                *u.choose(SIZES)?
            } else {
                (u.int_in_range(0..=300)?, u.int_in_range(0..=100)?)
            };
            Step::Resize(w, h)
        }
        63..=67 => Step::Click(u.int_in_range(0..=309)?, u.int_in_range(0..=109)?),
        68..=70 => Step::Wheel {
            x: u.int_in_range(0..=309)?,
            y: u.int_in_range(0..=109)?,
            down: u.arbitrary()?,
        },
        71..=72 => Step::Clipboard {
            how: *u.choose(&[Clip::Copied, Clip::Osc52, Clip::Failed])?,
            text: u.choose_index(TEXTS.len())?,
        },
        73..=96 => Step::Deliver {
            pick: u.arbitrary()?,
            again: u.ratio(1u8, 5)?,
        },
        _ => Step::DeliverAll {
            newest_first: u.arbitrary()?,
        },
    })
}

/// Run the steps the octets decode to (the first octet: start on the example or on a URL),
/// checking every invariant after every message, then deliver everything and walk the undo
/// history to its start and back.
#[cfg(feature = "cli")]
pub fn check_tui_model(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let example = u.arbitrary::<bool>().unwrap_or(true);
    let mut d = tui_model::Driver::new((!example).then_some(TEXTS[1]), 1);
    while !u.is_empty() {
        match arbitrary_step(&mut u) {
            Ok(s) => d.step(&s),
            Err(_) => break,
        }
    }
    d.finish();
}

/// The profile and options a fused-path target runs, picked by one octet: each of the sixteen
/// profiles with default options, PDF with each base and state, w3lib with each keyword option,
/// WHATWG with a base.
pub fn fused_config(sel: u8) -> (Profile, Options) {
    let all = Profile::ALL;
    let n = all.len();
    let i = sel as usize;
    if i < n {
        return (all[i], Options::default());
    }
    match (i - n) % 11 {
        k @ 0..=5 => (Profile::Pdf, pdf_options(k as u8).0),
        k @ 6..=9 => (
            Profile::W3lib,
            Options {
                w3lib: w3lib_keyword_options()[k - 6].clone(),
                ..Options::default()
            },
        ),
        _ => (
            Profile::Whatwg,
            Options {
                base: Some(BASE.to_vec()),
                ..Options::default()
            },
        ),
    }
}
