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

/// Call `f` with the records of `reader` in runs, in order, one run per `read` of about `size`
/// octets: each run is whole records, each followed by the terminator, except that the input's
/// last record may have none (it is the last run). A record longer than the buffer grows it;
/// the buffer shrinks back once such a record is answered. `f` runs before every read that
/// may block, so it can hand over the answers a slow producer is waiting for.
pub fn for_each_run<R: Read, S, E: From<io::Error>>(
    mut reader: R,
    framing: Framing,
    size: usize,
    state: &mut S,
    mut f: impl FnMut(&mut S, &[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let term = framing.terminator();
    let size = size.max(1);
    let mut buf = vec![0u8; size];
    // `buf[..filled]`: the start of a record not yet whole.
    let mut filled = 0;
    loop {
        if buf.len() - filled < size / 4 + 1 {
            buf.resize(filled + size, 0);
        }
        let n = match reader.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if n == 0 {
            if filled > 0 {
                f(state, &buf[..filled])?;
            }
            return Ok(());
        }
        let before = filled;
        filled += n;
        // Only the octets just read can end the record that was not whole.
        let Some(last) = memchr::memrchr(term, &buf[before..filled]) else {
            continue;
        };
        let end = before + last + 1;
        f(state, &buf[..end])?;
        buf.copy_within(end..filled, 0);
        filled -= end;
        if buf.len() > KEEP_CAPACITY.max(size) && filled < size {
            buf.truncate(size);
            buf.shrink_to_fit();
        }
    }
}

/// The records of a run as [`for_each_run`] hands it over: split at each terminator, a line's
/// CR dropped, an unterminated last record taken as it is.
#[cfg(test)]
pub fn split_run(run: &[u8], framing: Framing) -> Vec<&[u8]> {
    let term = framing.terminator();
    let mut recs: Vec<&[u8]> = run.split(|&b| b == term).collect();
    let last = recs.pop().unwrap_or_default();
    let mut recs: Vec<&[u8]> = recs.into_iter().map(|r| framing.trim(r)).collect();
    if !last.is_empty() {
        recs.push(last);
    }
    recs
}

/// Every record of `input` as [`for_each`] reads it through a buffer of `cap` octets (for the
/// tests of every reader of records).
#[cfg(test)]
pub(crate) fn collect(input: &[u8], framing: Framing, cap: usize) -> Vec<Vec<u8>> {
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

/// A reader that hands out at most `step` octets per `read`, like a pipe (for the tests of
/// every reader of records).
#[cfg(test)]
pub(crate) struct Trickle<'a> {
    pub rest: &'a [u8],
    pub step: usize,
}

#[cfg(test)]
impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_hold_the_records_of_for_each() {
        let mut long = vec![b'x'; 3000];
        long.extend_from_slice(b"\r\na\n");
        long.extend_from_slice(&[b'y'; 5000]);
        let inputs: [&[u8]; 7] = [
            b"",
            b"\n",
            b"\0",
            b"a\r\n\nb\r\r\nc\rd",
            b"a\nb\n",
            b"a\0b\r\n\0unterminated\r",
            &long,
        ];
        for input in inputs {
            for framing in [Framing::Lines, Framing::Nul] {
                let want = collect(input, framing, 7);
                for (size, step) in [(1, 1), (2, 3), (16, 5), (64, 1000), (4096, 4096)] {
                    let mut got: Vec<Vec<u8>> = Vec::new();
                    let mut runs = 0;
                    for_each_run::<_, _, io::Error>(
                        Trickle { rest: input, step },
                        framing,
                        size,
                        &mut got,
                        |got, run| {
                            assert!(!run.is_empty(), "no empty run");
                            runs += 1;
                            got.extend(split_run(run, framing).into_iter().map(<[u8]>::to_vec));
                            Ok(())
                        },
                    )
                    .unwrap();
                    assert_eq!(got, want, "{framing:?} size {size} step {step}");
                    assert!(runs <= want.len(), "a run holds whole records");
                }
            }
        }
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
