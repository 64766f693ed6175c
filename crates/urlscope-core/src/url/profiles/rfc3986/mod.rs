//! Profile "RFC 3986" (docs/lenses.md): the canonical form of RFC 3986 §6.2.2 and §6.2.3,
//! after turning whatever was pasted into a URI reference (Appendix C, §2.1, RFC 3987 §3.1).

pub(crate) mod dots;
pub(crate) mod split;

use crate::url::rule::Rule;
use std::ops::Range;

pub(crate) use crate::url::fast::rfc3986::DEFAULT_PORTS;
pub(crate) use crate::url::fast::rfc3986::port_value;
use crate::url::profiles::rfc1738::uppercase_hex;
use crate::url::profiles::step::{Act, EditLog, Io, StepStatus, splice, splice_changed, unit_pass};
use crate::url::profiles::table::{Step, When, step_table};
use crate::url::syntax::octets::{self, set};

pub(crate) use split::{Split, split};

pub(crate) const UNWRAP: Rule = Rule::Rfc3986Unwrap;
pub(crate) const STRIP_EDGE_WHITESPACE: Rule = Rule::StripEdgeWhitespace;
pub(crate) const UNWRAP_FRAME: Rule = Rule::UnwrapFrame;
pub(crate) const REMOVE_WRAPPED_WHITESPACE: Rule = Rule::RemoveWrappedWhitespace;
pub(crate) const SPLIT: Rule = Rule::Rfc3986Split;
pub(crate) const ENCODE: Rule = Rule::Rfc3986Encode;
pub(crate) const ENCODE_NON_ASCII: Rule = Rule::EncodeNonAscii;
pub(crate) const ENCODE_CONTROL: Rule = Rule::EncodeControl;
pub(crate) const ENCODE_DISALLOWED: Rule = Rule::EncodeDisallowed;
pub(crate) const ENCODE_INVALID_PERCENT: Rule = Rule::EncodeInvalidPercent;
pub(crate) const UPPERCASE_HEX: Rule = Rule::UppercaseHex;
pub(crate) const DECODE_UNRESERVED: Rule = Rule::DecodeUnreserved;
pub(crate) const LOWERCASE_SCHEME_HOST: Rule = Rule::LowercaseSchemeHost;
pub(crate) const REMOVE_DOT_SEGMENTS: Rule = Rule::Rfc3986RemoveDotSegments;
pub(crate) const DROP_DEFAULT_PORT: Rule = Rule::DropDefaultPort;
pub(crate) const EMPTY_PATH_SLASH: Rule = Rule::EmptyPathSlash;

step_table! {
    /// M1–M9 (docs/lenses.md).
    pub(crate) TABLE: SplitCache, run = [
        Step::new(
            UNWRAP,
            &[
                STRIP_EDGE_WHITESPACE,
                UNWRAP_FRAME,
                REMOVE_WRAPPED_WHITESPACE,
            ],
            When::Always,
            false,
            unwrap,
        ),
        Step::new(SPLIT, &[], When::Always, false, split_step),
        Step::new(
            ENCODE,
            &[
                ENCODE_NON_ASCII,
                ENCODE_CONTROL,
                ENCODE_DISALLOWED,
                ENCODE_INVALID_PERCENT,
            ],
            When::Holds(ENCODE_TRIGGER),
            false,
            encode,
        ),
        Step::new(
            UPPERCASE_HEX,
            &[UPPERCASE_HEX],
            When::Holds(set::PERCENT),
            false,
            uppercase_hex,
        ),
        Step::new(
            DECODE_UNRESERVED,
            &[DECODE_UNRESERVED],
            When::Holds(set::PERCENT),
            false,
            decode_unreserved,
        ),
        Step::new(
            LOWERCASE_SCHEME_HOST,
            &[LOWERCASE_SCHEME_HOST],
            When::Holds(set::UPPER),
            false,
            lowercase_scheme_host,
        ),
        Step::new(
            REMOVE_DOT_SEGMENTS,
            &[REMOVE_DOT_SEGMENTS],
            When::Always,
            false,
            remove_dots,
        ),
        Step::new(
            DROP_DEFAULT_PORT,
            &[DROP_DEFAULT_PORT],
            When::Always,
            false,
            drop_default_port,
        ),
        Step::new(
            EMPTY_PATH_SLASH,
            &[EMPTY_PATH_SLASH],
            When::Always,
            false,
            empty_path_slash,
        ),
    ];
}

