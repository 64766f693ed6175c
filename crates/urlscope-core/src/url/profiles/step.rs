//! Step records (docs/rules.md, "Profiles and step records") and the engine that runs a profile's steps.
//!
//! Each step reads the current string and writes the next one into a second buffer. Edits are
//! recorded only when tracing, so the batch path allocates nothing per record once warmed up.

use std::ops::{Deref, Range};
use std::sync::Arc;

use crate::url::profiles::Options;
use crate::url::rule::Rule;
use crate::url::syntax::diag::Diag;
use crate::url::syntax::octets::{self, Unit};
use crate::url::syntax::tokenize::{Detail, Parsed, tokenize_into};

/// What a step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepStatus {
    /// `changed`.
    Changed,
    /// `no change`.
    NoChange,
    /// `not-applicable`.
    NotApplicable(&'static str),
    /// `error`.
    Error(Diag),
}

impl StepStatus {
    /// The status as the step log shows it.
    pub fn label(&self) -> String {
        match self {
            StepStatus::Changed => "changed".into(),
            StepStatus::NoChange => "no change".into(),
            StepStatus::NotApplicable(why) => format!("not applicable: {why}"),
            StepStatus::Error(code) => format!("error: {code}"),
        }
    }
    /// The status's kind as JSON writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            StepStatus::Changed => "changed",
            StepStatus::NoChange => "no-change",
            StepStatus::NotApplicable(_) => "not-applicable",
            StepStatus::Error(_) => "error",
        }
    }
}

/// One replacement: `range` indexes the step's `before`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub replacement: Bytes,
    pub rule: Rule,
}

/// An octet string that stores up to 14 octets inline: nearly every edit replaces a unit with
/// at most three octets, and a 1 MiB input can carry hundreds of thousands of edits. Boxing the
/// rare long replacement twice keeps the whole value at 16 octets (an `Edit` at 40).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Bytes {
    Inline {
        len: u8,
        buf: [u8; 14],
    },
    #[allow(clippy::box_collection)] // boxed twice on purpose: the size note above
    Heap(Box<Vec<u8>>),
}

impl Bytes {
    pub fn new(s: &[u8]) -> Bytes {
        if s.len() <= 14 {
            let mut buf = [0u8; 14];
            // Octet by octet: nearly every replacement is one to three octets, where a call to
            // memcpy would cost more than the copy.
            for (d, &b) in buf.iter_mut().zip(s) {
                *d = b;
            }
            Bytes::Inline {
                len: s.len() as u8,
                buf,
            }
        } else {
            Bytes::Heap(Box::new(s.to_vec()))
        }
    }
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Inline { len, buf } => &buf[..*len as usize],
            Bytes::Heap(v) => v.as_slice(),
        }
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "b\"{}\"", self.escape_ascii())
    }
}

impl From<&[u8]> for Bytes {
    fn from(s: &[u8]) -> Bytes {
        Bytes::new(s)
    }
}

impl PartialEq<[u8]> for Bytes {
    fn eq(&self, other: &[u8]) -> bool {
        **self == *other
    }
}

impl PartialEq<Vec<u8>> for Bytes {
    fn eq(&self, other: &Vec<u8>) -> bool {
        **self == other[..]
    }
}

/// One step that ran: its id, what it did, the text before and after, and the edits between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRecord {
    /// The step's id.
    pub step: Rule,
    /// What it did.
    pub status: StepStatus,
    /// Shared between consecutive records: a step's `after` is the next step's `before`, and a
    /// step that changes nothing holds one string twice.
    pub before: Arc<[u8]>,
    /// The text after the step.
    pub after: Arc<[u8]>,
    /// Non-overlapping, in order; applying them to `before` gives `after`.
    pub edits: Vec<Edit>,
    /// A short remark shown with the step (e.g. P8's assumption).
    pub note: Option<&'static str>,
    /// What the parser reported while the step ran, in its order (the URL Standard's
    /// validation errors): why the text changed.
    pub remarks: Vec<Remark>,
    /// The URL Standard parser's trace of the step's `before` (the `whatwg` profile's parse
    /// step, traced runs only): which state read each code point, the transitions, the
    /// validation errors and the changes the edits' rules come from.
    pub whatwg: Option<Arc<crate::whatwg::Trace>>,
}

