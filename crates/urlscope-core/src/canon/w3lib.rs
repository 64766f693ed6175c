//! scrapy/w3lib's `canonicalize_url` (2.5.0, `w3lib/url.py`): the "safe" split and quoting of
//! `_safe_url_split`, then the canonical stage, over text as Python holds it. Octets that are
//! not UTF-8 become `%XX` first, as w3lib's `percentencode` error handler does.

use unicode_normalization::UnicodeNormalization;

use super::CanonStep::*;
use super::idna_host::idna2003;
use super::ip;
use super::options::W3libOptions;
use super::pct::{Set, push_encoded, triplet_at};
use super::table::{Failure, Model, Row, Table};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct W3Url {
    raw: Vec<u8>,
    opts: W3libOptions,
    split: bool,
    pub scheme: String,
    pub netloc: String,
    pub path: String,
    pub params: String,
    pub query: String,
    pub fragment: String,
}

impl Model for W3Url {
    fn load(&mut self, x: &[u8], opts: &W3libOptions) {
        *self = W3Url {
            raw: x.to_vec(),
            opts: opts.clone(),
            ..W3Url::default()
        };
    }

    fn write(&self, out: &mut Vec<u8>) {
        if !self.split {
            out.extend_from_slice(&self.raw);
            return;
        }
        out.extend_from_slice(
            urlunparse(
                &self.scheme,
                &self.netloc,
                &self.path,
                &self.params,
                &self.query,
                &self.fragment,
            )
            .as_bytes(),
        );
    }
}

pub(crate) const UNRESERVED: Set = Set::EMPTY
    .range(b'a', b'z')
    .range(b'A', b'Z')
    .range(b'0', b'9')
    .with(b"-._~");
/// What `_quote_into` keeps in a userinfo, a path, a query and a fragment of the safe stage.
const USERINFO_SAFEST: Set = UNRESERVED.with(b"!$&'()*+,");
pub(crate) const PATH_SAFEST: Set = UNRESERVED.with(b":/?@!$&'()*+,;=%");
pub(crate) const SPECIAL_QUERY_SAFEST: Set = UNRESERVED.with(b":/?@!$&()*+,;=%");
/// `_PATH_SAFE_CHARS`: the canonical path's.
pub(crate) const PATH_SAFE: Set = UNRESERVED.with(b":/?[]@!$&'()*+,;=|%");

const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];
const USES_NETLOC: [&str; 25] = [
    "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];
const USES_PARAMS: [&str; 16] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// `_quote_into`: octets outside `safe` as `%XX` (`plus`: a space as `+`).
fn quote(data: &[u8], safe: &Set, plus: bool, out: &mut String) {
    let mut buf = Vec::with_capacity(data.len());
    for &b in data {
        if safe.has(b) {
            buf.push(b);
        } else if plus && b == b' ' {
            buf.push(b'+');
        } else {
            push_encoded(&mut buf, b);
        }
    }
    out.push_str(std::str::from_utf8(&buf).unwrap_or_default());
}

fn quoted(data: &[u8], safe: &Set) -> String {
    let mut s = String::new();
    quote(data, safe, false, &mut s);
    s
}

/// `_unquote` (`plus`: `_unquote_plus`).
fn unquote(data: &[u8], plus: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        if plus && data[i] == b'+' {
            out.push(b' ');
            i += 1;
        } else if let Some(v) = triplet_at(data, i) {
            out.push(v);
            i += 3;
        } else {
            out.push(data[i]);
            i += 1;
        }
    }
    out
}

/// `bytes.decode('utf-8', 'percentencode')`.
fn decode_percentencode(x: &[u8]) -> String {
    let mut s = String::with_capacity(x.len());
    for chunk in x.utf8_chunks() {
        s.push_str(chunk.valid());
        for &b in chunk.invalid() {
            let mut t = Vec::new();
            push_encoded(&mut t, b);
            s.push_str(std::str::from_utf8(&t).unwrap_or_default());
        }
    }
    s
}

/// Whether `encode` knows the encoding (Python raises `LookupError` for one it does not).
pub fn known_encoding(encoding: &str) -> bool {
    encode("", Some(encoding)).is_some()
}

