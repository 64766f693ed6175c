//! `urlscope get FORMAT [URL…]`: trurl's `--get` format strings over urlscope's own readings.
//! The format is compiled once ([`Format::parse`]); each record is tokenized once and each
//! placeholder read from the core (components, query table, host lens, unwrap lens, profiles,
//! copy forms).

use std::ops::Range;

use serde::Serialize;

use super::args::GetArgs;
use super::batch::{self, Answer};
use super::json::Octets;
use super::out::Out;
use super::records::Framing;
use super::{Fail, Result};
use crate::modern::edit::forms::{self, FormId};
use crate::modern::{query, unwrap};
use crate::url::{Component, Options, Parsed, Profile, normalize, octets, tokenize};

/// What a placeholder names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Name {
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
struct Var {
    name: Name,
    /// `{:name}`: the octets as written, not decoded.
    raw: bool,
    /// `{default:port}`: the scheme's default port when none is written.
    default: bool,
    puny: bool,
    idn: bool,
    /// `{must:name}`: an absent component is an error.
    must: bool,
    /// The text between the braces, for messages and `--json`.
    text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Lit(Vec<u8>),
    Var(Var),
}

/// A compiled format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pieces: Vec<Piece>,
}

fn name_of(base: &str, arg: Option<&str>, text: &str) -> std::result::Result<Name, String> {
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

impl Format {
    /// Compile `s`: `{name}` or `[name]` placeholders, `\n` `\t` `\\` `\{` `\[` escapes; an
    /// opening brace without its closing one is literal text (as trurl reads it).
    pub fn parse(s: &str) -> std::result::Result<Format, String> {
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
                            pieces.push(Piece::Var(Var::parse(text)?));
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
        Ok(Format { pieces })
    }
}

impl Format {
    /// The same format with every placeholder read as written (`{:NAME}`), as trurl's
    /// `--urlencode` asks.
    pub fn as_written(mut self) -> Format {
        for p in &mut self.pieces {
            if let Piece::Var(v) = p {
                v.raw = true;
            }
        }
        self
    }

    /// Append the answer for `x`, each placeholder's value written by `show`; `profile` is the
    /// one `{as:FORM}` copies. `Err` names a `{must:…}` placeholder the URL has no part for
    /// (nothing is appended then).
    pub fn answer(
        &self,
        x: &[u8],
        profile: Profile,
        show: Out,
        out: &mut Vec<u8>,
    ) -> std::result::Result<(), String> {
        let p = tokenize(x);
        let rec = Record { x, p: &p, profile };
        let start = out.len();
        for piece in &self.pieces {
            match piece {
                Piece::Lit(l) => out.extend_from_slice(l),
                Piece::Var(v) => {
                    let at = out.len();
                    if !rec.value(v, out) && v.must {
                        out.truncate(start);
                        return Err(format!("{{{}}}: the URL has no such part", v.text));
                    }
                    show.link_in_place(out, at);
                }
            }
        }
        Ok(())
    }
}

impl Var {
    fn parse(text: &str) -> std::result::Result<Var, String> {
        let mut v = Var {
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
}

/// The default port of a scheme (the URL Standard's special schemes and the schemes trurl's
/// libcurl knows).
fn default_port(scheme: &[u8]) -> Option<&'static str> {
    let s = scheme.to_ascii_lowercase();
    Some(match &s[..] {
        b"http" | b"ws" => "80",
        b"https" | b"wss" => "443",
        b"ftp" => "21",
        b"ftps" => "990",
        b"gopher" => "70",
        b"imap" => "143",
        b"imaps" => "993",
        b"pop3" => "110",
        b"pop3s" => "995",
        b"smtp" => "25",
        b"smtps" => "465",
        b"ldap" => "389",
        b"ldaps" => "636",
        b"sftp" | b"scp" => "22",
        b"telnet" => "23",
        b"dict" => "2628",
        b"tftp" => "69",
        b"rtsp" => "554",
        b"smb" | b"smbs" => "445",
        b"mqtt" => "1883",
        _ => return None,
    })
}

/// Percent-decoding for output: every triplet decoded except a control octet's (C0, DEL),
/// which stays a triplet so that no control character reaches the output raw.
fn decoded(x: &[u8], r: Range<usize>, out: &mut Vec<u8>) {
    for u in octets::units_in(x, r) {
        if u.encoded && (u.value < 0x20 || u.value == 0x7F) {
            octets::push_encoded(out, u.value);
        } else {
            out.push(u.value);
        }
    }
}

/// The same for a value already decoded (a query table entry).
fn push_shown(v: &[u8], out: &mut Vec<u8>) {
    for &b in v {
        if b < 0x20 || b == 0x7F {
            octets::push_encoded(out, b);
        } else {
            out.push(b);
        }
    }
}

fn host_text(x: &[u8], p: &Parsed) -> Option<String> {
    let r = p.host.clone()?;
    let d: Vec<u8> = octets::units_in(x, r).map(|u| u.value).collect();
    Some(String::from_utf8_lossy(&d).into_owned())
}

fn puny(h: &str) -> String {
    idna::domain_to_ascii(h).unwrap_or_else(|_| h.to_string())
}

fn idn(h: &str) -> String {
    idna::domain_to_unicode(h).0
}

/// One record's evaluation context.
struct Record<'a> {
    x: &'a [u8],
    p: &'a Parsed,
    profile: Profile,
}

impl Record<'_> {
    /// Append the value of `v`; `false` when it is absent.
    fn value(&self, v: &Var, out: &mut Vec<u8>) -> bool {
        let (x, p) = (self.x, self.p);
        let comp = |r: Option<Range<usize>>, out: &mut Vec<u8>| -> bool {
            match r {
                Some(r) if v.raw => {
                    out.extend_from_slice(&x[r]);
                    true
                }
                Some(r) => {
                    decoded(x, r, out);
                    true
                }
                None => false,
            }
        };
        match &v.name {
            Name::Url => {
                let mut u = x.to_vec();
                if (v.puny || v.idn)
                    && let (Some(h), Some(r)) = (host_text(x, p), p.host.clone())
                {
                    let new = if v.puny { puny(&h) } else { idn(&h) };
                    u.splice(r, new.into_bytes());
                }
                if v.default && p.port.is_none() {
                    let t = tokenize(&u);
                    let port = p.scheme.clone().and_then(|s| default_port(&x[s]));
                    if let (Some(h), Some(port)) = (t.host, port) {
                        u.splice(h.end..h.end, format!(":{port}").into_bytes());
                    }
                }
                out.extend_from_slice(&u);
                true
            }
            Name::Component(Component::Host) if v.puny || v.idn => match host_text(x, p) {
                Some(h) => {
                    out.extend_from_slice(if v.puny { puny(&h) } else { idn(&h) }.as_bytes());
                    true
                }
                None => false,
            },
            Name::Component(Component::Port) => {
                let port = p.port.clone().filter(|r| !r.is_empty());
                match (&port, v.default) {
                    (Some(_), _) => comp(port, out),
                    (None, true) => match p.scheme.clone().and_then(|s| default_port(&x[s])) {
                        Some(d) => {
                            out.extend_from_slice(d.as_bytes());
                            true
                        }
                        None => false,
                    },
                    (None, false) => false,
                }
            }
            Name::Component(c) => comp(p.component(*c), out),
            Name::QueryFirst(k) | Name::QueryAll(k) => {
                let t = query::table_of(x, p);
                let all = matches!(v.name, Name::QueryAll(_));
                let mut found = false;
                for pair in t.pairs.iter().filter(|q| q.key_decoded == *k) {
                    if found {
                        out.push(b' ');
                    }
                    found = true;
                    match (&pair.value, v.raw) {
                        (Some(r), true) => out.extend_from_slice(&x[r.clone()]),
                        (Some(_), false) => push_shown(&pair.value_decoded, out),
                        (None, _) => {}
                    }
                    if !all {
                        break;
                    }
                }
                found
            }
            Name::Registrable | Name::Suffix => {
                // The host lens's reading (kind, UTS #46, Public Suffix List): an address
                // has no registrable domain.
                let Some(reg) = crate::modern::host::inspect_host(x, None).facts.registrable else {
                    return false;
                };
                let text = match (&v.name, v.idn) {
                    (Name::Suffix, false) => Some(reg.suffix),
                    (Name::Suffix, true) => Some(reg.suffix_unicode),
                    (_, false) => reg.domain,
                    (_, true) => reg.domain_unicode,
                };
                match text {
                    Some(t) => {
                        out.extend_from_slice(t.as_bytes());
                        true
                    }
                    None => false,
                }
            }
            Name::Target => {
                out.extend_from_slice(unwrap::unwrap(x).target().text.as_bytes());
                true
            }
            Name::Profile(pr) => {
                out.extend_from_slice(&normalize(x, *pr, &Options::default()).output);
                true
            }
            Name::As(f) => {
                let result = if self.profile == Profile::None {
                    x.to_vec()
                } else {
                    normalize(x, self.profile, &Options::default()).output
                };
                match forms::form(*f, x, &result) {
                    Some(o) => {
                        out.extend_from_slice(&o);
                        true
                    }
                    None => false,
                }
            }
        }
    }
}

