//! M1–M9 (docs/lenses.md) for the `rfc3986` profile: the step chain, edits that reproduce `after`, the
//! batch normalizer agreeing with the traced one, idempotence, a printable-ASCII output, and that
//! output being a valid RFC 3986 URI reference for the `fluent-uri` crate.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::{Options, Profile, normalize};

fuzz_target!(|data: &[u8]| {
    let warm = &data[..data.len() / 2];
    urlscope_fuzz::must(urlscope_fuzz::check_normalize(
        data,
        warm,
        Profile::Rfc3986,
        &Options::default(),
        true,
    ));
    let out = normalize(data, Profile::Rfc3986, &Options::default()).output;
    let text = std::str::from_utf8(&out).expect("rfc3986 output is ASCII");
    if let Err(e) = fluent_uri::UriRef::parse(text) {
        panic!("rfc3986 output is not a URI reference: {e}");
    }
});
