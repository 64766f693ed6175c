//! `urlscope resolve [--rules R] [--trace] BASE REF` (RFC 1808 §4; docs/lenses.md for
//! `--rules rfc3986|whatwg`).
//!
//! Output: the resolved URL and LF. With `--trace`, then one line `rules: <id> <id> …` (the rule ids
//! taken, in order), and when paths were merged, `merged-path: <path>` and one line per dot rule
//! `<rule-id>: <path after it>`. A base without a scheme is `E-base-not-absolute`: the message
//! goes to stderr, the reference is printed, and the status is 1.

use super::out::Out;
use super::{Result, say, texts, write_stdout};
use urlscope_core::url::{Rules, resolve_by};

pub fn run(rules: Rules, trace: bool, base: &[u8], reference: &[u8]) -> Result<i32> {
    let r = resolve_by(rules, base, reference);
    let show = Out::stdout_plain();
    let mut out = Vec::with_capacity(r.output.len() + 256);
    show.data(&r.output, &mut out);
    out.push(b'\n');
    if trace {
        out.extend_from_slice(b"rules:");
        for rule in &r.rules {
            out.push(b' ');
            out.extend_from_slice(rule.as_str().as_bytes());
        }
        out.push(b'\n');
        if let Some(m) = &r.merged_path {
            out.extend_from_slice(b"merged-path: ");
            show.data(m, &mut out);
            out.push(b'\n');
            for (rule, path) in &r.dot_steps {
                out.extend_from_slice(rule.as_str().as_bytes());
                out.extend_from_slice(b": ");
                show.data(path, &mut out);
                out.push(b'\n');
            }
        }
    }
    if let Some(e) = r.error {
        say(&format!("{e}: {}", texts::diagnostic_text(e)));
    }
    write_stdout(&out)?;
    Ok(if r.error.is_some() { 1 } else { 0 })
}
