//! Profile "FidoURL" (FidoURL §5.2.2, 2007).

use super::rfc1738::uppercase_hex;
use super::table::{Step, When, step_table};
use crate::url::profiles::join::{self, CONTINUATION, JOIN};
use crate::url::profiles::step::{Act, Io, StepStatus, unit_pass};
use crate::url::rule::Rule;
use crate::url::syntax::diag;
use crate::url::syntax::octets::{self, set};
use crate::url::syntax::tokenize::{Parsed, has_triple_minus, is_areatag_scheme};

pub(crate) use crate::url::profiles::join::has_pause_mark;

pub(crate) const DECODE_UNNEEDED: Rule = Rule::DecodeUnneeded;
pub(crate) const ENCODE_NONGRAPHIC: Rule = Rule::EncodeNongraphic;
pub(crate) const SPACE_AS_PLUS: Rule = Rule::FidoSpaceAsPlus;
pub(crate) const ENCODE_UNSAFE: Rule = Rule::EncodeUnsafe;
pub(crate) const MISPLACED_RESERVED: Rule = Rule::FidoEncodeMisplacedReserved;
pub(crate) const QUESTION_ONCE: Rule = Rule::FidoQuestionOnce;
pub(crate) const EQUALS_PLACEMENT: Rule = Rule::FidoEqualsPlacement;
pub(crate) const AMPERSAND_PLACEMENT: Rule = Rule::FidoAmpersandPlacement;
pub(crate) const AT_IN_AREATAG: Rule = Rule::FidoAtInAreatag;
pub(crate) const KEEP_PLUS_ENCODED: Rule = Rule::FidoKeepPlusEncoded;
pub(crate) const BREAK_TRIPLE_MINUS: Rule = Rule::FidoBreakTripleMinus;
pub(crate) const UPPERCASE_HEX: Rule = Rule::UppercaseHex;

/// Offset just after `scheme:`, or the start when there is no scheme.
fn after_scheme(p: &Parsed) -> usize {
    p.scheme.as_ref().map_or(0, |s| s.end + 1)
}

step_table! {
    /// The continuation join, then F2–F9.
    pub(crate) TABLE: (), run = [
        Step::new(
            JOIN,
            &[JOIN, CONTINUATION],
            When::Holds(set::PERCENT),
            false,
            join,
        ),
        // `encode-unsafe` in F2 is the departure documented at `decode_unneeded`.
        Step::new(
            DECODE_UNNEEDED,
            &[DECODE_UNNEEDED, ENCODE_UNSAFE],
            When::Holds(set::PERCENT),
            true,
            |io, _| {
                let range = io.parsed.ssp.start..io.parsed.w.end;
                decode_unneeded(io.cur, range, io.out, io.log);
                StepStatus::NoChange
            },
        ),
        Step::new(
            ENCODE_NONGRAPHIC,
            &[ENCODE_NONGRAPHIC],
            When::Holds(set::NO_GRAPHIC),
            true,
            encode_nongraphic,
        ),
        Step::new(
            SPACE_AS_PLUS,
            &[SPACE_AS_PLUS],
            When::Holds(set::SPACE | set::PERCENT),
            true,
            space_as_plus,
        ),
        Step::new(
            ENCODE_UNSAFE,
            &[ENCODE_UNSAFE],
            When::Holds(set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT),
            true,
            encode_unsafe,
        ),
        Step::new(
            MISPLACED_RESERVED,
            &[
                QUESTION_ONCE,
                EQUALS_PLACEMENT,
                AMPERSAND_PLACEMENT,
                AT_IN_AREATAG,
            ],
            When::Holds(set::QMARK | set::EQUALS | set::AMP | set::AT),
            true,
            |io, _| {
                misplaced_reserved(io.cur, io.parsed, io.out, io.log);
                StepStatus::NoChange
            },
        ),
        Step::new(
            KEEP_PLUS_ENCODED,
            &[],
            When::Always,
            true,
            keep_plus_encoded,
        ),
        Step::new(
            BREAK_TRIPLE_MINUS,
            &[BREAK_TRIPLE_MINUS],
            When::Always,
            true,
            break_triple_minus,
        ),
        Step::new(
            UPPERCASE_HEX,
            &[UPPERCASE_HEX],
            When::Holds(set::PERCENT),
            false,
            uppercase_hex,
        ),
    ];
}

/// The working range of the profile: the whole input when it holds a pause mark (the join
/// reads the frames between the lines), else the input inside its frame.
pub(crate) fn body(x: &[u8]) -> std::ops::Range<usize> {
    if has_pause_mark(x) {
        super::table::whole(x)
    } else {
        super::table::framed(x)
    }
}

