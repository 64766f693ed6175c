//! The unwrap lens (docs/lenses.md) through the core: the Proofpoint and redirect-wrapper
//! vectors of `tests/vectors/modern/unwrap/`, the project's own inputs for each wrapper kind,
//! nested wrappers, percent layers, refang, quoted-printable, depth, loops and hostile input.

use serde_json::Value;
use urlscope_core::modern::{LayerKind as Kind, MAX_DEPTH};
use urlscope_core::{Chain, unwrap};

fn vectors(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/vectors/modern/unwrap/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(
        v["count"].as_u64().unwrap() as usize,
        v["cases"].as_array().unwrap().len()
    );
    v["cases"].as_array().unwrap().clone()
}

fn kinds(c: &Chain) -> Vec<Kind> {
    c.layers.iter().map(|l| l.kind).collect()
}

fn last_of(c: &Chain, kind: Kind) -> Option<&str> {
    c.layers
        .iter()
        .rev()
        .find(|l| l.kind == kind)
        .map(|l| l.text.as_str())
}

/// `urllib.parse.unquote`: each triplet decoded once (the vectors' `unquote: true`).
fn unquote(s: &str) -> String {
    let d: Vec<u8> = urlscope_core::url::octets::units(s.as_bytes())
        .map(|u| u.value)
        .collect();
    String::from_utf8(d).unwrap()
}

#[test]
fn proofpoint_vectors() {
    let cases = vectors("proofpoint_url_defense.json");
    assert_eq!(cases.len(), 37);
    let mut checked = 0;
    for c in &cases {
        let enc = c["encoded"].as_str().unwrap();
        let version = c["version"].as_str().unwrap();
        // The v3 rule where demisto skipped the replacement (README caveat 2).
        let want = if c["agrees_with_independent_decoder"] == Value::Bool(false) {
            c["independent_decode"].as_str().unwrap()
        } else {
            c["decoded"].as_str().unwrap()
        };
        let chain = unwrap(enc.as_bytes());
        let kind = match version {
            "v1" => Kind::ProofpointV1,
            "v2" => Kind::ProofpointV2,
            _ => Kind::ProofpointV3,
        };
        assert_eq!(chain.layers[0].text, enc, "layer 0 is the input");
        if want == enc {
            // A malformed wrapper: nothing to unwrap.
            assert_eq!(chain.layers.len(), 1, "{}: {:?}", c["test"], kinds(&chain));
        } else {
            assert_eq!(chain.layers[1].kind, kind, "{}", c["test"]);
            let got = last_of(&chain, kind).unwrap();
            let got = if c["unquote"] == Value::Bool(true) {
                unquote(got)
            } else {
                got.to_string()
            };
            assert_eq!(got, want, "{}", c["test"]);
        }
        checked += 1;
    }
    assert_eq!(checked, 37);
}

#[test]
fn redirect_wrapper_vectors() {
    let cases = vectors("redirect_wrappers.json");
    assert_eq!(cases.len(), 17);
    for c in &cases {
        let input = c["input"].as_str().unwrap();
        let chain = unwrap(input.as_bytes());
        let target = chain.target().text.as_str();
        let wrapper = c["wrapper"].as_str().unwrap();
        let want = if wrapper == "none" {
            assert_eq!(chain.layers.len(), 1, "{input}: not a wrapper");
            input
        } else if let Some(full) = c["independent_full_decode"].as_str() {
            full
        } else if c["agrees_one_layer"] == Value::Bool(false) && wrapper == "outlook-safelinks" {
            // ATP_REDIRECTS[3]: one layer (README caveat 3).
            c["independent_one_layer"].as_str().unwrap()
        } else if let Some(e) = c["expected"].as_str() {
            e
        } else {
            c["expected_destination_derived"].as_str().unwrap()
        };
        assert_eq!(target, want, "{wrapper}: {input}\n{:?}", kinds(&chain));
        let first_wrapper = chain.layers.iter().find(|l| l.kind.is_wrapper());
        let expect_kind = match wrapper.split('>').next().unwrap() {
            "outlook-safelinks" => Some(Kind::SafeLinks),
            "google-url" => Some(Kind::Google),
            "facebook-l.php" => Some(Kind::Facebook),
            "fireeye-protect2" | "trendmicro-clicktime" => Some(Kind::RedirectParameter),
            _ => None,
        };
        assert_eq!(first_wrapper.map(|l| l.kind), expect_kind, "{input}");
    }
}

