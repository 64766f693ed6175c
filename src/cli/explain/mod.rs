//! `urlscope explain`: the non-interactive teaching view (SPEC §7.8).
//!
//! One [`Report`](model::Report) is computed from the core ([`report`]) and either serialized
//! (`--json`) or rendered as text ([`text`]). Every octet string taken from the input is kept as
//! octets in the report; the text renderer escapes it, the JSON writer encodes it losslessly.

pub mod fast_json;
pub mod model;
pub mod text;

use std::ops::Range;

use super::args::ExplainArgs;
use super::diff::{self, Op};
use super::json::Octets;
use super::normalize::{JsonStep, options};
use super::texts;
use super::{Result, use_color};
use crate::url::classes::{Class, Classification};
use crate::url::span::SpanKind;
use crate::url::{
    Options, Outcome, Parsed, Profile, UnitInfo, normalize, octets, tokenize, unit_infos,
};
use model::*;
use std::io::Write as _;
use std::os::fd::AsFd as _;

/// For every input octet, the last `(step, rule)` whose edit replaced it or text derived from it.
/// Provenance is carried through the steps by applying each step's edits (SPEC §7.5): a
/// replacement inherits the input offset of the first octet it replaces.
pub fn octet_actions(input_len: usize, outcome: &Outcome) -> Vec<Option<Action>> {
    let mut actions = vec![None; input_len];
    let body = outcome.frame_open.end..outcome.frame_close.start.max(outcome.frame_open.end);
    let mut origin: Vec<Option<usize>> = body.clone().map(Some).collect();
    for s in &outcome.steps {
        if s.edits.is_empty() || origin.len() != s.before.len() {
            if origin.len() != s.before.len() {
                // Not a chain we can follow (should not happen); stop attributing.
                break;
            }
            continue;
        }
        let mut next = Vec::with_capacity(s.after.len());
        let mut pos = 0;
        for e in &s.edits {
            next.extend_from_slice(&origin[pos..e.range.start]);
            let first = origin[e.range.start..e.range.end]
                .iter()
                .flatten()
                .next()
                .copied()
                .or_else(|| origin.get(e.range.start).copied().flatten());
            for o in origin[e.range.start..e.range.end].iter().flatten() {
                actions[*o] = Some(Action {
                    step: s.step.as_str(),
                    rule: e.rule.as_str(),
                });
            }
            if e.range.is_empty()
                && let Some(o) = first
            {
                actions[o] = Some(Action {
                    step: s.step.as_str(),
                    rule: e.rule.as_str(),
                });
            }
            next.extend(std::iter::repeat_n(first, e.replacement.len()));
            pos = e.range.end;
        }
        next.extend_from_slice(&origin[pos..]);
        origin = next;
    }
    actions
}

/// The decoded view (SPEC §1.7): every triplet decoded exactly once; under `fido`, a raw `+` in
/// the SSP is also shown as a space.
pub fn decoded(x: &[u8], range: Range<usize>, plus_as_space: Option<&Range<usize>>) -> Vec<u8> {
    let mut out = Vec::with_capacity(range.len());
    for u in octets::units_in(x, range) {
        if !u.encoded && u.value == b'+' && plus_as_space.is_some_and(|ssp| ssp.contains(&u.start))
        {
            out.push(b' ');
        } else {
            out.push(u.value);
        }
    }
    out
}

struct Ctx<'a> {
    x: &'a [u8],
    ssp: Option<Range<usize>>,
}

impl<'a> Ctx<'a> {
    fn part(&self, r: &Range<usize>) -> Part<'a> {
        Part {
            start: r.start,
            end: r.end,
            raw: Octets(&self.x[r.clone()]),
            decoded: DecodedOctets(decoded(self.x, r.clone(), self.ssp.as_ref())),
        }
    }

    fn component(&self, name: &'static str, r: Option<&Range<usize>>) -> Component<'a> {
        match r {
            None => Component {
                name,
                state: "absent",
                part: None,
            },
            Some(r) => Component {
                name,
                state: if r.is_empty() { "empty" } else { "present" },
                part: Some(self.part(r)),
            },
        }
    }

    /// Split `r` on `;` into parts.
    fn split_semicolons(&self, r: &Range<usize>) -> Vec<Part<'a>> {
        let mut out = Vec::new();
        let mut start = r.start;
        for i in r.clone() {
            if self.x[i] == b';' {
                out.push(self.part(&(start..i)));
                start = i + 1;
            }
        }
        out.push(self.part(&(start..r.end)));
        out
    }
}

