//! `urlscope parsers`: the parser comparison (docs/lenses.md) as a table (or `--json`).
//! The table is a grid — a row per component, a column per parser — whose long cells wrap inside
//! their column, so nothing is cut. Every cell is escaped; a cell that disagrees with the
//! `whatwg` column carries `≠` (and colour, when on), and the confusion classes it names are
//! listed under its row.

use std::fmt::Write as _;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::args::ParsersArgs;
use super::escape::{escape_bytes, escape_pieces};
use super::json::Octets;
use super::{Result, use_color};
use crate::theme::sgr;
use urlscope_core::modern::{Parser, Row, Value};
use urlscope_core::{Comparison, compare};

/// The widest a column grows before its cells wrap.
const MAX_COL: usize = 22;
const LABEL: usize = 15;
const DIFFERS: &str = "1;31";

#[derive(Serialize)]
struct Json<'a> {
    input: Octets<'a>,
    #[serde(flatten)]
    comparison: &'a Comparison,
}

/// Compare the parsers on every URL of `a.input`: a table each (separated by a blank line), or
/// one JSON object a line.
pub fn run(a: ParsersArgs) -> Result<i32> {
    let base = a.base.as_deref().map(|b| super::bytes(b).to_vec());
    let color = use_color(a.color);
    let mut first = true;
    super::lens_input::run(&a.input, |x, out| {
        let c = compare(x, base.as_deref());
        if a.json {
            serde_json::to_writer(
                &mut *out,
                &Json {
                    input: Octets(x),
                    comparison: &c,
                },
            )
            .expect("serializing to a Vec cannot fail");
            out.push(b'\n');
        } else {
            if !first {
                out.push(b'\n');
            }
            out.extend_from_slice(render(&c, color).as_bytes());
        }
        first = false;
    })
}

struct Out {
    s: String,
    color: bool,
}

impl Out {
    fn paint(&mut self, code: &str, text: &str) {
        if self.color && !code.is_empty() && !text.is_empty() {
            let _ = write!(self.s, "\x1b[{code}m{text}\x1b[0m");
        } else {
            self.s.push_str(text);
        }
    }
}

/// A cell's lines: pieces `(text, is_escape_token)`, each line at most `width` columns; escape
/// tokens are never split.
type Pieces = Vec<(String, bool)>;

/// With `words`, lines break after spaces where they can (for messages, not URL text).
fn wrap(text: &str, width: usize, words: bool) -> Vec<Pieces> {
    let mut lines: Vec<Pieces> = vec![Vec::new()];
    let mut used = 0;
    escape_pieces(text.as_bytes(), |piece, token| {
        let units: Vec<String> = if token {
            vec![piece.to_owned()]
        } else if words {
            piece
                .split_inclusive(' ')
                .flat_map(|w| {
                    if w.width() > width {
                        w.chars().map(String::from).collect()
                    } else {
                        vec![w.to_owned()]
                    }
                })
                .collect()
        } else {
            piece.chars().map(String::from).collect()
        };
        for u in units {
            let w = u.width();
            if used + w > width && used > 0 {
                lines.push(Vec::new());
                used = 0;
            }
            used += w;
            let line = lines.last_mut().expect("never empty");
            match line.last_mut() {
                Some((t, tok)) if *tok == token && !token => t.push_str(&u),
                _ => line.push((u, token)),
            }
        }
    });
    lines
}

/// The cell's display: `"text"` (quotes show edges and emptiness), or a state word.
fn cell_text(v: &Value) -> (String, bool) {
    match v {
        Value::Present(s) => (format!("\"{s}\""), true),
        Value::Absent => ("absent".into(), false),
        Value::NotKept => ("not kept".into(), false),
        Value::Rejected => ("rejected".into(), false),
    }
}

fn width_of(v: &Value) -> usize {
    match v {
        Value::Present(s) => escape_bytes(s.as_bytes()).width() + 2,
        other => cell_text(other).0.width(),
    }
}

