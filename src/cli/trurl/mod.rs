//! `urlscope trurl [trurl's options and URLs]`: a trurl command line run by urlscope, so a script
//! written for trurl works with `urlscope trurl` in its place (or with the binary started under
//! the name `trurl`). trurl's grammar and exit codes ([`grammar`]); the work is urlscope's own:
//! the edits of `set` (`urlscope_core::modern`), the placeholders of `get`, the WHATWG profile for
//! what trurl's libcurl normalizes, the WHATWG resolver for `--redirect`.
//!
//! Per URL, in trurl's order: a scheme guessed for text without one (`http://`, or the
//! protocol a host name starts with: `ftp.` → `ftp://`), `--redirect`, every `--set`, the
//! `--iterate` values (one answer per combination), `--append path=`, `--trim`, `--replace`,
//! `--append query=`, `--sort-query`; then the WHATWG serialization is the answer: the URL,
//! `--get FORMAT`, or `--json` (trurl's layout). A URL that does not parse is a note on stderr
//! (skipped), or with `--verify` the end (exit 9).

pub mod grammar;
mod json;
mod libcurl_parts;

use std::io::{self, BufRead, BufReader, IsTerminal, Read};

use grammar::{Refusal, Request, code};
use libcurl_parts::Extra;

use super::out::Out;
use super::set::{self, Op};
use super::{Result, say, texts, write_stdout};
use urlscope_core::modern::Template;
use urlscope_core::modern::{EditRules, Encode, Target};
use urlscope_core::url::{Rules, octets, resolve_by};
use urlscope_core::{Profile, normalize, tokenize};

/// The operations every URL goes through, read once from the command line.
struct Plan {
    sets: Vec<Op>,
    /// `--iterate COMPONENT=V1 V2…`: the component, how its values are written, the values.
    iterate: Vec<(Target, Encode, Vec<Vec<u8>>)>,
    /// Path appends, trims, replaces, query appends and sorting, in trurl's order.
    after: Vec<Op>,
    redirect: Option<Vec<u8>>,
    guess_scheme: bool,
    accept_space: bool,
    keep_port: bool,
    /// `--punycode` (`Some(false)`) or `--as-idn` (`Some(true)`).
    host_form: Option<bool>,
    /// `--curl`: a scheme libcurl does not speak is no URL.
    curl_only: bool,
    /// `--query-separator`: the octet that takes `&`'s place (not `&` itself).
    separator: Option<u8>,
}

/// What went wrong with one URL.
struct Bad {
    code: i32,
    message: String,
}

fn bad<T>(code: i32, message: impl Into<String>) -> std::result::Result<T, Bad> {
    Err(Bad {
        code,
        message: message.into(),
    })
}

/// The component an `--iterate` or `--set` writes.
fn target_of(op: &Op) -> Option<Target> {
    match op {
        Op::Set(t, ..) | Op::Clear(t) | Op::SetIfAbsent(t, _) => Some(*t),
        _ => None,
    }
}

