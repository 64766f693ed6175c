//! Records answered by several workers and written in input order, in bounded memory.
//!
//! The calling thread reads standard input straight into blocks (one `read` per block, cut after
//! the last whole record); `jobs` worker threads answer blocks, each with its own state; one
//! writer thread puts the answers back in input order and writes them. At most `2 × jobs + 2`
//! blocks are between the reader and the writer at any time: the writer hands each written
//! block's buffers back to the reader, which reads the next block into them. So memory does not
//! grow with the input, the buffers are allocated (and their pages touched) once, not per block,
//! and a slow block holds up the output, never the order.
//!
//! The reader's cost is what keeps the workers from scaling, so it does as little as it can per
//! octet: the `read` copy, one vectorised count of the terminators (the block's first record
//! number), no per-record work. The workers find the records themselves.
//!
//! A regular file (`< file`, the common case) needs no reader at all: each worker reads its
//! own blocks at their offsets ([`run_file`]), and a block's stderr lines are numbered when the
//! writer, which counts the records written, writes them. A pipe is read in turn, as above.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};

use super::records::Framing;
use super::said::Said;
use super::{Fail, Result, positioned};

/// The octets a block is read with: one `read` of about this size per block.
pub const BLOCK: usize = 256 * 1024;

/// A recycled buffer above this size (a long record, `--json` answers) goes back to the
/// allocator instead of being kept for the next block.
const KEEP: usize = 4 * 1024 * 1024;

/// Whole records, each followed by the terminator, except that the input's last record may
/// have none.
pub struct Block {
    /// How many records came before the block (its first record is `first + 1`), where the
    /// reader counts them: workers that read their own blocks do not know it.
    pub first: Option<u64>,
    data: Vec<u8>,
    /// The octets of `data` that belong to the block (the rest is buffer kept for reading).
    records: std::ops::Range<usize>,
}

impl Block {
    /// The block's records, each followed by the terminator, except that the input's last
    /// record may have none.
    pub fn octets(&self) -> &[u8] {
        &self.data[self.records.clone()]
    }
}

/// A block's answer.
#[derive(Default)]
pub struct Answer {
    pub stdout: Vec<u8>,
    /// Its stderr lines, each record numbered from the block's first (1).
    pub stderr: Said,
    /// How many records the block held.
    pub records: u64,
    pub failed: bool,
}

/// The buffers of a written block, for the next one: the input's and the answer's.
#[derive(Default)]
struct Spare {
    input: Vec<u8>,
    output: Vec<u8>,
}

/// Blocks in flight at once for `jobs` workers (two each and two more): it bounds the memory.
fn in_flight(jobs: usize) -> usize {
    2 * jobs + 2
}

/// The pool of `n` recycled block buffers, full.
fn spares(n: usize) -> (SyncSender<Spare>, Receiver<Spare>) {
    let (tx, rx) = sync_channel::<Spare>(n);
    for _ in 0..n {
        tx.send(Spare::default()).expect("the receiver is here");
    }
    (tx, rx)
}

/// Read every record of `input` in blocks of about `block` octets, answer each block with a
/// worker made by `make` (given the block and an empty buffer to write its answer into), and
/// write the answers (stderr lines first, then stdout, block by block) in input order. Returns
/// whether a record failed.
pub fn run<R: Read, W: FnMut(&Block, Vec<u8>) -> Answer>(
    input: R,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let in_flight = in_flight(jobs);
    let (work_tx, work_rx) = sync_channel::<(u64, Block, Vec<u8>)>(in_flight);
    let (done_tx, done_rx) = channel::<(u64, Answer, Vec<u8>)>();
    let (spare_tx, spare_rx) = spares(in_flight);
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
                    let Ok((seq, block, output)) = next else {
                        break;
                    };
                    let answer = worker(&block, output);
                    if done_tx.send((seq, answer, block.data)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let writer = s.spawn(move || write_in_order(done_rx, spare_tx));
        let read = read_blocks(input, framing, block, &spare_rx, work_tx);
        // `read_blocks` closed the work channel: that ends the workers, and then the writer.
        let written = writer.join().expect("the writer does not panic");
        match (read, written) {
            // The writer stopped first (a closed stdout): that is the error to report.
            (_, Err(e)) => Err(Fail::Io(e)),
            (Err(e), Ok(_)) => Err(e),
            (Ok(()), Ok(failed)) => Ok(failed),
        }
    })
}

