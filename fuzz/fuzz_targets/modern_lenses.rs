//! The resolution rule sets and the lenses (docs/lenses.md): any octets (split at the first NUL into input and base) through
//! resolution by every rule set, the parser comparison, the host lens and summary, the unwrap
//! lens and the query table: no panic, JSON that serializes, the unwrap depth bound, the query
//! table's removal keeping the input's other octets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::modern::{self, MAX_DEPTH};
use urlscope_core::url::{Rules, resolve_by};
use urlscope_core::{compare, inspect_host, unwrap};

fuzz_target!(|data: &[u8]| {
    let (input, base) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    for r in Rules::ALL {
        let res = resolve_by(r, base.unwrap_or(b""), input);
        assert!(
            res.error.is_some() || !res.rules.is_empty(),
            "a resolution names its rules"
        );
    }
    let c = compare(input, base);
    serde_json::to_string(&c).expect("the comparison serializes");
    let h = inspect_host(input, base);
    serde_json::to_string(&h).expect("the host report serializes");
    let _ = modern::summarize(input, base, 0);
    let chain = unwrap(input);
    assert!(
        chain.layers.len() <= MAX_DEPTH + 1,
        "unwrap went past its depth bound"
    );
    assert!(!chain.layers.is_empty(), "layer 0 is always there");
    serde_json::to_string(&chain).expect("the chain serializes");
    let t = modern::table(input);
    let stripped = modern::without_tracking(input, &t);
    assert!(
        stripped.url.len() <= input.len(),
        "removing pairs never adds octets"
    );
});
