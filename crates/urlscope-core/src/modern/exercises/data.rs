//! The exercises, easiest first. Texts come from the sources (RFC 1738, Hyvätti's list, the
//! URL编码 tutorial, the PDF Reference, FidoURL) and from the modern rules' own examples; the
//! expected answers are computed (`Exercise::answer`).

use super::{Exercise, Part, RuleSet};

const fn ex(
    id: &'static str,
    level: u8,
    text: &'static str,
    part: Part,
    rules: RuleSet,
    source: &'static str,
) -> Exercise {
    Exercise {
        id,
        level,
        text,
        part,
        rules,
        source,
    }
}

use Part::*;
use RuleSet::*;

const R1738: &str = "RFC 1738 §2.2";
const HYV: &str = "Hyvätti 1996 (robots list)";
const SEED001: &str = "URL编码 (an RFC 2396 tutorial)";
const PDF: &str = "PDF Reference, ch. 10 'URL Strings'";
const FIDO: &str = "FidoURL (2007)";
const R3986: &str = "RFC 3986";
const WHATWG: &str = "WHATWG URL Standard";

/// At least 30, in order of difficulty (level, then as listed).
pub static EXERCISES: [Exercise; 33] = [
    // 1: one space or one unsafe character.
    ex("e01", 1, "my file", PathSegment, Rfc1738, R1738),
    ex("e02", 1, "my file", PathSegment, Rfc3986, R3986),
    ex("e03", 1, "my file", PathSegment, Whatwg, WHATWG),
    ex("e04", 1, "a b", QueryValue, Whatwg, WHATWG),
    ex("e05", 1, "~hyvatti", PathSegment, Rfc1738, HYV),
    ex("e06", 1, "~hyvatti", PathSegment, Rfc3986, HYV),
    // 2: reserved characters as data.
    ex("e07", 2, "a&b", QueryValue, Rfc1738, R1738),
    ex("e08", 2, "a&b=c", QueryValue, Rfc3986, R3986),
    ex("e09", 2, "a/b", PathSegment, Rfc3986, R3986),
    ex("e10", 2, "a/b", PathSegment, Whatwg, WHATWG),
    ex("e11", 2, "what?", PathSegment, Rfc1738, R1738),
    ex("e12", 2, "user@host", Username, Rfc3986, R3986),
    ex("e13", 2, "john:doe", Username, Rfc3986, R3986),
    ex("e14", 2, "john:doe", Username, Whatwg, WHATWG),
    // 3: the percent sign, plus, and brackets.
    ex("e15", 3, "100%", QueryValue, Rfc1738, R1738),
    ex("e16", 3, "100%", QueryValue, Rfc3986, R3986),
    ex("e17", 3, "1+1=2", QueryValue, Rfc3986, FIDO),
    ex("e18", 3, "1+1=2", QueryValue, Whatwg, WHATWG),
    ex("e19", 3, "{x}[y]", Fragment, Rfc1738, SEED001),
    ex("e20", 3, "{x}[y]", Fragment, Rfc3986, R3986),
    ex("e21", 3, "<a href=\"#x\">", Fragment, Whatwg, WHATWG),
    // 4: non-ASCII (UTF-8 octets).
    ex("e22", 4, "é", PathSegment, Rfc3986, R3986),
    ex("e23", 4, "café", QueryValue, Whatwg, WHATWG),
    ex("e24", 4, "中文", QueryValue, Rfc3986, SEED001),
    ex("e25", 4, "Привет", PathSegment, Whatwg, FIDO),
    ex("e26", 4, "naïve résumé", Fragment, Rfc3986, R3986),
    ex("e27", 4, "Jürgen", Username, Whatwg, WHATWG),
    // 5: everything at once.
    ex("e28", 5, "a b&c=d/é", QueryValue, Rfc3986, R3986),
    ex("e29", 5, "a b&c=d/é", QueryValue, Whatwg, WHATWG),
    ex("e30", 5, "a b&c=d/é", QueryValue, Rfc1738, R1738),
    ex("e31", 5, "50% off; 2^3 `quote`", PathSegment, Rfc3986, PDF),
    ex("e32", 5, "it's (really) ~ok~!", QueryValue, Whatwg, WHATWG),
    ex("e33", 5, "x|y\\z \"q\"", PathSegment, Rfc1738, R1738),
];
