//! What the batch says on stderr of its records (`record N: …`), kept with each record's number
//! counted from where its answerer started: when workers read their own blocks, a block's first
//! record number is known only once the blocks before it are answered, so the lines are
//! numbered when they are written.

use std::fmt;
use std::io::Write as _;

/// Stderr lines, each of one record.
#[derive(Debug, Default)]
pub struct Said {
    /// The lines' texts one after another, without their `record N: ` prefix or line feed.
    text: Vec<u8>,
    /// Each line's record (1 for the first one answered) and where its text ends.
    lines: Vec<(u64, usize)>,
}

impl Said {
    /// Say `text` of record `record`.
    pub fn line(&mut self, record: u64, text: fmt::Arguments<'_>) {
        let _ = self.text.write_fmt(text);
        self.lines.push((record, self.text.len()));
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The lines as written, each record numbered `before` further on (`before` records came
    /// before the first one counted).
    pub fn write_numbered(&self, before: u64, out: &mut Vec<u8>) {
        let mut start = 0;
        for &(record, end) in &self.lines {
            let _ = write!(out, "record {}: ", before + record);
            out.extend_from_slice(&self.text[start..end]);
            out.push(b'\n');
            start = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_when_written() {
        let mut said = Said::default();
        assert!(said.is_empty());
        said.line(1, format_args!("E-X: {}", "one"));
        said.line(
            3,
            format_args!("refanged: read as {}", "https://a.example/"),
        );
        said.line(3, format_args!("W-Y: three"));
        let mut out = Vec::new();
        said.write_numbered(40, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "record 41: E-X: one\nrecord 43: refanged: read as https://a.example/\nrecord 43: W-Y: three\n"
        );
    }
}
