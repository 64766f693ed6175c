//! The record loop `get` and `set` share with `normalize`'s framing: records from the
//! arguments or streamed from standard input, one answer per record into a reused buffer
//! handed to stdout in blocks.

use std::ffi::OsString;
use std::io::{self, BufReader, Write};

use super::records::{self, Framing};
use super::{Fail, Result, bytes};

/// Output is handed to stdout in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// How a record went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Answered; the terminator follows.
    Done,
    /// Answered, with an error reported on stderr; the terminator follows.
    Failed,
    /// No answer (the error is on stderr): nothing is written for the record, as trurl does
    /// for `{must:…}`.
    Dropped,
}

/// Call `each(record_number, record, out)` for every record; `each` appends its answer
/// (without the terminator, which is added here unless the record is dropped). Returns
/// whether any record failed.
pub fn run(
    urls: &[OsString],
    framing: Framing,
    mut each: impl FnMut(u64, &[u8], &mut Vec<u8>) -> Answer,
) -> Result<bool> {
    let term = framing.terminator();
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    let mut n = 0u64;
    let mut failed = false;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut one = |rec: &[u8], buf: &mut Vec<u8>, out: &mut io::StdoutLock<'_>| -> io::Result<()> {
        n += 1;
        let (url, note) = super::refang::read(rec);
        if let Some(note) = note {
            say_record(n, &note);
        }
        let a = each(n, &url, buf);
        failed |= a != Answer::Done;
        if a != Answer::Dropped {
            buf.push(term);
        }
        if buf.len() >= BLOCK {
            out.write_all(buf)?;
            buf.clear();
        }
        Ok(())
    };
    if !urls.is_empty() {
        for u in urls {
            one(bytes(u), &mut buf, &mut out)?;
        }
    } else {
        let mut reader = BufReader::with_capacity(BLOCK, io::stdin().lock());
        let mut state = (&mut buf, &mut out);
        records::for_each::<_, _, Fail>(
            &mut reader,
            framing,
            &mut state,
            |(buf, out)| {
                out.write_all(buf)?;
                buf.clear();
                out.flush()?;
                Ok(())
            },
            |(buf, out), rec| Ok(one(rec, buf, out)?),
        )?;
    }
    out.write_all(&buf)?;
    out.flush()?;
    Ok(failed)
}

/// A message about record `n` on stderr (escaped like every diagnostic).
pub fn say_record(n: u64, msg: &str) {
    super::say(&format!("record {n}: {msg}"));
}
