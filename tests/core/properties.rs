//! Property tests of the tokenizer invariants, the step records and idempotence (docs/rules.md) and the
//! totality of the other core entry points.
//!
//! Every property runs on two input strategies: arbitrary byte strings (0..200 octets) and a
//! URL-shaped generator that glues together delimiters, triplets, frames and FidoURL pieces.
//! The number of cases per property is `PROPTEST_CASES` (default 2000).

use crate::common;

use common::{BASE, all_configs, describe};
use proptest::prelude::*;
use proptest::test_runner::Config;
use urlscope_core::url::notation::encode;
use urlscope_core::url::octets::{fido_decodable, fido_must_encode, is, set, units};
use urlscope_core::url::{Normalizer, remove_dot_segments, tokenize_unframed};
use urlscope_core::{Options, PdfState, Profile, normalize, tokenize};

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    Config::with_cases(cases)
}

/// Pieces the URL-shaped generator draws from.
const PIECES: &[&[u8]] = &[
    b"http",
    b"HTTP",
    b"ftp",
    b"FTP",
    b"file",
    b"FILE",
    b"https",
    b"://",
    b"//",
    b"@",
    b":",
    b"/",
    b";",
    b"?",
    b"&",
    b"=",
    b"#",
    b"%",
    b"%41",
    b"%7e",
    b"%7E",
    b"%2E",
    b"%2e",
    b"%20",
    b"%25",
    b"%2D",
    b"%2d",
    b"%2B",
    b"%3A",
    b"%3a",
    b"%34",
    b"%61",
    b"%23",
    b"%3C",
    b"%22",
    b"%5B",
    b"%5D",
    b"%40",
    b"%3",
    b"%4",
    b"%%",
    b"\n",
    b"\r\n",
    b" ",
    b"<URL:",
    b"<url:",
    b"<",
    b">",
    b"\"",
    b"[",
    b"]",
    b"-",
    b"---",
    b"+",
    b"area://",
    b"fecho://",
    b"areafix:",
    b"netmail:",
    b"..",
    b".",
    b"/./",
    b"/../",
    b"a",
    b"B",
    b"Host",
    b":80",
    b":080",
    b":21",
    b"localhost",
    b"LOCALHOST",
    b"~",
    b"\\",
    b"\xC3\xA4",
    b"\x01",
    b"\x7F",
];

/// Single octets that matter to the rules (hex digits, delimiters, frames, whitespace).
const OCTETS: &[u8] = b"%%%4Aa1fF:/?#<>\"@;&=+-. \n\r[]~";

fn arbitrary() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..200)
}

fn url_shaped() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => prop::sample::select(PIECES).prop_map(|p| p.to_vec()),
        3 => prop::sample::select(OCTETS).prop_map(|b| vec![b]),
        1 => (0x80u8..=0xFF).prop_map(|b| vec![b]),
        1 => "[a-zA-Z0-9]{1,4}".prop_map(String::into_bytes),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Long URL-shaped inputs (up to 400 pieces, some kilobytes) for the skipping fast paths.
fn long_url_shaped() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(url_shaped(), 1..10).prop_map(|v| v.concat())
}

/// A tenth of the cases (at least 50) for the expensive long-input properties.
fn long_config() -> Config {
    Config::with_cases((config().cases / 10).max(50))
}

/// §1.6 and §2.5 on `tokenize` and `tokenize_unframed` (the checks the fuzz targets share).
fn check_spans(x: &[u8]) -> Result<(), TestCaseError> {
    common::check_tokenize(x).map_err(TestCaseError::fail)
}

