//! Layered percent-encoding: a link encoded twice (`%2520`) or handed on as a whole encoded
//! string (`https%3A%2F%2F…`). One layer a step, each triplet decoded once (RFC 3986 §2.1).
//!
//! It starts only where the text shows layering — an encoded `%` (`%25` + two hex digits) or an
//! encoded scheme — and then goes on until a decode would change nothing or would give octets that
//! are not UTF-8. A link that is merely percent-encoded once (`a%20b`) is left as it is: that is
//! its real form, and decoding it could change what it means (`%2F`, `%26`).

use super::{Kind, Source, Step};
use crate::url::syntax::octets;

/// Whether `text` shows a layer of percent-encoding over another.
fn layered(text: &str) -> bool {
    let b = text.as_bytes();
    let encoded_percent = b.windows(5).any(|w| {
        w[0] == b'%' && w[1] == b'2' && w[2] == b'5' && octets::is_hex(w[3]) && octets::is_hex(w[4])
    });
    let t = text.trim_start();
    let encoded_scheme = ["http%3a%2f%2f", "https%3a%2f%2f"]
        .iter()
        .any(|p| octets::starts_with_ci(t.as_bytes(), p.as_bytes()));
    encoded_percent || encoded_scheme
}

pub(crate) fn step(text: &str, in_run: bool, notes: &mut Vec<String>) -> Option<Step> {
    if !in_run && !layered(text) {
        return None;
    }
    let decoded: Vec<u8> = octets::units(text.as_bytes()).map(|u| u.value).collect();
    if decoded == text.as_bytes() {
        return None;
    }
    let Ok(s) = String::from_utf8(decoded) else {
        notes.push(
            "a further percent-decode would give octets that are not UTF-8; unwrapping stopped \
             before it"
                .into(),
        );
        return None;
    };
    Some(Step {
        kind: Kind::Percent,
        text: s,
        source: Source {
            what: "the whole text".into(),
            start: 0,
            end: text.len(),
        },
        explanation: "one layer of percent-encoding decoded: every `%XX` triplet once (RFC 3986 \
                      §2.1)"
            .into(),
    })
}
