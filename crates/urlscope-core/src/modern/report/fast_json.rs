//! `explain --json` without serde's per-field dispatch for the two arrays that grow with the
//! input: `spans` and `units` (one record per octet or triplet: about 250 bytes of JSON per input
//! octet). They are written here by hand, exactly as `serde_json::to_vec` writes them (compact,
//! fields in declaration order, serde_json's string escaping); the other fields of the report
//! still go through serde, one at a time. Everything is streamed in blocks of about 64 KiB: a
//! 1 MiB input gives some 300 MB of JSON, none of it held whole (the steps alone are 30 MB).
//! The tests compare the result with `serde_json::to_vec` of the whole report.

use std::io::{self, Write};

use serde::Serialize;

use super::model::{Report, SpanJson, UnitJson, UnitsJson};
use super::tails::{Cache, TailKey};
use crate::url::UnitInfo;
use crate::url::diff::StepRule;
use crate::url::octets::Octets;

/// The report as compact JSON (the same bytes as `serde_json::to_vec(r)`).
pub(crate) fn to_vec(r: &Report) -> Vec<u8> {
    let mut out = Vec::new();
    write(r, &mut out).expect("writing to a Vec cannot fail");
    out
}

/// Write the report as compact JSON to `w`: the fields in [`Report`]'s declaration order (as
/// serde derives them).
pub fn write(r: &Report, w: &mut (impl Write + ?Sized)) -> io::Result<()> {
    let mut b = Blocks {
        w,
        buf: Vec::with_capacity(BLOCK + 1024),
        fields: 0,
    };
    b.buf.push(b'{');
    b.field("input", &r.input)?;
    b.field("profile", &r.profile)?;
    b.field("profile_label", &r.profile_label)?;
    b.field("classification", &r.classification)?;
    b.field("base", &r.base)?;
    b.field("pdf_state", &r.pdf_state)?;
    b.key("spans");
    b.array(r.spans.iter(), span)?;
    b.seq("components", &r.components)?;
    b.seq("segments", &r.segments)?;
    b.seq("params", &r.params)?;
    b.seq("query_pairs", &r.query_pairs)?;
    b.field("semicolon_pair_separator", &r.semicolon_pair_separator)?;
    b.field("query_table", &r.query_table)?;
    b.seq("areatags", &r.areatags)?;
    b.key("units");
    let mut units = Units {
        units: &r.units,
        tails: Cache::default(),
        end: (0, Vec::new()),
    };
    b.array(r.units.units.iter(), |o, u| units.unit(o, u))?;
    b.seq("class_texts", &r.class_texts)?;
    b.seq("hint_texts", &r.hint_texts)?;
    if let Some(d) = &r.decoding {
        b.field("decoding", d)?;
    }
    b.seq("warnings", &r.warnings)?;
    b.seq("errors", &r.errors)?;
    b.seq("old_rule_today", &r.old_rule_today)?;
    b.seq("steps", &r.steps)?;
    b.field("output", &r.output)?;
    b.seq("diff", &r.diff)?;
    b.buf.push(b'}');
    b.w.write_all(&b.buf)
}

const BLOCK: usize = 64 * 1024;

/// A buffer handed to `w` whenever it holds a block.
struct Blocks<'w, W: Write + ?Sized> {
    w: &'w mut W,
    buf: Vec<u8>,
    /// Fields of the object written so far.
    fields: usize,
}

impl<W: Write + ?Sized> Blocks<'_, W> {
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= BLOCK {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// `"name":` (after a comma unless it is the object's first field).
    fn key(&mut self, name: &str) {
        if self.fields > 0 {
            self.buf.push(b',');
        }
        self.fields += 1;
        ident(&mut self.buf, name);
        self.buf.push(b':');
    }

    /// A field serialized by serde_json.
    fn field(&mut self, name: &str, v: &impl Serialize) -> io::Result<()> {
        self.key(name);
        serialize(&mut self.buf, v);
        self.spill()
    }

    /// An array field, its items serialized by serde_json one at a time (serde_json writes to
    /// a `Vec` faster than to any other writer, and the blocks stay small).
    fn seq<T: Serialize>(&mut self, name: &str, items: &[T]) -> io::Result<()> {
        self.key(name);
        self.array(items.iter(), |o, t| serialize(o, t))
    }

    /// The `items` as a JSON array, each written by `item`.
    fn array<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        mut item: impl FnMut(&mut Vec<u8>, T),
    ) -> io::Result<()> {
        self.buf.push(b'[');
        for (i, t) in items.enumerate() {
            if i > 0 {
                self.buf.push(b',');
            }
            item(&mut self.buf, t);
            self.spill()?;
        }
        self.buf.push(b']');
        Ok(())
    }
}

fn span(o: &mut Vec<u8>, s: &SpanJson) {
    o.extend_from_slice(b"{\"kind\":");
    ident(o, s.kind);
    o.extend_from_slice(b",\"role\":");
    ident(o, s.role);
    o.extend_from_slice(b",\"start\":");
    number(o, s.start);
    o.extend_from_slice(b",\"end\":");
    number(o, s.end);
    o.extend_from_slice(b",\"text\":");
    octets(o, s.text);
    o.push(b'}');
}

/// A unit record, its tail (from `"value"` on) built once per [`TailKey`]. The previous
/// unit's end is usually this unit's start, so its digits are reused.
struct Units<'a> {
    units: &'a UnitsJson<'a>,
    tails: Cache<TailKey, Vec<u8>>,
    end: (usize, Vec<u8>),
}

