//! Invariant checks shared by the fuzz targets (SPEC §1.6, §3.0, §4.3, §3.4 F1).
//!
//! Each check panics with a message naming the broken invariant, so a libFuzzer crash report
//! says what went wrong, not only where.

use std::ops::Range;

use urlscope::url::{
    self, Normalizer, Options, Outcome, PdfState, Profile, Role, SpanKind, StepStatus, apply_edits,
    fido_join, normalize, remove_dot_segments, resolve, tokenize, tokenize_unframed, unit_infos,
    unit_infos_in,
};

/// The fixed base of the PDF targets (SPEC §3.3 P1 with a base).
pub const PDF_BASE: &[u8] = b"http://a/b/c/d;p?q";

/// `true` at every offset where a `%HH` triplet starts, scanning left to right as in SPEC §0.3.
/// Written independently of the core's scanner.
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

/// Is offset `b` strictly inside a triplet (a boundary there would split it)?
fn inside_triplet(t: &[bool], b: usize) -> bool {
    (b >= 1 && t.get(b - 1) == Some(&true)) || (b >= 2 && t.get(b - 2) == Some(&true))
}

fn check_range(r: &Range<usize>, n: usize, what: &str) {
    assert!(
        r.start <= r.end && r.end <= n,
        "{what}: range {r:?} not inside the input (len {n})"
    );
}

fn check_opt(r: &Option<Range<usize>>, n: usize, what: &str) {
    if let Some(r) = r {
        check_range(r, n, what);
    }
}

