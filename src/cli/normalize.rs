//! `urlscope normalize`: the batch path. One output record per input record, in order, streaming
//! with constant memory: a reused `Normalizer` (untraced, no per-record allocation once warm), a
//! reused output buffer written in 64 KiB blocks, and records read straight out of the
//! `BufReader`'s buffer. With `--jobs N` above 1, standard input is cut into blocks of records
//! that N workers answer, each with its own `Job`, and the answers are written in input order
//! (`ordered`).

use std::io::{self, Write};

use serde::Serialize;

use super::args::NormalizeArgs;
use super::json::Octets;
use super::out::Out;
use super::records::{self, Framing};
use super::said::Said;
use super::{Fail, Result, aliases, bytes, ordered, pipe_input, positioned, texts};
use urlscope_core::modern;
use urlscope_core::url::Diag;
use urlscope_core::url::Normalizer;
use urlscope_core::url::{Finding, FindingId, Findings, Level};
use urlscope_core::{Options, Profile, normalize, tokenize};

/// Output is handed to stdout in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// The per-run state of the batch loop.
struct Job {
    profile: Profile,
    opts: Options,
    norm: Normalizer,
    framing: Framing,
    terminator: u8,
    /// An output may hold the terminator although its record does not (the core says when).
    check_output: bool,
    json: bool,
    warnings: bool,
    buf: Vec<u8>,
    /// The stderr lines of the records in `buf`, written just before it.
    err: Said,
    /// The records answered (of the block, for a worker that reads its own blocks).
    record: u64,
    /// The records before the first one answered, where a worker knows it (`--json` lines
    /// carry the record's number).
    first: u64,
    had_error: bool,
    show: Out,
    /// Outputs are written as they are (`show` has nothing to rewrite).
    verbatim: bool,
    /// Defanged records are read back (no `--no-refang`).
    refang: bool,
}

/// The options shared by `normalize`, `explain` and `same`.
pub fn options(
    base: Option<&std::ffi::OsStr>,
    pdf_state: urlscope_core::PdfState,
    host_aliases: Option<&std::path::Path>,
) -> Result<Options> {
    Ok(Options {
        base: base.map(|b| bytes(b).to_vec()),
        pdf_state,
        host_aliases: match host_aliases {
            Some(p) => aliases::load(p).map_err(Fail::Usage)?,
            None => Vec::new(),
        },
        w3lib: Default::default(),
    })
}

fn report(err: &mut Said, record: u64, ids: impl Iterator<Item = Diag>) {
    for id in ids {
        err.line(record, format_args!("{id}: {}", texts::diagnostic_text(id)));
    }
}

/// The stderr lines of record `record` given its diagnostics `flags`: its errors. Returns
/// whether it has one.
#[cold]
fn report_errors(err: &mut Said, record: u64, flags: &[Diag]) -> bool {
    let errors: Vec<Diag> = flags.iter().copied().filter(|f| f.is_error()).collect();
    report(err, record, errors.iter().copied());
    !errors.is_empty()
}

/// Every finding of `x` under `profile`, as the inspector's warnings list has them (the
/// traced run: only asked for with `--warnings` or `--json`).
fn all_findings(x: &[u8], o: &urlscope_core::Outcome, profile: Profile) -> Findings {
    urlscope_core::modern::all_findings(x, &tokenize(x), o, profile.classification())
}

/// The stderr lines of `--warnings`: the errors and warnings of `f`, most severe first, each
/// with its own sentence (the hints, one a character, are left to `--json` and `explain`).
#[cold]
fn report_findings(err: &mut Said, record: u64, f: &Findings) {
    for i in f.most_severe_first() {
        let item = &f.list[i];
        if item.level() == Level::Hint {
            continue;
        }
        let text = super::escape::escape_bytes(item.text.as_bytes());
        err.line(record, format_args!("{}: {text}", item.id));
    }
}

/// One finding of a `--json` record.
#[derive(Serialize)]
struct JsonFinding<'a> {
    id: FindingId,
    level: &'static str,
    /// The input's octets it is about; absent when it is about the input as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<usize>,
    text: &'a str,
}