/// The profile's context: the split of the current string (RFC 3986 Appendix B), redone only
/// after a step changed it (most steps change nothing, and a batch run should split a URL
/// about once).
#[derive(Default)]
pub(crate) struct SplitCache {
    generation: Option<u64>,
    split: Split,
}

impl SplitCache {
    fn get(&mut self, io: &Io<'_>) -> &Split {
        if self.generation != Some(io.generation) {
            self.split = split(io.cur);
            self.generation = Some(io.generation);
        }
        &self.split
    }
}

/// M2: the split itself edits nothing; a port that is not digits is its error.
#[inline(always)]
fn split_step(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    if ctx.get(io).bad_port {
        StepStatus::Error(crate::url::syntax::diag::E_RFC3986_PORT)
    } else {
        StepStatus::NoChange
    }
}

/// M1 (Appendix C): edge whitespace, then one frame, then the whitespace the frame held.
#[inline(always)]
fn unwrap(io: &mut Io<'_>, _: &mut SplitCache) -> StepStatus {
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    let ws = |b: &u8| octets::is(*b, set::WHITESPACE);
    let a = cur.iter().position(|b| !ws(b)).unwrap_or(cur.len());
    let z = cur.iter().rposition(|b| !ws(b)).map_or(a, |k| k + 1);
    let body = &cur[a..z];
    let open = if body.len() >= 6
        && body[0] == b'<'
        && octets::starts_with_ci(&body[1..], b"URL:")
        && body[body.len() - 1] == b'>'
    {
        5
    } else if body.len() >= 2
        && ((body[0] == b'<' && body[body.len() - 1] == b'>')
            || (body[0] == b'"' && body[body.len() - 1] == b'"'))
    {
        1
    } else {
        0
    };
    let mut edits: Vec<(Range<usize>, Rule)> = Vec::new();
    if a > 0 {
        edits.push((0..a, STRIP_EDGE_WHITESPACE));
    }
    if open > 0 {
        edits.push((a..a + open, UNWRAP_FRAME));
        let (ia, iz) = (a + open, z - 1);
        let mut i = ia;
        while i < iz {
            if matches!(cur[i], b' ' | b'\t' | b'\r' | b'\n') {
                let j = cur[i..iz]
                    .iter()
                    .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                    .map_or(iz, |k| i + k);
                edits.push((i..j, REMOVE_WRAPPED_WHITESPACE));
                i = j;
            } else {
                i += 1;
            }
        }
        edits.push((iz..z, UNWRAP_FRAME));
    }
    if z < cur.len() {
        edits.push((z..cur.len(), STRIP_EDGE_WHITESPACE));
    }
    delete_ranges(cur, &edits, out, log);
    StepStatus::NoChange
}

/// Write `cur` without the given ordered, disjoint ranges, one edit each.
fn delete_ranges(
    cur: &[u8],
    ranges: &[(Range<usize>, Rule)],
    out: &mut Vec<u8>,
    log: &mut EditLog,
) {
    if ranges.is_empty() {
        return;
    }
    let mut pos = 0;
    for (r, rule) in ranges {
        out.extend_from_slice(&cur[pos..r.start]);
        log.push(r.clone(), b"", *rule);
        pos = r.end;
    }
    out.extend_from_slice(&cur[pos..]);
}