/// One `--json` record.
#[derive(Serialize)]
struct JsonRecord<'a> {
    record: u64,
    input: Octets<'a>,
    output: Octets<'a>,
    /// Each placeholder (its text) and its value; absent ones are `null`.
    values: Vec<(String, Option<Octets<'a>>)>,
}

pub fn run(a: GetArgs) -> Result<i32> {
    let format = Format::parse(&a.format).map_err(Fail::Usage)?;
    let framing = if a.null { Framing::Nul } else { Framing::Lines };
    let mut parsed = Parsed::default();
    let show = Out::stdout(a.hyperlink);
    let failed = batch::run(&a.urls, framing, |n, x, out| {
        crate::url::tokenize::tokenize_into(
            &mut parsed,
            x,
            true,
            crate::url::tokenize::Detail::Structure,
        );
        let rec = Record {
            x,
            p: &parsed,
            profile: a.profile,
        };
        let start = out.len();
        let mut values: Vec<(String, Option<Vec<u8>>)> = Vec::new();
        for piece in &format.pieces {
            match piece {
                Piece::Lit(l) => out.extend_from_slice(l),
                Piece::Var(v) => {
                    let at = out.len();
                    let present = rec.value(v, out);
                    if !present && v.must {
                        out.truncate(start);
                        batch::say_record(n, &format!("{{{}}}: the URL has no such part", v.text));
                        return Answer::Dropped;
                    }
                    if a.json {
                        values.push((v.text.clone(), present.then(|| out[at..].to_vec())));
                    } else {
                        // Each value is data (the format's own text is the user's).
                        show.link_in_place(out, at);
                    }
                }
            }
        }
        if a.json {
            let line = out.split_off(start);
            let j = JsonRecord {
                record: n,
                input: Octets(x),
                output: Octets(&line),
                values: values
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_deref().map(Octets)))
                    .collect(),
            };
            let line = serde_json::to_string(&j).expect("a record serializes");
            show.json(&line, out);
        }
        Answer::Done
    })?;
    Ok(if failed { 1 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(fmt: &str, x: &str) -> String {
        let f = Format::parse(fmt).unwrap();
        let mut out = Vec::new();
        f.answer(
            x.as_bytes(),
            Profile::None,
            Out::new(false, false),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn trurl_names() {
        let x = "https://u:p%40ss@r%C3%A4ksm%C3%B6rg%C3%A5s.se:8080/a%20b?k=v%20w&k=2#f%00";
        assert_eq!(
            get("{scheme} {user} {password} {port}", x),
            "https u p@ss 8080"
        );
        assert_eq!(get("{path}|{:path}", x), "/a b|/a%20b");
        assert_eq!(
            get("{query:k}|{query-all:k}|{:query:k}", x),
            "v w|v w 2|v%20w"
        );
        assert_eq!(get("{fragment}", x), "f%00");
        assert_eq!(get("{puny:host}", x), "xn--rksmrgs-5wao1o.se");
        assert_eq!(
            get("{idn:host}", "http://xn--rksmrgs-5wao1o.se/"),
            "räksmörgås.se"
        );
        assert_eq!(get("{default:port}", "imap://h/"), "143");
        assert_eq!(get("\\{{scheme}\\[ {host", "http://h/"), "{http[ {host");
        assert_eq!(get("[scheme][url:port]", "http://h:1/"), "http1");
    }

    #[test]
    fn urlscope_names() {
        assert_eq!(
            get("{registrable} {suffix}", "https://a.b.example.co.uk/"),
            "example.co.uk co.uk"
        );
        assert_eq!(get("<{registrable}>", "http://10.0.0.1/"), "<>");
        assert_eq!(
            get("{idn:registrable}", "https://a.xn--bcher-kva.example/"),
            "bücher.example"
        );
        assert_eq!(get("{profile:whatwg}", "HTTP://H:80/a/../b"), "http://h/b");
        assert_eq!(get("{as:json}", "http://h/a b"), "\"http://h/a%20b\"");
    }

    #[test]
    fn unknown_names_are_refused_by_name() {
        assert_eq!(
            Format::parse("{zoneid}").unwrap_err(),
            "get: unknown name '{zoneid}'"
        );
        assert!(
            Format::parse("{profile:nope}")
                .unwrap_err()
                .contains("nope")
        );
        assert!(Format::parse("{as:pdf}").unwrap_err().contains("pdf"));
    }
}
