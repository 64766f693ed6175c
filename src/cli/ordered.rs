//! Records answered by several workers and written in input order, in bounded memory.
//!
//! Each worker (the calling thread is one) takes a recycled buffer, reads the next block into
//! it, answers it with its own state and leaves the answer; whoever leaves the answer the output
//! waits for, while nobody is writing, writes it and the answers after it, numbering their
//! stderr lines by the records written before them. No thread only reads or only writes, and
//! none is woken per block: on two cores two threads run.
//!
//! The blocks come from a source: a regular file (`< file`, the common case) is read at
//! each block's own offset ([`positioned`]), so the workers read in parallel; a pipe is read in
//! turn ([`sequential`]), one worker at a time, while the others answer theirs. At most
//! `2 × jobs + 2` blocks are between reading and writing at any time: the writer hands each
//! written block's buffers back, so memory does not grow with the input, and the buffers are
//! allocated once, by the calling thread, not per block.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

use super::records::Framing;
use super::said::Said;
use super::{Result, positioned, sequential};
use crate::spread::Spawner;

/// The octets a block is read with from a pipe: one `read` of about this size per block.
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
    /// source counts them: a file read at its blocks' offsets does not know it.
    pub first: Option<u64>,
    data: Vec<u8>,
    /// The octets of `data` that belong to the block (the rest is buffer kept for reading).
    records: Range<usize>,
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

/// A block read by a [`Source`] into a worker's buffer.
struct Next {
    /// Blocks are numbered from 0 in input order; every number handed out is answered.
    seq: u64,
    first: Option<u64>,
    records: Range<usize>,
    /// No later block holds a record.
    last: bool,
}

/// Where the workers' blocks come from.
trait Source: Sync {
    /// The room a block's buffer needs.
    fn room(&self) -> usize;
    /// Read the next block into `data`.
    fn next(&self, data: &mut Vec<u8>) -> io::Result<Next>;
}

/// A regular file, each block read at its own offset: the workers read in parallel.
struct AtOffsets<'a> {
    file: &'a File,
    start: u64,
    block: usize,
    terminator: u8,
    next: AtomicU64,
}

impl Source for AtOffsets<'_> {
    fn room(&self) -> usize {
        positioned::buffer_for(self.block)
    }

    fn next(&self, data: &mut Vec<u8>) -> io::Result<Next> {
        let seq = self.next.fetch_add(1, Ordering::Relaxed);
        let found = positioned::read_block(
            self.file,
            self.start,
            seq,
            self.block,
            self.terminator,
            data,
        )?;
        Ok(Next {
            seq,
            first: None,
            records: found.records,
            last: found.last,
        })
    }
}

/// A stream, its blocks read in turn by whichever worker asks next.
struct InTurn<R> {
    reader: Mutex<sequential::Reader<R>>,
    block: usize,
}

impl<R: Read + Send> Source for InTurn<R> {
    fn room(&self) -> usize {
        sequential::buffer_for(self.block)
    }

    fn next(&self, data: &mut Vec<u8>) -> io::Result<Next> {
        let mut reader = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        let next = reader.next_block(data)?;
        Ok(Next {
            seq: next.seq,
            first: Some(next.first),
            records: next.records,
            last: next.last,
        })
    }
}

/// Read every record of `input` in turn, in blocks of about `block` octets, answer each block
/// with a worker made by `make` (given the block and an empty buffer to write its answer into),
/// and write the answers (stderr lines first, then stdout, block by block) in input order.
/// Returns whether a record failed.
pub fn run<R: Read + Send, W: FnMut(&Block, Vec<u8>) -> Answer>(
    input: R,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let source = InTurn {
        reader: Mutex::new(sequential::Reader::new(input, framing, block)),
        block,
    };
    let out = Mutex::new((io::stdout(), io::stderr()));
    run_to(&source, jobs, block, make, &out)
}

/// [`run`] for a regular file: the workers read their own blocks with positioned reads, in
/// parallel, so no thread copies the whole input alone. `file` is read from its position on,
/// and left at its end.
pub fn run_file<W: FnMut(&Block, Vec<u8>) -> Answer>(
    file: File,
    framing: Framing,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
) -> Result<bool> {
    let source = AtOffsets {
        file: &file,
        start: (&file).stream_position()?,
        block,
        terminator: framing.terminator(),
        next: AtomicU64::new(0),
    };
    let out = Mutex::new((io::stdout(), io::stderr()));
    let failed = run_to(&source, jobs, block, make, &out)?;
    // Standard input is left where a reader that read it all would leave it.
    (&file).seek(SeekFrom::End(0))?;
    Ok(failed)
}

