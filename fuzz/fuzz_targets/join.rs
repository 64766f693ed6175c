//! F1 (FidoURL §5.2.2.5): `fido_join`'s output is its kept ranges concatenated, kept ranges are in order
//! and inside the input, and joining happens only when a `%%` exists.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urlscope_fuzz::must(urlscope_fuzz::check_join(data));
});