impl<'a> JsonFinding<'a> {
    fn of(f: &'a Finding) -> JsonFinding<'a> {
        JsonFinding {
            id: f.id,
            level: f.level().name(),
            start: f.at.as_ref().map(|r| r.start),
            end: f.at.as_ref().map(|r| r.end),
            text: &f.text,
        }
    }
}

/// Only a decoding the user asked for (PDF `--pdf-state twice` on %00 or %0A) can put the
/// record terminator into an output; written raw it would split the record. It goes out as its
/// triplet instead (`buf[start..]` is the output), and the record counts as an error.
#[cold]
#[inline(never)]
fn encode_terminators(buf: &mut Vec<u8>, start: usize, terminator: u8) {
    let out = buf.split_off(start);
    for b in out {
        if b == terminator {
            urlscope_core::url::octets::push_encoded(buf, b);
        } else {
            buf.push(b);
        }
    }
}

/// The stderr line of a record whose output held the terminator.
#[cold]
fn said_terminator(err: &mut Said, record: u64, terminator: u8) {
    let name = if terminator == 0 {
        "a NUL"
    } else {
        "a line feed"
    };
    err.line(
        record,
        format_args!(
            "the output holds {name}, which the record framing cannot carry; it is written as %{terminator:02X}"
        ),
    );
}

/// One `--json` line (field order is the documented order).
#[derive(Serialize)]
struct JsonRecord<'a> {
    record: u64,
    input: Octets<'a>,
    output: Octets<'a>,
    profile: &'static str,
    steps: Vec<JsonStep<'a>>,
    warnings: &'a [Diag],
    errors: &'a [Diag],
    /// What the inspector's warnings list shows, hints included.
    findings: Vec<JsonFinding<'a>>,
}

/// A step record as JSON; edit offsets index `before`.
pub use urlscope_core::modern::JsonStep;

impl Job {
    fn new(
        profile: Profile,
        opts: &Options,
        framing: Framing,
        json: bool,
        warnings: bool,
        show: Out,
    ) -> Job {
        let norm = Normalizer::new(profile, opts.clone());
        Job {
            profile,
            check_output: norm.may_write_unseen_controls(),
            norm,
            opts: opts.clone(),
            framing,
            terminator: framing.terminator(),
            json,
            warnings,
            // Given its room by the loop that uses it (a worker answers into its block's
            // buffer).
            buf: Vec::new(),
            err: Said::default(),
            record: 0,
            first: 0,
            had_error: false,
            verbatim: show.is_verbatim(),
            refang: super::refang::enabled(),
            show,
        }
    }

    /// Answer every record of `run`: whole records, each followed by the terminator, except
    /// that the input's last record may have none (it is taken as it is, a CR included).
    ///
    /// The per-record cost is what every profile pays, so the run is scanned once for record
    /// ends and once for the octets that open a defanging mark: a record that holds none of
    /// them is refanged only when its front says so, without a scan of its own.
    fn run(&mut self, run: &[u8]) {
        // The record ends are looked for once per record: AVX2's searcher called directly
        // when the CPU has it, without the per-call dispatch of `memchr_iter`.
        #[cfg(target_arch = "x86_64")]
        if let Some(ends) = memchr::arch::x86_64::avx2::memchr::One::new(self.terminator) {
            self.run_ending(run, ends.iter(run));
            return;
        }
        self.run_ending(run, memchr::memchr_iter(self.terminator, run));
    }

    /// [`Job::run`], the terminators of `run` found by `ends`.
    #[inline(always)]
    fn run_ending(&mut self, run: &[u8], ends: impl Iterator<Item = usize>) {
        let [a, b, c] = modern::MARK_OPENERS;
        let mut openers = memchr::memchr3_iter(a, b, c, run);
        let mut next_opener = openers.next().unwrap_or(usize::MAX);
        let mut start = 0;
        for end in ends {
            while next_opener < start {
                next_opener = openers.next().unwrap_or(usize::MAX);
            }
            let rec = self.framing.trim(&run[start..end]);
            self.record(rec, next_opener < end, self.check_output);
            start = end + 1;
        }
        if start < run.len() {
            while next_opener < start {
                next_opener = openers.next().unwrap_or(usize::MAX);
            }
            self.record(&run[start..], next_opener < run.len(), self.check_output);
        }
    }