impl Plan {
    fn new(r: &Request) -> std::result::Result<Plan, Refusal> {
        let refuse = |code, message: String| Refusal { code, message };
        let mut sets = Vec::new();
        for s in &r.sets {
            let op = set::parse_set(s).map_err(|m| refuse(code::SET, m))?;
            let t = target_of(&op);
            if t.is_some() && sets.iter().any(|o| target_of(o) == t) {
                let name = t.map_or("", Target::name);
                return Err(refuse(
                    code::SET,
                    format!("duplicate --set for component {name}"),
                ));
            }
            sets.push(op);
        }
        let mut iterate: Vec<(Target, Encode, Vec<Vec<u8>>)> = Vec::new();
        for it in &r.iterate {
            let i = it
                .iter()
                .position(|&b| b == b'=')
                .ok_or_else(|| refuse(code::ITER, "--iterate: expected COMPONENT=V1 V2…".into()))?;
            let (name, mode) = match it[..i].strip_suffix(b":") {
                Some(n) => (n, Encode::AsWritten),
                None => (&it[..i], Encode::Encoded),
            };
            let name = String::from_utf8_lossy(name);
            let t = Target::from_name(&name).ok_or_else(|| {
                refuse(code::ITER, format!("--iterate: unknown component '{name}'"))
            })?;
            if iterate.iter().any(|(u, ..)| *u == t) {
                return Err(refuse(
                    code::ITER,
                    format!("duplicate component for --iterate: {name}"),
                ));
            }
            if sets.iter().any(|o| target_of(o) == Some(t)) {
                return Err(refuse(
                    code::ITER,
                    format!("duplicate --iterate and --set for component {name}"),
                ));
            }
            let values = it[i + 1..]
                .split(|&b| b == b' ')
                .map(<[u8]>::to_vec)
                .collect();
            iterate.push((t, mode, values));
        }
        let mut appends = Vec::new();
        for a in &r.appends {
            appends.push(set::parse_append(a).map_err(|m| refuse(code::APPEND, m))?);
        }
        let (paths, queries): (Vec<Op>, Vec<Op>) = appends
            .into_iter()
            .partition(|o| matches!(o, Op::AppendSegment(_)));
        let mut after = paths;
        after.extend(r.trims.iter().map(|t| Op::Remove(t.clone())));
        for p in &r.replaces {
            after.push(
                set::parse_replace(p, r.replace_append).map_err(|m| refuse(code::REPLACE, m))?,
            );
        }
        after.extend(queries);
        after.push(Op::CompactQuery);
        if r.sort_query {
            after.push(Op::SortQuery);
        }
        Ok(Plan {
            sets,
            iterate,
            after,
            redirect: r.redirect.clone(),
            guess_scheme: !r.no_guess_scheme,
            accept_space: r.accept_space,
            keep_port: r.keep_port,
            host_form: match (r.punycode, r.as_idn) {
                (true, _) => Some(false),
                (_, true) => Some(true),
                _ => None,
            },
            curl_only: r.curl,
            separator: r.query_separator.filter(|&c| c != b'&'),
        })
    }

