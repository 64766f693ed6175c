//! The value editor's state (what it edits, its fields, the marks of what will be encoded) and
//! its write through the edit core (`urlscope_core::modern`), the one function per component
//! `urlscope set` also calls. The text is the value decoded (UTF-8; octets that are not UTF-8,
//! controls and `%` as triplets). Apart from `overlays/editor.rs` (the keys) so that `App` can
//! hold it without importing an overlay's module.

use std::ops::Range;

use crate::tui::model::edit::{EditOp, LineEdit};
use urlscope_core::modern;
use urlscope_core::modern::{EditRules, Edited, SetError, Target};
use urlscope_core::modern::{Encode, Reason};
use urlscope_core::modern::{editable, from_editable};
use urlscope_core::url::octets;

/// Where the editor writes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A whole component.
    Component(Target),
    /// Path segment `i` (0-based), its `;params` included.
    Segment(usize),
    /// A new path segment, inserted as segment `i`.
    NewSegment(usize),
    /// Query pair `i`'s name and value.
    Pair(usize),
    /// A new query pair, put at position `i`.
    NewPair(usize),
}

/// One line of the editor: what it writes (`target`), how (`mode`), its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub label: &'static str,
    pub target: Target,
    /// `Encoded`: the text is the decoded value. `AsWritten`: the text is the component as
    /// written (a whole path or query, whose `%2F` or `%26` decoded would change its
    /// structure): triplets stay.
    pub mode: Encode,
    pub line: LineEdit,
    /// The text the editor opened with (an unchanged field is not written).
    pub original: Vec<u8>,
}

impl Field {
    fn new(label: &'static str, target: Target, mode: Encode, text: Vec<u8>) -> Field {
        Field {
            label,
            target,
            mode,
            line: LineEdit::new(text.clone()),
            original: text,
        }
    }

    pub fn changed(&self) -> bool {
        self.line.buf != self.original
    }

    /// The octets the text stands for, to be written by `mode`.
    pub fn value(&self) -> Vec<u8> {
        let text = String::from_utf8_lossy(&self.line.buf);
        match self.mode {
            Encode::Encoded => from_editable(&text),
            Encode::AsWritten => self.line.buf.clone(),
        }
    }

    /// The characters of the text that will be written encoded, and why: each a byte range of
    /// the text. A triplet in the text is not marked (it is written as it is shown).
    pub fn marks(&self, rules: EditRules) -> Vec<(Range<usize>, Reason)> {
        let text = &self.line.buf;
        let mut out = Vec::new();
        for r in chars(text) {
            if is_triplet(&text[r.clone()]) {
                continue;
            }
            let w = modern::write_encoded(&text[r.clone()], self.target, self.mode, rules);
            let why = if w.encoded.iter().any(|(_, why)| *why == Reason::Structure) {
                Some(Reason::Structure)
            } else {
                w.encoded.first().map(|(_, why)| *why)
            };
            if let Some(why) = why {
                out.push((r, why));
            }
        }
        out
    }
}

/// The editor: what it edits, its title, its one or two fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    pub slot: Slot,
    /// What it edits, in words ("query pair 3", "the host").
    pub title: String,
    pub fields: Vec<Field>,
    /// The field keys type into.
    pub active: usize,
    /// The URL the editor was opened on: its pair and segment numbers are that URL's.
    pub opened_on: Vec<u8>,
}

impl Editor {
    pub fn new(slot: Slot, title: String, fields: Vec<Field>) -> Editor {
        Editor {
            slot,
            title,
            fields,
            active: 0,
            opened_on: Vec::new(),
        }
    }

    /// A component: its decoded value, or (path, query, params) its text as written.
    pub fn component(t: Target, raw: &[u8]) -> Editor {
        let whole = matches!(t, Target::Path | Target::Query | Target::Params);
        let field = if whole {
            Field::new(t.name(), t, Encode::AsWritten, shown(raw))
        } else {
            Field::new(t.name(), t, Encode::Encoded, decoded(raw))
        };
        Editor::new(Slot::Component(t), format!("the {}", t.name()), vec![field])
    }

    /// Path segment `i` (0-based): its decoded text.
    pub fn segment(i: usize, raw: &[u8]) -> Editor {
        let f = Field::new("segment", Target::Segment, Encode::Encoded, decoded(raw));
        Editor::new(Slot::Segment(i), format!("path segment {}", i + 1), vec![f])
    }

    /// A new path segment at position `i`.
    pub fn new_segment(i: usize) -> Editor {
        let f = Field::new("segment", Target::Segment, Encode::Encoded, Vec::new());
        Editor::new(
            Slot::NewSegment(i),
            format!("a new path segment {}", i + 1),
            vec![f],
        )
    }

