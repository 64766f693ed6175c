//! A link as one JSON object: the record `urlscope extract --json` writes and the Python
//! package's `extract` returns.

use serde_json::{Map, Value, json};

use super::Link;
use crate::url::syntax::octets;

/// The link's record: `url`, `line`, `source`, `text`, `target`, `host`, `registrable`,
/// `findings` (ids), in that order.
pub fn record(link: &Link) -> Value {
    let facts = link.facts();
    let mut m = Map::new();
    m.insert("url".into(), octets::json(&link.url));
    m.insert("line".into(), json!(link.line));
    m.insert("source".into(), json!(link.source.name()));
    m.insert("text".into(), json!(link.text));
    m.insert("target".into(), json!(facts.target));
    m.insert("host".into(), json!(facts.host));
    m.insert("registrable".into(), json!(facts.registrable));
    let ids: Vec<&str> = facts.findings.iter().map(|f| f.id).collect();
    m.insert("findings".into(), json!(ids));
    Value::Object(m)
}
