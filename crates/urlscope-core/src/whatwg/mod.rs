//! The URL Standard's basic URL parser, host parser and serializer, as urlscope's own code and
//! traced state by state (the snapshot it follows is named in `docs/whatwg.md`).
//!
//! [`parse`] is the standard's "basic URL parser" with an optional base; [`parse_traced`] is the
//! same parser returning a [`Trace`] that records which state read each code point, each
//! transition with the standard's step, each validation error by the standard's name, and each
//! change the parser made to the text. Both run one generic function; the untraced run
//! ([`NoTrace`]) records nothing and costs nothing. Domain to ASCII (UTS #46) is the `idna`
//! crate's. Neither panics on any input.

pub(crate) mod encode;
pub(crate) mod error;
pub(crate) mod host;
mod parser;
mod record;
pub(crate) mod setters;
pub(crate) mod state;
pub(crate) mod trace;

pub use error::ValidationError;
pub use parser::Failure;
pub use parser::parse;
pub use parser::parse_traced;
pub use record::Path;
pub use record::Url;
pub use state::State;
pub(crate) use trace::Change;
pub(crate) use trace::EncodeSet;
pub use trace::HostKind;
pub use trace::NoTrace;
pub use trace::Trace;

pub use host::parse_host;
pub use setters::Setter;
pub use setters::set;