fn check_steps(x: &[u8]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        let out = normalize(x, p, &o);
        common::check_outcome(x, p, &o, &out).map_err(TestCaseError::fail)?;
        common::check_step_ids(p, &o, &out).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

/// §3.0 idempotence: `normalize(normalize(x)) == normalize(x)`.
fn check_idempotent(x: &[u8], p: Profile, o: &Options) -> Result<(), TestCaseError> {
    common::check_idempotent(x, p, o).map_err(TestCaseError::fail)
}

fn pdf_with_base() -> Options {
    Options {
        base: Some(BASE.to_vec()),
        pdf_state: PdfState::EncodedOnce,
        ..Options::default()
    }
}

fn idem_none(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::None, &Options::default())
}
fn idem_rfc1738(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Rfc1738, &Options::default())
}
/// Hyvätti with an empty alias map (the condition docs/rules.md names).
fn idem_hyvatti(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Hyvatti, &Options::default())
}
/// PDF with a fixed base and EncodedOnce (the condition docs/rules.md names).
fn idem_pdf_base(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Pdf, &pdf_with_base())
}
/// PDF without a base (required by the test brief; docs/rules.md claims idempotence only with a base).
fn idem_fido(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Fido, &Options::default())
}

/// `rfc3986`: idempotent for every input, and the output is a valid RFC 3986 URI reference
/// (the `fluent-uri` crate is the judge).
fn check_rfc3986(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Rfc3986, &Options::default())?;
    let out = normalize(x, Profile::Rfc3986, &Options::default()).output;
    let text = std::str::from_utf8(&out);
    prop_assert!(
        text.is_ok(),
        "rfc3986 output is not ASCII: {}",
        encode(&out)
    );
    let parsed = fluent_uri::UriRef::parse(text.unwrap_or_default());
    prop_assert!(
        parsed.is_ok(),
        "rfc3986 output {} of {} is not a URI reference: {:?}",
        encode(&out),
        encode(x),
        parsed.err()
    );
    Ok(())
}

/// The `whatwg` profile is idempotent: the URL Standard's serialization of a URL parses back to
/// the same URL (its serializer writes `/.` where a path would read back as a host).
fn check_whatwg(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Whatwg, &Options::default())
}

