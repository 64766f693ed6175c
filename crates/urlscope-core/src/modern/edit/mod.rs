//! Changing a URL: one function per component that both `urlscope set` and the inspector's
//! editor call ([`set_component`], [`clear_component`]), the query-pair and path-segment
//! operations ([`pairs`]), the forms a URL is copied as ([`forms`]), and the editor's text
//! for a value and back ([`editable`]). An editor shows `editable(decoded)`, previews
//! `encode::write(&from_editable(text), target, Encode::Encoded, rules).encoded` as the user
//! types, and commits with `set_component(.., &from_editable(text), Encode::Encoded, rules)`
//! (or the pair and segment operations).
//!
//! Under `Rfc3986` and `Rfc1738` an edit is a splice: the component's octets (found by the
//! project tokenizer) are replaced and every other octet stays byte-identical. Under `Whatwg`
//! the URL Standard's API setters do it (`whatwg::setters`: urlscope's own parser with a state
//! override on the URL record), so the result is that parser's serialization.

pub(crate) mod editable;
pub(crate) mod encode;
pub(crate) mod forms;
#[cfg(test)]
mod forms_tests;
pub(crate) mod glob;
pub(crate) mod pairs;
mod splice;
mod whatwg;

use std::fmt;

pub(crate) use encode::{Encode, Reason};

/// What a value is written into: a component, or a piece of one (a path segment, a query
/// pair's name or value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The scheme.
    Scheme,
    /// The user name.
    User,
    /// The password.
    Password,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The whole path.
    Path,
    /// One path segment (between `/`s).
    Segment,
    /// The `;params` of the last segment (RFC 1808).
    Params,
    /// The whole query.
    Query,
    /// `query name`.
    QueryName,
    /// `query value`.
    QueryValue,
    /// The fragment.
    Fragment,
    /// Host and port together, as the URL Standard's `host` setter takes them (WHATWG only).
    HostPort,
    /// The whole URL.
    Href,
}

impl Target {
    /// The components `set` can name, with their names.
    pub const COMPONENTS: [(&'static str, Target); 11] = [
        ("scheme", Target::Scheme),
        ("user", Target::User),
        ("password", Target::Password),
        ("host", Target::Host),
        ("port", Target::Port),
        ("path", Target::Path),
        ("params", Target::Params),
        ("query", Target::Query),
        ("fragment", Target::Fragment),
        ("hostport", Target::HostPort),
        ("href", Target::Href),
    ];

    /// The target with this name (as `get`/`set` take it), if any.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::COMPONENTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
    }

    /// The target's name as `get`/`set` take it.
    pub fn name(self) -> &'static str {
        match self {
            Target::Segment => "path segment",
            Target::QueryName => "query name",
            Target::QueryValue => "query value",
            t => Target::COMPONENTS
                .iter()
                .find(|(_, c)| *c == t)
                .map(|(n, _)| *n)
                .unwrap_or("component"),
        }
    }
}

/// Which grammar decides what a value may hold and how it is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EditRules {
    /// The WHATWG URL Standard: its percent-encode sets, and the `url` crate's setters.
    Whatwg,
    /// RFC 3986's allowed characters; a byte-preserving splice.
    Rfc3986,
    /// RFC 1738's (the historical profiles); a byte-preserving splice.
    Rfc1738,
}

impl EditRules {
    /// Every rule set, in the order the CLI lists them.
    pub const ALL: [EditRules; 3] = [EditRules::Whatwg, EditRules::Rfc3986, EditRules::Rfc1738];

    /// The rule set's name as `--rules` takes it.
    pub fn name(self) -> &'static str {
        match self {
            EditRules::Whatwg => "whatwg",
            EditRules::Rfc3986 => "rfc3986",
            EditRules::Rfc1738 => "rfc1738",
        }
    }

    /// The rule set with this name, if any.
    pub fn from_name(s: &str) -> Option<EditRules> {
        EditRules::ALL.into_iter().find(|r| r.name() == s)
    }

    /// What the status line calls it.
    pub fn title(self) -> &'static str {
        match self {
            EditRules::Whatwg => "the WHATWG URL Standard's percent-encode set",
            EditRules::Rfc3986 => "RFC 3986's allowed characters",
            EditRules::Rfc1738 => "RFC 1738's allowed characters",
        }
    }

    /// The rule set that goes with a profile: the modern profiles name theirs, the historical
    /// ones are RFC 1738's.
    pub fn of_profile(p: crate::url::Profile) -> EditRules {
        match p {
            crate::url::Profile::Whatwg => EditRules::Whatwg,
            crate::url::Profile::Rfc3986 => EditRules::Rfc3986,
            _ => EditRules::Rfc1738,
        }
    }
}

