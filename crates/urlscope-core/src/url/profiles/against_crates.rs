//! The modern profiles against the real parsers they stand for (docs/lenses.md):
//! - `rfc3986` equals the `fluent-uri` crate's `Normalizer` on every input the crate accepts (the
//!   URL lists and every WPT input), except the differences named in `Difference` (docs/lenses.md,
//!   "The modern profiles", the table of differences); the figures print with `--nocapture`;
//! - `whatwg` (urlscope's own URL Standard parser) gives the WPT `urltestdata.json` href or
//!   failure for every case and is idempotent on them; on both URL lists it equals the `url`
//!   crate's href or failure.

use std::collections::BTreeMap;
use std::net::Ipv6Addr;

use crate::url::StepStatus;
use crate::url::notation::encode;
use crate::url::profiles::rfc3986;
use crate::{Options, Profile, normalize};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn url_lists() -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for f in ["urls-web.txt", "urls-files.txt"] {
        v.extend(
            data(f)
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec),
        );
    }
    v
}

/// (input, base) of every WPT `urltestdata.json` case.
fn wpt() -> Vec<(String, Option<String>)> {
    let v: serde_json::Value = serde_json::from_slice(&data("urltestdata.json")).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            let input = c.get("input")?.as_str()?.to_string();
            let base = c.get("base").and_then(|b| b.as_str()).map(str::to_string);
            Some((input, base))
        })
        .collect()
}

/// Why the profile's output may differ from `fluent-uri`'s on a valid URI reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Difference {
    /// fluent-uri rewrites an IPv6 literal in its RFC 5952 text form (`[fe80:0::1]` →
    /// `[fe80::1]`); M6 only lowercases (RFC 3986 §6.2.2.1 asks no more).
    Ipv6TextForm,
    /// M9 (RFC 3986 §6.2.3): `http://h` → `http://h/`; fluent-uri keeps the empty path.
    EmptyPathSlash,
    /// M7 applies §5.2.4 to every path of a URI with a scheme; fluent-uri only to an
    /// absolute path (`x:a/../b` stays).
    RootlessDotSegments,
    /// fluent-uri knows more default ports (gopher 70, telnet 23, ldap 389, …); M8
    /// lists five schemes (http, https, ws, wss, ftp).
    MoreDefaultPorts,
}

fn canonical_ipv6(s: &str) -> String {
    let (Some(a), Some(z)) = (s.find("//["), s.find(']')) else {
        return s.to_string();
    };
    match s[a + 3..z].parse::<Ipv6Addr>() {
        Ok(ip) if a + 3 <= z => format!("{}//[{ip}]{}", &s[..a], &s[z + 1..]),
        _ => s.to_string(),
    }
}

/// `None` when the outputs agree; otherwise the named differences that account for it, or an
/// error naming the input.
fn compare_with_fluent(input: &[u8]) -> Option<Result<Vec<Difference>, String>> {
    let text = std::str::from_utf8(input).ok()?;
    let r = fluent_uri::UriRef::parse(text).ok()?;
    let theirs = fluent_uri::normalize::Normalizer::new()
        .normalize(&r)
        .ok()?
        .to_string();
    let ours = String::from_utf8(normalize(input, Profile::Rfc3986, &Options::default()).output)
        .expect("rfc3986 output is ASCII");
    if ours == theirs {
        return None;
    }
    let mut why = Vec::new();
    let mut ours_adj = canonical_ipv6(&ours);
    if ours_adj != ours {
        why.push(Difference::Ipv6TextForm);
    }
    // The steps this profile runs that fluent-uri does not: run the profile over fluent-uri's
    // output and see which of them change it.
    let again = normalize(theirs.as_bytes(), Profile::Rfc3986, &Options::default());
    for s in &again.steps {
        if s.status == StepStatus::Changed {
            match s.step {
                rfc3986::EMPTY_PATH_SLASH => why.push(Difference::EmptyPathSlash),
                rfc3986::REMOVE_DOT_SEGMENTS => why.push(Difference::RootlessDotSegments),
                other => {
                    return Some(Err(format!(
                        "{text}: step {other} changes fluent-uri's {theirs}"
                    )));
                }
            }
        }
    }
    let theirs_adj = canonical_ipv6(&String::from_utf8(again.output).unwrap());
    ours_adj = canonical_ipv6(&ours_adj);
    if ours_adj != theirs_adj {
        let sp = rfc3986::split(ours_adj.as_bytes());
        if let Some(port) = sp.port {
            let without = format!("{}{}", &ours_adj[..port.start - 1], &ours_adj[port.end..]);
            if without == theirs_adj {
                why.push(Difference::MoreDefaultPorts);
                ours_adj = without;
            }
        }
    }
    if ours_adj == theirs_adj && !why.is_empty() {
        why.sort();
        why.dedup();
        Some(Ok(why))
    } else {
        Some(Err(format!("{text:?}: ours {ours} vs fluent-uri {theirs}")))
    }
}