/// SPEC §1.6 invariants 1–4 for `tokenize` and `tokenize_unframed`, plus the per-unit records.
pub fn check_tokenize(x: &[u8]) {
    let n = x.len();
    let t = triplet_starts(x);
    for (framed, p) in [(true, tokenize(x)), (false, tokenize_unframed(x))] {
        // Invariant 2 (total, one tokenization): deterministic.
        let again = if framed {
            tokenize(x)
        } else {
            tokenize_unframed(x)
        };
        assert!(p == again, "tokenize is not deterministic");

        // Invariant 1: lossless.
        let mut pos = 0;
        for s in &p.spans {
            assert_eq!(s.range.start, pos, "spans not contiguous at {pos}: {s:?}");
            assert!(s.range.end > s.range.start, "empty span {s:?}");
            assert!(s.range.end <= n, "span past the end: {s:?}");
            pos = s.range.end;
        }
        assert_eq!(pos, n, "spans do not cover the input");
        let concat: Vec<u8> = p
            .spans
            .iter()
            .flat_map(|s| &x[s.range.clone()])
            .copied()
            .collect();
        assert!(concat == x, "concat(spans) != input");

        // Invariant 3: delimiter exactness.
        for s in &p.spans {
            match s.kind.delimiter_octets() {
                Some(allowed) => assert!(
                    allowed.contains(&&x[s.range.clone()]),
                    "delimiter span {s:?} holds {:?}",
                    &x[s.range.clone()]
                ),
                None => assert!(
                    !s.kind.is_delimiter(),
                    "{s:?} is a delimiter without octets"
                ),
            }
            if !framed {
                assert!(
                    s.kind != SpanKind::Frame,
                    "frame span from tokenize_unframed"
                );
            }
        }

        // Invariant 4: triplet integrity.
        for s in &p.spans {
            assert!(
                !inside_triplet(&t, s.range.start),
                "span boundary {} inside a triplet",
                s.range.start
            );
        }

        // The structured model stays inside the input and agrees with the frame spans.
        check_range(&p.frame_open, n, "frame_open");
        check_range(&p.frame_close, n, "frame_close");
        check_range(&p.body, n, "body");
        assert_eq!(p.frame_open.start, 0, "frame_open does not start at 0");
        assert_eq!(p.frame_open.end, p.body.start, "frame_open / body");
        assert_eq!(p.body.end, p.frame_close.start, "body / frame_close");
        assert_eq!(p.frame_close.end, n, "frame_close does not end at n");
        if !framed {
            assert_eq!(p.body, 0..n, "unframed body is not the whole input");
        } else {
            let (a, z) = url::tokenize::frame_bounds(x);
            assert_eq!(p.body, a..z, "body != frame_bounds");
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
            check_opt(r, n, what);
            if let Some(r) = r {
                assert!(
                    p.body.start <= r.start && r.end <= p.body.end,
                    "{what} {r:?} outside the body {:?}",
                    p.body
                );
            }
        }
        check_range(&p.path, n, "path");
        if let Some(s) = &p.scheme {
            assert_eq!(x.get(s.end), Some(&b':'), "scheme not followed by ':'");
        }
        if let Some(h) = p.fragment_mark {
            assert_eq!(x[h], b'#', "fragment_mark is not '#'");
            assert!(
                !x[p.body.start..h].contains(&b'#'),
                "fragment_mark is not the first '#'"
            );
        } else {
            assert!(
                !x[p.body.clone()].contains(&b'#'),
                "'#' but no fragment_mark"
            );
        }
        if let Some(q) = p.query_mark {
            assert_eq!(x[q], b'?', "query_mark is not '?'");
        }

        // Per-unit records tile the input, one per unit, and agree with the scanner above.
        let infos = unit_infos(x, &p);
        let mut pos = 0;
        for u in &infos {
            assert_eq!(u.range.start, pos, "unit_infos not contiguous at {pos}");
            let len = u.range.len();
            if t[pos] {
                assert!(
                    u.encoded && len == 3,
                    "triplet at {pos} not one encoded unit"
                );
                let v = u8::from_str_radix(std::str::from_utf8(&x[pos + 1..pos + 3]).unwrap(), 16)
                    .unwrap();
                assert_eq!(u.value, v, "triplet value at {pos}");
            } else {
                assert!(!u.encoded && len == 1, "raw unit at {pos} has len {len}");
                assert_eq!(u.value, x[pos], "raw value at {pos}");
            }
            // The unit's span kind is the kind of the span holding it.
            let sk = p
                .spans
                .iter()
                .find(|s| s.range.contains(&pos))
                .map(|s| s.kind);
            assert_eq!(u.span_kind, sk, "unit at {pos}: span kind");
            if let Some(k) = sk {
                assert_eq!(u.role, k.role(), "unit at {pos}: role");
            } else {
                assert_eq!(u.role, Role::Data, "unit at {pos} outside any span");
            }
            pos = u.range.end;
        }
        assert_eq!(pos, n, "unit_infos do not cover the input");

        // A window starting at a unit boundary gives the same records as the whole.
        if !infos.is_empty() {
            let k = (n.wrapping_mul(7) / 13) % infos.len();
            let start = infos[k].range.start;
            let end = (start + 1 + n / 3).min(n);
            let win = unit_infos_in(x, &p, start..end);
            let whole: Vec<_> = infos
                .iter()
                .filter(|u| u.range.start >= start && u.range.start < end)
                .cloned()
                .collect();
            assert!(
                win == whole,
                "unit_infos_in({start}..{end}) differs from unit_infos"
            );
        }
    }

    // The test-vector notation round-trips any octet string.
    let enc = url::notation::encode(x);
    assert!(
        enc.bytes().all(|b| (0x21..=0x7E).contains(&b) && b != b'|'),
        "notation::encode emitted a non-printable octet"
    );
    assert_eq!(
        url::notation::decode(&enc).as_deref(),
        Ok(x),
        "notation round trip"
    );
}