#[test]
fn each_wrapper_kind_of_our_own() {
    let c = unwrap(b"https://eur03.safelinks.protection.outlook.com/ap/t-59584e83/?url=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1%26c%3D2&data=05%7C01&sdata=x%3D&reserved=0");
    assert_eq!(kinds(&c), [Kind::Input, Kind::SafeLinks]);
    assert_eq!(c.target().text, "https://example.org/a?b=1&c=2");
    let src = c.layers[1].source.as_ref().unwrap();
    assert_eq!(src.what, "query parameter `url`");
    assert!(c.layers[0].text[src.start..src.end].starts_with("https%3A%2F%2Fexample.org"));

    let c = unwrap(b"https://www.google.co.uk/url?sa=t&url=https%3A%2F%2Fexample.org%2F&usg=x");
    assert_eq!(kinds(&c), [Kind::Input, Kind::Google]);
    assert_eq!(c.target().text, "https://example.org/");
    // Not Google: a look-alike registrable domain.
    let c = unwrap(b"https://google.com.evil.example/url?q=https://example.org/");
    assert_eq!(kinds(&c), [Kind::Input, Kind::RedirectParameter]);

    let c = unwrap(b"https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.org%2F%3Fx%3D1&h=AT0");
    assert_eq!(kinds(&c), [Kind::Input, Kind::Facebook]);
    assert_eq!(c.target().text, "https://example.org/?x=1");

    let c = unwrap(
        b"https://urldefense.proofpoint.com/v2/url?u=https-3A__example.org_a-5Fb-3Fq-3D1&d=DwM&e=",
    );
    assert_eq!(kinds(&c), [Kind::Input, Kind::ProofpointV2]);
    assert_eq!(c.target().text, "https://example.org/a_b?q=1");

    let c = unwrap(b"https://urldefense.com/v3/__https://example.org/a*b__;Iw!!org!sig$");
    assert_eq!(kinds(&c), [Kind::Input, Kind::ProofpointV3]);
    assert_eq!(c.target().text, "https://example.org/a#b");

    let c = unwrap(b"https://login.example.com/?next=https%3A%2F%2Fapp.example.com%2Fhome");
    assert_eq!(kinds(&c), [Kind::Input, Kind::RedirectParameter]);
    assert_eq!(c.target().text, "https://app.example.com/home");
    // A relative `next` is not a redirect to another site.
    assert_eq!(unwrap(b"https://a.example/?next=/home").layers.len(), 1);
    // A plain URL with an encoded space is its own target.
    assert_eq!(unwrap(b"https://a.example/a%20b?q=x%26y").layers.len(), 1);
}

/// Percent-encode every octet outside the unreserved set (what a wrapper does to its parameter).
fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[test]
fn nested_safelinks_proofpoint_google() {
    let google = "https://www.google.com/url?q=https://example.org/final?x%3D1&sa=D&usg=A";
    let v3 = format!("https://urldefense.com/v3/__{google}__;!!org!sig$");
    let outer = format!(
        "https://nam12.safelinks.protection.outlook.com/?url={}&data=05%7C02&reserved=0",
        enc(&v3)
    );
    let c = unwrap(outer.as_bytes());
    assert_eq!(
        kinds(&c),
        [
            Kind::Input,
            Kind::SafeLinks,
            Kind::ProofpointV3,
            Kind::Google
        ]
    );
    assert_eq!(c.layers[1].text, v3);
    assert_eq!(c.layers[2].text, google);
    assert_eq!(c.target().text, "https://example.org/final?x=1");
    assert_eq!(c.layers[0].text, outer, "the wrapper text is never edited");
    assert!(c.stopped.is_none());
}

#[test]
fn percent_layers_refang_and_quoted_printable() {
    let c = unwrap(b"https://a.example/x%252520y");
    assert_eq!(
        kinds(&c),
        [Kind::Input, Kind::Percent, Kind::Percent, Kind::Percent]
    );
    let texts: Vec<&str> = c.layers.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "https://a.example/x%252520y",
            "https://a.example/x%2520y",
            "https://a.example/x%20y",
            "https://a.example/x y"
        ]
    );
    // A decode that would give octets that are not UTF-8 is not taken.
    let c = unwrap(b"https://a.example/%25FF");
    assert_eq!(c.target().text, "https://a.example/%FF");
    assert!(c.notes.iter().any(|n| n.contains("not UTF-8")));

    let c = unwrap(b"hxxps://evil[.]example/login");
    assert_eq!(kinds(&c), [Kind::Input, Kind::Refang]);
    assert_eq!(c.target().text, "https://evil.example/login");

    let c = unwrap(b"https://l.facebook.com/l.php?u=3Dhttps%3A%2F%2Fexample.org%2F&h=3DAT=\n0");
    assert_eq!(
        kinds(&c),
        [Kind::Input, Kind::QuotedPrintable, Kind::Facebook]
    );
    assert_eq!(c.target().text, "https://example.org/");
}

#[test]
fn depth_limit() {
    // 100 layers of percent-encoding stop at the documented depth.
    let mut s = "https://a.example/x%20y".to_string();
    for _ in 0..100 {
        s = s.replace('%', "%25");
    }
    let c = unwrap(s.as_bytes());
    assert_eq!(c.layers.len(), MAX_DEPTH + 1);
    assert!(
        c.stopped
            .as_deref()
            .unwrap()
            .contains("maximum depth of 32")
    );

    // 40 nested generic redirects.
    let mut u = "https://example.org/".to_string();
    for i in 0..40 {
        u = format!("https://r{i}.example/?url={}", enc(&u));
    }
    let c = unwrap(u.as_bytes());
    assert_eq!(c.layers.len(), MAX_DEPTH + 1);
    assert!(c.stopped.is_some());
}