#[test]
fn rfc3986_agrees_with_fluent_uri_on_valid_uri_references() {
    let mut inputs = url_lists();
    inputs.extend(wpt().into_iter().map(|(i, _)| i.into_bytes()));
    let (mut accepted, mut agree) = (0, 0);
    let mut counts: BTreeMap<Vec<Difference>, (usize, String)> = BTreeMap::new();
    let mut failures = Vec::new();
    for x in &inputs {
        let accepted_here =
            std::str::from_utf8(x).is_ok_and(|t| fluent_uri::UriRef::parse(t).is_ok());
        accepted += usize::from(accepted_here);
        match compare_with_fluent(x) {
            None => agree += usize::from(accepted_here),
            Some(Ok(why)) => {
                let e = counts
                    .entry(why)
                    .or_insert((0, String::from_utf8_lossy(x).into_owned()));
                e.0 += 1;
            }
            Some(Err(msg)) => failures.push(msg),
        }
    }
    println!(
        "rfc3986 vs fluent-uri: {} inputs, {accepted} accepted by fluent-uri, {agree} identical",
        inputs.len()
    );
    for (why, (n, example)) in &counts {
        println!("  {n:6} differ by {why:?}, e.g. {example}");
    }
    assert!(
        failures.is_empty(),
        "{} unexplained differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        accepted > 90_000,
        "the oracle accepted too few inputs ({accepted}) to mean anything"
    );
}

#[test]
fn rfc3986_vectors_of_the_rfc_agree() {
    // RFC 3986 §6.2.2's examples are fixed points of fluent-uri and of the profile alike.
    for (x, want) in [
        (
            "example://a/./b/../b/%63/%7bfoo%7d",
            "example://a/b/c/%7Bfoo%7D",
        ),
        (
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "example://a/b/c/%7Bfoo%7D",
        ),
    ] {
        assert_eq!(
            compare_with_fluent(x.as_bytes()).map(|r| r.map_err(|e| e.to_string())),
            None
        );
        assert_eq!(
            normalize(x.as_bytes(), Profile::Rfc3986, &Options::default()).output,
            want.as_bytes()
        );
    }
}

/// The `url` crate's answer: its href, or that it fails.
fn url_crate(input: &str) -> Result<String, ()> {
    url::Url::parse(input)
        .map(|u| u.as_str().to_string())
        .map_err(|_| ())
}

fn whatwg_profile(input: &[u8], base: Option<&str>) -> Result<String, String> {
    let opts = Options {
        base: base.map(|b| b.as_bytes().to_vec()),
        ..Options::default()
    };
    let o = normalize(input, Profile::Whatwg, &opts);
    let error = o.errors().next();
    match error {
        Some(e) if e == crate::url::diag::E_BASE_NOT_ABSOLUTE => Err("base".into()),
        Some(e) => {
            assert_eq!(o.output, input, "a failure keeps the input");
            assert!(e.as_str().starts_with("E-whatwg-"), "{e}");
            Err(e.to_string())
        }
        None => Ok(String::from_utf8(o.output).expect("an href is text")),
    }
}

