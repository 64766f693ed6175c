//! RFC 1808 §4 resolution and `D(path)` (against a naive reading of step 6), and F1
//! joining.

use urlscope_core::resolve;
use urlscope_core::url::frame_bounds;
use urlscope_core::url::has_pause_mark;
use urlscope_core::url::notation::encode;
use urlscope_core::url::octets::is_whitespace;
use urlscope_core::url::{fido_join, remove_dot_segments, tokenize_unframed};

/// `D(path)` written naively from RFC 1808 §4 step 6 (leftmost match, repeat), for comparison.
pub fn naive_dots(path: &[u8]) -> Vec<u8> {
    let lead = path.first() == Some(&b'/');
    let q = if lead { &path[1..] } else { path };
    let mut s: Vec<&[u8]> = q.split(|&b| b == b'/').collect();
    // 6a
    let k = s.len() - 1;
    s = s
        .iter()
        .enumerate()
        .filter(|(i, seg)| !(*i < k && **seg == b"."))
        .map(|(_, seg)| *seg)
        .collect();
    // 6b
    if let Some(l) = s.last_mut()
        && *l == b"."
    {
        *l = b"";
    }
    // 6c
    loop {
        let last = s.len() - 1;
        let m = (0..s.len()).find(|&i| i + 1 < last && s[i] != b".." && s[i + 1] == b"..");
        match m {
            Some(i) => {
                s.drain(i..i + 2);
            }
            None => break,
        }
    }
    // 6d
    let n = s.len();
    if n >= 2 && s[n - 1] == b".." && s[n - 2] != b".." {
        s.truncate(n - 2);
        s.push(b"");
    }
    let mut out = Vec::new();
    if lead {
        out.push(b'/');
    }
    for (i, seg) in s.iter().enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        out.extend_from_slice(seg);
    }
    out
}

/// `D(path)` never grows its input and, up to 2 KiB, equals the naive reading above.
pub fn check_dots(path: &[u8]) -> Result<(), String> {
    let d = remove_dot_segments(path);
    ensure!(
        d.len() <= path.len(),
        "D({}) = {} is longer than its input",
        encode(path),
        encode(&d)
    );
    if path.len() <= 2048 {
        ensure!(
            d == naive_dots(path),
            "D({}) = {} differs from the naive reading {}",
            encode(path),
            encode(&d),
            encode(&naive_dots(path))
        );
    }
    Ok(())
}

/// `resolve(base, reference)`: deterministic, the §4.2 short cuts (no usable base, an empty
/// reference, a reference with a scheme), the base's scheme kept otherwise, and `check_dots` on
/// the merged path, the base and the reference.
pub fn check_resolve(base: &[u8], reference: &[u8]) -> Result<(), String> {
    let r = resolve(base, reference);
    let who = format!("resolve({}, {})", encode(base), encode(reference));
    ensure!(resolve(base, reference) == r, "{who} is not deterministic");
    let (ra, rz) = frame_bounds(reference);
    let ref_body = &reference[ra..rz];
    let (ba, bz) = frame_bounds(base);
    let base_body = &base[ba..bz];
    let base_scheme = tokenize_unframed(base_body).scheme;
    match base_scheme {
        None => {
            ensure!(
                r.output == ref_body,
                "{who}: no usable base, but the result is not the reference body"
            );
            ensure!(
                r.error.is_some() != base_body.is_empty(),
                "{who}: E-base-not-absolute iff the base is non-empty without a scheme"
            );
        }
        Some(_) if ref_body.is_empty() => ensure!(
            r.output == base_body,
            "{who}: an empty reference, but the result is not the base body"
        ),
        Some(_) if tokenize_unframed(ref_body).scheme.is_some() => ensure!(
            r.output == ref_body,
            "{who}: a reference with a scheme, but the result is not the reference"
        ),
        Some(bs) => {
            let out = tokenize_unframed(&r.output);
            ensure!(
                out.scheme.map(|s| &r.output[s]) == Some(&base_body[bs]),
                "{who}: the result {} lost the base scheme",
                encode(&r.output)
            );
        }
    }
    if let Some(m) = &r.merged_path {
        check_dots(m)?;
    }
    check_dots(reference)?;
    check_dots(base)
}

/// §3.4 F1 joining: only when a `%%` exists; the output is the kept ranges, which are ordered
/// and inside the input, and holds no whitespace; each continuation is `%%…%%` around a line
/// break; deterministic.
pub fn check_join(x: &[u8]) -> Result<(), String> {
    let who = format!("fido_join({})", encode(x));
    let has = x.windows(2).any(|w| w == b"%%");
    ensure!(
        has_pause_mark(x) == has,
        "{who}: has_pause_mark is {}",
        !has
    );
    let Some(j) = fido_join(x) else {
        ensure!(!has, "{who} gave None with a %% present");
        return Ok(());
    };
    ensure!(has, "{who} joined without a %%");
    ensure!(
        j.start <= j.stop && j.stop <= x.len(),
        "{who}: start/stop {}..{} out of range",
        j.start,
        j.stop
    );
    let mut pos = j.start;
    let mut concat = Vec::new();
    for k in &j.kept {
        ensure!(
            k.start >= pos && k.start < k.end && k.end <= j.stop,
            "{who}: kept range {k:?} out of order, empty or outside {}..{}",
            j.start,
            j.stop
        );
        concat.extend_from_slice(&x[k.clone()]);
        pos = k.end;
    }
    ensure!(
        concat == j.output,
        "{who}: output {} != the kept ranges {}",
        encode(&j.output),
        encode(&concat)
    );
    ensure!(
        !j.output.iter().any(|&b| is_whitespace(b)),
        "{who}: the joined URL holds whitespace"
    );
    let mut pos = j.start;
    for c in &j.continuations {
        ensure!(
            c.start >= pos && c.end <= j.stop && c.len() >= 4,
            "{who}: continuation {c:?} out of order or too short"
        );
        ensure!(
            x[c.clone()].starts_with(b"%%") && x[c.clone()].ends_with(b"%%"),
            "{who}: continuation {c:?} is not %%…%%"
        );
        ensure!(
            x[c.start + 2..c.end - 2]
                .iter()
                .any(|&b| b == b'\r' || b == b'\n'),
            "{who}: continuation {c:?} holds no line break"
        );
        pos = c.end;
    }
    ensure!(fido_join(x) == Some(j), "{who} is not deterministic");
    Ok(())
}
