//! The profile framework (docs/rules.md, "Profiles and step records") for the `hyvatti` profile. With an empty alias map the profile is idempotent; the
//! first octet, when odd, adds one alias (H6 is applied once, so idempotence is not asserted).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::{Options, Profile};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, x)) = data.split_first() else {
        urlscope_fuzz::must(urlscope_fuzz::check_normalize(
            data,
            data,
            Profile::Hyvatti,
            &Options::default(),
            true,
        ));
        return;
    };
    let mut opts = Options::default();
    let aliased = sel & 1 == 1;
    if aliased {
        opts.host_aliases = vec![
            (b"www.example.com".to_vec(), b"example.com".to_vec()),
            (b"a".to_vec(), b"B:8%41".to_vec()),
        ];
    }
    let warm = &x[..x.len() / 2];
    urlscope_fuzz::must(urlscope_fuzz::check_normalize(
        x,
        warm,
        Profile::Hyvatti,
        &opts,
        !aliased,
    ));
});
