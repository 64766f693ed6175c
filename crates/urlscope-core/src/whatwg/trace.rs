//! What a traced parse records: which state read each code point, each transition with the
//! standard's step, each validation error, and each change the parser made to the text (so a
//! diff can say which step made an edit). The batch path parses with [`NoTrace`], whose methods
//! are empty and vanish when inlined.

use std::ops::Range;

use super::error::ValidationError;
use super::state::State;

/// A change the parser makes to the input on its way to the serialization: the provenance of
/// an edit. Offsets are the input's (the text given to the parser, before anything is removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Leading or trailing C0 control or space removed (basic URL parser, step 1.2).
    StripC0Space,
    /// ASCII tab or newline removed (step 3).
    RemoveTabNewline,
    /// The scheme's ASCII upper alpha lowercased (scheme start and scheme states).
    LowercaseScheme,
    /// A `\` read as `/` in a special URL.
    BackslashAsSlash,
    /// Slashes that a special URL's serialization has and the input lacked (`http:a` → `http://a`).
    InsertSlashes,
    /// Code points percent-encoded with the named set.
    PercentEncode(EncodeSet),
    /// The host written as the host parser's serialization (domain to ASCII, IPv4, IPv6, opaque).
    Host(HostKind),
    /// A port that is the scheme's default removed, or a port's leading zeros dropped.
    Port,
    /// Empty credentials dropped (`http://@h`, `http://u:@h`).
    Credentials,
    /// A single-dot or double-dot path segment removed (with the segment it pops).
    DotSegment,
    /// A Windows drive letter's `|` written as `:` (file URLs).
    DriveLetter,
    /// Components taken from the base URL.
    FromBase,
    /// An empty path of a special URL serialized as `/`, or `/.` prepended to a path that would
    /// otherwise start with `//` (URL serializer, step 3).
    PathSerialization,
    /// Removed by the parser without an encode (e.g. an empty query or fragment marker kept, a
    /// `localhost` file host dropped).
    Dropped,
}

/// The percent-encode sets of the URL Standard (§1.3 "Percent-encoded bytes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeSet {
    C0Control,
    Fragment,
    Query,
    SpecialQuery,
    Path,
    Userinfo,
    Component,
    ApplicationXWwwFormUrlencoded,
}

impl EncodeSet {
    /// The standard's name, e.g. "path percent-encode set".
    pub fn name(self) -> &'static str {
        match self {
            EncodeSet::C0Control => "C0 control percent-encode set",
            EncodeSet::Fragment => "fragment percent-encode set",
            EncodeSet::Query => "query percent-encode set",
            EncodeSet::SpecialQuery => "special-query percent-encode set",
            EncodeSet::Path => "path percent-encode set",
            EncodeSet::Userinfo => "userinfo percent-encode set",
            EncodeSet::Component => "component percent-encode set",
            EncodeSet::ApplicationXWwwFormUrlencoded => {
                "application/x-www-form-urlencoded percent-encode set"
            }
        }
    }
}

/// What kind of host the host parser returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain (after domain to ASCII).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host (a non-special scheme's).
    Opaque,
    /// The empty host.
    Empty,
}

/// The parser's hooks. Every method has an empty default, so a tracer records only what it
/// wants; `ON` lets the parser skip work that only a trace needs.
pub trait Tracer {
    /// Whether anything is recorded; `false` for [`NoTrace`].
    const ON: bool;
    /// The code points of the input range `at` were read in `state`, one after another (each
    /// the state machine's `c` in turn).
    #[inline(always)]
    fn read(&mut self, _at: Range<usize>, _state: State) {}
    /// The state changed at input offset `at` (the pointer); `step` quotes the standard's step.
    #[inline(always)]
    fn transition(&mut self, _at: usize, _from: State, _to: State, _step: &'static str) {}
    /// A validation error at input offset `at`; `fails` when it returns failure.
    #[inline(always)]
    fn error(&mut self, _at: usize, _error: ValidationError, _fails: bool) {}
    /// The parser changed the input range `input` (possibly empty: an insertion) by `change`.
    #[inline(always)]
    fn change(&mut self, _input: Range<usize>, _change: Change) {}
}

/// The batch path's tracer: records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
}

/// A run of code points read in one state one after another: the input's `start..end`. A
/// state's reads of neighbouring code points are one run, so a trace holds a few runs where the
/// input has a million code points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    pub start: usize,
    pub end: usize,
    pub state: State,
}

/// A transition between states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    pub at: usize,
    pub from: State,
    pub to: State,
    pub step: &'static str,
}

/// A validation error where it occurred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorAt {
    pub at: usize,
    pub error: ValidationError,
    pub fails: bool,
}

/// A change with the input range it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeAt {
    pub input: Range<usize>,
    pub change: Change,
}

/// Everything a traced parse records, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Which state read each code point.
    pub reads: Vec<Read>,
    /// Each state transition, with the standard's step.
    pub transitions: Vec<Transition>,
    /// Each validation error, where it arose.
    pub errors: Vec<ErrorAt>,
    /// Each change the parser made to the text.
    pub changes: Vec<ChangeAt>,
}

impl Tracer for Trace {
    const ON: bool = true;
    fn read(&mut self, at: Range<usize>, state: State) {
        match self.reads.last_mut() {
            Some(last) if last.end == at.start && last.state == state => last.end = at.end,
            _ => self.reads.push(Read {
                start: at.start,
                end: at.end,
                state,
            }),
        }
    }
    fn transition(&mut self, at: usize, from: State, to: State, step: &'static str) {
        self.transitions.push(Transition { at, from, to, step });
    }
    fn error(&mut self, at: usize, error: ValidationError, fails: bool) {
        self.errors.push(ErrorAt { at, error, fails });
    }
    fn change(&mut self, input: Range<usize>, change: Change) {
        self.changes.push(ChangeAt { input, change });
    }
}

impl Trace {
    /// For each octet of `input` (the text parsed), the last state that read the code point it
    /// belongs to; `None` where no state read it (removed tab or newline, stripped C0 or space,
    /// text after a failure).
    pub fn states(&self, input: &str) -> Vec<Option<State>> {
        let mut out = vec![None; input.len()];
        for r in &self.reads {
            out[r.start..r.end].fill(Some(r.state));
        }
        out
    }
}
