//! Edits under the WHATWG URL Standard: the URL class's setters (URL Standard §6.1), which run
//! urlscope's own basic URL parser with a state override on the URL record (`whatwg::setters`),
//! not a re-parse of edited text. The input is read as that parser reads it (invalid UTF-8 as
//! triplets, the `whatwg` profile's W0).

use crate::whatwg::setters::{self, Setter};
use crate::whatwg::{self, Trace, Url};

use super::encode::{self, Encode, Reason};
use super::{EditRules, Edited, SetError, Target, shown, splice};
use crate::url::syntax::parser_text::parser_text;

fn parse(x: &[u8]) -> Result<Url, SetError> {
    whatwg::parse(&parser_text(x).text, None).map_err(|e| SetError::Unparsable(e.to_string()))
}

fn done(u: &Url, encoded: Vec<(u8, Reason)>) -> Edited {
    Edited {
        url: u.href().into_bytes(),
        encoded,
        rules: EditRules::Whatwg,
    }
}

/// What the setter will encode in `value` (the component's percent-encode set).
fn encoded_by_setter(t: Target, value: &[u8]) -> Vec<(u8, Reason)> {
    let mut out: Vec<(u8, Reason)> = Vec::new();
    for &b in value {
        if !encode::allowed(EditRules::Whatwg, t, b) && !out.iter().any(|(o, _)| *o == b) {
            out.push((b, Reason::NotAllowed));
        }
    }
    out
}

/// The setter of the URL class that writes `target`.
fn setter(target: Target) -> Option<Setter> {
    Some(match target {
        Target::Href => Setter::Href,
        Target::Scheme => Setter::Protocol,
        Target::User => Setter::Username,
        Target::Password => Setter::Password,
        Target::Host => Setter::Hostname,
        Target::HostPort => Setter::Host,
        Target::Port => Setter::Port,
        Target::Path => Setter::Pathname,
        Target::Query => Setter::Search,
        Target::Fragment => Setter::Hash,
        Target::Params | Target::Segment | Target::QueryName | Target::QueryValue => return None,
    })
}

/// Runs the setter on `u`. The standard's setters never throw (but `href`'s): a value the
/// parser rejects leaves the URL as it was. `Some(error)` when that happened: the URL is
/// unchanged and the state override's parse failed, with the standard's validation error.
fn run(u: &mut Url, which: Setter, value: &str) -> Result<Option<&'static str>, SetError> {
    let before = u.clone();
    let mut trace = Trace::default();
    setters::set_with(u, which, value, &mut trace)
        .map_err(|e| SetError::Unparsable(e.to_string()))?;
    let failed = trace.errors.iter().find(|e| e.fails);
    Ok(match failed {
        Some(e) if *u == before => Some(e.error.name()),
        _ => None,
    })
}

pub(super) fn set(
    x: &[u8],
    target: Target,
    value: &[u8],
    mode: Encode,
) -> Result<Edited, SetError> {
    let mut u = parse(x)?;
    // Text values are written first (`%` and structure encoded); values as written go to the
    // setter unchanged, which is what the URL Standard's setters take.
    let (text, encoded) = match (mode, target) {
        (_, Target::Scheme | Target::Host | Target::HostPort | Target::Port | Target::Href) => {
            (parser_text(value).text.into_owned(), Vec::new())
        }
        (Encode::Encoded, t) => {
            let w = encode::write(value, t, Encode::Encoded, EditRules::Whatwg);
            // `write` leaves only ASCII.
            (String::from_utf8_lossy(&w.octets).into_owned(), w.encoded)
        }
        (Encode::AsWritten, t) => (
            parser_text(value).text.into_owned(),
            encoded_by_setter(t, value),
        ),
    };
    let Some(which) = setter(target) else {
        return Err(SetError::NoPlace(
            target,
            "not a component of the URL Standard's API",
        ));
    };
    // What the setters do nothing for, said before they run.
    match target {
        Target::Scheme if mode == Encode::Encoded => splice::check_scheme(value)?,
        Target::Port if mode == Encode::Encoded => splice::check_port(value)?,
        Target::User | Target::Password | Target::Port
            if u.cannot_have_username_password_port() =>
        {
            return Err(SetError::NoPlace(
                target,
                "this URL cannot have a user, password or port (no host, or file:)",
            ));
        }
        Target::Host
            if mode == Encode::Encoded
                && text.contains([':', '/', '?', '#', '@'])
                && !text.starts_with('[') =>
        {
            return Err(SetError::Host(format!(
                "'{}' holds a delimiter",
                shown(value)
            )));
        }
        Target::Host | Target::HostPort if u.path().is_opaque() => {
            return Err(SetError::NoPlace(
                target,
                "this URL has an opaque path, no host",
            ));
        }
        Target::Path if u.path().is_opaque() => {
            return Err(SetError::NoPlace(target, "this URL has an opaque path"));
        }
        _ => {}
    }
    let before = u.clone();
    let rejected = run(&mut u, which, &text)?;
    match (target, rejected) {
        (Target::Host | Target::HostPort, Some(e)) => Err(SetError::Host(format!(
            "the URL Standard's host parser rejects '{}' ({e})",
            shown(value)
        ))),
        (Target::Port, Some(_)) => Err(SetError::Port(shown(value))),
        (_, Some(_)) => Err(SetError::NoPlace(
            target,
            "the URL Standard's parser rejects it",
        )),
        // The protocol setter keeps the scheme when it cannot switch (special to other).
        (Target::Scheme, None) if u == before && !same_scheme(&u, &text) => Err(SetError::NoPlace(
            target,
            "the URL Standard does not switch between special and other schemes here",
        )),
        _ => Ok(done(&u, encoded)),
    }
}

/// Whether `text` (a protocol setter's value) names the URL's scheme already.
fn same_scheme(u: &Url, text: &str) -> bool {
    let scheme = text.split(':').next().unwrap_or(text);
    scheme.eq_ignore_ascii_case(u.scheme())
}

pub(super) fn clear(x: &[u8], target: Target) -> Result<Edited, SetError> {
    let mut u = parse(x)?;
    let which = match target {
        Target::User => Setter::Username,
        Target::Password => Setter::Password,
        Target::Host => Setter::Hostname,
        Target::Port => Setter::Port,
        Target::Path => Setter::Pathname,
        Target::Query => Setter::Search,
        Target::Fragment => Setter::Hash,
        _ => return Err(SetError::NoPlace(target, "cannot be removed from this URL")),
    };
    let cannot = match target {
        Target::User | Target::Password | Target::Port => u.cannot_have_username_password_port(),
        Target::Host | Target::Path => u.path().is_opaque(),
        _ => false,
    };
    if cannot || run(&mut u, which, "")?.is_some() {
        return Err(SetError::NoPlace(target, "cannot be removed from this URL"));
    }
    Ok(done(&u, Vec::new()))
}
