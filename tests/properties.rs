//! Property tests of SPEC §1.6 (tokenizer invariants), §3.0 (step records, idempotence) and the
//! totality of the other core entry points.
//!
//! Every property runs on two input strategies: arbitrary byte strings (0..200 octets) and a
//! URL-shaped generator that glues together delimiters, triplets, frames and FidoURL pieces.
//! The number of cases per property is `PROPTEST_CASES` (default 2000).

mod common;

use common::{BASE, all_configs, describe};
use proptest::prelude::*;
use proptest::test_runner::Config;
use urlscope::url::notation::encode;
use urlscope::url::{
    Normalizer, Options, PdfState, Profile, fido_join, normalize, remove_dot_segments, resolve,
    tokenize, tokenize_unframed,
};

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

fn check_spans(x: &[u8]) -> Result<(), TestCaseError> {
    let parsed = common::check_spans(x).map_err(TestCaseError::fail)?;
    common::check_units(x, &parsed).map_err(TestCaseError::fail)
}

fn check_steps(x: &[u8]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        let out = normalize(x, p, &o);
        common::check_outcome(x, p, &o, &out).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

/// §3.0 idempotence: `normalize(normalize(x)) == normalize(x)`.
fn check_idempotent(x: &[u8], p: Profile, o: &Options) -> Result<(), TestCaseError> {
    let once = normalize(x, p, o).output;
    let twice = normalize(&once, p, o).output;
    prop_assert_eq!(
        encode(&twice),
        encode(&once),
        "{} not idempotent on input {}",
        describe(p, o),
        encode(x)
    );
    Ok(())
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
/// Hyvätti with an empty alias map (the SPEC's condition).
fn idem_hyvatti(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Hyvatti, &Options::default())
}
/// PDF with a fixed base and EncodedOnce (the SPEC's condition).
fn idem_pdf_base(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Pdf, &pdf_with_base())
}
/// PDF without a base (required by the test brief; SPEC §3.0 claims idempotence only with a base).
fn idem_pdf_no_base(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Pdf, &Options::default())
}
fn idem_fido(x: &[u8]) -> Result<(), TestCaseError> {
    check_idempotent(x, Profile::Fido, &Options::default())
}

fn check_normalizer(x: &[u8]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        let traced = normalize(x, p, &o);
        let mut n = Normalizer::new(p, o.clone());
        let mut out = b"prefix".to_vec();
        let flags = n.normalize_into(x, &mut out).to_vec();
        prop_assert_eq!(&out[..6], b"prefix", "normalize_into must append");
        prop_assert_eq!(
            encode(&out[6..]),
            encode(&traced.output),
            "{}: Normalizer::normalize_into != normalize",
            describe(p, &o)
        );
        prop_assert_eq!(
            flags,
            traced.flags.clone(),
            "{}: flags differ",
            describe(p, &o)
        );
        // A reused normalizer gives the same answer again.
        let mut again = Vec::new();
        n.normalize_into(x, &mut again);
        prop_assert_eq!(
            encode(&again),
            encode(&traced.output),
            "{}: reuse differs",
            describe(p, &o)
        );
    }
    Ok(())
}

fn check_total(x: &[u8], y: &[u8]) -> Result<(), TestCaseError> {
    let _ = resolve(x, y);
    let _ = resolve(BASE, x);
    let _ = resolve(x, BASE);
    let _ = remove_dot_segments(x);
    if let Some(j) = fido_join(x) {
        // The joined URL is made of the kept input ranges.
        let mut kept = Vec::new();
        for r in &j.kept {
            kept.extend_from_slice(&x[r.clone()]);
        }
        prop_assert_eq!(encode(&kept), encode(&j.output));
    }
    for parsed in [tokenize(x), tokenize_unframed(x)] {
        common::check_units(x, &parsed).map_err(TestCaseError::fail)?;
    }
    Ok(())
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
    idempotence_pdf_no_base_arbitrary,
    idempotence_pdf_no_base_url_shaped,
    idem_pdf_no_base
);
both_strategies!(
    idempotence_fido_arbitrary,
    idempotence_fido_url_shaped,
    idem_fido
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
