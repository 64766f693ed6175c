//! SPEC-MODERN §9.2 for the `whatwg` profile: the step chain, the batch normalizer agreeing with
//! the traced one, idempotence, and the output equal to the `url` crate's href (or, on a
//! failure, the text W0 gave the parser).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope::modern::text::parser_text;
use urlscope::url::{Options, Profile, normalize};

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
    match url::Url::parse(&parser_text(data).text) {
        Ok(u) => assert_eq!(
            o.output,
            u.as_str().as_bytes(),
            "whatwg output != url crate href"
        ),
        // A failure keeps W1's input: the text W0 made (invalid UTF-8 as %XX).
        Err(_) => assert_eq!(
            o.output,
            parser_text(data).text.as_bytes(),
            "a failure keeps the input"
        ),
    }
});