/// Answer every block of `source` with `jobs` workers and write the answers to `out` (stdout,
/// stderr) in input order.
fn run_to<S, W, O, E>(
    source: &S,
    jobs: usize,
    block: usize,
    make: impl Fn() -> W + Sync,
    out: &Mutex<(O, E)>,
) -> Result<bool>
where
    S: Source,
    W: FnMut(&Block, Vec<u8>) -> Answer,
    O: Write + Send,
    E: Write + Send,
{
    let run = Workers {
        source,
        state: Mutex::new(Shared::new(in_flight(jobs), source.room(), block)),
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

/// The workers of a run: each takes a buffer, then the next block, reads and answers it, and
/// leaves the answer for the writer. Whoever leaves the answer the output waits for, while
/// nobody is writing, becomes the writer and writes every answer that follows in order; the
/// others go on answering.
struct Workers<'a, S, O, E> {
    source: &'a S,
    state: Mutex<Shared>,
    /// Signalled when written blocks' buffers come back, or the run ends.
    freed: Condvar,
    /// Written only by the worker that is writing (so never waited for).
    out: &'a Mutex<(O, E)>,
}

/// Ends the run when its worker panics: the block it held is never written, and a worker
/// waiting for a buffer would wait for ever.
struct EndOnPanic<'r, 'a, S: Source, O: Write + Send, E: Write + Send>(&'r Workers<'a, S, O, E>);

impl<S: Source, O: Write + Send, E: Write + Send> Drop for EndOnPanic<'_, '_, S, O, E> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.end();
        }
    }
}

