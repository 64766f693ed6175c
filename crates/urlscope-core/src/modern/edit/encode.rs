//! Which octets a value's component lets stand raw, under each rule set, and the encoder that
//! applies it. One table per rule set: the WHATWG URL Standard's percent-encode sets (§1.3),
//! RFC 3986's collected ABNF (appendix A), RFC 1738's `uchar`-based productions (§5, http).

use super::{EditRules, Target};
use crate::url::syntax::octets;

/// How a value is written into its component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encode {
    /// The value is text: every octet the component cannot carry raw is encoded, `%` included.
    Encoded,
    /// The value is already written for the URL: triplets stay; only octets the component
    /// cannot carry at all, or that would end it, are encoded.
    AsWritten,
}

/// Why an octet of the value was encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The rule set does not allow it raw in this component.
    NotAllowed,
    /// Raw, it would change the URL's structure (end the component or split it).
    Structure,
}

/// Octets that, raw, would change the structure around a value of `t` (whatever the rules).
pub(crate) fn structural(t: Target, b: u8) -> bool {
    match t {
        Target::User => matches!(b, b':' | b'@' | b'/' | b'?' | b'#' | b'\\'),
        Target::Password => matches!(b, b':' | b'@' | b'/' | b'?' | b'#' | b'\\'),
        Target::Path => matches!(b, b'?' | b'#'),
        Target::Segment | Target::Params => matches!(b, b'/' | b'?' | b'#' | b'\\'),
        Target::Query => b == b'#',
        Target::QueryName => matches!(b, b'&' | b'=' | b'#' | b'+'),
        Target::QueryValue => matches!(b, b'&' | b'=' | b'#' | b'+'),
        Target::Fragment => b == b'#',
        Target::Scheme | Target::Host | Target::Port | Target::HostPort | Target::Href => false,
    }
}

/// Whether `b` may stand raw in a value of `t` under `rules` (`%` is handled by the encoder).
pub(crate) fn allowed(rules: EditRules, t: Target, b: u8) -> bool {
    match rules {
        EditRules::Whatwg => !whatwg_set(t, b),
        EditRules::Rfc3986 => rfc3986_allowed(t, b),
        EditRules::Rfc1738 => rfc1738_allowed(t, b),
    }
}

/// The WHATWG URL Standard's percent-encode set for the component (true: encode). Query names
/// and values use the query set; the special-query set's `'` is added by the `url` crate
/// for special schemes.
fn whatwg_set(t: Target, b: u8) -> bool {
    let c0 = !(0x20..=0x7E).contains(&b);
    let fragment = c0 || matches!(b, b' ' | b'"' | b'<' | b'>' | b'`');
    let query = c0 || matches!(b, b' ' | b'"' | b'#' | b'<' | b'>');
    let path = query || matches!(b, b'?' | b'^' | b'`' | b'{' | b'}');
    let userinfo = path
        || matches!(
            b,
            b'/' | b':' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'|'
        );
    match t {
        Target::Fragment => fragment,
        Target::Query | Target::QueryName | Target::QueryValue => query,
        Target::Path | Target::Segment | Target::Params => path,
        Target::User | Target::Password => userinfo,
        Target::Scheme | Target::Host | Target::Port | Target::HostPort | Target::Href => c0,
    }
}

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

fn sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3986 appendix A: `userinfo`, `pchar`, `query`, `fragment`.
fn rfc3986_allowed(t: Target, b: u8) -> bool {
    let base = unreserved(b) || sub_delim(b);
    let pchar = base || matches!(b, b':' | b'@');
    match t {
        Target::User | Target::Password => base || b == b':',
        Target::Segment | Target::Params => pchar,
        Target::Path => pchar || b == b'/',
        Target::Query | Target::QueryName | Target::QueryValue | Target::Fragment => {
            pchar || matches!(b, b'/' | b'?')
        }
        Target::Scheme | Target::Host | Target::Port | Target::HostPort | Target::Href => base,
    }
}

/// RFC 1738 §5: `uchar` (unreserved = alpha digit safe extra) and the reserved octets each
/// http/ftp production lets stand (`hsegment`, `search`, `user`/`password`).
fn rfc1738_allowed(t: Target, b: u8) -> bool {
    let uchar = b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'$' | b'-' | b'_' | b'.' | b'+' | b'!' | b'*' | b'\'' | b'(' | b')' | b','
        );
    match t {
        Target::User | Target::Password => uchar || matches!(b, b';' | b'?' | b'&' | b'='),
        Target::Segment | Target::Params => uchar || matches!(b, b';' | b':' | b'@' | b'&' | b'='),
        Target::Path => uchar || matches!(b, b';' | b':' | b'@' | b'&' | b'=' | b'/'),
        Target::Query | Target::QueryName | Target::QueryValue | Target::Fragment => {
            uchar || matches!(b, b';' | b':' | b'@' | b'&' | b'=' | b'/' | b'?')
        }
        Target::Scheme | Target::Host | Target::Port | Target::HostPort | Target::Href => uchar,
    }
}

