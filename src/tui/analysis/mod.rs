//! Everything the panes show about one input, computed in one go (off the UI thread when the
//! input is large) and shared read-only with the view.

pub mod compare;
pub mod resolve;
pub mod same;

use std::sync::Arc;

use crate::spread::Spawner;
use crate::tui::analysis::compare::{Compared, compare};
use crate::tui::analysis::resolve::{Resolved, resolve_all};
use crate::tui::analysis::same::{WithOther, compare_with};
use urlscope_core::Comparison;
use urlscope_core::modern::LayerCount;
use urlscope_core::modern::{Counts, counts};
use urlscope_core::modern::{HostSummary, summarize};
use urlscope_core::modern::{QueryTable, table_of};
use urlscope_core::url::diff;
use urlscope_core::url::diff::UnitDiff;
use urlscope_core::url::octets;
use urlscope_core::url::{Findings, findings};
use urlscope_core::{Chain, unwrap};
use urlscope_core::{Classification, Options, Outcome, Parsed, Profile, normalize, tokenize};
use urlscope_core::{HostReport, inspect_host};

/// Inputs up to this size are unwrapped for every analysis (the summary's layer count).
const UNWRAP_SUMMARY_LIMIT: usize = 16 * 1024;

/// A view's data that is computed only while that view is open (one at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lens {
    /// The full host report (`h`).
    Host,
    /// The unwrap chain (`u`), also for long inputs.
    Unwrap,
    /// The parser comparison (`p`).
    Parsers,
    /// Every profile's result (`m`).
    Compare,
    /// The input resolved against the base (`r`).
    Resolve,
    /// The input against the second line's URL (Ctrl+T, the compare-with mode).
    Same,
}

/// What to analyse. `generation` orders requests; a newer analysis replaces an older one.
#[derive(Clone, Debug)]
pub struct Request {
    pub generation: u64,
    pub input: Arc<Vec<u8>>,
    pub profile: Profile,
    pub options: Options,
    /// The open view's own data to compute as well (derived from the open overlay).
    pub lens: Option<Lens>,
    /// The classification whose hints the warnings list shows (the `c` toggle's).
    pub classification: Classification,
    /// The URL to compare with (the second line in compare-with mode; read by `Lens::Same`).
    pub other: Arc<Vec<u8>>,
}

impl Request {
    /// A request for the main screen alone (no view's data), hints under `classification`.
    pub fn new(
        generation: u64,
        input: Arc<Vec<u8>>,
        profile: Profile,
        options: Options,
        classification: Classification,
    ) -> Request {
        Request {
            generation,
            input,
            profile,
            options,
            lens: None,
            classification,
            other: Arc::new(Vec::new()),
        }
    }
}

/// The tokenization, the profile's outcome, the before/after diff and the unit index.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub generation: u64,
    pub input: Arc<Vec<u8>>,
    pub profile: Profile,
    pub options: Options,
    pub parsed: Parsed,
    pub outcome: Outcome,
    pub diff: UnitDiff,
    /// Start offsets of the input's triplets (every other unit is one octet): maps bytes to
    /// unit indices for the character strip's grid without a record per unit.
    pub triplets: Vec<u32>,
    /// The distinct rule ids of each step (computed once, not per frame).
    pub step_rules: Vec<String>,
    /// Under the `whatwg` profile, for each input octet the URL Standard state that read it
    /// (the character strip's state row and the detail's "read in"); computed once here.
    pub whatwg_states: Option<Vec<Option<urlscope_core::whatwg::State>>>,
    /// Tokenizer warnings then profile diagnostics, without duplicates.
    pub diagnostics: Vec<urlscope_core::url::Diag>,
    /// Every warning and error with its place (the status line's count, the warnings list).
    pub findings: Findings,
    /// The main screen's host summary (cheap: only the host text is analysed).
    pub host_summary: HostSummary,
    /// The one count of errors, warnings, hints, host findings and layers: the
    /// status line and every view show these numbers (`modern::counts`).
    pub counts: Counts,
    /// The host lens, only while its view is open.
    pub host: Option<HostReport>,
    /// The query table for the components pane and the copy key.
    pub query: QueryTable,
    /// The unwrap chain, when the request asked for it.
    pub unwrap: Option<Chain>,
    /// The parser comparison, when the request asked for it.
    pub parsers: Option<Comparison>,
    /// Every profile's result (the compare view), when the request asked for it.
    pub compare: Option<Compared>,
    /// The input resolved against the base (the resolve view), when the request asked for it.
    pub resolve: Option<Resolved>,
    /// The input against the URL to compare with, when the request asked for it.
    pub same: Option<WithOther>,
}

