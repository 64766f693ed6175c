//! The data `explain` shows, as serializable types: the `--json` schema (docs/cli.md of the
//! command line).

use crate::url::diff::{RuleMap, StepRule};
use serde::Serialize;

use super::step::JsonStep;
use crate::explain::Explanation as Text;
use crate::url::octets::Octets;

/// An explanation as JSON: `{id, text, source}`.
#[derive(Serialize, Clone, Debug)]
pub struct TextJson {
    /// The explanation's id.
    pub id: &'static str,
    /// The sentence.
    pub text: &'static str,
    /// The source it rests on.
    pub source: &'static str,
}

impl From<Text> for TextJson {
    fn from(t: Text) -> TextJson {
        TextJson {
            id: t.id,
            text: t.text,
            source: t.source,
        }
    }
}

/// An optional explanation as JSON.
pub(crate) fn text_json(t: Option<Text>) -> Option<TextJson> {
    t.map(TextJson::from)
}

/// A diagnostic with its sentence.
#[derive(Serialize)]
pub struct Diagnostic {
    pub id: &'static str,
    pub explanation: Option<TextJson>,
}

#[derive(Serialize)]
pub struct SpanJson<'a> {
    pub kind: &'static str,
    pub role: &'static str,
    pub start: usize,
    pub end: usize,
    pub text: Octets<'a>,
}

/// A piece of the input: its range, raw octets and decoded view.
#[derive(Serialize)]
pub struct Part<'a> {
    /// Start offset in the input.
    pub start: usize,
    /// End offset in the input.
    pub end: usize,
    /// The octets as written.
    pub raw: Octets<'a>,
    /// The octets decoded.
    pub decoded: DecodedOctets,
}

/// Decoded octets, owned.
#[derive(Clone, Debug)]
pub struct DecodedOctets(pub Vec<u8>);

impl Serialize for DecodedOctets {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        Octets(&self.0).serialize(s)
    }
}

/// One component of the URL in the report.
#[derive(Serialize)]
pub struct Component<'a> {
    /// The component's name.
    pub name: &'static str,
    /// `present`, `empty` or `absent`.
    pub state: &'static str,
    /// Its octets, when present.
    #[serde(flatten)]
    pub part: Option<Part<'a>>,
}

#[derive(Serialize)]
pub struct SegmentJson<'a> {
    pub start: usize,
    pub end: usize,
    pub name: Part<'a>,
    pub params: Vec<Part<'a>>,
}

#[derive(Serialize)]
pub struct PairJson<'a> {
    pub key: Part<'a>,
    pub value: Option<Part<'a>>,
}

#[derive(Serialize)]
pub struct AreatagJson<'a> {
    pub tag: Part<'a>,
    pub domain: Option<Part<'a>>,
}

#[derive(Serialize)]
pub struct Classes {
    #[serde(rename = "C-1738")]
    pub c1738: &'static str,
    #[serde(rename = "C-2396")]
    pub c2396: &'static str,
    #[serde(rename = "C-Fido")]
    pub cfido: &'static str,
    #[serde(rename = "C-3986")]
    pub c3986: &'static str,
    #[serde(rename = "C-WHATWG")]
    pub cwhatwg: &'static str,
}

/// One unit (an octet or a `%XX` triplet) in the report.
#[derive(Serialize)]
pub struct UnitJson<'a> {
    /// Start offset in the input.
    pub start: usize,
    /// End offset in the input.
    pub end: usize,
    /// The unit as written.
    pub text: Octets<'a>,
    /// Whether it is a `%XX` triplet.
    pub encoded: bool,
    /// The octet (decoded for a triplet), two uppercase hex digits (see `hex_pair`).
    pub value: &'static str,
    /// The kind of span it lies in, if any.
    pub span: Option<&'static str>,
    /// Its role (delimiter, data or frame).
    pub role: &'static str,
    /// Its class under each classification.
    pub classes: Classes,
    /// Hint ids under the profile's classification.
    pub hints: Vec<&'static str>,
    /// What the profile does to this unit: the last step and rule whose edit touched it.
    pub action: Option<StepRule>,
}

/// The unit records of the input, made one at a time from the core's unit records when they are
/// written (see [`unit_json`](super::unit_json)).
pub struct UnitsJson<'a> {
    pub x: &'a [u8],
    pub units: &'a [crate::url::UnitInfo],
    /// For every input octet, the last step and rule that touched it.
    pub actions: RuleMap,
    pub classification: crate::url::Classification,
}

impl<'a> UnitsJson<'a> {
    pub fn len(&self) -> usize {
        self.units.len()
    }
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = UnitJson<'a>> + '_ {
        self.units
            .iter()
            .map(|u| super::unit_json(self.x, u, &self.actions, self.classification))
    }
}

impl Serialize for UnitsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[derive(Serialize)]
pub struct StepJson<'a> {
    #[serde(flatten)]
    pub record: JsonStep<'a>,
    pub edit_count: usize,
    pub rules: Vec<&'static str>,
    pub explanation: Option<TextJson>,
    pub rule_explanations: Vec<TextJson>,
    /// The URL Standard parser's walk (the `whatwg` profile's parse step only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whatwg: Option<super::whatwg::WhatwgTraceJson>,
}

#[derive(Serialize)]
pub struct DiffJson<'a> {
    /// `equal`, `delete` (only in the input) or `insert` (only in the output).
    pub op: &'static str,
    pub text: Octets<'a>,
}

