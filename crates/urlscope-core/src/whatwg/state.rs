//! The states of the URL Standard's basic URL parser (§4.4 "URL parsing").

/// A state of the basic URL parser, in the order the standard lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// The URL Standard's scheme start state.
    SchemeStart,
    /// The URL Standard's scheme state.
    Scheme,
    /// The URL Standard's no scheme state.
    NoScheme,
    /// The URL Standard's special relative or authority state.
    SpecialRelativeOrAuthority,
    /// The URL Standard's path or authority state.
    PathOrAuthority,
    /// The URL Standard's relative state.
    Relative,
    /// The URL Standard's relative slash state.
    RelativeSlash,
    /// The URL Standard's special authority slashes state.
    SpecialAuthoritySlashes,
    /// The URL Standard's special authority ignore slashes state.
    SpecialAuthorityIgnoreSlashes,
    /// The URL Standard's authority state.
    Authority,
    /// The URL Standard's host state.
    Host,
    /// The URL Standard's hostname state.
    Hostname,
    /// The URL Standard's port state.
    Port,
    /// The URL Standard's file state.
    File,
    /// The URL Standard's file slash state.
    FileSlash,
    /// The URL Standard's file host state.
    FileHost,
    /// The URL Standard's path start state.
    PathStart,
    /// The URL Standard's path state.
    Path,
    /// The URL Standard's opaque path state.
    OpaquePath,
    /// The URL Standard's query state.
    Query,
    /// The URL Standard's fragment state.
    Fragment,
}

impl State {
    /// Every state, in the standard's order.
    pub const ALL: [State; 21] = [
        State::SchemeStart,
        State::Scheme,
        State::NoScheme,
        State::SpecialRelativeOrAuthority,
        State::PathOrAuthority,
        State::Relative,
        State::RelativeSlash,
        State::SpecialAuthoritySlashes,
        State::SpecialAuthorityIgnoreSlashes,
        State::Authority,
        State::Host,
        State::Hostname,
        State::Port,
        State::File,
        State::FileSlash,
        State::FileHost,
        State::PathStart,
        State::Path,
        State::OpaquePath,
        State::Query,
        State::Fragment,
    ];

    /// The standard's own name, e.g. "special authority ignore slashes state".
    pub fn name(self) -> &'static str {
        match self {
            State::SchemeStart => "scheme start state",
            State::Scheme => "scheme state",
            State::NoScheme => "no scheme state",
            State::SpecialRelativeOrAuthority => "special relative or authority state",
            State::PathOrAuthority => "path or authority state",
            State::Relative => "relative state",
            State::RelativeSlash => "relative slash state",
            State::SpecialAuthoritySlashes => "special authority slashes state",
            State::SpecialAuthorityIgnoreSlashes => "special authority ignore slashes state",
            State::Authority => "authority state",
            State::Host => "host state",
            State::Hostname => "hostname state",
            State::Port => "port state",
            State::File => "file state",
            State::FileSlash => "file slash state",
            State::FileHost => "file host state",
            State::PathStart => "path start state",
            State::Path => "path state",
            State::OpaquePath => "opaque path state",
            State::Query => "query state",
            State::Fragment => "fragment state",
        }
    }

    /// A stable kebab-case id for JSON and the inspector, e.g. "special-authority-ignore-slashes".
    pub fn id(self) -> &'static str {
        match self {
            State::SchemeStart => "scheme-start",
            State::Scheme => "scheme",
            State::NoScheme => "no-scheme",
            State::SpecialRelativeOrAuthority => "special-relative-or-authority",
            State::PathOrAuthority => "path-or-authority",
            State::Relative => "relative",
            State::RelativeSlash => "relative-slash",
            State::SpecialAuthoritySlashes => "special-authority-slashes",
            State::SpecialAuthorityIgnoreSlashes => "special-authority-ignore-slashes",
            State::Authority => "authority",
            State::Host => "host",
            State::Hostname => "hostname",
            State::Port => "port",
            State::File => "file",
            State::FileSlash => "file-slash",
            State::FileHost => "file-host",
            State::PathStart => "path-start",
            State::Path => "path",
            State::OpaquePath => "opaque-path",
            State::Query => "query",
            State::Fragment => "fragment",
        }
    }

    /// The state whose `id` is `id`.
    pub fn from_id(id: &str) -> Option<State> {
        State::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
