//! The WHATWG profile's fused batch path (`url::fast::whatwg`) against the traced profile and the
//! `url` crate: wherever the fused path takes the input, its output must be the traced profile's
//! (the URL Standard parser's href), with no diagnostics, and the `url` crate's href; where it
//! declines, the buffers must be untouched.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope::url::profiles::fast_path as fast;
use urlscope::url::{Options, Profile, normalize};

fuzz_target!(|x: &[u8]| {
    let opts = Options::default();
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    if fast::normalize_into(Profile::Whatwg, &opts, x, &mut out, &mut flags).is_none() {
        assert!(out == b"prefix" && flags.is_empty(), "declined but wrote");
        return;
    }
    assert!(out.starts_with(b"prefix"), "the fused path overwrote the buffer");
    let fused = &out[6..];
    let traced = normalize(x, Profile::Whatwg, &opts);
    assert!(fused == traced.output, "fused output != traced output");
    assert_eq!(flags, traced.flags, "fused diagnostics != traced diagnostics");
    // Taken only for valid UTF-8 that the url crate parses to the same href.
    let text = std::str::from_utf8(x).expect("the fused path took invalid UTF-8");
    let href = url::Url::parse(text).expect("the fused path took what the url crate rejects");
    assert!(href.as_str().as_bytes() == fused, "fused output != the url crate's href");
});
