//! The crawler canonicalizers (`crate::canon`) as profiles: each table's rows as step rows of
//! the registry, its traced run over the runner, and its batch run for the fast path.

use crate::canon::table::{Failure, Model, Table};
use crate::canon::{CanonStep, Canonicalizer, batch, sb4, surt, urlcanon, w3lib};
use crate::url::diff::replacements;
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
pub struct CanonSteps<M: 'static>(pub &'static Table<M>);

impl<M> Steps for CanonSteps<M> {
    fn row(&self, i: usize) -> Option<&StepInfo> {
        self.0.nth(i).map(|r| &INFOS[r.step as usize])
    }

    fn base_len(&self) -> usize {
        self.0.base.map_or(0, |b| b.len())
    }
}

pub fn failure_diag(f: Failure) -> Diag {
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
pub fn run_traced<M: Model>(t: &'static Table<M>, r: &mut Runner, opts: &Options) {
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
pub fn canonicalizer(p: Profile) -> Option<Canonicalizer> {
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
pub fn normalize_into(
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

pub static UC_WHATWG: CanonSteps<urlcanon::UcUrl> = CanonSteps(&urlcanon::WHATWG);
pub static UC_GOOGLE: CanonSteps<urlcanon::UcUrl> = CanonSteps(&urlcanon::GOOGLE);
pub static UC_SEMANTIC_PRECISE: CanonSteps<urlcanon::UcUrl> =
    CanonSteps(&urlcanon::SEMANTIC_PRECISE);
pub static UC_SEMANTIC: CanonSteps<urlcanon::UcUrl> = CanonSteps(&urlcanon::SEMANTIC);
pub static UC_AGGRESSIVE: CanonSteps<urlcanon::UcUrl> = CanonSteps(&urlcanon::AGGRESSIVE);
pub static SSURT: CanonSteps<urlcanon::UcUrl> = CanonSteps(&urlcanon::SSURT);
pub static SB4: CanonSteps<urlcanon::UcUrl> = CanonSteps(&sb4::SB4);
pub static SURT: CanonSteps<surt::SurtUrl> = CanonSteps(&surt::SURT);
pub static W3LIB: CanonSteps<w3lib::W3Url> = CanonSteps(&w3lib::W3LIB);

/// A registry entry's `run` for a canonicalizer's table.
macro_rules! canon_run {
    ($($name:ident: $table:expr;)*) => {
        $(pub fn $name(r: &mut Runner, opts: &Options) {
            run_traced($table, r, opts);
        })*
    };
}
canon_run! {
    run_uc_whatwg: &urlcanon::WHATWG;
    run_uc_google: &urlcanon::GOOGLE;
    run_uc_semantic_precise: &urlcanon::SEMANTIC_PRECISE;
    run_uc_semantic: &urlcanon::SEMANTIC;
    run_uc_aggressive: &urlcanon::AGGRESSIVE;
    run_ssurt: &urlcanon::SSURT;
    run_sb4: &sb4::SB4;
    run_surt: &surt::SURT;
    run_w3lib: &w3lib::W3LIB;
}
