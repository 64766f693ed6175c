//! Confusion classes (docs/lenses.md, "The parser comparison"): why two parsers read the same text differently. The
//! first five are the classes of the Claroty/Snyk 2022 study "Exploiting URL Parsing Confusion";
//! the others name the remaining well-known differentials.
//!
//! A marked cell names every class whose rule holds for the input text and the cell's row
//! ([`RULES`], in order). The rules look only at the text and at what the parsers returned; they
//! never parse anything themselves.

use serde::{Serialize, Serializer};

use super::Row;
use super::columns::Read;

/// The classes, in the order they are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfusionClass {
    /// `scheme`.
    Scheme,
    /// `slashes`.
    Slashes,
    /// `backslash`.
    Backslash,
    /// `encoded-data`.
    EncodedData,
    /// `scheme-mixup`.
    SchemeMixup,
    /// `userinfo-at`.
    UserinfoAt,
    /// `port`.
    Port,
    /// `whitespace-control`.
    WhitespaceControl,
    /// `ip-number-form`.
    IpNumberForm,
    /// `idn`.
    Idn,
}

impl ConfusionClass {
    /// Every class, in the order the table lists them.
    pub const ALL: [ConfusionClass; 10] = [
        ConfusionClass::Scheme,
        ConfusionClass::Slashes,
        ConfusionClass::Backslash,
        ConfusionClass::EncodedData,
        ConfusionClass::SchemeMixup,
        ConfusionClass::UserinfoAt,
        ConfusionClass::Port,
        ConfusionClass::WhitespaceControl,
        ConfusionClass::IpNumberForm,
        ConfusionClass::Idn,
    ];

    /// The class's name as output writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ConfusionClass::Scheme => "scheme",
            ConfusionClass::Slashes => "slashes",
            ConfusionClass::Backslash => "backslash",
            ConfusionClass::EncodedData => "encoded-data",
            ConfusionClass::SchemeMixup => "scheme-mixup",
            ConfusionClass::UserinfoAt => "userinfo-at",
            ConfusionClass::Port => "port",
            ConfusionClass::WhitespaceControl => "whitespace-control",
            ConfusionClass::IpNumberForm => "ip-number-form",
            ConfusionClass::Idn => "idn",
        }
    }

    /// The class with this name, if any.
    pub fn from_name(s: &str) -> Option<ConfusionClass> {
        ConfusionClass::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// Why the class makes parsers differ, with its sources.
    pub fn reason(self) -> &'static str {
        match self {
            ConfusionClass::Scheme => {
                "scheme confusion (Claroty/Snyk 2022, \"Exploiting URL Parsing Confusion\"): without a \
                 well-formed scheme (RFC 3986 §3.1) one parser reads a relative reference, another \
                 fails, another guesses"
            }
            ConfusionClass::Slashes => {
                "slashes confusion (Claroty/Snyk 2022): the WHATWG URL Standard §4.4 skips any number \
                 of `/` and `\\` after a special scheme, while RFC 3986 §3.2 starts an authority only \
                 at exactly `//`"
            }
            ConfusionClass::Backslash => {
                "backslash confusion (Claroty/Snyk 2022): the WHATWG URL Standard §4.4 reads `\\` as \
                 `/` in special URLs; RFC 3986 §2 does not allow it, so other parsers keep it as data \
                 or reject it"
            }
            ConfusionClass::EncodedData => {
                "URL-encoded data confusion (Claroty/Snyk 2022): the WHATWG host parser decodes \
                 `%XX` before IDNA (URL Standard §3.5) and reads `%2e` as a dot segment (§4.4); \
                 RFC 3986 §2.1 keeps triplets as data"
            }
            ConfusionClass::SchemeMixup => {
                "scheme mixup (Claroty/Snyk 2022): a non-special scheme (javascript:, data:, ldap:) \
                 is split by other rules (WHATWG URL Standard §4.4: opaque host and path, no \
                 backslash rule), so a check written for http(s) reads it wrongly"
            }
            ConfusionClass::UserinfoAt => {
                "userinfo `@`: RFC 3986 §3.2.1 ends the userinfo at an `@` and allows none inside it; \
                 parsers differ on which `@` ends it (first, last, or one after `#`, `?` or `\\`)"
            }
            ConfusionClass::Port => {
                "port: RFC 3986 §3.2.3 allows any run of digits (or none); the WHATWG URL Standard \
                 §4.4 port state range-checks 0–65535 and drops the scheme's default port"
            }
            ConfusionClass::WhitespaceControl => {
                "whitespace and controls: the WHATWG URL Standard §4.4 strips leading and trailing \
                 C0 controls and spaces and removes every tab and newline; RFC 3986 §2 allows none \
                 of them, so other parsers keep or reject them"
            }
            ConfusionClass::IpNumberForm => {
                "IP number forms: the WHATWG IPv4 parser (URL Standard §3.5) reads decimal, octal, \
                 hex and short forms and canonicalizes IPv6 literals; RFC 3986 §3.2.2 knows only \
                 dotted decimal, so other parsers keep a name"
            }
            ConfusionClass::Idn => {
                "internationalized names: the WHATWG URL Standard §3.5 maps a host by UTS #46 \
                 (full-width dots, ß, zero-width joiners, compatibility forms) to an A-label; \
                 RFC 3986 §3.2.2 allows only percent-encoded UTF-8"
            }
        }
    }
}

