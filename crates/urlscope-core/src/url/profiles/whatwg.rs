//! Profile "WHATWG" (SPEC-MODERN §9.2): exactly what a browser's address bar and `new URL()`
//! make of the text, as serialized by the `url` crate. Nothing of the parser is re-implemented:
//! W0 makes the octets text without losing any, W1 asks the crate and records the difference.

use crate::url::rule::Rule;
use std::cell::RefCell;

use url::{ParseError, SyntaxViolation, Url};

use crate::url::diff::myers::replacements;
use crate::url::profiles::step::{Io, Remark, StepStatus};
use crate::url::profiles::table::{Step, When, step_table};
use crate::url::syntax::diag;
use crate::url::syntax::octets;
use crate::url::syntax::parser_text::parser_text;

pub const OCTETS: Rule = Rule::WhatwgOctets;
pub(crate) const ENCODE_INVALID_UTF8: Rule = Rule::EncodeInvalidUtf8;
pub(crate) const PARSE: Rule = Rule::WhatwgParse;
pub(crate) const SERIALIZE: Rule = Rule::WhatwgSerialize;

step_table! {
    /// SPEC-MODERN §9.2: W0 makes the octets text, W1 asks the crate.
    pub TABLE: (), run = [
        Step::new(
            OCTETS,
            &[ENCODE_INVALID_UTF8],
            When::Always,
            false,
            octets_step,
        ),
        Step::new(PARSE, &[SERIALIZE], When::Always, false, parse),
    ];
}

/// W1: parse as a browser does (against the base, if any) and record the href's difference.
#[inline(always)]
fn parse(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    // W0 left only valid UTF-8.
    let text = std::str::from_utf8(cur).unwrap_or_default();
    let base = match io.opts.base() {
        None => None,
        Some(b) => match Url::parse(&parser_text(b).text) {
            Ok(u) => Some(u),
            Err(_) => return StepStatus::Error(diag::E_BASE_NOT_ABSOLUTE),
        },
    };
    let seen = RefCell::new(Vec::new());
    let report = |v: SyntaxViolation| seen.borrow_mut().push(v);
    // Only a traced run shows the validation errors; asking for them costs the parser a
    // pre-scan, so the batch path does not.
    let parsed = Url::options()
        .base_url(base.as_ref())
        .syntax_violation_callback(io.log.trace.then_some(&report as &dyn Fn(SyntaxViolation)))
        .parse(text);
    io.remark(seen.into_inner().into_iter().map(violation_remark));
    let url = match parsed {
        Ok(u) => u,
        Err(e) => return StepStatus::Error(parse_error_id(e)),
    };
    let href = url.as_str().as_bytes();
    if href == cur {
        return StepStatus::NoChange;
    }
    if io.log.trace {
        for (from, to) in replacements(cur, href) {
            io.log.push(from, &href[to], SERIALIZE);
        }
    } else {
        io.log.count += 1;
    }
    io.out.extend_from_slice(href);
    StepStatus::NoChange
}

/// W0: each octet of every invalid UTF-8 sequence becomes its triplet.
#[inline(always)]
fn octets_step(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    if std::str::from_utf8(cur).is_ok() {
        return StepStatus::NoChange;
    }
    io.flag(diag::W_INVALID_UTF8);
    let mut pos = 0;
    for chunk in cur.utf8_chunks() {
        pos += chunk.valid().len();
        for (k, &b) in chunk.invalid().iter().enumerate() {
            io.log.push(
                pos + k..pos + k + 1,
                &octets::encoded(b),
                ENCODE_INVALID_UTF8,
            );
        }
        pos += chunk.invalid().len();
    }
    io.out.extend_from_slice(parser_text(cur).text.as_bytes());
    StepStatus::NoChange
}

/// `E-whatwg-…`, named after the crate's parse error.
pub fn parse_error_id(e: ParseError) -> diag::Diag {
    match e {
        ParseError::EmptyHost => diag::E_WHATWG_EMPTY_HOST,
        ParseError::IdnaError => diag::E_WHATWG_IDNA,
        ParseError::InvalidPort => diag::E_WHATWG_INVALID_PORT,
        ParseError::InvalidIpv4Address => diag::E_WHATWG_INVALID_IPV4,
        ParseError::InvalidIpv6Address => diag::E_WHATWG_INVALID_IPV6,
        ParseError::InvalidDomainCharacter => diag::E_WHATWG_INVALID_DOMAIN_CHARACTER,
        ParseError::RelativeUrlWithoutBase => diag::E_WHATWG_RELATIVE_WITHOUT_BASE,
        ParseError::RelativeUrlWithCannotBeABaseBase => diag::E_WHATWG_RELATIVE_WITH_OPAQUE_BASE,
        ParseError::Overflow => diag::E_WHATWG_OVERFLOW,
        _ => diag::E_WHATWG_PARSE,
    }
}

crate::url::syntax::id::id_enum! {
    /// A validation error the crate reports (a step remark), with a stable id; `Other` stands
    /// for one this table does not know (the crate may add some). Its sentence is one
    /// exhaustive match (`url::explain_modern::violation`).
    pub enum Violation {
        Backslash => "whatwg-backslash",
        C0SpaceIgnored => "whatwg-c0-space-ignored",
        EmbeddedCredentials => "whatwg-embedded-credentials",
        ExpectedDoubleSlash => "whatwg-expected-double-slash",
        ExpectedFileDoubleSlash => "whatwg-expected-file-double-slash",
        FileWithHostAndWindowsDrive => "whatwg-file-with-host-and-windows-drive",
        NonUrlCodePoint => "whatwg-non-url-code-point",
        NullInFragment => "whatwg-null-in-fragment",
        PercentDecode => "whatwg-percent-decode",
        TabOrNewlineIgnored => "whatwg-tab-or-newline-ignored",
        UnencodedAtSign => "whatwg-unencoded-at-sign",
        Other => "whatwg-validation-error",
    }
}

impl Violation {
    /// The id of the crate's `v`.
    pub fn of(v: SyntaxViolation) -> Violation {
        use SyntaxViolation as S;
        match v {
            S::Backslash => Violation::Backslash,
            S::C0SpaceIgnored => Violation::C0SpaceIgnored,
            S::EmbeddedCredentials => Violation::EmbeddedCredentials,
            S::ExpectedDoubleSlash => Violation::ExpectedDoubleSlash,
            S::ExpectedFileDoubleSlash => Violation::ExpectedFileDoubleSlash,
            S::FileWithHostAndWindowsDrive => Violation::FileWithHostAndWindowsDrive,
            S::NonUrlCodePoint => Violation::NonUrlCodePoint,
            S::NullInFragment => Violation::NullInFragment,
            S::PercentDecode => Violation::PercentDecode,
            S::TabOrNewlineIgnored => Violation::TabOrNewlineIgnored,
            S::UnencodedAtSign => Violation::UnencodedAtSign,
            _ => Violation::Other,
        }
    }
}

fn violation_remark(v: SyntaxViolation) -> Remark {
    Remark {
        id: Violation::of(v),
        text: v.description(),
    }
}
