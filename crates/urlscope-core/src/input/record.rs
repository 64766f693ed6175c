//! A link as one JSON object: the record `urlscope extract --json` writes and the Python
//! package's `extract` returns.

use serde_json::{Map, Value, json};

use super::Link;
use crate::url::syntax::octets;

/// The link's record: `url`, `line`, `source`, `text`, `target`, `host`, `registrable`,
/// `registrable_ascii`, `findings` (ids), `repairs`, `may_continue`, in that order.
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
    m.insert("registrable_ascii".into(), json!(facts.registrable_ascii));
    let ids: Vec<&str> = facts.findings.iter().map(|f| f.id).collect();
    m.insert("findings".into(), json!(ids));
    let repairs: Vec<&str> = link.repairs.iter().map(|r| r.name()).collect();
    m.insert("repairs".into(), json!(repairs));
    m.insert(
        "may_continue".into(),
        link.continued.as_deref().map_or(Value::Null, octets::json),
    );
    Value::Object(m)
}
