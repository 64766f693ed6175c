//! `get`'s templates and `set`'s edits on any octets: a format string and a URL (split at the
//! first NUL). No panic; a template that parses renders under every profile, deterministically;
//! every component set and cleared under every rule set either answers or names its error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::Profile;
use urlscope_core::modern::Template;
use urlscope_core::modern::{EditRules, Encode, Target, clear_component, set_component};

fuzz_target!(|data: &[u8]| {
    let (fmt, url) = match data.iter().position(|&c| c == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b"http://a.example/p?q=1#f"[..]),
    };
    if let Ok(t) = Template::parse(&String::from_utf8_lossy(fmt)) {
        for p in [Profile::Rfc3986, Profile::Whatwg, Profile::Surt] {
            let (mut one, mut two) = (Vec::new(), Vec::new());
            let r1 = t.answer(url, p, &mut one);
            let r2 = t.answer(url, p, &mut two);
            assert_eq!(r1, r2);
            assert_eq!(one, two, "a template renders the same twice");
            if r1.is_err() {
                assert!(one.is_empty(), "a missing part appends nothing");
            }
        }
    }
    // The format's octets as the value to set.
    for rules in EditRules::ALL {
        for (_, target) in Target::COMPONENTS {
            for mode in [Encode::Encoded, Encode::AsWritten] {
                let _ = set_component(url, target, fmt, mode, rules);
            }
            let _ = clear_component(url, target, rules);
        }
    }
});