/// The record of unit `u` (SPEC §2.5), made when it is written: a 1 MiB input has about a
/// million units, and [`UnitsJson`] keeps none of them in memory.
pub fn unit_json<'a>(
    x: &'a [u8],
    u: &UnitInfo,
    actions: &[Option<Action>],
    classification: Classification,
) -> UnitJson<'a> {
    UnitJson {
        start: u.range.start,
        end: u.range.end,
        text: Octets(&x[u.range.clone()]),
        encoded: u.encoded,
        value: hex_pair(u.value),
        span: u.span_kind.map(SpanKind::name),
        role: u.role.name(),
        classes: class_names(u),
        hints: u.hints_for(classification).collect(),
        action: actions[u.range.clone()]
            .iter()
            .rev()
            .flatten()
            .next()
            .copied(),
    }
}

fn class_names(u: &UnitInfo) -> Classes {
    Classes {
        c1738: u.class_1738.name(),
        c2396: u.class_2396.name(),
        cfido: u.class_fido.name(),
    }
}

/// The query table of `x` (SPEC-MODERN §10.4), computed by the core.
fn query_table<'a>(x: &'a [u8], parsed: &Parsed) -> Option<QueryTableJson<'a>> {
    let t = crate::modern::query::table_of(x, parsed);
    t.query.as_ref()?;
    let stripped = crate::modern::query::without_tracking(x, &t);
    Some(QueryTableJson {
        pairs: t
            .pairs
            .into_iter()
            .map(|p| QueryPairJson {
                start: p.range.start,
                end: p.range.end,
                key: Octets(&x[p.key]),
                key_decoded: DecodedOctets(p.key_decoded),
                value_decoded: p.value.as_ref().map(|_| DecodedOctets(p.value_decoded)),
                value: p.value.map(|v| Octets(&x[v])),
                tracking: p.tracking,
            })
            .collect(),
        tracking_count: stripped.removed,
        without_tracking: DecodedOctets(stripped.url),
    })
}