/// §5.2.2.5: join a URL wrapped across lines at its `%%` marks.
#[inline(always)]
fn join(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    let Some(j) = join::fido_join(cur) else {
        return StepStatus::NoChange;
    };
    // Deletions are the gaps between the kept ranges: a gap that is exactly a `%%…%%` span
    // is a continuation; the surrounding text (and an unterminated tail) is the step's own.
    let mut pos = 0;
    // Gaps and continuations both come in input order: one forward walk matches them.
    let mut conts = j.continuations.iter().peekable();
    for k in j
        .kept
        .iter()
        .chain(std::iter::once(&(cur.len()..cur.len())))
    {
        if k.start > pos {
            let gap = pos..k.start;
            while conts.next_if(|c| c.start < gap.start).is_some() {}
            let rule = if conts.peek() == Some(&&gap) {
                CONTINUATION
            } else {
                JOIN
            };
            io.log.push(gap, b"", rule);
        }
        pos = k.end;
    }
    io.out.extend_from_slice(&j.output);
    match j.error {
        Some(e) => StepStatus::Error(e),
        None => StepStatus::NoChange,
    }
}

#[inline(always)]
fn encode_nongraphic(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    unit_pass(
        cur,
        after_scheme(io.parsed)..cur.len(),
        set::NO_GRAPHIC,
        io.out,
        io.log,
        |u| {
            if !u.encoded && octets::is(u.value, set::NO_GRAPHIC) {
                Act::Encode(ENCODE_NONGRAPHIC)
            } else {
                Act::Keep
            }
        },
    );
    StepStatus::NoChange
}

#[inline(always)]
fn space_as_plus(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let (cur, p) = (io.cur, io.parsed);
    let (ssp_end, fm) = (p.w.end, p.fragment_mark);
    unit_pass(
        cur,
        p.ssp.start..cur.len(),
        set::SPACE | set::PERCENT,
        io.out,
        io.log,
        |u| {
            if u.value != b' ' {
                Act::Keep
            } else if u.start < ssp_end {
                Act::Replace(b"+", SPACE_AS_PLUS)
            } else if !u.encoded && fm.is_some_and(|fm| u.start > fm) {
                Act::Encode(SPACE_AS_PLUS)
            } else {
                Act::Keep
            }
        },
    );
    StepStatus::NoChange
}

#[inline(always)]
fn encode_unsafe(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    let fm = io.parsed.fragment_mark;
    unit_pass(
        cur,
        0..cur.len(),
        set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT,
        io.out,
        io.log,
        |u| {
            let unsafe_raw =
                !u.encoded && octets::is(u.value, set::FIDO_UNSAFE | set::R1738_UNSAFE_TRANSPORT);
            if unsafe_raw && fm != Some(u.start) {
                Act::Encode(ENCODE_UNSAFE)
            } else {
                Act::Keep
            }
        },
    );
    StepStatus::NoChange
}

/// F7 makes no edit: it says why a `%2B` stays encoded.
#[inline(always)]
fn keep_plus_encoded(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let p = io.parsed;
    // Every `%` starts a unit (a triplet holds no other `%`), so a `%2B` inside the range is
    // a triplet unit there: a substring search answers without walking the units.
    let ssp = &io.cur[p.ssp.start..p.w.end];
    let has_plus_triplet = io.any(set::PERCENT)
        && (memchr::memmem::find(ssp, b"%2B").is_some()
            || memchr::memmem::find(ssp, b"%2b").is_some());
    if has_plus_triplet {
        io.note("a %2B in the scheme-specific part stays encoded: a raw '+' would mean a space");
        StepStatus::NoChange
    } else {
        StepStatus::NotApplicable("no %2B in the scheme-specific part")
    }
}

#[inline(always)]
fn break_triple_minus(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let (cur, p) = (io.cur, io.parsed);
    if let Some(s) = p.scheme.clone()
        && has_triple_minus(&cur[s])
    {
        io.flag(diag::W_FIDO_SCHEME_TRIPLE_MINUS);
    }
    if !has_triple_minus(cur) {
        return StepStatus::NoChange;
    }
    let mut run = 0;
    let mut copied = 0;
    for i in after_scheme(p)..cur.len() {
        if cur[i] != b'-' {
            run = 0;
            continue;
        }
        run += 1;
        if run == 3 {
            run = 0;
            io.out.extend_from_slice(&cur[copied..i]);
            io.out.extend_from_slice(b"%2D");
            io.log.push(i..i + 1, b"%2D", BREAK_TRIPLE_MINUS);
            copied = i + 1;
        }
    }
    if io.log.count > 0 {
        io.out.extend_from_slice(&cur[copied..]);
    }
    StepStatus::NoChange
}

