//! Google's redirect (`https://www.google.com/url?q=<link>&sa=…&usg=…`, also `?url=` in older
//! search results and Gmail): on any Google host (`google.<public suffix>`, Public Suffix List).

use super::{Kind, Step, param, param_step, parse};

pub(crate) fn step(text: &str) -> Option<Step> {
    let u = parse(text)?;
    let host = u.host_str()?;
    let domain = psl::domain_str(host)?;
    if !domain.starts_with("google.") || u.path() != "/url" {
        return None;
    }
    let key = if param(text, "q").is_some_and(|(v, _)| !v.is_empty()) {
        "q"
    } else {
        "url"
    };
    param_step(
        text,
        key,
        Kind::Google,
        format!(
            "Google redirect ({domain}/url): the real link is the `{key}` parameter, form-decoded \
             once; `usg` signs it, `sa`, `ust` and `source` say where it was clicked"
        ),
    )
}
