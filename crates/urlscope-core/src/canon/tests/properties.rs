//! Properties of the crawler canonicalizers (docs/canon.md): any octets in, traced and batch runs
//! agree and raise only the reference's own failures; SSURT reads back. None of the references
//! is idempotent, and the examples here show it as their code does (docs/departures.md, "The
//! crawler canonicalizers").

use crate::canon::urlcanon::{UcUrl, forms};
use crate::url::Group;
use crate::url::Normalizer;
use crate::url::diag::Diag;
use crate::{Options, Profile, normalize};
use proptest::prelude::*;

/// The diagnostics a profile may raise: its reference's failures.
fn allowed(p: Profile) -> &'static [Diag] {
    match p {
        Profile::Surt => &[Diag::SurtPort, Diag::SurtEmpty],
        Profile::W3lib => &[Diag::W3libPort, Diag::W3libHost],
        Profile::Sb4 => &[Diag::UcNegativeIpv4, Diag::SbNoHost],
        _ => &[Diag::UcNegativeIpv4],
    }
}

fn batch(p: Profile, x: &[u8]) -> (Vec<u8>, Vec<Diag>) {
    let mut out = Vec::new();
    let flags = Normalizer::new(p, Options::default())
        .normalize_into(x, &mut out)
        .to_vec();
    (out, flags)
}

/// URL-shaped octets: the pieces the references treat differently, glued at random.
fn urlish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        &b"http://"[..],
        b"HTTPS://",
        b"ftp:",
        b"//",
        b"www.",
        b"WWW2.",
        b"a",
        b"B",
        b".",
        b"..",
        b"/",
        b"\\",
        b"?",
        b"#",
        b"&",
        b"=",
        b"@",
        b":",
        b":80",
        b"%",
        b"%2e",
        b"%2F",
        b"%25",
        b"%41",
        b"%zz",
        b"[::1]",
        b"0x7f",
        b"1",
        b"-",
        b" ",
        b"\t",
        b"\x00",
        b"\xff",
        b"\xc3\xa9",
        b";",
        b"+",
        b"jsessionid=0123456789abcdef",
        b".aspx",
        b"xn--",
        b"_",
    ]);
    prop::collection::vec(piece, 0..14).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_octets_traced_equals_batch(x in prop::collection::vec(any::<u8>(), 0..64)) {
        for p in Group::Crawlers.profiles() {
            let o = normalize(&x, p, &Options::default());
            let (out, flags) = batch(p, &x);
            prop_assert_eq!(&o.output, &out, "{}", p.name());
            prop_assert_eq!(&o.flags, &flags, "{}", p.name());
            prop_assert!(flags.iter().all(|f| allowed(p).contains(f)), "{}: {:?}", p.name(), flags);
        }
    }

    #[test]
    fn urlish_traced_equals_batch(x in urlish()) {
        for p in Group::Crawlers.profiles() {
            let o = normalize(&x, p, &Options::default());
            let (out, flags) = batch(p, &x);
            prop_assert_eq!(&o.output, &out, "{}", p.name());
            prop_assert_eq!(&o.flags, &flags, "{}", p.name());
            prop_assert!(flags.iter().all(|f| allowed(p).contains(f)), "{}: {:?}", p.name(), flags);
            // Each step's record starts where the previous one ended.
            for w in o.steps.windows(2) {
                prop_assert_eq!(&w[0].after, &w[1].before);
            }
        }
    }

    /// SSURT reads back into urlcanon's WHATWG form of every URL with a scheme, a host and a
    /// port of digits (urlcanon's port is whatever follows the ':', which SSURT cannot delimit).
    #[test]
    fn ssurt_reads_back(
        scheme in "[a-zA-Z][a-zA-Z0-9+.-]{0,6}",
        user in prop::option::of("[a-z%@:]{0,5}"),
        host in "[a-zA-Z0-9.,_-]{1,12}",
        port in prop::option::of("[0-9]{0,5}"),
        // The path, query or fragment starts with its delimiter: a port stays digits.
        rest in "([/?#][a-z/?#&=. %]{0,11})?",
    ) {
        let mut x = format!("{scheme}://");
        if let Some(u) = user {
            x.push_str(&u);
            x.push('@');
        }
        x.push_str(&host);
        if let Some(p) = port {
            x.push(':');
            x.push_str(&p);
        }
        x.push_str(&rest);
        let whatwg = normalize(x.as_bytes(), Profile::UcWhatwg, &Options::default());
        let u = UcUrl::parse(&whatwg.output);
        prop_assume!(whatwg.errors().next().is_none() && !u.host.is_empty() && u.slashes == b"//");
        let key = normalize(x.as_bytes(), Profile::Ssurt, &Options::default()).output;
        prop_assert_eq!(forms::unssurt(&key), Some(whatwg.output.clone()), "key {}", key.escape_ascii());
    }
}

/// The references that are not idempotent, each with an input that shows it (verified against
/// the PyPI packages): urlscope reproduces them, so idempotence is not claimed for these.
#[test]
fn the_references_that_are_not_idempotent() {
    // Profile, input, once, twice.
    type Case = (Profile, &'static [u8], &'static [u8], &'static [u8]);
    let cases: [Case; 8] = [
        (
            Profile::UcWhatwg,
            b"http:\\\\%2561",
            b"http://%61/",
            b"http://a/",
        ),
        (
            Profile::UcGoogle,
            b"http://%2F%2Fx/",
            b"http:////x/",
            b"http://x/",
        ),
        (Profile::UcSemanticPrecise, b"", b"http:/", b"http:///"),
        (
            Profile::UcSemantic,
            b"http://%2F%2Fx/",
            b"http:////x/",
            b"http://x/",
        ),
        (
            Profile::UcAggressive,
            b"http://www.www.a.com/",
            b"http://www.a.com/",
            b"http://a.com/",
        ),
        (
            Profile::Sb4,
            b"http://%2F%2Fx/",
            b"http:////x/",
            b"http://x/",
        ),
        // A key is not a URL: read as one, it becomes another key.
        (Profile::Surt, b"http://a.com/", b"com,a)/", b"com,a))/"),
        // w3lib lowercases the scheme it finds, and the first pass decoded one.
        (
            Profile::W3lib,
            b"%41http://http://",
            b"Ahttp://http://",
            b"ahttp://http//",
        ),
    ];
    let mut not_idempotent = 0;
    for (p, x, once, twice) in cases {
        let (a, _) = batch(p, x);
        assert_eq!(a, once, "{} {}", p.name(), x.escape_ascii());
        let (b, _) = batch(p, &a);
        assert_eq!(b, twice, "{} twice {}", p.name(), x.escape_ascii());
        not_idempotent += usize::from(a != b);
    }
    assert_eq!(not_idempotent, cases.len());
}
