//! The modern lens (docs/lenses.md): what today's parsers, hosts and redirect wrappers make of
//! the pasted text. Pure like `url`: octets in, plain data out, no terminal and no I/O. The hard
//! parts are real crates (`url`, `fluent-uri`, `http`, `idna`, `unicode-security`, `psl`); the
//! code here only calls them, lines their answers up and explains them.
pub(crate) mod charset;
pub(crate) mod counts;
pub(crate) mod defang;
pub(crate) mod edit;
pub mod exercises;
pub(crate) mod host;
pub mod lessons;
pub(crate) mod parsers;
pub(crate) mod query;
pub(crate) mod report;
pub(crate) mod same;
pub(crate) mod template;
pub(crate) use crate::url::syntax::parser_text as text;
pub(crate) mod today;
pub(crate) mod unwrap;

pub use crate::url::syntax::parser_text::parser_text;
pub use charset::Charset;
pub use charset::decode_components_by;
pub use charset::decode_octets;
pub use charset::guess;
pub use charset::octets_of;
pub use counts::{Counts, counts};
pub use defang::MARK_OPENERS;
pub use defang::may_be_defanged;
pub use defang::refang_scanned;
pub use defang::{defang, refang};
pub use edit::editable::{editable, from_editable};
pub use edit::encode::Encode;
pub use edit::encode::Reason;
pub use edit::encode::write as write_encoded;
pub use edit::forms::form;
pub use edit::forms::{FormId, forms};
pub use edit::pairs::append_pair;
pub use edit::pairs::append_segment;
pub use edit::pairs::compact_pairs;
pub use edit::pairs::delete_pair;
pub use edit::pairs::delete_segment;
pub use edit::pairs::insert_segment;
pub use edit::pairs::move_pair;
pub use edit::pairs::remove_pairs;
pub use edit::pairs::replace_pair;
pub use edit::pairs::set_pair_part;
pub use edit::pairs::set_segment;
pub use edit::pairs::sort_pairs;
pub use edit::pairs::strip_tracking_by;
pub use edit::{EditRules, Edited, SetError, Target, clear_component, set_component};
pub use host::ipv4::Radix;
pub use host::ranges::IPV4;
pub use host::ranges::IPV6;
pub use host::ranges::classify;
pub use host::ranges::{Class as RangeClass, Row as Range};
pub use host::suffix::Section;
pub use host::{
    Address, Finding, HostFindingId, HostSummary, Kind as HostKind, Severity, percent_decode,
    summarize,
};
pub use parsers::{Cell, ConfusionClass, Parser, Row, Value, agree, lens_text};
pub use query::form_decode;
pub use query::{QueryPair, QueryTable, TrackingList, table, table_of, without_tracking};
pub use report::fast_json::write as write_report_json;
pub use report::model::{Component, Part, QueryTableJson, Report, TextJson, UnitJson};
pub use report::step::{JsonEdit, JsonStep};
pub use report::tails::{Cache, TailKey, octets_key};
pub use report::whatwg::WhatwgTraceJson;
pub use report::{decoding, diff_and_actions, report, unit_json};
pub use same::difference::Difference;
pub use same::groups::{Answer, Group};
pub use same::ladder::Rung;
pub use same::{EqualAt, WhatwgSameness};
pub use template::{Placeholder, Template, default_port};
pub use today::{add_findings, all_findings, meaning_changes};
pub use unwrap::{Kind as LayerKind, Layer, LayerCount, MAX_DEPTH};
