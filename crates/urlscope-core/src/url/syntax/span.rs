//! Span kinds (docs/rules.md, "The tokenizer").

use std::ops::Range;

/// What a span of the input is. Names (`name()`) are kebab-case ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpanKind {
    // Component (data) spans.
    /// `scheme`.
    Scheme,
    /// `user`.
    User,
    /// `password`.
    Password,
    /// `host`.
    Host,
    /// `port`.
    Port,
    /// `path-segment`.
    PathSegment,
    /// `segment-param`.
    SegmentParam,
    /// `param`.
    Param,
    /// `query-key`.
    QueryKey,
    /// `query-value`.
    QueryValue,
    /// `fragment`.
    Fragment,
    /// `areatag`.
    Areatag,
    /// `ftn-domain`.
    FtnDomain,
    // Delimiter spans.
    /// `scheme-colon`.
    SchemeColon,
    /// `authority-marker`.
    AuthorityMarker,
    /// `userinfo-colon`.
    UserinfoColon,
    /// `userinfo-at`.
    UserinfoAt,
    /// `ipv6-open`.
    Ipv6Open,
    /// `ipv6-close`.
    Ipv6Close,
    /// `port-colon`.
    PortColon,
    /// `path-slash`.
    PathSlash,
    /// `segment-param-semicolon`.
    SegmentParamSemicolon,
    /// `params-semicolon`.
    ParamsSemicolon,
    /// `param-separator`.
    ParamSeparator,
    /// `query-mark`.
    QueryMark,
    /// `pair-separator`.
    PairSeparator,
    /// `pair-equals`.
    PairEquals,
    /// `fragment-mark`.
    FragmentMark,
    /// `areatag-separator`.
    AreatagSeparator,
    /// `domain-at`.
    DomainAt,
    // Free-text wrapper.
    /// `frame`.
    Frame,
}

impl SpanKind {
    /// Every kind, in declaration order.
    pub const ALL: [SpanKind; 31] = [
        SpanKind::Scheme,
        SpanKind::User,
        SpanKind::Password,
        SpanKind::Host,
        SpanKind::Port,
        SpanKind::PathSegment,
        SpanKind::SegmentParam,
        SpanKind::Param,
        SpanKind::QueryKey,
        SpanKind::QueryValue,
        SpanKind::Fragment,
        SpanKind::Areatag,
        SpanKind::FtnDomain,
        SpanKind::SchemeColon,
        SpanKind::AuthorityMarker,
        SpanKind::UserinfoColon,
        SpanKind::UserinfoAt,
        SpanKind::Ipv6Open,
        SpanKind::Ipv6Close,
        SpanKind::PortColon,
        SpanKind::PathSlash,
        SpanKind::SegmentParamSemicolon,
        SpanKind::ParamsSemicolon,
        SpanKind::ParamSeparator,
        SpanKind::QueryMark,
        SpanKind::PairSeparator,
        SpanKind::PairEquals,
        SpanKind::FragmentMark,
        SpanKind::AreatagSeparator,
        SpanKind::DomainAt,
        SpanKind::Frame,
    ];

    /// The kind's name as output writes it.
    pub fn name(self) -> &'static str {
        use SpanKind::*;
        match self {
            Scheme => "scheme",
            User => "user",
            Password => "password",
            Host => "host",
            Port => "port",
            PathSegment => "path-segment",
            SegmentParam => "segment-param",
            Param => "param",
            QueryKey => "query-key",
            QueryValue => "query-value",
            Fragment => "fragment",
            Areatag => "areatag",
            FtnDomain => "ftn-domain",
            SchemeColon => "scheme-colon",
            AuthorityMarker => "authority-marker",
            UserinfoColon => "userinfo-colon",
            UserinfoAt => "userinfo-at",
            Ipv6Open => "ipv6-open",
            Ipv6Close => "ipv6-close",
            PortColon => "port-colon",
            PathSlash => "path-slash",
            SegmentParamSemicolon => "segment-param-semicolon",
            ParamsSemicolon => "params-semicolon",
            ParamSeparator => "param-separator",
            QueryMark => "query-mark",
            PairSeparator => "pair-separator",
            PairEquals => "pair-equals",
            FragmentMark => "fragment-mark",
            AreatagSeparator => "areatag-separator",
            DomainAt => "domain-at",
            Frame => "frame",
        }
    }

    /// The kind with this name, if any.
    pub fn from_name(name: &str) -> Option<SpanKind> {
        SpanKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the kind is a delimiter, data or frame.
    pub fn role(self) -> Role {
        use SpanKind::*;
        match self {
            Frame => Role::Frame,
            Scheme | User | Password | Host | Port | PathSegment | SegmentParam | Param
            | QueryKey | QueryValue | Fragment | Areatag | FtnDomain => Role::Data,
            _ => Role::Delimiter,
        }
    }

    /// Whether the kind is a delimiter.
    pub fn is_delimiter(self) -> bool {
        self.role() == Role::Delimiter
    }

    /// The exact octets a delimiter span may hold; `None` for data and frame spans.
    pub fn delimiter_octets(self) -> Option<&'static [&'static [u8]]> {
        use SpanKind::*;
        Some(match self {
            SchemeColon | UserinfoColon | PortColon => &[b":"],
            AuthorityMarker => &[b"//"],
            UserinfoAt | DomainAt => &[b"@"],
            Ipv6Open => &[b"["],
            Ipv6Close => &[b"]"],
            PathSlash => &[b"/"],
            SegmentParamSemicolon | ParamsSemicolon | ParamSeparator => &[b";"],
            QueryMark => &[b"?"],
            PairSeparator => &[b"&", b";"],
            PairEquals => &[b"="],
            FragmentMark => &[b"#"],
            AreatagSeparator => &[b"+"],
            _ => return None,
        })
    }
}

/// A unit's role, taken from its span (docs/rules.md, "Character classes and hints").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// `delimiter`.
    Delimiter,
    /// `data`.
    Data,
    /// `frame`.
    Frame,
}

impl Role {
    /// The role's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Delimiter => "delimiter",
            Role::Data => "data",
            Role::Frame => "frame",
        }
    }
}

/// A half-open byte range of the input with its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub kind: SpanKind,
    pub range: Range<usize>,
}
