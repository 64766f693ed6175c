//! `urlscope normalize`: the batch path. One output record per input record, in order, streaming
//! with constant memory: a reused `Normalizer` (untraced, no per-record allocation once warm), a
//! reused output buffer written in 64 KiB blocks, and records read straight out of the
//! `BufReader`'s buffer. With `--jobs N` above 1, standard input is cut into blocks of records
//! that N workers answer, each with its own `Job`, and the answers are written in input order
//! (`ordered`).

use std::io::{self, BufReader, Write};

use serde::Serialize;

use super::args::NormalizeArgs;
use super::json::Octets;
use super::out::Out;
use super::records::{self, Framing};
use super::{Fail, Result, aliases, bytes, ordered, texts};
use crate::url::diag::Diag;
use crate::url::{Normalizer, Options, Profile, normalize, tokenize};

/// Output is handed to stdout in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// The per-run state of the batch loop.
struct Job {
    profile: Profile,
    opts: Options,
    norm: Normalizer,
    terminator: u8,
    json: bool,
    warnings: bool,
    buf: Vec<u8>,
    /// The stderr lines of the records in `buf`, written just before it.
    err: Vec<u8>,
    record: u64,
    had_error: bool,
    show: Out,
}

/// The options shared by `normalize`, `explain` and `same`.
pub fn options(
    base: Option<&std::ffi::OsStr>,
    pdf_state: crate::url::PdfState,
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

fn report(err: &mut Vec<u8>, record: u64, ids: impl Iterator<Item = Diag>) {
    for id in ids {
        let _ = writeln!(err, "record {record}: {id}: {}", texts::diagnostic_text(id));
    }
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
}

/// A step record as JSON; edit offsets index `before`.
pub use crate::modern::report::step::JsonStep;

impl Job {
    #[inline]
    fn record(&mut self, x: &[u8]) {
        self.record += 1;
        let (x, note) = super::refang::read(x);
        if let Some(note) = note {
            let _ = writeln!(
                self.err,
                "record {}: {}",
                self.record,
                super::escape::escape_bytes(note.as_bytes())
            );
        }
        let x = &x[..];
        if self.json {
            self.record_json(x);
            return;
        }
        let start = self.buf.len();
        let flags = self.norm.normalize_into(x, &mut self.buf);
        // Only a decoding the user asked for (PDF `--pdf-state twice` on %00 or %0A) can put the
        // record terminator into an output; written raw it would split the record. It goes out
        // as its triplet instead, and the record counts as an error.
        if memchr::memchr(self.terminator, &self.buf[start..]).is_some() {
            let out = self.buf.split_off(start);
            for b in out {
                if b == self.terminator {
                    crate::url::octets::push_encoded(&mut self.buf, b);
                } else {
                    self.buf.push(b);
                }
            }
            self.had_error = true;
            let name = if self.terminator == 0 {
                "a NUL"
            } else {
                "a line feed"
            };
            let _ = writeln!(
                self.err,
                "record {}: the output holds {name}, which the record framing cannot carry; it is written as %{:02X}",
                self.record, self.terminator
            );
        }
        self.show.link_in_place(&mut self.buf, start);
        self.buf.push(self.terminator);
        // Most diagnostics are warnings (PDF warns of every https URL), said only when asked.
        if self.warnings || flags.iter().any(|f| f.is_error()) {
            let errors: Vec<Diag> = flags.iter().copied().filter(|f| f.is_error()).collect();
            let warns = if self.warnings {
                crate::url::profiles::diagnostics::warnings(&tokenize(x), self.profile, flags)
            } else {
                Vec::new()
            };
            self.had_error |= !errors.is_empty();
            report(&mut self.err, self.record, warns.into_iter().chain(errors));
        }
    }

    fn record_json(&mut self, x: &[u8]) {
        let o = normalize(x, self.profile, &self.opts);
        let errors: Vec<Diag> = o.errors().collect();
        let warns =
            crate::url::profiles::diagnostics::warnings(&tokenize(x), self.profile, &o.flags);
        let v = JsonRecord {
            record: self.record,
            input: Octets(x),
            output: Octets(&o.output),
            profile: self.profile.name(),
            steps: o.steps.iter().map(JsonStep::of).collect(),
            warnings: &warns,
            errors: &errors,
        };
        let line = serde_json::to_string(&v).expect("a record serializes");
        self.show.json(&line, &mut self.buf);
        self.buf.push(b'\n');
        self.had_error |= !errors.is_empty();
        if self.warnings {
            report(&mut self.err, self.record, warns.iter().copied());
        }
        report(&mut self.err, self.record, errors.iter().copied());
    }

    fn drain(&mut self, out: &mut impl Write, flush: bool) -> io::Result<()> {
        if !self.err.is_empty() {
            let _ = io::stderr().lock().write_all(&self.err);
            self.err.clear();
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
    let new_job = || Job {
        profile: a.profile,
        norm: Normalizer::new(a.profile, opts.clone()),
        opts: opts.clone(),
        terminator: framing.terminator(),
        json: a.json,
        warnings: a.warnings,
        buf: Vec::with_capacity(BLOCK + 4096),
        err: Vec::new(),
        record: 0,
        had_error: false,
        show: Out::stdout(a.hyperlink),
    };
    let jobs = a.jobs.map_or_else(default_jobs, usize::from);
    if a.urls.is_empty() && jobs > 1 {
        // A JSON line is ~40 times its record: smaller blocks keep the answers in flight small.
        let block = if a.json {
            ordered::BLOCK / 16
        } else {
            ordered::BLOCK
        };
        let failed = ordered::run(io::stdin().lock(), framing, jobs, block, || {
            let mut job = new_job();
            move |block: &ordered::Block, output: Vec<u8>| {
                job.record = block.first;
                job.had_error = false;
                job.buf = output;
                for rec in block.records() {
                    job.record(rec);
                }
                ordered::Answer {
                    stdout: std::mem::take(&mut job.buf),
                    stderr: std::mem::take(&mut job.err),
                    failed: job.had_error,
                }
            }
        })?;
        return Ok(if failed { 1 } else { 0 });
    }
    let mut job = new_job();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if !a.urls.is_empty() {
        for u in &a.urls {
            job.record(bytes(u));
            if job.buf.len() >= BLOCK {
                job.drain(&mut out, false)?;
            }
        }
    } else {
        let mut reader = BufReader::with_capacity(BLOCK, io::stdin().lock());
        let mut state = (&mut job, &mut out);
        records::for_each::<_, _, Fail>(
            &mut reader,
            framing,
            &mut state,
            // Input would block: hand over what is ready, so a pipeline sees results promptly.
            |(job, out)| Ok(job.drain(out, true)?),
            |(job, out), rec| {
                job.record(rec);
                if job.buf.len() >= BLOCK {
                    job.drain(out, false)?;
                }
                Ok(())
            },
        )?;
    }
    job.drain(&mut out, true)?;
    Ok(if job.had_error { 1 } else { 0 })
}
