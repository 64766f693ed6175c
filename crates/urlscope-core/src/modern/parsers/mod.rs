//! The parser comparison (docs/lenses.md, "The parser comparison"): the same text split by four real parsers, called
//! in-process — urlscope's own tokenizer (docs/rules.md), the `fluent-uri` crate (RFC 3986), the `url`
//! crate (WHATWG URL Standard) and the `http` crate's `Uri` — row by row, with the cells that
//! disagree with the WHATWG reading marked and each disagreement named by its confusion class.
//!
//! Pure: text in, plain data out. The front ends (`urlscope parsers`, the inspector's `p` view)
//! only present a [`Comparison`].

pub(crate) mod classes;
mod columns;
mod equiv;
pub(crate) mod texts;
mod verdict;

use serde::{Serialize, Serializer};

pub use classes::ConfusionClass;
pub use equiv::agree;
pub(crate) use verdict::Verdict;

use super::text::parser_text;
use crate::url::syntax::frame::{Unframed, unframe};

/// The four parsers, in column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parser {
    /// `urlscope`.
    Urlscope,
    /// `rfc3986`.
    Rfc3986,
    /// `whatwg`.
    Whatwg,
    /// `http`.
    Http,
}

impl Parser {
    /// Every parser, in column order.
    pub const ALL: [Parser; 4] = [
        Parser::Urlscope,
        Parser::Rfc3986,
        Parser::Whatwg,
        Parser::Http,
    ];

    /// The column's id (CLI, JSON, view).
    pub fn as_str(self) -> &'static str {
        match self {
            Parser::Urlscope => "urlscope",
            Parser::Rfc3986 => "rfc3986",
            Parser::Whatwg => "whatwg",
            Parser::Http => "http",
        }
    }

    /// The implementation the column calls.
    pub fn implementation(self) -> &'static str {
        match self {
            Parser::Urlscope => "urlscope's own tokenizer",
            Parser::Rfc3986 => "fluent-uri crate (UriRef::parse)",
            Parser::Whatwg => "url crate (Url::parse)",
            Parser::Http => "http crate (Uri)",
        }
    }
}

impl Serialize for Parser {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The rows, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// `scheme`.
    Scheme,
    /// `userinfo`.
    Userinfo,
    /// `host`.
    Host,
    /// `port`.
    Port,
    /// `path`.
    Path,
    /// `query`.
    Query,
    /// `fragment`.
    Fragment,
    /// The host a client built on the parser would connect to.
    EffectiveHost,
}

impl Row {
    /// Every row, in table order.
    pub const ALL: [Row; 8] = [
        Row::Scheme,
        Row::Userinfo,
        Row::Host,
        Row::Port,
        Row::Path,
        Row::Query,
        Row::Fragment,
        Row::EffectiveHost,
    ];

    /// The row's name as output writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Row::Scheme => "scheme",
            Row::Userinfo => "userinfo",
            Row::Host => "host",
            Row::Port => "port",
            Row::Path => "path",
            Row::Query => "query",
            Row::Fragment => "fragment",
            Row::EffectiveHost => "effective host",
        }
    }

    fn index(self) -> usize {
        Row::ALL.iter().position(|&r| r == self).unwrap_or(0)
    }
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// What one parser gives for one row. Absent and empty stay apart: `Present("")` is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// `absent`.
    Absent,
    /// `present`.
    Present(String),
    /// The parser does not keep this component (the `http` crate drops the fragment).
    NotKept,
    /// The parser rejected the text (the column's `rejection` says why).
    Rejected,
}

impl Value {
    /// `absent`, `empty`, `present`, `not-kept` or `rejected`.
    pub fn state(&self) -> &'static str {
        match self {
            Value::Absent => "absent",
            Value::Present(s) if s.is_empty() => "empty",
            Value::Present(_) => "present",
            Value::NotKept => "not-kept",
            Value::Rejected => "rejected",
        }
    }

    /// The value's text, when the parser gave one.
    pub fn text(&self) -> Option<&str> {
        match self {
            Value::Present(s) => Some(s),
            _ => None,
        }
    }

    fn of(v: Option<&str>) -> Value {
        v.map_or(Value::Absent, |s| Value::Present(s.to_owned()))
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("state", self.state())?;
        if let Value::Present(t) = self {
            m.serialize_entry("text", t)?;
        }
        m.end()
    }
}