/// `str.encode(encoding)`, `None` where Python raises `UnicodeEncodeError` (or the encoding
/// is unknown).
fn encode(s: &str, encoding: Option<&str>) -> Option<Vec<u8>> {
    match encoding.map(|e| e.to_ascii_lowercase().replace('_', "-")) {
        None => Some(s.as_bytes().to_vec()),
        Some(e) if matches!(e.as_str(), "utf8" | "utf-8" | "u8") => Some(s.as_bytes().to_vec()),
        Some(e)
            if matches!(
                e.as_str(),
                "latin1" | "latin-1" | "iso-8859-1" | "iso8859-1" | "l1"
            ) =>
        {
            s.chars().map(|c| u8::try_from(c as u32).ok()).collect()
        }
        Some(e) => {
            let enc = encoding_rs::Encoding::for_label(e.as_bytes())?;
            let (bytes, _, errors) = enc.encode(s);
            (!errors).then(|| bytes.into_owned())
        }
    }
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// What `_safe_url_split` returns.
struct Safe {
    scheme: String,
    netloc: String,
    path: String,
    query: String,
    fragment: String,
}

/// `_urlsplit` then `_safe_url_split` in `encoding`; `Ok(None)` on a `UnicodeEncodeError`.
fn safe_split(text: &str, encoding: Option<&str>) -> Result<Option<Safe>, Failure> {
    // `_strip`, then `_urlsplit`'s own removal of tabs and newlines and left strip.
    let mut url: String = if text.chars().any(is_c0_or_space) {
        text.trim_matches(is_c0_or_space)
            .chars()
            .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    } else {
        text.to_string()
    };
    let mut scheme = String::new();
    {
        let b = url.as_bytes();
        if b.first().is_some_and(u8::is_ascii_alphabetic)
            && let Some(n) = b
                .iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
            && b[n] == b':'
        {
            scheme = url[..n].to_ascii_lowercase();
            url = url[n + 1..].to_string();
        }
    }
    if SPECIAL.contains(&scheme.as_str()) && url.contains('\\') {
        let cut = url.find(['?', '#']).unwrap_or(url.len());
        url = format!("{}{}", url[..cut].replace('\\', "/"), &url[cut..]);
    }
    let scan = if url.starts_with("//") { 2 } else { 0 };
    let find = |c: char| url[scan..].find(c).map(|i| i + scan);
    let (slash, mut question, mut hash) = (find('/'), find('?'), find('#'));
    let (mut open_br, mut close_br) = (find('['), find(']'));
    let mut netloc = String::new();
    if scan == 2 {
        let mut delim = url.len();
        for p in [slash, question, hash].into_iter().flatten() {
            if p > 0 && p < delim {
                delim = p;
            }
        }
        open_br = open_br.filter(|&p| (2..delim).contains(&p));
        close_br = close_br.filter(|&p| (2..delim).contains(&p));
        if open_br.is_some() != close_br.is_some() {
            return Err(Failure::W3libHost);
        }
        netloc = url[2..delim].to_string();
        if open_br.is_some() {
            check_bracketed_netloc(&netloc)?;
        }
        url = url[delim..].to_string();
        question = question.map(|q| q - delim);
        hash = hash.map(|h| h - delim);
    }
    check_netloc(&netloc)?;
    let mut fragment = String::new();
    let mut query = String::new();
    if let Some(h) = hash {
        fragment = url[h + 1..].to_string();
        url.truncate(h);
    }
    if let Some(q) = question
        && q < url.len()
    {
        query = url[q + 1..].to_string();
        url.truncate(q);
    }
    let path = url;
    // The authority's parts.
    let (userinfo, hostinfo) = match netloc.rfind('@') {
        Some(at) => (Some(&netloc[..at]), &netloc[at + 1..]),
        None => (None, &netloc[..]),
    };
    let (hostname, port) = if open_br.is_some() {
        let after = hostinfo.split_once('[').map_or("", |(_, r)| r);
        let (h, rest) = after.split_once(']').unwrap_or((after, ""));
        (h, rest.split_once(':').map_or("", |(_, p)| p))
    } else {
        hostinfo.split_once(':').unwrap_or((hostinfo, ""))
    };
    let hostname = match hostname.find('%') {
        Some(k) => format!("{}{}", hostname[..k].to_lowercase(), &hostname[k..]),
        None => hostname.to_lowercase(),
    };
    let port = if port.is_empty() {
        None
    } else {
        if !port.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Failure::W3libPort);
        }
        let digits = port.trim_start_matches('0');
        if digits.len() > 5 {
            return Err(Failure::W3libPort);
        }
        let v: u32 = digits.parse().unwrap_or(0);
        if v > 65535 {
            return Err(Failure::W3libPort);
        }
        Some(v)
    };
    // `_safe_url_split` proper.
    let mut safe_netloc = String::new();
    if let Some(ui) = userinfo {
        let (user, password) = match ui.split_once(':') {
            Some((u, p)) => (u, Some(p)),
            None => (ui, None),
        };
        quote(
            &unquote(user.as_bytes(), false),
            &USERINFO_SAFEST,
            false,
            &mut safe_netloc,
        );
        if let Some(p) = password {
            safe_netloc.push(':');
            quote(
                &unquote(p.as_bytes(), false),
                &USERINFO_SAFEST,
                false,
                &mut safe_netloc,
            );
        }
        safe_netloc.push('@');
    }
    if hostname.contains(':') {
        safe_netloc.push('[');
        safe_netloc.push_str(&hostname);
        safe_netloc.push(']');
    } else if hostname.is_ascii() {
        safe_netloc.push_str(&hostname);
    } else {
        let (_, normalized) = nfkc_netloc(&hostname);
        safe_netloc.push_str(&idna2003(&normalized).unwrap_or(hostname));
    }
    if let Some(p) = port {
        safe_netloc.push_str(&format!(":{p}"));
    }
    let special = SPECIAL.contains(&scheme.as_str());
    let path = quoted(path.as_bytes(), &PATH_SAFEST);
    let Some(q) = encode(&query, encoding) else {
        return Ok(None);
    };
    let mut query = quoted(
        &q,
        if special {
            &SPECIAL_QUERY_SAFEST
        } else {
            &PATH_SAFEST
        },
    );
    let fragment = if fragment.is_empty() {
        fragment
    } else {
        let Some(f) = encode(&fragment, encoding) else {
            return Ok(None);
        };
        quoted(&f, &PATH_SAFEST)
    };
    let path = if path.is_empty() && !query.is_empty() && special {
        "/".to_string()
    } else {
        path
    };
    query.shrink_to_fit();
    Ok(Some(Safe {
        scheme,
        netloc: safe_netloc,
        path,
        query,
        fragment,
    }))
}

