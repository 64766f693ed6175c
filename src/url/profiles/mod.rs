//! The normalization profiles of SPEC §3 and their common framework (§3.0).

pub mod fido;
pub mod hyvatti;
pub mod pdf;
pub mod rfc1738;
pub mod rfc3986;
pub mod whatwg;

use std::ops::Range;

use super::step::{Runner, StepRecord};
use super::tokenize::frame_bounds;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    None,
    Rfc1738,
    Hyvatti,
    Pdf,
    Fido,
    Rfc3986,
    Whatwg,
}

impl Profile {
    /// In the order of the profile bar and the Alt+0…Alt+6 keys: the four historical profiles
    /// of SPEC §3, then the two modern ones of SPEC-MODERN §9.
    pub const ALL: [Profile; 7] = [
        Profile::None,
        Profile::Rfc1738,
        Profile::Hyvatti,
        Profile::Pdf,
        Profile::Fido,
        Profile::Rfc3986,
        Profile::Whatwg,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::None => "none",
            Profile::Rfc1738 => "rfc1738",
            Profile::Hyvatti => "hyvatti",
            Profile::Pdf => "pdf",
            Profile::Fido => "fido",
            Profile::Rfc3986 => "rfc3986",
            Profile::Whatwg => "whatwg",
        }
    }

    /// The label people read.
    pub fn label(self) -> &'static str {
        match self {
            Profile::None => "none",
            Profile::Rfc1738 => "RFC 1738",
            Profile::Hyvatti => "Hyvätti",
            Profile::Pdf => "PDF",
            Profile::Fido => "FidoURL",
            Profile::Rfc3986 => "RFC 3986",
            Profile::Whatwg => "WHATWG",
        }
    }

    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The classification the profile's rules are written in (SPEC §2.2).
    pub fn classification(self) -> super::classes::Classification {
        use super::classes::Classification;
        match self {
            Profile::Fido => Classification::CFido,
            // RFC 2396's sets are RFC 3986's closest relatives among the three.
            Profile::Rfc3986 | Profile::Whatwg => Classification::C2396,
            _ => Classification::C1738,
        }
    }
}

/// PDF P8: the user-declared initial encoding state (SPEC §3.3, ⚠A-26).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PdfState {
    #[default]
    EncodedOnce,
    Unencoded,
    EncodedTwice,
}

impl PdfState {
    pub const ALL: [PdfState; 3] = [
        PdfState::EncodedOnce,
        PdfState::Unencoded,
        PdfState::EncodedTwice,
    ];
    /// The command-line name (`--pdf-state`).
    pub fn name(self) -> &'static str {
        match self {
            PdfState::EncodedOnce => "once",
            PdfState::Unencoded => "unencoded",
            PdfState::EncodedTwice => "twice",
        }
    }
    /// The SPEC's name.
    pub fn label(self) -> &'static str {
        match self {
            PdfState::EncodedOnce => "EncodedOnce",
            PdfState::Unencoded => "Unencoded",
            PdfState::EncodedTwice => "EncodedTwice",
        }
    }
    /// Accepts the command-line names and the SPEC's names.
    pub fn from_name(name: &str) -> Option<PdfState> {
        PdfState::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name) || s.label().eq_ignore_ascii_case(name))
    }
}

/// Options of SPEC §3.0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Base URL for PDF P1 (an empty base counts as none).
    pub base: Option<Vec<u8>>,
    pub pdf_state: PdfState,
    /// Hyvätti H6: `(alias, canonical)` pairs; keys are matched exactly against the lowercased host.
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Options {
    pub fn base(&self) -> Option<&[u8]> {
        self.base.as_deref().filter(|b| !b.is_empty())
    }
}

/// The result of a traced normalization (SPEC §3.0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub profile: Profile,
    pub output: Vec<u8>,
    /// Frame spans of the input re-attached around the steps' result (empty when the profile
    /// works on the whole input).
    pub frame_open: Range<usize>,
    pub frame_close: Range<usize>,
    /// The steps; the first `before` is `input[frame_open.end..frame_close.start]`, and each
    /// step's `before` is the previous step's `after`.
    pub steps: Vec<StepRecord>,
    /// Profile diagnostics (`W-pdf-…`, `W-fido-…`, `E-…`), without the tokenizer's warnings.
    pub flags: Vec<&'static str>,
}

impl Outcome {
    pub fn errors(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.flags
            .iter()
            .copied()
            .filter(|f| super::diag::is_error(f))
    }
}

/// Which part of the input the steps work on (SPEC §3.0 "Frames").
fn working_range(x: &[u8], profile: Profile) -> Range<usize> {
    match profile {
        // The modern profiles unwrap (RFC 3986 M1) or read (WHATWG) the whole text themselves.
        Profile::None | Profile::Hyvatti | Profile::Rfc3986 | Profile::Whatwg => 0..x.len(),
        Profile::Fido if fido::has_pause_mark(x) => 0..x.len(),
        Profile::Rfc1738 | Profile::Pdf | Profile::Fido => {
            let (a, z) = frame_bounds(x);
            a..z
        }
    }
}

fn run_steps(r: &mut Runner, profile: Profile, opts: &Options) {
    match profile {
        Profile::None => {}
        Profile::Rfc1738 => rfc1738::run(r),
        Profile::Hyvatti => hyvatti::run(r, opts),
        Profile::Pdf => pdf::run(r, opts),
        Profile::Fido => fido::run(r),
        Profile::Rfc3986 => rfc3986::run(r),
        Profile::Whatwg => whatwg::run(r, opts),
    }
}

/// Normalize `x` under `profile`, with the full step trace.
pub fn normalize(x: &[u8], profile: Profile, opts: &Options) -> Outcome {
    let body = working_range(x, profile);
    let mut r = Runner::new(true);
    r.reset(&x[body.clone()]);
    run_steps(&mut r, profile, opts);
    let mut output = Vec::with_capacity(x.len() + r.cur.len() - body.len().min(r.cur.len()));
    output.extend_from_slice(&x[..body.start]);
    output.extend_from_slice(&r.cur);
    output.extend_from_slice(&x[body.end..]);
    Outcome {
        profile,
        output,
        frame_open: 0..body.start,
        frame_close: body.end..x.len(),
        steps: std::mem::take(&mut r.steps),
        flags: std::mem::take(&mut r.flags),
    }
}

/// Reusable, untraced normalizer for batch work: no step records, buffers kept between records.
pub struct Normalizer {
    profile: Profile,
    opts: Options,
    runner: Runner,
}

impl Normalizer {
    pub fn new(profile: Profile, opts: Options) -> Normalizer {
        Normalizer {
            profile,
            opts,
            runner: Runner::new(false),
        }
    }

    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Append the normalization of `x` to `out`; returns the profile's diagnostics.
    pub fn normalize_into(&mut self, x: &[u8], out: &mut Vec<u8>) -> &[&'static str] {
        if self.profile == Profile::None {
            out.extend_from_slice(x);
            self.runner.flags.clear();
            return &self.runner.flags;
        }
        // The fused single pass where it applies; the steps for every shape it declines.
        self.runner.flags.clear();
        if super::fast::normalize_into(self.profile, &self.opts, x, out, &mut self.runner.flags) {
            return &self.runner.flags;
        }
        let body = working_range(x, self.profile);
        self.runner.reset(&x[body.clone()]);
        run_steps(&mut self.runner, self.profile, &self.opts);
        out.extend_from_slice(&x[..body.start]);
        out.extend_from_slice(&self.runner.cur);
        out.extend_from_slice(&x[body.end..]);
        &self.runner.flags
    }
}
