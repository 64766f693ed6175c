//! The tokenizer's invariants (spans and the structured parse) and the unit records (docs/rules.md), checked against the
//! delimiter table and a triplet scanner written here, independently of the core's.

use std::ops::Range;

use urlscope_core::url::notation;
use urlscope_core::url::notation::encode;
use urlscope_core::url::octets::triplet_at;
use urlscope_core::url::{
    Role, SpanKind, frame_bounds, tokenize_unframed, unit_infos, unit_infos_in,
};
use urlscope_core::{Parsed, tokenize};

/// The §1.3 delimiter table: the exact octets each delimiter span holds (`None` for data and
/// frame spans).
pub fn spec_delimiter(kind: &str) -> Option<&'static [&'static [u8]]> {
    Some(match kind {
        "scheme-colon" | "userinfo-colon" | "port-colon" => &[b":"],
        "authority-marker" => &[b"//"],
        "userinfo-at" | "domain-at" => &[b"@"],
        "ipv6-open" => &[b"["],
        "ipv6-close" => &[b"]"],
        "path-slash" => &[b"/"],
        "segment-param-semicolon" | "params-semicolon" | "param-separator" => &[b";"],
        "query-mark" => &[b"?"],
        "pair-separator" => &[b"&", b";"],
        "pair-equals" => &[b"="],
        "fragment-mark" => &[b"#"],
        "areatag-separator" => &[b"+"],
        _ => return None,
    })
}

/// `true` at every offset where a `%HH` triplet starts, scanning left to right as docs/rules.md's "Terms" says.
pub fn triplet_starts(x: &[u8]) -> Vec<bool> {
    let mut t = vec![false; x.len()];
    let mut i = 0;
    while i < x.len() {
        if x[i] == b'%'
            && i + 2 < x.len()
            && x[i + 1].is_ascii_hexdigit()
            && x[i + 2].is_ascii_hexdigit()
        {
            t[i] = true;
            i += 3;
        } else {
            i += 1;
        }
    }
    t
}

/// §1.6 invariants 1, 3 and 4 on `tokenize(x)`; returns the parse for further use.
pub fn check_spans(x: &[u8]) -> Result<Parsed, String> {
    let p = tokenize(x);
    check_span_list(x, &p, true)?;
    Ok(p)
}

/// Tokenizer invariants 1 (lossless, contiguous, non-empty), 3 (delimiter exactness, and the core's
/// table equal to this file's) and 4 (no boundary inside a triplet) on the spans of `p`; an
/// unframed parse has no frame span.
pub fn check_span_list(x: &[u8], p: &Parsed, framed: bool) -> Result<(), String> {
    let mut pos = 0;
    for s in &p.spans {
        ensure!(
            s.range.start == pos,
            "span {s:?} does not start where the previous one ended ({pos})"
        );
        ensure!(s.range.end > s.range.start, "empty span {s:?}");
        ensure!(s.range.end <= x.len(), "span past the end: {s:?}");
        let text = &x[s.range.clone()];
        if let Some(allowed) = spec_delimiter(s.kind.name()) {
            ensure!(
                allowed.contains(&text),
                "delimiter span {} holds {}",
                s.kind.name(),
                encode(text)
            );
        }
        ensure!(
            s.kind.delimiter_octets() == spec_delimiter(s.kind.name()),
            "SpanKind::delimiter_octets of {} differs from the delimiter table",
            s.kind.name()
        );
        ensure!(
            s.kind.delimiter_octets().is_some() || !s.kind.is_delimiter(),
            "{s:?} is a delimiter without octets"
        );
        ensure!(
            framed || s.kind != SpanKind::Frame,
            "frame span {s:?} from tokenize_unframed"
        );
        for back in 1..=2 {
            let b = s.range.start;
            ensure!(
                b < back || !triplet_at(x, b - back),
                "span {} starting at {b} splits the triplet at {}",
                s.kind.name(),
                b - back
            );
        }
        pos = s.range.end;
    }
    ensure!(pos == x.len(), "spans cover [0, {pos}) of [0, {})", x.len());
    Ok(())
}

fn inside(r: &Range<usize>, n: usize, what: &str) -> Result<(), String> {
    ensure!(
        r.start <= r.end && r.end <= n,
        "{what}: range {r:?} not inside the input (len {n})"
    );
    Ok(())
}