/// The batch `Normalizer`, fresh and reused, against the traced `normalize`.
fn check_normalizer(x: &[u8]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        let traced = normalize(x, p, &o);
        common::check_normalizer(x, None, p, &o, &traced).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

fn check_total(x: &[u8], y: &[u8]) -> Result<(), TestCaseError> {
    let fail = TestCaseError::fail;
    common::check_resolve(x, y).map_err(fail)?;
    common::check_resolve(BASE, x).map_err(fail)?;
    common::check_resolve(x, BASE).map_err(fail)?;
    common::check_dots(x).map_err(fail)?;
    // The joined URL is made of the kept input ranges (and the rest of F1).
    common::check_join(x).map_err(fail)?;
    for parsed in [tokenize(x), tokenize_unframed(x)] {
        common::check_units(x, &parsed).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

// ---- Canonical form of the output (RFC 1738 and FidoURL rules as postconditions) ----

/// The body of an outcome's output (frames removed).
fn output_body(x: &[u8], p: Profile) -> (Vec<u8>, Vec<u8>) {
    let out = normalize(x, p, &Options::default());
    let open = out.frame_open.len();
    let close = out.frame_close.len();
    let body = out.output[open..out.output.len() - close].to_vec();
    (out.output, body)
}

fn upper_hex(s: &[u8], u: &urlscope_core::url::octets::Unit) -> bool {
    !s[u.start + 1..u.end()].iter().any(u8::is_ascii_lowercase)
}

/// RFC 1738 (§3.1): after the pass, every raw octet is alnum, safe or reserved (except the
/// fragment mark), no triplet outside the fragment denotes an alnum or safe octet, and every
/// triplet has uppercase hex.
fn check_rfc1738_canonical(x: &[u8]) -> Result<(), TestCaseError> {
    let (output, s) = output_body(x, Profile::Rfc1738);
    let mut fm = None;
    for u in units(&s) {
        let ctx = || {
            format!(
                "input {} → output {}: unit at {}",
                encode(x),
                encode(&output),
                u.start
            )
        };
        if u.encoded {
            prop_assert!(upper_hex(&s, &u), "{}: lowercase hex (R5)", ctx());
            if fm.is_none() {
                prop_assert!(
                    !is(u.value, set::ALNUM | set::R1738_SAFE),
                    "{}: alnum/safe triplet left encoded (R4)",
                    ctx()
                );
            }
        } else if u.value == b'#' && fm.is_none() {
            fm = Some(u.start);
        } else {
            prop_assert!(
                is(u.value, set::ALNUM | set::R1738_SAFE | set::R1738_RESERVED),
                "{}: raw {:#04x} left unencoded (R1/R2)",
                ctx(),
                u.value
            );
        }
    }
    Ok(())
}

/// FidoURL (§3.4, single-line inputs): no raw must-encode octet but the fragment mark (F3–F5),
/// no decodable triplet or %20 in the SSP (F2, F4), at most one raw `?` in W and no raw `&`
/// before it (F6), no run of three raw `-` after the scheme (F8), uppercase hex (F9).
fn check_fido_canonical(x: &[u8]) -> Result<(), TestCaseError> {
    let (output, s) = output_body(x, Profile::Fido);
    let parsed = tokenize_unframed(&s);
    let after_scheme = parsed.scheme.as_ref().map_or(0, |r| r.end + 1);
    let mut fm = None;
    let mut questions = 0;
    let mut hyphens = 0;
    for u in units(&s) {
        let ctx = || {
            format!(
                "input {} → output {}: unit at {}",
                encode(x),
                encode(&output),
                u.start
            )
        };
        if u.start >= after_scheme {
            hyphens = if !u.encoded && u.value == b'-' {
                hyphens + 1
            } else {
                0
            };
            prop_assert!(hyphens < 3, "{}: three raw '-' (F8)", ctx());
        }
        if u.encoded {
            prop_assert!(upper_hex(&s, &u), "{}: lowercase hex (F9)", ctx());
            if fm.is_none() && u.start >= after_scheme {
                // `%2D` is F8's own output (every third hyphen of a run).
                prop_assert!(
                    u.value == b'-' || !fido_decodable(u.value),
                    "{}: decodable triplet (F2)",
                    ctx()
                );
                prop_assert!(u.value != b' ', "{}: %20 in the SSP (F4)", ctx());
            }
            continue;
        }
        if u.value == b'#' && fm.is_none() {
            fm = Some(u.start);
            continue;
        }
        prop_assert!(
            !fido_must_encode(u.value),
            "{}: raw {:#04x} left unencoded (F3–F5)",
            ctx(),
            u.value
        );
        if fm.is_none() {
            if u.value == b'?' {
                questions += 1;
                prop_assert!(questions <= 1, "{}: second raw '?' (F6)", ctx());
            }
            if u.value == b'&' {
                prop_assert!(questions == 1, "{}: raw '&' outside the query (F6)", ctx());
            }
        }
    }
    Ok(())
}

/// Hyvätti (§3.2): no `#` survives H1, no raw octet of `HYV_ENCODE_RAW` survives H3, and a
/// triplet outside `HYV_KEEP_ENCODED` survives only as the core's documented guard against
/// completing a new triplet with an invalid `%` (a hex-digit value; see commit a71c236).
fn check_hyvatti_canonical(x: &[u8]) -> Result<(), TestCaseError> {
    let (output, s) = output_body(x, Profile::Hyvatti);
    for u in units(&s) {
        let ctx = || {
            format!(
                "input {} → output {}: unit at {}",
                encode(x),
                encode(&output),
                u.start
            )
        };
        if u.encoded {
            prop_assert!(
                is(u.value, set::HYV_KEEP_ENCODED) || u.value.is_ascii_hexdigit(),
                "{}: triplet %{:02X} not decoded (H3)",
                ctx(),
                u.value
            );
        } else {
            prop_assert!(u.value != b'#', "{}: raw '#' after H1", ctx());
            prop_assert!(
                !is(u.value, set::HYV_ENCODE_RAW),
                "{}: raw {:#04x} not encoded (H3)",
                ctx(),
                u.value
            );
        }
    }
    Ok(())
}

/// PDF with the fixed base and EncodedOnce (§3.3): the output is absolute, has no `#` (P2), a
/// lowercase scheme (P3), a lowercase host (P4), no default port (P6) and no complete `.`/`..`
/// segment that D would remove (P7).
fn check_pdf_canonical(x: &[u8]) -> Result<(), TestCaseError> {
    let o = pdf_with_base();
    let out = normalize(x, Profile::Pdf, &o);
    let open = out.frame_open.len();
    let s = &out.output[open..out.output.len() - out.frame_close.len()];
    let ctx = || format!("input {} → output {}", encode(x), encode(&out.output));
    prop_assert!(!s.contains(&b'#'), "{}: '#' after P2", ctx());
    let p = tokenize_unframed(s);
    let Some(scheme) = p.scheme.clone() else {
        return Err(TestCaseError::fail(format!("{}: relative after P1", ctx())));
    };
    let scheme = &s[scheme];
    prop_assert!(
        !scheme.iter().any(u8::is_ascii_uppercase),
        "{}: scheme case (P3)",
        ctx()
    );
    let areatag = [&b"area"[..], b"fecho", b"areafix"].contains(&scheme);
    if let (Some(h), false) = (p.host.clone(), areatag) {
        prop_assert!(
            !s[h].iter().any(u8::is_ascii_uppercase),
            "{}: host case (P4)",
            ctx()
        );
    }
    if let Some(port) = p.port.clone() {
        let port = &s[port];
        let digits = !port.is_empty() && port.iter().all(u8::is_ascii_digit);
        let trimmed: Vec<u8> = port.iter().copied().skip_while(|&c| c == b'0').collect();
        let default = match scheme {
            b"http" => Some(&b"80"[..]),
            b"ftp" => Some(&b"21"[..]),
            _ => None,
        };
        prop_assert!(
            !(digits && default == Some(&trimmed[..])),
            "{}: default port kept (P6)",
            ctx()
        );
    }
    let path = &s[p.path.clone()];
    let clean = remove_dot_segments(path);
    // P7 stands aside only where the result would read as an authority (docs/departures.md,
    // "Where urlscope departs from a literal reading of its sources").
    let stands_aside = p.authority.is_none()
        && p.path.start == p.ssp.start
        && clean.starts_with(b"//")
        && out.steps.iter().any(|st| {
            st.step == "remove-dot-segments"
                && matches!(st.status, urlscope_core::url::StepStatus::NotApplicable(_))
        });
    if !stands_aside {
        prop_assert_eq!(
            encode(&clean),
            encode(path),
            "{}: path not dot-normalized (P7)",
            ctx()
        );
    }
    Ok(())
}

/// One normalizer reused over a sequence of inputs answers like a fresh traced run each time.
fn check_normalizer_sequence(xs: &[Vec<u8>]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        let mut n = Normalizer::new(p, o.clone());
        for x in xs {
            let traced = normalize(x, p, &o);
            let mut out = Vec::new();
            let flags = n.normalize_into(x, &mut out).to_vec();
            prop_assert_eq!(
                encode(&out),
                encode(&traced.output),
                "{}: reused Normalizer on {} after {:?}",
                describe(p, &o),
                encode(x),
                xs.iter().map(|x| encode(x)).collect::<Vec<_>>()
            );
            prop_assert_eq!(flags, traced.flags, "{}: flags differ", describe(p, &o));
        }
    }
    Ok(())
}

fn check_long(x: &[u8]) -> Result<(), TestCaseError> {
    check_steps(x)?;
    check_normalizer(x)?;
    idem_none(x)?;
    idem_rfc1738(x)?;
    idem_hyvatti(x)?;
    idem_pdf_base(x)?;
    idem_fido(x)?;
    check_rfc1738_canonical(x)?;
    check_hyvatti_canonical(x)?;
    check_pdf_canonical(x)?;
    check_fido_canonical(x)
}

macro_rules! both_strategies {
    ($arb:ident, $url:ident, $check:ident) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $arb(x in arbitrary()) { $check(&x)?; }
            #[test]
            fn $url(x in url_shaped()) { $check(&x)?; }
        }
    };
}

