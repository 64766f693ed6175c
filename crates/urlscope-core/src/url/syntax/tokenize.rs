//! Lossless tokenizer (docs/rules.md, "The tokenizer"): every input octet lands in exactly one span, and the structured
//! model records which components are present, absent or empty.

use std::ops::Range;

use crate::url::syntax::diag;
use crate::url::syntax::octets::{self, set, starts_with_ci};
use crate::url::syntax::span::{Span, SpanKind};

/// Schemes whose authority is an areatag list (FidoURL §5.2.2.3.1).
pub(crate) fn is_areatag_scheme(scheme: &[u8]) -> bool {
    scheme.eq_ignore_ascii_case(b"area")
        || scheme.eq_ignore_ascii_case(b"fecho")
        || scheme.eq_ignore_ascii_case(b"areafix")
}

/// One path segment: a maximal run of non-`/` octets of the path text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub range: Range<usize>,
    /// The text before the segment's first `;`.
    pub name: Range<usize>,
    /// The text after the first `;` (segment params separated by `;`), if there is a `;`.
    pub params: Option<Range<usize>>,
}

/// One query pair: `key` or `key=value` (first `=` separates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    pub range: Range<usize>,
    pub key: Range<usize>,
    pub value: Option<Range<usize>>,
}

/// One FidoURL areatag item: `areatag` or `areatag@domain` (last `@` separates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreatagItem {
    pub range: Range<usize>,
    pub tag: Range<usize>,
    pub domain: Option<Range<usize>>,
}

/// The structured model (docs/rules.md, "The tokenizer"). All ranges index the tokenized input.
/// `Some(empty range)` is a component that is present but empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The frame before the URL (`<`, `URL:`, a quote), empty when there is none.
    pub frame_open: Range<usize>,
    /// The frame after the URL, empty when there is none.
    pub frame_close: Range<usize>,
    /// The URL between the frames.
    pub body: Range<usize>,
    /// W, the URL proper: the body up to (not including) the first `#`.
    pub w: Range<usize>,
    /// The scheme-specific part: W after `scheme:`, or all of W.
    pub ssp: Range<usize>,
    /// The scheme, without its `:`.
    pub scheme: Option<Range<usize>>,
    /// The authority region after `//`; `None` when there is no `//`.
    pub authority: Option<Range<usize>>,
    /// The user name.
    pub user: Option<Range<usize>>,
    /// The password, without its `:`.
    pub password: Option<Range<usize>>,
    /// The host section (brackets included for an IPv6 literal). `None` for areatag schemes.
    pub host: Option<Range<usize>>,
    /// The port, without its `:`.
    pub port: Option<Range<usize>>,
    /// The areatag region of a FidoURL areatag scheme, and its items.
    pub areatag_region: Option<Range<usize>>,
    /// The areatag items.
    pub areatags: Vec<AreatagItem>,
    /// Path text, without the last segment's params.
    pub path: Range<usize>,
    /// The path segments.
    pub segments: Vec<Segment>,
    /// The params component, after the params-semicolon.
    pub params: Option<Range<usize>>,
    /// Offset of the query-mark `?`, if any.
    pub query_mark: Option<usize>,
    /// The query, without its `?`.
    pub query: Option<Range<usize>>,
    /// The query pairs.
    pub pairs: Vec<Pair>,
    /// Offset of the fragment-mark `#`, if any.
    pub fragment_mark: Option<usize>,
    /// The fragment, without its `#`.
    pub fragment: Option<Range<usize>>,
    /// Every span, in input order.
    pub spans: Vec<Span>,
    /// The tokenizer's warnings.
    pub warnings: Vec<diag::Diag>,
}

/// How much of the model to build. Profiles re-tokenize at every step and need only the structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Spans, segments, pairs and warnings too.
    Full,
    /// Component ranges, marks and areatags only.
    Structure,
}

/// Tokenize with framing (T0–T8): the form the UI and `urlscope tokens` show.
///
/// Returns the lossless parse record: every component as a range into `x`, the spans that
/// cover every octet, and the warnings (docs/rules.md, "The tokenizer (T0–T8)"). Any octets are a valid
/// input; it never panics and never changes an octet.
///
/// ```
/// let x = b"<http://example.com:8080/a;p?q=1#f>";
/// let p = urlscope_core::tokenize(x);
/// assert_eq!(&x[p.port.clone().unwrap()], b"8080");
/// assert_eq!(&x[p.frame_open.clone()], b"<");
/// ```
pub fn tokenize(x: &[u8]) -> Parsed {
    let mut p = Parsed::default();
    tokenize_into(&mut p, x, true, Detail::Full);
    p
}

