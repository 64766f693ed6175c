//! Format templates: trurl's `--get` placeholders (`{scheme}`, `{query:k}`, `{puny:host}`, …)
//! and urlscope's own (`{registrable}`, `{target}`, `{profile:NAME}`, `{as:FORM}`), compiled
//! once ([`Template::parse`]) and evaluated per record over the core's readings. The command
//! line's `get` and trurl's `--get`, and the Python package's `get`, all present these answers.

mod eval;

pub use eval::default_port;
mod parse;

pub use parse::Placeholder;

use crate::url::{Parsed, Profile, tokenize};
use parse::Piece;

/// What is called after each placeholder's value is appended: the placeholder, where its value
/// starts in the output, whether the URL has that part, and the output.
pub(crate) type EachValue<'f> = dyn FnMut(&Placeholder, usize, bool, &mut Vec<u8>) + 'f;

/// A compiled template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

/// A `{must:…}` placeholder the URL has no part for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The placeholder's text between its braces.
    pub placeholder: String,
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{{}}}: the URL has no such part", self.placeholder)
    }
}

impl Template {
    /// Compile `s`: `{name}` or `[name]` placeholders, `\n` `\t` `\\` `\{` `\[` escapes; an
    /// opening brace without its closing one is literal text (as trurl reads it). `Err` names
    /// the placeholder it cannot read.
    pub fn parse(s: &str) -> Result<Template, String> {
        parse::pieces(s).map(|pieces| Template { pieces })
    }

    /// The same template with every placeholder read as written (`{:NAME}`), as trurl's
    /// `--urlencode` asks.
    pub fn as_written(mut self) -> Template {
        for p in &mut self.pieces {
            if let Piece::Var(v) = p {
                v.raw = true;
            }
        }
        self
    }

    /// Append the answer for `x` (tokenized as `p`, its structure at least); `profile` is the
    /// one `{as:FORM}` copies. After each placeholder's value is appended (from `at`), `each`
    /// is called with it and whether the URL has that part, so a caller can rewrite the value
    /// in place (a terminal's hyperlink) or collect it. `Err` names a `{must:…}` placeholder
    /// the URL has no part for; nothing is appended then.
    pub fn render(
        &self,
        x: &[u8],
        p: &Parsed,
        profile: Profile,
        out: &mut Vec<u8>,
        each: &mut EachValue<'_>,
    ) -> Result<(), Missing> {
        let start = out.len();
        for piece in &self.pieces {
            match piece {
                Piece::Lit(l) => out.extend_from_slice(l),
                Piece::Var(v) => {
                    let at = out.len();
                    let present = eval::value(x, p, profile, v, out);
                    if !present && v.must {
                        out.truncate(start);
                        return Err(Missing {
                            placeholder: v.text.clone(),
                        });
                    }
                    each(v, at, present, out);
                }
            }
        }
        Ok(())
    }

    /// [`Template::render`] for octets not yet tokenized, with nothing done per value.
    pub fn answer(&self, x: &[u8], profile: Profile, out: &mut Vec<u8>) -> Result<(), Missing> {
        self.render(x, &tokenize(x), profile, out, &mut |_, _, _, _| {})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(fmt: &str, x: &str) -> String {
        let mut out = Vec::new();
        Template::parse(fmt)
            .unwrap()
            .answer(x.as_bytes(), Profile::None, &mut out)
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
            Template::parse("{zoneid}").unwrap_err(),
            "get: unknown name '{zoneid}'"
        );
        assert!(
            Template::parse("{profile:nope}")
                .unwrap_err()
                .contains("nope")
        );
        assert!(Template::parse("{as:pdf}").unwrap_err().contains("pdf"));
    }

    #[test]
    fn a_must_miss_appends_nothing_and_names_the_placeholder() {
        let t = Template::parse("a{scheme}b{must:port}").unwrap();
        let mut out = b"kept".to_vec();
        let miss = t.answer(b"http://h/", Profile::None, &mut out).unwrap_err();
        assert_eq!(out, b"kept");
        assert_eq!(miss.to_string(), "{must:port}: the URL has no such part");
        let mut seen = Vec::new();
        let x = b"http://h:8/";
        t.render(
            x,
            &tokenize(x),
            Profile::None,
            &mut out,
            &mut |v, at, present, out| {
                seen.push((v.text().to_string(), out[at..].to_vec(), present))
            },
        )
        .unwrap();
        assert_eq!(
            seen,
            [
                ("scheme".into(), b"http".to_vec(), true),
                ("must:port".into(), b"8".to_vec(), true)
            ]
        );
    }
}
