//! Profile "PDF Web Capture" (SPEC §3.3, seed 002): the canonical URL keys of the URLS name tree.

use super::{Options, PdfState};
use crate::url::diag;
use crate::url::dots;
use crate::url::octets::{self, set};
use crate::url::resolve::resolve;
use crate::url::step::{Act, Runner, StepStatus, lowercase, splice, unit_pass};
use crate::url::tokenize::is_areatag_scheme;

pub const MAKE_ABSOLUTE: &str = "make-absolute";
pub const STRIP_FRAGMENT: &str = "strip-fragment";
pub const LOWERCASE_SCHEME: &str = "lowercase-scheme";
pub const LOWERCASE_HOST: &str = "lowercase-host";
pub const STRIP_FILE_LOCALHOST: &str = "strip-file-localhost";
pub const STRIP_DEFAULT_PORT: &str = "strip-default-port";
pub const REMOVE_DOT_SEGMENTS: &str = "remove-dot-segments";
pub const SINGLE_ENCODING_PASS: &str = "single-encoding-pass";

pub const ASSUMED_ONCE: &str = "assumed to have undergone one and only one encoding pass";

/// Is `port` (all digits) numerically equal to `default`? Leading zeros are ignored, so there is
/// no integer to overflow.
pub(crate) fn port_equals(port: &[u8], default: &[u8]) -> bool {
    let digits = &port[port.iter().take_while(|&&b| b == b'0').count()..];
    digits == default
}

/// The schemes PDF Web Capture names (`http`, `ftp`, `file`), or empty for any other.
fn known_scheme(s: &[u8]) -> &'static [u8] {
    match s {
        b"http" => b"http",
        b"ftp" => b"ftp",
        b"file" => b"file",
        _ => b"",
    }
}

