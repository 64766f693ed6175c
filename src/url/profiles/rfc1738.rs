//! Profile "RFC 1738" (SPEC §3.1, seed 003): a pure character-encoding canonicalizer.

use crate::url::octets::{self, set};
use crate::url::step::{Act, Runner, StepStatus, unit_pass};

pub const CHAR_PASS: &str = "rfc1738-char-pass";
pub const FRAGMENT_MARK: &str = "rfc1738-fragment-mark";
pub const ENCODE_NONGRAPHIC: &str = "encode-nongraphic";
pub const ENCODE_UNSAFE: &str = "encode-unsafe";
pub const KEEP_RESERVED: &str = "keep-reserved";
pub const DECODE_SAFE: &str = "decode-safe";
pub const KEEP_ENCODED: &str = "keep-encoded";
pub const UPPERCASE_HEX: &str = "uppercase-hex";

/// The decision of R0–R4 for one unit, with the rule that decided (also used for explanations
/// of units the pass keeps).
pub fn rule_for(u: &octets::Unit, fragment_mark: Option<usize>) -> (Act, &'static str) {
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
pub fn has_lower_hex(s: &[u8], u: &octets::Unit) -> bool {
    u.encoded && (s[u.start + 1].is_ascii_lowercase() || s[u.start + 2].is_ascii_lowercase())
}

pub fn run(r: &mut Runner) {
    // Only '%', unsafe and non-graphic octets can be edited by R1–R4.
    if r.any(set::NO_GRAPHIC | set::R1738_UNSAFE) {
        r.parse();
        r.step(CHAR_PASS, |cur, p, out, log| {
            let fm = p.fragment_mark;
            unit_pass(
                cur,
                0..cur.len(),
                set::NO_GRAPHIC | set::R1738_UNSAFE,
                out,
                log,
                |u| rule_for(u, fm).0,
            );
            StepStatus::NoChange
        });
    } else {
        r.no_change(CHAR_PASS);
    }
    uppercase_hex(r, UPPERCASE_HEX);
}

/// R5 / F9: rewrite every triplet with uppercase hex digits (encoding the value does exactly that).
pub fn uppercase_hex(r: &mut Runner, id: &'static str) {
    if !r.any(set::PERCENT) {
        return r.no_change(id);
    }
    r.step(id, |cur, _, out, log| {
        unit_pass(cur, 0..cur.len(), set::PERCENT, out, log, |u| {
            if has_lower_hex(cur, u) {
                Act::Encode(id)
            } else {
                Act::Keep
            }
        });
        StepStatus::NoChange
    });
}
