//! The batch input of the lenses (`host`, `parsers`, `unwrap`): every URL argument in
//! turn, or standard input one URL a line (`-0`: NUL-terminated), or all of standard input as one
//! URL (`--stdin`). Streaming: a record is read, answered and handed to stdout (in blocks, and
//! whenever the next read may block), so `urlscope extract < mail | urlscope host --json` shows
//! each answer as its link arrives and memory stays at one record plus one block.
//!
//! Exit status: 0 when every URL was read and answered (whatever the answer says); 2 for a usage
//! error (no URL and standard input is a terminal, a bad `--hex` record) or an I/O error.

use std::io::{self, BufReader, IsTerminal, Read, Write};

use super::args::BatchArgs;
use super::records::{self, Framing};
use super::{Fail, Result, bytes, decode_hex};

/// Output is handed to stdout in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// Call `answer` for every URL of `a`, appending its output to the buffer it is given.
pub fn run(a: &BatchArgs, mut answer: impl FnMut(&[u8], &mut Vec<u8>)) -> Result<i32> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK);
    let mut one = |x: &[u8], buf: &mut Vec<u8>| -> Result<()> {
        if a.hex {
            let x = decode_hex(x).map_err(Fail::Usage)?;
            answer(&x, buf);
        } else {
            answer(x, buf);
        }
        Ok(())
    };
    if !a.urls.is_empty() {
        for u in &a.urls {
            one(bytes(u), &mut buf)?;
            if buf.len() >= BLOCK {
                drain(&mut out, &mut buf)?;
            }
        }
    } else if a.stdin {
        let mut x = Vec::new();
        io::stdin().lock().read_to_end(&mut x)?;
        one(&x, &mut buf)?;
    } else {
        if io::stdin().is_terminal() {
            return Err(Fail::Usage(
                "no URL: give URLs as arguments or pipe them on standard input, one per line"
                    .into(),
            ));
        }
        let framing = if a.null { Framing::Nul } else { Framing::Lines };
        let mut reader = BufReader::with_capacity(BLOCK, io::stdin().lock());
        let mut state = (&mut out, &mut buf);
        records::for_each::<_, _, Fail>(
            &mut reader,
            framing,
            &mut state,
            // The next read may block: hand over what is ready, so a pipeline sees answers.
            |(out, buf)| drain(out, buf),
            |(out, buf), rec| {
                if framing == Framing::Lines && rec.iter().all(u8::is_ascii_whitespace) {
                    return Ok(());
                }
                one(rec, buf)?;
                if buf.len() >= BLOCK {
                    drain(out, buf)?;
                }
                Ok(())
            },
        )?;
    }
    drain(&mut out, &mut buf)?;
    Ok(0)
}

fn drain(out: &mut impl Write, buf: &mut Vec<u8>) -> Result<()> {
    if !buf.is_empty() {
        out.write_all(buf)?;
        buf.clear();
    }
    out.flush()?;
    Ok(())
}
