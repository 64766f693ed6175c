//! Records answered by several workers and written in input order, in bounded memory.
//!
//! From a pipe ([`run`]), the calling thread reads standard input straight into blocks (one
//! `read` per block, cut after the last whole record); `jobs` worker threads answer blocks, each
//! with its own state; one writer thread puts the answers back in input order and writes them.
//! At most `2 × jobs + 2` blocks are between the reader and the writer at any time: the writer
//! hands each written block's buffers back to the reader, which reads the next block into them.
//! So memory does not grow with the input, the buffers are allocated (and their pages touched)
//! once, not per block, and a slow block holds up the output, never the order.
//!
//! The reader's cost is what keeps the workers from scaling, so it does as little as it can per
//! octet: the `read` copy, one vectorised count of the terminators (the block's first record
//! number), no per-record work. The workers find the records themselves.
//!
//! A regular file (`< file`, the common case) needs no reader and no writer thread
//! ([`run_file`]): each worker (the calling thread is one) reads its own blocks at their
//! offsets, and the worker that answers the block the output waits for writes it and the
//! answers after it, numbering their stderr lines by the records written before them. No
//! thread is woken per block, and on two cores two threads run, not three.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Condvar, Mutex};

use super::records::Framing;
use super::said::Said;
use super::{Fail, Result, positioned};
use crate::spread::Spawner;

/// The octets a block is read with: one `read` of about this size per block.
pub const BLOCK: usize = 256 * 1024;

/// The stretch of a regular file each block is read from ([`run_file`]): small, so that the
/// workers start at once and end together (the last block is the only work done alone), and
/// the blocks in flight stay in the cores' caches.
pub const FILE_BLOCK: usize = 64 * 1024;

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

impl Spare {
    /// Buffers with room for `input` octets of a block of `block` and an answer a quarter
    /// longer than the block, allocated by the calling thread before the workers start: a
    /// worker that allocated its own would take fresh memory of its own from the allocator
    /// (each first touch of it a 2 MiB page to clear, with transparent huge pages) and,
    /// growing an answer by doubling, a size class of its own too.
    fn with_room(input: usize, block: usize) -> Spare {
        Spare {
            input: Vec::with_capacity(input),
            output: Vec::with_capacity(block + block / 4),
        }
    }
}

/// Blocks in flight at once for `jobs` workers (two each and two more): it bounds the memory.
fn in_flight(jobs: usize) -> usize {
    2 * jobs + 2
}

/// The pool of `n` recycled buffers for blocks of `block` octets, full.
fn spares(n: usize, block: usize) -> (SyncSender<Spare>, Receiver<Spare>) {
    let (tx, rx) = sync_channel::<Spare>(n);
    for _ in 0..n {
        // The reader reads a block after the part of a record the last one left.
        let spare = Spare::with_room(block + block / 4, block);
        tx.send(spare).expect("the receiver is here");
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
    let (spare_tx, spare_rx) = spares(in_flight, block);
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
/// ([`positioned`]), in parallel, so no thread copies the whole input alone, and write the
/// answers in order themselves (`FileRun`): no thread waits to be woken for each block. The
/// calling thread is one of the `jobs` workers. `file` is read from its position on, and left
/// at its end.
pub fn run_file<W: FnMut(&Block, Vec<u8>) -> Answer>(
    file: File,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let out = Mutex::new((io::stdout(), io::stderr()));
    let failed = run_file_to(&file, framing, jobs, block, make, &out)?;
    // Standard input is left where a reader that read it all would leave it.
    (&file).seek(SeekFrom::End(0))?;
    Ok(failed)
}

/// [`run_file`] writing to `out` (stdout, stderr).
fn run_file_to<W, O, E>(
    file: &File,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
    out: &Mutex<(O, E)>,
) -> Result<bool>
where
    W: FnMut(&Block, Vec<u8>) -> Answer,
    O: Write + Send,
    E: Write + Send,
{
    let start = (&*file).stream_position()?;
    let run = FileRun {
        file,
        start,
        block,
        terminator: framing.terminator(),
        state: Mutex::new(Shared::new(in_flight(jobs), block)),
        freed: Condvar::new(),
        out,
    };
    let spawner = Spawner::here();
    std::thread::scope(|s| {
        for _ in 1..jobs {
            let (run, make, spawner) = (&run, &make, &spawner);
            s.spawn(move || {
                spawner.leave_my_core();
                run.work(make())
            });
        }
        spawner.yield_to_workers();
        run.work(make());
    });
    let state = run.state.into_inner().unwrap_or_else(|e| e.into_inner());
    match (state.read_error, state.write_error) {
        (Some(e), _) | (None, Some(e)) => Err(e.into()),
        (None, None) => Ok(state.failed),
    }
}

/// The workers of [`run_file`]: each takes a buffer, then the next block, reads and answers
/// it, and leaves the answer for the writer. Whoever leaves the answer the output waits for,
/// while nobody is writing, becomes the writer and writes every answer that follows in order;
/// the others go on answering.
struct FileRun<'a, O, E> {
    file: &'a File,
    start: u64,
    block: usize,
    terminator: u8,
    state: Mutex<Shared>,
    /// Signalled when written blocks' buffers come back, or the run ends.
    freed: Condvar,
    /// Written only by the worker that is writing (so never waited for).
    out: &'a Mutex<(O, E)>,
}

/// Ends the run when its worker panics: the block it held is never written, and a worker
/// waiting for a buffer would wait for ever.
struct EndOnPanic<'r, 'a, O: Write + Send, E: Write + Send>(&'r FileRun<'a, O, E>);

impl<O: Write + Send, E: Write + Send> Drop for EndOnPanic<'_, '_, O, E> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.end();
        }
    }
}

