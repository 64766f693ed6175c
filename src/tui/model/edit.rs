//! A one-line editor over raw octets: the cursor is a byte offset that moves by grapheme.

use crate::tui::model::text;

/// An editing command on a [`LineEdit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditOp {
    Insert(Vec<u8>),
    Backspace,
    Delete,
    Left,
    Right,
    WordLeft,
    WordRight,
    Home,
    End,
    /// Ctrl+W: delete the word before the cursor.
    DeleteWordBack,
    /// Ctrl+U: delete from the start of the line to the cursor.
    DeleteToStart,
}

/// Text, cursor (byte offset, always a cell boundary) and horizontal scroll (byte offset).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    pub buf: Vec<u8>,
    pub cursor: usize,
    pub scroll: usize,
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80 || b == b'_'
}

impl LineEdit {
    pub fn new(buf: Vec<u8>) -> LineEdit {
        let cursor = buf.len();
        LineEdit {
            buf,
            cursor,
            scroll: 0,
        }
    }

    /// Apply `op`; returns whether the text changed.
    pub fn apply(&mut self, op: &EditOp) -> bool {
        let s = &self.buf;
        match op {
            EditOp::Insert(bytes) => {
                if bytes.is_empty() {
                    return false;
                }
                self.buf
                    .splice(self.cursor..self.cursor, bytes.iter().copied());
                self.cursor += bytes.len();
                return true;
            }
            EditOp::Backspace => {
                if self.cursor == 0 {
                    return false;
                }
                let p = text::prev_boundary(s, self.cursor);
                self.buf.drain(p..self.cursor);
                self.cursor = p;
                return true;
            }
            EditOp::Delete => {
                if self.cursor >= s.len() {
                    return false;
                }
                let n = text::next_boundary(s, self.cursor);
                self.buf.drain(self.cursor..n);
                return true;
            }
            EditOp::Left => self.cursor = text::prev_boundary(s, self.cursor),
            EditOp::Right => {
                if self.cursor < s.len() {
                    self.cursor = text::next_boundary(s, self.cursor);
                }
            }
            EditOp::WordLeft => self.cursor = self.word_start(),
            EditOp::WordRight => {
                let mut i = self.cursor;
                while i < s.len() && !is_word(s[i]) {
                    i += 1;
                }
                while i < s.len() && is_word(s[i]) {
                    i += 1;
                }
                self.cursor = i;
            }
            EditOp::Home => self.cursor = 0,
            EditOp::End => self.cursor = s.len(),
            EditOp::DeleteWordBack => {
                let p = self.word_start();
                if p == self.cursor {
                    return false;
                }
                self.buf.drain(p..self.cursor);
                self.cursor = p;
                return true;
            }
            EditOp::DeleteToStart => {
                if self.cursor == 0 {
                    return false;
                }
                self.buf.drain(..self.cursor);
                self.cursor = 0;
                self.scroll = 0;
                return true;
            }
        }
        false
    }

    fn word_start(&self) -> usize {
        let s = &self.buf;
        let mut i = self.cursor;
        while i > 0 && !is_word(s[i - 1]) {
            i -= 1;
        }
        while i > 0 && is_word(s[i - 1]) {
            i -= 1;
        }
        // Stay on a character start.
        text::align_back(s, i)
    }

    /// Keep the cursor visible in `width` columns.
    pub fn follow(&mut self, width: usize) {
        self.scroll = self.scroll.min(self.buf.len());
        self.scroll = text::scroll_to_show(&self.buf, self.scroll, self.cursor, width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_moves_by_grapheme() {
        let mut e = LineEdit::new("ae\u{301}b".as_bytes().to_vec());
        e.apply(&EditOp::Left);
        assert_eq!(e.cursor, 4);
        e.apply(&EditOp::Left);
        assert_eq!(e.cursor, 1);
        e.apply(&EditOp::Delete);
        assert_eq!(e.buf, b"ab");
        e.apply(&EditOp::Insert(b"\n".to_vec()));
        assert_eq!(e.buf, b"a\nb");
    }

    #[test]
    fn words_and_kill() {
        let mut e = LineEdit::new(b"http://ex.com/path".to_vec());
        e.apply(&EditOp::WordLeft);
        assert_eq!(e.cursor, 14);
        e.apply(&EditOp::DeleteWordBack);
        assert_eq!(e.buf, b"http://ex.path");
        e.apply(&EditOp::DeleteToStart);
        assert_eq!(e.buf, b"path");
        e.apply(&EditOp::WordRight);
        assert_eq!(e.cursor, 4);
    }
}
