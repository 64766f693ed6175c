//! The WHATWG profile's fused batch path (`url::fast::whatwg`) against the parser, the traced
//! profile and the `url` crate: wherever the fused path takes the input, its output must be the
//! href of `whatwg::parse` and of `whatwg::parse_traced`, the traced profile's output (with no
//! diagnostics) and the `url` crate's href; where it declines, the buffers must be untouched.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::url::normalize_into;
use urlscope_core::whatwg;
use urlscope_core::{Options, Profile, normalize};

fuzz_target!(|x: &[u8]| {
    let opts = Options::default();
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    if normalize_into(Profile::Whatwg, &opts, x, &mut out, &mut flags).is_none() {
        assert!(out == b"prefix" && flags.is_empty(), "declined but wrote");
        return;
    }
    assert!(
        out.starts_with(b"prefix"),
        "the fused path overwrote the buffer"
    );
    let fused = &out[6..];
    let traced = normalize(x, Profile::Whatwg, &opts);
    assert!(fused == traced.output, "fused output != traced output");
    assert_eq!(
        flags, traced.flags,
        "fused diagnostics != traced diagnostics"
    );
    // Taken only for valid UTF-8 that the url crate parses to the same href.
    let text = std::str::from_utf8(x).expect("the fused path took invalid UTF-8");
    let parsed = whatwg::parse(text, None).expect("the fused path took what the parser fails");
    assert!(
        parsed.href().as_bytes() == fused,
        "fused output != whatwg::parse's href"
    );
    let (traced_parse, _) = whatwg::parse_traced(text, None);
    assert!(
        traced_parse.ok().map(|u| u.href()) == Some(parsed.href()),
        "parse_traced != parse"
    );
    let href = url::Url::parse(text).expect("the fused path took what the url crate rejects");
    assert!(
        href.as_str().as_bytes() == fused,
        "fused output != the url crate's href"
    );
});
