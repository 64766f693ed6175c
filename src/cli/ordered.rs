//! Records answered by several workers and written in input order, in bounded memory.
//!
//! The calling thread reads standard input and cuts it into blocks of whole records; `jobs`
//! worker threads answer blocks, each with its own state; one writer thread puts the answers
//! back in input order and writes them. At most `2 × jobs + 2` blocks are between the reader and
//! the writer at any time (a token is taken for each block read and given back when its answer
//! is written), so memory does not grow with the input, and a slow block holds up the output,
//! never the order.

use std::collections::BTreeMap;
use std::io::{self, BufReader, Read, Write};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel, sync_channel};

use super::records::{self, Framing};
use super::{Fail, Result};

/// A block is handed to a worker once it holds this many octets of records.
const BLOCK: usize = 256 * 1024;

/// Whole records, each followed by the terminator.
pub struct Block {
    /// How many records came before the block (its first record is `first + 1`).
    pub first: u64,
    pub records: Vec<u8>,
}

impl Block {
    /// The records, without their terminators.
    pub fn records(&self, term: u8) -> impl Iterator<Item = &[u8]> {
        let body = self.records.strip_suffix(&[term]).unwrap_or(&self.records);
        body.split(move |&b| b == term)
            .take(if self.records.is_empty() {
                0
            } else {
                usize::MAX
            })
    }
}

/// A block's answer.
#[derive(Default)]
pub struct Answer {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub failed: bool,
}

/// Read every record of `input`, answer each block with a worker made by `make`, and write the
/// answers (stderr lines first, then stdout, block by block) in input order. Returns whether a
/// record failed.
pub fn run<R: Read, W: FnMut(&Block) -> Answer>(
    input: R,
    framing: Framing,
    jobs: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let term = framing.terminator();
    let in_flight = 2 * jobs + 2;
    let (work_tx, work_rx) = sync_channel::<(u64, Block)>(in_flight);
    let (done_tx, done_rx) = channel::<(u64, Answer)>();
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx.send(()).expect("the receiver is here");
    }
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let (work_rx, done_tx, make) = (&work_rx, done_tx.clone(), &make);
            s.spawn(move || {
                let mut worker = make();
                loop {
                    let next = work_rx
                        .lock()
                        .map_err(|_| ())
                        .and_then(|r| r.recv().map_err(|_| ()));
                    let Ok((seq, block)) = next else { break };
                    if done_tx.send((seq, worker(&block))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let writer = s.spawn(move || write_in_order(done_rx, token_tx));

        let mut reader = BufReader::with_capacity(BLOCK, input);
        let mut state = Reading {
            block: Block {
                first: 0,
                records: Vec::with_capacity(BLOCK + 4096),
            },
            count: 0,
            seq: 0,
            work_tx,
            token_rx,
        };
        let read = records::for_each::<_, _, Fail>(
            &mut reader,
            framing,
            &mut state,
            // Input would block: hand over what is ready, so a pipeline sees results promptly.
            |st| st.send(),
            |st, rec| {
                st.block.records.extend_from_slice(rec);
                st.block.records.push(term);
                st.count += 1;
                if st.block.records.len() >= BLOCK {
                    st.send()?;
                }
                Ok(())
            },
        )
        .and_then(|()| state.send());
        // Closing the work channel ends the workers, and then the writer.
        drop(state);
        let written = writer.join().expect("the writer does not panic");
        match (read, written) {
            // The writer stopped first (a closed stdout): that is the error to report.
            (_, Err(e)) => Err(Fail::Io(e)),
            (Err(e), Ok(_)) => Err(e),
            (Ok(()), Ok(failed)) => Ok(failed),
        }
    })
}

/// The reader's side: the block being filled and the channels.
struct Reading {
    block: Block,
    /// Records read so far.
    count: u64,
    seq: u64,
    work_tx: std::sync::mpsc::SyncSender<(u64, Block)>,
    token_rx: Receiver<()>,
}

impl Reading {
    fn send(&mut self) -> Result<()> {
        if self.block.records.is_empty() {
            return Ok(());
        }
        let stopped = || Fail::Io(io::Error::other("the writer stopped"));
        self.token_rx.recv().map_err(|_| stopped())?;
        let next = Block {
            first: self.count,
            records: Vec::with_capacity(BLOCK + 4096),
        };
        let block = std::mem::replace(&mut self.block, next);
        self.work_tx
            .send((self.seq, block))
            .map_err(|_| stopped())?;
        self.seq += 1;
        Ok(())
    }
}

/// The writer: answers in sequence order, a token given back for each block written.
fn write_in_order(
    done: Receiver<(u64, Answer)>,
    tokens: std::sync::mpsc::SyncSender<()>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut waiting: BTreeMap<u64, Answer> = BTreeMap::new();
    let mut next = 0u64;
    let mut failed = false;
    for (seq, answer) in done {
        waiting.insert(seq, answer);
        while let Some(a) = waiting.remove(&next) {
            if !a.stderr.is_empty() {
                let _ = io::stderr().lock().write_all(&a.stderr);
            }
            out.write_all(&a.stdout)?;
            out.flush()?;
            failed |= a.failed;
            next += 1;
            let _ = tokens.send(());
        }
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_records_split_at_terminators() {
        let b = |s: &[u8]| Block {
            first: 0,
            records: s.to_vec(),
        };
        let three = b(b"a\n\nb\n");
        let got: Vec<&[u8]> = three.records(b'\n').collect();
        assert_eq!(got, vec![&b"a"[..], b"", b"b"]);
        assert_eq!(b(b"").records(b'\n').count(), 0);
        let one = b(b"\n");
        assert_eq!(one.records(b'\n').collect::<Vec<_>>(), vec![&b""[..]]);
    }
}