    /// Every answer URL for input `x` (one per `--iterate` combination, in trurl's order: the
    /// first `--iterate` varies slowest), with the notes to print. `from_nothing`: no URL was
    /// given, the sets build one.
    fn answers(
        &self,
        x: &[u8],
        from_nothing: bool,
        notes: &mut Vec<String>,
    ) -> std::result::Result<Vec<Answer>, Bad> {
        let mut base = x.to_vec();
        let mut guessed = false;
        let mut extra = Extra::default();
        if !from_nothing {
            if !self.accept_space && x.contains(&b' ') {
                return bad(
                    code::BADURL,
                    format!(
                        "a space in the URL (--accept-space encodes it) [{}]",
                        String::from_utf8_lossy(x)
                    ),
                );
            }
            if self.guess_scheme {
                base = guess_scheme(x);
                guessed = base.len() != x.len();
            }
            (base, extra) = libcurl_parts::take(&base);
            let url = parsed(&base)?;
            if self.curl_only && !speaks(&url) {
                return bad(
                    code::BADURL,
                    format!(
                        "unsupported scheme: libcurl does not speak it [{}]",
                        String::from_utf8_lossy(x)
                    ),
                );
            }
            if let Some(r) = &self.redirect {
                let to = resolve_by(Rules::Whatwg, &base, r);
                if let Some(e) = to.error {
                    return bad(
                        code::BADURL,
                        format!("invalid redirection: {}", texts::diagnostic_text(e)),
                    );
                }
                base = to.output;
            }
        }
        let mut out = Vec::new();
        let mut combo = vec![0usize; self.iterate.len()];
        loop {
            // A guessed scheme is not one the URL has: `scheme?=` sets it.
            let mut ops: Vec<Op> = self
                .sets
                .iter()
                .map(|o| match o {
                    Op::SetIfAbsent(Target::Scheme, v) if guessed => {
                        Op::Set(Target::Scheme, Encode::Encoded, v.clone())
                    }
                    o => o.clone(),
                })
                .collect();
            for ((t, mode, values), &i) in self.iterate.iter().zip(&combo) {
                ops.push(Op::Set(*t, *mode, values[i].clone()));
            }
            ops.extend(self.after.iter().cloned());
            let mut edit_notes = Vec::new();
            // The query's own separator stands in for `&` while the edits read the pairs.
            let swap = |x: &[u8]| match self.separator {
                Some(c) => swap_in_query(x, c),
                None => x.to_vec(),
            };
            let edited = set::edit_record(&swap(&base), &ops, EditRules::Rfc3986, &mut edit_notes)
                .map_err(|e| Bad {
                    code: code::SET,
                    message: e.to_string(),
                })?;
            let edited = swap(&edited);
            let url = match parsed(&edited) {
                Err(_) if from_nothing => return bad(code::URL, "not enough input for a URL"),
                u => u?,
            };
            if from_nothing && tokenize(&url).host.is_none_or(|h| h.is_empty()) {
                return bad(code::URL, "not enough input for a URL");
            }
            let url = if self.keep_port {
                with_port_of(&edited, url)
            } else {
                without_default_port(url)
            };
            let bare = libcurl_form(keep_host_case(&edited, url));
            let bare = match self.host_form {
                Some(idn) => match host_form(&bare, idn) {
                    Ok(u) => u,
                    Err(why) => {
                        notes.push(format!("error converting the host to IDN ({why})"));
                        bare
                    }
                },
                None => bare,
            };
            let url = match extra == Extra::default() {
                true => bare.clone(),
                // The options take the userinfo's normalization.
                false => libcurl_form(libcurl_parts::put(bare.clone(), &extra)),
            };
            out.push(Answer {
                url,
                bare,
                extra: extra.clone(),
            });
            // The next combination: the last --iterate varies fastest.
            let mut k = combo.len();
            loop {
                if k == 0 {
                    return Ok(out);
                }
                k -= 1;
                combo[k] += 1;
                if combo[k] < self.iterate[k].2.len() {
                    break;
                }
                combo[k] = 0;
            }
        }
    }
}

/// A `--get` format: urlscope's templates between libcurl's own parts.
struct Format {
    parts: Vec<FormatPart>,
    /// `--urlencode`: every value as written.
    as_written: bool,
}

enum FormatPart {
    Template(Template),
    Libcurl(LibcurlPart),
}

enum LibcurlPart {
    Zone,
    Options,
}

impl Format {
    /// `{zoneid}` and `{options}` (`{:…}` too) are libcurl's parts; the text between them is a
    /// template (escapes kept whole, so no placeholder is split).
    fn parse(f: &str) -> std::result::Result<Format, String> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut rest = f;
        while let Some(c) = rest.chars().next() {
            let found = [
                ("{zoneid}", LibcurlPart::Zone),
                ("{:zoneid}", LibcurlPart::Zone),
                ("{options}", LibcurlPart::Options),
                ("{:options}", LibcurlPart::Options),
            ]
            .into_iter()
            .find(|(p, _)| rest.starts_with(p));
            if let Some((p, which)) = found {
                parts.push(FormatPart::Template(Template::parse(&std::mem::take(
                    &mut text,
                ))?));
                parts.push(FormatPart::Libcurl(which));
                rest = &rest[p.len()..];
                continue;
            }
            let n = if c == '\\' {
                rest.chars().take(2).map(char::len_utf8).sum()
            } else {
                c.len_utf8()
            };
            text.push_str(&rest[..n]);
            rest = &rest[n..];
        }
        parts.push(FormatPart::Template(Template::parse(&text)?));
        Ok(Format {
            parts,
            as_written: false,
        })
    }

    fn written_as_is(self) -> Format {
        Format {
            parts: self
                .parts
                .into_iter()
                .map(|p| match p {
                    FormatPart::Template(t) => FormatPart::Template(t.as_written()),
                    p => p,
                })
                .collect(),
            as_written: true,
        }
    }
}