/// [`run`] for a regular file: the workers read their own blocks with positioned reads
/// ([`positioned`]), in parallel, so no thread copies the whole input
/// alone; the calling thread writes the answers in order. `file` is read from its position
/// on, and left at its end.
pub fn run_file<W: FnMut(&Block, Vec<u8>) -> Answer>(
    file: File,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let mut file = file;
    let start = file.stream_position()?;
    let (done_tx, done_rx) = channel::<(u64, Answer, Vec<u8>)>();
    let (spare_tx, spare_rx) = spares(in_flight(jobs));
    let spare_rx = Mutex::new(spare_rx);
    // The next block to read, and whether a worker has met the file's end (or an error).
    let next = AtomicU64::new(0);
    let ended = AtomicBool::new(false);
    let error = Mutex::new(None::<io::Error>);
    let written = std::thread::scope(|s| {
        for _ in 0..jobs {
            let (done_tx, make, file) = (done_tx.clone(), &make, &file);
            let (spare_rx, next, ended, error) = (&spare_rx, &next, &ended, &error);
            s.spawn(move || {
                let mut worker = make();
                while !ended.load(Ordering::Acquire) {
                    // A buffer first, then a block: the lowest block not yet answered is
                    // always held by a worker, so the writer never waits for a buffer.
                    let spare = spare_rx
                        .lock()
                        .map_err(|_| ())
                        .and_then(|r| r.recv().map_err(|_| ()));
                    let Ok(Spare {
                        input: mut data,
                        output,
                    }) = spare
                    else {
                        break;
                    };
                    let seq = next.fetch_add(1, Ordering::AcqRel);
                    let found = match positioned::read_block(
                        file,
                        start,
                        seq,
                        block,
                        framing.terminator(),
                        &mut data,
                    ) {
                        Ok(found) => found,
                        Err(e) => {
                            ended.store(true, Ordering::Release);
                            *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            break;
                        }
                    };
                    if found.last {
                        ended.store(true, Ordering::Release);
                    }
                    let block = Block {
                        first: None,
                        data,
                        records: found.records,
                    };
                    // Every block taken is answered, an empty one too: the writer waits for
                    // each in turn.
                    let answer = if block.records.is_empty() {
                        Answer {
                            stdout: output,
                            ..Answer::default()
                        }
                    } else {
                        worker(&block, output)
                    };
                    if done_tx.send((seq, answer, block.data)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        write_in_order(done_rx, spare_tx)
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e.into());
    }
    let failed = written?;
    // Standard input is left where a reader that read it all would leave it.
    file.seek(SeekFrom::End(0))?;
    Ok(failed)
}

/// The reader: each block is one `read` into a recycled buffer (more while it holds no whole
/// record), cut after its last terminator; the cut-off part starts the next block. A read that
/// returns what a slow producer has written so far makes a block at once, so a pipeline sees
/// its answers promptly.
fn read_blocks<R: Read>(
    mut input: R,
    framing: Framing,
    block: usize,
    spares: &Receiver<Spare>,
    work: SyncSender<(u64, Block, Vec<u8>)>,
) -> Result<()> {
    let term = framing.terminator();
    let stopped = || Fail::Io(io::Error::other("the writer stopped"));
    let mut carry: Vec<u8> = Vec::new();
    let (mut seq, mut count) = (0u64, 0u64);
    let mut eof = false;
    while !eof {
        let Spare {
            input: mut data,
            output,
        } = spares.recv().map_err(|_| stopped())?;
        // `data` stays initialised to its length between blocks: only growth is zeroed.
        let mut filled = carry.len();
        if data.len() < filled + block {
            data.resize(filled + block, 0);
        }
        data[..filled].copy_from_slice(&carry);
        carry.clear();
        loop {
            if data.len() < filled + block / 4 {
                data.resize(filled + block, 0);
            }
            let n = match input.read(&mut data[filled..]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if n == 0 {
                eof = true;
                break;
            }
            filled += n;
            if memchr::memchr(term, &data[filled - n..filled]).is_some() {
                break;
            }
        }
        let len = if eof {
            filled
        } else {
            memchr::memrchr(term, &data[..filled]).map_or(0, |i| i + 1)
        };
        carry.extend_from_slice(&data[len..filled]);
        if len == 0 {
            break;
        }
        let terminated = memchr::memchr_iter(term, &data[..len]).count() as u64;
        let records = terminated + u64::from(data[len - 1] != term);
        let next = Block {
            first: Some(count),
            data,
            records: 0..len,
        };
        work.send((seq, next, output)).map_err(|_| stopped())?;
        count += records;
        seq += 1;
    }
    Ok(())
}

/// The writer: answers in sequence order; each written block's buffers go back to the reader.
fn write_in_order(
    done: Receiver<(u64, Answer, Vec<u8>)>,
    spares: SyncSender<Spare>,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut waiting: BTreeMap<u64, (Answer, Vec<u8>)> = BTreeMap::new();
    let mut next = 0u64;
    let mut failed = false;
    // The records written so far: the next block's stderr lines are numbered from there.
    let mut records = 0u64;
    let mut lines = Vec::new();
    for (seq, answer, input) in done {
        waiting.insert(seq, (answer, input));
        while let Some((a, input)) = waiting.remove(&next) {
            if !a.stderr.is_empty() {
                lines.clear();
                a.stderr.write_numbered(records, &mut lines);
                let _ = io::stderr().lock().write_all(&lines);
            }
            records += a.records;
            out.write_all(&a.stdout)?;
            out.flush()?;
            failed |= a.failed;
            next += 1;
            let mut output = a.stdout;
            output.clear();
            let _ = spares.send(Spare {
                input: kept(input),
                output: kept(output),
            });
        }
    }
    Ok(failed)
}

/// `buf` to be used again, unless it grew past [`KEEP`].
fn kept(buf: Vec<u8>) -> Vec<u8> {
    if buf.capacity() > KEEP {
        Vec::new()
    } else {
        buf
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::records::Trickle;

    /// Every block `read_blocks` makes of `input`: (first, its records).
    fn blocks(input: &[u8], framing: Framing, step: usize) -> Vec<(u64, Vec<Vec<u8>>)> {
        let size = if step == 3 { 16 } else { BLOCK };
        let (spare_tx, spare_rx) = sync_channel::<Spare>(1);
        let (work_tx, work_rx) = sync_channel::<(u64, Block, Vec<u8>)>(1);
        std::thread::scope(|s| {
            let reader = s.spawn(move || {
                read_blocks(
                    Trickle { rest: input, step },
                    framing,
                    size,
                    &spare_rx,
                    work_tx,
                )
                .is_ok()
            });
            spare_tx.send(Spare::default()).unwrap();
            let mut got = Vec::new();
            for (seq, block, output) in work_rx {
                assert_eq!(seq, got.len() as u64);
                let records = super::super::records::split_run(block.octets(), framing);
                got.push((
                    block.first.expect("the reader counts the records"),
                    records.into_iter().map(<[u8]>::to_vec).collect(),
                ));
                let _ = spare_tx.send(Spare {
                    input: block.data,
                    output,
                });
            }
            assert!(reader.join().unwrap());
            got
        })
    }

    /// The records of `input` as the one-thread path reads them.
    fn one_thread(input: &[u8], framing: Framing) -> Vec<Vec<u8>> {
        let mut r = io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        super::super::records::for_each::<_, _, io::Error>(
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
    fn blocks_hold_the_records_of_one_thread_numbered_in_order() {
        let mut long = vec![b'x'; 3 * BLOCK];
        long.extend_from_slice(b"\r\n");
        let inputs: [&[u8]; 6] = [
            b"",
            b"\n",
            b"a\r\n\nb\r\r\nc\rd",
            b"a\nb\n",
            b"a\nb\nunterminated\r",
            &long,
        ];
        for input in inputs {
            for framing in [Framing::Lines, Framing::Nul] {
                for step in [1, 3, 64, BLOCK, usize::MAX] {
                    let got = blocks(input, framing, step);
                    let mut next = 0;
                    for (first, recs) in &got {
                        assert_eq!(*first, next, "{framing:?} step {step}");
                        assert!(!recs.is_empty(), "no empty block");
                        next += recs.len() as u64;
                    }
                    let all: Vec<Vec<u8>> = got.into_iter().flat_map(|(_, r)| r).collect();
                    assert_eq!(all, one_thread(input, framing), "{framing:?} step {step}");
                }
            }
        }
    }
}