/// Render the table (coloured with SGR when `color`).
pub fn render(c: &Comparison, color: bool) -> String {
    let mut o = Out {
        s: String::new(),
        color,
    };
    o.paint(sgr::heading(), "urlscope parsers");
    o.s.push('\n');
    let _ = writeln!(o.s, "{:<9}{}", "input", escape_bytes(c.text.as_bytes()));
    if let Some(b) = &c.base {
        let _ = writeln!(o.s, "{:<9}{}", "base", escape_bytes(b.as_bytes()));
    }
    if c.invalid_utf8 {
        o.s.push_str("         (octets that are not UTF-8 were read as %XX triplets)\n");
    }
    if let Some(note) = c.frame.as_ref().and_then(|f| f.note()) {
        let _ = writeln!(o.s, "{:<9}{}", "frame", escape_bytes(note.as_bytes()));
    }
    o.s.push_str("verdict  ");
    let line = c.verdict.line(|s| escape_bytes(s.as_bytes()));
    o.paint(
        if c.verdict.agree {
            sgr::heading()
        } else {
            DIFFERS
        },
        &line,
    );
    o.s.push_str("\n\n");

    let widths: Vec<usize> = Parser::ALL
        .iter()
        .map(|&p| {
            let rejection = c
                .column(p)
                .rejection
                .as_ref()
                .map_or(0, |r| r.line().width());
            let w = Row::ALL
                .iter()
                .map(|&r| width_of(&c.cell(r, p).value) + 2)
                .chain([rejection])
                .max()
                .unwrap_or(8);
            w.clamp(p.as_str().len() + 2, MAX_COL)
        })
        .collect();
    o.s.push_str(&" ".repeat(LABEL));
    for (p, w) in Parser::ALL.iter().zip(&widths) {
        o.paint(sgr::heading(), p.as_str());
        o.s.push_str(&" ".repeat(w + 2 - p.as_str().len()));
    }
    o.s.truncate(o.s.trim_end().len());
    o.s.push('\n');

    for r in Row::ALL {
        let cells: Vec<(Vec<Pieces>, bool, bool)> = Parser::ALL
            .iter()
            .zip(&widths)
            .map(|(&p, &w)| {
                let cell = c.cell(r, p);
                // A rejecting column says why once, in its first row.
                if let Some(rej) = &c.column(p).rejection {
                    let lines = if r == Row::ALL[0] {
                        wrap(&rej.line(), w, true)
                    } else {
                        Vec::new()
                    };
                    return (lines, false, false);
                }
                let (text, present) = cell_text(&cell.value);
                let lines = if present {
                    wrap(&text, w, false)
                } else {
                    vec![vec![(text, false)]]
                };
                (lines, cell.differs, present)
            })
            .collect();
        let height = cells.iter().map(|(l, _, _)| l.len()).max().unwrap_or(1);
        for i in 0..height {
            let label = if i == 0 { r.as_str() } else { "" };
            o.s.push_str(&format!("{label:<LABEL$}"));
            for ((lines, differs, present), w) in cells.iter().zip(&widths) {
                let mark = if *differs && i == 0 { "≠ " } else { "  " };
                o.paint(DIFFERS, mark);
                let mut used = 0;
                if let Some(line) = lines.get(i) {
                    for (t, token) in line {
                        let code = match (token, differs, present) {
                            (true, _, _) => sgr::escape(),
                            (false, true, _) => DIFFERS,
                            (false, false, false) => sgr::dim(),
                            _ => "",
                        };
                        o.paint(code, t);
                        used += t.width();
                    }
                }
                o.s.push_str(&" ".repeat(w.saturating_sub(used)));
            }
            o.s.truncate(o.s.trim_end_matches(' ').len());
            o.s.push('\n');
        }
        if let Some(named) = c.rows[r as usize].named_line() {
            o.s.push_str(&" ".repeat(LABEL));
            o.paint(sgr::dim(), &format!("↳ {named}"));
            o.s.push('\n');
        }
    }

    o.s.push('\n');
    o.paint(sgr::heading(), "parsers");
    o.s.push('\n');
    for col in &c.columns {
        let _ = write!(o.s, "  {:<10}{}", col.parser.as_str(), col.implementation);
        if let Some(rej) = &col.rejection {
            o.s.push_str(" — ");
            o.paint(sgr::error(), &escape_bytes(rej.line().as_bytes()));
        }
        o.s.push_str("\n            ");
        o.paint(
            sgr::dim(),
            &format!("effective host: {}", col.effective_host),
        );
        o.s.push('\n');
    }
    if !c.classes.is_empty() {
        o.s.push('\n');
        o.paint(sgr::heading(), "confusion classes");
        o.s.push('\n');
        for n in &c.classes {
            o.s.push_str("  ");
            o.paint(DIFFERS, &format!("{:<19}", n.class.as_str()));
            o.s.push_str(n.reason);
            o.s.push('\n');
        }
    }
    o.s.push('\n');
    o.paint(
        sgr::dim(),
        "≠ marks a cell that disagrees with the whatwg column (the reference); --json has \
         every cell, the marks and the classes",
    );
    o.s.push('\n');
    o.s
}