/// Build the report for `x` under `profile`.
pub fn report<'a>(
    x: &'a [u8],
    parsed: &'a Parsed,
    units: &'a [UnitInfo],
    outcome: &'a Outcome,
    profile: Profile,
    opts: &'a Options,
) -> Report<'a> {
    let classification = profile.classification();
    let ctx = Ctx {
        x,
        ssp: (profile == Profile::Fido).then(|| parsed.ssp.clone()),
    };
    let components = vec![
        ctx.component("scheme", parsed.scheme.as_ref()),
        ctx.component("user", parsed.user.as_ref()),
        ctx.component("password", parsed.password.as_ref()),
        ctx.component("host", parsed.host.as_ref()),
        ctx.component("port", parsed.port.as_ref()),
        ctx.component("path", Some(&parsed.path)),
        ctx.component("params", parsed.params.as_ref()),
        ctx.component("query", parsed.query.as_ref()),
        ctx.component("fragment", parsed.fragment.as_ref()),
    ];
    let segments = parsed
        .segments
        .iter()
        .map(|s| SegmentJson {
            start: s.range.start,
            end: s.range.end,
            name: ctx.part(&s.name),
            params: s
                .params
                .as_ref()
                .map(|p| ctx.split_semicolons(p))
                .unwrap_or_default(),
        })
        .collect();
    let params = parsed
        .params
        .as_ref()
        .map(|p| ctx.split_semicolons(p))
        .unwrap_or_default();
    let query_pairs = parsed
        .pairs
        .iter()
        .map(|p| PairJson {
            key: ctx.part(&p.key),
            value: p.value.as_ref().map(|v| ctx.part(v)),
        })
        .collect();
    let areatags = parsed
        .areatags
        .iter()
        .map(|a| AreatagJson {
            tag: ctx.part(&a.tag),
            domain: a.domain.as_ref().map(|d| ctx.part(d)),
        })
        .collect();
    let semicolon_pair_separator = parsed
        .spans
        .iter()
        .any(|s| s.kind == SpanKind::PairSeparator && x[s.range.clone()] == *b";");
    let query_table = query_table(x, parsed);
    let spans = parsed
        .spans
        .iter()
        .map(|s| SpanJson {
            kind: s.kind.name(),
            role: s.kind.role().name(),
            start: s.range.start,
            end: s.range.end,
            text: Octets(&x[s.range.clone()]),
        })
        .collect();

    let actions = octet_actions(x.len(), outcome);
    let mut seen_classes: Vec<(Classification, Class)> = Vec::new();
    let mut seen_hints: Vec<&'static str> = Vec::new();
    for u in units {
        for c in Classification::ALL {
            let k = (c, u.class(c));
            if !seen_classes.contains(&k) {
                seen_classes.push(k);
            }
        }
        for h in u.hints_for(classification) {
            if !seen_hints.contains(&h) {
                seen_hints.push(h);
            }
        }
    }
    let units_json = UnitsJson {
        x,
        units,
        actions,
        classification,
    };
    let class_texts = seen_classes
        .into_iter()
        .map(|(c, k)| ClassText {
            classification: c.name(),
            class: k.name(),
            explanation: text_json(texts::class(k, c)),
        })
        .collect();
    let hint_texts = seen_hints
        .into_iter()
        .map(|h| HintText {
            id: h,
            explanation: text_json(texts::hint(h)),
        })
        .collect();

    let diag = |id: crate::url::diag::Diag| Diagnostic {
        id: id.as_str(),
        explanation: text_json(texts::diagnostic(id)),
    };
    let warnings = crate::url::diag::warnings(parsed, profile, &outcome.flags)
        .into_iter()
        .map(diag)
        .collect();
    let errors = outcome.errors().map(diag).collect();
    let steps = outcome
        .steps
        .iter()
        .map(|s| {
            let rules: Vec<&'static str> = s.rules().iter().map(|r| r.as_str()).collect();
            StepJson {
                record: JsonStep::of(s),
                edit_count: s.edits.len(),
                explanation: text_json(texts::step(s.step.as_str(), profile)),
                rule_explanations: rules
                    .iter()
                    .filter(|r| **r != s.step.as_str())
                    .filter_map(|r| texts::step(r, profile).map(TextJson::from))
                    .collect(),
                rules,
            }
        })
        .collect();
    let diff = diff::best(x, outcome)
        .into_iter()
        .map(|(op, r)| match op {
            Op::Equal => DiffJson {
                op: "equal",
                text: Octets(&x[r]),
            },
            Op::Delete => DiffJson {
                op: "delete",
                text: Octets(&x[r]),
            },
            Op::Insert => DiffJson {
                op: "insert",
                text: Octets(&outcome.output[r]),
            },
        })
        .collect();
    Report {
        input: Octets(x),
        profile: profile.name(),
        profile_label: profile.label(),
        classification: classification.name(),
        base: opts.base().map(Octets),
        pdf_state: opts.pdf_state.name(),
        spans,
        components,
        segments,
        params,
        query_pairs,
        semicolon_pair_separator,
        query_table,
        areatags,
        units: units_json,
        class_texts,
        hint_texts,
        warnings,
        errors,
        steps,
        output: Octets(&outcome.output),
        diff,
    }
}

/// Render the explanation of `x` (text or JSON) into a byte buffer.
pub fn render(x: &[u8], profile: Profile, opts: &Options, json: bool, color: bool) -> Vec<u8> {
    let mut out = Vec::new();
    render_to(x, profile, opts, json, color, &mut out).expect("writing to a Vec cannot fail");
    out
}

/// Write the explanation of `x` (text or JSON) to `w`.
pub fn render_to(
    x: &[u8],
    profile: Profile,
    opts: &Options,
    json: bool,
    color: bool,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let parsed = tokenize(x);
    let units = unit_infos(x, &parsed);
    let outcome = normalize(x, profile, opts);
    let mut r = report(x, &parsed, &units, &outcome, profile, opts);
    if json {
        fast_json::write(&mut r, w)?;
        w.write_all(b"\n")
    } else {
        text::render_to(&r, x, &outcome.output, color, w)
    }
}

pub fn run(a: ExplainArgs) -> Result<i32> {
    let opts = options(a.base.as_deref(), a.pdf_state, a.host_aliases.as_deref())?;
    let x = super::read_input(&a.input)?;
    let color = !a.json && use_color(a.color);
    // The report arrives in blocks of 64 KiB: written to a handle of its own on standard
    // output, since `Stdout` is line-buffered and would search every block for a line break.
    let mut out = std::fs::File::from(std::io::stdout().as_fd().try_clone_to_owned()?);
    render_to(&x, a.profile, &opts, a.json, color, &mut out)?;
    out.flush()?;
    Ok(0)
}