/// F2 over `range` (the SSP without the fragment). Beyond the proposal's wording: when an invalid
/// `%` would be followed by two hex digits, at least one produced by this very decoding, and the
/// new triplet is one F2 would decode on a second run (`%2%41` → `%2A`), the `%` is encoded as
/// `%25` here with F5's rule — F5 re-reads the string and would otherwise take `%2A` for a
/// triplet, and the profile would not be idempotent. Where the new triplet is one
/// FidoURL keeps (`%a%41` → `%AA`), the literal result is already stable and stands. See
/// docs/departures.md.
fn decode_unneeded(
    cur: &[u8],
    range: std::ops::Range<usize>,
    out: &mut Vec<u8>,
    log: &mut crate::url::profiles::step::EditLog,
) {
    let decoded = |u: &octets::Unit| u.encoded && octets::fido_decodable(u.value);
    // Only triplets and invalid `%` can be edited: the units between are never visited.
    let mut it = octets::units_of(cur, range, set::PERCENT);
    let mut copied = 0;
    while let Some(u) = it.next() {
        let replacement: &[u8] = if decoded(&u) {
            std::slice::from_ref(&u.value)
        } else if u.is_invalid_percent() {
            let mut ahead = it.all_ahead();
            // The hex digit a unit contributes to the output after F2, and whether F2 decoded it.
            let digit = |u: Option<octets::Unit>| match u {
                Some(u) if decoded(&u) => (octets::is_hex(u.value).then_some(u.value), true),
                Some(u) if !u.encoded => (octets::is_hex(u.value).then_some(u.value), false),
                _ => (None, false),
            };
            let ((h1, d1), (h2, d2)) = (digit(ahead.next()), digit(ahead.next()));
            let forms_decodable = h1.is_some() && h2.is_some() && (d1 || d2) && {
                let (a, b) = (h1.unwrap_or(0), h2.unwrap_or(0));
                octets::fido_decodable(octets::hex_value(a) << 4 | octets::hex_value(b))
            };
            if forms_decodable {
                log.push(u.range(), b"%25", ENCODE_UNSAFE);
                out.extend_from_slice(&cur[copied..u.start]);
                out.extend_from_slice(b"%25");
                copied = u.end();
            }
            continue;
        } else {
            continue;
        };
        out.extend_from_slice(&cur[copied..u.start]);
        out.extend_from_slice(replacement);
        log.push(u.range(), replacement, DECODE_UNNEEDED);
        copied = u.end();
    }
    if log.count > 0 {
        out.extend_from_slice(&cur[copied..]);
    }
}

/// F6: encode raw `?`, `=`, `&` out of their delimiter places, and `@` inside areatags (W only).
fn misplaced_reserved(
    cur: &[u8],
    p: &Parsed,
    out: &mut Vec<u8>,
    log: &mut crate::url::profiles::step::EditLog,
) {
    let qm = p.query_mark;
    let areatag = p
        .scheme
        .as_ref()
        .is_some_and(|s| is_areatag_scheme(&cur[s.clone()]))
        .then(|| p.areatag_region.clone())
        .flatten();
    // The last '@' of each '+'-separated areatag item is the domain delimiter.
    let last_ats: Vec<usize> = p
        .areatags
        .iter()
        .filter_map(|a| a.domain.as_ref().map(|d| d.start - 1))
        .collect();
    let mut seen_eq_in_pair = false;
    unit_pass(
        cur,
        0..p.w.end,
        set::QMARK | set::EQUALS | set::AMP | set::AT,
        out,
        log,
        |u| {
            if u.encoded {
                return Act::Keep;
            }
            let in_query = qm.is_some_and(|q| u.start > q);
            match u.value {
                b'?' if in_query => Act::Encode(QUESTION_ONCE),
                b'&' if in_query => {
                    seen_eq_in_pair = false;
                    Act::Keep
                }
                b'&' => Act::Encode(AMPERSAND_PLACEMENT),
                b'=' if in_query => {
                    if seen_eq_in_pair {
                        Act::Encode(EQUALS_PLACEMENT)
                    } else {
                        seen_eq_in_pair = true;
                        Act::Keep
                    }
                }
                b'=' if qm != Some(u.start) => Act::Encode(EQUALS_PLACEMENT),
                b'@' if areatag.as_ref().is_some_and(|r| r.contains(&u.start))
                    && last_ats.binary_search(&u.start).is_err() =>
                {
                    Act::Encode(AT_IN_AREATAG)
                }
                _ => Act::Keep,
            }
        },
    );
}
