//! Resolution by three rule sets (docs/lenses.md): RFC 1808 §4's algorithm (docs/rules.md,
//! the default), RFC 3986 §5.2 with §5.2.4's dot-segment removal, and the WHATWG URL Standard
//! as the `url` crate's `Url::join` implements it.

use crate::url::profiles::rfc3986::{dots::remove_dot_segments, split};
use crate::url::profiles::whatwg::parse_error_id;
use crate::url::resolve::rule::ResolveRule::*;
use crate::url::resolve::{Resolution, resolve};
use crate::url::syntax::diag;
use crate::url::syntax::parser_text::parser_text;
use crate::url::syntax::tokenize::frame_bounds;

/// Which rules resolve a reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// RFC 1808 §4, as the URL编码 tutorial paraphrases it (the historical default).
    #[default]
    Rfc1808,
    /// RFC 3986 §5.2 (strict).
    Rfc3986,
    /// The WHATWG URL Standard (`url::Url::join`).
    Whatwg,
}

impl Rules {
    /// Every rule set.
    pub const ALL: [Rules; 3] = [Rules::Rfc1808, Rules::Rfc3986, Rules::Whatwg];

    /// The command-line name (`resolve --rules`).
    pub fn name(self) -> &'static str {
        match self {
            Rules::Rfc1808 => "rfc1808",
            Rules::Rfc3986 => "rfc3986",
            Rules::Whatwg => "whatwg",
        }
    }

    /// The label people read.
    pub fn label(self) -> &'static str {
        match self {
            Rules::Rfc1808 => "RFC 1808",
            Rules::Rfc3986 => "RFC 3986",
            Rules::Whatwg => "WHATWG",
        }
    }

    /// The rule set with this name, if any.
    pub fn from_name(name: &str) -> Option<Rules> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }
}

/// Every rule id the two modern rule sets report.
#[cfg(test)]
pub(crate) const MODERN_RULES: [crate::url::resolve::rule::ResolveRule; 9] = [
    R3986NoBase,
    R3986HasScheme,
    R3986Authority,
    R3986EmptyPath,
    R3986AbsolutePath,
    R3986Merge,
    R3986RemoveDots,
    R3986Recompose,
    WhatwgJoin,
];

/// Resolve `reference` against `base` by `rules`.
pub fn resolve_by(rules: Rules, base: &[u8], reference: &[u8]) -> Resolution {
    match rules {
        Rules::Rfc1808 => resolve(base, reference),
        Rules::Rfc3986 => resolve_rfc3986(base, reference),
        Rules::Whatwg => resolve_whatwg(base, reference),
    }
}

fn body(x: &[u8]) -> &[u8] {
    let (a, z) = frame_bounds(x);
    &x[a..z]
}

/// RFC 3986 §5.2.2 (strict: a reference with a scheme is taken as it is) and §5.3.
pub(crate) fn resolve_rfc3986(base: &[u8], reference: &[u8]) -> Resolution {
    let (base, reference) = (body(base), body(reference));
    let mut res = Resolution::default();
    let b = split(base);
    if b.scheme.is_none() {
        res.rules.push(R3986NoBase);
        if !base.is_empty() {
            res.error = Some(diag::E_BASE_NOT_ABSOLUTE);
        }
        res.output = reference.to_vec();
        return res;
    }
    let r = split(reference);
    let get = |s: &[u8], range: &Option<std::ops::Range<usize>>| -> Option<Vec<u8>> {
        range.as_ref().map(|x| s[x.clone()].to_vec())
    };
    let r_path = &reference[r.path.clone()];
    let (scheme, authority, path, query);
    if r.scheme.is_some() {
        res.rules.push(R3986HasScheme);
        scheme = get(reference, &r.scheme);
        authority = get(reference, &r.authority);
        path = dots(&mut res, r_path.to_vec());
        query = get(reference, &r.query);
    } else if r.authority.is_some() {
        res.rules.push(R3986Authority);
        scheme = get(base, &b.scheme);
        authority = get(reference, &r.authority);
        path = dots(&mut res, r_path.to_vec());
        query = get(reference, &r.query);
    } else {
        scheme = get(base, &b.scheme);
        authority = get(base, &b.authority);
        if r_path.is_empty() {
            res.rules.push(R3986EmptyPath);
            path = base[b.path.clone()].to_vec();
            query = get(reference, &r.query).or_else(|| get(base, &b.query));
        } else if r_path[0] == b'/' {
            res.rules.push(R3986AbsolutePath);
            path = dots(&mut res, r_path.to_vec());
            query = get(reference, &r.query);
        } else {
            res.rules.push(R3986Merge);
            // §5.2.3: a base with an authority and an empty path merges as "/".
            let b_path = &base[b.path.clone()];
            let mut merged = if b.authority.is_some() && b_path.is_empty() {
                b"/".to_vec()
            } else {
                let cut = b_path.iter().rposition(|&c| c == b'/').map_or(0, |i| i + 1);
                b_path[..cut].to_vec()
            };
            merged.extend_from_slice(r_path);
            res.merged_path = Some(merged.clone());
            path = dots(&mut res, merged);
            query = get(reference, &r.query);
        }
    }
    let fragment = get(reference, &r.fragment);
    res.rules.push(R3986Recompose);
    // §5.3 recomposition.
    let mut out = Vec::with_capacity(base.len() + reference.len());
    if let Some(s) = scheme {
        out.extend_from_slice(&s);
        out.push(b':');
    }
    if let Some(a) = authority {
        out.extend_from_slice(b"//");
        out.extend_from_slice(&a);
    }
    out.extend_from_slice(&path);
    for (mark, part) in [(b'?', query), (b'#', fragment)] {
        if let Some(v) = part {
            out.push(mark);
            out.extend_from_slice(&v);
        }
    }
    res.output = out;
    res
}

/// §5.2.4 on `path`, recorded as a step when it changes something.
fn dots(res: &mut Resolution, path: Vec<u8>) -> Vec<u8> {
    let out = remove_dot_segments(&path);
    if out != path {
        res.rules.push(R3986RemoveDots);
        res.dot_steps.push((R3986RemoveDots, out.clone()));
    }
    out
}

/// The WHATWG URL Standard: the base is parsed, the reference parsed against it (`Url::join`).
/// A failure keeps the reference and names the parser's error.
pub(crate) fn resolve_whatwg(base: &[u8], reference: &[u8]) -> Resolution {
    let mut res = Resolution {
        rules: vec![WhatwgJoin],
        ..Resolution::default()
    };
    let joined = url::Url::parse(&parser_text(base).text)
        .map_err(|_| diag::E_BASE_NOT_ABSOLUTE)
        .and_then(|b| b.join(&parser_text(reference).text).map_err(parse_error_id));
    match joined {
        Ok(u) => res.output = u.as_str().as_bytes().to_vec(),
        Err(e) => {
            res.error = Some(e);
            res.output = reference.to_vec();
        }
    }
    res
}