/// M3 (§2.1, §2.4, RFC 3987 §3.1): encode every raw octet the component's grammar forbids.
#[inline(always)]
fn encode(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    let sp = ctx.get(io);
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    // Most URLs hold ':' or '%' only where they belong: look before copying the string.
    if !needs_encoding(cur, sp, ENCODE_TRIGGER) {
        return StepStatus::NoChange;
    }
    let first_segment = sp.first_relative_segment(cur);
    unit_pass(
        cur,
        0..cur.len(),
        ENCODE_TRIGGER,
        out,
        log,
        |u| match encode_rule(u, sp, first_segment.as_ref()) {
            Some(rule) => Act::Encode(rule),
            None => Act::Keep,
        },
    );
    StepStatus::NoChange
}

/// Whether M3 would encode anything in `s` (the same decision as the pass, without writing).
fn needs_encoding(s: &[u8], sp: &Split, trigger: u32) -> bool {
    let first_segment = sp.first_relative_segment(s);
    let finder = octets::Finder::new(trigger, s.len());
    let mut i = 0;
    loop {
        i = finder.next_in(s, i, s.len());
        if i >= s.len() {
            break;
        }
        let encoded = s[i] == b'%' && octets::triplet_at(s, i);
        let u = octets::Unit {
            start: i,
            len: if encoded { 3 } else { 1 },
            value: s[i],
            encoded,
        };
        if encode_rule(&u, sp, first_segment.as_ref()).is_some() {
            return true;
        }
        i = u.end();
    }
    false
}

/// M3's rule for one unit: the first that applies, or `None` to keep it.
fn encode_rule(u: &octets::Unit, sp: &Split, first_segment: Option<&Range<usize>>) -> Option<Rule> {
    if u.encoded {
        return None;
    }
    let (v, p) = (u.value, u.start);
    let in_host = sp.host.contains(&p);
    Some(if v >= 0x80 {
        ENCODE_NON_ASCII
    } else if v < 0x20 || v == 0x7F {
        ENCODE_CONTROL
    } else if octets::is(v, set::R3986_DISALLOWED) {
        ENCODE_DISALLOWED
    } else {
        match v {
            b'%' => ENCODE_INVALID_PERCENT,
            b'#' if sp.fragment.as_ref().is_some_and(|f| p >= f.start) => ENCODE_DISALLOWED,
            b'[' | b']' if !(sp.ip_literal && in_host) => ENCODE_DISALLOWED,
            b'@' if sp.userinfo.as_ref().is_some_and(|ui| ui.contains(&p)) => ENCODE_DISALLOWED,
            b':' if first_segment.is_some_and(|s| s.contains(&p))
                || (!sp.ip_literal && in_host) =>
            {
                ENCODE_DISALLOWED
            }
            _ => return None,
        }
    })
}

/// M5 (§6.2.2.2): `%XX` of `ALPHA DIGIT - . _ ~` back to the character, in every component.
#[inline(always)]
fn decode_unreserved(io: &mut Io<'_>, _: &mut SplitCache) -> StepStatus {
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    unit_pass(cur, 0..cur.len(), set::PERCENT, out, log, |u| {
        if u.encoded && is_unreserved(u.value) {
            Act::Decode(DECODE_UNRESERVED)
        } else {
            Act::Keep
        }
    });
    StepStatus::NoChange
}

/// The octets M3 may encode (the rest never reach its rule).
const ENCODE_TRIGGER: u32 = set::NO_GRAPHIC
    | set::R3986_DISALLOWED
    | set::PERCENT
    | set::HASH
    | set::AT
    | set::COLON
    | set::BRACKET;