/// A changed URL and what the change encoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edited {
    /// The URL with the value written.
    pub url: Vec<u8>,
    /// Each distinct octet of the value that was written as a triplet, and why.
    pub encoded: Vec<(u8, Reason)>,
    /// The rules the value was written by.
    pub rules: EditRules,
}

impl Edited {
    /// Octets that were encoded because raw they would have changed the URL's structure.
    pub fn structural(&self) -> impl Iterator<Item = u8> + '_ {
        self.encoded
            .iter()
            .filter(|(_, r)| *r == Reason::Structure)
            .map(|(b, _)| *b)
    }

    /// One line for a status line or stderr: which octets were encoded, under which rules;
    /// `None` when nothing was.
    pub fn summary(&self, target: Target) -> Option<String> {
        if self.encoded.is_empty() {
            return None;
        }
        let list = |r: Reason| -> Vec<String> {
            self.encoded
                .iter()
                .filter(|(_, why)| *why == r)
                .map(|(b, _)| octet_label(*b))
                .collect()
        };
        let mut parts = Vec::new();
        let structure = list(Reason::Structure);
        if !structure.is_empty() {
            parts.push(format!(
                "{} would change the URL's structure",
                structure.join(" ")
            ));
        }
        let other = list(Reason::NotAllowed);
        if !other.is_empty() {
            parts.push(format!("{} not allowed raw", other.join(" ")));
        }
        Some(format!(
            "{}: encoded {} ({})",
            target.name(),
            parts.join("; "),
            self.rules.title()
        ))
    }
}

/// An octet as the messages name it: printable ASCII quoted, anything else as its triplet.
pub(crate) fn octet_label(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        let t = crate::url::syntax::octets::encoded(b);
        String::from_utf8_lossy(&t).into_owned()
    }
}

/// Why a value was refused; the URL is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// A port that is not a number in 0–65535.
    Port(String),
    /// A host the rules reject, with the reason.
    Host(String),
    /// A scheme that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    Scheme(String),
    /// The URL has no place for the component (a port without a host, a WHATWG URL that
    /// cannot have a host), or the rules have no such component.
    NoPlace(Target, &'static str),
    /// The WHATWG parser rejects the URL being edited.
    Unparsable(String),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Port(v) => write!(f, "port: '{v}' is not a port number (0-65535)"),
            SetError::Host(why) => write!(f, "host: {why}"),
            SetError::Scheme(v) => write!(
                f,
                "scheme: '{v}' is not a scheme (a letter, then letters, digits, '+', '-', '.')"
            ),
            SetError::NoPlace(t, why) => write!(f, "{}: {why}", t.name()),
            SetError::Unparsable(why) => write!(f, "the WHATWG parser rejects the URL: {why}"),
        }
    }
}

impl std::error::Error for SetError {}

/// Set component `target` of `url` to `value`, written by `mode` under `rules`. The one
/// function `set --set` and the inspector's editor both call.
pub fn set_component(
    url: &[u8],
    target: Target,
    value: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    match rules {
        EditRules::Whatwg => whatwg::set(url, target, value, mode),
        _ => splice::set(url, target, value, mode, rules),
    }
}

/// Remove component `target` (with its delimiter). A path becomes empty; a scheme cannot go.
pub fn clear_component(url: &[u8], target: Target, rules: EditRules) -> Result<Edited, SetError> {
    match rules {
        EditRules::Whatwg => whatwg::clear(url, target),
        _ => splice::clear(url, target, rules),
    }
}

/// The text of a value that messages quote (lossy; for stderr only, which escapes it).
fn shown(v: &[u8]) -> String {
    String::from_utf8_lossy(v).into_owned()
}