/// One validation error a step reports beside its edits, by the URL Standard's name, at an
/// offset of the step's `before`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remark {
    pub error: crate::whatwg::ValidationError,
    pub at: usize,
    /// Whether it failed the parse.
    pub fails: bool,
}

impl StepRecord {
    /// The distinct rule ids of the edits, in first-use order.
    pub fn rules(&self) -> Vec<Rule> {
        let mut out: Vec<Rule> = Vec::new();
        for e in &self.edits {
            if !out.contains(&e.rule) {
                out.push(e.rule);
            }
        }
        out
    }
}

// The edit log of a 1 MiB input is the largest thing a trace allocates: keep it small.
const _: () = assert!(std::mem::size_of::<Bytes>() == 16 && std::mem::size_of::<Edit>() <= 40);

/// Apply non-overlapping, ordered edits to `before`.
pub fn apply_edits(before: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(before.len());
    let mut pos = 0;
    for e in edits {
        out.extend_from_slice(&before[pos..e.range.start]);
        out.extend_from_slice(&e.replacement);
        pos = e.range.end;
    }
    out.extend_from_slice(&before[pos..]);
    out
}

/// Collects a step's edits (when tracing) and counts them (always).
#[derive(Default)]
pub struct EditLog {
    pub trace: bool,
    pub edits: Vec<Edit>,
    pub count: usize,
}

impl EditLog {
    #[inline]
    pub fn push(&mut self, range: Range<usize>, replacement: &[u8], rule: Rule) {
        self.count += 1;
        if self.trace {
            self.edits.push(Edit {
                range,
                replacement: Bytes::new(replacement),
                rule,
            });
        }
    }
}

/// What a unit-pass rule does with one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Keep,
    Encode(Rule),
    Decode(Rule),
    Replace(&'static [u8], Rule),
}

/// One left-to-right unit pass over `input[range]`; everything outside `range` is copied.
/// Output is appended to `out` and never rescanned.
///
/// Only units whose first octet is in `trigger` (an `octets::set` mask; `set::ANY` for all) reach
/// `rule`; the others are kept without a call, which makes passes over long clean stretches cheap.
/// A rule that acts on triplets must include `set::PERCENT`; a mask without it must not contain
/// hex digits, so skipping never lands inside a triplet.
pub(crate) fn unit_pass(
    input: &[u8],
    range: Range<usize>,
    trigger: u32,
    out: &mut Vec<u8>,
    log: &mut EditLog,
    mut rule: impl FnMut(&Unit) -> Act,
) {
    debug_assert!(trigger & octets::set::PERCENT != 0 || trigger & octets::set::HEX == 0);
    let end = range.end.min(input.len());
    out.extend_from_slice(&input[..range.start]);
    let mut copied = range.start;
    let mut i = range.start;
    let finder = octets::Finder::new(trigger, end.saturating_sub(i));
    loop {
        i = finder.next_in(input, i, end);
        if i >= end {
            break;
        }
        let b = input[i];
        let u = if b == b'%'
            && i + 2 < end
            && octets::is_hex(input[i + 1])
            && octets::is_hex(input[i + 2])
        {
            Unit {
                start: i,
                len: 3,
                value: octets::hex_value(input[i + 1]) << 4 | octets::hex_value(input[i + 2]),
                encoded: true,
            }
        } else {
            Unit {
                start: i,
                len: 1,
                value: b,
                encoded: false,
            }
        };
        i = u.end();
        let act = rule(&u);
        if act == Act::Keep {
            continue;
        }
        out.extend_from_slice(&input[copied..u.start]);
        copied = u.end();
        match act {
            Act::Keep => {}
            Act::Encode(r) => {
                let enc = octets::encoded(u.value);
                out.extend_from_slice(&enc);
                log.push(u.range(), &enc, r);
            }
            Act::Decode(r) => {
                out.push(u.value);
                log.push(u.range(), &[u.value], r);
            }
            Act::Replace(bytes, r) => {
                out.extend_from_slice(bytes);
                log.push(u.range(), bytes, r);
            }
        }
    }
    out.extend_from_slice(&input[copied..]);
}