/// Tokenize with no framing (T1–T8): the body is the whole string, as profile steps require.
pub fn tokenize_unframed(x: &[u8]) -> Parsed {
    let mut p = Parsed::default();
    tokenize_into(&mut p, x, false, Detail::Full);
    p
}

/// T0: the balanced frame of `x`, as `(a, z)` with body `x[a..z]`.
pub fn frame_bounds(x: &[u8]) -> (usize, usize) {
    let (mut a, mut z) = (0usize, x.len());
    loop {
        if starts_with_ci(&x[a..z], b"<URL:") {
            a += 5;
            if z > a && x[z - 1] == b'>' {
                z -= 1;
            }
        } else if z - a >= 2 && matches!((x[a], x[z - 1]), (b'<', b'>') | (b'"', b'"')) {
            a += 1;
            z -= 1;
        } else {
            return (a, z);
        }
    }
}

/// The length of a T2 scheme at the start of `w` (name only, without the colon), if any.
pub(crate) fn scheme_len(w: &[u8]) -> Option<usize> {
    let first = *w.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    for (i, &b) in w.iter().enumerate().skip(1) {
        if b == b':' {
            return Some(i);
        }
        if !(b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.') {
            return None;
        }
    }
    None
}

// The scans are memchr's SIMD searches: the tokenizer runs once per profile step in batch work.
fn find(x: &[u8], range: Range<usize>, b: u8) -> Option<usize> {
    memchr::memchr(b, &x[range.clone()]).map(|i| range.start + i)
}

fn rfind(x: &[u8], range: Range<usize>, b: u8) -> Option<usize> {
    memchr::memrchr(b, &x[range.clone()]).map(|i| range.start + i)
}

fn find2(x: &[u8], range: Range<usize>, a: u8, b: u8) -> Option<usize> {
    memchr::memchr2(a, b, &x[range.clone()]).map(|i| range.start + i)
}

struct Builder<'a> {
    x: &'a [u8],
    full: bool,
    spans: Vec<Span>,
}

impl Builder<'_> {
    #[inline]
    fn span(&mut self, kind: SpanKind, range: Range<usize>) {
        if self.full && range.start < range.end {
            self.spans.push(Span { kind, range });
        }
    }
    #[inline]
    fn delim(&mut self, kind: SpanKind, at: usize, len: usize) {
        self.span(kind, at..at + len);
    }
}