/// `_nfkc_netloc`: the netloc without `@:#?`, and its NFKC form.
fn nfkc_netloc(netloc: &str) -> (String, String) {
    let cleaned: String = netloc.chars().filter(|c| !"@:#?".contains(*c)).collect();
    let normalized = cleaned.nfkc().collect();
    (cleaned, normalized)
}

/// `_checknetloc`: NFKC must not create a delimiter.
fn check_netloc(netloc: &str) -> Result<(), Failure> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let (cleaned, normalized) = nfkc_netloc(netloc);
    if cleaned != normalized && normalized.contains(['/', '?', '#', '@', ':', '\\']) {
        return Err(Failure::W3libHost);
    }
    Ok(())
}

/// `_check_bracketed_netloc` and `_check_bracketed_host`.
fn check_bracketed_netloc(netloc: &str) -> Result<(), Failure> {
    let hp = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    let hostname = match hp.split_once('[') {
        Some((before, bracketed)) => {
            if !before.is_empty() {
                return Err(Failure::W3libHost);
            }
            let (h, port) = bracketed.split_once(']').unwrap_or((bracketed, ""));
            if !port.is_empty() && !port.starts_with(':') {
                return Err(Failure::W3libHost);
            }
            h
        }
        None => hp.split_once(':').map_or(hp, |(h, _)| h),
    };
    if let Some(rest) = hostname.strip_prefix('v') {
        // `\Av[a-fA-F0-9]+\..+\Z`
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let ok = hex > 0
            && rest[hex..].starts_with('.')
            && rest.len() > hex + 1
            && !rest[hex + 1..].contains('\n');
        return if ok { Ok(()) } else { Err(Failure::W3libHost) };
    }
    if hostname.starts_with('V') {
        return Err(Failure::W3libHost);
    }
    match ip::py_ipv6(hostname.as_bytes()) {
        Some(_) => Ok(()),
        None => Err(Failure::W3libHost),
    }
}

fn safe(u: &mut W3Url) -> Result<(), Failure> {
    let text = decode_percentencode(&u.raw);
    let enc = u.opts.encoding.clone();
    let s = match safe_split(&text, enc.as_deref())? {
        Some(s) => s,
        // A query or fragment the encoding cannot hold: the whole split again in UTF-8.
        None => safe_split(&text, None)?.ok_or(Failure::W3libHost)?,
    };
    u.scheme = s.scheme;
    u.netloc = s.netloc;
    u.path = s.path;
    u.query = s.query;
    u.fragment = s.fragment;
    u.split = true;
    Ok(())
}

fn params(u: &mut W3Url) -> Result<(), Failure> {
    if USES_PARAMS.contains(&u.scheme.as_str()) {
        let from = u.path.rfind('/').map_or(0, |i| i + 1);
        if let Some(k) = u.path[from..].find(';') {
            let k = from + k;
            u.params = u.path[k + 1..].to_string();
            u.path.truncate(k);
        }
    }
    Ok(())
}

fn query(u: &mut W3Url) -> Result<(), Failure> {
    if u.query.is_empty() {
        return Ok(());
    }
    let sep = u.opts.query_separator;
    let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for field in u.query.as_bytes().split(|&b| b == sep) {
        if field.is_empty() {
            continue;
        }
        let (k, v, has_eq) = match field.iter().position(|&b| b == b'=') {
            Some(e) => (&field[..e], &field[e + 1..], true),
            None => (field, &b""[..], false),
        };
        if !u.opts.keep_blank_values && (!has_eq || v.is_empty()) {
            continue;
        }
        pairs.push((unquote(k, true), unquote(v, true)));
    }
    if pairs.len() > 1 {
        pairs.sort();
    }
    let mut q = String::new();
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            q.push(sep as char);
        }
        quote(k, &UNRESERVED, true, &mut q);
        q.push('=');
        quote(v, &UNRESERVED, true, &mut q);
    }
    u.query = q;
    Ok(())
}