pub fn run(r: &mut Runner, opts: &Options) {
    r.parse();
    let relative = r.parsed.scheme.is_none();
    let mut no_base = false;
    r.step(MAKE_ABSOLUTE, |cur, _, out, log| {
        if !relative {
            return StepStatus::NotApplicable("the URL is already absolute");
        }
        let Some(base) = opts.base() else {
            no_base = true;
            return StepStatus::NotApplicable("relative URL and no base: not a canonical key");
        };
        let res = resolve(base, cur);
        if let Some(err) = res.error {
            return StepStatus::Error(err);
        }
        // A base given but empty inside its frame (`<URL:>`) has no scheme either (P1).
        if res.rules == [crate::url::resolve::NO_BASE] {
            return StepStatus::Error(diag::E_BASE_NOT_ABSOLUTE);
        }
        if res.output != cur {
            splice(cur, 0..cur.len(), &res.output, out, log, MAKE_ABSOLUTE);
        }
        StepStatus::NoChange
    });
    if no_base {
        r.flag(diag::W_PDF_NO_BASE);
    }
    r.step(STRIP_FRAGMENT, |cur, _, out, log| {
        if let Some(h) = cur.iter().position(|&b| b == b'#') {
            splice(cur, h..cur.len(), b"", out, log, STRIP_FRAGMENT);
        }
        StepStatus::NoChange
    });
    r.parse();
    r.step(LOWERCASE_SCHEME, |cur, p, out, log| match &p.scheme {
        Some(s) => {
            lowercase(cur, s.clone(), out, log, LOWERCASE_SCHEME);
            StepStatus::NoChange
        }
        None => StepStatus::NotApplicable("no scheme"),
    });
    r.parse();
    // The scheme as P4–P6 need it (lowercase after P3), without copying it out of `cur`.
    let scheme_text = r.parsed.scheme.as_ref().map(|s| &r.cur[s.clone()]);
    let scheme = scheme_text.map_or(&b""[..], known_scheme);
    let areatag = scheme_text.is_some_and(is_areatag_scheme);
    if scheme_text.is_some() && scheme.is_empty() {
        r.flag(diag::W_PDF_SCHEME);
    }
    let has_host = r.parsed.authority.is_some() && !areatag;
    r.step(LOWERCASE_HOST, |cur, p, out, log| match &p.host {
        Some(h) if has_host && !h.is_empty() => {
            lowercase(cur, h.clone(), out, log, LOWERCASE_HOST);
            StepStatus::NoChange
        }
        _ => StepStatus::NotApplicable("no host section"),
    });
    r.parse();
    r.step(STRIP_FILE_LOCALHOST, |cur, p, out, log| {
        if scheme != b"file" {
            return StepStatus::NotApplicable("not a file URL");
        }
        match &p.host {
            Some(h) if &cur[h.clone()] == b"localhost" => {
                splice(cur, h.clone(), b"", out, log, STRIP_FILE_LOCALHOST);
                StepStatus::NoChange
            }
            _ => StepStatus::NoChange,
        }
    });
    r.parse();
    r.step(STRIP_DEFAULT_PORT, |cur, p, out, log| {
        let default: &[u8] = match scheme {
            b"http" => b"80",
            b"ftp" => b"21",
            _ => return StepStatus::NotApplicable("no default port for this scheme"),
        };
        match &p.port {
            Some(port)
                if !port.is_empty()
                    && cur[port.clone()].iter().all(u8::is_ascii_digit)
                    && port_equals(&cur[port.clone()], default) =>
            {
                splice(
                    cur,
                    port.start - 1..port.end,
                    b"",
                    out,
                    log,
                    STRIP_DEFAULT_PORT,
                );
                StepStatus::NoChange
            }
            Some(_) => StepStatus::NoChange,
            None => StepStatus::NotApplicable("no port"),
        }
    });
    r.parse();
    r.step(REMOVE_DOT_SEGMENTS, |cur, p, out, log| {
        let path = &cur[p.path.clone()];
        if dots::has_dot_segment(path) {
            let clean = dots::remove_dot_segments(path);
            // Where an authority marker would be read (no authority, nothing between the scheme
            // and the path), a path reduced to "//x" reads as the authority "x" on the next
            // parse (`http:/.//X` → `http://X`, which a second run lowercases): SPEC §3.0's
            // idempotence would fail. RFC 3986 §5.2.4 has the same trap. P7 stands aside exactly
            // when the literal result is not a fixed point of the profile; the check runs the
            // profile once more on it, and cannot recurse, since that string has an authority.
            if p.authority.is_none() && p.path.start == p.ssp.start && clean.starts_with(b"//") {
                let mut candidate = cur[..p.path.start].to_vec();
                candidate.extend_from_slice(&clean);
                candidate.extend_from_slice(&cur[p.path.end..]);
                let again = Options {
                    base: None,
                    pdf_state: PdfState::EncodedOnce,
                    host_aliases: Vec::new(),
                };
                let mut n = super::Normalizer::new(super::Profile::Pdf, again);
                let mut rerun = Vec::new();
                n.normalize_into(&candidate, &mut rerun);
                if rerun != candidate {
                    return StepStatus::NotApplicable(
                        "removing the dot segments would turn the path into an authority",
                    );
                }
            }
            if clean != path {
                splice(cur, p.path.clone(), &clean, out, log, REMOVE_DOT_SEGMENTS);
            }
        }
        StepStatus::NoChange
    });
    let note = (opts.pdf_state == PdfState::EncodedOnce).then_some(ASSUMED_ONCE);
    r.step_with_note(SINGLE_ENCODING_PASS, note, |cur, _, out, log| {
        match opts.pdf_state {
            PdfState::EncodedOnce => {}
            PdfState::Unencoded => {
                // Triplets are not recognised in this state: every octet is raw.
                let mut copied = 0;
                for (i, &b) in cur.iter().enumerate() {
                    if octets::is(b, set::NO_GRAPHIC | set::R1738_UNSAFE) {
                        out.extend_from_slice(&cur[copied..i]);
                        let enc = octets::encoded(b);
                        out.extend_from_slice(&enc);
                        log.push(i..i + 1, &enc, SINGLE_ENCODING_PASS);
                        copied = i + 1;
                    }
                }
                if log.count > 0 {
                    out.extend_from_slice(&cur[copied..]);
                }
            }
            PdfState::EncodedTwice => {
                unit_pass(cur, 0..cur.len(), set::PERCENT, out, log, |u| {
                    if u.encoded {
                        Act::Decode(SINGLE_ENCODING_PASS)
                    } else {
                        Act::Keep
                    }
                });
            }
        }
        StepStatus::NoChange
    });
}
