//! Checks shared by `properties.rs` and `robustness.rs`: the §1.6 tokenizer invariants, the
//! §3.0 step-record invariants and the §2.5 unit tiling. Each returns a message on failure.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

use urlscope::url::notation::encode;
use urlscope::url::octets::triplet_at;
use urlscope::url::{
    Options, Outcome, Parsed, PdfState, Profile, StepStatus, apply_edits, tokenize, unit_infos,
};

/// The fixed base of the PDF runs (RFC 1808's example base without its fragment).
pub const BASE: &[u8] = b"http://a/b/c/d;p?q";

macro_rules! ensure {
    ($cond:expr, $($msg:tt)*) => {
        if !$cond {
            return Err(format!($($msg)*));
        }
    };
}

/// Every (profile, options) combination: each profile with default options, and PDF without a
/// base and with `BASE`, each with every `PdfState`.
pub fn all_configs() -> Vec<(Profile, Options)> {
    let mut v = Vec::new();
    for p in Profile::ALL {
        if p != Profile::Pdf {
            v.push((p, Options::default()));
        }
    }
    for base in [None, Some(BASE.to_vec())] {
        for pdf_state in PdfState::ALL {
            v.push((
                Profile::Pdf,
                Options {
                    base: base.clone(),
                    pdf_state,
                    ..Options::default()
                },
            ));
        }
    }
    v
}

pub fn describe(p: Profile, o: &Options) -> String {
    format!(
        "{} (base {}, {:?})",
        p.name(),
        o.base.as_deref().map_or("none".to_string(), encode),
        o.pdf_state
    )
}

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

