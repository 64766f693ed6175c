//! For one octet of an encoding exercise's text: encode it or not, and the rule that says so,
//! under each rule set and in each component. Whether to encode is the value editor's encoder's
//! decision (`edit::encode::write`, what `urlscope set` writes), so an exercise never expects
//! what the tool itself would not write; this module only names the rule behind it.

use std::borrow::Cow;

use super::{Part, RuleSet};
use crate::modern::edit::{self, Encode};
use crate::url::syntax::octets;

/// A rule, cited.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Why {
    pub id: Cow<'static, str>,
    pub text: Cow<'static, str>,
    pub source: Cow<'static, str>,
}

const fn why(id: &'static str, text: &'static str, source: &'static str) -> Why {
    Why {
        id: Cow::Borrowed(id),
        text: Cow::Borrowed(text),
        source: Cow::Borrowed(source),
    }
}

/// The decision for one octet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decision {
    pub value: u8,
    pub encode: bool,
    /// Encoding the octet anyway is a mistake under this rule set (RFC 3986 §2.3, the WHATWG
    /// serializers); RFC 1738 allows any octet to be encoded.
    pub needless_is_wrong: bool,
    pub why: Why,
}

impl Decision {
    /// The expected token: the octet, its triplet, or `+`.
    pub(crate) fn token(&self) -> String {
        if self.encode {
            String::from_utf8(octets::encoded(self.value).to_vec()).unwrap_or_default()
        } else {
            char::from(self.value).to_string()
        }
    }
}

const R1738_UNSAFE: Why = why(
    "rfc1738-unsafe",
    "RFC 1738 §2.2: space, < > \" # % { } | \\ ^ ~ [ ] ` are unsafe: \"All unsafe characters must always be encoded within a URL\".",
    "RFC 1738 §2.2",
);
const R1738_CONTROL: Why = why(
    "rfc1738-control",
    "RFC 1738 §2.2: \"the octets 00-1F and 7F hexadecimal represent control characters; these must be encoded.\"",
    "RFC 1738 §2.2",
);
const R1738_NON_ASCII: Why = why(
    "rfc1738-non-ascii",
    "RFC 1738 §2.2: \"The octets 80-FF hexadecimal are not used in US-ASCII\"; they must be encoded.",
    "RFC 1738 §2.2",
);
const R1738_RESERVED: Why = why(
    "rfc1738-reserved-as-data",
    "RFC 1738 §2.2: \"If the character corresponding to an octet is reserved in a scheme, the octet must be encoded\": raw, this one would end the component or split it.",
    "RFC 1738 §2.2",
);
const R1738_NOT_IN_PRODUCTION: Why = why(
    "rfc1738-not-in-production",
    "RFC 1738 §5: the http production for this component does not list this reserved character, so as data it is encoded.",
    "RFC 1738 §5",
);
const R1738_KEEP: Why = why(
    "rfc1738-safe",
    "RFC 1738 §2.2: \"only alphanumerics, the special characters \"$-_.+!*'(),\", and reserved characters used for their reserved purposes may be used unencoded\" (encoding them is allowed).",
    "RFC 1738 §2.2",
);
const R1738_ALLOWED_HERE: Why = why(
    "rfc1738-allowed-here",
    "RFC 1738 §5: the http production for this component (hsegment, search, user) lets this reserved character stand raw.",
    "RFC 1738 §5",
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
    "RFC 3986 §3: this sub-delim, ':', '@', '/' or '?' is allowed as it is in this component; encoding it changes how some readers split the URI.",
    "RFC 3986 §2.2, §3",
);
const WHATWG_SET: Why = why(
    "whatwg-in-set",
    "URL Standard §1.3: the component's percent-encode set holds this byte (the path set for a segment, the query set for a query value, the fragment set, the userinfo set); it is written %XX.",
    "URL Standard §1.3",
);
const WHATWG_STRUCTURE: Why = why(
    "whatwg-delimiter-as-data",
    "URL Standard §4.4: the parser reads this byte as the component's delimiter ('/' between segments; '&', '=' and '+' in a pair, which form decoding splits or reads as a space; ':' and '@' in userinfo); as data it is written %XX.",
    "URL Standard §4.4, §5.1",
);
const WHATWG_NOT_IN_SET: Why = why(
    "whatwg-not-in-set",
    "URL Standard §1.3: the component's percent-encode set does not hold this byte; the serializer writes it as it is.",
    "URL Standard §1.3",
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

impl Part {
    /// The value editor's target for the part.
    pub fn target(self) -> edit::Target {
        match self {
            Part::PathSegment => edit::Target::Segment,
            Part::QueryValue => edit::Target::QueryValue,
            Part::Fragment => edit::Target::Fragment,
            Part::Username => edit::Target::User,
        }
    }
}

impl RuleSet {
    /// The value editor's rule set of the same name.
    pub(crate) fn edit_rules(self) -> edit::EditRules {
        match self {
            RuleSet::Rfc1738 => edit::EditRules::Rfc1738,
            RuleSet::Rfc3986 => edit::EditRules::Rfc3986,
            RuleSet::Whatwg => edit::EditRules::Whatwg,
        }
    }
}

/// What the engine writes for `text` as data in `part` under `rules`: the value editor's
/// encoder, the same `urlscope set` uses.
pub(crate) fn engine_encode(rules: RuleSet, part: Part, text: &[u8]) -> Vec<u8> {
    edit::encode::write(text, part.target(), Encode::Encoded, rules.edit_rules()).octets
}

/// The decision for octet `v` of the text in `part` under `rules`.
pub(crate) fn decide(rules: RuleSet, part: Part, v: u8) -> Decision {
    let encode = engine_encode(rules, part, &[v]).len() == 3;
    let structural = edit::encode::structural(part.target(), v);
    let d = |needless_is_wrong, why| Decision {
        value: v,
        encode,
        needless_is_wrong,
        why,
    };
    match rules {
        RuleSet::Rfc1738 => {
            let safe = v.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&v);
            let reserved = b";/?:@=&".contains(&v);
            if !encode {
                d(false, if safe { R1738_KEEP } else { R1738_ALLOWED_HERE })
            } else if v < 0x20 || v == 0x7F {
                d(false, R1738_CONTROL)
            } else if v >= 0x80 {
                d(false, R1738_NON_ASCII)
            } else if structural {
                d(false, R1738_RESERVED)
            } else if reserved {
                d(false, R1738_NOT_IN_PRODUCTION)
            } else {
                d(false, R1738_UNSAFE)
            }
        }
        RuleSet::Rfc3986 => {
            let unreserved = v.is_ascii_alphanumeric() || b"-._~".contains(&v);
            if unreserved {
                d(true, R3986_UNRESERVED)
            } else if !encode {
                d(false, R3986_ALLOWED)
            } else if v == b'%' {
                d(false, R3986_PERCENT)
            } else if v >= 0x80 {
                d(false, R3986_NON_ASCII)
            } else if structural || b":/?#[]@!$&'()*+,;=".contains(&v) {
                d(false, R3986_DELIMITER)
            } else {
                d(false, R3986_NOT_ALLOWED)
            }
        }
        RuleSet::Whatwg => {
            if v == b'%' {
                d(false, WHATWG_PERCENT)
            } else if structural {
                d(false, WHATWG_STRUCTURE)
            } else if encode {
                d(true, WHATWG_SET)
            } else {
                d(true, WHATWG_NOT_IN_SET)
            }
        }
    }
}