/// A value written for its component, and which octets were encoded and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub octets: Vec<u8>,
    /// Each distinct octet that was encoded, with its reason, in first-seen order.
    pub encoded: Vec<(u8, Reason)>,
}

impl Written {
    fn note(&mut self, b: u8, why: Reason) {
        if !self.encoded.iter().any(|(o, _)| *o == b) {
            self.encoded.push((b, why));
        }
    }
}

/// Write `value` for a component `t` under `rules`.
pub fn write(value: &[u8], t: Target, mode: Encode, rules: EditRules) -> Written {
    let mut w = Written {
        octets: Vec::with_capacity(value.len() + 8),
        encoded: Vec::new(),
    };
    for (i, &b) in value.iter().enumerate() {
        // A whole query given as text is one opaque string: its `&` `=` `+` would split it.
        let opaque =
            mode == Encode::Encoded && t == Target::Query && matches!(b, b'&' | b'=' | b'+');
        let why = if structural(t, b) || opaque {
            Some(Reason::Structure)
        } else if b == b'%' {
            let triplet = mode == Encode::AsWritten
                && value.get(i + 1).is_some_and(|&h| octets::is_hex(h))
                && value.get(i + 2).is_some_and(|&h| octets::is_hex(h));
            (!triplet).then_some(Reason::NotAllowed)
        } else if allowed(rules, t, b) {
            None
        } else if mode == Encode::AsWritten && rules != EditRules::Whatwg && b > 0x20 && b < 0x7F {
            // Written as the user wants: a printable ASCII octet the strict grammar does not
            // list (a `[` in a query) stays, as it would in the source text.
            None
        } else {
            Some(Reason::NotAllowed)
        };
        match why {
            Some(r) => {
                octets::push_encoded(&mut w.octets, b);
                w.note(b, r);
            }
            None => w.octets.push(b),
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(v: &str, t: Target, m: Encode, r: EditRules) -> String {
        String::from_utf8(write(v.as_bytes(), t, m, r).octets).unwrap()
    }

    #[test]
    fn structure_is_always_encoded() {
        for r in [EditRules::Whatwg, EditRules::Rfc3986, EditRules::Rfc1738] {
            for m in [Encode::Encoded, Encode::AsWritten] {
                assert_eq!(enc("a/b", Target::Segment, m, r), "a%2Fb");
                assert_eq!(enc("a&b=c", Target::QueryValue, m, r), "a%26b%3Dc");
                assert_eq!(enc("u:x@y", Target::User, m, r), "u%3Ax%40y");
                assert_eq!(enc("f#g", Target::Fragment, m, r), "f%23g");
            }
        }
    }

    #[test]
    fn percent_is_a_triplet_only_as_written() {
        let r = EditRules::Rfc3986;
        assert_eq!(enc("%61 b", Target::Path, Encode::Encoded, r), "%2561%20b");
        assert_eq!(enc("%61 b", Target::Path, Encode::AsWritten, r), "%61%20b");
        assert_eq!(enc("%6", Target::Path, Encode::AsWritten, r), "%256");
    }

    #[test]
    fn the_sets_differ_where_the_rules_do() {
        let v = "a'b|c~";
        assert_eq!(
            enc(v, Target::Path, Encode::Encoded, EditRules::Whatwg),
            "a'b|c~"
        );
        assert_eq!(
            enc(v, Target::Path, Encode::Encoded, EditRules::Rfc3986),
            "a'b%7Cc~"
        );
        assert_eq!(
            enc(v, Target::Path, Encode::Encoded, EditRules::Rfc1738),
            "a'b%7Cc%7E"
        );
        let w = write(
            "é".as_bytes(),
            Target::Query,
            Encode::Encoded,
            EditRules::Whatwg,
        );
        assert_eq!(w.octets, b"%C3%A9");
        assert_eq!(
            w.encoded,
            vec![(0xC3, Reason::NotAllowed), (0xA9, Reason::NotAllowed)]
        );
    }
}
