//! Profile "Hyvätti robots" (Hyvätti's 1996 post to the robots mailing list): the crawler recipe, in its order.

use super::table::{Step, When, step_table};
use crate::url::fast::hyvatti::wrapper_bounds;
use crate::url::profiles::step::{Act, EditLog, Io, StepStatus, lowercase, splice};
use crate::url::rule::Rule;
use crate::url::syntax::octets::{self, set};

pub(crate) const STRIP_FRAGMENT: Rule = Rule::StripFragment;
pub(crate) const STRIP_WRAPPER: Rule = Rule::StripWrapper;
pub(crate) const CHAR_PASS: Rule = Rule::HyvCharPass;
pub(crate) const KEEP_ENCODED: Rule = Rule::HyvKeepEncoded;
pub(crate) const DECODE: Rule = Rule::HyvDecode;
pub(crate) const ENCODE: Rule = Rule::HyvEncode;
/// The rule of an octet Hyvätti keeps raw.
pub const KEEP_RAW: Rule = Rule::HyvKeepRaw;
pub(crate) const LOWERCASE_SCHEME: Rule = Rule::LowercaseScheme;
pub(crate) const LOWERCASE_HOST: Rule = Rule::LowercaseHost;
pub(crate) const UNIQUE_HOST: Rule = Rule::UniqueHost;
pub(crate) const STRIP_PORT_80: Rule = Rule::StripPort80;

pub(crate) const NO_ALIAS: &str = "no alias data — a crawler would consult DNS here";
const NOT_HTTP: &str = "only for http URLs with an authority";

/// H3's decision for one unit, with the rule id (also for units it keeps).
pub fn rule_for(u: &octets::Unit) -> (Act, Rule) {
    match (
        u.encoded,
        u.encoded && octets::is(u.value, set::HYV_KEEP_ENCODED),
    ) {
        (true, true) => (Act::Keep, KEEP_ENCODED),
        (true, false) => (Act::Decode(DECODE), DECODE),
        (false, _) if octets::is(u.value, set::HYV_ENCODE_RAW) => (Act::Encode(ENCODE), ENCODE),
        (false, _) => (Act::Keep, KEEP_RAW),
    }
}

/// H3 over the whole string. One guard beyond the recipe's pseudocode: when an invalid `%` (kept
/// raw) would be followed in the output by two hex digits, at least one of them produced by this
/// decoding, a new triplet forms; if H3 would decode that triplet on a second run, the decodes
/// that formed it are not made (`%2%41` stays `%2%41` rather than `%2A`, which a second run turns
/// into `*`). Where the new triplet is one H3 keeps (`%%41b` → `%Ab`), the literal result is
/// already stable and stands. Without the guard the profile would not be idempotent (docs/rules.md, "Profiles and step records");
/// see docs/departures.md.
fn char_pass(cur: &[u8], out: &mut Vec<u8>, log: &mut EditLog) {
    let mut copied = 0;
    let mut suppressed = [usize::MAX; 2];
    // Raw octets outside `HYV_ENCODE_RAW` are kept and change no state: they are skipped.
    let mut units = octets::units_of(cur, 0..cur.len(), set::PERCENT | set::HYV_ENCODE_RAW);
    while let Some(u) = units.next() {
        let mut act = rule_for(&u).0;
        if u.is_invalid_percent() {
            suppressed = forming_decodes(units.all_ahead());
        } else if matches!(act, Act::Decode(_)) && suppressed.contains(&u.start) {
            act = Act::Keep;
        }
        match act {
            Act::Keep | Act::Replace(..) => continue,
            Act::Encode(rule) => {
                out.extend_from_slice(&cur[copied..u.start]);
                let enc = octets::encoded(u.value);
                out.extend_from_slice(&enc);
                log.push(u.range(), &enc, rule);
            }
            Act::Decode(rule) => {
                out.extend_from_slice(&cur[copied..u.start]);
                out.push(u.value);
                log.push(u.range(), &[u.value], rule);
            }
        }
        copied = u.end();
    }
    if log.count > 0 {
        out.extend_from_slice(&cur[copied..]);
    }
}

/// For the units after an invalid `%`: the starts of the decodes that would complete a new
/// triplet H3 would later decode (none when no such triplet forms).
fn forming_decodes(mut ahead: octets::Units<'_>) -> [usize; 2] {
    // The first output octet of a unit under H3: decoded triplets and kept raw octets give their
    // value; encoded or kept triplets start with '%', which is not a hex digit.
    let first = |u: &octets::Unit| match rule_for(u).0 {
        Act::Decode(_) => (u.value, true),
        Act::Keep if !u.encoded => (u.value, false),
        _ => (b'%', false),
    };
    let none = [usize::MAX; 2];
    let (Some(u1), Some(u2)) = (ahead.next(), ahead.next()) else {
        return none;
    };
    let ((h1, d1), (h2, d2)) = (first(&u1), first(&u2));
    if !(octets::is_hex(h1) && octets::is_hex(h2) && (d1 || d2)) {
        return none;
    }
    let value = octets::hex_value(h1) << 4 | octets::hex_value(h2);
    if octets::is(value, set::HYV_KEEP_ENCODED) {
        return none;
    }
    [
        if d1 { u1.start } else { usize::MAX },
        if d2 { u2.start } else { usize::MAX },
    ]
}

