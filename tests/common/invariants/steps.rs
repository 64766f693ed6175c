//! Step records (docs/rules.md, "Profiles and step records") (the chain, the edits, the frames), the step ids and rule ids of
//! each profile's step table, the batch `Normalizer` against the traced `normalize`, and
//! idempotence.

use urlscope_core::url::notation::encode;
use urlscope_core::url::{Normalizer, StepStatus, apply_edits};
use urlscope_core::{Options, Outcome, Profile, normalize};

use super::describe;

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
    ensure!(
        out.frame_open.start <= out.frame_open.end && out.frame_close.start <= out.frame_close.end,
        "{who}: frame ranges reversed"
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
        ensure!(
            !s.edits.is_empty() || s.before == s.after,
            "{who}: step {i} ({}): no edits but changed",
            s.step
        );
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
    // RFC 1738, Hyvätti, FidoURL and RFC 3986 encode every control, space and non-ASCII octet
    // (R1/R2, H3, F3/F4, M3), and frames are ASCII: their output is printable
    // ASCII, safe on a terminal.
    if matches!(
        p,
        Profile::Rfc1738 | Profile::Hyvatti | Profile::Fido | Profile::Rfc3986
    ) {
        ensure!(
            out.output.iter().all(|b| (0x21..=0x7E).contains(b)),
            "{who}: output {} holds an octet outside 0x21..=0x7E",
            encode(&out.output)
        );
    }
    Ok(())
}

/// The step log names the profile's steps in their order, each edit carries one of its step's
/// rule ids, and the status agrees with the edits (Changed exactly when there are edits, unless
/// the step reports an error).
pub fn check_step_ids(p: Profile, o: &Options, out: &Outcome) -> Result<(), String> {
    let who = describe(p, o);
    let spec: Vec<_> = p.steps().map(|s| (s.id, s.rules)).collect();
    let mut next = 0;
    for s in &out.steps {
        let Some(k) = spec[next..].iter().position(|(id, _)| *id == s.step) else {
            return Err(format!(
                "{who}: step {} is not a step of this profile, or out of order (log: {:?})",
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

/// The untraced `Normalizer` equals the traced outcome `traced` of `x`: fresh, or after `warm`
/// (buffer and cache reuse between records), appending to its buffer, with the same flags, and
/// again when reused on `x`.
pub fn check_normalizer(
    x: &[u8],
    warm: Option<&[u8]>,
    p: Profile,
    o: &Options,
    traced: &Outcome,
) -> Result<(), String> {
    let who = describe(p, o);
    let mut n = Normalizer::new(p, o.clone());
    if let Some(w) = warm {
        n.normalize_into(w, &mut Vec::new());
    }
    let mut out = b"prefix".to_vec();
    let flags = n.normalize_into(x, &mut out).to_vec();
    ensure!(
        out.starts_with(b"prefix"),
        "{who}: normalize_into must append"
    );
    ensure!(
        out[6..] == traced.output[..],
        "{who}: Normalizer::normalize_into gives {} but normalize gives {} on {}",
        encode(&out[6..]),
        encode(&traced.output),
        encode(x)
    );
    ensure!(
        flags == traced.flags,
        "{who}: Normalizer flags {flags:?} but normalize flags {:?} on {}",
        traced.flags,
        encode(x)
    );
    let mut again = Vec::new();
    n.normalize_into(x, &mut again);
    ensure!(
        again == traced.output,
        "{who}: a reused Normalizer gives {} on {}",
        encode(&again),
        encode(x)
    );
    Ok(())
}

/// §3.0 idempotence: `normalize(normalize(x)) == normalize(x)`.
pub fn check_idempotent(x: &[u8], p: Profile, o: &Options) -> Result<(), String> {
    let once = normalize(x, p, o).output;
    let twice = normalize(&once, p, o).output;
    ensure!(
        twice == once,
        "{} not idempotent on input {}: {} then {}",
        describe(p, o),
        encode(x),
        encode(&once),
        encode(&twice)
    );
    Ok(())
}

/// One traced run of `x` through everything above (a fuzz target's whole check): the step
/// records, the step ids, determinism, the batch normalizer after `warm`, and idempotence when
/// `idempotent`.
pub fn check_normalize(
    x: &[u8],
    warm: &[u8],
    p: Profile,
    o: &Options,
    idempotent: bool,
) -> Result<(), String> {
    let out = normalize(x, p, o);
    check_outcome(x, p, o, &out)?;
    check_step_ids(p, o, &out)?;
    ensure!(
        normalize(x, p, o) == out,
        "{}: normalize is not deterministic",
        describe(p, o)
    );
    check_normalizer(x, Some(warm), p, o, &out)?;
    if idempotent {
        check_idempotent(x, p, o)?;
    }
    Ok(())
}
