//! Properties of urlscope's URL Standard parser on arbitrary input: no panic, a trace that only
//! observes and whose offsets are the input's, and a serialization that parses back to itself.

use proptest::prelude::*;
use urlscope_core::whatwg::{parse, parse_traced};

/// Strings built from the code points the parser treats specially, and some others.
fn url_like() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "http:",
        "file:",
        "sc:",
        "HTTPS:",
        "/",
        "\\",
        "//",
        "@",
        ":",
        "?",
        "#",
        "[",
        "]",
        ".",
        "..",
        "%2e",
        "%",
        "%41",
        "a",
        "B",
        "1",
        "0x",
        " ",
        "\t",
        "\n",
        "\u{0}",
        "ü",
        "ｅ",
        "C|",
        "c:",
        "xn--",
        "::1",
        "255",
        "localhost",
        "\u{fffd}",
        "💩",
    ]);
    prop::collection::vec(atoms, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn a_parse_never_panics_and_its_trace_only_observes(input in url_like()) {
        let plain = parse(&input, None);
        let (traced, trace) = parse_traced(&input, None);
        prop_assert_eq!(&plain, &traced);
        for r in &trace.reads {
            prop_assert!(r.start < r.end && r.end <= input.len());
            prop_assert!(input.is_char_boundary(r.start) && input.is_char_boundary(r.end));
        }
        for c in &trace.changes {
            prop_assert!(c.input.start <= c.input.end && c.input.end <= input.len());
        }
        if let Err(f) = plain {
            prop_assert!(f.at <= input.len());
        }
    }

    #[test]
    fn a_serialization_parses_back_to_itself(input in url_like()) {
        if let Ok(url) = parse(&input, None) {
            let href = url.href();
            let again = parse(&href, None).map(|u| u.href());
            prop_assert_eq!(again.as_deref(), Ok(href.as_str()));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(input in any::<String>()) {
        let _ = parse(&input, None);
        let _ = parse_traced(&input, None);
    }
}