/// One answer: the URL as libcurl writes it, the same without libcurl's own parts (what the
/// components are read from), and those parts.
struct Answer {
    url: Vec<u8>,
    bare: Vec<u8>,
    extra: Extra,
}

/// `x` through the WHATWG profile (what trurl's libcurl normalizes), or why it does not parse.
fn parsed(x: &[u8]) -> std::result::Result<Vec<u8>, Bad> {
    let o = normalize(x, Profile::Whatwg, &urlscope_core::Options::default());
    let error = o.errors().next();
    match error {
        Some(e) => bad(
            code::BADURL,
            format!(
                "{} [{}]",
                texts::diagnostic_text(e),
                String::from_utf8_lossy(x)
            ),
        ),
        None => Ok(o.output),
    }
}

/// `url` (serialized) with the port `written` had, when the serializer dropped it as the
/// scheme's default (trurl's `--keep-port`).
fn with_port_of(written: &[u8], url: Vec<u8>) -> Vec<u8> {
    let w = tokenize(written);
    let u = tokenize(&url);
    match (w.port.filter(|r| !r.is_empty()), u.port, u.host) {
        (Some(port), None, Some(host)) => {
            let mut out = url[..host.end].to_vec();
            out.push(b':');
            out.extend_from_slice(&written[port]);
            out.extend_from_slice(&url[host.end..]);
            out
        }
        _ => url,
    }
}

/// `url` with the host as `written` has it, when the two differ only in ASCII case: libcurl
/// keeps a host's case (`https://EXAMPLE.com` stays), the WHATWG parser lowercases it.
fn keep_host_case(written: &[u8], url: Vec<u8>) -> Vec<u8> {
    let (w, u) = (tokenize(written), tokenize(&url));
    match (w.host, u.host) {
        (Some(wh), Some(uh))
            if written[wh.clone()] != url[uh.clone()]
                && written[wh.clone()].eq_ignore_ascii_case(&url[uh.clone()]) =>
        {
            [&url[..uh.start], &written[wh], &url[uh.end..]].concat()
        }
        _ => url,
    }
}

/// A `--get` format with `{port}` and `{url}` (and their `[…]` forms) asking for the scheme's
/// default port where none is written (trurl's `--default-port`).
fn with_default_port(format: &str) -> String {
    let mut f = format.to_string();
    for name in ["port", "url"] {
        for (open, close) in [("{", "}"), ("[", "]")] {
            f = f.replace(
                &format!("{open}{name}{close}"),
                &format!("{open}default:{name}{close}"),
            );
        }
    }
    f
}

/// `url` without its port when the port is the default libcurl knows for the scheme (imap
/// 143, …; the WHATWG serializer drops only a special scheme's).
fn without_default_port(url: Vec<u8>) -> Vec<u8> {
    let p = tokenize(&url);
    let (Some(s), Some(port)) = (p.scheme, p.port.filter(|r| !r.is_empty())) else {
        return url;
    };
    let default = urlscope_core::modern::default_port(&url[s]);
    if default.is_none_or(|d| d.as_bytes() != &url[port.clone()]) {
        return url;
    }
    // The port and the `:` before it.
    [&url[..port.start - 1], &url[port.end..]].concat()
}

/// `x` with `&` and `sep` exchanged in its query (trurl's `--query-separator`).
fn swap_in_query(x: &[u8], sep: u8) -> Vec<u8> {
    let mut out = x.to_vec();
    if let Some(q) = tokenize(x).query {
        for b in &mut out[q] {
            if *b == b'&' {
                *b = sep;
            } else if *b == sep {
                *b = b'&';
            }
        }
    }
    out
}

/// The schemes libcurl speaks (its protocol handlers, `--curl`).
const CURL_SCHEMES: [&str; 32] = [
    "dict", "file", "ftp", "ftps", "gopher", "gophers", "http", "https", "imap", "imaps", "ldap",
    "ldaps", "mqtt", "pop3", "pop3s", "rtmp", "rtmpe", "rtmps", "rtmpt", "rtmpte", "rtmpts",
    "rtsp", "scp", "sftp", "smb", "smbs", "smtp", "smtps", "telnet", "tftp", "ws", "wss",
];

