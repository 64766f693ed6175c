//! internetarchive/surt's `surt.surt(url)` (`surt/surt.py`): handyurl's parse, the Google and
//! IA canonicalizers with their default options, and the SURT key of a Wayback CDX index.

use super::CanonStep::*;
use super::idna_host::idna2003;
use super::pct::{self, GOOGLE};
use super::table::{Failure, Model, Row, Table};
use super::urlcanon::steps::www_prefix;

/// handyurl's fields after the parse (`None` where Python has `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SurtUrl {
    /// The input before the parse.
    raw: Vec<u8>,
    parsed: bool,
    /// The answer when the input never reaches the parse (`-`, `filedesc…`), or the key.
    key: Option<Vec<u8>>,
    pub scheme: Vec<u8>,
    pub host: Option<Vec<u8>>,
    pub port: Option<u32>,
    pub path: Option<Vec<u8>>,
    pub query: Option<Vec<u8>>,
    pub hash: Option<Vec<u8>>,
}

impl Model for SurtUrl {
    fn load(&mut self, x: &[u8], _: &super::options::W3libOptions) {
        *self = SurtUrl {
            raw: x.to_vec(),
            ..SurtUrl::default()
        };
    }

    /// Before the parse the input; after it handyurl's `geturl()`; then the key.
    fn write(&self, out: &mut Vec<u8>) {
        if let Some(k) = &self.key {
            out.extend_from_slice(k);
        } else if self.parsed {
            self.url(out, true);
        } else {
            out.extend_from_slice(&self.raw);
        }
    }
}

impl SurtUrl {
    /// handyurl's `geturl_bytes(surt, with_scheme)` with the other options at their defaults.
    fn url(&self, out: &mut Vec<u8>, with_scheme: bool) {
        let surt = !with_scheme;
        let host = self.host.as_deref().filter(|h| !h.is_empty());
        if with_scheme {
            out.extend_from_slice(&self.scheme);
            out.push(b':');
            if host.is_some() && self.scheme != b"dns" {
                out.extend_from_slice(b"//");
            }
        } else if host.is_none() {
            out.extend_from_slice(&self.scheme);
            out.push(b':');
        }
        if let Some(h) = host {
            if surt {
                push_host_surt(out, h);
            } else {
                out.extend_from_slice(h);
            }
            if let Some(p) = self.port {
                out.push(b':');
                out.extend_from_slice(p.to_string().as_bytes());
            }
            if surt {
                out.push(b')');
            }
        }
        match &self.path {
            Some(p) if !p.is_empty() => out.extend_from_slice(p),
            _ if self.query.is_some() || self.hash.is_some() => out.push(b'/'),
            _ => {}
        }
        if let Some(q) = &self.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
        if let Some(h) = &self.hash {
            out.push(b'#');
            out.extend_from_slice(h);
        }
    }
}

