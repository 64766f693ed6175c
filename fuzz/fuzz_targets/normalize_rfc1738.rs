//! The profile framework (docs/rules.md, "Profiles and step records") for the `rfc1738` profile: the step chain, edits that reproduce `after`, the batch
//! normalizer agreeing with the traced one, and idempotence.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::{Options, Profile};

fuzz_target!(|data: &[u8]| {
    // The first half (up to a split point) warms a reused Normalizer; the whole is checked.
    let warm = &data[..data.len() / 2];
    urlscope_fuzz::must(urlscope_fuzz::check_normalize(
        data,
        warm,
        Profile::Rfc1738,
        &Options::default(),
        true,
    ));
});
