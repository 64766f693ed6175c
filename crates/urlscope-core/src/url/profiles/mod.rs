//! The normalization profiles and their common framework (docs/rules.md, "Profiles and step records").

pub mod aliases;
pub(crate) mod canon;
pub(crate) mod diagnostics;
pub(crate) mod fast_path;
pub(crate) mod fido;
pub(crate) mod hyvatti;
pub(crate) mod join;
pub(crate) mod options;
pub(crate) mod pdf;
pub(crate) mod registry;
pub(crate) mod rfc1738;
pub(crate) mod rfc3986;
pub(crate) mod step;
pub(crate) mod table;
pub(crate) mod whatwg;

#[cfg(test)]
mod against_crates;

use std::ops::Range;

use crate::url::profiles::step::{Runner, StepRecord};
use crate::url::syntax::diag::Diag;
pub use options::{Options, PdfState};
use registry::{Entry, REGISTRY};
use table::StepInfo;

/// A normalization profile: the four source documents', RFC 3986, the URL Standard and the
/// crawlers' canonicalizers (docs/rules.md, docs/canon.md), named as `-p` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The profile `none`.
    None,
    /// The profile `rfc1738`.
    Rfc1738,
    /// The profile `hyvatti`.
    Hyvatti,
    /// The profile `pdf`.
    Pdf,
    /// The profile `fido`.
    Fido,
    /// The profile `rfc3986`.
    Rfc3986,
    /// The profile `whatwg`.
    Whatwg,
    // The crawler canonicalizers (docs/canon.md).
    /// The profile `uc-whatwg`.
    UcWhatwg,
    /// The profile `uc-google`.
    UcGoogle,
    /// The profile `uc-semantic-precise`.
    UcSemanticPrecise,
    /// The profile `uc-semantic`.
    UcSemantic,
    /// The profile `uc-aggressive`.
    UcAggressive,
    /// The profile `ssurt`.
    Ssurt,
    /// The profile `sb4`.
    Sb4,
    /// The profile `surt`.
    Surt,
    /// The profile `w3lib`.
    W3lib,
}

impl Profile {
    /// In the order of the profile bar (the registry's).
    pub const ALL: [Profile; registry::COUNT] = registry::all();

    /// The profile's registry entry.
    pub fn entry(self) -> &'static Entry {
        &REGISTRY[self as usize]
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The label people read.
    pub fn label(self) -> &'static str {
        self.entry().label
    }

    /// The profile with this name (as `-p` takes it), if any.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// Which of the three families the profile belongs to (the profile bar, the compare
    /// view and `explain` group them so).
    pub fn group(self) -> Group {
        match self {
            Profile::None | Profile::Rfc1738 | Profile::Hyvatti | Profile::Pdf | Profile::Fido => {
                Group::Sources
            }
            Profile::Rfc3986 | Profile::Whatwg => Group::Today,
            Profile::UcWhatwg
            | Profile::UcGoogle
            | Profile::UcSemanticPrecise
            | Profile::UcSemantic
            | Profile::UcAggressive
            | Profile::Ssurt
            | Profile::Sb4
            | Profile::Surt
            | Profile::W3lib => Group::Crawlers,
        }
    }

    /// The profile this one is built on, and how many of its first steps are that profile's:
    /// `uc-semantic` is all of `uc-semantic-precise` and one step more, `sb4` the first steps
    /// of `uc-google` and its own. Read from the step tables (the closest profile whose steps
    /// begin with the same rows), so it is said once, there.
    pub fn built_on(self) -> Option<(Profile, usize)> {
        let n = self.entry().steps.base_len();
        if n == 0 {
            return None;
        }
        let ids: Vec<_> = self.steps().take(n).map(|s| s.id).collect();
        Profile::ALL
            .into_iter()
            .filter(|&q| q != self && q.steps().count() >= n)
            .filter(|&q| q.steps().take(n).map(|s| s.id).eq(ids.iter().copied()))
            .min_by_key(|q| q.steps().count())
            .map(|q| (q, n))
    }

    /// The classification the profile's rules are written in (docs/rules.md, "Character classes and hints").
    pub fn classification(self) -> super::classes::Classification {
        self.entry().classification
    }

    /// The rows of the profile's step table, in order (docs/rules.md, docs/lenses.md).
    pub fn steps(self) -> impl Iterator<Item = &'static StepInfo> {
        let t = self.entry().steps;
        (0..).map_while(move |i| t.row(i))
    }
}

/// The profiles' families, in the registry's order: the four historical source documents (and
/// `none`), today's two canonical forms, and the canonicalizers crawlers key on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// `sources`.
    Sources,
    /// `today`.
    Today,
    /// `crawlers`.
    Crawlers,
}

impl Group {
    /// Every group, in the order help lists them.
    pub const ALL: [Group; 3] = [Group::Sources, Group::Today, Group::Crawlers];

    /// The heading people read.
    pub fn label(self) -> &'static str {
        match self {
            Group::Sources => "sources",
            Group::Today => "today",
            Group::Crawlers => "crawlers",
        }
    }

    /// The group's profiles, in the registry's order.
    pub fn profiles(self) -> impl Iterator<Item = Profile> {
        Profile::ALL.into_iter().filter(move |p| p.group() == self)
    }
}

