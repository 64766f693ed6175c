//! The generic redirect parameter: a query value that is itself an absolute `http(s)` URL under
//! a key that redirectors use. Not a known wrapper: the outer site decides whether it really
//! sends the browser there, and the explanation says so.

use super::{Kind, Source, Step};
use crate::modern::query;

/// The keys looked at, in this order of preference.
pub(crate) const KEYS: &[&str] = &[
    "url",
    "u",
    "q",
    "target",
    "dest",
    "destination",
    "redirect",
    "redirect_uri",
    "redirect_url",
    "next",
    "to",
    "link",
];

/// Whether `v` is an absolute `http` or `https` URL (WHATWG URL Standard, `url` crate).
fn is_web_url(v: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(v) else {
        return false;
    };
    let lower = s.get(..8).unwrap_or(s).to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://"))
        && url::Url::parse(s).is_ok_and(|u| matches!(u.scheme(), "http" | "https"))
}

pub(crate) fn step(text: &str) -> Option<Step> {
    let t = query::table(text.as_bytes());
    // The first key of the list that has a URL value; of its pairs, the first such one.
    let (key, p) = KEYS.iter().find_map(|k| {
        t.pairs
            .iter()
            .find(|p| p.key_decoded == k.as_bytes() && is_web_url(&p.value_decoded))
            .map(|p| (k, p))
    })?;
    let r = p.value.clone()?;
    Some(Step {
        kind: Kind::RedirectParameter,
        text: String::from_utf8(p.value_decoded.clone()).ok()?,
        source: Source {
            what: format!("query parameter `{key}`"),
            start: r.start,
            end: r.end,
        },
        explanation: format!(
            "the query parameter `{key}` holds an absolute URL, form-decoded once; not a known \
             wrapper: whether the outer site redirects there is up to it"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_pair_that_holds_a_url() {
        let s = step("https://a.example/?url=x&next=/home&url=https%3A%2F%2Fb.example%2F").unwrap();
        assert_eq!(s.text, "https://b.example/");
        assert_eq!(s.source.start, 40);
        assert!(step("https://a.example/?next=javascript:alert(1)").is_none());
        assert!(step("https://a.example/?u=ftp://b.example/").is_none());
    }
}