/// §1.6 invariants 1, 3 and 4 on `tokenize(x)`; returns the parse for further use.
pub fn check_spans(x: &[u8]) -> Result<Parsed, String> {
    let p = tokenize(x);
    let mut pos = 0;
    for s in &p.spans {
        ensure!(
            s.range.start == pos,
            "span {s:?} does not start where the previous one ended ({pos})"
        );
        ensure!(s.range.end > s.range.start, "empty span {s:?}");
        let text = &x[s.range.clone()];
        if let Some(allowed) = spec_delimiter(s.kind.name()) {
            ensure!(
                allowed.contains(&text),
                "delimiter span {} holds {}",
                s.kind.name(),
                encode(text)
            );
        }
        // The core's own table must agree with the SPEC's.
        ensure!(
            s.kind.delimiter_octets() == spec_delimiter(s.kind.name()),
            "SpanKind::delimiter_octets of {} differs from SPEC §1.3",
            s.kind.name()
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
    Ok(p)
}

/// §2.5: the unit records tile the input with 1-octet raw units and 3-octet triplets.
pub fn check_units(x: &[u8], parsed: &Parsed) -> Result<(), String> {
    let mut pos = 0;
    for u in unit_infos(x, parsed) {
        ensure!(
            u.range.start == pos,
            "unit {:?} does not start at {pos}",
            u.range
        );
        let len = u.range.end - u.range.start;
        ensure!(len == 1 || len == 3, "unit {:?} has length {len}", u.range);
        ensure!(
            u.encoded == (len == 3),
            "unit {:?}: encoded = {}",
            u.range,
            u.encoded
        );
        ensure!(
            u.encoded == triplet_at(x, u.range.start),
            "unit {:?}: encoded = {} but triplet_at = {}",
            u.range,
            u.encoded,
            triplet_at(x, u.range.start)
        );
        pos = u.range.end;
    }
    ensure!(pos == x.len(), "units cover [0, {pos}) of [0, {})", x.len());
    Ok(())
}

/// §3.0 step-record invariants of one traced outcome.
pub fn check_outcome(x: &[u8], p: Profile, o: &Options, out: &Outcome) -> Result<(), String> {
    let who = describe(p, o);
    ensure!(
        out.profile == p,
        "{who}: outcome.profile = {:?}",
        out.profile
    );
    ensure!(
        out.frame_open.start == 0,
        "{who}: frame_open {:?} does not start at 0",
        out.frame_open
    );
    ensure!(
        out.frame_close.end == x.len(),
        "{who}: frame_close {:?} does not end at n",
        out.frame_close
    );
    ensure!(
        out.frame_open.end <= out.frame_close.start,
        "{who}: frames overlap"
    );
    if p == Profile::None {
        ensure!(out.steps.is_empty(), "{who}: profile none has steps");
    }
    let mut cur: &[u8] = &x[out.frame_open.end..out.frame_close.start];
    for (i, s) in out.steps.iter().enumerate() {
        ensure!(
            *s.before == *cur,
            "{who}: step {i} ({}): before = {} but the previous string is {}",
            s.step,
            encode(&s.before),
            encode(cur)
        );
        let mut end = 0;
        for e in &s.edits {
            ensure!(
                e.range.start >= end
                    && e.range.start <= e.range.end
                    && e.range.end <= s.before.len(),
                "{who}: step {}: edits out of order, overlapping or out of bounds: {:?}",
                s.step,
                s.edits
            );
            end = e.range.end;
        }
        let applied = apply_edits(&s.before, &s.edits);
        ensure!(
            applied[..] == s.after[..],
            "{who}: step {}: apply_edits(before, edits) = {} but after = {}",
            s.step,
            encode(&applied),
            encode(&s.after)
        );
        if matches!(
            s.status,
            StepStatus::NoChange | StepStatus::NotApplicable(_)
        ) {
            ensure!(
                s.before == s.after,
                "{who}: step {} has status {:?} but changed {} into {}",
                s.step,
                s.status,
                encode(&s.before),
                encode(&s.after)
            );
        }
        cur = &s.after;
    }
    let mut expected = x[out.frame_open.clone()].to_vec();
    expected.extend_from_slice(cur);
    expected.extend_from_slice(&x[out.frame_close.clone()]);
    ensure!(
        out.output == expected,
        "{who}: output {} != frame_open ++ last after ++ frame_close = {}",
        encode(&out.output),
        encode(&expected)
    );
    Ok(())
}

/// The step log names the profile's steps in its step table's order (the table is checked
/// against SPEC §3.1–§3.4 and §6.1 in the core), each edit carries one of its step's rule ids,
/// and the status agrees with the edits (Changed exactly when there are edits, unless the step
/// reports an error).
pub fn check_step_ids(p: Profile, o: &Options, out: &Outcome) -> Result<(), String> {
    let who = describe(p, o);
    let spec: Vec<_> = p.steps().map(|s| (s.id, s.rules)).collect();
    let mut next = 0;
    for s in &out.steps {
        let Some(k) = spec[next..].iter().position(|(id, _)| *id == s.step) else {
            return Err(format!(
                "{who}: step {} is not a SPEC step of this profile, or out of order (log: {:?})",
                s.step,
                out.steps.iter().map(|s| s.step).collect::<Vec<_>>()
            ));
        };
        let rules = spec[next + k].1;
        next += k + 1;
        for e in &s.edits {
            ensure!(
                rules.contains(&e.rule),
                "{who}: step {} has an edit with rule {}",
                s.step,
                e.rule
            );
        }
        match s.status {
            StepStatus::Error(_) => {}
            StepStatus::Changed => ensure!(
                !s.edits.is_empty(),
                "{who}: step {} Changed without edits",
                s.step
            ),
            _ => ensure!(
                s.edits.is_empty(),
                "{who}: step {} is {:?} but has edits",
                s.step,
                s.status
            ),
        }
    }
    Ok(())
}

/// Whether the `url` crate's own href is not a fixed point of the crate's parser: such an input
/// is outside the WHATWG profile's idempotence claim, which can be no stronger than the crate.
/// With url 2.5.8 no WPT input and no property-test input has been found to need it
/// (`tests/modern_profiles.rs` lists any that would).
pub fn whatwg_known_unstable(href: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(href) else {
        return false;
    };
    let Ok(u) = url::Url::parse(s) else {
        // A failure keeps the input, which fails again: a fixed point.
        return false;
    };
    u.as_str() != s
}
