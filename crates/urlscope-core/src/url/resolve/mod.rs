//! Relative resolution by RFC 1808 §4, which the URL编码 tutorial paraphrases (docs/rules.md, "Resolution").

pub(crate) mod dots;
pub(crate) mod rule;
pub(crate) mod rules;

use crate::url::syntax::diag;

use crate::url::resolve::rule::ResolveRule::{self, *};
use crate::url::syntax::tokenize::{Parsed, frame_bounds, tokenize_unframed};

/// Every rule id of this algorithm, in the order of RFC 1808 §4 (the dot rules sit between merge and
/// recombine).
#[cfg(test)]
pub(crate) const ALL_RULES: [ResolveRule; 13] = [
    NoBase,
    EmptyRef,
    HasScheme,
    NetworkPath,
    InheritAuthority,
    AbsolutePath,
    EmptyPath,
    MergePaths,
    DotSlash,
    TrailingDot,
    SegmentDotdot,
    TrailingDotdot,
    Recombine,
];

/// The components resolution works with (RFC 1808 §2.4), borrowed from a body.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub scheme: Option<&'a [u8]>,
    pub authority: Option<&'a [u8]>,
    pub path: &'a [u8],
    pub params: Option<&'a [u8]>,
    pub query: Option<&'a [u8]>,
    pub fragment: Option<&'a [u8]>,
}

impl<'a> Parts<'a> {
    pub(crate) fn of(body: &'a [u8], p: &Parsed) -> Parts<'a> {
        let get = |r: &Option<std::ops::Range<usize>>| r.as_ref().map(|r| &body[r.clone()]);
        Parts {
            scheme: get(&p.scheme),
            authority: get(&p.authority),
            path: &body[p.path.clone()],
            params: get(&p.params),
            query: get(&p.query),
            fragment: get(&p.fragment),
        }
    }

    /// RFC 1808 step 7: `[scheme ":"] ["//" authority] path [";" params] ["?" query] ["#" fragment]`.
    pub(crate) fn recombine(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(s) = self.scheme {
            out.extend_from_slice(s);
            out.push(b':');
        }
        if let Some(a) = self.authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(a);
        }
        out.extend_from_slice(self.path);
        for (mark, part) in [
            (b';', self.params),
            (b'?', self.query),
            (b'#', self.fragment),
        ] {
            if let Some(v) = part {
                out.push(mark);
                out.extend_from_slice(v);
            }
        }
        out
    }
}

/// The result of `resolve`, with the trace the resolve view and `--trace` show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// The resolved URL.
    pub output: Vec<u8>,
    /// Rule ids taken, in order (dot rules only where they changed the path).
    pub rules: Vec<ResolveRule>,
    /// Why the reference could not be resolved, when it could not.
    pub error: Option<diag::Diag>,
    /// The merged path before `D`, when paths were merged.
    pub merged_path: Option<Vec<u8>>,
    /// The path after each of the four dot rules, when paths were merged.
    pub dot_steps: Vec<(ResolveRule, Vec<u8>)>,
}

fn body(x: &[u8]) -> &[u8] {
    let (a, z) = frame_bounds(x);
    &x[a..z]
}

/// `resolve(base, ref)` by RFC 1808 §4. Both inputs are framed octet strings (T0 is applied).
///
/// Returns the resolved URL, or the error that stopped resolution (`Resolution::error`, e.g. a
/// base that is not absolute) with the output left as far as it got. It never panics.
///
/// ```
/// let r = urlscope_core::resolve(b"http://a/b/c/d;p?q", b"../g");
/// assert_eq!(r.output, b"http://a/b/g");
/// assert!(r.error.is_none());
/// ```
pub fn resolve(base: &[u8], reference: &[u8]) -> Resolution {
    let (base, reference) = (body(base), body(reference));
    let mut res = Resolution::default();
    let bp = tokenize_unframed(base);
    if base.is_empty() || bp.scheme.is_none() {
        res.rules.push(NoBase);
        if !base.is_empty() {
            res.error = Some(diag::E_BASE_NOT_ABSOLUTE);
        }
        res.output = reference.to_vec();
        return res;
    }
    if reference.is_empty() {
        res.rules.push(EmptyRef);
        res.output = base.to_vec();
        return res;
    }
    let rp = tokenize_unframed(reference);
    let b = Parts::of(base, &bp);
    let mut r = Parts::of(reference, &rp);
    if r.scheme.is_some() {
        res.rules.push(HasScheme);
        res.output = reference.to_vec();
        return res;
    }
    r.scheme = b.scheme;
    if r.authority.is_some() {
        res.rules.push(NetworkPath);
        res.rules.push(Recombine);
        res.output = r.recombine();
        return res;
    }
    res.rules.push(InheritAuthority);
    r.authority = b.authority;
    let merged: Vec<u8>;
    let resolved: Vec<u8>;
    if r.path.first() == Some(&b'/') {
        res.rules.push(AbsolutePath);
    } else if r.path.is_empty() {
        res.rules.push(EmptyPath);
        r.path = b.path;
        if r.params.is_none_or(|p| p.is_empty()) {
            r.params = b.params;
            if r.query.is_none_or(|q| q.is_empty()) {
                r.query = b.query;
            }
        }
    } else {
        res.rules.push(MergePaths);
        let dir = b
            .path
            .iter()
            .rposition(|&c| c == b'/')
            .map_or(&b.path[..0], |i| &b.path[..=i]);
        let mut m = Vec::with_capacity(dir.len() + r.path.len() + 1);
        if r.authority.is_some() && dir.first() != Some(&b'/') {
            m.push(b'/');
        }
        m.extend_from_slice(dir);
        m.extend_from_slice(r.path);
        merged = m;
        let (out, steps) = dots::remove_dot_segments_traced(&merged);
        let mut prev: &[u8] = &merged;
        for (rule, path) in &steps {
            if path.as_slice() != prev {
                res.rules.push(*rule);
            }
            prev = path;
        }
        res.merged_path = Some(merged.clone());
        res.dot_steps = steps;
        resolved = out;
        r.path = &resolved;
    }
    res.rules.push(Recombine);
    res.output = r.recombine();
    res
}
