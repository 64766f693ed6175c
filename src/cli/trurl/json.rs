//! trurl's `--json` layout: per URL `{"url", "parts": {scheme, user, password, host, port, path,
//! query, fragment — those present, decoded}, "params": [{"key", "value"}]}` (params only when
//! the query has a non-empty pair; a query's `+` is a space, as in a form).

use serde::Serialize;

use super::libcurl_parts::Extra;
use urlscope_core::modern;
use urlscope_core::tokenize;
use urlscope_core::url::{Component, octets};

/// One URL as trurl writes it, its fields in trurl's order (a `serde_json::Map` would sort
/// them).
#[derive(Serialize)]
pub struct Object {
    url: String,
    parts: Parts,
    /// Only when the query has any text, even when every pair is empty (as trurl).
    #[serde(skip_serializing_if = "Option::is_none")]
    params: Option<Vec<Param>>,
}

/// The parts trurl lists, in its order: those present.
#[derive(Default, Serialize)]
struct Parts {
    #[serde(skip_serializing_if = "Option::is_none")]
    scheme: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    user: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    port: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    query: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fragment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zoneid: Option<String>,
}

#[derive(Serialize)]
struct Param {
    key: String,
    value: String,
}

fn text(v: Vec<u8>) -> String {
    String::from_utf8_lossy(&v).into_owned()
}

/// The object for one answer: `url` as written, the parts read from `x` (the URL without
/// libcurl's own parts) and `extra` (those); with `as_written` the parts keep their triplets
/// (trurl's `--urlencode`; the params are decoded either way, as trurl does).
pub fn object(url: &[u8], x: &[u8], extra: &Extra, as_written: bool) -> Object {
    let p = tokenize(x);
    let shown = |v: &[u8]| match as_written {
        true => text(v.to_vec()),
        false => text(octets::units_in(v, 0..v.len()).map(|u| u.value).collect()),
    };
    let mut parts = Parts {
        options: extra.options.as_deref().map(shown),
        zoneid: extra.zone.as_deref().map(shown),
        ..Parts::default()
    };
    for c in [
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ] {
        let Some(r) = p.component(c) else { continue };
        if r.is_empty() && matches!(c, Component::Host | Component::Port) {
            continue;
        }
        let value = if as_written {
            x[r].to_vec()
        } else if c == Component::Query {
            modern::form_decode(x, r)
        } else {
            octets::units_in(x, r).map(|u| u.value).collect()
        };
        let slot = match c {
            Component::Scheme => &mut parts.scheme,
            Component::User => &mut parts.user,
            Component::Password => &mut parts.password,
            Component::Host => &mut parts.host,
            Component::Port => &mut parts.port,
            Component::Path => &mut parts.path,
            Component::Query => &mut parts.query,
            _ => &mut parts.fragment,
        };
        *slot = Some(text(value));
    }
    let t = modern::table_of(x, &p);
    let has_query = p.query.as_ref().is_some_and(|q| !q.is_empty());
    let params = has_query.then(|| {
        t.pairs
            .iter()
            .filter(|q| !q.range.is_empty())
            .map(|q| Param {
                key: text(modern::form_decode(x, q.key.clone())),
                value: text(
                    q.value
                        .clone()
                        .map(|r| modern::form_decode(x, r))
                        .unwrap_or_default(),
                ),
            })
            .collect()
    });
    Object {
        url: text(url.to_vec()),
        parts,
        params,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn trurls_layout() {
        let x = b"https://example.com/?utm=tra+cker&address%20=home&&thisthen#f";
        let o = object(x, x, &Extra::default(), false);
        // In trurl's order, not sorted.
        let written = serde_json::to_string(&o).unwrap();
        assert!(
            written.starts_with(r#"{"url":"https://example.com/?utm"#),
            "{written}"
        );
        assert!(
            written.contains(r#""parts":{"scheme":"https","host""#),
            "{written}"
        );
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(
            v,
            json!({
                "url": "https://example.com/?utm=tra+cker&address%20=home&&thisthen#f",
                "parts": {"scheme": "https", "host": "example.com", "path": "/",
                          "query": "utm=tra cker&address =home&&thisthen", "fragment": "f"},
                "params": [{"key": "utm", "value": "tra cker"},
                           {"key": "address ", "value": "home"},
                           {"key": "thisthen", "value": ""}]
            })
        );
    }
}
