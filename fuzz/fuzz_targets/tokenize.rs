//! The tokenizer's invariants (docs/rules.md, "The tokenizer"): lossless, contiguous, non-empty spans; exact delimiters; no boundary inside a
//! triplet; per-unit records that tile the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urlscope_fuzz::must(urlscope_fuzz::check_tokenize(data));
});