/// `hostToSURT` (`reverse_ipaddr=True`): the labels reversed, joined with `,`.
fn push_host_surt(out: &mut Vec<u8>, h: &[u8]) {
    for (k, label) in h.rsplit(|&b| b == b'.').enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.extend_from_slice(label);
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// `^[A-Za-z][A-Za-z0-9+.-]*:`: the scheme's length, if the text starts with one.
fn scheme_len(s: &[u8]) -> Option<usize> {
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = s
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')))?;
    (s[n] == b':').then_some(n)
}

/// `handyurl.parse`, and `surt()`'s own answers before it.
fn parse(u: &mut SurtUrl) -> Result<(), Failure> {
    let raw = std::mem::take(&mut u.raw);
    if raw.is_empty() {
        u.key = Some(b"-".to_vec());
        return Ok(());
    }
    if raw.starts_with(b"filedesc") {
        u.key = Some(raw);
        return Ok(());
    }
    let a = raw.iter().position(|&b| !is_ws(b)).unwrap_or(raw.len());
    let z = raw.iter().rposition(|&b| !is_ws(b)).map_or(a, |i| i + 1);
    let mut url: Vec<u8> = raw[a..z]
        .iter()
        .copied()
        .filter(|&b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect();
    u.raw = raw;
    if url.is_empty() {
        // `None.startswith`: handyurl has no scheme to test.
        return Err(Failure::SurtEmpty);
    }
    if scheme_len(&url).is_none() {
        url.splice(0..0, b"http://".iter().copied());
    }
    // `^(https?://)+` → its last repetition.
    let mut starts = Vec::new();
    let mut i = 0;
    loop {
        let n = if url[i..].starts_with(b"http://") {
            7
        } else if url[i..].starts_with(b"https://") {
            8
        } else {
            break;
        };
        starts.push(i);
        i += n;
    }
    if starts.len() > 1 {
        let last = *starts.last().unwrap_or(&0);
        url.drain(..last);
    }
    // RFC2396REGEX.
    let mut rest = &url[..];
    let mut scheme: &[u8] = b"";
    if let Some(n) = scheme_len(rest) {
        scheme = &rest[..n];
        rest = &rest[n + 1..];
    }
    let mut netloc: &[u8] = b"";
    if let Some(r) = rest.strip_prefix(b"//") {
        let e = r
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(r.len());
        netloc = &r[..e];
        rest = &r[e..];
    }
    let p = rest
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(rest.len());
    let path = &rest[..p];
    let mut rest = &rest[p..];
    let mut query: &[u8] = b"";
    if let Some(r) = rest.strip_prefix(b"?") {
        let e = r.iter().position(|&b| b == b'#').unwrap_or(r.len());
        query = &r[..e];
        rest = &r[e..];
    }
    let fragment = rest.strip_prefix(b"#").unwrap_or(b"");
    let nonempty = |s: &[u8]| (!s.is_empty()).then(|| s.to_vec());
    // A netloc ending in ':' without a port loses its ':'s.
    let netloc = {
        let e = netloc.iter().rposition(|&b| b != b':').map_or(0, |i| i + 1);
        &netloc[..e]
    };
    // SplitResultBytes._hostinfo.
    let hostinfo = match netloc.iter().rposition(|&b| b == b'@') {
        Some(at) => &netloc[at + 1..],
        None => netloc,
    };
    let (hostname, port) = match hostinfo.iter().position(|&b| b == b'[') {
        Some(o) => {
            let br = &hostinfo[o + 1..];
            let c = br.iter().position(|&b| b == b']').unwrap_or(br.len());
            let after = br.get(c + 1..).unwrap_or(b"");
            let port = after
                .iter()
                .position(|&b| b == b':')
                .map(|k| &after[k + 1..]);
            (&br[..c], port)
        }
        None => match hostinfo.iter().position(|&b| b == b':') {
            Some(c) => (&hostinfo[..c], Some(&hostinfo[c + 1..])),
            None => (hostinfo, None),
        },
    };
    let port = match port.filter(|p| !p.is_empty()) {
        None => None,
        Some(p) => {
            if !p.iter().all(u8::is_ascii_digit) {
                return Err(Failure::SurtPort);
            }
            let v: u64 = std::str::from_utf8(p)
                .ok()
                .and_then(|s| s.trim_start_matches('0').parse().ok())
                .unwrap_or(0);
            if p.len() > 5 && p.iter().skip_while(|&&b| b == b'0').count() > 5 || v > 65535 {
                return Err(Failure::SurtPort);
            }
            (v != 0).then_some(v as u32)
        }
    };
    // `hostname`: lowercased up to the first '%'.
    let mut host = (!hostname.is_empty()).then(|| {
        let k = hostname
            .iter()
            .position(|&b| b == b'%')
            .unwrap_or(hostname.len());
        let mut h = hostname.to_vec();
        h[..k].make_ascii_lowercase();
        h
    });
    let mut path = nonempty(path);
    if scheme.starts_with(b"http")
        && host.is_none()
        && let Some(p) = &path
    {
        let t = &p[p.iter().position(|&b| b != b'/').unwrap_or(p.len())..];
        let (h, rest) = match t.iter().position(|&b| b == b'/') {
            Some(k) => (&t[..k], &t[k + 1..]),
            None => (t, &b""[..]),
        };
        host = Some(h.to_vec());
        let mut np = b"/".to_vec();
        np.extend_from_slice(rest);
        path = Some(np);
    }
    u.scheme = scheme.to_vec();
    u.host = host;
    u.port = port;
    u.path = path;
    u.query = nonempty(query);
    u.hash = nonempty(fragment);
    u.parsed = true;
    Ok(())
}

/// `escapeOnce`: Python's `quote_from_bytes` with everything printable safe.
fn escape_once(s: &mut Vec<u8>) {
    pct::enc_in_place(s, &GOOGLE);
}

/// Each step works on a parsed URL only (not on `-` or `filedesc…`).
fn parsed(u: &mut SurtUrl) -> Option<&mut SurtUrl> {
    (u.parsed && u.key.is_none()).then_some(u)
}

fn drop_fragment(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u) {
        u.hash = None;
    }
    Ok(())
}

fn query(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(q) = &mut u.query
    {
        pct::decr_in_place(q);
        escape_once(q);
    }
    Ok(())
}

/// `inet_aton`: 1 to 4 parts, each decimal, octal (leading 0) or hex (0x); the last fills the
/// remaining octets.
fn inet_aton(s: &[u8]) -> Option<u32> {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut vals = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if p.len() > 1 && p[0] == b'0' && (p[1] == b'x' || p[1] == b'X') {
            (&p[2..], 16)
        } else if p.len() > 1 && p[0] == b'0' {
            (&p[1..], 8)
        } else {
            (&p[..], 10)
        };
        if digits.is_empty() && radix != 16 {
            return None;
        }
        let mut v: u64 = 0;
        for &d in digits {
            v = v * radix + (d as char).to_digit(radix as u32)? as u64;
            if v > u32::MAX as u64 {
                return None;
            }
        }
        vals.push(v);
    }
    let n = vals.len();
    let (last, head) = vals.split_last()?;
    if head.iter().any(|&v| v > 255) || *last >= 1u64 << (8 * (5 - n as u32)).min(32) && n > 1 {
        return None;
    }
    let mut out: u64 = *last;
    for (i, &v) in head.iter().enumerate() {
        out |= v << (24 - 8 * i);
    }
    u32::try_from(out).ok()
}

