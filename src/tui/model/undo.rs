//! Undo and redo for the URL and base lines (Ctrl+Z, Ctrl+Shift+Z / Ctrl+R). One history holds
//! both lines, so loading an example (which sets both) is one step. Typing a word coalesces into
//! one step; a paste, a deletion of a word or a line, a trim and a load are steps of their own.

use crate::tui::model::edit::{EditOp, LineEdit};

/// Both lines as they were before a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    pub input: LineEdit,
    pub base: LineEdit,
}

/// What kind of edit the last step was (consecutive typing or deleting coalesces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Typing,
    Deleting,
    Other,
}

/// Steps older than this many are dropped; so is the oldest when the steps hold more octets
/// than [`MAX_BYTES`] (a 1 MiB paste edited many times stays bounded).
const MAX_STEPS: usize = 200;
const MAX_BYTES: usize = 64 << 20;

#[derive(Clone, Debug, Default)]
pub struct Undo {
    undo: Vec<Lines>,
    redo: Vec<Lines>,
    /// The last step's kind, line (base or not), cursor after it, and whether it typed a word.
    last: Option<(Kind, bool, usize, bool)>,
}

fn kind(op: &EditOp) -> Kind {
    match op {
        EditOp::Insert(b) if b.len() == 1 && b[0] != b'\n' => Kind::Typing,
        EditOp::Insert(b) if std::str::from_utf8(b).is_ok_and(|s| s.chars().count() == 1) => {
            Kind::Typing
        }
        EditOp::Backspace | EditOp::Delete => Kind::Deleting,
        EditOp::Insert(_)
        | EditOp::Left
        | EditOp::Right
        | EditOp::WordLeft
        | EditOp::WordRight
        | EditOp::Home
        | EditOp::End
        | EditOp::DeleteWordBack
        | EditOp::DeleteToStart => Kind::Other,
    }
}

fn size(l: &Lines) -> usize {
    l.input.buf.len() + l.base.buf.len()
}

impl Undo {
    /// Record `before` ahead of an edit `op` on the line (`base` or not) whose cursor is
    /// `cursor`; a word typed (or deleted) character by character is one step.
    pub fn before_edit(&mut self, before: &Lines, op: &EditOp, base: bool, cursor: usize) {
        let k = kind(op);
        // Typing coalesces while the characters stay of one class: a word, or a run of URL
        // delimiters (`http` · `://` · `example` · `.` · `com`).
        let word = matches!(op, EditOp::Insert(b) if b.iter().all(|&c| c.is_ascii_alphanumeric() || c >= 0x80 || c == b'_' || c == b'-'));
        let coalesce = match self.last {
            Some((Kind::Typing, b, at, w)) => {
                k == Kind::Typing && b == base && at == cursor && w == word
            }
            Some((Kind::Deleting, b, _, _)) => k == Kind::Deleting && b == base,
            _ => false,
        };
        if !coalesce {
            self.push(before.clone());
        }
        self.redo.clear();
        self.last = Some((k, base, 0, word));
    }

    /// After the edit: where the cursor went (typing continues a step only from there).
    pub fn after_edit(&mut self, cursor: usize) {
        if let Some((k, b, _, w)) = self.last {
            self.last = Some((k, b, cursor, w));
        }
    }

    /// Record `before` ahead of a change that is a step of its own (paste, load, trim).
    pub fn before_change(&mut self, before: &Lines) {
        self.push(before.clone());
        self.redo.clear();
        self.last = Some((Kind::Other, false, 0, false));
    }

    fn push(&mut self, l: Lines) {
        self.undo.push(l);
        let mut total: usize = self.undo.iter().map(size).sum();
        while self.undo.len() > MAX_STEPS || (total > MAX_BYTES && self.undo.len() > 1) {
            total -= size(&self.undo[0]);
            self.undo.remove(0);
        }
    }

    /// The lines to go back to (the current ones go onto the redo list), if any.
    pub fn undo(&mut self, now: &Lines) -> Option<Lines> {
        let prev = self.undo.pop()?;
        self.redo.push(now.clone());
        self.last = None;
        Some(prev)
    }

    /// The lines an undo left (the current ones go back onto the undo list), if any.
    pub fn redo(&mut self, now: &Lines) -> Option<Lines> {
        let next = self.redo.pop()?;
        self.undo.push(now.clone());
        self.last = None;
        Some(next)
    }

    pub fn can_undo(&self) -> usize {
        self.undo.len()
    }
    pub fn can_redo(&self) -> usize {
        self.redo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Lines {
        Lines {
            input: LineEdit::new(s.as_bytes().to_vec()),
            base: LineEdit::default(),
        }
    }

    #[test]
    fn a_word_is_one_step_and_redo_walks_forward() {
        let mut u = Undo::default();
        let mut cur = lines("");
        for (i, c) in "abc/d".bytes().enumerate() {
            u.before_edit(&cur, &EditOp::Insert(vec![c]), false, i);
            cur.input.apply(&EditOp::Insert(vec![c]));
            u.after_edit(cur.input.cursor);
        }
        // "abc", "/" and "d": a delimiter starts a step, and so does the word after it.
        assert_eq!(u.can_undo(), 3);
        let back = u.undo(&cur).unwrap();
        assert_eq!(back.input.buf, b"abc/");
        let again = u.redo(&back).unwrap();
        assert_eq!(again.input.buf, b"abc/d");
        assert!(u.redo(&again).is_none());
    }

    #[test]
    fn the_history_is_bounded() {
        let mut u = Undo::default();
        for _ in 0..MAX_STEPS + 10 {
            u.before_change(&lines("x"));
        }
        assert_eq!(u.can_undo(), MAX_STEPS);
    }
}
