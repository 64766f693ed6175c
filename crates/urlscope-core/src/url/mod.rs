//! The URL core: pure functions from octets to plain data (docs/rules.md). No terminal, no I/O.
//!
//! The folders follow the flow of one analysis:
//! - `syntax`: octets in, the lossless parse record out (tokenizer, spans, components, the
//!   diagnostics' ids, the framing of a URL pasted from prose);
//! - `classes`: the class of every octet under each classification;
//! - `profiles`: the normalization profiles, their step tables and the runner;
//!   `fast` their fast paths, checked against the step-by-step run;
//! - [`diff`]: before/after with provenance; `resolve`: relative resolution and dot removal;
//! - [`findings`]: every warning and error with its place; the explanations are the crate's
//!   [`explain`](crate::explain).

pub(crate) mod classes;
pub mod diff;
pub(crate) mod fast;
pub(crate) mod findings;
pub(crate) mod profiles;
pub(crate) mod resolve;
pub(crate) mod rule;
pub(crate) mod syntax;

pub use profiles::aliases;
pub(crate) use profiles::{join, step};
pub use syntax::notation;
pub use syntax::octets;
pub(crate) use syntax::{components, diag, span, tokenize};

pub use classes::Hint;
pub use classes::UnitInfo;
pub use classes::unit_infos;
pub use classes::unit_infos_in;
pub(crate) use classes::{Class, Classification};
pub use components::Component;
pub use join::fido_join;
pub use profiles::Group;
pub use profiles::Normalizer;
pub(crate) use profiles::{Options, Outcome, Profile, normalize};
pub use resolve::dots::remove_dot_segments;
pub(crate) use resolve::resolve;
pub use resolve::rule::ResolveRule;
pub use resolve::rules::Rules;
pub use resolve::rules::resolve_by;
pub use span::Role;
pub use span::SpanKind;
pub use step::StepRecord;
pub use step::StepStatus;
pub use step::apply_edits;
pub use tokenize::tokenize_unframed;
pub(crate) use tokenize::{Parsed, tokenize};

pub use classes::classify;
pub use classes::modern::PctSet;
pub use classes::modern::Place;
pub use classes::modern::class_whatwg;
pub use classes::modern::component_set;
pub use fast::whatwg::href_into;
pub use findings::Finding;
pub use findings::FindingId;
pub use findings::Findings;
pub use findings::Level;
pub use findings::findings;
pub use findings::trim_edges;
pub use profiles::diagnostics::diagnostics;
pub use profiles::diagnostics::warnings;
pub use profiles::fast_path::normalize_into;
pub use profiles::hyvatti::KEEP_RAW as HYVATTI_KEEP_RAW;
pub use profiles::hyvatti::rule_for as hyvatti_rule_for;
pub use profiles::join::has_pause_mark;
pub use profiles::whatwg::input_states;
pub use rule::Rule;
pub use syntax::components::param_items;
pub use syntax::diag::Diag;
pub use syntax::diag::W_CONTROL;
pub use syntax::diag::W_EDGE_WHITESPACE;
pub use syntax::diag::W_NO_SCHEME;
pub use syntax::frame::unframe;
pub use syntax::tokenize::Detail;
pub use syntax::tokenize::frame_bounds;
pub use syntax::tokenize::tokenize_into;