/// `^[1-9][0-9]*(\.[0-9]+){0,3}$` or `^0[0-7]*(\.[0-7]+){0,3}$`.
fn looks_numeric(h: &[u8]) -> bool {
    let parts: Vec<&[u8]> = h.split(|&b| b == b'.').collect();
    if parts.len() > 4 || parts.iter().any(|p| p.is_empty()) {
        return false;
    }
    let decimal = h[0] != b'0' && parts.iter().all(|p| p.iter().all(u8::is_ascii_digit));
    let octal = h[0] == b'0'
        && parts
            .iter()
            .all(|p| p.iter().all(|&b| (b'0'..=b'7').contains(&b)));
    decimal || octal
}

/// `attemptIPFormats`, never asking DNS.
fn attempt_ip(h: &[u8]) -> Option<Vec<u8>> {
    if !h.is_empty() && h.iter().all(u8::is_ascii_digit) {
        let mut v: u64 = 0;
        for &d in h {
            v = (v * 10 + (d - b'0') as u64) & 0xffff_ffff_ffff;
        }
        return Some(super::ip::dotted((v & 0xffff_ffff) as u32));
    }
    if !h.is_empty() && looks_numeric(h) {
        return inet_aton(h).map(super::ip::dotted);
    }
    None
}

fn host(u: &mut SurtUrl) -> Result<(), Failure> {
    let Some(u) = parsed(u) else { return Ok(()) };
    let Some(h) = u.host.as_mut().filter(|h| !h.is_empty()) else {
        return Ok(());
    };
    pct::decr_in_place(h);
    if !h.is_ascii() {
        // Invalid UTF-8 is dropped, then IDNA 2003; on failure the decoded octets stay.
        let text = String::from_utf8_lossy(h).replace('\u{fffd}', "");
        if let Some(a) = idna2003(&text) {
            *h = a.into_bytes();
        }
    }
    // `replace(b'..', b'.')`: one non-overlapping pass.
    let mut d = Vec::with_capacity(h.len());
    let mut i = 0;
    while i < h.len() {
        if h[i] == b'.' && h.get(i + 1) == Some(&b'.') {
            d.push(b'.');
            i += 2;
        } else {
            d.push(h[i]);
            i += 1;
        }
    }
    let a = d.iter().position(|&b| b != b'.').unwrap_or(d.len());
    let z = d.iter().rposition(|&b| b != b'.').map_or(a, |i| i + 1);
    let d = &d[a..z];
    *h = match attempt_ip(d) {
        Some(ip) => ip,
        None => {
            let mut l = d.to_ascii_lowercase();
            escape_once(&mut l);
            l
        }
    };
    Ok(())
}