/// Does libcurl speak the scheme of `url` (serialized, so lowercase)?
fn speaks(url: &[u8]) -> bool {
    tokenize(url)
        .scheme
        .is_some_and(|s| CURL_SCHEMES.iter().any(|c| c.as_bytes() == &url[s.clone()]))
}

/// The WHATWG serialization `url` as libcurl writes it: triplets of unreserved octets decoded
/// (RFC 3986 §6.2.2.2, which libcurl's URL API applies always) and the others in lowercase hex
/// (libcurl before 8.15.0, which trurl 0.16.1's suite expects: see [`FEATURES`]), a `/` path
/// where there is an authority and no path (RFC 3986 §6.2.3), and a space in the query written
/// `+`.
fn libcurl_form(url: Vec<u8>) -> Vec<u8> {
    plus_for_space(slash_path(unreserved_decoded(url)))
}

/// `url` with every `%XX` of an unreserved octet (ALPHA, DIGIT, `-`, `.`, `_`, `~`) in the
/// userinfo and after the host decoded, and every other triplet there in lowercase hex; the
/// host and the scheme are left as the parser wrote them.
fn unreserved_decoded(url: Vec<u8>) -> Vec<u8> {
    let p = tokenize(&url);
    let from = p
        .host
        .as_ref()
        .map_or(p.ssp.start, |h| h.end)
        .max(p.scheme.as_ref().map_or(0, |s| s.end));
    let user_end = p.host.as_ref().map_or(from, |h| h.start);
    let user_start = p.user.as_ref().map_or(user_end, |u| u.start);
    let decode = |x: &[u8], out: &mut Vec<u8>| {
        let mut i = 0;
        while i < x.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if x[i] == b'%'
                && let (Some(h), Some(l)) = (
                    x.get(i + 1).copied().and_then(hex),
                    x.get(i + 2).copied().and_then(hex),
                )
            {
                let v = (h * 16 + l) as u8;
                if v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~') {
                    out.push(v);
                } else {
                    // libcurl before 8.15.0 writes every triplet it keeps in lowercase hex.
                    out.push(b'%');
                    out.extend(x[i + 1..i + 3].iter().map(u8::to_ascii_lowercase));
                }
                i += 3;
                continue;
            }
            out.push(x[i]);
            i += 1;
        }
    };
    let mut out = Vec::with_capacity(url.len());
    out.extend_from_slice(&url[..user_start]);
    decode(&url[user_start..user_end], &mut out);
    out.extend_from_slice(&url[user_end..from]);
    decode(&url[from..], &mut out);
    out
}

/// `url` with the path `/` when it has an authority and an empty path (`hp://example.com` →
/// `hp://example.com/`), as libcurl writes every URL with a host.
fn slash_path(url: Vec<u8>) -> Vec<u8> {
    let p = tokenize(&url);
    if p.authority.is_none() || !p.path.is_empty() || p.host.as_ref().is_none_or(|h| h.is_empty()) {
        return url;
    }
    let at = p.path.start;
    [&url[..at], b"/", &url[at..]].concat()
}

