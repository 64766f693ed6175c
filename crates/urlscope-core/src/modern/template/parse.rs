//! The template language: placeholders, their modifiers and the literal text between them.

use crate::modern::edit::forms::FormId;
use crate::url::{Component, Profile};

/// What a placeholder names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Name {
    Url,
    /// One of the nine components, by its name (`url::Component::name`).
    Component(Component),
    QueryFirst(Vec<u8>),
    QueryAll(Vec<u8>),
    Registrable,
    Suffix,
    Target,
    Profile(Profile),
    As(FormId),
}

/// A placeholder: the name and its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placeholder {
    pub(super) name: Name,
    /// `{:name}`: the octets as written, not decoded.
    pub(super) raw: bool,
    /// `{default:port}`: the scheme's default port when none is written.
    pub(super) default: bool,
    pub(super) puny: bool,
    pub(super) idn: bool,
    /// `{must:name}`: an absent component is an error.
    pub(super) must: bool,
    /// The text between the braces, for messages and `--json`.
    pub(super) text: String,
}

impl Placeholder {
    /// The text between its braces (`must:port`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The component a plain decoded `{NAME}` gives (not `{:NAME}`, not a host's `puny:` or
    /// `idn:` form, not a `default:` port), for a caller that shows decoded values its own way.
    pub fn decoded_component(&self) -> Option<Component> {
        match self.name {
            Name::Component(c) if !(self.raw || self.puny || self.idn || self.default) => Some(c),
            _ => None,
        }
    }

    /// The key of a decoded `{query:KEY}` (`false`) or `{query-all:KEY}` (`true`).
    pub fn decoded_query_key(&self) -> Option<(&[u8], bool)> {
        match &self.name {
            Name::QueryFirst(k) if !self.raw => Some((k, false)),
            Name::QueryAll(k) if !self.raw => Some((k, true)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    Lit(Vec<u8>),
    Var(Placeholder),
}

fn name_of(base: &str, arg: Option<&str>, text: &str) -> Result<Name, String> {
    let unknown = || format!("get: unknown name '{{{text}}}'");
    let component = Component::ALL.into_iter().find(|c| c.name() == base);
    if let (Some(c), None) = (component, arg) {
        return Ok(Name::Component(c));
    }
    Ok(match (base, arg) {
        ("url", None) => Name::Url,
        ("query", Some(a)) => Name::QueryFirst(a.as_bytes().to_vec()),
        ("query-all", Some(a)) => Name::QueryAll(a.as_bytes().to_vec()),
        ("registrable", None) => Name::Registrable,
        ("suffix", None) => Name::Suffix,
        ("target", None) => Name::Target,
        ("profile", Some(p)) => Name::Profile(
            Profile::from_name(p)
                .ok_or_else(|| format!("get: unknown profile '{p}' in '{{{text}}}'"))?,
        ),
        ("as", Some(f)) => Name::As(FormId::from_name(f).ok_or_else(|| {
            format!(
                "get: unknown form '{f}' in '{{{text}}}' (forms: {})",
                FormId::names()
            )
        })?),
        _ => return Err(unknown()),
    })
}

/// The pieces of template `s` (see `Template::parse`).
pub(super) fn pieces(s: &str) -> Result<Vec<Piece>, String> {
    let b = s.as_bytes();
    let mut pieces = Vec::new();
    let mut lit = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if i + 1 < b.len() => {
                match b[i + 1] {
                    b'n' => lit.push(b'\n'),
                    b't' => lit.push(b'\t'),
                    c @ (b'\\' | b'{' | b'[' | b'}' | b']') => lit.push(c),
                    c => lit.extend_from_slice(&[b'\\', c]),
                }
                i += 2;
            }
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                match b[i + 1..].iter().position(|&c| c == close) {
                    Some(len) => {
                        let text = &s[i + 1..i + 1 + len];
                        if !lit.is_empty() {
                            pieces.push(Piece::Lit(std::mem::take(&mut lit)));
                        }
                        pieces.push(Piece::Var(placeholder(text)?));
                        i += len + 2;
                    }
                    None => {
                        lit.extend_from_slice(&b[i..]);
                        i = b.len();
                    }
                }
            }
            c => {
                lit.push(c);
                i += 1;
            }
        }
    }
    if !lit.is_empty() {
        pieces.push(Piece::Lit(lit));
    }
    Ok(pieces)
}

fn placeholder(text: &str) -> Result<Placeholder, String> {
    let mut v = Placeholder {
        name: Name::Url,
        raw: false,
        default: false,
        puny: false,
        idn: false,
        must: false,
        text: text.to_string(),
    };
    let mut s = text;
    if let Some(rest) = s.strip_prefix(':') {
        v.raw = true;
        s = rest;
    }
    while let Some((m, rest)) = s.split_once(':') {
        match m {
            "default" => v.default = true,
            "puny" => v.puny = true,
            "idn" => v.idn = true,
            "must" => v.must = true,
            // `{url:port}` is trurl's long form of `{port}`.
            "url" if !rest.is_empty() => {}
            _ => break,
        }
        s = rest;
    }
    let (base, arg) = match s.split_once(':') {
        Some((b, a)) => (b, Some(a)),
        None => (s, None),
    };
    v.name = name_of(base, arg, text)?;
    if v.puny && v.idn {
        return Err(format!("get: '{{{text}}}' asks for both puny and idn"));
    }
    Ok(v)
}
