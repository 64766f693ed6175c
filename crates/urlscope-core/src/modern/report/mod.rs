//! What `explain` shows (docs/cli.md), computed once: the [`model::Report`] of a URL under a
//! profile and its JSON ([`fast_json`]), the same for `urlscope explain --json` and the Python
//! package's `explain`. Every octet string taken from the input is kept as octets; the JSON
//! writes them losslessly, a terminal renderer escapes them.

pub(crate) mod fast_json;
mod glance;
pub(crate) mod model;
pub(crate) mod step;
pub(crate) mod tails;
pub(crate) mod whatwg;
mod window;
pub use glance::{ComponentPlace, Glance, glance};

use std::ops::Range;

use crate::explain;
use crate::modern::charset::{self, Charset};
use crate::modern::query::TrackingList;
use crate::url::classes::{Class, Classification, Hint};
use crate::url::diff::{self, RuleMap};
use crate::url::octets::Octets;
use crate::url::span::SpanKind;
use crate::url::{Options, Outcome, Parsed, Profile, UnitInfo};
use model::*;
use step::JsonStep;

struct Ctx<'a> {
    x: &'a [u8],
    parsed: &'a Parsed,
    profile: Profile,
}

impl<'a> Ctx<'a> {
    fn part(&self, r: &Range<usize>) -> Part<'a> {
        Part {
            start: r.start,
            end: r.end,
            raw: Octets(&self.x[r.clone()]),
            decoded: DecodedOctets(
                self.parsed
                    .decoded(self.x, r.clone(), self.profile)
                    .collect(),
            ),
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

    /// The params items of `r` (split on `;` by the core).
    fn param_items(&self, r: &Range<usize>) -> Vec<Part<'a>> {
        crate::url::components::param_items(self.x, r.clone())
            .iter()
            .map(|r| self.part(r))
            .collect()
    }
}

/// The record of span `s` of `x`.
fn span_json<'a>(x: &'a [u8], s: &crate::url::syntax::span::Span) -> SpanJson<'a> {
    SpanJson {
        kind: s.kind.name(),
        role: s.kind.role().name(),
        start: s.range.start,
        end: s.range.end,
        text: Octets(&x[s.range.clone()]),
    }
}

/// The record of unit `u`, made when it is written: a 1 MiB input has about a
/// million units, and `UnitsJson` keeps none of them in memory.
pub fn unit_json<'a>(
    x: &'a [u8],
    u: &UnitInfo,
    actions: &RuleMap,
    classification: Classification,
) -> UnitJson<'a> {
    UnitJson {
        start: u.range.start,
        end: u.range.end,
        text: Octets(&x[u.range.clone()]),
        encoded: u.encoded,
        value: crate::url::octets::hex_pair(u.value),
        span: u.span_kind.map(SpanKind::name),
        role: u.role.name(),
        classes: class_names(u),
        hints: u.hints_for(classification).map(Hint::as_str).collect(),
        action: actions.last_in(u.range.clone()),
    }
}

fn class_names(u: &UnitInfo) -> Classes {
    Classes {
        c1738: u.class_1738.name(),
        c2396: u.class_2396.name(),
        cfido: u.class_fido.name(),
        c3986: u.class_3986.name(),
        cwhatwg: u.class_whatwg.name(),
    }
}

/// The query table of `x`, its tracking pairs flagged by `tracking`.
fn query_table<'a>(
    x: &'a [u8],
    parsed: &Parsed,
    tracking: &TrackingList,
) -> Option<QueryTableJson<'a>> {
    let mut t = crate::modern::query::table_of(x, parsed);
    t.query.as_ref()?;
    tracking.flag(&mut t);
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

/// The report's diff and the per-octet actions of its units, from one pass of the
/// core's provenance: the script as records, the text of a deletion or an equal run taken from
/// `x`, of an insertion from the output. The inspector draws the same diff.
pub fn diff_and_actions<'a>(x: &'a [u8], outcome: &'a Outcome) -> (Vec<DiffJson<'a>>, RuleMap) {
    let (d, actions) = diff::diff_and_rules(x, outcome);
    let records = d
        .script
        .into_iter()
        .map(|(op, r)| DiffJson {
            op: op.name(),
            text: Octets(if op == diff::Op::Insert {
                &outcome.output[r]
            } else {
                &x[r]
            }),
        })
        .collect();
    (records, actions)
}

