//! trurl's `--json` layout: per URL `{"url", "parts": {scheme, user, password, host, port, path,
//! query, fragment — those present, decoded}, "params": [{"key", "value"}]}` (params only when
//! the query has a non-empty pair; a query's `+` is a space, as in a form).

use serde_json::{Map, Value, json};

use crate::modern::query;
use crate::url::{Component, octets, tokenize};

/// The parts trurl lists, in its order, and the component each one is.
const PARTS: [(&str, Component); 8] = [
    ("scheme", Component::Scheme),
    ("user", Component::User),
    ("password", Component::Password),
    ("host", Component::Host),
    ("port", Component::Port),
    ("path", Component::Path),
    ("query", Component::Query),
    ("fragment", Component::Fragment),
];

fn text(v: Vec<u8>) -> Value {
    Value::String(String::from_utf8_lossy(&v).into_owned())
}

/// The object for one answer URL `x`; with `as_written` the parts keep their triplets
/// (trurl's `--urlencode`; the params are decoded either way, as trurl does).
pub fn object(x: &[u8], as_written: bool) -> Value {
    let p = tokenize(x);
    let mut parts = Map::new();
    for (name, c) in PARTS {
        let Some(r) = p.component(c) else { continue };
        if r.is_empty() && matches!(c, Component::Host | Component::Port) {
            continue;
        }
        let value = if as_written {
            x[r].to_vec()
        } else if c == Component::Query {
            query::form_decode(x, r)
        } else {
            octets::units_in(x, r).map(|u| u.value).collect()
        };
        parts.insert(name.into(), text(value));
    }
    let mut m = Map::new();
    m.insert("url".into(), text(x.to_vec()));
    m.insert("parts".into(), Value::Object(parts));
    let t = query::table_of(x, &p);
    // trurl lists the params whenever the query has any text, even when every pair is empty.
    let has_query = p.query.as_ref().is_some_and(|q| !q.is_empty());
    let params: Vec<Value> = t
        .pairs
        .iter()
        .filter(|q| !q.range.is_empty())
        .map(|q| {
            let value = q.value.clone().map(|r| query::form_decode(x, r));
            json!({
                "key": text(query::form_decode(x, q.key.clone())),
                "value": text(value.unwrap_or_default()),
            })
        })
        .collect();
    if has_query {
        m.insert("params".into(), Value::Array(params));
    }
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trurls_layout() {
        let v = object(
            b"https://example.com/?utm=tra+cker&address%20=home&&thisthen#f",
            false,
        );
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