impl Units<'_> {
    fn unit(&mut self, o: &mut Vec<u8>, u: &UnitInfo) {
        let x = self.units.x;
        o.extend_from_slice(b"{\"start\":");
        if self.end.0 == u.range.start && !self.end.1.is_empty() {
            o.extend_from_slice(&self.end.1);
        } else {
            number(o, u.range.start);
        }
        o.extend_from_slice(b",\"end\":");
        self.end.0 = u.range.end;
        self.end.1.clear();
        number(&mut self.end.1, u.range.end);
        o.extend_from_slice(&self.end.1);
        o.extend_from_slice(b",\"text\":");
        octets(o, Octets(&x[u.range.clone()]));
        o.extend_from_slice(if u.encoded {
            b",\"encoded\":true"
        } else {
            b",\"encoded\":false"
        });
        let key = TailKey::of(u, &self.units.actions);
        let units = self.units;
        let tail = self.tails.entry(key).or_insert_with(|| {
            let mut json = Vec::new();
            unit_tail(
                &mut json,
                &super::unit_json(x, u, &units.actions, units.classification),
            );
            json
        });
        o.extend_from_slice(tail);
    }
}

fn unit_tail(o: &mut Vec<u8>, u: &UnitJson) {
    o.extend_from_slice(b",\"value\":");
    ident(o, u.value);
    o.extend_from_slice(b",\"span\":");
    match u.span {
        Some(s) => ident(o, s),
        None => o.extend_from_slice(b"null"),
    }
    o.extend_from_slice(b",\"role\":");
    ident(o, u.role);
    o.extend_from_slice(b",\"classes\":{\"C-1738\":");
    ident(o, u.classes.c1738);
    o.extend_from_slice(b",\"C-2396\":");
    ident(o, u.classes.c2396);
    o.extend_from_slice(b",\"C-Fido\":");
    ident(o, u.classes.cfido);
    o.extend_from_slice(b",\"C-3986\":");
    ident(o, u.classes.c3986);
    o.extend_from_slice(b",\"C-WHATWG\":");
    ident(o, u.classes.cwhatwg);
    o.extend_from_slice(b"},\"hints\":[");
    for (i, h) in u.hints.iter().enumerate() {
        if i > 0 {
            o.push(b',');
        }
        ident(o, h);
    }
    o.extend_from_slice(b"],\"action\":");
    match u.action {
        Some(StepRule { step, rule }) => {
            o.extend_from_slice(b"{\"step\":");
            ident(o, step);
            o.extend_from_slice(b",\"rule\":");
            ident(o, rule);
            o.push(b'}');
        }
        None => o.extend_from_slice(b"null"),
    }
    o.push(b'}');
}

/// A string the program itself names (ids, class and span names, hex digits): written as is when
/// nothing in it needs escaping, which is always the case for those; otherwise by serde_json.
fn ident(o: &mut Vec<u8>, s: &str) {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        o.push(b'"');
        o.extend_from_slice(s.as_bytes());
        o.push(b'"');
    } else {
        serialize(o, &s);
    }
}

/// Input octets: serde_json's own escaping (via [`Octets`]), so every byte matches.
fn octets(o: &mut Vec<u8>, s: Octets) {
    // Printable ASCII other than `"` and `\` is valid UTF-8 that serde_json writes as is.
    if s.0
        .iter()
        .all(|&b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\')
    {
        o.push(b'"');
        o.extend_from_slice(s.0);
        o.push(b'"');
        return;
    }
    match std::str::from_utf8(s.0) {
        Ok(text) if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') => {
            o.push(b'"');
            o.extend_from_slice(s.0);
            o.push(b'"');
        }
        _ => serialize(o, &s),
    }
}

fn serialize(o: &mut Vec<u8>, v: &impl Serialize) {
    serde_json::to_writer(o, v).expect("serializing to a Vec cannot fail");
}

fn number(o: &mut Vec<u8>, n: usize) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    o.extend_from_slice(&buf[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::{Options, Profile, normalize, tokenize, unit_infos};

    #[test]
    fn equals_serde_json_for_every_profile_and_hostile_octets() {
        let inputs: [&[u8]; 9] = [
            b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1&r=2;s#frag",
            b"",
            b"%",
            b"a\"b\\c\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f%22%5C%00",
            b"http://h/\xff\xfe%zz%%41\xe2\x80\xae\xc3\xa9",
            b"<URL:fecho://Area@dom+b/x%%  \r\nMtW> %%y---z>",
            b"netmail://a/b?c=d=e&&f#g#h",
            b"file://localhost/C|/x;y;z/?\"",
            b"\xe4\xbd\xa0\xe5\xa5\xbd://\xe4\xbd\xa0/?\xe5\xa5\xbd",
        ];
        let opts = Options {
            base: Some(b"http://a/b/c/d;p?q#f".to_vec()),
            ..Options::default()
        };
        for x in inputs {
            for p in Profile::ALL {
                let parsed = tokenize(x);
                let units = unit_infos(x, &parsed);
                let outcome = normalize(x, p, &opts);
                let tracking = crate::modern::query::TrackingList::default();
                let r = super::super::report(x, &parsed, &units, &outcome, p, &opts, &tracking);
                let slow = serde_json::to_vec(&r).unwrap();
                let fast = to_vec(&r);
                assert_eq!(
                    String::from_utf8_lossy(&fast),
                    String::from_utf8_lossy(&slow),
                    "{p:?} {x:?}"
                );
                assert_eq!(fast, slow, "{p:?} {x:?}");
            }
        }
    }

    #[test]
    fn numbers() {
        for n in [0usize, 7, 10, 99, 100, 65_535, usize::MAX] {
            let mut o = Vec::new();
            number(&mut o, n);
            assert_eq!(o, n.to_string().into_bytes());
        }
    }
}