/// Why a parser rejected the text: the crate's own message, and the position when it gives one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rejection {
    pub message: String,
    /// Byte offset in the parsed text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
    /// The character at `position`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
    /// This tool's word on why, when the crate's message does not say (an RFC 6874 zone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

impl Rejection {
    /// `invalid: <message>` (the `fluent-uri` message already says `at index N`), then the
    /// character found there.
    pub fn line(&self) -> String {
        let mut out = match &self.found {
            Some(c) => format!("invalid: {} ({c})", self.message),
            None => format!("invalid: {}", self.message),
        };
        if let Some(n) = self.note {
            out.push_str(" — ");
            out.push_str(n);
        }
        out
    }
}

/// One parser's column: what it is, and whether it accepted the text.
#[derive(Clone, Debug, Serialize)]
pub struct Column {
    pub parser: Parser,
    pub implementation: &'static str,
    /// What the column's cells mean, with its sources.
    pub reads: &'static str,
    /// What its effective host is.
    pub effective_host: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejection: Option<Rejection>,
}

/// One cell: the value, whether it disagrees with the WHATWG column, and the classes named.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The parser of the cell's column.
    pub parser: Parser,
    /// What the parser read for the row.
    pub value: Value,
    /// Whether the value differs from another parser's.
    pub differs: bool,
    /// The confusion classes the difference belongs to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<ConfusionClass>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RowCells {
    pub row: Row,
    /// One cell per parser, in [`Parser::ALL`] order.
    pub cells: Vec<Cell>,
}

impl RowCells {
    /// The marked cells grouped by the classes they name: `(parsers, classes)`, in column order.
    pub fn named(&self) -> Vec<(Vec<Parser>, Vec<ConfusionClass>)> {
        let mut out: Vec<(Vec<Parser>, Vec<ConfusionClass>)> = Vec::new();
        for c in self.cells.iter().filter(|c| c.differs) {
            match out.iter_mut().find(|(_, ks)| *ks == c.classes) {
                Some((ps, _)) => ps.push(c.parser),
                None => out.push((vec![c.parser], c.classes.clone())),
            }
        }
        out
    }

