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
    pub id: &'static str,
    pub text: &'static str,
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
    pub start: usize,
    pub end: usize,
    pub raw: Octets<'a>,
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

#[derive(Serialize)]
pub struct Component<'a> {
    pub name: &'static str,
    /// `present`, `empty` or `absent`.
    pub state: &'static str,
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

#[derive(Serialize)]
pub struct UnitJson<'a> {
    pub start: usize,
    pub end: usize,
    pub text: Octets<'a>,
    pub encoded: bool,
    /// The octet (decoded for a triplet), two uppercase hex digits (see [`hex_pair`](crate::url::octets::hex_pair)).
    pub value: &'static str,
    pub span: Option<&'static str>,
    pub role: &'static str,
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
    pub pairs: Vec<QueryPairJson<'a>>,
    pub tracking_count: usize,
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
    pub input: Octets<'a>,
    pub profile: &'static str,
    pub profile_label: &'static str,
    pub classification: &'static str,
    pub base: Option<Octets<'a>>,
    pub pdf_state: &'static str,
    pub spans: Vec<SpanJson<'a>>,
    pub components: Vec<Component<'a>>,
    pub segments: Vec<SegmentJson<'a>>,
    pub params: Vec<Part<'a>>,
    pub query_pairs: Vec<PairJson<'a>>,
    /// True when `;` separates query pairs (the URL编码 tutorial: equivalent to `&`).
    pub semicolon_pair_separator: bool,
    /// The query table; `None` when there is no query.
    pub query_table: Option<QueryTableJson<'a>>,
    pub areatags: Vec<AreatagJson<'a>>,
    pub units: UnitsJson<'a>,
    pub class_texts: Vec<ClassText>,
    pub hint_texts: Vec<HintText>,
    /// Only with `--decode` (absent, not null, without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decoding: Option<DecodingJson>,
    pub warnings: Vec<Diagnostic>,
    pub errors: Vec<Diagnostic>,
    /// Where an old rule's edit changes what today's parsers read (`modern::today`).
    pub old_rule_today: Vec<OldRuleJson>,
    pub steps: Vec<StepJson<'a>>,
    pub output: Octets<'a>,
    pub diff: Vec<DiffJson<'a>>,
}
