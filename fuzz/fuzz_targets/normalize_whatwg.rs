//! W0–W1 (docs/lenses.md) for the `whatwg` profile: the step chain, the batch normalizer agreeing with
//! the traced one, idempotence, and the output equal to the href of urlscope's URL Standard
//! parser (or, on a failure, the text W0 gave the parser). Where that parser and the `url` crate
//! part, `tests/whatwg_differential.rs` says why.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::modern::parser_text;
use urlscope_core::{Options, Profile, normalize};

fuzz_target!(|data: &[u8]| {
    let warm = &data[..data.len() / 2];
    urlscope_fuzz::must(urlscope_fuzz::check_normalize(
        data,
        warm,
        Profile::Whatwg,
        &Options::default(),
        true,
    ));
    let o = normalize(data, Profile::Whatwg, &Options::default());
    match urlscope_core::whatwg::parse(&parser_text(data).text, None) {
        Ok(u) => assert_eq!(
            o.output,
            u.href().as_bytes(),
            "whatwg output != the parser's href"
        ),
        // A failure keeps W1's input: the text W0 made (invalid UTF-8 as %XX).
        Err(_) => assert_eq!(
            o.output,
            parser_text(data).text.as_bytes(),
            "a failure keeps the input"
        ),
    }
});