/// SPEC §3.0 step records: the chain, the edits and the frames.
pub fn check_steps(x: &[u8], o: &Outcome) {
    let n = x.len();
    check_range(&o.frame_open, n, "frame_open");
    check_range(&o.frame_close, n, "frame_close");
    assert_eq!(o.frame_open.start, 0, "frame_open.start");
    assert_eq!(o.frame_close.end, n, "frame_close.end");
    assert!(o.frame_open.end <= o.frame_close.start, "frames overlap");
    let body = &x[o.frame_open.end..o.frame_close.start];
    let mut last: &[u8] = body;
    for (i, s) in o.steps.iter().enumerate() {
        assert!(
            *s.before == *last,
            "step {i} ({}): before != previous after",
            s.step
        );
        let mut pos = 0;
        for e in &s.edits {
            assert!(
                e.range.start >= pos
                    && e.range.start <= e.range.end
                    && e.range.end <= s.before.len(),
                "step {i} ({}): edit {:?} overlaps, is out of order or out of range",
                s.step,
                e.range
            );
            pos = e.range.end;
        }
        assert!(
            apply_edits(&s.before, &s.edits)[..] == s.after[..],
            "step {i} ({}): apply_edits(before, edits) != after",
            s.step
        );
        match &s.status {
            StepStatus::NoChange | StepStatus::NotApplicable(_) => {
                assert!(
                    s.edits.is_empty(),
                    "step {i} ({}): edits without Changed",
                    s.step
                );
            }
            StepStatus::Changed => {
                assert!(
                    !s.edits.is_empty(),
                    "step {i} ({}): Changed without edits",
                    s.step
                );
            }
            StepStatus::Error(_) => {}
        }
        if s.edits.is_empty() {
            assert!(
                s.before == s.after,
                "step {i} ({}): no edits but changed",
                s.step
            );
        }
        last = &s.after;
    }
    let mut expect = x[o.frame_open.clone()].to_vec();
    expect.extend_from_slice(last);
    expect.extend_from_slice(&x[o.frame_close.clone()]);
    assert!(
        o.output == expect,
        "output != frame_open ++ last after ++ frame_close"
    );
}

/// Traced `normalize` vs the batch `Normalizer`, the step chain, and (when the SPEC promises
/// it) idempotence. `warm` is normalized first with the same `Normalizer`, so buffer and cache
/// reuse between records is exercised too.
pub fn check_normalize(x: &[u8], warm: &[u8], profile: Profile, opts: &Options, idempotent: bool) {
    let o = normalize(x, profile, opts);
    assert_eq!(o.profile, profile);
    check_steps(x, &o);
    assert!(
        normalize(x, profile, opts) == o,
        "normalize is not deterministic"
    );

    let mut nz = Normalizer::new(profile, opts.clone());
    let mut scratch = Vec::new();
    nz.normalize_into(warm, &mut scratch);
    let mut out = b"prefix".to_vec();
    let flags = nz.normalize_into(x, &mut out).to_vec();
    assert!(
        out.starts_with(b"prefix"),
        "normalize_into overwrote the buffer"
    );
    assert!(
        out[6..] == o.output[..],
        "Normalizer::normalize_into != traced normalize"
    );
    assert_eq!(flags, o.flags, "Normalizer flags != traced flags");

    // RFC 1738, Hyvätti and FidoURL encode every control, space and non-ASCII octet (R1/R2,
    // H3, F3/F4), and frames are ASCII: their output is printable ASCII, safe on a terminal.
    if matches!(profile, Profile::Rfc1738 | Profile::Hyvatti | Profile::Fido) {
        assert!(
            o.output.iter().all(|b| (0x21..=0x7E).contains(b)),
            "{} output holds an octet outside 0x21..=0x7E",
            profile.name()
        );
    }

    if idempotent {
        let o2 = normalize(&o.output, profile, opts);
        assert!(
            o2.output == o.output,
            "not idempotent: normalize(output) != output"
        );
    }
}

/// Options of the PDF targets: the first octet picks the base and the state.
pub fn pdf_options(sel: u8) -> (Options, bool) {
    let state = PdfState::ALL[(sel as usize >> 1) % 3];
    let base = if sel & 1 == 1 {
        Some(PDF_BASE.to_vec())
    } else {
        None
    };
    let idem = base.is_some() && state == PdfState::EncodedOnce;
    (
        Options {
            base,
            pdf_state: state,
            host_aliases: Vec::new(),
        },
        idem,
    )
}

/// SPEC §4.3 `D(path)` written naively from the text (leftmost match, repeat), for comparison.
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

