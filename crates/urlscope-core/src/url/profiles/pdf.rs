//! Profile "PDF Web Capture" (the PDF Reference, ch. 10 "URL Strings"): the canonical URL keys of the URLS name tree.

use super::hyvatti;
use super::table::{Step, When, step_table};
use super::{Options, PdfState};
pub(crate) use crate::url::fast::pdf::port_equals;
use crate::url::profiles::step::{
    Act, Io, StepStatus, lowercase, splice, splice_changed, unit_pass,
};
use crate::url::resolve::dots;
use crate::url::resolve::resolve;
use crate::url::rule::Rule;
use crate::url::syntax::diag;
use crate::url::syntax::octets::{self, set};
use crate::url::syntax::tokenize::is_areatag_scheme;

pub(crate) const MAKE_ABSOLUTE: Rule = Rule::MakeAbsolute;
pub(crate) const STRIP_FRAGMENT: Rule = Rule::StripFragment;
pub(crate) const LOWERCASE_SCHEME: Rule = Rule::LowercaseScheme;
pub(crate) const LOWERCASE_HOST: Rule = Rule::LowercaseHost;
pub(crate) const STRIP_FILE_LOCALHOST: Rule = Rule::StripFileLocalhost;
pub(crate) const STRIP_DEFAULT_PORT: Rule = Rule::StripDefaultPort;
pub(crate) const REMOVE_DOT_SEGMENTS: Rule = Rule::RemoveDotSegments;
pub(crate) const SINGLE_ENCODING_PASS: Rule = Rule::SingleEncodingPass;

pub(crate) const ASSUMED_ONCE: &str = "assumed to have undergone one and only one encoding pass";

/// The schemes PDF Web Capture names (`http`, `ftp`, `file`), or empty for any other.
fn known_scheme(s: &[u8]) -> &'static [u8] {
    match s {
        b"http" => b"http",
        b"ftp" => b"ftp",
        b"file" => b"file",
        _ => b"",
    }
}

step_table! {
    /// P1–P8 in the reference's order.
    pub(crate) TABLE: Ctx, run = [
        Step::new(
            MAKE_ABSOLUTE,
            &[MAKE_ABSOLUTE],
            When::Always,
            true,
            make_absolute,
        ),
        Step::new(
            STRIP_FRAGMENT,
            &[STRIP_FRAGMENT],
            When::Always,
            false,
            hyvatti::strip_fragment,
        ),
        Step::new(
            LOWERCASE_SCHEME,
            &[LOWERCASE_SCHEME],
            When::Always,
            true,
            hyvatti::lowercase_scheme,
        ),
        Step::new(
            LOWERCASE_HOST,
            &[LOWERCASE_HOST],
            When::Always,
            true,
            lowercase_host,
        ),
        Step::new(
            STRIP_FILE_LOCALHOST,
            &[STRIP_FILE_LOCALHOST],
            When::Always,
            true,
            strip_file_localhost,
        ),
        Step::new(
            STRIP_DEFAULT_PORT,
            &[STRIP_DEFAULT_PORT],
            When::Always,
            true,
            strip_default_port,
        ),
        Step::new(
            REMOVE_DOT_SEGMENTS,
            &[REMOVE_DOT_SEGMENTS],
            When::Always,
            true,
            remove_dot_segments,
        ),
        Step::new(
            SINGLE_ENCODING_PASS,
            &[SINGLE_ENCODING_PASS],
            When::Always,
            false,
            single_encoding_pass,
        ),
    ];
}

/// What P4–P6 share: the scheme as they need it, read once from the string P4 sees (after P3
/// lowercased it).
#[derive(Default)]
pub(crate) struct Ctx {
    scheme: Option<Scheme>,
}

#[derive(Clone, Copy)]
struct Scheme {
    /// `http`, `ftp`, `file`, or empty for any other scheme.
    known: &'static [u8],
    /// There is a host section (an authority, and not a Fidonet areatag scheme).
    has_host: bool,
}

impl Ctx {
    /// The scheme facts; the first call raises `W-pdf-scheme` for a scheme PDF does not name.
    fn scheme(&mut self, io: &mut Io<'_>) -> Scheme {
        if let Some(s) = self.scheme {
            return s;
        }
        let p = io.parsed;
        let text = p.scheme.as_ref().map(|s| &io.cur[s.clone()]);
        let known = text.map_or(&b""[..], known_scheme);
        let areatag = text.is_some_and(is_areatag_scheme);
        if text.is_some() && known.is_empty() {
            io.flag(diag::W_PDF_SCHEME);
        }
        let s = Scheme {
            known,
            has_host: p.authority.is_some() && !areatag,
        };
        self.scheme = Some(s);
        s
    }
}