    /// Answer one record given on its own (an argument): it may hold anything, the
    /// terminator included.
    fn one(&mut self, x: &[u8]) {
        let [a, b, c] = modern::MARK_OPENERS;
        self.record(x, memchr::memchr3(a, b, c, x).is_some(), true);
    }

    /// Answer `x`, which holds a mark opener when `has_opener` says so. `check_output`: the
    /// output may hold the terminator (the record did, or the profile can decode it).
    #[inline]
    fn record(&mut self, x: &[u8], has_opener: bool, check_output: bool) {
        self.record += 1;
        if self.refang && modern::may_be_defanged(x, has_opener) {
            self.record_maybe_defanged(x, has_opener, check_output);
        } else {
            self.answer(x, check_output);
        }
    }

    /// [`Job::record`] for a record that may be defanged: read back and said so when it is.
    #[cold]
    #[inline(never)]
    fn record_maybe_defanged(&mut self, x: &[u8], has_opener: bool, check_output: bool) {
        match modern::refang_scanned(x, has_opener) {
            Some(r) => {
                let note = super::refang::note(&r);
                let note = super::escape::escape_bytes(note.as_bytes());
                self.err.line(self.record, format_args!("{note}"));
                self.answer(&r, check_output);
            }
            None => self.answer(x, check_output),
        }
    }

    /// Answer `x`, as it is to be read (refanged).
    #[inline]
    fn answer(&mut self, x: &[u8], check_output: bool) {
        if self.json {
            self.record_json(x);
            return;
        }
        let start = self.buf.len();
        let (flags, plain) = self.norm.normalize_into_saying_plain(x, &mut self.buf);
        if check_output && !plain && memchr::memchr(self.terminator, &self.buf[start..]).is_some() {
            encode_terminators(&mut self.buf, start, self.terminator);
            self.had_error = true;
            said_terminator(&mut self.err, self.record, self.terminator);
        }
        if !self.verbatim {
            self.show.link_in_place(&mut self.buf, start);
        }
        self.buf.push(self.terminator);
        // Most diagnostics are warnings (PDF warns of every https URL), said only when asked.
        if self.warnings {
            self.had_error |= flags.iter().any(|f| f.is_error());
            self.say_findings(x);
        } else if flags.iter().any(|f| f.is_error()) {
            self.had_error |= report_errors(&mut self.err, self.record, flags);
        }
    }

    /// `--warnings`: the record's findings, from its traced run.
    #[cold]
    #[inline(never)]
    fn say_findings(&mut self, x: &[u8]) {
        let o = normalize(x, self.profile, &self.opts);
        report_findings(
            &mut self.err,
            self.record,
            &all_findings(x, &o, self.profile),
        );
    }

    #[inline(never)]
    fn record_json(&mut self, x: &[u8]) {
        let o = normalize(x, self.profile, &self.opts);
        let errors: Vec<Diag> = o.errors().collect();
        let warns = urlscope_core::url::warnings(&tokenize(x), self.profile, &o.flags);
        let findings = all_findings(x, &o, self.profile);
        let v = JsonRecord {
            record: self.first + self.record,
            input: Octets(x),
            output: Octets(&o.output),
            profile: self.profile.name(),
            steps: o.steps.iter().map(JsonStep::of).collect(),
            warnings: &warns,
            errors: &errors,
            findings: findings.list.iter().map(JsonFinding::of).collect(),
        };
        let line = serde_json::to_string(&v).expect("a record serializes");
        self.show.json(&line, &mut self.buf);
        self.buf.push(b'\n');
        self.had_error |= !errors.is_empty();
        if self.warnings {
            report_findings(&mut self.err, self.record, &findings);
        } else {
            report(&mut self.err, self.record, errors.iter().copied());
        }
    }

    fn drain(&mut self, out: &mut impl Write, flush: bool) -> io::Result<()> {
        if !self.err.is_empty() {
            let mut lines = Vec::new();
            std::mem::take(&mut self.err).write_numbered(0, &mut lines);
            let _ = io::stderr().lock().write_all(&lines);
        }
        if !self.buf.is_empty() {
            out.write_all(&self.buf)?;
            self.buf.clear();
        }
        if flush {
            out.flush()?;
        }
        Ok(())
    }
}

