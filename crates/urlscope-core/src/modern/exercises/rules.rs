//! For one octet of an exercise's text: encode it or not, and the rule that says so, under each
//! rule set and in each component.

use super::{Part, RuleSet};
use crate::url::classes::modern::PctSet;
use crate::url::syntax::octets;

/// A rule, cited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Why {
    pub id: &'static str,
    pub text: &'static str,
    pub source: &'static str,
}

const fn why(id: &'static str, text: &'static str, source: &'static str) -> Why {
    Why { id, text, source }
}

/// The decision for one octet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub value: u8,
    pub encode: bool,
    /// Encoding the octet anyway is a mistake under this rule set (RFC 3986 §2.3, the WHATWG
    /// serializers); RFC 1738 allows any octet to be encoded.
    pub needless_is_wrong: bool,
    /// Space written `+` (the WHATWG form serializer).
    pub plus: bool,
    pub why: Why,
}

impl Decision {
    /// The expected token: the octet, its triplet, or `+`.
    pub fn token(&self) -> String {
        if self.plus {
            "+".into()
        } else if self.encode {
            String::from_utf8(octets::encoded(self.value).to_vec()).unwrap_or_default()
        } else {
            char::from(self.value).to_string()
        }
    }
}

const R1738_UNSAFE: Why = why(
    "rfc1738-unsafe",
    "RFC 1738 §2.2: space, < > \" # % { } | \\ ^ ~ [ ] ` are unsafe: \"All unsafe characters must always be encoded\".",
    "RFC 1738 §2.2",
);
const R1738_CONTROL: Why = why(
    "rfc1738-control",
    "RFC 1738 §2.2: octets 00–1F and 7F are control characters and must be encoded.",
    "RFC 1738 §2.2",
);
const R1738_NON_ASCII: Why = why(
    "rfc1738-non-ascii",
    "RFC 1738 §2.2: octets 80–FF are not used in US-ASCII and must be encoded.",
    "RFC 1738 §2.2",
);
const R1738_RESERVED: Why = why(
    "rfc1738-reserved-as-data",
    "RFC 1738 §2.2: ; / ? : @ = & are reserved; used as data they must be encoded.",
    "RFC 1738 §2.2",
);
const R1738_KEEP: Why = why(
    "rfc1738-safe",
    "RFC 1738 §2.2: letters, digits and $-_.+!*'(), may be used unencoded (encoding them is allowed).",
    "RFC 1738 §2.2",
);
const R3986_NOT_ALLOWED: Why = why(
    "rfc3986-not-allowed",
    "RFC 3986 §2.1, §2.4: this character is in no class of the URI syntax; it can appear only percent-encoded.",
    "RFC 3986 §2.1, §2.4",
);
const R3986_NON_ASCII: Why = why(
    "rfc3986-non-ascii",
    "RFC 3986 §2.5: text is encoded as UTF-8 and each octet 80–FF percent-encoded.",
    "RFC 3986 §2.5",
);
const R3986_PERCENT: Why = why(
    "rfc3986-percent",
    "RFC 3986 §2.4: a '%' that is data must be written %25, or it starts a triplet.",
    "RFC 3986 §2.4",
);
const R3986_DELIMITER: Why = why(
    "rfc3986-delimiter-as-data",
    "RFC 3986 §2.2: this reserved character delimits the component (§3.2.1 userinfo, §3.3 segments, §3.4 query pairs, §3.5 fragment); as data it must be percent-encoded.",
    "RFC 3986 §2.2, §3",
);
const R3986_UNRESERVED: Why = why(
    "rfc3986-unreserved",
    "RFC 3986 §2.3: unreserved characters should not be percent-encoded; URI producers should leave them as they are.",
    "RFC 3986 §2.3",
);
const R3986_ALLOWED: Why = why(
    "rfc3986-allowed-here",
    "RFC 3986 §3: this sub-delim, ':' or '@' is allowed as it is in this component; encoding it changes how some readers split the URI.",
    "RFC 3986 §2.2, §3",
);
const WHATWG_SET: Why = why(
    "whatwg-in-set",
    "URL Standard §1.3: the component's percent-encode set holds this byte (for a path segment the path set and '/', for the fragment the fragment set, for the user name the userinfo set); it is written %XX.",
    "URL Standard §1.3",
);
const WHATWG_NOT_IN_SET: Why = why(
    "whatwg-not-in-set",
    "URL Standard §1.3: the component's percent-encode set does not hold this byte; the serializer writes it as it is.",
    "URL Standard §1.3",
);
const WHATWG_FORM: Why = why(
    "whatwg-form",
    "URL Standard §5.2 (application/x-www-form-urlencoded): only letters, digits and * - . _ stay; a space becomes '+'; every other byte is written %XX.",
    "URL Standard §5.2",
);
const WHATWG_PERCENT: Why = why(
    "whatwg-percent-data",
    "URL Standard §1.3: a '%' that is data must be written %25 (the parser keeps a '%' it reads as the start of a triplet).",
    "URL Standard §1.3",
);
const NOT_IN_TEXT: Why = why(
    "not-in-text",
    "This does not stand for any character of the text: remove it.",
    "the exercise",
);