both_strategies!(spans_arbitrary, spans_url_shaped, check_spans);
both_strategies!(steps_arbitrary, steps_url_shaped, check_steps);
both_strategies!(
    idempotence_none_arbitrary,
    idempotence_none_url_shaped,
    idem_none
);
both_strategies!(
    idempotence_rfc1738_arbitrary,
    idempotence_rfc1738_url_shaped,
    idem_rfc1738
);
both_strategies!(
    idempotence_hyvatti_arbitrary,
    idempotence_hyvatti_url_shaped,
    idem_hyvatti
);
both_strategies!(
    idempotence_pdf_base_arbitrary,
    idempotence_pdf_base_url_shaped,
    idem_pdf_base
);
both_strategies!(
    idempotence_fido_arbitrary,
    idempotence_fido_url_shaped,
    idem_fido
);
both_strategies!(
    rfc3986_idempotent_and_valid_arbitrary,
    rfc3986_idempotent_and_valid_url_shaped,
    check_rfc3986
);
both_strategies!(
    idempotence_whatwg_arbitrary,
    idempotence_whatwg_url_shaped,
    check_whatwg
);
both_strategies!(
    normalizer_arbitrary,
    normalizer_url_shaped,
    check_normalizer
);

proptest! {
    #![proptest_config(config())]
    #[test]
    fn total_arbitrary(x in arbitrary(), y in arbitrary()) { check_total(&x, &y)?; }
    #[test]
    fn total_url_shaped(x in url_shaped(), y in url_shaped()) { check_total(&x, &y)?; }
}

