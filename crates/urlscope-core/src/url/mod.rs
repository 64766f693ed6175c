//! The URL core: pure functions from octets to plain data (docs/rules.md). No terminal, no I/O.
//!
//! The folders follow the flow of one analysis:
//! - [`syntax`]: octets in, the lossless parse record out (tokenizer, spans, components, the
//!   diagnostics' ids, the framing of a URL pasted from prose);
//! - [`classes`]: the class of every octet under each classification;
//! - [`profiles`]: the normalization profiles, their step tables and the runner;
//!   [`fast`] their fast paths, checked against the step-by-step run;
//! - [`diff`]: before/after with provenance; [`resolve`](mod@resolve): relative resolution and dot removal;
//! - [`findings`]: every warning and error with its place; [`explain`]: the explanations.

pub mod classes;
pub mod diff;
pub mod explain;
pub mod fast;
pub mod findings;
pub mod profiles;
pub mod resolve;
pub mod rule;
pub mod syntax;

pub use profiles::{aliases, join, step};
pub use syntax::{components, diag, frame, notation, octets, prose, span, tokenize};

pub use classes::{Class, Classification, Hint, Hints, UnitInfo, unit_infos, unit_infos_in};
pub use components::Component;
pub use join::fido_join;
pub use profiles::{Group, Normalizer, Options, Outcome, PdfState, Profile, normalize};
pub use resolve::dots::remove_dot_segments;
pub use resolve::rule::ResolveRule;
pub use resolve::rules::{Rules, resolve_by};
pub use resolve::{Resolution, resolve};
pub use span::{Role, Span, SpanKind};
pub use step::{Bytes, Edit, StepRecord, StepStatus, apply_edits};
pub use tokenize::{Parsed, tokenize, tokenize_unframed};