/// The result of a traced normalization (docs/rules.md, "Profiles and step records").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The profile that ran.
    pub profile: Profile,
    /// The normalized URL.
    pub output: Vec<u8>,
    /// Frame spans of the input re-attached around the steps' result (empty when the profile
    /// works on the whole input).
    pub frame_open: Range<usize>,
    /// The input's frame after the URL (see `frame_open`).
    pub frame_close: Range<usize>,
    /// The steps; the first `before` is `input[frame_open.end..frame_close.start]`, and each
    /// step's `before` is the previous step's `after`.
    pub steps: Vec<StepRecord>,
    /// Profile diagnostics (`W-pdf-…`, `W-fido-…`, `E-…`), without the tokenizer's warnings.
    pub flags: Vec<Diag>,
}

impl Outcome {
    /// The error diagnostics among the flags.
    pub fn errors(&self) -> impl Iterator<Item = Diag> + '_ {
        self.flags.iter().copied().filter(|f| f.is_error())
    }
}

/// Which part of the input the steps work on (docs/rules.md, "Profiles and step records").
fn working_range(x: &[u8], profile: Profile) -> Range<usize> {
    (profile.entry().body)(x)
}

fn run_steps(r: &mut Runner, profile: Profile, opts: &Options) {
    (profile.entry().run)(r, opts);
}

/// Normalize `x` under `profile`, with the full step trace.
///
/// Returns the output, every step that ran with its status and edits (`Outcome::steps`) and the
/// diagnostics (`Outcome::flags`). Any octets are a valid input under every profile: a URL a
/// profile cannot read is an `E-…` diagnostic in the outcome, never a panic.
///
/// ```
/// use urlscope_core::{Options, Profile, normalize};
///
/// let o = normalize(b"HTTP://Example.COM/%7euser", Profile::Rfc3986, &Options::default());
/// assert_eq!(o.output, b"http://example.com/~user");
/// assert!(o.errors().next().is_none());
/// ```
pub fn normalize(x: &[u8], profile: Profile, opts: &Options) -> Outcome {
    let body = working_range(x, profile);
    let mut r = Runner::new(true);
    r.reset(&x[body.clone()]);
    run_steps(&mut r, profile, opts);
    // Without a frame the runner's last string is the output: no copy.
    let output = if body == (0..x.len()) {
        std::mem::take(&mut r.cur)
    } else {
        let mut output = Vec::with_capacity(x.len() + r.cur.len() - body.len().min(r.cur.len()));
        output.extend_from_slice(&x[..body.start]);
        output.extend_from_slice(&r.cur);
        output.extend_from_slice(&x[body.end..]);
        output
    };
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
    /// A normalizer of `profile` with `opts`.
    pub fn new(profile: Profile, opts: Options) -> Normalizer {
        Normalizer {
            profile,
            opts,
            runner: Runner::new(false),
        }
    }

    /// The profile it runs.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Can an output hold a control octet (below 0x20) that its input does not hold raw? Only
    /// then can a batch's output hold its record terminator (a line feed or a NUL) when the
    /// record does not, so only then must the batch look for one.
    ///
    /// No for the profiles whose decodings leave every control encoded (RFC 1738, RFC 3986 and
    /// FidoURL decode only printable ASCII, Hyvätti keeps controls encoded, the url crate
    /// percent-encodes every control it writes) and whose options add none; yes for PDF's
    /// `EncodedTwice`, which decodes every triplet, and for the crawler canonicalizers, which
    /// decode before they encode.
    pub fn may_write_unseen_controls(&self) -> bool {
        let has_control = |s: &[u8]| s.iter().any(|&b| b < 0x20);
        let options_hold_one = self.opts.base.as_deref().is_some_and(has_control)
            || self
                .opts
                .host_aliases
                .iter()
                .any(|(alias, canonical)| has_control(alias) || has_control(canonical));
        options_hold_one
            || match self.profile {
                Profile::None
                | Profile::Rfc1738
                | Profile::Hyvatti
                | Profile::Fido
                | Profile::Rfc3986
                | Profile::Whatwg => false,
                Profile::Pdf => self.opts.pdf_state == PdfState::EncodedTwice,
                _ => true,
            }
    }

    /// Append the normalization of `x` to `out`; returns the profile's diagnostics.
    #[inline]
    pub fn normalize_into(&mut self, x: &[u8], out: &mut Vec<u8>) -> &[Diag] {
        self.normalize_into_saying_plain(x, out).0
    }

    /// [`Normalizer::normalize_into`], and whether the output is plain: written by a
    /// canonicalizer's fast path from a plain URL, so it holds printable ASCII only (a batch
    /// need not look for its record terminator in it).
    #[inline]
    pub fn normalize_into_saying_plain(&mut self, x: &[u8], out: &mut Vec<u8>) -> (&[Diag], bool) {
        // `none` is the batch loop's own cost: inlined into it, without a call.
        if self.profile == Profile::None {
            out.extend_from_slice(x);
            self.runner.flags.clear();
            return (&self.runner.flags, false);
        }
        self.normalize_into_profile(x, out)
    }

    /// [`Normalizer::normalize_into_saying_plain`] for every profile but `none`.
    fn normalize_into_profile(&mut self, x: &[u8], out: &mut Vec<u8>) -> (&[Diag], bool) {
        // The fused single pass where it applies; the steps for every shape it declines.
        self.runner.flags.clear();
        if let Some(w) =
            fast_path::normalize_into(self.profile, &self.opts, x, out, &mut self.runner.flags)
        {
            return (&self.runner.flags, w == fast_path::Written::Plain);
        }
        let body = working_range(x, self.profile);
        self.runner.reset(&x[body.clone()]);
        run_steps(&mut self.runner, self.profile, &self.opts);
        out.extend_from_slice(&x[..body.start]);
        out.extend_from_slice(&self.runner.cur);
        out.extend_from_slice(&x[body.end..]);
        (&self.runner.flags, false)
    }
}