pub(super) fn not_in_text() -> Why {
    NOT_IN_TEXT
}

/// The decision for octet `v` of the text in `part` under `rules`.
pub fn decide(rules: RuleSet, part: Part, v: u8) -> Decision {
    let d = |encode, needless_is_wrong, why| Decision {
        value: v,
        encode,
        needless_is_wrong,
        plus: false,
        why,
    };
    match rules {
        RuleSet::Rfc1738 => {
            if v.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&v) {
                d(false, false, R1738_KEEP)
            } else if b";/?:@=&".contains(&v) {
                d(true, false, R1738_RESERVED)
            } else if v < 0x20 || v == 0x7F {
                d(true, false, R1738_CONTROL)
            } else if v >= 0x80 {
                d(true, false, R1738_NON_ASCII)
            } else {
                d(true, false, R1738_UNSAFE)
            }
        }
        RuleSet::Rfc3986 => {
            let unreserved = v.is_ascii_alphanumeric() || b"-._~".contains(&v);
            let sub_delim = b"!$&'()*+,;=".contains(&v);
            let allowed = match part {
                Part::PathSegment => sub_delim || v == b':' || v == b'@',
                // `&`, `=` and `+` delimit pairs (and `+` is a space to form readers).
                Part::QueryValue => (sub_delim || b":@/?".contains(&v)) && !b"&=+".contains(&v),
                Part::Fragment => sub_delim || b":@/?".contains(&v),
                Part::Username => sub_delim,
            };
            if unreserved {
                d(false, true, R3986_UNRESERVED)
            } else if allowed {
                d(false, false, R3986_ALLOWED)
            } else if v == b'%' {
                d(true, false, R3986_PERCENT)
            } else if v >= 0x80 {
                d(true, false, R3986_NON_ASCII)
            } else if b":/?#[]@".contains(&v) || sub_delim {
                d(true, false, R3986_DELIMITER)
            } else {
                d(true, false, R3986_NOT_ALLOWED)
            }
        }
        RuleSet::Whatwg => {
            if v == b'%' {
                return d(true, false, WHATWG_PERCENT);
            }
            if part == Part::QueryValue {
                let keep = v.is_ascii_alphanumeric() || b"*-._".contains(&v);
                return Decision {
                    plus: v == b' ',
                    ..d(!keep, true, WHATWG_FORM)
                };
            }
            let encode = match part {
                Part::PathSegment => PctSet::Path.contains(v) || v == b'/',
                Part::Fragment => PctSet::Fragment.contains(v),
                _ => PctSet::Userinfo.contains(v),
            };
            d(
                encode,
                true,
                if encode {
                    WHATWG_SET
                } else {
                    WHATWG_NOT_IN_SET
                },
            )
        }
    }
}
