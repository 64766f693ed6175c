//! RFC 1808 §4 resolution: the input splits at its first NUL into base and reference. No panic, a
//! deterministic result, the short cuts of steps 1–2, and `D(path)` never longer than its input and
//! equal to a naive reading of RFC 1808 §4 step 6.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (base, reference) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&b""[..], data),
    };
    urlscope_fuzz::must(urlscope_fuzz::check_resolve(base, reference));
    urlscope_fuzz::must(urlscope_fuzz::check_dots(data));
});
