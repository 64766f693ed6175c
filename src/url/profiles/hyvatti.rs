//! Profile "Hyvätti robots" (SPEC §3.2, seed 000): the 1996 crawler recipe, in the seed's order.

use super::Options;
use crate::url::octets::{self, set, starts_with_ci};
use crate::url::step::{Act, EditLog, Runner, StepStatus, lowercase, splice};

pub const STRIP_FRAGMENT: &str = "strip-fragment";
pub const STRIP_WRAPPER: &str = "strip-wrapper";
pub const CHAR_PASS: &str = "hyv-char-pass";
pub const KEEP_ENCODED: &str = "hyv-keep-encoded";
pub const DECODE: &str = "hyv-decode";
pub const ENCODE: &str = "hyv-encode";
pub const KEEP_RAW: &str = "hyv-keep-raw";
pub const LOWERCASE_SCHEME: &str = "lowercase-scheme";
pub const LOWERCASE_HOST: &str = "lowercase-host";
pub const UNIQUE_HOST: &str = "unique-host";
pub const STRIP_PORT_80: &str = "strip-port-80";

pub const NO_ALIAS: &str = "no alias data — a crawler would consult DNS here";
const NOT_HTTP: &str = "only for http URLs with an authority";

/// H3's decision for one unit, with the rule id (also for units it keeps).
pub fn rule_for(u: &octets::Unit) -> (Act, &'static str) {
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

/// H3 over the whole string. One guard beyond the seed's pseudocode: when an invalid `%` (kept
/// raw) would be followed in the output by two hex digits, at least one of them produced by this
/// decoding, a new triplet forms; if H3 would decode that triplet on a second run, the decodes
/// that formed it are not made (`%2%41` stays `%2%41` rather than `%2A`, which a second run turns
/// into `*`). Where the new triplet is one H3 keeps (`%%41b` → `%Ab`), the literal result is
/// already stable and stands. Without the guard the profile would not be idempotent (SPEC §3.0);
/// see README "Where urlscope departs".
fn char_pass(cur: &[u8], out: &mut Vec<u8>, log: &mut EditLog) {
    let mut copied = 0;
    let mut suppressed = [usize::MAX; 2];
    let mut units = octets::units(cur);
    while let Some(u) = units.next() {
        let mut act = rule_for(&u).0;
        if u.is_invalid_percent() {
            suppressed = forming_decodes(units.clone());
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

/// H2's greedy stripping: the kept range `a..z`.
pub(crate) fn wrapper_bounds(s: &[u8]) -> (usize, usize) {
    let mut a = 0;
    loop {
        if starts_with_ci(&s[a..], b"<URL:") {
            a += 5;
        } else if a < s.len() && matches!(s[a], b'<' | b'>' | b'"') {
            a += 1;
        } else {
            break;
        }
    }
    let mut z = s.len();
    while z > a && matches!(s[z - 1], b'<' | b'>' | b'"') {
        z -= 1;
    }
    (a, z)
}

pub fn run(r: &mut Runner, opts: &Options) {
    r.step(STRIP_FRAGMENT, |cur, _, out, log| {
        if let Some(h) = cur.iter().position(|&b| b == b'#') {
            splice(cur, h..cur.len(), b"", out, log, STRIP_FRAGMENT);
        }
        StepStatus::NoChange
    });
    r.step(STRIP_WRAPPER, |cur, _, out, log| {
        let (a, z) = wrapper_bounds(cur);
        if a > 0 || z < cur.len() {
            out.extend_from_slice(&cur[a..z]);
            if a > 0 {
                log.push(0..a, b"", STRIP_WRAPPER);
            }
            if z < cur.len() {
                log.push(z..cur.len(), b"", STRIP_WRAPPER);
            }
        }
        StepStatus::NoChange
    });
    if r.any(set::PERCENT | set::HYV_ENCODE_RAW) {
        r.step(CHAR_PASS, |cur, _, out, log| {
            char_pass(cur, out, log);
            StepStatus::NoChange
        });
    } else {
        r.no_change(CHAR_PASS);
    }
    r.parse();
    r.step(LOWERCASE_SCHEME, |cur, p, out, log| match &p.scheme {
        Some(s) => {
            lowercase(cur, s.clone(), out, log, LOWERCASE_SCHEME);
            StepStatus::NoChange
        }
        None => StepStatus::NotApplicable("no scheme"),
    });
    r.parse();
    let is_http = r.parsed.authority.is_some()
        && r.parsed
            .scheme
            .as_ref()
            .is_some_and(|s| &r.cur[s.clone()] == b"http");
    if !is_http {
        for id in [LOWERCASE_HOST, UNIQUE_HOST, STRIP_PORT_80] {
            r.step(id, |_, _, _, _| StepStatus::NotApplicable(NOT_HTTP));
        }
        return;
    }
    r.step(LOWERCASE_HOST, |cur, p, out, log| match &p.host {
        Some(h) if !h.is_empty() => {
            lowercase(cur, h.clone(), out, log, LOWERCASE_HOST);
            StepStatus::NoChange
        }
        _ => StepStatus::NotApplicable("empty host"),
    });
    r.parse();
    r.step(UNIQUE_HOST, |cur, p, out, log| {
        unique_host(cur, p, out, log, opts)
    });
    r.parse();
    r.step(STRIP_PORT_80, |cur, p, out, log| match &p.port {
        Some(port) if &cur[port.clone()] == b"80" => {
            splice(cur, port.start - 1..port.end, b"", out, log, STRIP_PORT_80);
            StepStatus::NoChange
        }
        Some(_) => StepStatus::NoChange,
        None => StepStatus::NotApplicable("no port"),
    });
}

fn unique_host(
    cur: &[u8],
    p: &crate::url::tokenize::Parsed,
    out: &mut Vec<u8>,
    log: &mut EditLog,
    opts: &Options,
) -> StepStatus {
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
            splice(cur, h, canonical, out, log, UNIQUE_HOST);
            StepStatus::NoChange
        }
        Some(_) => StepStatus::NoChange,
        None => StepStatus::NotApplicable(NO_ALIAS),
    }
}