/// `resolve`: no panic, deterministic; `D` never grows its input and matches the naive reading.
pub fn check_resolve(data: &[u8]) {
    let (base, reference) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&b""[..], data),
    };
    let r = resolve(base, reference);
    assert!(
        resolve(base, reference) == r,
        "resolve is not deterministic"
    );
    let (ra, rz) = url::tokenize::frame_bounds(reference);
    let ref_body = &reference[ra..rz];
    let (ba, bz) = url::tokenize::frame_bounds(base);
    let base_body = &base[ba..bz];
    let base_scheme = tokenize_unframed(base_body).scheme.is_some();
    if base_body.is_empty() || !base_scheme {
        assert!(r.output == ref_body, "no usable base: result != ref body");
        assert_eq!(
            r.error.is_some(),
            !base_body.is_empty(),
            "E-base-not-absolute iff base non-empty without scheme"
        );
    } else if ref_body.is_empty() {
        assert!(r.output == base_body, "empty ref: result != base body");
    } else if tokenize_unframed(ref_body).scheme.is_some() {
        assert!(r.output == ref_body, "ref with scheme: result != ref");
    } else {
        // The result carries the base's scheme.
        let out = tokenize_unframed(&r.output);
        let bs = tokenize_unframed(base_body).scheme.unwrap();
        assert_eq!(
            out.scheme.map(|s| &r.output[s]),
            Some(&base_body[bs]),
            "resolved result lost the base scheme"
        );
    }
    if let Some(m) = &r.merged_path {
        let d = remove_dot_segments(m);
        assert!(
            d.len() <= m.len(),
            "D(merged path) is longer than its input"
        );
    }
    for p in [reference, base, data] {
        let d = remove_dot_segments(p);
        assert!(d.len() <= p.len(), "D(path) is longer than its input");
        if p.len() <= 2048 {
            assert!(
                d == naive_dots(p),
                "D(path) differs from the SPEC §4.3 reading"
            );
        }
    }
}

/// F1 joining: the output is the kept ranges, which are ordered and inside the input.
pub fn check_join(x: &[u8]) {
    let has = x.windows(2).any(|w| w == b"%%");
    assert_eq!(url::join::has_pause_mark(x), has, "has_pause_mark");
    let Some(j) = fido_join(x) else {
        assert!(!has, "fido_join gave None with a %% present");
        return;
    };
    assert!(has, "fido_join joined without a %%");
    assert!(
        j.start <= j.stop && j.stop <= x.len(),
        "start/stop out of range"
    );
    let mut pos = j.start;
    let mut concat = Vec::new();
    for k in &j.kept {
        assert!(
            k.start >= pos && k.start < k.end && k.end <= j.stop,
            "kept range {k:?} out of order, empty or outside {}..{}",
            j.start,
            j.stop
        );
        concat.extend_from_slice(&x[k.clone()]);
        pos = k.end;
    }
    assert!(concat == j.output, "output != concat(kept)");
    assert!(
        !j.output.iter().any(|&b| url::octets::is_whitespace(b)),
        "joined URL holds whitespace"
    );
    let mut pos = j.start;
    for c in &j.continuations {
        assert!(
            c.start >= pos && c.end <= j.stop && c.len() >= 4,
            "continuation {c:?} out of order or too short"
        );
        assert!(
            x[c.clone()].starts_with(b"%%") && x[c.clone()].ends_with(b"%%"),
            "continuation {c:?} not %%…%%"
        );
        assert!(
            x[c.start + 2..c.end - 2]
                .iter()
                .any(|&b| b == b'\r' || b == b'\n'),
            "continuation {c:?} holds no line break"
        );
        pos = c.end;
    }
    assert!(fido_join(x) == Some(j), "fido_join is not deterministic");
}

/// Is `s` free of octets that could drive a terminal: C0 controls other than LF, DEL, C1
/// controls (UTF-8 `C2 80`–`C2 9F`) and bidi / zero-width format characters?
pub fn terminal_safe_text(s: &str) -> Result<(), String> {
    for (i, c) in s.char_indices() {
        let bad = (c < ' ' && c != '\n')
            || ('\u{7f}'..='\u{9f}').contains(&c)
            || matches!(c, '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if bad {
            return Err(format!("U+{:04X} at {i}", c as u32));
        }
    }
    Ok(())
}

/// Remove the SGR sequences (`ESC [ digits/; m`) a colour renderer writes.
pub fn strip_sgr(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0x1b && b.get(i + 1) == Some(&b'[') {
            let mut j = i + 2;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b';') {
                j += 1;
            }
            if b.get(j) == Some(&b'm') {
                i = j + 1;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).expect("removing ASCII sequences keeps UTF-8")
}

