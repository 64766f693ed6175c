//! The edit core on any octets: `set_component` never panics nor lets a control octet of a
//! value through raw, and a text value written with
//! `Encode::Encoded` reads back (percent-decoded from the component the tokenizer finds) as
//! exactly the value, with every other component unchanged.

use proptest::prelude::*;
use urlscope_core::modern::{EditRules, Encode, Target, clear_component, set_component};
use urlscope_core::tokenize;
use urlscope_core::url::Component;

fn decoded(x: &[u8], c: Component) -> Option<Vec<u8>> {
    let p = tokenize(x);
    let r = p.component(c)?;
    Some(
        urlscope_core::url::octets::units_in(x, r)
            .map(|u| u.value)
            .collect(),
    )
}

const TEXT_TARGETS: [(Target, Component); 4] = [
    (Target::User, Component::User),
    (Target::Password, Component::Password),
    (Target::Query, Component::Query),
    (Target::Fragment, Component::Fragment),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_octets_never_panic(url in prop::collection::vec(any::<u8>(), 0..40),
                              value in prop::collection::vec(any::<u8>(), 0..20)) {
        for rules in EditRules::ALL {
            for (_, t) in Target::COMPONENTS {
                for mode in [Encode::Encoded, Encode::AsWritten] {
                    // No control octet of the value reaches the URL raw (`href` takes the
                    // value as the whole URL, verbatim).
                    if let Ok(e) = set_component(&url, t, &value, mode, rules)
                        && t != Target::Href
                    {
                        let controls = |s: &[u8]| s.iter().filter(|&&b| b < 0x20).count();
                        prop_assert!(controls(&e.url) <= controls(&url), "{:?} {:?} {:?}", t, mode, rules);
                    }
                }
                let _ = clear_component(&url, t, rules);
            }
        }
    }

    #[test]
    fn text_values_read_back(value in prop::collection::vec(any::<u8>(), 0..24),
                             rules in prop::sample::select(vec![EditRules::Rfc3986, EditRules::Rfc1738])) {
        let base = b"http://u:p@h:8/a/b?q=1#f";
        for (t, c) in TEXT_TARGETS {
            let e = set_component(base, t, &value, Encode::Encoded, rules).unwrap();
            prop_assert_eq!(decoded(&e.url, c), Some(value.clone()), "{:?}", t);
            for other in [Component::Scheme, Component::Host, Component::Port, Component::Path] {
                prop_assert_eq!(decoded(&e.url, other), decoded(base, other), "{:?} moved {:?}", t, other);
            }
        }
    }
}
