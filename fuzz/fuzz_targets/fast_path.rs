//! The fused batch normalizers (`url::fast`) against the traced steps: wherever a fast path takes
//! the input it must give the traced output and diagnostics, byte for byte, and where it declines
//! it must leave the buffers alone. The first octet picks the profile (pdf, fido, hyvatti,
//! rfc3986, rfc1738) and, for PDF, the base and PdfState.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::url::normalize_into;
use urlscope_core::{Options, Profile, normalize};

fuzz_target!(|data: &[u8]| {
    let (sel, x) = match data.split_first() {
        Some((&s, x)) => (s, x),
        None => (0, data),
    };
    let (profile, opts) = match sel % 5 {
        0 => (Profile::Pdf, urlscope_fuzz::pdf_options(sel / 5).0),
        1 => (Profile::Fido, Options::default()),
        2 => (Profile::Hyvatti, Options::default()),
        3 => (Profile::Rfc3986, Options::default()),
        _ => (Profile::Rfc1738, Options::default()),
    };
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    if normalize_into(profile, &opts, x, &mut out, &mut flags).is_none() {
        assert!(out == b"prefix" && flags.is_empty(), "declined but wrote");
        return;
    }
    let traced = normalize(x, profile, &opts);
    assert!(
        out.starts_with(b"prefix"),
        "the fast path overwrote the buffer"
    );
    assert!(
        out[6..] == traced.output[..],
        "fast output != traced output"
    );
    assert_eq!(
        flags, traced.flags,
        "fast diagnostics != traced diagnostics"
    );
});