/// `url` with each `%20` of its query written `+`, as libcurl writes a space in a query
/// (`?with space` → `?with+space`; form decoding reads both as a space).
fn plus_for_space(url: Vec<u8>) -> Vec<u8> {
    let Some(q) = tokenize(&url).query.filter(|q| !q.is_empty()) else {
        return url;
    };
    if memchr::memmem::find(&url[q.clone()], b"%20").is_none() {
        return url;
    }
    let mut out = url[..q.start].to_vec();
    let mut i = q.start;
    while i < q.end {
        if url[i..q.end].starts_with(b"%20") {
            out.push(b'+');
            i += 3;
        } else {
            out.push(url[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&url[q.end..]);
    out
}

/// `url` with its host as A-labels (`idn == false`) or as Unicode (UTS #46, the idna crate);
/// `Err` when the host is not a valid IDNA name.
fn host_form(url: &[u8], idn: bool) -> std::result::Result<Vec<u8>, String> {
    let p = tokenize(url);
    let Some(r) = p.host.filter(|r| !r.is_empty()) else {
        return Ok(url.to_vec());
    };
    let host = String::from_utf8_lossy(&url[r.clone()]).into_owned();
    let new = if idn {
        let (text, result) = idna::domain_to_unicode(&host);
        result.map_err(|e| e.to_string())?;
        text
    } else {
        idna::domain_to_ascii(&host).map_err(|e| e.to_string())?
    };
    Ok([&url[..r.start], new.as_bytes(), &url[r.end..]].concat())
}

/// libcurl's scheme guess: text without `scheme:/` gets `http://`, or the protocol its host
/// name starts with (`ftp.`, `dict.`, `ldap.`, `imap.`, `smtp.`, `pop3.`).
pub fn guess_scheme(x: &[u8]) -> Vec<u8> {
    let scheme_len = x
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')));
    if let Some(n) = scheme_len
        && n > 0
        && x[0].is_ascii_alphabetic()
        && x[n..].starts_with(b":/")
    {
        return x.to_vec();
    }
    let host = x.rsplit(|&b| b == b'@').next().unwrap_or(x);
    let lower = host.to_ascii_lowercase();
    let scheme = ["ftp", "dict", "ldap", "imap", "smtp", "pop3"]
        .into_iter()
        .find(|s| lower.starts_with(s.as_bytes()) && lower.get(s.len()) == Some(&b'.'))
        .unwrap_or("http");
    [scheme.as_bytes(), b"://", x].concat()
}

/// The features `--version` lists as trurl does (trurl's test suite runs a case only when the
/// features it requires are listed and those it excludes are not). The libcurl emulated is one
/// before 8.15.0, whose commit b5593a6fe0 ("urlapi: use uppercase hex encoding") made libcurl
/// write uppercase hex: trurl 0.16.1's suite expects lowercase in 14 cases and uppercase in
/// the 5 that require `uppercase-hex`, so no `uppercase-hex` here.
pub const FEATURES: [&str; 9] = [
    "get-empty",
    "imap-options",
    "no-guess-scheme",
    "normalize-ipv4",
    "punycode",
    "punycode2idn",
    "url-strerror",
    "white-space",
    "zone-id",
];

/// A decoded `{NAME}` or `{query:KEY}` value (written from `at` in `out`) rewritten as trurl
/// writes it: a component is decoded by curl_easy_unescape and, when that gives a NUL ("a
/// binary zero cannot be shown"), written as nothing (its name is returned for the note); in a
/// query value a NUL is written `.`; any other control octet is written as it is when
/// `raw_controls`, else it keeps its triplet (what the template wrote).
fn trurl_decoded(
    url: &[u8],
    parsed: &urlscope_core::Parsed,
    v: &urlscope_core::modern::Placeholder,
    at: usize,
    out: &mut Vec<u8>,
    raw_controls: bool,
) -> Option<&'static str> {
    let is_control = |b: u8| b < 0x20 || b == 0x7f;
    if let Some(c) = v.decoded_component() {
        let r = parsed.component(c)?;
        let value: Vec<u8> = octets::units_in(url, r).map(|u| u.value).collect();
        if value.contains(&0) {
            out.truncate(at);
            return Some(c.name());
        }
        if raw_controls && value.iter().any(|&b| is_control(b)) {
            out.truncate(at);
            out.extend_from_slice(&value);
        }
        return None;
    }
    let (key, all) = v.decoded_query_key()?;
    let table = urlscope_core::modern::table_of(url, parsed);
    let values: Vec<&[u8]> = table
        .pairs
        .iter()
        .filter(|p| p.key_decoded == key)
        .map(|p| p.value_decoded.as_slice())
        .take(if all { usize::MAX } else { 1 })
        .collect();
    if !values.iter().any(|v| v.iter().any(|&b| is_control(b))) {
        return None;
    }
    out.truncate(at);
    for (i, value) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        for &b in value {
            match b {
                0 => out.push(b'.'),
                b if is_control(b) && !raw_controls => octets::push_encoded(out, b),
                b => out.push(b),
            }
        }
    }
    None
}

/// trurl reads `--url-file` lines into a 4096-octet buffer: a line that does not fit with its
/// line feed and the terminating NUL is skipped.
const LONGEST_LINE: usize = 4094;

/// The URLs of `--url-file` (`-`: standard input): one a line, trailing spaces and tabs cut,
/// empty lines skipped, and how many lines were too long for trurl (skipped, as trurl does).
fn url_file(name: &std::ffi::OsStr) -> std::result::Result<(Vec<Vec<u8>>, usize), Refusal> {
    let reader: Box<dyn Read> = if name == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(name).map_err(|e| Refusal {
            code: code::FILE,
            message: format!("--url-file {}: {e}", name.to_string_lossy()),
        })?)
    };
    let mut urls = Vec::new();
    let mut long = 0;
    for line in BufReader::new(reader).split(b'\n') {
        let line = line.map_err(|e| Refusal {
            code: code::FILE,
            message: format!("--url-file {}: {e}", name.to_string_lossy()),
        })?;
        if line.len() > LONGEST_LINE {
            long += 1;
            continue;
        }
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let end = line
            .iter()
            .rposition(|&b| b != b' ' && b != b'\t')
            .map_or(0, |i| i + 1);
        if end > 0 {
            urls.push(line[..end].to_vec());
        }
    }
    Ok((urls, long))
}