both_strategies!(
    rfc1738_canonical_arbitrary,
    rfc1738_canonical_url_shaped,
    check_rfc1738_canonical
);
both_strategies!(
    fido_canonical_arbitrary,
    fido_canonical_url_shaped,
    check_fido_canonical
);
both_strategies!(
    hyvatti_canonical_arbitrary,
    hyvatti_canonical_url_shaped,
    check_hyvatti_canonical
);
both_strategies!(
    pdf_canonical_arbitrary,
    pdf_canonical_url_shaped,
    check_pdf_canonical
);

proptest! {
    #![proptest_config(config())]
    #[test]
    fn normalizer_sequence_url_shaped(xs in prop::collection::vec(url_shaped(), 1..6)) {
        check_normalizer_sequence(&xs)?;
    }
}

proptest! {
    #![proptest_config(long_config())]
    /// Step records, Normalizer agreement, idempotence (the configurations docs/rules.md names) and canonical form
    /// on long inputs.
    #[test]
    fn long_url_shaped_inputs(x in long_url_shaped()) { check_long(&x)?; }
    #[test]
    fn long_spans(x in long_url_shaped()) { check_spans(&x)?; }
}

/// docs/rules.md claims idempotence for PDF only with a fixed base: without one, a relative
/// reference can turn into something else on a second run (dot removal exposes a scheme; a
/// stripped fragment uncovers a frame). This pins that documented caveat.
#[test]
fn pdf_without_base_is_outside_the_idempotence_claim() {
    for x in [&b"%/../A:80"[..], b"<HTTP://A/>#x", b"./HTTP://"] {
        let once = normalize(x, Profile::Pdf, &Options::default()).output;
        let twice = normalize(&once, Profile::Pdf, &Options::default()).output;
        assert_ne!(once, twice, "{:?}", String::from_utf8_lossy(x));
    }
}