#[test]
fn hostile_input_never_panics() {
    let mut inputs: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\xff\xfe\x00\x1b[31m".to_vec(),
        "https://a.example/?url=https://b\u{202E}.example/\u{200B}"
            .as_bytes()
            .to_vec(),
        b"https://urldefense.com/v3/__**".to_vec(),
        b"https://urldefense.com/v3/__a****__;!".to_vec(),
        b"https://urldefense.com/v3/__a*__;%%%!".to_vec(),
        b"https://urldefense.com/v2/url?u=-".to_vec(),
        b"https://x.safelinks.protection.outlook.com/?url=%FF%FE".to_vec(),
        b"hxxp[:]//[.](.)[:]".to_vec(),
        b"==3D==3D=\r\n=".to_vec(),
    ];
    for b in 0..=255u8 {
        inputs.push(vec![b'h', b, b'%', b]);
    }
    let mut big = b"https://a.example/?url=".to_vec();
    big.extend(std::iter::repeat_n(b'\xff', 1 << 20));
    inputs.push(big);
    inputs.push(b"%2525".repeat(200_000));
    for x in &inputs {
        let c = unwrap(x);
        assert!(!c.layers.is_empty() && c.layers.len() <= MAX_DEPTH + 1);
    }
    // Invalid UTF-8 reaches layer 0 as triplets, nothing lost.
    let c =
        unwrap(b"https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F\xff");
    assert!(c.layers[0].text.ends_with("%FF"));
}

mod properties {
    use proptest::prelude::*;
    use urlscope_core::modern::MAX_DEPTH;
    use urlscope_core::modern::parser_text;
    use urlscope_core::modern::{table, without_tracking};
    use urlscope_core::unwrap;

    fn pair() -> impl Strategy<Value = String> {
        let key =
            prop::sample::select(vec!["a", "utm_source", "fbclid", "b", "", "UTM_x", "gclid"]);
        let value = "[a-z%+=2]{0,4}";
        (key, prop::option::of(value)).prop_map(|(k, v)| match v {
            Some(v) => format!("{k}={v}"),
            None => k.to_string(),
        })
    }

    proptest! {
        #[test]
        fn unwrap_is_total(x in prop::collection::vec(any::<u8>(), 0..300)) {
            let c = unwrap(&x);
            prop_assert!(!c.layers.is_empty() && c.layers.len() <= MAX_DEPTH + 1);
            // Layer 0 is the pasted text inside its frame (the one framing rule).
            let body = urlscope_core::url::unframe(&x);
            prop_assert_eq!(&c.layers[0].text, &parser_text(body.of(&x)).text);
        }

        #[test]
        fn unwrap_is_total_on_wrapper_shapes(
            parts in prop::collection::vec(prop::sample::select(vec![
                "https://", "hxxp://", "urldefense.com/v3/__", "__;", "!", "*", "**A", "Iw",
                "safelinks.protection.outlook.com/?url=", "www.google.com/url?q=", "%25", "%3A",
                "%2F", "=3D", "=\n", "[.]", "&", "u=", "l.facebook.com/l.php?", "/v2/url?u=-3A",
            ]), 0..12)
        ) {
            let x = parts.concat();
            let c = unwrap(x.as_bytes());
            prop_assert!(c.layers.len() <= MAX_DEPTH + 1);
        }

        #[test]
        fn removal_keeps_every_other_octet(
            pairs in prop::collection::vec(pair(), 0..8),
            seps in prop::collection::vec(prop::sample::select(vec!["&", "&&"]), 8),
            frag in prop::option::of("[a-z&=]{0,3}"),
        ) {
            let mut q = String::new();
            for (i, p) in pairs.iter().enumerate() {
                if i > 0 { q.push_str(seps[i]); }
                q.push_str(p);
            }
            let url = format!("http://h/p?{q}{}", frag.as_ref().map(|f| format!("#{f}")).unwrap_or_default());
            let t = table(url.as_bytes());
            let s = without_tracking(url.as_bytes(), &t);
            let out = String::from_utf8(s.url.clone()).unwrap();
            prop_assert_eq!(s.removed, t.pairs.iter().filter(|p| p.tracking).count());
            // Before the query and the fragment: untouched.
            prop_assert!(out.starts_with("http://h/p"));
            if let Some(f) = &frag {
                let want = format!("#{f}");
                prop_assert!(out.ends_with(&want));
            }
            // The kept pairs, raw and in order; no tracking pair left.
            let kept: Vec<&[u8]> = t.pairs.iter().filter(|p| !p.tracking)
                .map(|p| &url.as_bytes()[p.range.clone()]).collect();
            let t2 = table(&s.url);
            let again: Vec<&[u8]> = t2.pairs.iter().map(|p| &s.url[p.range.clone()]).collect();
            prop_assert_eq!(again, kept);
            prop_assert_eq!(t2.tracking_count(), 0);
            if s.removed == 0 {
                prop_assert_eq!(out, url);
            } else if t2.pairs.is_empty() {
                prop_assert!(!out.contains('?'));
            }
        }
    }
}