    /// Query pair `i` (0-based): its decoded name and value; the value's field is active.
    pub fn pair(i: usize, name: &[u8], value: &[u8]) -> Editor {
        let name = decoded(name);
        let title = format!(
            "query pair {} ({})",
            i + 1,
            crate::tui::model::text::visible(&name)
        );
        let mut e = Editor::new(Slot::Pair(i), title, pair_fields(name, decoded(value)));
        e.active = 1;
        e
    }

    /// A new query pair at position `i`; the name's field is active.
    pub fn new_pair(i: usize) -> Editor {
        Editor::new(
            Slot::NewPair(i),
            format!("a new query pair {}", i + 1),
            pair_fields(Vec::new(), Vec::new()),
        )
    }

    pub fn field(&self) -> &Field {
        &self.fields[self.active.min(self.fields.len() - 1)]
    }

    fn field_mut(&mut self) -> &mut Field {
        let i = self.active.min(self.fields.len() - 1);
        &mut self.fields[i]
    }

    /// The editor's text as keys and pastes reach it: what the user typed as text, with
    /// controls and octets that are not UTF-8 as triplets (they never reach the screen raw).
    pub fn apply(&mut self, op: &EditOp) {
        let op = if let EditOp::Insert(b) = op {
            EditOp::Insert(shown(b))
        } else {
            op.clone()
        };
        self.field_mut().line.apply(&op);
    }

    /// Write the fields back into `url` under `rules`: the new URL and what each write
    /// encoded (for the status line), or why not.
    pub fn write(&self, url: &[u8], rules: EditRules) -> Result<Option<Written>, SetError> {
        let mut w = Written {
            url: url.to_vec(),
            encoded: Vec::new(),
        };
        let value = |i: usize| self.fields[i].value();
        match self.slot {
            Slot::Component(t) => {
                let f = &self.fields[0];
                if !f.changed() {
                    return Ok(None);
                }
                let v = f.value();
                if v.is_empty() && t != Target::Path {
                    w.take(modern::clear_component(url, t, rules)?, t);
                } else {
                    w.take(modern::set_component(url, t, &v, f.mode, rules)?, t);
                }
            }
            Slot::Segment(i) => {
                if !self.fields[0].changed() {
                    return Ok(None);
                }
                let e = modern::set_segment(url, i, &value(0), Encode::Encoded, rules)?;
                w.take(e, Target::Segment);
            }
            Slot::NewSegment(i) => {
                let e = modern::insert_segment(url, i, &value(0), Encode::Encoded, rules)?;
                w.take(e, Target::Segment);
            }
            Slot::Pair(i) => {
                if !self.fields.iter().any(Field::changed) {
                    return Ok(None);
                }
                for f in self.fields.iter().filter(|f| f.changed()) {
                    let e = modern::set_pair_part(
                        &w.url.clone(),
                        i,
                        f.target,
                        &f.value(),
                        Encode::Encoded,
                        rules,
                    )?;
                    w.take(e, f.target);
                }
            }
            Slot::NewPair(i) => {
                let (name, val) = (value(0), value(1));
                if name.is_empty() && val.is_empty() {
                    return Ok(None);
                }
                let v = (!val.is_empty()).then_some(&val[..]);
                let e = modern::append_pair(url, &name, v, Encode::Encoded, rules)?;
                w.take(e, Target::QueryValue);
                let last = urlscope_core::modern::table_of(&w.url, &parsed(&w.url))
                    .pairs
                    .len()
                    .saturating_sub(1);
                if i < last {
                    let e = modern::move_pair(&w.url.clone(), last, i, rules)?;
                    w.take(e, Target::Query);
                }
            }
        }
        Ok(Some(w))
    }
}

fn pair_fields(name: Vec<u8>, value: Vec<u8>) -> Vec<Field> {
    vec![
        Field::new("name", Target::QueryName, Encode::Encoded, name),
        Field::new("value", Target::QueryValue, Encode::Encoded, value),
    ]
}

fn parsed(x: &[u8]) -> urlscope_core::Parsed {
    let mut p = urlscope_core::Parsed::default();
    urlscope_core::url::tokenize_into(&mut p, x, true, urlscope_core::url::Detail::Structure);
    p
}

/// A finished write: the new URL and a note for each step that encoded something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub url: Vec<u8>,
    /// Each distinct octet a step encoded, and why.
    pub encoded: Vec<(u8, Reason)>,
}

impl Written {
    fn take(&mut self, e: Edited, _t: Target) {
        for (b, why) in e.encoded {
            if !self.encoded.iter().any(|(o, _)| *o == b) {
                self.encoded.push((b, why));
            }
        }
        self.url = e.url;
    }