impl Analysis {
    /// Whether the analysis holds `lens`'s data (an open view waits for it otherwise).
    pub fn has(&self, lens: Lens) -> bool {
        match lens {
            Lens::Host => self.host.is_some(),
            Lens::Unwrap => self.unwrap.is_some(),
            Lens::Parsers => self.parsers.is_some(),
            Lens::Compare => self.compare.is_some(),
            Lens::Resolve => self.resolve.is_some(),
            Lens::Same => self.same.is_some(),
        }
    }

    /// Number of units of the input.
    pub fn unit_count(&self) -> usize {
        self.input.len() - 2 * self.triplets.len()
    }

    /// Index of the unit containing byte `pos` (the last unit when `pos` is at the end).
    pub fn unit_index(&self, pos: usize) -> usize {
        let n = self.unit_count();
        if pos >= self.input.len() {
            return n.saturating_sub(1);
        }
        let k = self.triplets.partition_point(|&t| t as usize <= pos);
        if k > 0 && pos < self.triplets[k - 1] as usize + 3 {
            return self.triplets[k - 1] as usize - 2 * (k - 1);
        }
        pos - 2 * k
    }

    /// Byte range of unit `i` (empty at the end of the input).
    pub fn unit_range(&self, i: usize) -> std::ops::Range<usize> {
        let t = &self.triplets;
        // Triplet j is unit t[j] - 2j; those indices increase with j.
        let k = t.partition_point(|&s| (s as usize) < i + 2 * count_before(t, s));
        let start = i + 2 * k;
        if start >= self.input.len() {
            return self.input.len()..self.input.len();
        }
        let len = if t.get(k).is_some_and(|&s| s as usize == start) {
            3
        } else {
            1
        };
        start..start + len
    }
}

/// Position of triplet `s` in the sorted list `t` (it is an element of `t`).
fn count_before(t: &[u32], s: u32) -> usize {
    t.partition_point(|&x| x < s)
}

/// Start offsets of the valid triplets of `x`, scanning left to right as units do.
pub fn triplet_starts(x: &[u8]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(off) = x[i..].iter().position(|&b| b == b'%') {
        let p = i + off;
        if octets::triplet_at(x, p) {
            out.push(p as u32);
            i = p + 3;
        } else {
            i = p + 1;
        }
    }
    out
}

/// Inputs from this size on are analysed on two threads (the profile run and its diff on one,
/// the tokenization and what reads only the input on the other): a long paste is re-analysed
/// on every keystroke, and the machine has a second core. Below it a thread costs more than
/// it saves.
const TWO_THREADS_FROM: usize = 64 * 1024;

/// What the profile run gives the analysis: its outcome, the diff and each step's rule list.
struct Traced {
    outcome: Outcome,
    diff: UnitDiff,
    step_rules: Vec<String>,
    whatwg_states: Option<Vec<Option<urlscope_core::whatwg::State>>>,
}