/// Fill `p` with the tokenization of `x`, reusing its allocations.
pub fn tokenize_into(p: &mut Parsed, x: &[u8], framing: bool, detail: Detail) {
    let full = detail == Detail::Full;
    let mut b = Builder {
        x,
        full,
        spans: std::mem::take(&mut p.spans),
    };
    b.spans.clear();
    if full {
        // Every span holds at least one octet; reserving generously costs nothing until touched,
        // and saves the copies and page faults of repeated growth on long inputs.
        b.spans.reserve(x.len() / 2 + 8);
        p.segments.reserve(x.len() / 4 + 4);
    }
    p.areatags.clear();
    p.segments.clear();
    p.pairs.clear();
    p.warnings.clear();

    // T0 framing.
    let (a, z) = if framing {
        frame_bounds(x)
    } else {
        (0, x.len())
    };
    p.frame_open = 0..a;
    p.frame_close = z..x.len();
    p.body = a..z;
    b.span(SpanKind::Frame, 0..a);

    // T1 fragment.
    let h = find(x, a..z, b'#');
    let w_end = h.unwrap_or(z);
    p.w = a..w_end;
    p.fragment_mark = h;
    p.fragment = h.map(|h| h + 1..z);

    // T2 scheme.
    let mut pos = a;
    p.scheme = None;
    if let Some(len) = scheme_len(&x[a..w_end]) {
        p.scheme = Some(a..a + len);
        b.span(SpanKind::Scheme, a..a + len);
        b.delim(SpanKind::SchemeColon, a + len, 1);
        pos = a + len + 1;
    }
    p.ssp = pos..w_end;
    let areatag_scheme = p
        .scheme
        .as_ref()
        .is_some_and(|s| is_areatag_scheme(&x[s.clone()]));

    // T3 authority.
    p.authority = None;
    p.user = None;
    p.password = None;
    p.host = None;
    p.port = None;
    p.areatag_region = None;
    let mut wflags: u32 = 0;
    if x[pos..w_end].starts_with(b"//") {
        b.delim(SpanKind::AuthorityMarker, pos, 2);
        let s = pos + 2;
        let e = find2(x, s..w_end, b'/', b'?').unwrap_or(w_end);
        p.authority = Some(s..e);
        if areatag_scheme {
            areatag_list(p, &mut b, s..e);
        } else {
            wflags |= authority(p, &mut b, s..e);
        }
        pos = e;
    } else if areatag_scheme && pos < w_end {
        let e = find2(x, pos..w_end, b'/', b'?').unwrap_or(w_end);
        areatag_list(p, &mut b, pos..e);
        pos = e;
    }

    // T6 path and params.
    let q = find(x, pos..w_end, b'?');
    let pr = pos..q.unwrap_or(w_end);
    p.params = None;
    let netmail = p
        .scheme
        .as_ref()
        .is_some_and(|s| x[s.clone()].eq_ignore_ascii_case(b"netmail"));
    if netmail {
        p.path = pr.clone();
        b.span(SpanKind::PathSegment, pr.clone());
        if full && !pr.is_empty() {
            p.segments.push(Segment {
                range: pr.clone(),
                name: pr.clone(),
                params: None,
            });
        }
    } else {
        let last_start = rfind(x, pr.clone(), b'/').map_or(pr.start, |i| i + 1);
        let sc = find(x, last_start..pr.end, b';');
        let path_end = sc.unwrap_or(pr.end);
        p.path = pr.start..path_end;
        if full {
            path_text(p, &mut b, pr.start..path_end);
        }
        if let Some(sc) = sc {
            b.delim(SpanKind::ParamsSemicolon, sc, 1);
            p.params = Some(sc + 1..pr.end);
            split_on(
                &mut b,
                sc + 1..pr.end,
                |c| c == b';',
                SpanKind::Param,
                SpanKind::ParamSeparator,
            );
        }
    }

    // T7 query.
    p.query_mark = q;
    p.query = q.map(|q| q + 1..w_end);
    if let Some(q) = q {
        b.delim(SpanKind::QueryMark, q, 1);
        if full {
            query_pairs(p, &mut b, q + 1..w_end);
            if memchr::memchr(b'?', &x[q + 1..w_end]).is_some() {
                wflags |= 1 << W_MULTI_QUESTION_BIT;
            }
        }
    }

    // T8 fragment and closing frame.
    if let Some(h) = h {
        b.delim(SpanKind::FragmentMark, h, 1);
        b.span(SpanKind::Fragment, h + 1..z);
    }
    b.span(SpanKind::Frame, z..x.len());

    p.spans = b.spans;
    if full {
        warnings(p, x, wflags);
    }
}

// Bits for warnings found while parsing; the rest are computed in `warnings`.
const W_AT_BIT: u32 = 0;
const W_COLON_PW_BIT: u32 = 1;
const W_IPV6_BIT: u32 = 2;
const W_IPV6_UNTERM_BIT: u32 = 3;
const W_HOST_JUNK_BIT: u32 = 4;
const W_MULTI_QUESTION_BIT: u32 = 5;

