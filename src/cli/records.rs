//! Streaming record input for `normalize`: records are read from a `BufReader` with one reused
//! buffer, so memory stays constant whatever the input size.

use std::io::{self, BufRead, BufReader, Read};

/// Longest record buffer kept between records; a longer one is shrunk back after use.
const KEEP_CAPACITY: usize = 1 << 20;

/// How records are delimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// LF-terminated lines; one CR before the LF is not part of the record.
    Lines,
    /// NUL-terminated records, taken verbatim.
    Nul,
}

impl Framing {
    pub fn terminator(self) -> u8 {
        match self {
            Framing::Lines => b'\n',
            Framing::Nul => 0,
        }
    }

    /// `rec` without its framing (one CR before a line's LF).
    #[inline]
    pub fn trim(self, rec: &[u8]) -> &[u8] {
        match self {
            Framing::Lines => rec.strip_suffix(b"\r").unwrap_or(rec),
            Framing::Nul => rec,
        }
    }
}

/// Call `f` with every record of `reader`, in order. A last record without a terminator is a
/// record; an empty input has no records. `idle` is called whenever the next read may block (the
/// reader's buffer is empty), so that output can be flushed while the producer is slow.
pub fn for_each<R: Read, S, E: From<io::Error>>(
    reader: &mut BufReader<R>,
    framing: Framing,
    state: &mut S,
    mut idle: impl FnMut(&mut S) -> Result<(), E>,
    mut f: impl FnMut(&mut S, &[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let term = framing.terminator();
    let mut pending: Vec<u8> = Vec::new();
    loop {
        if reader.buffer().is_empty() {
            idle(state)?;
        }
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if buf.is_empty() {
            if !pending.is_empty() {
                // Unterminated last record: taken as it is (no CR stripping without an LF).
                f(state, &pending)?;
            }
            return Ok(());
        }
        // Every complete record in the buffer, without copying.
        let mut start = 0;
        while let Some(i) = memchr::memchr(term, &buf[start..]) {
            let end = start + i;
            if pending.is_empty() {
                f(state, framing.trim(&buf[start..end]))?;
            } else {
                pending.extend_from_slice(&buf[start..end]);
                f(state, framing.trim(&pending))?;
                pending.clear();
                if pending.capacity() > KEEP_CAPACITY {
                    pending.shrink_to(KEEP_CAPACITY);
                }
            }
            start = end + 1;
        }
        pending.extend_from_slice(&buf[start..]);
        let n = buf.len();
        reader.consume(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(input: &[u8], framing: Framing, cap: usize) -> Vec<Vec<u8>> {
        let mut r = BufReader::with_capacity(cap, input);
        let mut out = Vec::new();
        for_each::<_, _, io::Error>(
            &mut r,
            framing,
            &mut out,
            |_| Ok(()),
            |out, rec| {
                out.push(rec.to_vec());
                Ok(())
            },
        )
        .unwrap();
        out
    }

    #[test]
    fn lines_crlf_blank_and_unterminated() {
        for cap in [1, 2, 3, 7, 64] {
            let got = collect(b"a\r\n\nb\r\r\nc\rd", Framing::Lines, cap);
            assert_eq!(
                got,
                vec![
                    b"a".to_vec(),
                    b"".to_vec(),
                    b"b\r".to_vec(),
                    b"c\rd".to_vec()
                ],
                "cap {cap}"
            );
        }
        assert!(collect(b"", Framing::Lines, 8).is_empty());
        assert_eq!(collect(b"\n", Framing::Lines, 8), vec![Vec::<u8>::new()]);
    }

    #[test]
    fn nul_records_verbatim() {
        for cap in [1, 4, 64] {
            let got = collect(b"a\r\nb\0\0c", Framing::Nul, cap);
            assert_eq!(got, vec![b"a\r\nb".to_vec(), b"".to_vec(), b"c".to_vec()]);
        }
    }
}
