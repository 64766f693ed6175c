//! Every profile's fused batch path against its traced steps, options included: wherever a
//! fused path takes the input, its output and diagnostics equal the traced `normalize`, byte
//! for byte; where it declines it leaves the buffers alone. The first octet picks the profile
//! and its options (`urlscope_fuzz::fused_config`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::normalize;
use urlscope_core::url::normalize_into;

fuzz_target!(|data: &[u8]| {
    let (sel, x) = match data.split_first() {
        Some((&s, x)) => (s, x),
        None => (0, data),
    };
    let (profile, opts) = urlscope_fuzz::fused_config(sel);
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    if normalize_into(profile, &opts, x, &mut out, &mut flags).is_none() {
        assert!(out == b"prefix" && flags.is_empty(), "declined but wrote");
        return;
    }
    let traced = normalize(x, profile, &opts);
    assert!(
        out.starts_with(b"prefix"),
        "the fused path overwrote the buffer"
    );
    assert!(
        out[6..] == traced.output[..],
        "{profile:?}: fused output {:?} != traced output {:?}",
        String::from_utf8_lossy(&out[6..]),
        String::from_utf8_lossy(&traced.output)
    );
    assert_eq!(
        flags, traced.flags,
        "{profile:?}: fused diagnostics != traced"
    );
});