/// `normalizePath`.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    if path.is_empty() {
        return b"/".to_vec();
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for p in path.split(|&b| b == b'/').skip(1) {
        if p == b"." {
            continue;
        } else if p == b".." {
            if kept.pop().is_none() {
                kept.push(p);
            }
        } else {
            kept.push(p);
        }
    }
    let mut out = b"/".to_vec();
    if let Some((last, head)) = kept.split_last() {
        for p in head {
            if !p.is_empty() {
                out.extend_from_slice(p);
                out.push(b'/');
            }
        }
        out.extend_from_slice(last);
    }
    out
}

fn path(u: &mut SurtUrl) -> Result<(), Failure> {
    let Some(u) = parsed(u) else { return Ok(()) };
    let has_host = u.host.as_ref().is_some_and(|h| !h.is_empty());
    let mut p = u.path.take().map(|p| pct::decr(&p));
    if has_host {
        p = Some(normalize_path(p.as_deref().unwrap_or(b"")));
    }
    if let Some(p) = &mut p {
        escape_once(p);
    }
    u.path = p;
    Ok(())
}

fn lower_host(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(h) = &mut u.host
    {
        h.make_ascii_lowercase();
    }
    Ok(())
}

fn strip_www(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && u.scheme != b"dns"
        && let Some(h) = &mut u.host
        && let Some(n) = www_prefix(h)
    {
        h.drain(..n);
    }
    Ok(())
}

fn elide_port(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u) {
        let default = if u.scheme.eq_ignore_ascii_case(b"http") {
            80
        } else if u.scheme.eq_ignore_ascii_case(b"https") {
            443
        } else {
            0
        };
        if u.port == Some(default) {
            u.port = None;
        }
    }
    Ok(())
}

fn lower_path(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(p) = &mut u.path
    {
        p.make_ascii_lowercase();
    }
    Ok(())
}

fn is_24(s: &[u8]) -> bool {
    s.len() == 24 && s.iter().all(u8::is_ascii_alphanumeric)
}

/// The length of `((a(X24))+)/` or `(X24)/` at the start of `s` (pattern `k`).
fn aspx_id(s: &[u8], k: usize) -> Option<usize> {
    let t = s.strip_prefix(b"(")?;
    if k == 1 {
        return (t.len() >= 26 && is_24(&t[..24]) && &t[24..26] == b")/").then_some(27);
    }
    let mut n = 0;
    while t.len() >= n + 27
        && t[n].is_ascii_alphabetic()
        && t[n + 1] == b'('
        && is_24(&t[n + 2..n + 26])
        && t[n + 26] == b')'
    {
        n += 27;
    }
    (n > 0 && t[n..].starts_with(b")/")).then_some(n + 3)
}

/// `stripPathSessionID`: each pattern once, at the last place it matches.
fn strip_sid_path(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(p) = &mut u.path
    {
        strip_path_session_ids(p);
    }
    Ok(())
}

/// `stripPathSessionID` of a path.
pub(crate) fn strip_path_session_ids(p: &mut Vec<u8>) {
    // Both patterns open a parenthesis.
    if !p.contains(&b'(') {
        return;
    }
    for k in 0..2 {
        // `^(.*/)(ID)([^?]+\.aspx.*)$`: the greedy `.*/` takes the last workable '/'.
        let hit = (1..p.len()).rev().find_map(|i| {
            if p[i - 1] != b'/' {
                return None;
            }
            let n = aspx_id(&p[i..], k)?;
            let tail = &p[i + n..];
            let q = tail.iter().position(|&b| b == b'?').unwrap_or(tail.len());
            let ok = (1..=q).any(|e| {
                e >= 6 && tail[..e].len() >= 6 && tail[e - 5..e].eq_ignore_ascii_case(b".aspx")
            });
            ok.then_some((i, n))
        });
        if let Some((i, n)) = hit {
            p.drain(i..i + n);
        }
    }
}

fn strip_trailing_slash(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(p) = &mut u.path
        && p.len() > 1
        && p.last() == Some(&b'/')
    {
        p.pop();
    }
    Ok(())
}