/// The structured parse: frames and body tile the input (the body is `frame_bounds` when
/// framed, everything when not), each component lies inside the body, and the marks point at
/// their delimiters (`fragment_mark` at the first `#`).
pub fn check_structure(x: &[u8], p: &Parsed, framed: bool) -> Result<(), String> {
    let n = x.len();
    inside(&p.frame_open, n, "frame_open")?;
    inside(&p.frame_close, n, "frame_close")?;
    inside(&p.body, n, "body")?;
    ensure!(p.frame_open.start == 0, "frame_open does not start at 0");
    ensure!(p.frame_open.end == p.body.start, "frame_open / body");
    ensure!(p.body.end == p.frame_close.start, "body / frame_close");
    ensure!(p.frame_close.end == n, "frame_close does not end at n");
    if framed {
        let (a, z) = frame_bounds(x);
        ensure!(
            p.body == (a..z),
            "body {:?} != frame_bounds {a}..{z}",
            p.body
        );
    } else {
        ensure!(p.body == (0..n), "unframed body is not the whole input");
    }
    for (r, what) in [
        (&p.scheme, "scheme"),
        (&p.authority, "authority"),
        (&p.user, "user"),
        (&p.password, "password"),
        (&p.host, "host"),
        (&p.port, "port"),
        (&p.params, "params"),
        (&p.query, "query"),
        (&p.fragment, "fragment"),
    ] {
        if let Some(r) = r {
            inside(r, n, what)?;
            ensure!(
                p.body.start <= r.start && r.end <= p.body.end,
                "{what} {r:?} outside the body {:?}",
                p.body
            );
        }
    }
    inside(&p.path, n, "path")?;
    if let Some(s) = &p.scheme {
        ensure!(x.get(s.end) == Some(&b':'), "scheme not followed by ':'");
    }
    let body = &x[p.body.clone()];
    match p.fragment_mark {
        Some(h) => {
            ensure!(x.get(h) == Some(&b'#'), "fragment_mark is not '#'");
            ensure!(
                !x[p.body.start..h].contains(&b'#'),
                "fragment_mark is not the first '#'"
            );
        }
        None => ensure!(!body.contains(&b'#'), "'#' but no fragment_mark"),
    }
    if let Some(q) = p.query_mark {
        ensure!(x.get(q) == Some(&b'?'), "query_mark is not '?'");
    }
    Ok(())
}

/// §2.5: the unit records tile the input, a 3-octet encoded unit per triplet (by the scanner
/// above and by the core's `triplet_at`) and a 1-octet raw unit otherwise, each with its value,
/// the kind of the span holding it and that kind's role; a window starting at a unit boundary
/// gives the same records as the whole.
pub fn check_units(x: &[u8], p: &Parsed) -> Result<(), String> {
    let t = triplet_starts(x);
    let infos = unit_infos(x, p);
    let mut pos = 0;
    // The spans are contiguous and sorted (when `check_span_list` passes): walk them alongside.
    let mut spans = p.spans.iter().peekable();
    for u in &infos {
        ensure!(
            u.range.start == pos,
            "unit {:?} does not start at {pos}",
            u.range
        );
        let len = u.range.len();
        ensure!(
            u.encoded == triplet_at(x, pos),
            "unit {:?}: encoded = {} but triplet_at = {}",
            u.range,
            u.encoded,
            triplet_at(x, pos)
        );
        if t[pos] {
            ensure!(
                u.encoded && len == 3,
                "triplet at {pos} is not one encoded unit"
            );
            let v =
                u8::from_str_radix(std::str::from_utf8(&x[pos + 1..pos + 3]).unwrap(), 16).unwrap();
            ensure!(u.value == v, "triplet value at {pos}");
        } else {
            ensure!(!u.encoded && len == 1, "raw unit at {pos} has length {len}");
            ensure!(u.value == x[pos], "raw value at {pos}");
        }
        while spans.next_if(|s| s.range.end <= pos).is_some() {}
        let sk = spans
            .peek()
            .filter(|s| s.range.contains(&pos))
            .map(|s| s.kind);
        ensure!(u.span_kind == sk, "unit at {pos}: span kind");
        match sk {
            Some(k) => ensure!(u.role == k.role(), "unit at {pos}: role"),
            None => ensure!(u.role == Role::Data, "unit at {pos} outside any span"),
        }
        pos = u.range.end;
    }
    ensure!(pos == x.len(), "units cover [0, {pos}) of [0, {})", x.len());

    if !infos.is_empty() {
        let n = x.len();
        let k = (n.wrapping_mul(7) / 13) % infos.len();
        let start = infos[k].range.start;
        let end = (start + 1 + n / 3).min(n);
        let win = unit_infos_in(x, p, start..end);
        let whole: Vec<_> = infos
            .iter()
            .filter(|u| u.range.start >= start && u.range.start < end)
            .cloned()
            .collect();
        ensure!(
            win == whole,
            "unit_infos_in({start}..{end}) differs from unit_infos"
        );
    }
    Ok(())
}

/// Everything above for `tokenize` and `tokenize_unframed` (each deterministic), and the
/// test-vector notation round-tripping `x`.
pub fn check_tokenize(x: &[u8]) -> Result<(), String> {
    for framed in [true, false] {
        let run = || {
            if framed {
                tokenize(x)
            } else {
                tokenize_unframed(x)
            }
        };
        let p = run();
        ensure!(
            p == run(),
            "tokenize (framed {framed}) is not deterministic"
        );
        check_span_list(x, &p, framed)?;
        check_structure(x, &p, framed)?;
        check_units(x, &p)?;
    }
    let enc = encode(x);
    ensure!(
        enc.bytes().all(|b| (0x21..=0x7E).contains(&b) && b != b'|'),
        "notation::encode emitted a non-printable octet"
    );
    ensure!(
        notation::decode(&enc).as_deref() == Ok(x),
        "notation round trip of {enc}"
    );
    Ok(())
}
