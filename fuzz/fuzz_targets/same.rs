//! `same` on any two octet strings (split at the first NUL): no panic; each profile's verdict
//! is its two outputs' equality, the same both ways round, with a difference exactly when they
//! differ; a text is the same as itself under every profile, as given.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::Options;
use urlscope_core::modern::EqualAt;
use urlscope_core::same;

fuzz_target!(|data: &[u8]| {
    let (a, b) = match data.iter().position(|&c| c == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b""[..]),
    };
    let opts = Options::default();
    let ab = same(a, b, &opts);
    let ba = same(b, a, &opts);
    for (x, y) in ab.profiles.iter().zip(&ba.profiles) {
        assert_eq!(x.profile, y.profile);
        assert_eq!(
            x.equal,
            x.output_a == x.output_b,
            "{:?}: verdict",
            x.profile
        );
        assert_eq!(x.equal, y.equal, "{:?}: not symmetric", x.profile);
        assert_eq!(
            x.difference.is_none(),
            x.equal,
            "{:?}: difference",
            x.profile
        );
        assert_eq!(x.equal_at.is_some(), x.equal, "{:?}: equal_at", x.profile);
    }
    assert_eq!(ab.whatwg.equal, ba.whatwg.equal, "whatwg: not symmetric");
    let aa = same(a, a, &opts);
    assert!(aa.difference.is_none());
    for p in &aa.profiles {
        assert!(
            p.equal && p.equal_at == Some(EqualAt::Input),
            "{:?}",
            p.profile
        );
    }
});