/// The length of a query session id at `t[i..]`, pattern `k` of `_RES_QUERY_SESSIONID`.
fn query_sid(t: &[u8], k: usize) -> Option<usize> {
    let name: &[u8] = [
        &b"jsessionid="[..],
        b"phpsessid=",
        b"sid=",
        b"aspsessionid",
        b"cfid=",
    ][k];
    if t.len() < name.len() || !t[..name.len()].eq_ignore_ascii_case(name) {
        return None;
    }
    let r = &t[name.len()..];
    match k {
        0..=2 => (r.len() >= 32 && r[..32].iter().all(u8::is_ascii_alphanumeric))
            .then_some(name.len() + 32),
        3 => (r.len() >= 33
            && r[..8].iter().all(u8::is_ascii_alphabetic)
            && r[8] == b'='
            && r[9..33].iter().all(u8::is_ascii_alphabetic))
        .then_some(name.len() + 33),
        _ => {
            // cfid=[^&]+&cftoken=[^&]+ (greedy, so each runs to its '&').
            let a = r.iter().position(|&b| b == b'&')?;
            if a == 0 || r.len() < a + 9 || !r[a..a + 9].eq_ignore_ascii_case(b"&cftoken=") {
                return None;
            }
            let s = &r[a + 9..];
            let b = s.iter().position(|&b| b == b'&').unwrap_or(s.len());
            (b > 0).then_some(name.len() + a + 9 + b)
        }
    }
}

/// `stripQuerySessionID`: each pattern once, at the last place its match ends at '&' or the end.
fn strip_sid_query(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(q) = &mut u.query
    {
        strip_query_session_ids(q);
    }
    Ok(())
}

/// Whether `q` may hold a name of `stripQuerySessionID`: every one holds "id" (any case).
pub(crate) fn maybe_session_id(q: &[u8]) -> bool {
    q.windows(2)
        .any(|w| w[0] | 0x20 == b'i' && w[1] | 0x20 == b'd')
}

/// Where "id" (any case) is in `q`, in order.
fn ids(q: &[u8]) -> impl DoubleEndedIterator<Item = usize> + '_ {
    q.windows(2)
        .enumerate()
        .filter(|(_, w)| w[0] | 0x20 == b'i' && w[1] | 0x20 == b'd')
        .map(|(j, _)| j)
}

/// Where "id" is in each name of `query_sid`.
const ID_AT: [usize; 5] = [8, 7, 1, 10, 2];

/// `stripQuerySessionID` of a query.
pub(crate) fn strip_query_session_ids(q: &mut Vec<u8>) {
    if !maybe_session_id(q) {
        return;
    }
    for (k, id_at) in ID_AT.into_iter().enumerate() {
        // Each name holds "id" at a known offset: only where "id" is can a match start.
        let hit = ids(q).rev().find_map(|j| {
            let i = j.checked_sub(id_at)?;
            let n = query_sid(&q[i..], k)?;
            let e = i + n;
            (e == q.len() || q[e] == b'&').then_some((i, e))
        });
        if let Some((i, e)) = hit {
            let after = if e < q.len() {
                q[e + 1..].to_vec()
            } else {
                Vec::new()
            };
            q.truncate(i);
            q.extend_from_slice(&after);
        }
    }
}

fn lower_query(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(q) = &mut u.query
    {
        q.make_ascii_lowercase();
    }
    Ok(())
}

/// `alphaReorderQuery`: pieces sorted as (key, value) tuples.
pub(crate) fn alpha_reorder_query(q: &[u8]) -> Vec<u8> {
    if q.len() <= 1 {
        return q.to_vec();
    }
    let mut pairs: Vec<(&[u8], Option<&[u8]>)> = q
        .split(|&b| b == b'&')
        .map(|a| match a.iter().position(|&b| b == b'=') {
            Some(e) => (&a[..e], Some(&a[e + 1..])),
            None => (a, None),
        })
        .collect();
    pairs.sort();
    let mut out = Vec::with_capacity(q.len());
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(k);
        if let Some(v) = v {
            out.push(b'=');
            out.extend_from_slice(v);
        }
    }
    out
}

fn sort_query(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && let Some(q) = &mut u.query
    {
        *q = alpha_reorder_query(q);
    }
    Ok(())
}

fn empty_query(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u)
        && u.query.as_ref().is_some_and(Vec::is_empty)
    {
        u.query = None;
    }
    Ok(())
}

fn surt_form(u: &mut SurtUrl) -> Result<(), Failure> {
    if let Some(u) = parsed(u) {
        let mut k = Vec::new();
        u.url(&mut k, false);
        u.key = Some(k);
    }
    Ok(())
}

