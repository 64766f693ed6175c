//! The one-line answer on top of the comparison: do the parsers that accept the text agree on
//! the host a client would connect to?

use serde::Serialize;

use super::{Parser, RowCells, Value};

/// The effective hosts side by side: who reads which host.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// Every accepting parser has the same effective host.
    pub agree: bool,
    /// Distinct effective hosts (`Absent`: no host) and the parsers that read each.
    pub groups: Vec<(Value, Vec<Parser>)>,
    pub rejected_by: Vec<Parser>,
}

impl Verdict {
    /// Group the effective-host row's cells by value; rejecting parsers apart.
    pub fn of(effective: &RowCells) -> Verdict {
        let mut groups: Vec<(Value, Vec<Parser>)> = Vec::new();
        let mut rejected_by = Vec::new();
        for c in &effective.cells {
            if c.value == Value::Rejected {
                rejected_by.push(c.parser);
                continue;
            }
            match groups.iter_mut().find(|(v, _)| *v == c.value) {
                Some((_, ps)) => ps.push(c.parser),
                None => groups.push((c.value.clone(), vec![c.parser])),
            }
        }
        Verdict {
            agree: groups.len() == 1,
            groups,
            rejected_by,
        }
    }

    /// The one-line verdict; `esc` makes host text safe for where it is shown.
    pub fn line(&self, esc: impl Fn(&str) -> String) -> String {
        let names = |ps: &[Parser]| ps.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ");
        let host = |v: &Value| match v {
            Value::Present(s) if s.is_empty() => "(empty host)".to_string(),
            Value::Present(s) => format!("`{}`", esc(s)),
            _ => "(no host)".to_string(),
        };
        let mut s = match self.groups.as_slice() {
            [] => "no parser accepts the text".to_string(),
            [(v, _)] if self.rejected_by.is_empty() => {
                format!("all parsers agree on the host: {}", host(v))
            }
            [(v, ps)] => format!(
                "the parsers that accept it agree on the host: {} ({})",
                host(v),
                names(ps)
            ),
            groups => {
                let parts: Vec<String> = groups
                    .iter()
                    .map(|(v, ps)| format!("{} ({})", host(v), names(ps)))
                    .collect();
                format!("the parsers disagree on the host: {}", parts.join(" vs "))
            }
        };
        if !self.rejected_by.is_empty() && !self.groups.is_empty() {
            s.push_str(&format!("; rejected by {}", names(&self.rejected_by)));
        }
        s
    }
}
