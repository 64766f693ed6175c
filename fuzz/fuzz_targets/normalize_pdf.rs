//! The profile framework (docs/rules.md, "Profiles and step records") for the `pdf` profile. The first octet picks the base (none or
//! `http://a/b/c/d;p?q`) and the PdfState; idempotence is asserted for the fixed base with
//! EncodedOnce, as docs/rules.md promises.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::Profile;

fuzz_target!(|data: &[u8]| {
    let (sel, x) = match data.split_first() {
        Some((&s, x)) => (s, x),
        None => (1, data),
    };
    let (opts, idempotent) = urlscope_fuzz::pdf_options(sel);
    let warm = &x[..x.len() / 2];
    urlscope_fuzz::must(urlscope_fuzz::check_normalize(
        x,
        warm,
        Profile::Pdf,
        &opts,
        idempotent,
    ));
});