/// What the workers of a [`FileRun`] share.
struct Shared {
    /// Buffers of written blocks, the last one back on top: it is taken next, its pages
    /// still in memory, so only as many buffers are touched as the run needs.
    spares: Vec<Spare>,
    /// The next block to read.
    next: u64,
    /// No block after those taken: the file ended, or reading or writing failed.
    ended: bool,
    /// Answers waiting for an earlier one, by block number.
    waiting: BTreeMap<u64, (Answer, Vec<u8>)>,
    /// The next block to write.
    next_written: u64,
    /// A worker is writing: the others leave their answers to it.
    writing: bool,
    /// Workers waiting for a buffer: only they need a wake-up (a system call each time).
    sleepers: usize,
    /// The records written so far: the next block's stderr lines are numbered from there.
    records: u64,
    failed: bool,
    read_error: Option<io::Error>,
    write_error: Option<io::Error>,
}

impl Shared {
    fn new(spares: usize, block: usize) -> Shared {
        Shared {
            spares: (0..spares)
                .map(|_| Spare::with_room(positioned::buffer_for(block), block))
                .collect(),
            next: 0,
            ended: false,
            waiting: BTreeMap::new(),
            next_written: 0,
            writing: false,
            sleepers: 0,
            records: 0,
            failed: false,
            read_error: None,
            write_error: None,
        }
    }
}

