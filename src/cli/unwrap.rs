//! `urlscope unwrap [--json] URL` (docs/lenses.md): the chain of layers from the pasted text to
//! the link's real target, computed by [`urlscope_core::unwrap`] and only presented here.
//!
//! Text: one block per layer — `N  kind` (and where in the previous layer it came from), the
//! layer's text (escaped), the one-line explanation — then `target: …`. JSON: one object with the
//! input (lossless octets), every layer, the notes and why unwrapping stopped. Exit status 0.

use super::Result;
use super::args::{BatchArgs, HyperlinkChoice};
use super::escape::escape_bytes;
use super::out::Out;
use urlscope_core::{Chain, unwrap};

/// The text report of `chain`; its target clickable when `show` makes links so.
pub fn text(chain: &Chain, show: Out) -> String {
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
    // A report is always escaped, in a pipe too: only the link's wrapping depends on `show`.
    let mut line = b"target: ".to_vec();
    Out::new(true, show.hyperlinks()).link(target.text.as_bytes(), &mut line);
    line.push(b'\n');
    out.push_str(&String::from_utf8_lossy(&line));
    out
}

/// Unwrap every URL of `input`: a text report each (separated by a blank line), or one JSON
/// object a line.
pub fn run(json_out: bool, hyperlink: HyperlinkChoice, input: &BatchArgs) -> Result<i32> {
    let show = Out::stdout(hyperlink);
    let mut first = true;
    super::lens_input::run(input, |x, out| {
        let chain = unwrap(x);
        if json_out {
            let line = serde_json::to_string(&chain.json(x)).expect("serializing cannot fail");
            show.json(&line, out);
            out.push(b'\n');
        } else {
            if !first {
                out.push(b'\n');
            }
            out.extend_from_slice(text(&chain, show).as_bytes());
        }
        first = false;
    })
}