/// Replace `input[range]` by `replacement` (one edit), writing the whole result to `out`.
pub(crate) fn splice(
    input: &[u8],
    range: Range<usize>,
    replacement: &[u8],
    out: &mut Vec<u8>,
    log: &mut EditLog,
    rule: Rule,
) {
    out.extend_from_slice(&input[..range.start]);
    out.extend_from_slice(replacement);
    out.extend_from_slice(&input[range.end..]);
    log.push(range, replacement, rule);
}

/// [`splice`] of only the part of `input[range]` that `replacement` changes: the common start
/// and end are left out of the edit (widened to whole `%XX` units), so an octet the rule
/// does not touch is not charged to it (a space after `/b/../` is not a dot segment's).
pub(crate) fn splice_changed(
    input: &[u8],
    range: Range<usize>,
    replacement: &[u8],
    out: &mut Vec<u8>,
    log: &mut EditLog,
    rule: Rule,
) {
    let old = &input[range.clone()];
    let mut pre = old
        .iter()
        .zip(replacement)
        .take_while(|(a, b)| a == b)
        .count();
    // Not inside a triplet: back up to its '%'.
    while pre > 0 && (old[pre - 1] == b'%' || (pre >= 2 && old[pre - 2] == b'%')) {
        pre -= 1;
    }
    let room = old.len().min(replacement.len()) - pre;
    let mut suf = old[pre..]
        .iter()
        .rev()
        .zip(replacement[pre..].iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    // The kept end must not start inside a triplet either.
    let cut = |suf: usize| old.len() - suf;
    while suf > 0 {
        let c = cut(suf);
        let inside = (c >= 1 && old[c - 1] == b'%') || (c >= 2 && old[c - 2] == b'%');
        if !inside {
            break;
        }
        suf -= 1;
    }
    let start = range.start + pre;
    let end = range.end - suf;
    splice(
        input,
        start..end,
        &replacement[pre..replacement.len() - suf],
        out,
        log,
        rule,
    );
}

/// ASCII-lowercase `input[range]`: one edit for the whole range if anything changes.
pub(crate) fn lowercase(
    input: &[u8],
    range: Range<usize>,
    out: &mut Vec<u8>,
    log: &mut EditLog,
    rule: Rule,
) {
    let part = &input[range.clone()];
    if part.iter().any(u8::is_ascii_uppercase) {
        out.extend_from_slice(&input[..range.start]);
        let start = out.len();
        out.extend_from_slice(part);
        out[start..].make_ascii_lowercase();
        log.push(range.clone(), &out[start..], rule);
        out.extend_from_slice(&input[range.end..]);
    }
}

/// Runs a profile's steps over ping-pong buffers.
pub struct Runner {
    pub trace: bool,
    pub cur: Vec<u8>,
    next: Vec<u8>,
    /// Scratch model of `cur`, refreshed by `parse`.
    pub parsed: Parsed,
    pub steps: Vec<StepRecord>,
    pub flags: Vec<Diag>,
    log: EditLog,
    /// Bumped whenever `cur` changes, so `parse` and `summary` redo work only when needed.
    generation: u64,
    parsed_generation: u64,
    summary: u32,
    summary_generation: u64,
    /// The note, remarks and parser trace of the step running (see `Io`).
    note: Option<&'static str>,
    remarks: Vec<Remark>,
    whatwg: Option<Arc<crate::whatwg::Trace>>,
    /// The current string as shared by step records (traced runs only).
    snapshot: Option<Arc<[u8]>>,
    snapshot_generation: u64,
    /// The most edits a step of this run has made: the next step's log starts with that much
    /// room (traced runs only), since the steps of a profile tend to edit alike.
    edits_hint: usize,
}

impl Runner {
    pub fn new(trace: bool) -> Runner {
        Runner {
            trace,
            cur: Vec::new(),
            next: Vec::new(),
            parsed: Parsed::default(),
            steps: Vec::new(),
            flags: Vec::new(),
            log: EditLog::default(),
            generation: 1,
            parsed_generation: 0,
            summary: 0,
            summary_generation: 0,
            note: None,
            remarks: Vec::new(),
            whatwg: None,
            snapshot: None,
            snapshot_generation: 0,
            edits_hint: 0,
        }
    }

    /// Start a run on `input`.
    #[inline]
    pub fn reset(&mut self, input: &[u8]) {
        self.cur.clear();
        self.cur.extend_from_slice(input);
        self.steps.clear();
        self.flags.clear();
        self.generation += 1;
        self.edits_hint = 0;
    }

    /// A number that changes whenever the current string does: steps that derive data from the
    /// string (a profile's own split) keep it while this stays the same.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Re-tokenize the current string (no framing, structure only), unless it is unchanged
    /// since the last parse.
    pub fn parse(&mut self) -> &Parsed {
        if self.parsed_generation != self.generation {
            tokenize_into(&mut self.parsed, &self.cur, false, Detail::Structure);
            self.parsed_generation = self.generation;
        }
        &self.parsed
    }

    /// The `octets::summary` of the current string (cached per generation).
    pub fn summary(&mut self) -> u32 {
        if self.summary_generation != self.generation {
            self.summary = octets::summary(&self.cur);
            self.summary_generation = self.generation;
        }
        self.summary
    }

    fn snapshot(&mut self) -> Arc<[u8]> {
        if self.snapshot_generation != self.generation || self.snapshot.is_none() {
            self.snapshot = Some(Arc::from(&self.cur[..]));
            self.snapshot_generation = self.generation;
        }
        self.snapshot.clone().expect("set above")
    }

    /// Does the current string hold any octet of `mask`? Steps use it to skip work that
    /// provably makes no edit (the recorded result, NoChange, is the same).
    pub fn any(&mut self, mask: u32) -> bool {
        self.summary() & mask != 0
    }

    /// Record a step that makes no edit, without running anything (untraced: nothing to do,
    /// since such a step neither changes the string nor raises a flag).
    pub fn no_change(&mut self, id: Rule) {
        if self.trace {
            // Nothing runs, so its log needs no room.
            let hint = std::mem::take(&mut self.edits_hint);
            self.run_step(id, &Options::default(), |_| StepStatus::NoChange);
            self.edits_hint = hint;
        }
    }

    pub fn flag(&mut self, id: Diag) {
        flag(&mut self.flags, id);
    }

    /// Run one step. `f` reads the current string (and the scratch model, if it parsed) and
    /// writes the whole next string into `io.out` when it edits; it returns the status to use
    /// when no edit was made (NoChange, NotApplicable or Error). Any edit makes the status
    /// Changed, except that an explicit Error is kept.
    #[inline(always)]
    pub fn run_step(
        &mut self,
        id: Rule,
        opts: &Options,
        f: impl FnOnce(&mut Io<'_>) -> StepStatus,
    ) {
        self.next.clear();
        // A traced run starts with empty buffers: room for what the step writes, and for as
        // many edits as the run's busiest step made. (The batch path keeps its buffers.)
        if self.trace {
            let room = self.cur.len() + self.cur.len() / 4;
            if self.next.capacity() < room {
                // A fresh buffer: growing the old one would copy its stale contents.
                self.next = Vec::with_capacity(room);
            }
            self.log.edits.reserve(self.edits_hint);
        }
        self.log.trace = self.trace;
        self.log.edits.clear();
        self.log.count = 0;
        self.note = None;
        self.whatwg = None;
        let mut io = Io {
            cur: &self.cur,
            parsed: &self.parsed,
            out: &mut self.next,
            log: &mut self.log,
            opts,
            generation: self.generation,
            flags: &mut self.flags,
            note: &mut self.note,
            remarks: &mut self.remarks,
            whatwg: &mut self.whatwg,
            summary: (self.summary_generation == self.generation).then_some(self.summary),
        };
        let status = f(&mut io);
        self.finish_step(id, status);
    }

    /// Settle the step `f` of `run_step` ran: its status, flag, the swap, and (traced) its record.
    /// Inlined into each step's call, where the step's known statuses fold most of it away.
    #[inline(always)]
    fn finish_step(&mut self, id: Rule, mut status: StepStatus) {
        let changed = self.log.count > 0;
        if changed && !matches!(status, StepStatus::Error(_)) {
            status = StepStatus::Changed;
        }
        if let StepStatus::Error(code) = status {
            self.flag(code);
        }
        let before = self.trace.then(|| self.snapshot());
        if changed {
            std::mem::swap(&mut self.cur, &mut self.next);
            self.generation += 1;
        }
        if let Some(before) = before {
            let after = self.snapshot();
            let mut edits = std::mem::take(&mut self.log.edits);
            self.edits_hint = self.edits_hint.max(edits.len());
            // A step that made fewer edits than the room it was given keeps only what it used.
            if edits.len() < edits.capacity() / 2 {
                edits.shrink_to_fit();
            }
            self.steps.push(StepRecord {
                step: id,
                status,
                before,
                after,
                edits,
                note: self.note,
                remarks: std::mem::take(&mut self.remarks),
                whatwg: self.whatwg.take(),
            });
        }
    }
}

fn flag(flags: &mut Vec<Diag>, id: Diag) {
    if !flags.contains(&id) {
        flags.push(id);
    }
}

/// What a step function works with: the current string and its scratch model (fresh when the
/// step's table row asks for a parse), the buffer for the next string and the edit log, the
/// options, and the run's diagnostics, note and remarks.
pub struct Io<'a> {
    pub cur: &'a [u8],
    pub parsed: &'a Parsed,
    pub out: &'a mut Vec<u8>,
    pub log: &'a mut EditLog,
    pub opts: &'a Options,
    /// Changes whenever the current string does (see [`Runner::generation`]).
    pub generation: u64,
    flags: &'a mut Vec<Diag>,
    note: &'a mut Option<&'static str>,
    remarks: &'a mut Vec<Remark>,
    whatwg: &'a mut Option<Arc<crate::whatwg::Trace>>,
    /// The runner's `octets::summary` of `cur`, if it is up to date.
    summary: Option<u32>,
}

impl Io<'_> {
    /// Does `cur` hold any octet of `mask`? (Free when the runner has its summary at hand.)
    pub fn any(&self, mask: u32) -> bool {
        self.summary.unwrap_or_else(|| octets::summary(self.cur)) & mask != 0
    }

    /// Raise a diagnostic (once per run).
    pub fn flag(&mut self, id: Diag) {
        flag(self.flags, id);
    }

    /// A short remark shown with the step (e.g. P8's assumption).
    pub fn note(&mut self, note: &'static str) {
        *self.note = Some(note);
    }

    /// What the parser reported while the step ran (kept in traced runs only).
    pub fn remark(&mut self, remarks: impl IntoIterator<Item = Remark>) {
        if self.log.trace {
            self.remarks.extend(remarks);
        }
    }

    /// The URL Standard parser's trace of `cur` (kept in traced runs only).
    pub fn attach_whatwg_trace(&mut self, trace: crate::whatwg::Trace) {
        if self.log.trace {
            *self.whatwg = Some(Arc::new(trace));
        }
    }
}