/// T4: userinfo, host and port of a generic authority `[s, e)`. Returns warning bits.
fn authority(p: &mut Parsed, b: &mut Builder, r: Range<usize>) -> u32 {
    let x = b.x;
    let mut flags = 0;
    let hp_start = match rfind(x, r.clone(), b'@') {
        Some(at) => {
            if x[r.start..at].contains(&b'@') {
                flags |= 1 << W_AT_BIT;
            }
            match find(x, r.start..at, b':') {
                Some(c) => {
                    p.user = Some(r.start..c);
                    p.password = Some(c + 1..at);
                    b.span(SpanKind::User, r.start..c);
                    b.delim(SpanKind::UserinfoColon, c, 1);
                    b.span(SpanKind::Password, c + 1..at);
                    if x[c + 1..at].contains(&b':') {
                        flags |= 1 << W_COLON_PW_BIT;
                    }
                }
                None => {
                    p.user = Some(r.start..at);
                    b.span(SpanKind::User, r.start..at);
                }
            }
            b.delim(SpanKind::UserinfoAt, at, 1);
            at + 1
        }
        None => r.start,
    };
    let hp = hp_start..r.end;
    if !hp.is_empty() && x[hp.start] == b'[' {
        match find(x, hp.clone(), b']') {
            None => {
                flags |= 1 << W_IPV6_UNTERM_BIT;
                p.host = Some(hp.clone());
                b.span(SpanKind::Host, hp);
            }
            Some(rb) => {
                flags |= 1 << W_IPV6_BIT;
                b.delim(SpanKind::Ipv6Open, hp.start, 1);
                b.span(SpanKind::Host, hp.start + 1..rb);
                b.delim(SpanKind::Ipv6Close, rb, 1);
                if rb + 1 < hp.end && x[rb + 1] == b':' {
                    p.host = Some(hp.start..rb + 1);
                    b.delim(SpanKind::PortColon, rb + 1, 1);
                    p.port = Some(rb + 2..hp.end);
                    b.span(SpanKind::Port, rb + 2..hp.end);
                } else {
                    if rb + 1 < hp.end {
                        flags |= 1 << W_HOST_JUNK_BIT;
                        b.span(SpanKind::Host, rb + 1..hp.end);
                    }
                    p.host = Some(hp);
                }
            }
        }
    } else {
        match find(x, hp.clone(), b':') {
            Some(c) => {
                p.host = Some(hp.start..c);
                b.span(SpanKind::Host, hp.start..c);
                b.delim(SpanKind::PortColon, c, 1);
                p.port = Some(c + 1..hp.end);
                b.span(SpanKind::Port, c + 1..hp.end);
            }
            None => {
                p.host = Some(hp.clone());
                b.span(SpanKind::Host, hp);
            }
        }
    }
    flags
}

/// T5: an areatag list, items separated by `+`, each `tag` or `tag@domain` (last `@`).
fn areatag_list(p: &mut Parsed, b: &mut Builder, r: Range<usize>) {
    let x = b.x;
    p.areatag_region = Some(r.clone());
    let mut start = r.start;
    loop {
        let end = find(x, start..r.end, b'+').unwrap_or(r.end);
        let item = start..end;
        match rfind(x, item.clone(), b'@') {
            Some(at) => {
                b.span(SpanKind::Areatag, start..at);
                b.delim(SpanKind::DomainAt, at, 1);
                b.span(SpanKind::FtnDomain, at + 1..end);
                p.areatags.push(AreatagItem {
                    range: item,
                    tag: start..at,
                    domain: Some(at + 1..end),
                });
            }
            None => {
                b.span(SpanKind::Areatag, item.clone());
                p.areatags.push(AreatagItem {
                    range: item.clone(),
                    tag: item,
                    domain: None,
                });
            }
        }
        if end >= r.end {
            break;
        }
        b.delim(SpanKind::AreatagSeparator, end, 1);
        start = end + 1;
    }
}

/// T6 (second half): slashes, segment names and segment params of the path text.
fn path_text(p: &mut Parsed, b: &mut Builder, r: Range<usize>) {
    let x = b.x;
    let mut i = r.start;
    while i < r.end {
        if x[i] == b'/' {
            b.delim(SpanKind::PathSlash, i, 1);
            i += 1;
            continue;
        }
        // One search finds the segment's end or its first ';', whichever comes first.
        let (end, sc) = match find2(x, i..r.end, b'/', b';') {
            Some(k) if x[k] == b';' => (find(x, k + 1..r.end, b'/').unwrap_or(r.end), Some(k)),
            Some(k) => (k, None),
            None => (r.end, None),
        };
        let name = i..sc.unwrap_or(end);
        b.span(SpanKind::PathSegment, name.clone());
        if let Some(sc) = sc {
            b.delim(SpanKind::SegmentParamSemicolon, sc, 1);
            split_on(
                b,
                sc + 1..end,
                |c| c == b';',
                SpanKind::SegmentParam,
                SpanKind::SegmentParamSemicolon,
            );
        }
        p.segments.push(Segment {
            range: i..end,
            name,
            params: sc.map(|sc| sc + 1..end),
        });
        i = end;
    }
}

/// Split `r` on separator octets into data spans of `data` and one-octet `sep` spans.
fn split_on(
    b: &mut Builder,
    r: Range<usize>,
    is_sep: impl Fn(u8) -> bool,
    data: SpanKind,
    sep: SpanKind,
) {
    let mut start = r.start;
    for i in r.clone() {
        if is_sep(b.x[i]) {
            b.span(data, start..i);
            b.delim(sep, i, 1);
            start = i + 1;
        }
    }
    b.span(data, start..r.end);
}

