//! The generic redirect parameter: a query value that is itself an absolute `http(s)` URL under
//! a key that redirectors use. Not a known wrapper: the outer site decides whether it really
//! sends the browser there, and the explanation says so.

use super::{Kind, Step, param_step};
use crate::modern::query;

/// The keys looked at, in this order of preference.
pub const KEYS: &[&str] = &[
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
    let key = KEYS.iter().find(|k| {
        t.pairs
            .iter()
            .any(|p| p.key_decoded == k.as_bytes() && is_web_url(&p.value_decoded))
    })?;
    param_step(
        text,
        key,
        Kind::RedirectParameter,
        format!(
            "the query parameter `{key}` holds an absolute URL, form-decoded once; not a known \
             wrapper: whether the outer site redirects there is up to it"
        ),
    )
}