#[derive(Serialize)]
pub struct ClassText {
    pub classification: &'static str,
    pub class: &'static str,
    pub explanation: Option<TextJson>,
}

#[derive(Serialize)]
pub struct HintText {
    pub id: &'static str,
    pub explanation: Option<TextJson>,
}

/// One pair of the query table: raw and form-decoded, and whether it is a tracking parameter.
#[derive(Serialize)]
pub struct QueryPairJson<'a> {
    pub start: usize,
    pub end: usize,
    pub key: Octets<'a>,
    pub key_decoded: DecodedOctets,
    pub value: Option<Octets<'a>>,
    pub value_decoded: Option<DecodedOctets>,
    pub tracking: bool,
}

/// The query table (docs/lenses.md): the pairs as `application/x-www-form-urlencoded` reads
/// them (WHATWG URL Standard §5.1: split on `&` only, `+` is SP), and the input without the
/// tracking pairs.
#[derive(Serialize)]
pub struct QueryTableJson<'a> {
    /// The pairs, in input order.
    pub pairs: Vec<QueryPairJson<'a>>,
    /// How many pairs are tracking parameters.
    pub tracking_count: usize,
    /// The query without them.
    pub without_tracking: DecodedOctets,
}

/// `--decode CHARSET`: each component's `%XX` octets decoded by one charset
/// (`modern::charset`), invalid sequences kept as `⟨%XX⟩`.
#[derive(Serialize)]
pub struct DecodingJson {
    pub charset: &'static str,
    pub label: &'static str,
    /// chardetng's guess for the octets of every decoded component together: only a guess.
    pub guess: Option<&'static str>,
    pub components: Vec<ComponentDecodingJson>,
}

#[derive(Serialize)]
pub struct ComponentDecodingJson {
    pub span: &'static str,
    pub start: usize,
    pub end: usize,
    /// The decoding as one string, invalid octets written `⟨%FF⟩`.
    pub text: String,
    pub has_invalid: bool,
}

/// The finding `W-old-rule-today`: one edit of a historical profile that today's parsers read
/// differently, with both rules (`modern::today::MeaningChange`).
#[derive(Serialize)]
pub struct OldRuleJson {
    pub id: &'static str,
    /// The input's octets the edit acts on (absent when they cannot be traced back).
    pub start: Option<usize>,
    pub end: Option<usize>,
    pub step: &'static str,
    pub rule: &'static str,
    pub old_source: &'static str,
    pub component: &'static str,
    pub today: &'static str,
    pub today_source: &'static str,
    pub before: String,
    pub after: String,
    pub read_before: String,
    pub read_after: String,
    /// The sentence, citing both rules.
    pub text: String,
}

impl From<&crate::modern::today::MeaningChange> for OldRuleJson {
    fn from(c: &crate::modern::today::MeaningChange) -> OldRuleJson {
        OldRuleJson {
            id: crate::url::findings::FindingId::OldRuleToday.as_str(),
            start: c.at.as_ref().map(|r| r.start),
            end: c.at.as_ref().map(|r| r.end),
            step: c.step.as_str(),
            rule: c.rule.as_str(),
            old_source: c.old_source,
            component: c.component,
            today: c.today,
            today_source: c.today_source,
            before: c.before.clone(),
            after: c.after.clone(),
            read_before: c.read_before.clone(),
            read_after: c.read_after.clone(),
            text: c.text(),
        }
    }
}

/// Everything `explain` shows.
#[derive(Serialize)]
pub struct Report<'a> {
    /// The input as given.
    pub input: Octets<'a>,
    /// The profile's name.
    pub profile: &'static str,
    /// The profile's label.
    pub profile_label: &'static str,
    /// The classification's name.
    pub classification: &'static str,
    /// The base, when one was given.
    pub base: Option<Octets<'a>>,
    /// The PDF initial encoding state's name.
    pub pdf_state: &'static str,
    /// The spans of the input.
    pub spans: Vec<SpanJson<'a>>,
    /// The components.
    pub components: Vec<Component<'a>>,
    /// The path segments.
    pub segments: Vec<SegmentJson<'a>>,
    /// The `;params`.
    pub params: Vec<Part<'a>>,
    /// The query pairs.
    pub query_pairs: Vec<PairJson<'a>>,
    /// True when `;` separates query pairs (the URL编码 tutorial: equivalent to `&`).
    pub semicolon_pair_separator: bool,
    /// The query table; `None` when there is no query.
    pub query_table: Option<QueryTableJson<'a>>,
    /// The FidoURL areatags.
    pub areatags: Vec<AreatagJson<'a>>,
    /// The units, with their classes.
    pub units: UnitsJson<'a>,
    /// The explanation of every class that occurs.
    pub class_texts: Vec<ClassText>,
    /// The explanation of every hint that occurs.
    pub hint_texts: Vec<HintText>,
    /// Only with `--decode` (absent, not null, without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decoding: Option<DecodingJson>,
    /// The warnings.
    pub warnings: Vec<Diagnostic>,
    /// The errors.
    pub errors: Vec<Diagnostic>,
    /// Where an old rule's edit changes what today's parsers read (`modern::today`).
    pub old_rule_today: Vec<OldRuleJson>,
    /// The steps the profile ran.
    pub steps: Vec<StepJson<'a>>,
    /// The profile's output.
    pub output: Octets<'a>,
    /// The before/after diff.
    pub diff: Vec<DiffJson<'a>>,
}
