//! The URL core: pure functions from octets to plain data (SPEC §1–§6). No terminal, no I/O.

pub mod aliases;
pub mod classes;
pub mod components;
pub mod diag;
pub mod diff;
pub mod dots;
pub mod explain;
pub mod explain_diag;
pub mod explain_modern;
pub mod explain_rules;
pub mod fast;
pub mod findings;
pub mod join;
pub mod notation;
pub mod octets;
pub mod profiles;
pub mod prose;
pub mod resolve;
pub mod resolve_rules;
pub mod rule;
pub mod span;
pub mod step;
pub mod tokenize;

pub use classes::{Class, Classification, Hints, UnitInfo, unit_infos, unit_infos_in};
pub use components::Component;
pub use dots::remove_dot_segments;
pub use join::{Join, fido_join};
pub use profiles::{Normalizer, Options, Outcome, PdfState, Profile, normalize};
pub use resolve::{Resolution, resolve};
pub use resolve_rules::{Rules, resolve_by};
pub use span::{Role, Span, SpanKind};
pub use step::{Bytes, Edit, StepRecord, StepStatus, apply_edits};
pub use tokenize::{Parsed, tokenize, tokenize_unframed};