impl<O: Write + Send, E: Write + Send> FileRun<'_, O, E> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn work(&self, mut worker: impl FnMut(&Block, Vec<u8>) -> Answer) {
        let _end_on_panic = EndOnPanic(self);
        // A buffer first, then a block: the lowest block not yet written is always held by a
        // worker or waiting to be written, so the writer never waits for a buffer.
        while let Some((seq, spare)) = self.take() {
            let Spare {
                input: mut data,
                output,
            } = spare;
            let found = match positioned::read_block(
                self.file,
                self.start,
                seq,
                self.block,
                self.terminator,
                &mut data,
            ) {
                Ok(found) => found,
                Err(e) => {
                    let mut state = self.lock();
                    state.ended = true;
                    state.read_error.get_or_insert(e);
                    self.freed.notify_all();
                    return;
                }
            };
            if found.last {
                self.lock().ended = true;
            }
            let block = Block {
                first: None,
                data,
                records: found.records,
            };
            // Every block taken is answered, an empty one too: the blocks are written in turn.
            let answer = if block.records.is_empty() {
                Answer {
                    stdout: output,
                    ..Answer::default()
                }
            } else {
                worker(&block, output)
            };
            self.leave(seq, answer, block.data);
        }
    }

    /// No block after those taken: the others finish theirs and stop.
    fn end(&self) {
        self.lock().ended = true;
        self.freed.notify_all();
    }

    /// The next block's number and a buffer for it; `None` once no block is left.
    fn take(&self) -> Option<(u64, Spare)> {
        let mut state = self.lock();
        loop {
            if state.ended {
                return None;
            }
            if let Some(spare) = state.spares.pop() {
                let seq = state.next;
                state.next += 1;
                return Some((seq, spare));
            }
            state.sleepers += 1;
            state = self.freed.wait(state).unwrap_or_else(|e| e.into_inner());
            state.sleepers -= 1;
        }
    }

    /// Leave block `seq`'s answer for the writer, and write it and those after it when it is
    /// the next one and nobody is writing.
    fn leave(&self, seq: u64, answer: Answer, input: Vec<u8>) {
        let mut state = self.lock();
        if state.write_error.is_some() {
            return;
        }
        state.waiting.insert(seq, (answer, input));
        if state.writing {
            return;
        }
        state.writing = true;
        let mut ready = Vec::new();
        loop {
            let state_now = &mut *state;
            while let Some(next) = state_now.waiting.remove(&state_now.next_written) {
                ready.push(next);
                state_now.next_written += 1;
            }
            if ready.is_empty() {
                state.writing = false;
                return;
            }
            let before = state.records;
            drop(state);
            let written = self.write(before, &mut ready);
            state = self.lock();
            for (answer, input) in ready.drain(..) {
                state.records += answer.records;
                state.failed |= answer.failed;
                let mut output = answer.stdout;
                output.clear();
                state.spares.push(Spare {
                    input: kept(input),
                    output: kept(output),
                });
            }
            if let Err(e) = written {
                // A closed stdout: nothing more is read or written.
                state.ended = true;
                state.write_error.get_or_insert(e);
                state.waiting.clear();
                state.writing = false;
                self.freed.notify_all();
                return;
            }
            if state.sleepers > 0 {
                self.freed.notify_all();
            }
        }
    }

    /// Write `ready`'s answers in turn (stderr lines first, then stdout), `before` records
    /// having been written before them.
    fn write(&self, mut before: u64, ready: &mut [(Answer, Vec<u8>)]) -> io::Result<()> {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let (stdout, stderr) = &mut *out;
        let mut lines = Vec::new();
        for (a, _) in ready.iter() {
            if !a.stderr.is_empty() {
                lines.clear();
                a.stderr.write_numbered(before, &mut lines);
                let _ = stderr.write_all(&lines);
            }
            before += a.records;
            stdout.write_all(&a.stdout)?;
            stdout.flush()?;
        }
        Ok(())
    }
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

    #[test]
    fn the_reader_reads_into_the_buffers_made_before_it_starts() {
        let input = b"http://a.example/some/path?q=1\n".repeat(2_000);
        let block = 4096;
        let (spare_tx, spare_rx) = spares(2, block);
        let (work_tx, work_rx) = sync_channel::<(u64, Block, Vec<u8>)>(2);
        let mut blocks = 0;
        std::thread::scope(|s| {
            let input = &input[..];
            let reader =
                s.spawn(move || read_blocks(input, Framing::Lines, block, &spare_rx, work_tx));
            for (_, b, output) in work_rx {
                // Neither buffer regrown: the block and its answer fit the room made for them.
                assert_eq!(b.data.capacity(), block + block / 4);
                assert!(output.capacity() >= block + block / 4);
                blocks += 1;
                let _ = spare_tx.send(Spare {
                    input: b.data,
                    output,
                });
            }
            assert!(reader.join().unwrap().is_ok());
        });
        assert!(blocks > 10, "{blocks} blocks");
    }

    /// A file holding `data`, already removed from its directory.
    fn file_with(data: &[u8]) -> File {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("urlscope-ordered-{}-{n}", std::process::id()));
        std::fs::write(&path, data).unwrap();
        let f = File::open(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        f
    }

    /// A worker that answers each record with itself and a line feed, says a line of every
    /// record holding an `e`, and fails on a record `fail`.
    fn echo(framing: Framing) -> impl FnMut(&Block, Vec<u8>) -> Answer {
        move |block: &Block, mut stdout: Vec<u8>| {
            let mut answer = Answer::default();
            for rec in super::super::records::split_run(block.octets(), framing) {
                answer.records += 1;
                stdout.extend_from_slice(rec);
                stdout.push(b'\n');
                if rec.contains(&b'e') {
                    let text = String::from_utf8_lossy(rec);
                    answer
                        .stderr
                        .line(answer.records, format_args!("saw {text}"));
                }
                answer.failed |= rec == b"fail";
            }
            answer.stdout = stdout;
            answer
        }
    }

    /// What [`echo`] answers, record by record in one thread: stdout, stderr, failed.
    fn echoed(input: &[u8], framing: Framing) -> (Vec<u8>, Vec<u8>, bool) {
        let (mut out, mut err, mut failed) = (Vec::new(), Vec::new(), false);
        for (i, rec) in one_thread(input, framing).iter().enumerate() {
            out.extend_from_slice(rec);
            out.push(b'\n');
            if rec.contains(&b'e') {
                err.extend_from_slice(format!("record {}: saw ", i + 1).as_bytes());
                err.extend_from_slice(String::from_utf8_lossy(rec).as_bytes());
                err.push(b'\n');
            }
            failed |= rec == b"fail";
        }
        (out, err, failed)
    }

    #[test]
    fn workers_reading_a_file_write_what_one_thread_writes() {
        let mut many = Vec::new();
        for n in 0..3000 {
            let len = (n * 7919) % 97;
            many.extend(std::iter::repeat_n(b"abcdefgh"[n % 8], len));
            many.extend_from_slice(if n % 3 == 0 { b"\r\n" } else { b"\n" });
            if n == 1234 {
                many.extend_from_slice(b"fail\n");
            }
        }
        let inputs: [&[u8]; 7] = [
            b"",
            b"\n",
            b"a\r\n\nb\r\r\nc\rd",
            b"e\nfail\nbe\n",
            b"a\nb\nunterminated e\r",
            b"\0e\0\0ab",
            &many,
        ];
        for input in inputs {
            for framing in [Framing::Lines, Framing::Nul] {
                let want = echoed(input, framing);
                for jobs in [1, 2, 3, 8] {
                    for block in [1, 2, 7, 64, 4096, BLOCK] {
                        let file = file_with(input);
                        let out = Mutex::new((Vec::new(), Vec::new()));
                        let failed =
                            run_file_to(&file, framing, jobs, block, || echo(framing), &out)
                                .unwrap();
                        let (stdout, stderr) = out.into_inner().unwrap();
                        assert_eq!(
                            (stdout, stderr, failed),
                            want,
                            "{framing:?}, {jobs} jobs, blocks of {block}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn workers_answer_in_the_buffers_made_before_they_start() {
        // Records far shorter than a block, so that no block needs more than its room.
        let input = b"http://a.example/some/path?q=1\n".repeat(20_000);
        let file = file_with(&input);
        let block = 4096;
        for jobs in [2, 3] {
            let seen = Mutex::new(std::collections::HashSet::new());
            let out = Mutex::new((Vec::new(), Vec::new()));
            run_file_to(
                &file,
                Framing::Lines,
                jobs,
                block,
                || {
                    let mut echo = echo(Framing::Lines);
                    let seen = &seen;
                    move |b: &Block, output: Vec<u8>| {
                        assert!(b.data.capacity() >= positioned::buffer_for(block));
                        let room = output.capacity();
                        assert!(room >= block + block / 4, "{jobs} jobs: room {room}");
                        let answer = echo(b, output);
                        assert_eq!(answer.stdout.capacity(), room, "the answer fits its room");
                        seen.lock().unwrap().insert(b.data.as_ptr() as usize);
                        answer
                    }
                },
                &out,
            )
            .unwrap();
            assert_eq!(out.into_inner().unwrap().0, input);
            // The same buffers all along: as many as the blocks in flight, however many blocks.
            assert!(seen.into_inner().unwrap().len() <= in_flight(jobs));
        }
    }

    /// Takes `room` octets, then fails as a closed pipe does.
    struct Closing {
        room: usize,
    }

    impl Write for Closing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_output_stops_every_worker_with_its_error() {
        let input = b"http://a.example/\n".repeat(5000);
        let file = file_with(&input);
        for jobs in [1, 2, 3] {
            for room in [0, 100, 40_000] {
                let out = Mutex::new((Closing { room }, Vec::new()));
                let got = run_file_to(
                    &file,
                    Framing::Lines,
                    jobs,
                    64,
                    || echo(Framing::Lines),
                    &out,
                );
                assert!(
                    matches!(got, Err(Fail::Io(ref e)) if e.kind() == io::ErrorKind::BrokenPipe),
                    "{jobs} jobs, room {room}"
                );
            }
        }
    }

    #[test]
    fn a_worker_that_panics_stops_the_others_instead_of_leaving_them_waiting() {
        let input = b"http://a.example/\n".repeat(2000);
        let file = file_with(&input);
        for jobs in [1, 2, 3] {
            let out = Mutex::new((Vec::new(), Vec::new()));
            // One worker panics, on the third block answered; the others would go on.
            let answered = std::sync::atomic::AtomicUsize::new(0);
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_file_to(
                    &file,
                    Framing::Lines,
                    jobs,
                    64,
                    || {
                        let mut echo = echo(Framing::Lines);
                        let answered = &answered;
                        move |block: &Block, output: Vec<u8>| {
                            let n = answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            assert!(n != 2, "the third block answered");
                            echo(block, output)
                        }
                    },
                    &out,
                )
            }));
            assert!(run.is_err(), "{jobs} jobs: the panic reaches the caller");
        }
    }
}
