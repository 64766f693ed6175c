//! `urlscope extract`: every link in an e-mail message (or an mbox), an HTML page or free text,
//! one a line, or one JSON object a line with `--json`.
//!
//! The core (`crate::input`) decodes the input and finds the links: see its docs for MIME, HTML
//! and the text scanner's rules (`<URL:…>`, FidoURL `%%` joins, `<…>` wrapped over lines, bare
//! URLs with prose punctuation stripped, schemeless `www.`). Here each link is normalized by the
//! profile (default `none`) and printed with an LF, or written as JSON Lines with the lenses'
//! answers. What was skipped (a limit, a broken part, an unknown charset) is one stderr line
//! each; a FidoURL joining error is `line N: E-…: text` and makes the status 1.
//!
//! Exit status: 0 links listed, 1 no link found or a link had an `E-…` error.

use std::io::{self, Read};

use serde_json::{Map, Value, json};

use super::args::{HyperlinkChoice, InputKind};
use super::out::Out;
use super::{Result, json as cli_json, say, texts, write_stdout};
use crate::input::{self, Kind, Limits, Link};
use crate::url::{Normalizer, Options, Profile};

/// Output is written whenever this much has gathered.
const OUT_CHUNK: usize = 1 << 16;

pub fn kind(k: InputKind) -> Kind {
    match k {
        InputKind::Mail => Kind::Mail,
        InputKind::Html => Kind::Html,
        InputKind::Text => Kind::Text,
    }
}

/// Standard input, at most one octet past the core's input limit (so that the core can say the
/// input was cut, and a huge input is never read whole).
pub fn read_bounded(limit: usize) -> Result<Vec<u8>> {
    let mut text = Vec::new();
    io::stdin()
        .lock()
        .take(limit as u64 + 1)
        .read_to_end(&mut text)?;
    Ok(text)
}

/// One link as a JSON object (the `--json` record).
pub fn record(link: &Link) -> Value {
    let facts = link.facts();
    let mut m = Map::new();
    m.insert("url".into(), cli_json::octets(&link.url));
    m.insert("line".into(), json!(link.line));
    m.insert("source".into(), json!(link.source.name()));
    m.insert("text".into(), json!(link.text));
    m.insert("target".into(), json!(facts.target));
    m.insert("host".into(), json!(facts.host));
    m.insert("registrable".into(), json!(facts.registrable));
    let ids: Vec<&str> = facts.findings.iter().map(|f| f.id).collect();
    m.insert("findings".into(), json!(ids));
    Value::Object(m)
}

pub fn run(
    profile: Profile,
    as_kind: Option<InputKind>,
    as_json: bool,
    hyperlink: HyperlinkChoice,
) -> Result<i32> {
    let show = Out::stdout(hyperlink);
    let limits = Limits::default();
    let text = read_bounded(limits.max_input)?;
    let found = input::links(&text, as_kind.map(kind), &limits);
    for s in &found.skipped {
        say(&format!("skipped: {s}"));
    }
    let mut norm = Normalizer::new(profile, Options::default());
    let mut out = Vec::new();
    let mut status = if found.links.is_empty() { 1 } else { 0 };
    for link in &found.links {
        if let Some(e) = link.error {
            say(&format!(
                "line {}: {e}: {}",
                link.line,
                texts::diagnostic_text(e)
            ));
            status = 1;
        }
        if as_json {
            let line = serde_json::to_string(&record(link)).map_err(io::Error::other)?;
            show.json(&line, &mut out);
        } else {
            let at = out.len();
            let flags = norm.normalize_into(&link.url, &mut out);
            show.link_in_place(&mut out, at);
            for &e in flags.iter().filter(|f| f.is_error()) {
                say(&format!(
                    "line {}: {e}: {}",
                    link.line,
                    texts::diagnostic_text(e)
                ));
                status = 1;
            }
        }
        out.push(b'\n');
        // Written in pieces: a million records are never held at once.
        if out.len() >= OUT_CHUNK {
            write_stdout(&out)?;
            out.clear();
        }
    }
    write_stdout(&out)?;
    Ok(status)
}