/// T7: query pairs split on `&` and `;`; the first `=` of a pair separates key and value.
fn query_pairs(p: &mut Parsed, b: &mut Builder, r: Range<usize>) {
    let x = b.x;
    let mut start = r.start;
    loop {
        let end = find2(x, start..r.end, b'&', b';').unwrap_or(r.end);
        let pair = start..end;
        match find(x, pair.clone(), b'=') {
            Some(eq) => {
                b.span(SpanKind::QueryKey, start..eq);
                b.delim(SpanKind::PairEquals, eq, 1);
                b.span(SpanKind::QueryValue, eq + 1..end);
                p.pairs.push(Pair {
                    range: pair,
                    key: start..eq,
                    value: Some(eq + 1..end),
                });
            }
            None => {
                b.span(SpanKind::QueryKey, pair.clone());
                p.pairs.push(Pair {
                    range: pair.clone(),
                    key: pair,
                    value: None,
                });
            }
        }
        if end >= r.end {
            break;
        }
        b.delim(SpanKind::PairSeparator, end, 1);
        start = end + 1;
    }
}

/// The tokenizer's diagnostics, in `diag::ALL`'s order.
fn warnings(p: &mut Parsed, x: &[u8], flags: u32) {
    let body = &x[p.body.clone()];
    let mut w: Vec<diag::Diag> = Vec::new();
    let scheme = p.scheme.as_ref().map(|s| &x[s.clone()]);
    if !body.is_empty() && scheme.is_none() {
        w.push(diag::W_NO_SCHEME);
    }
    if scheme.is_some_and(|s| s.contains(&b'.')) {
        w.push(diag::W_SCHEME_LOOKS_LIKE_HOST);
    }
    if p.authority.is_some()
        && scheme.is_some_and(|s| s.eq_ignore_ascii_case(b"http") || s.eq_ignore_ascii_case(b"ftp"))
        && p.host.as_ref().is_some_and(|h| h.is_empty())
    {
        w.push(diag::W_EMPTY_HOST);
    }
    let bit = |n: u32| flags & (1 << n) != 0;
    if bit(W_IPV6_BIT) {
        w.push(diag::W_IPV6);
    }
    if bit(W_IPV6_UNTERM_BIT) {
        w.push(diag::W_IPV6_UNTERMINATED);
    }
    if bit(W_HOST_JUNK_BIT) {
        w.push(diag::W_HOST_JUNK);
    }
    if bit(W_AT_BIT) {
        w.push(diag::W_AT_IN_USERINFO);
    }
    if bit(W_COLON_PW_BIT) {
        w.push(diag::W_COLON_IN_PASSWORD);
    }
    if let Some(port) = &p.port {
        if port.is_empty() {
            w.push(diag::W_EMPTY_PORT);
        } else if !x[port.clone()].iter().all(u8::is_ascii_digit) {
            w.push(diag::W_BAD_PORT);
        }
    }
    if bit(W_MULTI_QUESTION_BIT) {
        w.push(diag::W_MULTI_QUESTION);
    }
    if p.fragment
        .as_ref()
        .is_some_and(|f| x[f.clone()].contains(&b'#'))
    {
        w.push(diag::W_MULTI_HASH);
    }
    // Octet-level warnings from one table pass. A triplet's octets are '%' and hex digits, so
    // every non-ASCII or control octet is raw, and every '%' starts a unit.
    let summary = octets::summary(x);
    if summary & set::PERCENT != 0
        && memchr::memchr_iter(b'%', x).any(|i| !octets::triplet_at(x, i))
    {
        w.push(diag::W_INVALID_PERCENT);
    }
    if summary & set::NON_ASCII != 0 {
        w.push(diag::W_NON_ASCII);
    }
    if summary & set::CONTROL != 0 {
        w.push(diag::W_CONTROL);
    }
    if x.first().is_some_and(|&c| octets::is_whitespace(c))
        || x.last().is_some_and(|&c| octets::is_whitespace(c))
    {
        w.push(diag::W_EDGE_WHITESPACE);
    }
    let after_scheme = p.scheme.as_ref().map_or(p.body.start, |s| s.end + 1);
    if has_triple_minus(&x[after_scheme.min(x.len())..]) {
        w.push(diag::W_TRIPLE_MINUS);
    }
    p.warnings = w;
}

/// Three consecutive raw `-` octets.
pub(crate) fn has_triple_minus(s: &[u8]) -> bool {
    octets::find_run(b'-', 3, s).is_some()
}