/// Build the report for `x` (tokenized as `parsed`, its units `units`, normalized as `outcome`)
/// under `profile`; `tracking` names the query's tracking parameters (a user's configuration).
pub fn report<'a>(
    x: &'a [u8],
    parsed: &'a Parsed,
    units: &'a [UnitInfo],
    outcome: &'a Outcome,
    profile: Profile,
    opts: &'a Options,
    tracking: &TrackingList,
) -> Report<'a> {
    let classification = profile.classification();
    let ctx = Ctx { x, parsed, profile };
    let components = parsed
        .components()
        .into_iter()
        .map(|(c, r)| ctx.component(c.name(), r.as_ref()))
        .collect();
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
                .map(|p| ctx.param_items(p))
                .unwrap_or_default(),
        })
        .collect();
    let params = parsed
        .params
        .as_ref()
        .map(|p| ctx.param_items(p))
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
    let query_table = query_table(x, parsed, tracking);
    let spans = parsed.spans.iter().map(|s| span_json(x, s)).collect();

    let (diff, actions) = diff_and_actions(x, outcome);
    let mut seen_classes: Vec<(Classification, Class)> = Vec::new();
    let mut seen_hints: Vec<Hint> = Vec::new();
    for u in units {
        for c in Classification::EVERY {
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
            explanation: text_json(Some(explain::class(k, c))),
        })
        .collect();
    let hint_texts = seen_hints
        .into_iter()
        .map(|h| HintText {
            id: h.as_str(),
            explanation: text_json(Some(explain::hint(h))),
        })
        .collect();

    let diag = |id: crate::url::diag::Diag| Diagnostic {
        id: id.as_str(),
        explanation: text_json(Some(explain::diagnostic(id))),
    };
    let warnings = crate::url::profiles::diagnostics::warnings(parsed, profile, &outcome.flags)
        .into_iter()
        .map(diag)
        .collect();
    let errors = outcome.errors().map(diag).collect();
    let old_rule_today = crate::modern::today::meaning_changes(outcome)
        .iter()
        .map(OldRuleJson::from)
        .collect();
    let steps = outcome
        .steps
        .iter()
        .map(|s| {
            let rules: Vec<&'static str> = s.rules().iter().map(|r| r.as_str()).collect();
            StepJson {
                record: JsonStep::of(s),
                edit_count: s.edits.len(),
                explanation: text_json(explain::step_or_resolution(s.step.as_str(), profile)),
                rule_explanations: rules
                    .iter()
                    .filter(|r| **r != s.step.as_str())
                    .filter_map(|r| explain::step_or_resolution(r, profile).map(TextJson::from))
                    .collect(),
                rules,
                whatwg: whatwg::trace_json(s),
            }
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
        decoding: None,
        warnings,
        errors,
        old_rule_today,
        steps,
        output: Octets(&outcome.output),
        diff,
    }
}

/// The `--decode` section: every component with `%XX` or raw octets 80–FF, decoded by `cs`.
pub fn decoding(x: &[u8], parsed: &Parsed, cs: Charset) -> DecodingJson {
    let found = charset::decode_components(x, parsed, cs);
    let all: Vec<u8> = found
        .iter()
        .flat_map(|c| charset::octets_of(x, c.range.clone()))
        .collect();
    DecodingJson {
        charset: cs.name(),
        label: cs.label(),
        guess: charset::guess(&all).map(Charset::name),
        components: found
            .into_iter()
            .map(|c| ComponentDecodingJson {
                span: c.kind.name(),
                start: c.range.start,
                end: c.range.end,
                text: c.decoded.display(),
                has_invalid: c.decoded.has_invalid(),
            })
            .collect(),
    }
}

/// `explain --json`'s document for `x` under `profile` (without the line break after it), the
/// query's tracking parameters read by `tracking`. Never panics: any octets have a document.
pub fn json(x: &[u8], profile: Profile, opts: &Options, tracking: &TrackingList) -> Vec<u8> {
    let parsed = crate::tokenize(x);
    let units = crate::url::unit_infos(x, &parsed);
    let outcome = crate::normalize(x, profile, opts);
    fast_json::to_vec(&report(
        x, &parsed, &units, &outcome, profile, opts, tracking,
    ))
}