impl Serialize for ConfusionClass {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Facts about the input text and the parsers' answers that the rules test.
pub(crate) struct Features {
    /// C0 controls, DEL or spaces in the text, raw or percent-encoded.
    controls: bool,
    backslash: bool,
    at: bool,
    percent: bool,
    /// Neither the text nor the base (if any) starts with a scheme (RFC 3986 §3.1 grammar).
    no_scheme: bool,
    /// Not exactly two slashes after a special scheme, or a reference starting with two.
    odd_slashes: bool,
    /// The scheme is not one of the WHATWG URL Standard's special schemes (§4.1).
    non_special: bool,
    /// A host was read as an IP address by WHATWG, or some parser's host ends in a number.
    ip: bool,
    /// Some parser's host is non-ASCII or holds an A-label.
    idn: bool,
    /// The WHATWG parser rejected the port.
    port_error: bool,
}

const SPECIAL: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// The WHATWG "ends in a number" test (URL Standard §3.5), used here only to name the class.
fn ends_in_number(host: &str) -> bool {
    let h = host.strip_suffix('.').unwrap_or(host);
    let last = h.rsplit('.').next().unwrap_or("");
    if last.is_empty() {
        return false;
    }
    if last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    hex.is_some_and(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Features {
    /// The text-based facts look at the base too: a reference is read together with it.
    pub(crate) fn of(text: &str, base: Option<&str>, read: &[Read], whatwg: &Read) -> Features {
        let x = text.as_bytes();
        let b = base.unwrap_or("").as_bytes();
        let either = |f: &dyn Fn(&[u8]) -> bool| f(x) || f(b);
        let scheme =
            crate::url::syntax::tokenize::scheme_len(x).map(|n| text[..n].to_ascii_lowercase());
        let special = match (&whatwg.rejection, &scheme) {
            (None, _) => whatwg.special,
            (Some(_), Some(s)) => SPECIAL.contains(&s.as_str()),
            (Some(_), None) => false,
        };
        let slashes_after = |i: usize| {
            x[i..]
                .iter()
                .take_while(|&&b| b == b'/' || b == b'\\')
                .count()
        };
        let odd_slashes = match &scheme {
            Some(s) if SPECIAL.contains(&s.as_str()) => slashes_after(s.len() + 1) != 2,
            Some(_) => false,
            None => slashes_after(0) >= 2,
        };
        let hosts = || {
            read.iter().flat_map(|r| {
                [Row::Host, Row::EffectiveHost]
                    .into_iter()
                    .filter_map(move |row| r.values[row as usize].text())
            })
        };
        Features {
            // Raw or as a triplet: the WHATWG host parser decodes before it checks (§3.5).
            controls: either(&|s| {
                crate::url::syntax::octets::units(s).any(|u| u.value <= 0x20 || u.value == 0x7F)
            }),
            backslash: either(&|s| s.contains(&b'\\')),
            at: either(&|s| s.contains(&b'@')),
            percent: either(&|s| s.contains(&b'%')),
            no_scheme: scheme.is_none() && crate::url::syntax::tokenize::scheme_len(b).is_none(),
            odd_slashes,
            non_special: scheme.is_some() && !special,
            ip: whatwg.ip_host || hosts().any(|h| h.starts_with('[') || ends_in_number(h)),
            idn: hosts().any(|h| !h.is_ascii() || h.to_ascii_lowercase().contains("xn--")),
            port_error: whatwg.port_error,
        }
    }

    /// The classes a marked cell of `row` names, in [`RULES`] order.
    pub(crate) fn classes(&self, row: Row) -> Vec<ConfusionClass> {
        RULES
            .iter()
            .filter(|(_, rule, _)| rule(self, row))
            .map(|(c, _, _)| *c)
            .collect()
    }
}

type Rule = fn(&Features, Row) -> bool;

const AUTHORITY: [Row; 4] = [Row::Userinfo, Row::Host, Row::Port, Row::EffectiveHost];
const HOST: [Row; 2] = [Row::Host, Row::EffectiveHost];

/// The rules, in order: class, test on (features, row), and the one-line reason for the test.
pub(crate) const RULES: &[(ConfusionClass, Rule, &str)] = &[
    (
        ConfusionClass::Scheme,
        |f, r| r == Row::Scheme || f.no_scheme,
        "the scheme row differs, or neither the text nor a base has an RFC 3986 §3.1 scheme",
    ),
    (
        ConfusionClass::Slashes,
        |f, r| f.odd_slashes && (AUTHORITY.contains(&r) || r == Row::Path),
        "not exactly `//` after a special scheme (or a reference opening with `//`), and the authority or path differs",
    ),
    (
        ConfusionClass::Backslash,
        |f, _| f.backslash,
        "a backslash in the text",
    ),
    (
        ConfusionClass::EncodedData,
        |f, _| f.percent,
        "a `%` in the text",
    ),
    (
        ConfusionClass::SchemeMixup,
        |f, r| f.non_special && r != Row::Scheme,
        "a scheme that is not special in the WHATWG sense, and a part after it differs",
    ),
    (
        ConfusionClass::UserinfoAt,
        |f, r| f.at && AUTHORITY.contains(&r),
        "an `@` in the text, and the userinfo, host or port differs",
    ),
    (
        ConfusionClass::Port,
        |f, r| r == Row::Port || (f.port_error && HOST.contains(&r)),
        "the port row differs, or the WHATWG parser rejected the port and a host row differs",
    ),
    (
        ConfusionClass::WhitespaceControl,
        |f, _| f.controls,
        "a space, tab, newline, C0 control or DEL in the text, raw or as a `%XX` triplet",
    ),
    (
        ConfusionClass::IpNumberForm,
        |f, r| f.ip && HOST.contains(&r),
        "the host is an IP address to WHATWG or ends in a number, and a host row differs",
    ),
    (
        ConfusionClass::Idn,
        |f, r| f.idn && HOST.contains(&r),
        "a host is non-ASCII or holds an `xn--` label, and a host row differs",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_class_has_a_rule() {
        for c in ConfusionClass::ALL {
            assert_eq!(ConfusionClass::from_name(c.as_str()), Some(c));
            assert!(RULES.iter().any(|(k, _, _)| *k == c), "{c:?}");
            assert!(c.reason().contains('§') || c.reason().contains("2022"));
        }
    }

    #[test]
    fn ends_in_number_examples() {
        for h in ["127.1", "0x7f.1", "2130706433", "1.2.3.4.5", "127.0.0.1."] {
            assert!(ends_in_number(h), "{h}");
        }
        for h in ["example.com", "0xg", "", "1.a"] {
            assert!(!ends_in_number(h), "{h}");
        }
    }
}
