//! `urlscope unwrap [--json] URL` (SPEC-MODERN §10.3): the chain of layers from the pasted text to
//! the link's real target, computed by [`crate::modern::unwrap`] and only presented here.
//!
//! Text: one block per layer — `N  kind` (and where in the previous layer it came from), the
//! layer's text (escaped), the one-line explanation — then `target: …`. JSON: one object with the
//! input (lossless octets), every layer, the notes and why unwrapping stopped. Exit status 0.

use serde_json::json;

use super::args::InputArgs;
use super::escape::escape_bytes;
use super::{Result, json, read_input, write_stdout};
use crate::modern::unwrap::{Chain, unwrap};

/// The text report of `chain`.
pub fn text(chain: &Chain) -> String {
    let mut out = String::new();
    for (i, l) in chain.layers.iter().enumerate() {
        out.push_str(&format!("{i:>2}  {}", l.label));
        if let Some(s) = &l.source {
            out.push_str(&format!(
                "  (from layer {}: {}, bytes {}..{})",
                i - 1,
                s.what,
                s.start,
                s.end
            ));
        }
        out.push('\n');
        out.push_str("    ");
        out.push_str(&escape_bytes(l.text.as_bytes()));
        out.push('\n');
        out.push_str("    ");
        out.push_str(&escape_bytes(l.explanation.as_bytes()));
        out.push('\n');
    }
    for n in &chain.notes {
        out.push_str(&format!("note: {}\n", escape_bytes(n.as_bytes())));
    }
    if let Some(s) = &chain.stopped {
        out.push_str(&format!("stopped: {}\n", escape_bytes(s.as_bytes())));
    }
    let target = chain.target();
    if chain.layers.len() == 1 {
        out.push_str("no wrapper, defanging or encoding layer found: the text is its own target\n");
    }
    out.push_str(&format!(
        "target: {}\n",
        escape_bytes(target.text.as_bytes())
    ));
    out
}

/// The JSON report of `x` and its chain.
pub fn to_json(x: &[u8], chain: &Chain) -> serde_json::Value {
    json!({
        "input": json::octets(x),
        "layers": chain.layers,
        "target": chain.target().text,
        "target_layer": chain.layers.len() - 1,
        "notes": chain.notes,
        "stopped": chain.stopped,
        "max_depth": chain.max_depth,
    })
}

pub fn run(json_out: bool, input: &InputArgs) -> Result<i32> {
    let x = read_input(input)?;
    let chain = unwrap(&x);
    let out = if json_out {
        let mut v = serde_json::to_vec(&to_json(&x, &chain)).expect("serializing cannot fail");
        v.push(b'\n');
        v
    } else {
        text(&chain).into_bytes()
    };
    write_stdout(&out)?;
    Ok(0)
}