/// (input, base, expected href or `None` for a failure) of every WPT `urltestdata.json` case.
fn wpt_expected() -> Vec<(String, Option<String>, Option<String>)> {
    let v: serde_json::Value = serde_json::from_slice(&data("urltestdata.json")).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            let input = c.get("input")?.as_str()?.to_string();
            let base = c.get("base").and_then(|b| b.as_str()).map(str::to_string);
            let href = c.get("href").and_then(|h| h.as_str()).map(str::to_string);
            Some((input, base, href))
        })
        .collect()
}

#[test]
fn whatwg_gives_the_wpt_href_or_failure_and_is_idempotent() {
    let (mut checked, mut differ) = (0, Vec::new());
    for (input, base, want) in wpt_expected() {
        let got = whatwg_profile(input.as_bytes(), base.as_deref());
        let ok = match (&want, &got) {
            (Some(w), Ok(g)) => w == g,
            (None, Err(_)) => true,
            _ => false,
        };
        if !ok {
            differ.push(format!(
                "{input:?} base {base:?}: want {want:?}, got {got:?}"
            ));
        }
        if let Ok(href) = &got {
            let again = whatwg_profile(href.as_bytes(), base.as_deref());
            assert_eq!(again.as_ref(), Ok(href), "{input:?}: not idempotent");
        }
        checked += 1;
    }
    println!(
        "whatwg: {checked} WPT cases, {} differ: {differ:#?}",
        differ.len()
    );
    assert!(checked > 800);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn whatwg_and_the_url_crate_on_both_lists() {
    let (mut checked, mut differ) = (0, Vec::new());
    for line in url_lists() {
        let Ok(s) = String::from_utf8(line) else {
            continue;
        };
        let got = whatwg_profile(s.as_bytes(), None);
        let theirs = url_crate(&s);
        if got.as_ref().ok() != theirs.as_ref().ok() {
            differ.push(format!("{s:?}: url crate {theirs:?}, profile {got:?}"));
        }
        checked += 1;
    }
    println!(
        "whatwg: {checked} listed URLs, {} differ from the url crate",
        differ.len()
    );
    // On real URLs the two implementations of one standard agree; a difference is a bug in one
    // of them, to be checked against the standard.
    assert!(checked > 97_000);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn whatwg_keeps_every_octet_of_invalid_utf8() {
    let o = normalize(b"http://a/\xFF\xC3x", Profile::Whatwg, &Options::default());
    assert_eq!(o.output, b"http://a/%FF%C3x", "{}", encode(&o.output));
    assert!(o.flags.contains(&crate::url::diag::W_INVALID_UTF8));
    let w0 = &o.steps[0];
    assert_eq!(w0.step, "whatwg-octets");
    assert_eq!(w0.edits.len(), 2);
    assert!(!o.output.contains(&0xFF) && !String::from_utf8_lossy(&o.output).contains('\u{FFFD}'));
}

#[test]
fn whatwg_lists_the_validation_errors_on_its_step() {
    let o = normalize(
        b"HTTP://u@v@Ex\tample.com\\a b",
        Profile::Whatwg,
        &Options::default(),
    );
    assert_eq!(o.output, b"http://u%40v@example.com/a%20b");
    let parse = o.steps.iter().find(|s| s.step == "whatwg-parse").unwrap();
    // By the URL Standard's names: the tab, the '\' and the credentials.
    let ids: Vec<_> = parse.remarks.iter().map(|r| r.error.name()).collect();
    for want in [
        "invalid-reverse-solidus",
        "invalid-URL-unit",
        "invalid-credentials",
    ] {
        assert!(ids.contains(&want), "{want} missing from {ids:?}");
    }
    // The edits reproduce the href from the step's before.
    assert_eq!(
        crate::url::apply_edits(&parse.before, &parse.edits),
        &parse.after[..]
    );
}