pub(crate) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// M6 (§6.2.2.1): raw letters of scheme and host to lowercase; hex digits of triplets stay.
#[inline(always)]
fn lowercase_scheme_host(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    let sp = ctx.get(io);
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    let mut runs: Vec<Range<usize>> = Vec::new();
    // An RFC 6874 zone is kept as written (it names a local interface; case may matter).
    let host_end = sp.zone.as_ref().map_or(sp.host.end, |z| z.start);
    let host = sp.host.start..host_end;
    for range in sp.scheme.iter().chain(std::iter::once(&host)) {
        let mut i = range.start;
        while i < range.end {
            if octets::triplet_at(cur, i) {
                i += 3;
            } else if cur[i].is_ascii_uppercase() {
                let j = cur[i..range.end]
                    .iter()
                    .position(|b| !b.is_ascii_uppercase())
                    .map_or(range.end, |k| i + k);
                runs.push(i..j);
                i = j;
            } else {
                i += 1;
            }
        }
    }
    if runs.is_empty() {
        return StepStatus::NoChange;
    }
    let mut pos = 0;
    for run in runs {
        out.extend_from_slice(&cur[pos..run.start]);
        let at = out.len();
        out.extend_from_slice(&cur[run.clone()]);
        out[at..].make_ascii_lowercase();
        log.push(run.clone(), &out[at..], LOWERCASE_SCHEME_HOST);
        pos = run.end;
    }
    out.extend_from_slice(&cur[pos..]);
    StepStatus::NoChange
}

/// M7 (§6.2.2.3 with §5.2.4): only with a scheme; `/.//` guards a path that would read as an
/// authority.
#[inline(always)]
fn remove_dots(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    let sp = ctx.get(io);
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    if sp.scheme.is_none() {
        return StepStatus::NotApplicable(
            "a relative reference's dot-segments are meaningful until it is resolved",
        );
    }
    let path = &cur[sp.path.clone()];
    if !has_dot_segment(path) {
        return StepStatus::NoChange;
    }
    let mut new = dots::remove_dot_segments(path);
    if sp.authority.is_none() && new.starts_with(b"//") {
        new.splice(0..0, *b"/.");
    }
    if new != path {
        splice_changed(cur, sp.path.clone(), &new, out, log, REMOVE_DOT_SEGMENTS);
    }
    StepStatus::NoChange
}

/// Whether some segment of `path` is `.` or `..` (only then can §5.2.4 change it).
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&b| b == b'/').any(|s| s == b"." || s == b"..")
}

/// M8 (§6.2.3): an empty port, or the scheme's default port, goes with its `:`.
#[inline(always)]
fn drop_default_port(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    let sp = ctx.get(io);
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    let Some(port) = sp.port.clone() else {
        return StepStatus::NoChange;
    };
    let digits = &cur[port.clone()];
    let default = sp.scheme.as_ref().and_then(|s| {
        DEFAULT_PORTS
            .iter()
            .find(|(name, _)| cur[s.clone()].eq_ignore_ascii_case(name.as_bytes()))
            .map(|&(_, p)| p)
    });
    if digits.is_empty() || default.is_some_and(|d| port_value(digits) == Some(d)) {
        splice(
            cur,
            port.start - 1..port.end,
            b"",
            out,
            log,
            DROP_DEFAULT_PORT,
        );
    }
    StepStatus::NoChange
}

/// M9 (§6.2.3): `http`, `https`, `ws`, `wss` with an authority and an empty path get `/`.
#[inline(always)]
fn empty_path_slash(io: &mut Io<'_>, ctx: &mut SplitCache) -> StepStatus {
    let sp = ctx.get(io);
    let (cur, out, log) = (io.cur, &mut *io.out, &mut *io.log);
    let web = sp.scheme.as_ref().is_some_and(|s| {
        ["http", "https", "ws", "wss"]
            .iter()
            .any(|n| cur[s.clone()].eq_ignore_ascii_case(n.as_bytes()))
    });
    if !web || sp.authority.is_none() {
        return StepStatus::NotApplicable("only http, https, ws and wss URIs with an authority");
    }
    if sp.path.is_empty() {
        splice(
            cur,
            sp.path.start..sp.path.start,
            b"/",
            out,
            log,
            EMPTY_PATH_SLASH,
        );
    }
    StepStatus::NoChange
}
