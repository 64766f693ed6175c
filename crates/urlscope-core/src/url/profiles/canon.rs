//! The crawler canonicalizers (`crate::canon`) as profiles: each table's rows as step rows of
//! the registry, its traced run over the runner, and its batch run for the fast path.

use crate::canon::table::{Failure, Model, Table};
use crate::canon::{AnyTable, CanonStep, Canonicalizer, batch};
use crate::url::diff::myers::replacements;
use crate::url::profiles::Profile;
use crate::url::profiles::fast_path::Written;
use crate::url::profiles::options::Options;
use crate::url::profiles::step::{Runner, StepStatus};
use crate::url::profiles::table::{StepInfo, Steps, When};
use crate::url::rule::Rule;
use crate::url::syntax::diag::Diag;

/// The step row of every canonicalizer step: its edits carry its own id.
static INFOS: [StepInfo; CanonStep::EVERY.len()] = {
    const BLANK: StepInfo = StepInfo {
        id: Rule::Rfc1738CharPass,
        rules: &[],
        when: When::Always,
        parse: false,
    };
    let mut out = [BLANK; CanonStep::EVERY.len()];
    let mut i = 0;
    while i < out.len() {
        out[i].id = Rule::Canon(CanonStep::EVERY[i]);
        out[i].rules = std::slice::from_ref(&RULES[i]);
        i += 1;
    }
    out
};

static RULES: [Rule; CanonStep::EVERY.len()] = {
    let mut out = [Rule::Rfc1738CharPass; CanonStep::EVERY.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = Rule::Canon(CanonStep::EVERY[i]);
        i += 1;
    }
    out
};

/// A canonicalizer's table as the registry's step table.
pub(crate) struct CanonSteps(pub Canonicalizer);

impl Steps for CanonSteps {
    fn row(&self, i: usize) -> Option<&StepInfo> {
        let step = match self.0.table() {
            AnyTable::Uc(t) => t.nth(i).map(|r| r.step),
            AnyTable::Surt(t) => t.nth(i).map(|r| r.step),
            AnyTable::W3lib(t) => t.nth(i).map(|r| r.step),
        };
        step.map(|s| &INFOS[s as usize])
    }

    fn base_len(&self) -> usize {
        let base = match self.0.table() {
            AnyTable::Uc(t) => t.base.map(|b| b.len()),
            AnyTable::Surt(t) => t.base.map(|b| b.len()),
            AnyTable::W3lib(t) => t.base.map(|b| b.len()),
        };
        base.unwrap_or(0)
    }
}

pub(crate) fn failure_diag(f: Failure) -> Diag {
    match f {
        Failure::NegativeIpv4 => Diag::UcNegativeIpv4,
        Failure::SurtPort => Diag::SurtPort,
        Failure::SurtEmpty => Diag::SurtEmpty,
        Failure::W3libPort => Diag::W3libPort,
        Failure::W3libHost => Diag::W3libHost,
        Failure::SbNoHost => Diag::SbNoHost,
    }
}

/// The traced run: each row edits the model, which is written back and compared with the
/// string before it, so each step's record holds exactly what it changed. After a failure the
/// remaining steps are not applicable.
pub(crate) fn run_traced<M: Model>(t: &'static Table<M>, r: &mut Runner, opts: &Options) {
    let mut m = M::default();
    m.load(&r.cur, &opts.w3lib);
    let mut failed = false;
    let mut buf = Vec::new();
    t.for_each(&mut |row| {
        let id = Rule::Canon(row.step);
        if failed {
            r.run_step(id, opts, |_| {
                StepStatus::NotApplicable("an earlier step failed")
            });
            return true;
        }
        r.run_step(id, opts, |io| {
            if let Err(f) = (row.run)(&mut m) {
                failed = true;
                return StepStatus::Error(failure_diag(f));
            }
            buf.clear();
            m.write(&mut buf);
            if buf[..] == io.cur[..] {
                return StepStatus::NoChange;
            }
            if io.log.trace {
                for (from, to) in replacements(io.cur, &buf) {
                    io.log.push(from, &buf[to], id);
                }
            } else {
                io.log.count += 1;
            }
            io.out.extend_from_slice(&buf);
            StepStatus::NoChange
        });
        true
    });
}

/// The canonicalizer a profile is, if it is one.
pub(crate) fn canonicalizer(p: Profile) -> Option<Canonicalizer> {
    Some(match p {
        Profile::UcWhatwg => Canonicalizer::UcWhatwg,
        Profile::UcGoogle => Canonicalizer::UcGoogle,
        Profile::UcSemanticPrecise => Canonicalizer::UcSemanticPrecise,
        Profile::UcSemantic => Canonicalizer::UcSemantic,
        Profile::UcAggressive => Canonicalizer::UcAggressive,
        Profile::Ssurt => Canonicalizer::Ssurt,
        Profile::Sb4 => Canonicalizer::Sb4,
        Profile::Surt => Canonicalizer::Surt,
        Profile::W3lib => Canonicalizer::W3lib,
        _ => return None,
    })
}

/// The batch run of a canonicalizer profile: whether the output is plain (see
/// [`Written::Plain`]); `None` for any other profile.
pub(crate) fn normalize_into(
    p: Profile,
    opts: &Options,
    x: &[u8],
    out: &mut Vec<u8>,
    flags: &mut Vec<Diag>,
) -> Option<Written> {
    let c = canonicalizer(p)?;
    Some(match batch::canonicalize_into(c, &opts.w3lib, x, out) {
        Ok(true) => Written::Plain,
        Ok(false) => Written::Other,
        Err(f) => {
            flags.push(failure_diag(f));
            Written::Other
        }
    })
}

/// The traced run of `c`'s table.
fn run_canonicalizer(c: Canonicalizer, r: &mut Runner, opts: &Options) {
    match c.table() {
        AnyTable::Uc(t) => run_traced(t, r, opts),
        AnyTable::Surt(t) => run_traced(t, r, opts),
        AnyTable::W3lib(t) => run_traced(t, r, opts),
    }
}

/// Each canonicalizer profile's parts for the registry: its step rows and its traced run.
macro_rules! canon_profiles {
    ($($steps:ident, $run:ident: $c:ident;)*) => {
        $(
            pub(crate) static $steps: CanonSteps = CanonSteps(Canonicalizer::$c);
            pub(crate) fn $run(r: &mut Runner, opts: &Options) {
                run_canonicalizer(Canonicalizer::$c, r, opts);
            }
        )*
    };
}
canon_profiles! {
    UC_WHATWG, run_uc_whatwg: UcWhatwg;
    UC_GOOGLE, run_uc_google: UcGoogle;
    UC_SEMANTIC_PRECISE, run_uc_semantic_precise: UcSemanticPrecise;
    UC_SEMANTIC, run_uc_semantic: UcSemantic;
    UC_AGGRESSIVE, run_uc_aggressive: UcAggressive;
    SSURT, run_ssurt: Ssurt;
    SB4, run_sb4: Sb4;
    SURT, run_surt: Surt;
    W3LIB, run_w3lib: W3lib;
}
