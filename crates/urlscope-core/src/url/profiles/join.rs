//! FidoURL `%%` line continuations (F1: FidoURL §5.2.2.5).

use crate::url::rule::Rule;
use std::ops::Range;

use crate::url::syntax::diag;
use crate::url::syntax::octets::{is_whitespace, starts_with_ci};

pub(crate) const JOIN: Rule = Rule::FidoJoinContinuations;
pub(crate) const CONTINUATION: Rule = Rule::FidoContinuation;

/// The URL F1 extracted from free text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Join {
    pub output: Vec<u8>,
    /// The input ranges that make up `output`, in order.
    pub kept: Vec<Range<usize>>,
    /// The `%%…%%` ranges skipped as continuations.
    pub continuations: Vec<Range<usize>>,
    /// `E-fido-pause-without-line-break` or `E-fido-no-resume`; the URL then ends at the pause mark.
    pub error: Option<diag::Diag>,
    /// Where the URL's word starts (after leading free-text delimiters) and where scanning stopped.
    pub start: usize,
    pub stop: usize,
}

fn find_pair(x: &[u8], from: usize) -> Option<usize> {
    crate::url::syntax::octets::find_run(b'%', 2, x.get(from..)?).map(|i| from + i)
}

/// Does the text contain a `%%` (so that F1 applies)?
pub fn has_pause_mark(x: &[u8]) -> bool {
    find_pair(x, 0).is_some()
}

/// F1: join the first URL containing a `%%`. `None` when there is no `%%`.
pub fn fido_join(x: &[u8]) -> Option<Join> {
    fido_join_from(x, 0)
}

/// F1 starting the search for `%%` at `from` (used by `extract` to find later URLs).
pub(crate) fn fido_join_from(x: &[u8], from: usize) -> Option<Join> {
    let f = find_pair(x, from)?;
    let mut ws = f;
    while ws > 0 && !is_whitespace(x[ws - 1]) {
        ws -= 1;
    }
    loop {
        if starts_with_ci(&x[ws..], b"<URL:") {
            ws += 5;
        } else if ws < x.len() && matches!(x[ws], b'<' | b'>' | b'"') {
            ws += 1;
        } else {
            break;
        }
    }
    let mut kept: Vec<Range<usize>> = Vec::new();
    let mut continuations = Vec::new();
    let mut error = None;
    let mut i = ws;
    let mut run_start = ws;
    loop {
        if i >= x.len() {
            break;
        }
        if x[i..].starts_with(b"%%") {
            let Some(lb) = x[i + 2..]
                .iter()
                .position(|&b| b == b'\r' || b == b'\n')
                .map(|p| i + 2 + p)
            else {
                error = Some(diag::E_FIDO_PAUSE_WITHOUT_LINE_BREAK);
                break;
            };
            let k = if x[lb] == b'\r' && x.get(lb + 1) == Some(&b'\n') {
                lb + 2
            } else {
                lb + 1
            };
            let Some(resume) = find_pair(x, k) else {
                error = Some(diag::E_FIDO_NO_RESUME);
                break;
            };
            kept.push(run_start..i);
            continuations.push(i..resume + 2);
            i = resume + 2;
            run_start = i;
            continue;
        }
        if is_whitespace(x[i]) {
            break;
        }
        i += 1;
    }
    let stop = i;
    kept.push(run_start..stop);
    // Step 4: strip trailing '<', '>' and '"'.
    while let Some(last) = kept.last_mut() {
        if last.start == last.end {
            kept.pop();
            continue;
        }
        if matches!(x[last.end - 1], b'<' | b'>' | b'"') {
            last.end -= 1;
        } else {
            break;
        }
    }
    kept.retain(|r| r.start < r.end);
    let mut output = Vec::with_capacity(kept.iter().map(|r| r.len()).sum());
    for r in &kept {
        output.extend_from_slice(&x[r.clone()]);
    }
    Some(Join {
        output,
        kept,
        continuations,
        error,
        start: ws,
        stop,
    })
}