/// `stripPathSessionID` of a path (surt's own tests call it alone).
#[cfg(test)]
pub(crate) fn strip_path_session_id(p: &[u8]) -> Vec<u8> {
    let mut p = p.to_vec();
    strip_path_session_ids(&mut p);
    p
}

/// handyurl's URL after `DefaultIAURLCanonicalizer` (surt's `Canonicalizer.DefaultIA` tests).
#[cfg(test)]
pub(crate) fn canonicalize_url(x: &[u8]) -> Result<Vec<u8>, Failure> {
    let mut m = SurtUrl::default();
    let mut out = Vec::new();
    super::table::run_batch(&CANONICALIZE, &mut m, &Default::default(), x, &mut out)?;
    Ok(out)
}

type R = Row<SurtUrl>;

/// The IA canonicalization (`DefaultIAURLCanonicalizer`: Google, then IA) as a URL.
pub(crate) static CANONICALIZE: Table<SurtUrl> = Table {
    base: None,
    own: &[
        R::new(IaParse, parse),
        R::new(SgDropFragment, drop_fragment),
        R::new(SgQuery, query),
        R::new(SgHost, host),
        R::new(SgPath, path),
        R::new(IaLowerHost, lower_host),
        R::new(IaStripWww, strip_www),
        R::new(IaElidePort, elide_port),
        R::new(IaLowerPath, lower_path),
        R::new(IaStripSidPath, strip_sid_path),
        R::new(IaStripTrailingSlash, strip_trailing_slash),
        R::new(IaStripSidQuery, strip_sid_query),
        R::new(IaLowerQuery, lower_query),
        R::new(IaSortQuery, sort_query),
        R::new(IaEmptyQuery, empty_query),
    ],
};

/// `surt.surt(url)`: the canonicalization, then the SURT key.
pub(crate) static SURT: Table<SurtUrl> = Table {
    base: Some(&CANONICALIZE),
    own: &[R::new(SurtForm, surt_form)],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// `stripQuerySessionID` trying every offset, as the pattern reads.
    fn strip_query_session_ids_everywhere(q: &mut Vec<u8>) {
        for k in 0..5 {
            let hit = (0..q.len()).rev().find_map(|i| {
                let n = query_sid(&q[i..], k)?;
                let e = i + n;
                (e == q.len() || q[e] == b'&').then_some((i, e))
            });
            if let Some((i, e)) = hit {
                let after = q.get(e + 1..).unwrap_or_default().to_vec();
                q.truncate(i);
                q.extend_from_slice(&after);
            }
        }
    }

    #[test]
    fn session_ids_leave_the_query() {
        let mut q =
            b"a=1&JSESSIONID=0123456789abcdef0123456789ABCDEF&sid=0123456789abcdef0123456789ABCDEF"
                .to_vec();
        strip_query_session_ids(&mut q);
        assert_eq!(q, b"a=1&");
    }

    proptest::proptest! {
        #[test]
        fn session_ids_are_found_only_where_id_is(
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "JSESSIONID=", "jsessionid=", "PhpSessId=", "sid=", "SID=", "aspsessionid",
                "ASPSESSIONIDABCDEFGH=", "cfid=", "&cftoken=", "id", "&", "=", "a", "0",
                "0123456789abcdef0123456789ABCDEF", "abcdefghABCDEFGHabcdefgh",
            ]), 0..12)
        ) {
            let q: Vec<u8> = pieces.concat().into_bytes();
            let (mut fast, mut slow) = (q.clone(), q);
            strip_query_session_ids(&mut fast);
            strip_query_session_ids_everywhere(&mut slow);
            proptest::prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn path_normalization_keeps_a_leading_dotdot() {
        assert_eq!(normalize_path(b"/b/../../c/./d/.."), b"/../c");
        assert_eq!(normalize_path(b"//a//b"), b"/a/b");
    }

    #[test]
    fn query_order_is_by_pairs() {
        assert_eq!(alpha_reorder_query(b"a=2&b&a=1"), b"a=1&a=2&b");
        assert_eq!(alpha_reorder_query(b"a=1&a-b=2"), b"a=1&a-b=2");
    }

    #[test]
    fn ip_forms() {
        assert_eq!(attempt_ip(b"39024579298").unwrap(), b"22.11.210.226");
        assert_eq!(attempt_ip(b"192.168.1.010").unwrap(), b"192.168.1.8");
        assert_eq!(attempt_ip(b"0x7f.1"), None);
    }
}
