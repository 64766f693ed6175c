//! WPT's `toascii.json` (URL Standard "domain to ASCII" cases, provenance beside the file)
//! through urlscope's own host parser: each input is the host of a special URL (the host
//! parser with isOpaque false); an `output` of null means the host parser returns failure,
//! otherwise the host serializer's output must equal it. Every case is run with the batch
//! tracer and with a recording tracer, which must agree (the recording one also runs the strict
//! ToASCII for its validation error).

use serde_json::Value;
use urlscope_core::whatwg::parse_host;
use urlscope_core::whatwg::{NoTrace, Trace};

const TOASCII: &str = include_str!("vectors/whatwg/toascii.json");

fn serialize(input: &str, traced: bool) -> Option<String> {
    let host = if traced {
        parse_host(input, false, 0, &mut Trace::default())
    } else {
        parse_host(input, false, 0, &mut NoTrace)
    }?;
    let mut out = String::new();
    host.serialize(&mut out);
    Some(out)
}

#[test]
fn every_toascii_case_passes() {
    let cases: Vec<Value> = serde_json::from_str(TOASCII).expect("toascii.json is JSON");
    let mut ran = 0;
    let mut failures = Vec::new();
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("an input string");
        let want = case["output"].as_str();
        for traced in [false, true] {
            let got = serialize(input, traced);
            if got.as_deref() != want {
                failures.push(format!(
                    "{input:?} (traced {traced}): got {got:?}, want {want:?}"
                ));
            }
        }
        ran += 1;
    }
    // The file's provenance note counts 87 tests; a short count means the file was cut.
    assert_eq!(ran, 87, "toascii.json's test count");
    assert!(
        failures.is_empty(),
        "{} of {ran} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