    /// For the status line, short enough to fit with the rule set's name: each encoded octet
    /// (`'&'→%26`, a non-ASCII octet as its triplet), structure first and said.
    pub fn said(&self, rules: EditRules) -> String {
        if self.encoded.is_empty() {
            return format!("by {}: nothing needed encoding", rules.title());
        }
        let show = |b: u8| -> String {
            let t = String::from_utf8_lossy(&octets::encoded(b)).into_owned();
            if b == b' ' || b.is_ascii_graphic() {
                format!("'{}'→{t}", b as char)
            } else {
                t
            }
        };
        let of = |r: Reason| -> Vec<String> {
            self.encoded
                .iter()
                .filter(|(_, why)| *why == r)
                .map(|(b, _)| show(*b))
                .collect()
        };
        let mut parts = Vec::new();
        let structure = of(Reason::Structure);
        if !structure.is_empty() {
            parts.push(format!(
                "{} (would change the structure)",
                structure.join(" ")
            ));
        }
        let other = of(Reason::NotAllowed);
        if !other.is_empty() {
            parts.push(other.join(" "));
        }
        format!("by {}: encoded {}", rules.title(), parts.join(", "))
    }
}

/// The character ranges of the editor's text (valid UTF-8), a triplet as one.
fn chars(text: &[u8]) -> Vec<Range<usize>> {
    let s = String::from_utf8_lossy(text);
    let mut out = Vec::new();
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if is_triplet(&text[i..text.len().min(i + 3)]) {
            it.next();
            it.next();
            out.push(i..i + 3);
        } else {
            out.push(i..i + c.len_utf8());
        }
    }
    out
}

fn is_triplet(s: &[u8]) -> bool {
    s.len() == 3 && s[0] == b'%' && octets::is_hex(s[1]) && octets::is_hex(s[2])
}

/// `raw` with its triplets decoded, as the editor's text.
fn decoded(raw: &[u8]) -> Vec<u8> {
    let v: Vec<u8> = octets::units_in(raw, 0..raw.len())
        .map(|u| u.value)
        .collect();
    shown(editable(&v).as_bytes())
}

/// `raw` as editor text: valid UTF-8 stays, except controls; controls and octets that are not
/// UTF-8 become triplets (which map back to the same octets).
fn shown(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    for chunk in raw.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                let mut b = [0u8; 4];
                for &o in c.encode_utf8(&mut b).as_bytes() {
                    octets::push_encoded(&mut out, o);
                }
            } else {
                let mut b = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
        for &b in chunk.invalid() {
            octets::push_encoded(&mut out, b);
        }
    }
    out
}

/// What will be encoded, for the legend under the editor line: the count and the distinct
/// characters (a space as ␠), and those that would change the URL's structure.
pub fn legend(f: &Field, rules: EditRules) -> (usize, Vec<String>, Vec<String>) {
    let marks = f.marks(rules);
    let mut all: Vec<String> = Vec::new();
    let mut structure: Vec<String> = Vec::new();
    for (r, why) in &marks {
        // Through the display cells: a mark may be a control, a bidi or a zero-width character.
        let c = crate::tui::model::text::visible(&f.line.buf[r.clone()]).replace(' ', "␠");
        if !all.contains(&c) {
            all.push(c.clone());
        }
        if *why == Reason::Structure && !structure.contains(&c) {
            structure.push(c);
        }
    }
    (marks.len(), all, structure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_maps_back_to_the_octets() {
        let e = Editor::segment(0, b"a%2Fb%FF%00%25\xfe");
        let f = e.field();
        assert_eq!(f.line.buf, b"a/b%FF%00%25%FE");
        assert_eq!(f.value(), b"a/b\xff\x00%\xfe");
    }

    #[test]
    fn marks_say_what_will_be_encoded() {
        let mut e = Editor::pair(0, b"k", b"");
        e.apply(&EditOp::Insert("a&b é%41".as_bytes().to_vec()));
        let f = e.field();
        let (n, all, structure) = legend(f, EditRules::Rfc3986);
        assert_eq!(
            (n, all, structure),
            (
                3,
                vec!["&".into(), "␠".into(), "é".into()],
                vec!["&".into()]
            )
        );
    }

    /// Found by the model-based test: the legend drew a zero-width joiner and a lone combining
    /// mark raw (the screen must show them as tokens).
    #[test]
    fn the_legend_shows_invisible_characters_as_tokens() {
        let mut e = Editor::pair(0, b"k", b"");
        e.apply(&EditOp::Insert(
            "a\u{301}\u{200d}\u{1b}".as_bytes().to_vec(),
        ));
        let (_, all, _) = legend(e.field(), EditRules::Rfc3986);
        let shown = all.concat();
        assert!(
            !shown.chars().any(|c| c == '\u{200d}' || c == '\u{1b}'),
            "{shown:?}"
        );
        assert!(shown.contains("⟨U+200D⟩"), "{shown:?}");
    }
}