    /// [`named`](Self::named) as one line: `urlscope, http: backslash, userinfo-at; …`
    /// (`no class` where none applies).
    pub fn named_line(&self) -> Option<String> {
        let parts: Vec<String> = self
            .named()
            .into_iter()
            .map(|(ps, ks)| {
                let ps: Vec<&str> = ps.iter().map(|p| p.as_str()).collect();
                let ks: Vec<&str> = ks.iter().map(|k| k.as_str()).collect();
                let ks = if ks.is_empty() {
                    "no class".to_string()
                } else {
                    ks.join(", ")
                };
                format!("{}: {ks}", ps.join(", "))
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// A confusion class named by at least one cell, with why it applies.
#[derive(Clone, Debug, Serialize)]
pub struct NamedClass {
    pub class: ConfusionClass,
    pub reason: &'static str,
    /// The (row, parser) cells that name it.
    pub cells: Vec<(Row, Parser)>,
}

/// The whole comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The text every parser read (W0, docs/lenses.md: invalid UTF-8 octets as triplets).
    pub text: String,
    /// The base, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// The input held octets that are not UTF-8 (they were turned into triplets).
    pub invalid_utf8: bool,
    /// What was taken off around the input before the parsers read it (the one framing rule,
    /// `url::frame::unframe`): `<…>`, `<URL:…>`, quotes, parentheses, with the whitespace and
    /// punctuation around them. Surrounding whitespace alone is left for the parsers: how each
    /// treats it is one of the differences this lens shows (the `whitespace-control` class).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<Unframed>,
    /// The scheme's default port by the `url` crate (`port_or_known_default`), which the
    /// WHATWG column drops: a written default port agrees with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_port: Option<u16>,
    /// One column per parser.
    pub columns: Vec<Column>,
    /// One row per component.
    pub rows: Vec<RowCells>,
    /// The confusion classes found, with their names.
    pub classes: Vec<NamedClass>,
    /// Whether the parsers agree, and where not.
    pub verdict: Verdict,
    /// The verdict as one line (unescaped; front ends escape it).
    pub verdict_line: String,
}

impl Comparison {
    /// The cell of `row` under `parser`.
    pub fn cell(&self, row: Row, parser: Parser) -> &Cell {
        let i = Parser::ALL.iter().position(|&p| p == parser).unwrap_or(0);
        &self.rows[row.index()].cells[i]
    }

    /// The column of `parser`.
    pub fn column(&self, parser: Parser) -> &Column {
        let i = Parser::ALL.iter().position(|&p| p == parser).unwrap_or(0);
        &self.columns[i]
    }

    /// Whether any cell is marked.
    pub fn any_difference(&self) -> bool {
        self.rows.iter().any(|r| r.cells.iter().any(|c| c.differs))
    }
}

/// The text the comparison reads of `x`: inside its frame when it has one (`<…>`, quotes, …);
/// as it is when only surrounding whitespace would go.
pub fn lens_text(x: &[u8]) -> &[u8] {
    let f = unframe(x);
    if f.has_frame() { f.of(x) } else { x }
}

/// Compare what the four parsers make of `input` (resolved against `base` when given and not
/// empty).
///
/// Returns one row per component and one column per parser (urlscope's tokenizer, the `url`
/// crate, `fluent-uri`, `http`), with the cells that differ and the confusion classes the
/// differences belong to (docs/lenses.md, "The parser comparison"). A parser that rejects the input has a
/// failure in its column; `compare` itself never panics.
///
/// ```
/// use urlscope_core::compare;
///
/// let c = compare(br"http:\\example.com\a", None);
/// assert!(!c.classes.is_empty());
/// ```
pub fn compare(input: &[u8], base: Option<&[u8]>) -> Comparison {
    // An empty base is no base (as `resolve-no-base` and the inspector's Base line treat it).
    let base = base.filter(|b| !b.is_empty());
    let frame = Some(unframe(input)).filter(Unframed::has_frame);
    let input = frame.as_ref().map_or(input, |f| f.of(input));
    let base = base.map(lens_text);
    let pt = parser_text(input);
    let text: &str = &pt.text;
    let base_pt = base.map(parser_text);
    let base_text: Option<&str> = base_pt.as_ref().map(|b| &*b.text);
    let read: Vec<columns::Read> = Parser::ALL
        .iter()
        .map(|&p| columns::read(p, text, base_text))
        .collect();
    let w = Parser::ALL
        .iter()
        .position(|&p| p == Parser::Whatwg)
        .unwrap_or(2);
    let features = classes::Features::of(text, base_text, &read, &read[w]);
    let mut rows = Vec::with_capacity(Row::ALL.len());
    for row in Row::ALL {
        let i = row.index();
        let reference = &read[w].values[i];
        let cells = Parser::ALL
            .iter()
            .zip(&read)
            .map(|(&parser, r)| {
                let value = r.values[i].clone();
                let differs =
                    parser != Parser::Whatwg && equiv::differs(row, &value, reference, &read[w]);
                let classes = if differs {
                    features.classes(row)
                } else {
                    Vec::new()
                };
                Cell {
                    parser,
                    value,
                    differs,
                    classes,
                }
            })
            .collect();
        rows.push(RowCells { row, cells });
    }
    let mut named: Vec<NamedClass> = Vec::new();
    for r in &rows {
        for c in &r.cells {
            for &k in &c.classes {
                match named.iter_mut().find(|n| n.class == k) {
                    Some(n) => n.cells.push((r.row, c.parser)),
                    None => named.push(NamedClass {
                        class: k,
                        reason: k.reason(),
                        cells: vec![(r.row, c.parser)],
                    }),
                }
            }
        }
    }
    named.sort_by_key(|n| n.class as usize);
    let verdict = Verdict::of(&rows[Row::EffectiveHost.index()]);
    let verdict_line = verdict.line(|s| s.to_string());
    let default_port = read[w].default_port;
    let columns = Parser::ALL
        .iter()
        .zip(read)
        .map(|(&parser, r)| Column {
            parser,
            implementation: parser.implementation(),
            reads: texts::reads(parser),
            effective_host: texts::effective_host(parser),
            rejection: r.rejection,
        })
        .collect();
    Comparison {
        text: text.to_owned(),
        base: base_text.map(str::to_owned),
        invalid_utf8: !pt.invalid.is_empty(),
        frame,
        default_port,
        columns,
        rows,
        classes: named,
        verdict,
        verdict_line,
    }
}

#[cfg(test)]
mod tests;