step_table! {
    /// H1–H7 in the recipe's order; H5–H7 act on http URLs with an authority only.
    pub(crate) TABLE: Ctx, run = [
        Step::new(
            STRIP_FRAGMENT,
            &[STRIP_FRAGMENT],
            When::Always,
            false,
            strip_fragment,
        ),
        Step::new(
            STRIP_WRAPPER,
            &[STRIP_WRAPPER],
            When::Always,
            false,
            strip_wrapper,
        ),
        Step::new(
            CHAR_PASS,
            &[DECODE, ENCODE],
            When::Holds(set::PERCENT | set::HYV_ENCODE_RAW),
            false,
            |io, _| {
                char_pass(io.cur, io.out, io.log);
                StepStatus::NoChange
            },
        ),
        Step::new(
            LOWERCASE_SCHEME,
            &[LOWERCASE_SCHEME],
            When::Always,
            true,
            lowercase_scheme,
        ),
        Step::new(
            LOWERCASE_HOST,
            &[LOWERCASE_HOST],
            When::Always,
            true,
            lowercase_host,
        ),
        Step::new(UNIQUE_HOST, &[UNIQUE_HOST], When::Always, true, unique_host),
        Step::new(
            STRIP_PORT_80,
            &[STRIP_PORT_80],
            When::Always,
            true,
            strip_port_80,
        ),
    ];
}

/// What H5–H7 share: whether the URL is an http URL with an authority, decided once on the
/// string H5 sees (after H4 lowercased the scheme).
#[derive(Default)]
pub(crate) struct Ctx {
    is_http: Option<bool>,
}

impl Ctx {
    fn is_http(&mut self, io: &Io<'_>) -> bool {
        *self.is_http.get_or_insert_with(|| {
            let p = io.parsed;
            p.authority.is_some()
                && p.scheme
                    .as_ref()
                    .is_some_and(|s| &io.cur[s.clone()] == b"http")
        })
    }
}

/// H1, and PDF's P2: the first `#` and everything after it go.
#[inline(always)]
pub(crate) fn strip_fragment<C>(io: &mut Io<'_>, _: &mut C) -> StepStatus {
    let cur = io.cur;
    if let Some(h) = memchr::memchr(b'#', cur) {
        splice(cur, h..cur.len(), b"", io.out, io.log, STRIP_FRAGMENT);
    }
    StepStatus::NoChange
}

#[inline(always)]
fn strip_wrapper(io: &mut Io<'_>, _: &mut Ctx) -> StepStatus {
    let cur = io.cur;
    let (a, z) = wrapper_bounds(cur);
    if a > 0 || z < cur.len() {
        io.out.extend_from_slice(&cur[a..z]);
        if a > 0 {
            io.log.push(0..a, b"", STRIP_WRAPPER);
        }
        if z < cur.len() {
            io.log.push(z..cur.len(), b"", STRIP_WRAPPER);
        }
    }
    StepStatus::NoChange
}

/// H4, and PDF's P3: the scheme to lowercase.
#[inline(always)]
pub(crate) fn lowercase_scheme<C>(io: &mut Io<'_>, _: &mut C) -> StepStatus {
    match &io.parsed.scheme {
        Some(s) => {
            lowercase(io.cur, s.clone(), io.out, io.log, LOWERCASE_SCHEME);
            StepStatus::NoChange
        }
        None => StepStatus::NotApplicable("no scheme"),
    }
}

#[inline(always)]
fn lowercase_host(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    if !ctx.is_http(io) {
        return StepStatus::NotApplicable(NOT_HTTP);
    }
    match &io.parsed.host {
        Some(h) if !h.is_empty() => {
            lowercase(io.cur, h.clone(), io.out, io.log, LOWERCASE_HOST);
            StepStatus::NoChange
        }
        _ => StepStatus::NotApplicable("empty host"),
    }
}

#[inline(always)]
fn strip_port_80(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    if !ctx.is_http(io) {
        return StepStatus::NotApplicable(NOT_HTTP);
    }
    let cur = io.cur;
    match &io.parsed.port {
        Some(port) if &cur[port.clone()] == b"80" => {
            splice(
                cur,
                port.start - 1..port.end,
                b"",
                io.out,
                io.log,
                STRIP_PORT_80,
            );
            StepStatus::NoChange
        }
        Some(_) => StepStatus::NoChange,
        None => StepStatus::NotApplicable("no port"),
    }
}

#[inline(always)]
fn unique_host(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    if !ctx.is_http(io) {
        return StepStatus::NotApplicable(NOT_HTTP);
    }
    let (cur, p, opts) = (io.cur, io.parsed, io.opts);
    let Some(h) = p.host.clone().filter(|h| !h.is_empty()) else {
        return StepStatus::NotApplicable("empty host");
    };
    let host = &cur[h.clone()];
    match opts
        .host_aliases
        .iter()
        .find(|(alias, _)| alias.as_slice() == host)
    {
        Some((_, canonical)) if canonical.as_slice() != host => {
            splice(cur, h, canonical, io.out, io.log, UNIQUE_HOST);
            StepStatus::NoChange
        }
        Some(_) => StepStatus::NoChange,
        None => StepStatus::NotApplicable(NO_ALIAS),
    }
}
