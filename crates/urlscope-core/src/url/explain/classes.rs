//! The texts of today's classes: C-3986 (RFC 3986 §2.1–§2.4) and C-WHATWG (the URL
//! Standard's percent-encode sets, §1.3). `explain::class` asks here first.

use crate::explain::Explanation;
use crate::url::Classification;
use crate::url::classes::Class;
use crate::url::classes::modern::PctSet;

const RFC3986_21: &str = "RFC 3986 §2.1";
const RFC3986_22: &str = "RFC 3986 §2.2";
const RFC3986_23: &str = "RFC 3986 §2.3";
const RFC3986_24: &str = "RFC 3986 §2.4";
const RFC3986_2: &str = "RFC 3986 §2, §2.4";
const RFC3986_NON_ASCII: &str = "RFC 3986 §2.4, §2.5; RFC 3987 §3.1";
const URL_STANDARD: &str = "URL Standard §1.3 (percent-encoded bytes)";

/// The explanation of `class` when it is one of today's classes (or non-ASCII under C-3986).
pub(crate) fn modern(class: Class, classification: Classification) -> Option<Explanation> {
    use Class::*;
    let (text, source) = match class {
        Unreserved => (
            "RFC 3986 §2.3: letters, digits and '-' '.' '_' '~' are unreserved; they never need encoding, and a %XX of one is equivalent to the character itself.",
            RFC3986_23,
        ),
        GenDelim => (
            "RFC 3986 §2.2: ':' '/' '?' '#' '[' ']' '@' are gen-delims, which delimit the URI's components; as data in a component where they delimit, they must be percent-encoded.",
            RFC3986_22,
        ),
        SubDelim => (
            "RFC 3986 §2.2: '!' '$' '&' ''' '(' ')' '*' '+' ',' ';' '=' are sub-delims, which a scheme may use to delimit subcomponents; encoding one changes what the URI says.",
            RFC3986_22,
        ),
        PctEncoded => (
            match classification {
                Classification::CWhatwg => {
                    "URL Standard §1.3: a %XX triplet is a percent-encoded byte; the parser keeps it exactly as written (it never decodes or re-encodes one)."
                }
                _ => {
                    "RFC 3986 §2.1: '%' and two hexadecimal digits stand for one octet; §2.4: only the octet's own meaning survives, so decode only unreserved ones."
                }
            },
            match classification {
                Classification::CWhatwg => URL_STANDARD,
                _ => RFC3986_21,
            },
        ),
        PctEncodedBroken => (
            match classification {
                Classification::CWhatwg => {
                    "URL Standard §1.3: this '%' starts no percent-encoded byte; the parser keeps it as it is and reports an invalid-URL-unit validation error."
                }
                _ => {
                    "RFC 3986 §2.1: '%' must start a %XX triplet; §2.4: a '%' that is data must itself be written %25."
                }
            },
            match classification {
                Classification::CWhatwg => URL_STANDARD,
                _ => RFC3986_24,
            },
        ),
        NotAllowed => (
            "RFC 3986 §2: this character (a control, space, or one of '\"' '<' '>' '\\' '^' '`' '{' '|' '}') belongs to no class of the URI syntax; it can appear only percent-encoded.",
            RFC3986_2,
        ),
        NonAscii if classification == Classification::C3986 => (
            "RFC 3986 §2.5: a URI is ASCII; an octet 80–FF (as UTF-8 text is, RFC 3987 §3.1) can appear only percent-encoded.",
            RFC3986_NON_ASCII,
        ),
        Whatwg { set, encoded } => (whatwg_text(set, encoded), URL_STANDARD),
        _ => return None,
    };
    Some(Explanation {
        id: class.name(),
        text,
        source,
    })
}

macro_rules! set_texts {
    ($set:literal, $where:literal) => {
        (
            concat!(
                "URL Standard §1.3: the parser writes ",
                $where,
                " with the ",
                $set,
                " percent-encode set, which holds this byte: it is percent-encoded here."
            ),
            concat!(
                "URL Standard §1.3: the parser writes ",
                $where,
                " with the ",
                $set,
                " percent-encode set, which does not hold this byte: it stays as it is here."
            ),
        )
    };
}

fn whatwg_text(set: Option<PctSet>, encoded: bool) -> &'static str {
    let (yes, no) = match set {
        None => {
            return "URL Standard §1.3: no percent-encode set applies here (scheme, port, a special URL's host, a delimiter): the parser percent-encodes nothing in this place.";
        }
        Some(PctSet::C0Control) => set_texts!("C0 control", "an opaque path or host"),
        Some(PctSet::Fragment) => set_texts!("fragment", "the fragment"),
        Some(PctSet::Query) => set_texts!("query", "a non-special URL's query"),
        Some(PctSet::SpecialQuery) => set_texts!("special-query", "a special URL's query"),
        Some(PctSet::Path) => set_texts!("path", "a path segment"),
        Some(PctSet::Userinfo) => set_texts!("userinfo", "the username and password"),
        Some(PctSet::Component) => set_texts!("component", "this component"),
    };
    if encoded { yes } else { no }
}