/// The number of workers when `--jobs` is not given: the cores this process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn run(a: NormalizeArgs) -> Result<i32> {
    let opts = a.opts.options()?;
    let framing = if a.null { Framing::Nul } else { Framing::Lines };
    let new_job = || {
        let show = Out::stdout(a.hyperlink);
        Job::new(a.profile, &opts, framing, a.json, a.warnings, show)
    };
    let jobs = a.jobs.map_or_else(default_jobs, usize::from);
    if a.urls.is_empty() && jobs > 1 {
        // A JSON line is ~40 times its record: smaller blocks keep the answers in flight small.
        let block = if a.json {
            ordered::BLOCK / 16
        } else {
            ordered::BLOCK
        };
        let worker = || {
            let mut job = new_job();
            move |block: &ordered::Block, output: Vec<u8>| {
                // Stderr lines are numbered from the block's first record when written.
                job.record = 0;
                job.first = block.first.unwrap_or(0);
                job.had_error = false;
                job.buf = output;
                job.run(block.octets());
                ordered::Answer {
                    stdout: std::mem::take(&mut job.buf),
                    stderr: std::mem::take(&mut job.err),
                    records: job.record,
                    failed: job.had_error,
                }
            }
        };
        // A regular file is read by the workers themselves, in parallel; a JSON line carries
        // its record's number, which only a reader that counts every record knows.
        let failed = match positioned::stdin_regular_file().filter(|_| !a.json) {
            Some(file) => ordered::run_file(file, framing, jobs, ordered::FILE_BLOCK, worker)?,
            None => {
                pipe_input::widen_stdin();
                ordered::run(io::stdin(), framing, jobs, block, worker)?
            }
        };
        return Ok(if failed { 1 } else { 0 });
    }
    let mut job = new_job();
    job.buf.reserve(BLOCK + 4096);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if !a.urls.is_empty() {
        for u in &a.urls {
            job.one(bytes(u));
            if job.buf.len() >= BLOCK {
                job.drain(&mut out, false)?;
            }
        }
    } else {
        pipe_input::widen_stdin();
        let mut state = (&mut job, &mut out);
        records::for_each_run::<_, _, Fail>(
            io::stdin().lock(),
            framing,
            BLOCK,
            &mut state,
            |(job, out), run| {
                job.run(run);
                // The next read may block: hand over what is ready, so a pipeline sees its
                // results promptly.
                Ok(job.drain(out, true)?)
            },
        )?;
    }
    job.drain(&mut out, true)?;
    Ok(if job.had_error { 1 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlscope_core::PdfState;

    /// Every record of `input` answered one by one, each with the whole checks an argument
    /// gets: the refanger's own scan and the look for the terminator in every output.
    fn one_by_one(mut job: Job, input: &[u8]) -> (Vec<u8>, Vec<u8>, bool) {
        let mut r = std::io::BufReader::with_capacity(13, input);
        records::for_each::<_, _, io::Error>(
            &mut r,
            job.framing,
            &mut job,
            |_| Ok(()),
            |job, rec| {
                job.one(rec);
                Ok(())
            },
        )
        .unwrap();
        let mut err = Vec::new();
        job.err.write_numbered(0, &mut err);
        (job.buf, err, job.had_error)
    }

    /// The batch loop: runs of records as the reader hands them over, `size` octets a read.
    fn in_runs(mut job: Job, input: &[u8], size: usize) -> (Vec<u8>, Vec<u8>, bool) {
        records::for_each_run::<_, _, io::Error>(input, job.framing, size, &mut job, |job, run| {
            job.run(run);
            Ok(())
        })
        .unwrap();
        let mut err = Vec::new();
        job.err.write_numbered(0, &mut err);
        (job.buf, err, job.had_error)
    }

    fn data(name: &str) -> Vec<u8> {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Random records over the octets that matter to the loop: both terminators, CR, the mark
    /// openers, a defanged scheme's letters, `%` and hex digits (PDF's `twice` decodes them).
    fn random_input(seed: u64, len: usize) -> Vec<u8> {
        const ALPHABET: &[u8] = b"\n\n\n\0\0\r[({.]:/hxtpsf%0aA0F@#?=&";
        let mut x = seed | 1;
        let mut out = Vec::with_capacity(len);
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = (x >> 24) as usize;
            out.push(if b.is_multiple_of(5) {
                (b >> 8) as u8
            } else {
                ALPHABET[b % ALPHABET.len()]
            });
        }
        out
    }

    fn assert_same(what: &str, input: &[u8], make: impl Fn() -> Job) {
        let want = one_by_one(make(), input);
        for size in [7, 64 * 1024] {
            let got = in_runs(make(), input, size);
            assert!(got.0 == want.0, "{what}, reads of {size}: stdout differs");
            assert_eq!(
                String::from_utf8_lossy(&got.1),
                String::from_utf8_lossy(&want.1),
                "{what}, reads of {size}: stderr"
            );
            assert_eq!(got.2, want.2, "{what}, reads of {size}: failure");
        }
    }

    fn configs() -> Vec<(Profile, Options)> {
        let mut all: Vec<(Profile, Options)> = Profile::ALL
            .iter()
            .map(|&p| (p, Options::default()))
            .collect();
        for pdf_state in [PdfState::EncodedTwice, PdfState::Unencoded] {
            all.push((
                Profile::Pdf,
                Options {
                    pdf_state,
                    ..Options::default()
                },
            ));
        }
        all
    }

    #[test]
    fn the_loop_answers_as_one_record_at_a_time() {
        let web = data("urls-web.txt");
        let files = data("urls-files.txt");
        let crlf: Vec<u8> = web
            .split_inclusive(|&b| b == b'\n')
            .flat_map(|l| [l.strip_suffix(b"\n").unwrap_or(l), b"\r\n"].concat())
            .collect();
        let defanged: Vec<u8> = web
            .split(|&b| b == b'\n')
            .take(4000)
            .flat_map(|l| [modern::defang(l), b"\n".to_vec()].concat())
            .collect();
        let mut long = vec![b'a'; 200_000];
        long.extend_from_slice(b"\nhxxp://x[.]example/%0A\r\n");
        long.extend_from_slice(&[b'('; 70_000]);
        let random: Vec<Vec<u8>> = (1..=4).map(|s| random_input(s, 20_000)).collect();
        let mut inputs: Vec<(&str, &[u8])> = vec![
            ("urls-web", &web),
            ("urls-files", &files),
            ("CRLF", &crlf),
            ("defanged", &defanged),
            ("long records", &long),
        ];
        inputs.extend(random.iter().map(|r| ("random", &r[..])));
        for (profile, opts) in configs() {
            for (name, input) in &inputs {
                for framing in [Framing::Lines, Framing::Nul] {
                    // The lists hold no NUL: with `-0` each is one long record, which the long
                    // records already cover.
                    if framing == Framing::Nul && name.starts_with("urls-") {
                        continue;
                    }
                    let what =
                        format!("{} {:?} {name} {framing:?}", profile.name(), opts.pdf_state);
                    let plain = Out::new(false, false);
                    assert_same(&what, input, || {
                        Job::new(profile, &opts, framing, false, false, plain)
                    });
                }
            }
        }
    }

    #[test]
    fn warnings_json_and_links_are_answered_as_one_record_at_a_time() {
        let web = data("urls-web.txt");
        let head: Vec<u8> = web
            .split_inclusive(|&b| b == b'\n')
            .take(1500)
            .flatten()
            .copied()
            .chain(random_input(9, 5000))
            .collect();
        for (profile, opts) in configs() {
            for (json, warnings, show) in [
                (false, true, Out::new(false, false)),
                (true, true, Out::new(false, false)),
                (false, false, Out::new(true, true)),
                (false, false, Out::new(true, false)),
            ] {
                let what = format!(
                    "{} json {json} warnings {warnings} {show:?}",
                    profile.name()
                );
                assert_same(&what, &head, || {
                    Job::new(profile, &opts, Framing::Lines, json, warnings, show)
                });
            }
        }
    }
}