#[inline(always)]
fn make_absolute(io: &mut Io<'_>, _: &mut Ctx) -> StepStatus {
    if io.parsed.scheme.is_some() {
        return StepStatus::NotApplicable("the URL is already absolute");
    }
    let Some(base) = io.opts.base() else {
        io.flag(diag::W_PDF_NO_BASE);
        return StepStatus::NotApplicable("relative URL and no base: not a canonical key");
    };
    let cur = io.cur;
    let res = resolve(base, cur);
    if let Some(err) = res.error {
        return StepStatus::Error(err);
    }
    // A base given but empty inside its frame (`<URL:>`) has no scheme either (P1).
    if res.rules == [crate::url::ResolveRule::NoBase] {
        return StepStatus::Error(diag::E_BASE_NOT_ABSOLUTE);
    }
    if res.output != cur {
        splice(
            cur,
            0..cur.len(),
            &res.output,
            io.out,
            io.log,
            MAKE_ABSOLUTE,
        );
    }
    StepStatus::NoChange
}

#[inline(always)]
fn lowercase_host(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    let has_host = ctx.scheme(io).has_host;
    match &io.parsed.host {
        Some(h) if has_host && !h.is_empty() => {
            lowercase(io.cur, h.clone(), io.out, io.log, LOWERCASE_HOST);
            StepStatus::NoChange
        }
        _ => StepStatus::NotApplicable("no host section"),
    }
}

#[inline(always)]
fn strip_file_localhost(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    if ctx.scheme(io).known != b"file" {
        return StepStatus::NotApplicable("not a file URL");
    }
    let cur = io.cur;
    match &io.parsed.host {
        Some(h) if &cur[h.clone()] == b"localhost" => {
            splice(cur, h.clone(), b"", io.out, io.log, STRIP_FILE_LOCALHOST);
            StepStatus::NoChange
        }
        _ => StepStatus::NoChange,
    }
}

#[inline(always)]
fn strip_default_port(io: &mut Io<'_>, ctx: &mut Ctx) -> StepStatus {
    let default: &[u8] = match ctx.scheme(io).known {
        b"http" => b"80",
        b"ftp" => b"21",
        _ => return StepStatus::NotApplicable("no default port for this scheme"),
    };
    let cur = io.cur;
    match &io.parsed.port {
        Some(port)
            if !port.is_empty()
                && cur[port.clone()].iter().all(u8::is_ascii_digit)
                && port_equals(&cur[port.clone()], default) =>
        {
            splice(
                cur,
                port.start - 1..port.end,
                b"",
                io.out,
                io.log,
                STRIP_DEFAULT_PORT,
            );
            StepStatus::NoChange
        }
        Some(_) => StepStatus::NoChange,
        None => StepStatus::NotApplicable("no port"),
    }
}

#[inline(always)]
fn remove_dot_segments(io: &mut Io<'_>, _: &mut Ctx) -> StepStatus {
    let (cur, p) = (io.cur, io.parsed);
    let path = &cur[p.path.clone()];
    if dots::has_dot_segment(path) {
        let clean = dots::remove_dot_segments(path);
        // Where an authority marker would be read (no authority, nothing between the scheme
        // and the path), a path reduced to "//x" reads as the authority "x" on the next
        // parse (`http:/.//X` → `http://X`, which a second run lowercases): the profile's
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
                w3lib: Default::default(),
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
            splice_changed(
                cur,
                p.path.clone(),
                &clean,
                io.out,
                io.log,
                REMOVE_DOT_SEGMENTS,
            );
        }
    }
    StepStatus::NoChange
}

#[inline(always)]
fn single_encoding_pass(io: &mut Io<'_>, _: &mut Ctx) -> StepStatus {
    if io.opts.pdf_state == PdfState::EncodedOnce {
        io.note(ASSUMED_ONCE);
    }
    let (cur, out) = (io.cur, &mut *io.out);
    match io.opts.pdf_state {
        PdfState::EncodedOnce => {}
        PdfState::Unencoded => {
            // Triplets are not recognised in this state: every octet is raw.
            let mut copied = 0;
            for (i, &b) in cur.iter().enumerate() {
                if octets::is(b, set::NO_GRAPHIC | set::R1738_UNSAFE) {
                    out.extend_from_slice(&cur[copied..i]);
                    let enc = octets::encoded(b);
                    out.extend_from_slice(&enc);
                    io.log.push(i..i + 1, &enc, SINGLE_ENCODING_PASS);
                    copied = i + 1;
                }
            }
            if io.log.count > 0 {
                out.extend_from_slice(&cur[copied..]);
            }
        }
        PdfState::EncodedTwice => {
            unit_pass(cur, 0..cur.len(), set::PERCENT, out, io.log, |u| {
                if u.encoded {
                    Act::Decode(SINGLE_ENCODING_PASS)
                } else {
                    Act::Keep
                }
            });
        }
    }
    StepStatus::NoChange
}