const HELP: &str = "Usage: urlscope trurl [options] [URL]

trurl's command line, run by urlscope (docs/cli.md, \"urlscope trurl\"):
  --url URL, -f/--url-file FILE (- is stdin), -s/--set C=V (C:=V as written),
  -g/--get FORMAT, -a/--append path=X|query=X, --trim query=P, --qtrim P,
  --replace K=V, --replace-append K=V, --redirect URL, --iterate C=\"V1 V2\",
  --sort-query, --json, --verify, --accept-space, --no-guess-scheme, --quiet
";

/// Run a trurl command line (without the program name); returns the exit status.
pub fn run(args: &[std::ffi::OsString]) -> Result<i32> {
    let req = match grammar::parse(args) {
        Ok(r) => r,
        Err(r) => return refused(r),
    };
    if req.help || req.version {
        let text = if req.help {
            HELP.to_string()
        } else {
            // trurl's two lines: its test suite reads the features from the second.
            format!(
                "urlscope {} (trurl's command line: trurl 0.16.1 with libcurl 8.14)\nfeatures: {}\n",
                env!("CARGO_PKG_VERSION"),
                FEATURES.join(" ")
            )
        };
        write_stdout(text.as_bytes())?;
        return Ok(0);
    }
    // `--default-port`: the URL and its port as `{default:…}` gives them.
    let get = match (&req.get, req.default_port && !req.json) {
        (Some(g), true) => Some(with_default_port(g)),
        (None, true) => Some("{default:url}".to_string()),
        (g, false) => g.clone(),
    };
    let format = match get.as_deref().map(Format::parse).transpose() {
        Ok(f) if req.urlencode => f.map(Format::written_as_is),
        Ok(f) => f,
        Err(m) => {
            return refused(Refusal {
                code: code::GET,
                message: m,
            });
        }
    };
    let plan = match Plan::new(&req) {
        Ok(p) => p,
        Err(r) => return refused(r),
    };
    let mut inputs = req.urls.clone();
    if let Some(f) = &req.url_file {
        match url_file(f) {
            Ok((more, long)) => {
                if !req.quiet {
                    for _ in 0..long {
                        say("trurl note: skipping long line");
                    }
                }
                inputs.extend(more)
            }
            Err(r) => return refused(r),
        }
    }
    let from_nothing = inputs.is_empty() && req.url_file.is_none();
    if from_nothing {
        if plan.sets.is_empty() {
            return refused(Refusal {
                code: code::URL,
                message: "not enough input for a URL".into(),
            });
        }
        inputs.push(Vec::new());
    }
    let show = Out::stdout_plain();
    // trurl writes a decoded control octet as it is; into a terminal urlscope keeps its triplet
    // (an escape sequence would be run, not shown).
    let raw_controls = !io::stdout().is_terminal();
    let mut out = Vec::new();
    let mut objects = Vec::new();
    let mut status = 0;
    'urls: for x in &inputs {
        let mut notes = Vec::new();
        let result = plan.answers(x, from_nothing, &mut notes);
        if !req.quiet {
            for n in notes {
                say(&format!("trurl note: {n}"));
            }
        }
        let answers = match result {
            Ok(a) => a,
            Err(b) if req.verify || b.code == code::URL || b.code == code::SET => {
                say(&format!("trurl: {}", b.message));
                status = b.code;
                break 'urls;
            }
            Err(b) => {
                if !req.quiet {
                    say(&format!("trurl note: {}", b.message));
                }
                continue;
            }
        };
        for a in answers {
            if req.json {
                objects.push(json::object(&a.url, &a.bare, &a.extra, req.urlencode));
            } else if let Some(f) = &format {
                let parsed = tokenize(&a.bare);
                let mut unshown = Vec::new();
                let mut rendered = Ok(());
                for part in &f.parts {
                    let t = match part {
                        FormatPart::Template(t) => t,
                        FormatPart::Libcurl(which) => {
                            let value = match which {
                                LibcurlPart::Zone => &a.extra.zone,
                                LibcurlPart::Options => &a.extra.options,
                            };
                            if let Some(v) = value {
                                match f.as_written {
                                    true => out.extend_from_slice(v),
                                    false => {
                                        out.extend(octets::units_in(v, 0..v.len()).map(|u| u.value))
                                    }
                                }
                            }
                            continue;
                        }
                    };
                    let linked = &mut |v: &_, at, _, out: &mut Vec<u8>| {
                        if let Some(name) =
                            trurl_decoded(&a.bare, &parsed, v, at, out, raw_controls)
                        {
                            unshown.push(name);
                        }
                        show.link_in_place(out, at)
                    };
                    rendered = t.render(&a.bare, &parsed, Profile::None, &mut out, linked);
                    if rendered.is_err() {
                        break;
                    }
                }
                if !req.quiet {
                    for name in unshown {
                        say(&format!(
                            "trurl note: URL decode error, most likely because of rubbish in the input ({name})"
                        ));
                    }
                }
                if let Err(m) = rendered {
                    say(&format!("trurl: {m}"));
                    status = code::GET;
                    break 'urls;
                }
                out.push(b'\n');
            } else {
                let at = out.len();
                out.extend_from_slice(&a.url);
                show.link_in_place(&mut out, at);
                out.push(b'\n');
            }
        }
    }
    if req.json {
        let text = serde_json::to_string_pretty(&objects).map_err(io::Error::other)?;
        show.json(&text, &mut out);
        out.push(b'\n');
    }
    write_stdout(&out)?;
    Ok(status)
}

fn refused(r: Refusal) -> Result<i32> {
    say(&format!("trurl: {}", r.message));
    Ok(r.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_guess_as_libcurl() {
        let g = |s: &str| String::from_utf8(guess_scheme(s.as_bytes())).unwrap();
        assert_eq!(g("example.com"), "http://example.com");
        assert_eq!(g("ftp.example.com/x"), "ftp://ftp.example.com/x");
        assert_eq!(g("user@IMAP.example"), "imap://user@IMAP.example");
        assert_eq!(g("example.com:8080"), "http://example.com:8080");
        assert_eq!(g("hp://example.com"), "hp://example.com");
        assert_eq!(g("ftpx.example"), "http://ftpx.example");
    }
}