/// What the workers of a run share.
struct Shared {
    /// Buffers of written blocks, the last one back on top: it is taken next, its pages
    /// still in memory, so only as many buffers are touched as the run needs.
    spares: Vec<Spare>,
    /// No block after those taken: the input ended, or reading or writing failed.
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
    fn new(spares: usize, room: usize, block: usize) -> Shared {
        Shared {
            spares: (0..spares).map(|_| Spare::with_room(room, block)).collect(),
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

impl<S: Source, O: Write + Send, E: Write + Send> Workers<'_, S, O, E> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn work(&self, mut worker: impl FnMut(&Block, Vec<u8>) -> Answer) {
        let _end_on_panic = EndOnPanic(self);
        // A buffer first, then a block: the lowest block not yet written is always held by a
        // worker or waiting to be written, so the writer never waits for a buffer.
        while let Some(spare) = self.take() {
            let Spare {
                input: mut data,
                output,
            } = spare;
            let next = match self.source.next(&mut data) {
                Ok(next) => next,
                Err(e) => {
                    let mut state = self.lock();
                    state.ended = true;
                    state.read_error.get_or_insert(e);
                    self.freed.notify_all();
                    return;
                }
            };
            if next.last {
                self.lock().ended = true;
            }
            let block = Block {
                first: next.first,
                data,
                records: next.records,
            };
            // Every block read is answered, an empty one too: the blocks are written in turn.
            let answer = if block.records.is_empty() {
                Answer {
                    stdout: output,
                    ..Answer::default()
                }
            } else {
                worker(&block, output)
            };
            self.leave(next.seq, answer, block.data);
        }
    }

    /// No block after those taken: the others finish theirs and stop.
    fn end(&self) {
        self.lock().ended = true;
        self.freed.notify_all();
    }

    /// A buffer for the next block; `None` once no block is left.
    fn take(&self) -> Option<Spare> {
        let mut state = self.lock();
        loop {
            if state.ended {
                return None;
            }
            if let Some(spare) = state.spares.pop() {
                return Some(spare);
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
    use crate::cli::Fail;
    use crate::cli::records::{Trickle, collect};

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

    /// Where a test's input comes from: a file read at offsets, or a stream read in turn that
    /// hands out at most `step` octets per `read`, like a pipe.
    #[derive(Clone, Copy, Debug)]
    enum From {
        File,
        Stream { step: usize },
    }

    const FROM: [From; 3] = [
        From::File,
        From::Stream { step: 3 },
        From::Stream { step: usize::MAX },
    ];

    /// [`run_to`] on `input` read `from` a file or a stream.
    fn run_on<W: FnMut(&Block, Vec<u8>) -> Answer, O: Write + Send, E: Write + Send>(
        input: &[u8],
        from: From,
        framing: Framing,
        jobs: usize,
        block: usize,
        make: impl Fn() -> W + Sync,
        out: &Mutex<(O, E)>,
    ) -> Result<bool> {
        match from {
            From::File => {
                let file = file_with(input);
                let source = AtOffsets {
                    file: &file,
                    start: 0,
                    block,
                    terminator: framing.terminator(),
                    next: AtomicU64::new(0),
                };
                run_to(&source, jobs, block, make, out)
            }
            From::Stream { step } => {
                let stream = Trickle { rest: input, step };
                let source = InTurn {
                    reader: Mutex::new(sequential::Reader::new(stream, framing, block)),
                    block,
                };
                run_to(&source, jobs, block, make, out)
            }
        }
    }

    /// Every source with every number of jobs and every block size.
    fn cases(jobs: &[usize], blocks: &[usize]) -> Vec<(From, usize, usize)> {
        let mut all = Vec::new();
        for from in FROM {
            for &j in jobs {
                for &b in blocks {
                    all.push((from, j, b));
                }
            }
        }
        all
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
        for (i, rec) in collect(input, framing, 7).iter().enumerate() {
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
    fn workers_write_what_one_thread_writes() {
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
                for (from, jobs, block) in cases(&[1, 2, 3, 8], &[1, 2, 7, 64, 4096, BLOCK]) {
                    let out = Mutex::new((Vec::new(), Vec::new()));
                    let failed =
                        run_on(input, from, framing, jobs, block, || echo(framing), &out).unwrap();
                    let (stdout, stderr) = out.into_inner().unwrap();
                    assert_eq!(
                        (stdout, stderr, failed),
                        want,
                        "{from:?}, {framing:?}, {jobs} jobs, blocks of {block}"
                    );
                }
            }
        }
    }

    #[test]
    fn workers_answer_in_the_buffers_made_before_they_start() {
        // Records far shorter than a block, so that no block needs more than its room.
        let input = b"http://a.example/some/path?q=1\n".repeat(20_000);
        let block = 4096;
        for (from, jobs, _) in cases(&[2, 3], &[block]) {
            let room = match from {
                From::File => positioned::buffer_for(block),
                From::Stream { .. } => sequential::buffer_for(block),
            };
            let seen = Mutex::new(std::collections::HashSet::new());
            let out = Mutex::new((Vec::new(), Vec::new()));
            run_on(
                &input,
                from,
                Framing::Lines,
                jobs,
                block,
                || {
                    let mut echo = echo(Framing::Lines);
                    let seen = &seen;
                    move |b: &Block, output: Vec<u8>| {
                        assert!(b.data.capacity() >= room, "{from:?}");
                        let answer_room = output.capacity();
                        assert!(
                            answer_room >= block + block / 4,
                            "{jobs} jobs: {answer_room}"
                        );
                        let answer = echo(b, output);
                        assert_eq!(answer.stdout.capacity(), answer_room, "the answer fits");
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
        for (from, jobs, _) in cases(&[1, 2, 3], &[64]) {
            for room in [0, 100, 40_000] {
                let out = Mutex::new((Closing { room }, Vec::new()));
                let got = run_on(
                    &input,
                    from,
                    Framing::Lines,
                    jobs,
                    64,
                    || echo(Framing::Lines),
                    &out,
                );
                assert!(
                    matches!(got, Err(Fail::Io(ref e)) if e.kind() == io::ErrorKind::BrokenPipe),
                    "{from:?}, {jobs} jobs, room {room}"
                );
            }
        }
    }

    #[test]
    fn a_worker_that_panics_stops_the_others_instead_of_leaving_them_waiting() {
        let input = b"http://a.example/\n".repeat(2000);
        for (from, jobs, _) in cases(&[1, 2, 3], &[64]) {
            let out = Mutex::new((Vec::new(), Vec::new()));
            // One worker panics, on the third block answered; the others would go on.
            let answered = std::sync::atomic::AtomicUsize::new(0);
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_on(
                    &input,
                    from,
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
            assert!(
                run.is_err(),
                "{from:?}, {jobs} jobs: the panic reaches the caller"
            );
        }
    }
}
