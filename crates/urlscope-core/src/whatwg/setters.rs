//! The URL class's setters (URL Standard §6.1 "URL class"): each runs the basic URL parser with
//! the URL as *url* and its state override, as the standard writes them.
//!
//! [`set`] is the one entry point: `set(&mut url, Setter::Host, "example.com:8080")`. As in the
//! standard, a value the parser rejects leaves the URL as the parser left it (often unchanged,
//! sometimes partly set: `host = "h:x"` sets the host and keeps the port) and is not an error;
//! only the `href` setter fails (the standard throws a `TypeError`), and then the URL is
//! unchanged.

use std::ops::Range;

use super::encode;
use super::error::ValidationError;
use super::parser::{Failure, parse_override, parse_with};
use super::record::Url;
use super::state::State;
use super::trace::{Change, EncodeSet, NoTrace, Tracer};

/// A setter of the URL class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setter {
    /// `href`.
    Href,
    /// `protocol`.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`.
    Host,
    /// `hostname`.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`.
    Search,
    /// `hash`.
    Hash,
}

impl Setter {
    /// Every setter, in the order of the URL class's IDL.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The attribute's name, e.g. "hostname".
    pub fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }

    /// The setter whose attribute is `name`.
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Runs the setter `which` with `value` on `url`. `Err` only from the `href` setter, when
/// `value` is not a URL (the URL is then unchanged).
pub fn set(url: &mut Url, which: Setter, value: &str) -> Result<(), Failure> {
    set_with(url, which, value, &mut NoTrace)
}

/// [`set`] with a tracer; its offsets are into `value`.
pub(crate) fn set_with<T: Tracer>(
    url: &mut Url,
    which: Setter,
    value: &str,
    t: &mut T,
) -> Result<(), Failure> {
    match which {
        Setter::Href => {
            *url = parse_with(value, None, t)?;
        }
        Setter::Protocol => {
            // The given value followed by ':' with scheme start state as the override.
            let input = format!("{value}:");
            let _ = parse_override(&input, url, State::SchemeStart, t);
        }
        Setter::Username => {
            if !url.cannot_have_username_password_port() {
                url.username = userinfo_encoded(value, t);
            }
        }
        Setter::Password => {
            if !url.cannot_have_username_password_port() {
                url.password = userinfo_encoded(value, t);
            }
        }
        Setter::Host | Setter::Hostname => {
            if !url.path.is_opaque() {
                let state = if which == Setter::Host {
                    State::Host
                } else {
                    State::Hostname
                };
                let _ = parse_override(value, url, state, t);
            }
        }
        Setter::Port => {
            if !url.cannot_have_username_password_port() {
                if value.is_empty() {
                    url.port = None;
                } else {
                    let _ = parse_override(value, url, State::Port, t);
                }
            }
        }
        Setter::Pathname => {
            if !url.path.is_opaque() {
                url.path.clear();
                let _ = parse_override(value, url, State::PathStart, t);
            }
        }
        Setter::Search => {
            if value.is_empty() {
                url.query = None;
            } else {
                let (input, by) = strip_one(value, '?');
                url.query = Some(String::new());
                let _ = parse_override(input, url, State::Query, &mut Shifted { inner: t, by });
            }
        }
        Setter::Hash => {
            if value.is_empty() {
                url.fragment = None;
            } else {
                let (input, by) = strip_one(value, '#');
                url.fragment = Some(String::new());
                let _ = parse_override(input, url, State::Fragment, &mut Shifted { inner: t, by });
            }
        }
    }
    Ok(())
}

/// The value with a single leading `c` removed, and how many bytes that was.
fn strip_one(value: &str, c: char) -> (&str, usize) {
    match value.strip_prefix(c) {
        Some(rest) => (rest, 1),
        None => (value, 0),
    }
}

/// "Set the username/password": UTF-8 percent-encode with the userinfo percent-encode set.
fn userinfo_encoded<T: Tracer>(value: &str, t: &mut T) -> String {
    let mut out = String::with_capacity(value.len());
    for (i, c) in value.char_indices() {
        if encode::encode_char(c, EncodeSet::Userinfo, &mut out) && T::ON {
            t.change(
                i..i + c.len_utf8(),
                Change::PercentEncode(EncodeSet::Userinfo),
            );
        }
    }
    out
}

/// Offsets into a suffix of the setter's value, moved to the value's.
struct Shifted<'t, T: Tracer> {
    inner: &'t mut T,
    by: usize,
}

impl<T: Tracer> Tracer for Shifted<'_, T> {
    const ON: bool = T::ON;
    fn read(&mut self, at: Range<usize>, state: State) {
        self.inner.read(at.start + self.by..at.end + self.by, state);
    }
    fn transition(&mut self, at: usize, from: State, to: State, step: &'static str) {
        self.inner.transition(at + self.by, from, to, step);
    }
    fn error(&mut self, at: usize, error: ValidationError, fails: bool) {
        self.inner.error(at + self.by, error, fails);
    }
    fn change(&mut self, input: Range<usize>, change: Change) {
        self.inner
            .change(input.start + self.by..input.end + self.by, change);
    }
}