/// `_unquotepath`: `%25`, `%2F`, `%3B`, `%3F` stay encoded, the rest is decoded.
fn unquote_path(p: &str) -> Vec<u8> {
    if !p.contains('%') {
        return p.as_bytes().to_vec();
    }
    let mut s = p.replace("%25", "%2525");
    for (from, to) in [
        ("%2f", "%252F"),
        ("%2F", "%252F"),
        ("%3b", "%253B"),
        ("%3B", "%253B"),
        ("%3f", "%253F"),
        ("%3F", "%253F"),
    ] {
        s = s.replace(from, to);
    }
    unquote(s.as_bytes(), false)
}

fn path(u: &mut W3Url) -> Result<(), Failure> {
    u.path = if u.path.is_empty() {
        "/".to_string()
    } else {
        quoted(&unquote_path(&u.path), &PATH_SAFE)
    };
    Ok(())
}

/// `_remove_dot_segments`.
pub(crate) fn remove_dot_segments(path: &str) -> String {
    if !path.contains("/.") {
        return path.to_string();
    }
    let segments: Vec<&str> = path[1..].split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    let (last, head) = segments.split_last().unwrap_or((&"", &[]));
    for s in head {
        if *s == ".." {
            out.pop();
        } else if *s != "." {
            out.push(s);
        }
    }
    match *last {
        ".." => {
            out.pop();
            out.push("");
        }
        "." => out.push(""),
        l => out.push(l),
    }
    format!("/{}", out.join("/"))
}

fn dots(u: &mut W3Url) -> Result<(), Failure> {
    if u.path.starts_with('/') {
        u.path = remove_dot_segments(&u.path);
    }
    Ok(())
}

fn fragment(u: &mut W3Url) -> Result<(), Failure> {
    if !u.opts.keep_fragments {
        u.fragment.clear();
    }
    Ok(())
}

fn lower_host(u: &mut W3Url) -> Result<(), Failure> {
    let at = u.netloc.rfind('@').map_or(0, |i| i + 1);
    let mut host = u.netloc[at..].to_lowercase();
    if host.ends_with(':') {
        host.pop();
    }
    u.netloc.truncate(at);
    u.netloc.push_str(&host);
    Ok(())
}

fn ipv6(u: &mut W3Url) -> Result<(), Failure> {
    let Some(a) = u.netloc.find('[') else {
        return Ok(());
    };
    let Some(z) = u.netloc[a..].find(']').map(|i| a + i) else {
        return Ok(());
    };
    let inside = &u.netloc[a + 1..z];
    if let Some(v) = ip::py_ipv6(inside.as_bytes()) {
        let scope = inside.find('%').map_or("", |k| &inside[k..]);
        u.netloc = format!(
            "{}[{}{}]{}",
            &u.netloc[..a],
            ip::ipv6_text(v),
            scope,
            &u.netloc[z + 1..]
        );
    }
    Ok(())
}

/// `_urlunparse`.
fn urlunparse(
    scheme: &str,
    netloc: &str,
    path: &str,
    params: &str,
    query: &str,
    fragment: &str,
) -> String {
    let mut url = path.to_string();
    if !params.is_empty() {
        url = format!("{url};{params}");
    }
    if !netloc.is_empty() {
        if !url.is_empty() && !url.starts_with('/') {
            url.insert(0, '/');
        }
        url = format!("//{netloc}{url}");
    } else if url.starts_with("//")
        || (!scheme.is_empty()
            && USES_NETLOC.contains(&scheme)
            && (url.is_empty() || url.starts_with('/')))
    {
        url = format!("//{url}");
    }
    let mut out = String::new();
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    out.push_str(&url);
    if !query.is_empty() {
        out.push('?');
        out.push_str(query);
    }
    if !fragment.is_empty() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

type R = Row<W3Url>;

/// `w3lib.url.canonicalize_url`.
pub(crate) static W3LIB: Table<W3Url> = Table {
    base: None,
    own: &[
        R::new(W3Safe, safe),
        R::new(W3Params, params),
        R::new(W3Query, query),
        R::new(W3Path, path),
        R::new(W3Dots, dots),
        R::new(W3Fragment, fragment),
        R::new(W3LowerHost, lower_host),
        R::new(W3Ipv6, ipv6),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments() {
        assert_eq!(remove_dot_segments("/a/b/../c/./d"), "/a/c/d");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert_eq!(remove_dot_segments("/.."), "/");
    }
}
