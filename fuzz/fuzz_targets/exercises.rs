//! A teacher's exercise file on any text: no panic; a set that parses verifies, renders as a
//! worksheet, and marks each exercise's own expected answer right.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::modern::exercises::{check, parse_with_problems, verify, worksheet};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (set, _problems) = parse_with_problems("fuzz.toml", text);
    if let Some(set) = set {
        let _ = verify(&set);
        let _ = worksheet(&set);
        for ex in &set.exercises {
            let _ = ex.prompt();
            let v = check(ex, &ex.expected());
            let _ = check(ex, ex.given());
            let _ = v;
        }
    }
});
