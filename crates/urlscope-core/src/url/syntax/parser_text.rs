//! Octets to the Unicode text that the modern parsers read (W0, docs/lenses.md).
//!
//! The `url`, `fluent-uri` and `http` crates take `&str`. An input that is not valid UTF-8 has each
//! octet of every invalid sequence replaced by its `%XX` triplet: nothing becomes U+FFFD, nothing is
//! lost, and every parser column and the WHATWG profile see the same text.

use std::borrow::Cow;
use std::ops::Range;

use crate::url::syntax::octets;

/// The text the modern parsers read, and the ranges of the input whose octets were invalid UTF-8
/// (each such octet became a triplet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParserText<'a> {
    pub text: Cow<'a, str>,
    pub invalid: Vec<Range<usize>>,
}

/// Convert `x` losslessly: valid UTF-8 is borrowed as it is.
pub fn parser_text(x: &[u8]) -> ParserText<'_> {
    if let Ok(s) = std::str::from_utf8(x) {
        return ParserText {
            text: Cow::Borrowed(s),
            invalid: Vec::new(),
        };
    }
    let mut text = String::with_capacity(x.len() + 8);
    let mut invalid = Vec::new();
    let mut pos = 0;
    for chunk in x.utf8_chunks() {
        text.push_str(chunk.valid());
        pos += chunk.valid().len();
        let bad = chunk.invalid();
        if !bad.is_empty() {
            for &b in bad {
                let t = octets::encoded(b);
                // `encoded` yields ASCII `%XX`.
                text.extend(t.iter().map(|&c| c as char));
            }
            invalid.push(pos..pos + bad.len());
            pos += bad.len();
        }
    }
    ParserText {
        text: Cow::Owned(text),
        invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_text_is_borrowed() {
        let t = parser_text("http://bücher.example/".as_bytes());
        assert!(matches!(t.text, Cow::Borrowed(_)));
        assert!(t.invalid.is_empty());
    }

    #[test]
    fn invalid_octets_become_triplets() {
        let t = parser_text(b"http://a/\xFF\xC3x\xC3\xBC");
        assert_eq!(t.text, "http://a/%FF%C3xü");
        assert_eq!(t.invalid, vec![9..10, 10..11]);
    }
}
