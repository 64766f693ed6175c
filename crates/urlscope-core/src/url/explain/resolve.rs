//! The learner sentence of every resolution rule id, with its
//! source. One exhaustive match: a rule without a sentence does not compile.

use crate::explain::modern as m;
use crate::explain::{self as x, Explanation};
use crate::url::resolve::rule::ResolveRule;

/// The sentence of resolution rule `r`.
#[rustfmt::skip]
pub fn resolution(r: ResolveRule) -> Explanation {
    use ResolveRule as R;
    let (text, source) = match r {
        R::NoBase => ("RFC 1808 §4 step 1: with no base URL, the reference is taken as it is.", x::RFC1808),
        R::EmptyRef => ("URL编码 (an RFC 2396 tutorial) / RFC 1808 step 2a: an empty reference means the base URL itself, fragment included.", x::SEED001_RFC1808),
        R::HasScheme => (r##"URL编码 (an RFC 2396 tutorial): a URL with a scheme "is actually an absolute URL", so it is used as it is."##, x::SEED001),
        R::NetworkPath => (r##"URL编码 (an RFC 2396 tutorial): a reference beginning with "//host" is a network location; it borrows only the base scheme."##, x::SEED001),
        R::InheritAuthority => ("URL编码 (an RFC 2396 tutorial): a relative URL inherits the scheme and the authority (host, port) of the base URL.", x::SEED001),
        R::AbsolutePath => ("URL编码 (an RFC 2396 tutorial): a path beginning with '/' is absolute on the inherited host and is used as it is.", x::SEED001),
        R::EmptyPath => ("URL编码 (an RFC 2396 tutorial) / RFC 1808 step 5: a reference with only ;params, ?query or #fragment refers to the base document, whose path (and params and query, unless given) are kept.", x::SEED001_RFC1808),
        R::MergePaths => ("URL编码 (an RFC 2396 tutorial): remove everything after the last '/' of the base path, then append the relative path.", x::SEED001),
        R::DotSlash => (r##"URL编码 (an RFC 2396 tutorial) step 8 / RFC 1808 6a: a "./" segment means "this directory" and is removed."##, x::SEED001_RFC1808),
        R::TrailingDot => (r##"URL编码 (an RFC 2396 tutorial) step 11 / RFC 1808 6b: a final "." segment is removed, leaving the directory."##, x::SEED001_RFC1808),
        R::SegmentDotdot => (r##"URL编码 (an RFC 2396 tutorial) step 9 / RFC 1808 6c: "segment/../" cancels out; repeat from the left until none remain."##, x::SEED001_RFC1808),
        R::TrailingDotdot => (r##"URL编码 (an RFC 2396 tutorial) step 10 / RFC 1808 6d: a final "segment/.." goes up one directory."##, x::SEED001_RFC1808),
        R::Recombine => ("URL编码 (an RFC 2396 tutorial): finally add the relative URL's query and fragment with '?' and '#' to get the absolute URL.", x::SEED001),
        R::R3986NoBase => ("RFC 3986 §5.1: without an absolute base URI (one with a scheme) there is nothing to resolve against; the reference is taken as it is.", "RFC 3986 §5.1"),
        R::R3986HasScheme => ("RFC 3986 §5.2.2: a reference with a scheme is already a URI; only its dot-segments are removed (a strict parser; the RFC allows ignoring a scheme equal to the base's \"for backward compatibility\").", m::RFC3986_522),
        R::R3986Authority => ("RFC 3986 §5.2.2: a network-path reference ('//host…') takes only the base's scheme.", m::RFC3986_522),
        R::R3986EmptyPath => ("RFC 3986 §5.2.2: an empty path means the base's path, and the base's query unless the reference has one.", m::RFC3986_522),
        R::R3986AbsolutePath => ("RFC 3986 §5.2.2: a path starting with '/' replaces the base's path (dot-segments removed).", m::RFC3986_522),
        R::R3986Merge => ("RFC 3986 §5.2.3: the reference's path replaces everything after the base path's last '/' (an authority with an empty base path merges as '/').", "RFC 3986 §5.2.3"),
        R::R3986RemoveDots => ("RFC 3986 §5.2.4: '.' and '..' segments are removed; unlike RFC 1808, a '..' above the root is dropped, so http://a/../g is http://a/g.", "RFC 3986 §5.2.4"),
        R::R3986Recompose => ("RFC 3986 §5.3: scheme, '//' authority, path, '?' query and '#' fragment are joined again.", "RFC 3986 §5.3"),
        R::WhatwgJoin => ("WHATWG URL Standard §4.4: the reference is parsed with the base URL as its base, as a browser resolves a link; backslashes, tabs and newlines are treated as there.", m::WHATWG),
    };
    Explanation { id: r.as_str(), text, source }
}
