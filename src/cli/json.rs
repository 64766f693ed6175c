//! Lossless JSON for octet strings: a JSON string when the octets are valid UTF-8, otherwise an
//! object `{"hex": "…"}` with two uppercase hex digits per octet. Never U+FFFD.

use serde_json::{Map, Value};

/// An octet string that serializes losslessly (see the module docs).
pub use urlscope_core::url::octets::Octets;

/// An octet string as a JSON value.
pub fn octets(s: &[u8]) -> Value {
    urlscope_core::url::octets::json(s)
}

/// Read back an octet string written by [`octets`] (for tests and consumers).
pub fn octets_from(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::String(s) => Some(s.as_bytes().to_vec()),
        Value::Object(m) => {
            let hex = m.get("hex")?.as_str()?.as_bytes();
            if !hex.len().is_multiple_of(2) {
                return None;
            }
            hex.chunks(2)
                .map(|p| {
                    let h = |c: u8| (c as char).to_digit(16);
                    Some((h(p[0])? << 4 | h(p[1])?) as u8)
                })
                .collect()
        }
        _ => None,
    }
}

/// Insert `key` only when `v` is `Some`.
pub fn put_opt(m: &mut Map<String, Value>, key: &str, v: Option<Value>) {
    if let Some(v) = v {
        m.insert(key.to_owned(), v);
    }
}
