//! Edits under the WHATWG URL Standard: the `url` crate's API setters (`url::quirks`), on the
//! input as that parser reads it (invalid UTF-8 as triplets, SPEC-MODERN §9.2 W0).

use url::{Url, quirks};

use super::encode::{self, Encode, Reason};
use super::{EditRules, Edited, SetError, Target, shown, splice};
use crate::url::syntax::parser_text::parser_text;

fn parse(x: &[u8]) -> Result<Url, SetError> {
    Url::parse(&parser_text(x).text).map_err(|e| SetError::Unparsable(e.to_string()))
}

fn done(u: Url, encoded: Vec<(u8, Reason)>) -> Edited {
    Edited {
        url: u.as_str().as_bytes().to_vec(),
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
    let refused = |t: Target, why: &'static str| Err(SetError::NoPlace(t, why));
    match target {
        Target::Href => {
            quirks::set_href(&mut u, &text).map_err(|e| SetError::Unparsable(e.to_string()))?
        }
        Target::Scheme => {
            if mode == Encode::Encoded {
                splice::check_scheme(value)?;
            }
            if quirks::set_protocol(&mut u, &text).is_err() {
                return refused(
                    target,
                    "the URL Standard does not switch between special and other schemes here",
                );
            }
        }
        Target::User => {
            if quirks::set_username(&mut u, &text).is_err() {
                return refused(target, "this URL cannot have a user (no host, or file:)");
            }
        }
        Target::Password => {
            if quirks::set_password(&mut u, &text).is_err() {
                return refused(
                    target,
                    "this URL cannot have a password (no host, or file:)",
                );
            }
        }
        Target::Host | Target::HostPort => {
            if mode == Encode::Encoded
                && target == Target::Host
                && text.contains([':', '/', '?', '#', '@'])
                && !text.starts_with('[')
            {
                return Err(SetError::Host(format!(
                    "'{}' holds a delimiter",
                    shown(value)
                )));
            }
            let r = if target == Target::Host {
                quirks::set_hostname(&mut u, &text)
            } else {
                quirks::set_host(&mut u, &text)
            };
            if r.is_err() {
                return Err(SetError::Host(format!(
                    "the WHATWG host parser rejects '{}' here",
                    shown(value)
                )));
            }
        }
        Target::Port => {
            if mode == Encode::Encoded {
                splice::check_port(value)?;
            }
            if quirks::set_port(&mut u, &text).is_err() {
                return Err(SetError::Port(shown(value)));
            }
        }
        Target::Path => quirks::set_pathname(&mut u, &text),
        Target::Query => quirks::set_search(&mut u, &text),
        Target::Fragment => quirks::set_hash(&mut u, &text),
        Target::Params | Target::Segment | Target::QueryName | Target::QueryValue => {
            return refused(target, "not a component of the URL Standard's API");
        }
    }
    Ok(done(u, encoded))
}

pub(super) fn clear(x: &[u8], target: Target) -> Result<Edited, SetError> {
    let mut u = parse(x)?;
    let ok = match target {
        Target::User => quirks::set_username(&mut u, "").is_ok(),
        Target::Password => quirks::set_password(&mut u, "").is_ok(),
        Target::Host => quirks::set_hostname(&mut u, "").is_ok(),
        Target::Port => quirks::set_port(&mut u, "").is_ok(),
        Target::Path => {
            quirks::set_pathname(&mut u, "");
            true
        }
        Target::Query => {
            u.set_query(None);
            true
        }
        Target::Fragment => {
            u.set_fragment(None);
            true
        }
        _ => false,
    };
    if !ok {
        return Err(SetError::NoPlace(target, "cannot be removed from this URL"));
    }
    Ok(done(u, Vec::new()))
}