fn octets_of(v: &serde_json::Value, what: &str) -> Vec<u8> {
    if let serde_json::Value::Object(m) = v {
        assert!(
            m.len() == 1
                && m["hex"]
                    .as_str()
                    .is_some_and(|h| h.bytes().all(|c| matches!(c, b'0'..=b'9' | b'A'..=b'F'))),
            "{what}: octet object is not {{\"hex\": UPPERCASE}}"
        );
    }
    let o = urlscope::cli::json::octets_from(v).unwrap_or_else(|| panic!("{what}: not octets"));
    if v.is_object() {
        assert!(
            std::str::from_utf8(&o).is_err(),
            "{what}: valid UTF-8 written as hex"
        );
    }
    o
}

/// The explain report of `x` as JSON and as text (see `fuzz_targets/explain_json.rs`).
pub fn check_explain(sel: u8, x: &[u8]) {
    use serde_json::Value;
    let profile = Profile::ALL[sel as usize % 5];
    let (opts, _) = pdf_options(sel / 5);
    let out = urlscope::cli::explain::render(x, profile, &opts, true, false);
    assert_eq!(
        out.last(),
        Some(&b'\n'),
        "JSON report does not end in a newline"
    );
    let body = &out[..out.len() - 1];
    assert!(!body.contains(&b'\n'), "JSON report spans several lines");
    let v: Value = serde_json::from_slice(body).expect("explain --json is not JSON");
    assert!(
        serde_json::to_vec(&v).unwrap() == body,
        "JSON does not re-serialize to the same octets"
    );

    let o = normalize(x, profile, &opts);
    assert!(
        octets_of(&v["input"], "input") == x,
        "input does not round-trip"
    );
    assert!(
        octets_of(&v["output"], "output") == o.output,
        "output does not round-trip"
    );
    if let Some(b) = opts.base() {
        assert!(
            octets_of(&v["base"], "base") == b,
            "base does not round-trip"
        );
    }
    for (list, what) in [("spans", "span"), ("units", "unit")] {
        let mut concat = Vec::new();
        for s in v[list].as_array().expect("array") {
            let t = octets_of(&s["text"], what);
            let (a, z) = (
                s["start"].as_u64().unwrap() as usize,
                s["end"].as_u64().unwrap() as usize,
            );
            assert!(
                x.get(a..z) == Some(&t[..]),
                "{what} text != input[start..end]"
            );
            concat.extend_from_slice(&t);
        }
        assert!(concat == x, "{list} texts do not concatenate to the input");
    }
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), o.steps.len(), "step count");
    for (j, s) in steps.iter().zip(&o.steps) {
        assert_eq!(j["id"], s.step.as_str(), "step id");
        assert!(
            octets_of(&j["before"], "before")[..] == s.before[..],
            "step before"
        );
        assert!(
            octets_of(&j["after"], "after")[..] == s.after[..],
            "step after"
        );
        let edits = j["edits"].as_array().expect("edits");
        assert_eq!(edits.len(), s.edits.len(), "edit count");
        for (je, e) in edits.iter().zip(&s.edits) {
            assert!(
                octets_of(&je["replacement"], "replacement")[..] == e.replacement[..],
                "edit"
            );
            assert_eq!(je["start"].as_u64(), Some(e.range.start as u64));
            assert_eq!(je["end"].as_u64(), Some(e.range.end as u64));
        }
    }
    let (mut old, mut new) = (Vec::new(), Vec::new());
    for d in v["diff"].as_array().expect("diff") {
        let t = octets_of(&d["text"], "diff");
        match d["op"].as_str() {
            Some("equal") => {
                old.extend_from_slice(&t);
                new.extend_from_slice(&t);
            }
            Some("delete") => old.extend_from_slice(&t),
            Some("insert") => new.extend_from_slice(&t),
            op => panic!("diff op {op:?}"),
        }
    }
    assert!(old == x, "diff equal+delete != input");
    assert!(new == o.output, "diff equal+insert != output");

    // Terminal safety of the text renderer.
    for color in [false, true] {
        let t = urlscope::cli::explain::render(x, profile, &opts, false, color);
        let t = String::from_utf8(t).expect("explain text is not UTF-8");
        let t = if color { strip_sgr(&t) } else { t };
        if let Err(e) = terminal_safe_text(&t) {
            panic!("explain text (color {color}) lets {e} through");
        }
    }
}
