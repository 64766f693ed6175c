//! Profile "RFC 1738" (RFC 1738 §2.2): a pure character-encoding canonicalizer.

use super::table::{Step, When, step_table};
use crate::url::profiles::step::{Act, Io, StepStatus, unit_pass};
use crate::url::rule::Rule;
use crate::url::syntax::octets::{self, set};

pub(crate) const CHAR_PASS: Rule = Rule::Rfc1738CharPass;
pub(crate) const FRAGMENT_MARK: Rule = Rule::Rfc1738FragmentMark;
pub(crate) const ENCODE_NONGRAPHIC: Rule = Rule::EncodeNongraphic;
pub(crate) const ENCODE_UNSAFE: Rule = Rule::EncodeUnsafe;
pub(crate) const KEEP_RESERVED: Rule = Rule::KeepReserved;
pub(crate) const DECODE_SAFE: Rule = Rule::DecodeSafe;
pub(crate) const KEEP_ENCODED: Rule = Rule::KeepEncoded;
pub(crate) const UPPERCASE_HEX: Rule = Rule::UppercaseHex;

/// The decision of R0–R4 for one unit, with the rule that decided (also used for explanations
/// of units the pass keeps).
pub(crate) fn rule_for(u: &octets::Unit, fragment_mark: Option<usize>) -> (Act, Rule) {
    if fragment_mark == Some(u.start) {
        return (Act::Keep, FRAGMENT_MARK);
    }
    let v = u.value;
    if !u.encoded {
        if octets::is(v, set::NO_GRAPHIC) {
            (Act::Encode(ENCODE_NONGRAPHIC), ENCODE_NONGRAPHIC)
        } else if octets::is(v, set::R1738_UNSAFE) {
            (Act::Encode(ENCODE_UNSAFE), ENCODE_UNSAFE)
        } else if octets::is(v, set::R1738_RESERVED) {
            (Act::Keep, KEEP_RESERVED)
        } else {
            (Act::Keep, CHAR_PASS)
        }
    } else if fragment_mark.is_none_or(|fm| u.start < fm)
        && octets::is(v, set::ALNUM | set::R1738_SAFE)
    {
        (Act::Decode(DECODE_SAFE), DECODE_SAFE)
    } else if octets::is(v, set::R1738_RESERVED) {
        (Act::Keep, KEEP_RESERVED)
    } else {
        (Act::Keep, KEEP_ENCODED)
    }
}

/// Is this a triplet with a lowercase hex digit?
#[inline]
pub(crate) fn has_lower_hex(s: &[u8], u: &octets::Unit) -> bool {
    u.encoded && (s[u.start + 1].is_ascii_lowercase() || s[u.start + 2].is_ascii_lowercase())
}

step_table! {
    /// R1–R4 in one character pass, then R5.
    pub(crate) TABLE: (), run = [
        Step::new(
            CHAR_PASS,
            &[ENCODE_NONGRAPHIC, ENCODE_UNSAFE, DECODE_SAFE],
            // Only unsafe and non-graphic octets can be edited by R1–R4.
            When::Holds(set::NO_GRAPHIC | set::R1738_UNSAFE),
            true,
            char_pass,
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

#[inline(always)]
fn char_pass(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let fm = io.parsed.fragment_mark;
    let cur = io.cur;
    unit_pass(
        cur,
        0..cur.len(),
        set::NO_GRAPHIC | set::R1738_UNSAFE,
        io.out,
        io.log,
        |u| rule_for(u, fm).0,
    );
    StepStatus::NoChange
}

/// R5 / F9 / M4: rewrite every triplet with uppercase hex digits (encoding the value does
/// exactly that). Shared by the profiles whose step and rule are both `uppercase-hex`.
#[inline(always)]
pub(crate) fn uppercase_hex<C>(io: &mut Io<'_>, _: &mut C) -> StepStatus {
    let cur = io.cur;
    unit_pass(cur, 0..cur.len(), set::PERCENT, io.out, io.log, |u| {
        if has_lower_hex(cur, u) {
            Act::Encode(UPPERCASE_HEX)
        } else {
            Act::Keep
        }
    });
    StepStatus::NoChange
}