fn trace(x: &[u8], profile: Profile, options: &Options) -> Traced {
    let outcome = normalize(x, profile, options);
    let diff = diff::diff(x, &outcome);
    let step_rules = outcome
        .steps
        .iter()
        .map(|s| {
            s.rules()
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let whatwg_states = (profile == Profile::Whatwg)
        .then(|| urlscope_core::url::input_states(&outcome, x.len()))
        .flatten();
    Traced {
        outcome,
        diff,
        step_rules,
        whatwg_states,
    }
}

/// What the analysis reads off the input alone (no profile run).
struct Plain {
    parsed: Parsed,
    triplets: Vec<u32>,
    query: QueryTable,
    host_summary: HostSummary,
    chain: Option<Chain>,
    layers: Option<LayerCount>,
}

fn plain(req: &Request) -> Plain {
    let x: &[u8] = &req.input;
    let parsed = tokenize(x);
    let triplets = triplet_starts(x);
    let mut query = table_of(x, &parsed);
    // The config file's tracking parameters (read once at start; the defaults in tests).
    crate::config::current().tracking_list().flag(&mut query);
    let base = req.options.base.as_deref();
    // Unwrapping a link-sized input is cheap, so the main screen's summary can say how many
    // layers it has; a long paste is unwrapped only while the unwrap view is open.
    let unwrap_lens = req.lens == Some(Lens::Unwrap);
    let chain = (unwrap_lens || x.len() <= UNWRAP_SUMMARY_LIMIT).then(|| unwrap(x));
    // The one layer count (the unwrap view says the same); "wrapped link" names the wrappers.
    let layers = chain.as_ref().map(Chain::layer_count);
    // The wrapped link's target is checked too (the unwrap lens's last layer).
    let host_summary =
        summarize(x, base, layers.map_or(0, |l| l.wrappers)).with_target(chain.as_ref());
    Plain {
        parsed,
        triplets,
        query,
        host_summary,
        chain: chain.filter(|_| unwrap_lens),
        layers,
    }
}

/// Run the whole analysis for `req` (linear in the input, apart from the bounded diff).
pub fn analyse(req: &Request) -> Analysis {
    let x: &[u8] = &req.input;
    let (traced, plain) = if x.len() >= TWO_THREADS_FROM {
        let spawner = Spawner::here();
        std::thread::scope(|s| {
            // The profile run, which allocates the most, stays on this long-lived thread:
            // its allocator's pages are warm from the last analysis.
            let plain = s.spawn(|| {
                spawner.leave_my_core();
                plain(req)
            });
            spawner.yield_to_workers();
            let traced = trace(x, req.profile, &req.options);
            // A panic in the tokenizer is the core's bug: surface it as the same panic.
            let plain = plain
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            (traced, plain)
        })
    } else {
        (trace(x, req.profile, &req.options), plain(req))
    };
    let Traced {
        outcome,
        diff,
        step_rules,
        whatwg_states,
    } = traced;
    let Plain {
        parsed,
        triplets,
        query,
        host_summary,
        chain,
        layers,
    } = plain;
    let diagnostics = urlscope_core::url::diagnostics(&parsed, req.profile, &outcome.flags);
    let mut findings = findings(x, &parsed, req.profile, &outcome.flags, req.classification);
    // An old rule's edit that today's parsers read differently is a warning too.
    urlscope_core::modern::add_findings(&mut findings, &outcome);
    let counts = counts(&findings, &host_summary, layers);
    let base = req.options.base.as_deref();
    let host = (req.lens == Some(Lens::Host)).then(|| inspect_host(x, base));
    let parsers = (req.lens == Some(Lens::Parsers)).then(|| urlscope_core::compare(x, base));
    let compare =
        (req.lens == Some(Lens::Compare)).then(|| compare(x, &req.options, req.profile, &outcome));
    let resolve =
        (req.lens == Some(Lens::Resolve)).then(|| resolve_all(base.unwrap_or_default(), x));
    let same = (req.lens == Some(Lens::Same)).then(|| compare_with(x, &req.other, &req.options));
    Analysis {
        same,
        counts,
        host_summary,
        host,
        query,
        unwrap: chain,
        generation: req.generation,
        input: req.input.clone(),
        profile: req.profile,
        options: req.options.clone(),
        parsed,
        outcome,
        diff,
        triplets,
        step_rules,
        whatwg_states,
        diagnostics,
        findings,
        parsers,
        compare,
        resolve,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_index_and_range_match_the_unit_scanner() {
        let lenses = [
            None,
            Some(Lens::Unwrap),
            Some(Lens::Compare),
            Some(Lens::Resolve),
        ];
        for (x, lens) in [&b"a%41b%%42%4g%zz%"[..], b"", b"%41", b"%%%", b"ab%7e%7E"]
            .into_iter()
            .flat_map(|x| lenses.map(|l| (x, l)))
        {
            let req = Request {
                lens,
                ..Request::new(
                    1,
                    Arc::new(x.to_vec()),
                    Profile::None,
                    Options::default(),
                    Classification::C1738,
                )
            };
            let a = analyse(&req);
            let units: Vec<_> = octets::units(x).collect();
            assert_eq!(a.unit_count(), units.len());
            for (i, u) in units.iter().enumerate() {
                assert_eq!(a.unit_range(i), u.range(), "{x:?} unit {i}");
                for p in u.range() {
                    assert_eq!(a.unit_index(p), i, "{x:?} byte {p}");
                }
            }
        }
    }
}
