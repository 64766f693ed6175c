//! The basic URL parser (URL Standard §4.4 "URL parsing"), state by state as the standard writes
//! it, with a base URL and a state override (for the setters). One generic implementation: the
//! [`Tracer`] sees every code point a state reads, every transition with the step that made it,
//! every validation error and every change to the text, at offsets into the ORIGINAL input
//! (before leading/trailing C0-or-space stripping and tab/newline removal).
//!
//! The parser reads the cleaned input by byte offset; "decrease pointer by 1" is a re-read of
//! the same code point, "increase pointer by 1" a skip of the next one. Buffers that the standard
//! fills code point by code point from the input are slices of it here (they are contiguous), and
//! the path, query and fragment are percent-encoded straight into the URL record.

use std::borrow::Cow;
use std::ops::Range;

use super::encode;
use super::error::ValidationError;
use super::host::{Host, is_url_code_point, parse_host};
use super::record::{Path, Url, default_port, is_special_scheme};
use super::state::State;
use super::trace::{Change, EncodeSet, Trace, Tracer};

/// Why a parse returned failure: where (an offset into the original input) and with which
/// validation error. `error` is `None` where the standard returns failure without one (the
/// setters' "API validation errors", e.g. a scheme start state override given a non-letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Byte offset into the input given to the parser.
    pub at: usize,
    /// The validation error the standard names at that step, if any.
    pub error: Option<ValidationError>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.error {
            Some(e) => write!(f, "not a URL: {e} at offset {}", self.at),
            None => write!(f, "not a URL: failure at offset {}", self.at),
        }
    }
}

impl std::error::Error for Failure {}

/// The basic URL parser on `input` with an optional `base`.
pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, Failure> {
    parse_with(input, base, &mut super::trace::NoTrace)
}

/// [`parse`], recording everything into a [`Trace`].
pub fn parse_traced(input: &str, base: Option<&Url>) -> (Result<Url, Failure>, Trace) {
    let mut trace = Trace::default();
    let result = parse_with(input, base, &mut trace);
    (result, trace)
}

/// [`parse`] with any [`Tracer`]; the tracer only observes, it never changes the result.
pub(crate) fn parse_with<T: Tracer>(
    input: &str,
    base: Option<&Url>,
    t: &mut T,
) -> Result<Url, Failure> {
    let mut url = Url::default();
    run(input, base, &mut url, None, t)?;
    Ok(url)
}

/// The basic URL parser with `url` given and a state override (the URL class's setters). The
/// standard's "return" is `Ok`, its "return failure" is `Err`; either way `url` keeps what the
/// parser set before it stopped, as the standard's setters do.
pub(crate) fn parse_override<T: Tracer>(
    input: &str,
    url: &mut Url,
    state_override: State,
    t: &mut T,
) -> Result<(), Failure> {
    run(input, None, url, Some(state_override), t)
}

/// The input after the basic URL parser's steps 1 to 3, with the way back to the original.
struct Cleaned<'a> {
    text: Cow<'a, str>,
    /// Bytes stripped at the start (when nothing inside was removed).
    lead: usize,
    /// For each byte offset of `text` (and its end), the original offset; only when a tab or
    /// newline was removed from inside.
    map: Option<Vec<usize>>,
}

impl Cleaned<'_> {
    #[inline]
    fn orig(&self, i: usize) -> usize {
        match &self.map {
            None => self.lead + i,
            Some(m) => m[i],
        }
    }

    /// The cleaned range `r` of whole code points as the original ranges it was cut from, in
    /// order: one range, or more where a removed tab or newline lay inside it.
    #[inline(always)]
    fn orig_runs(&self, r: Range<usize>, mut f: impl FnMut(Range<usize>)) {
        match &self.map {
            None => f(self.lead + r.start..self.lead + r.end),
            Some(m) => Self::mapped_runs(m, r, f),
        }
    }

    /// [`Cleaned::orig_runs`] through the map of a text that had tabs or newlines removed.
    fn mapped_runs(m: &[usize], r: Range<usize>, mut f: impl FnMut(Range<usize>)) {
        let mut from = r.start;
        for i in r.start + 1..r.end {
            if m[i] != m[i - 1] + 1 {
                f(m[from]..m[i - 1] + 1);
                from = i;
            }
        }
        if from < r.end {
            f(m[from]..m[r.end - 1] + 1);
        }
    }

    /// The original range of the cleaned range `r` (an empty range stays empty).
    fn orig_range(&self, r: Range<usize>) -> Range<usize> {
        let start = self.orig(r.start);
        if r.end <= r.start {
            return start..start;
        }
        // The end of the last code point in the range, not the start of the next kept one
        // (a removed tab between them is not part of the range).
        let bytes = self.text.as_bytes();
        let mut last = r.end - 1;
        while last > r.start && (bytes[last] & 0xC0) == 0x80 {
            last -= 1;
        }
        start..self.orig(last) + (r.end - last)
    }
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Steps 1 to 3: strip leading and trailing C0 control or space (only when no `url` is given,
/// that is without a state override) and remove every ASCII tab or newline.
fn clean<'a, T: Tracer>(input: &'a str, strip: bool, t: &mut T) -> Cleaned<'a> {
    let (lead, trimmed) = if strip {
        let start = input.trim_start_matches(is_c0_or_space);
        let lead = input.len() - start.len();
        let trimmed = start.trim_end_matches(is_c0_or_space);
        let trail = start.len() - trimmed.len();
        if lead > 0 || trail > 0 {
            let at = if lead > 0 { 0 } else { lead + trimmed.len() };
            t.error(at, ValidationError::InvalidUrlUnit, false);
            if T::ON {
                if lead > 0 {
                    t.change(0..lead, Change::StripC0Space);
                }
                if trail > 0 {
                    t.change(lead + trimmed.len()..input.len(), Change::StripC0Space);
                }
            }
        }
        (lead, trimmed)
    } else {
        (0, input)
    };
    let bytes = trimmed.as_bytes();
    let Some(first) = bytes.iter().position(|&b| is_tab_or_newline(b)) else {
        return Cleaned {
            text: Cow::Borrowed(trimmed),
            lead,
            map: None,
        };
    };
    t.error(lead + first, ValidationError::InvalidUrlUnit, false);
    let mut text = String::with_capacity(trimmed.len());
    let mut map = Vec::with_capacity(trimmed.len() + 1);
    let mut kept_from = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if is_tab_or_newline(b) {
            text.push_str(&trimmed[kept_from..i]);
            map.extend(lead + kept_from..lead + i);
            kept_from = i + 1;
            if T::ON {
                t.change(lead + i..lead + i + 1, Change::RemoveTabNewline);
            }
        }
    }
    text.push_str(&trimmed[kept_from..]);
    map.extend(lead + kept_from..lead + trimmed.len());
    map.push(lead + trimmed.len());
    Cleaned {
        text: Cow::Owned(text),
        lead,
        map: Some(map),
    }
}

/// A tracer that takes the parser's offsets (into the cleaned input) to the original input's.
struct Mapped<'t, 'c, 'a, T: Tracer> {
    inner: &'t mut T,
    input: &'c Cleaned<'a>,
}

impl<T: Tracer> Tracer for Mapped<'_, '_, '_, T> {
    const ON: bool = T::ON;
    #[inline(always)]
    fn read(&mut self, at: Range<usize>, state: State) {
        if T::ON {
            self.input.orig_runs(at, |r| self.inner.read(r, state));
        }
    }
    #[inline(always)]
    fn transition(&mut self, at: usize, from: State, to: State, step: &'static str) {
        if T::ON {
            self.inner.transition(self.input.orig(at), from, to, step);
        }
    }
    #[inline(always)]
    fn error(&mut self, at: usize, error: ValidationError, fails: bool) {
        if T::ON {
            self.inner.error(self.input.orig(at), error, fails);
        }
    }
    #[inline(always)]
    fn change(&mut self, input: Range<usize>, change: Change) {
        if T::ON {
            self.inner.change(self.input.orig_range(input), change);
        }
    }
}

/// Records only the failing validation error: the host parser is run again with it when a
/// host fails under a tracer that records nothing, so [`Failure`] can still name the error.
#[derive(Default)]
struct FailureOnly {
    failed: Option<(usize, ValidationError)>,
}

impl Tracer for FailureOnly {
    const ON: bool = true;
    fn error(&mut self, at: usize, error: ValidationError, fails: bool) {
        if fails {
            self.failed = Some((at, error));
        }
    }
}

fn starts_with_two_hex(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2 && b[0].is_ascii_hexdigit() && b[1].is_ascii_hexdigit()
}

/// §4.2 "Windows drive letter": an ASCII alpha and `:` or `|`.
pub(crate) fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

/// §4.2 "normalized Windows drive letter": an ASCII alpha and `:`.
fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// §4.2 "starts with a Windows drive letter".
fn starts_with_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && matches!(b[1], b':' | b'|')
        && (b.len() == 2 || matches!(b[2], b'/' | b'\\' | b'?' | b'#'))
}

/// §4.1 "single-dot URL path segment": `.` or `%2e`, ASCII case-insensitively.
fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// §4.1 "double-dot URL path segment": `..`, `.%2e`, `%2e.` or `%2e%2e`, ASCII
/// case-insensitively.
fn is_double_dot(s: &str) -> bool {
    match s.len() {
        2 => s == "..",
        4 => s.eq_ignore_ascii_case(".%2e") || s.eq_ignore_ascii_case("%2e."),
        6 => s.eq_ignore_ascii_case("%2e%2e"),
        _ => false,
    }
}

/// §4.2 "shorten a url's path".
fn shorten(url: &mut Url) {
    debug_assert!(!url.path.is_opaque());
    if url.scheme == "file"
        && url.path.len() == 1
        && url
            .path
            .first()
            .is_some_and(is_normalized_windows_drive_letter)
    {
        return;
    }
    url.path.pop();
}

/// What a state run does with the pointer.
enum Next {
    /// The state machine's own "increase pointer by 1" (stop after EOF).
    Advance,
    /// "Decrease pointer by 1": the same code point (or EOF) is read again by the new state.
    Reprocess,
    /// "Increase pointer by 1" in the state, then the machine's: the next code point (ASCII)
    /// is skipped.
    Skip,
    /// Continue at this offset (authority state's rewind, scheme state's start over).
    Jump(usize),
}

/// The basic URL parser: one loop, one arm per state.
fn run<T: Tracer>(
    raw: &str,
    base: Option<&Url>,
    url: &mut Url,
    over: Option<State>,
    tracer: &mut T,
) -> Result<(), Failure> {
    let cleaned = clean(raw, over.is_none(), tracer);
    let mut t = Mapped {
        inner: tracer,
        input: &cleaned,
    };
    let input: &str = &cleaned.text;
    let bytes = input.as_bytes();
    let len = input.len();

    let fail = |at: usize, error: Option<ValidationError>| Failure {
        at: cleaned.orig(at),
        error,
    };

    let mut state = over.unwrap_or(State::SchemeStart);
    let mut special = is_special_scheme(&url.scheme);
    let mut p = 0usize;
    // The start of the current buffer: the authority, host, port and file host buffers and
    // the scheme are contiguous slices of the input.
    let mut buf_start = 0usize;
    let mut at_sign_seen = false;
    let mut inside_brackets = false;
    let mut password_token_seen = false;
    // The path state's buffer is written straight into the path: whether a segment is open
    // and where its text starts in `url.path.text`.
    let mut seg_open = false;
    let mut seg_start = 0usize;
    // Trace only: where the authority began, the slashes the special authority states read,
    // the input offset where each path segment began, and the password's `:`.
    let mut auth_start = 0usize;
    let mut slashes_read = 0usize;
    let mut seg_inputs: Vec<usize> = Vec::new();
    let mut password_colon: Option<usize> = None;

    macro_rules! go {
        ($to:expr, $step:expr) => {{
            let to = $to;
            if T::ON {
                t.transition(p, state, to, $step);
            }
            state = to;
        }};
    }

    loop {
        let c: Option<char> = if p < len {
            let b = bytes[p];
            if b < 0x80 {
                Some(b as char)
            } else {
                input[p..].chars().next()
            }
        } else {
            None
        };
        let clen = c.map_or(0, char::len_utf8);
        if T::ON && c.is_some() {
            t.read(p..p + clen, state);
        }
        let remaining = &input[(p + clen).min(len)..];

        let next = match state {
            State::SchemeStart => {
                if c.is_some_and(|c| c.is_ascii_alphabetic()) {
                    buf_start = p;
                    go!(
                        State::Scheme,
                        "scheme start state 1: c is an ASCII alpha: append c, lowercased, to buffer and set state to scheme state"
                    );
                    Next::Advance
                } else if over.is_none() {
                    go!(
                        State::NoScheme,
                        "scheme start state 2: set state to no scheme state and decrease pointer by 1"
                    );
                    Next::Reprocess
                } else {
                    return Err(fail(p, None));
                }
            }

            State::Scheme => match c {
                Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                    Next::Advance
                }
                Some(':') => {
                    let raw_scheme = &input[buf_start..p];
                    let buffer = raw_scheme.to_ascii_lowercase();
                    let buffer_special = is_special_scheme(&buffer);
                    if over.is_some() {
                        if special && !buffer_special {
                            return Ok(());
                        }
                        if !special && buffer_special {
                            return Ok(());
                        }
                        if (url.includes_credentials() || url.port.is_some()) && buffer == "file" {
                            return Ok(());
                        }
                        if url.scheme == "file" && url.host == Some(Host::Empty) {
                            return Ok(());
                        }
                    }
                    if T::ON {
                        for (i, ch) in raw_scheme.char_indices() {
                            if ch.is_ascii_uppercase() {
                                let at = buf_start + i;
                                t.change(at..at + 1, Change::LowercaseScheme);
                            }
                        }
                    }
                    url.scheme = buffer;
                    special = buffer_special;
                    if over.is_some() {
                        if url.port.is_some() && url.port == default_port(&url.scheme) {
                            url.port = None;
                        }
                        return Ok(());
                    }
                    if url.scheme == "file" {
                        if !remaining.starts_with("//") {
                            t.error(
                                p,
                                ValidationError::SpecialSchemeMissingFollowingSolidus,
                                false,
                            );
                        }
                        go!(
                            State::File,
                            "scheme state 2.6: c is ':' and the scheme is \"file\": set state to file state"
                        );
                        Next::Advance
                    } else if special && base.is_some_and(|b| b.scheme == url.scheme) {
                        go!(
                            State::SpecialRelativeOrAuthority,
                            "scheme state 2.7: the scheme is special and the base's scheme is the same: set state to special relative or authority state"
                        );
                        Next::Advance
                    } else if special {
                        slashes_read = 0;
                        go!(
                            State::SpecialAuthoritySlashes,
                            "scheme state 2.8: c is ':' and the scheme is special: set state to special authority slashes state"
                        );
                        Next::Advance
                    } else if remaining.starts_with('/') {
                        go!(
                            State::PathOrAuthority,
                            "scheme state 2.9: remaining starts with '/': set state to path or authority state and increase pointer by 1"
                        );
                        Next::Skip
                    } else {
                        url.path = Path::opaque("");
                        go!(
                            State::OpaquePath,
                            "scheme state 2.10: set url's path to the empty string and state to opaque path state"
                        );
                        Next::Advance
                    }
                }
                _ if over.is_none() => {
                    go!(
                        State::NoScheme,
                        "scheme state 3: not a scheme: set buffer to the empty string, state to no scheme state, and start over"
                    );
                    Next::Jump(0)
                }
                _ => return Err(fail(p, None)),
            },

            State::NoScheme => match base {
                Some(b) if b.path.is_opaque() && c == Some('#') => {
                    url.scheme = b.scheme.clone();
                    special = is_special_scheme(&url.scheme);
                    url.path = b.path.clone();
                    url.query = b.query.clone();
                    url.fragment = Some(String::new());
                    if T::ON {
                        t.change(p..p, Change::FromBase);
                    }
                    go!(
                        State::Fragment,
                        "no scheme state 2: the base has an opaque path and c is '#': take the base's scheme, path and query, set state to fragment state"
                    );
                    Next::Advance
                }
                Some(b) if !b.path.is_opaque() => {
                    if b.scheme != "file" {
                        go!(
                            State::Relative,
                            "no scheme state 3: the base's scheme is not \"file\": set state to relative state and decrease pointer by 1"
                        );
                    } else {
                        go!(
                            State::File,
                            "no scheme state 4: the base's scheme is \"file\": set state to file state and decrease pointer by 1"
                        );
                    }
                    Next::Reprocess
                }
                _ => {
                    t.error(p, ValidationError::MissingSchemeNonRelativeUrl, true);
                    return Err(fail(p, Some(ValidationError::MissingSchemeNonRelativeUrl)));
                }
            },

            State::SpecialRelativeOrAuthority => {
                if c == Some('/') && remaining.starts_with('/') {
                    slashes_read = 2;
                    go!(
                        State::SpecialAuthorityIgnoreSlashes,
                        "special relative or authority state 1: c is '/' and remaining starts with '/': set state to special authority ignore slashes state and increase pointer by 1"
                    );
                    Next::Skip
                } else {
                    t.error(
                        p,
                        ValidationError::SpecialSchemeMissingFollowingSolidus,
                        false,
                    );
                    go!(
                        State::Relative,
                        "special relative or authority state 2: set state to relative state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::PathOrAuthority => {
                if c == Some('/') {
                    buf_start = p + 1;
                    auth_start = p + 1;
                    go!(
                        State::Authority,
                        "path or authority state 1: c is '/': set state to authority state"
                    );
                    Next::Advance
                } else {
                    go!(
                        State::Path,
                        "path or authority state 2: set state to path state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::Relative => {
                let Some(b) = base else {
                    return Err(fail(p, Some(ValidationError::MissingSchemeNonRelativeUrl)));
                };
                url.scheme = b.scheme.clone();
                special = is_special_scheme(&url.scheme);
                if c == Some('/') {
                    go!(
                        State::RelativeSlash,
                        "relative state 3: c is '/': set state to relative slash state"
                    );
                    Next::Advance
                } else if special && c == Some('\\') {
                    t.error(p, ValidationError::InvalidReverseSolidus, false);
                    if T::ON {
                        t.change(p..p + 1, Change::BackslashAsSlash);
                    }
                    go!(
                        State::RelativeSlash,
                        "relative state 4: the URL is special and c is '\\': set state to relative slash state"
                    );
                    Next::Advance
                } else {
                    url.username = b.username.clone();
                    url.password = b.password.clone();
                    url.host = b.host.clone();
                    url.port = b.port;
                    url.path = b.path.clone();
                    url.query = b.query.clone();
                    if T::ON {
                        t.change(p..p, Change::FromBase);
                    }
                    match c {
                        Some('?') => {
                            url.query = Some(String::new());
                            go!(
                                State::Query,
                                "relative state 5.2: c is '?': take the base's components, set query to the empty string and state to query state"
                            );
                            Next::Advance
                        }
                        Some('#') => {
                            url.fragment = Some(String::new());
                            go!(
                                State::Fragment,
                                "relative state 5.3: c is '#': take the base's components, set fragment to the empty string and state to fragment state"
                            );
                            Next::Advance
                        }
                        Some(_) => {
                            url.query = None;
                            shorten(url);
                            go!(
                                State::Path,
                                "relative state 5.4: take the base's components, set query to null, shorten the path, set state to path state and decrease pointer by 1"
                            );
                            Next::Reprocess
                        }
                        None => Next::Advance,
                    }
                }
            }

            State::RelativeSlash => {
                if special && matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        t.error(p, ValidationError::InvalidReverseSolidus, false);
                        if T::ON {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    slashes_read = 2;
                    go!(
                        State::SpecialAuthorityIgnoreSlashes,
                        "relative slash state 1: the URL is special and c is '/' or '\\': set state to special authority ignore slashes state"
                    );
                    Next::Advance
                } else if c == Some('/') {
                    buf_start = p + 1;
                    auth_start = p + 1;
                    go!(
                        State::Authority,
                        "relative slash state 2: c is '/': set state to authority state"
                    );
                    Next::Advance
                } else {
                    let Some(b) = base else {
                        return Err(fail(p, Some(ValidationError::MissingSchemeNonRelativeUrl)));
                    };
                    url.username = b.username.clone();
                    url.password = b.password.clone();
                    url.host = b.host.clone();
                    url.port = b.port;
                    if T::ON {
                        t.change(p..p, Change::FromBase);
                    }
                    go!(
                        State::Path,
                        "relative slash state 3: take the base's username, password, host and port, set state to path state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::SpecialAuthoritySlashes => {
                if c == Some('/') && remaining.starts_with('/') {
                    slashes_read = 2;
                    go!(
                        State::SpecialAuthorityIgnoreSlashes,
                        "special authority slashes state 1: c is '/' and remaining starts with '/': set state to special authority ignore slashes state and increase pointer by 1"
                    );
                    Next::Skip
                } else {
                    t.error(
                        p,
                        ValidationError::SpecialSchemeMissingFollowingSolidus,
                        false,
                    );
                    go!(
                        State::SpecialAuthorityIgnoreSlashes,
                        "special authority slashes state 2: set state to special authority ignore slashes state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::SpecialAuthorityIgnoreSlashes => {
                if !matches!(c, Some('/' | '\\')) {
                    if T::ON && slashes_read < 2 {
                        t.change(p..p, Change::InsertSlashes);
                    }
                    buf_start = p;
                    auth_start = p;
                    go!(
                        State::Authority,
                        "special authority ignore slashes state 1: c is neither '/' nor '\\': set state to authority state and decrease pointer by 1"
                    );
                    Next::Reprocess
                } else {
                    t.error(
                        p,
                        ValidationError::SpecialSchemeMissingFollowingSolidus,
                        false,
                    );
                    if T::ON {
                        if slashes_read >= 2 {
                            t.change(p..p + 1, Change::Dropped);
                        } else if c == Some('\\') {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    slashes_read += 1;
                    Next::Advance
                }
            }

            State::Authority => match c {
                Some('@') => {
                    t.error(p, ValidationError::InvalidCredentials, false);
                    if at_sign_seen {
                        // The earlier `@` is part of the credentials: "%40" prepended to the
                        // buffer, it goes where the buffer goes.
                        if T::ON {
                            t.change(
                                buf_start - 1..buf_start,
                                Change::PercentEncode(EncodeSet::Userinfo),
                            );
                        }
                        if password_token_seen {
                            url.password.push_str("%40");
                        } else {
                            url.username.push_str("%40");
                        }
                    }
                    at_sign_seen = true;
                    for (i, cp) in input[buf_start..p].char_indices() {
                        if cp == ':' && !password_token_seen {
                            password_token_seen = true;
                            password_colon = Some(buf_start + i);
                            continue;
                        }
                        let target = if password_token_seen {
                            &mut url.password
                        } else {
                            &mut url.username
                        };
                        if encode::encode_char(cp, EncodeSet::Userinfo, target) && T::ON {
                            let at = buf_start + i;
                            t.change(
                                at..at + cp.len_utf8(),
                                Change::PercentEncode(EncodeSet::Userinfo),
                            );
                        }
                    }
                    buf_start = p + 1;
                    Next::Advance
                }
                _ if matches!(c, None | Some('/' | '?' | '#')) || (special && c == Some('\\')) => {
                    if at_sign_seen && buf_start == p {
                        t.error(p, ValidationError::HostMissing, true);
                        return Err(fail(p, Some(ValidationError::HostMissing)));
                    }
                    go!(
                        State::Host,
                        "authority state 2.2: c ends the authority: decrease pointer by buffer's length + 1, set buffer to the empty string and state to host state"
                    );
                    Next::Jump(buf_start)
                }
                _ => Next::Advance,
            },

            State::Host | State::Hostname => {
                if over.is_some() && url.scheme == "file" {
                    buf_start = p;
                    go!(
                        State::FileHost,
                        "host state 1: a state override is given and the scheme is \"file\": decrease pointer by 1 and set state to file host state"
                    );
                    Next::Reprocess
                } else if c == Some(':') && !inside_brackets {
                    if buf_start == p {
                        t.error(p, ValidationError::HostMissing, true);
                        return Err(fail(p, Some(ValidationError::HostMissing)));
                    }
                    if over == Some(State::Hostname) {
                        return Err(fail(p, None));
                    }
                    let host = host_parse(&mut t, input, buf_start, p, special, &cleaned)?;
                    url.host = Some(host);
                    if T::ON && at_sign_seen {
                        credentials_changes(&mut t, url, auth_start, buf_start, password_colon);
                    }
                    buf_start = p + 1;
                    go!(
                        State::Port,
                        "host state 2.5: c is ':' outside brackets: host-parse buffer, set state to port state"
                    );
                    Next::Advance
                } else if matches!(c, None | Some('/' | '?' | '#')) || (special && c == Some('\\'))
                {
                    if special && buf_start == p {
                        t.error(p, ValidationError::HostMissing, true);
                        return Err(fail(p, Some(ValidationError::HostMissing)));
                    }
                    if over.is_some()
                        && buf_start == p
                        && (url.includes_credentials() || url.port.is_some())
                    {
                        return Err(fail(p, None));
                    }
                    let host = host_parse(&mut t, input, buf_start, p, special, &cleaned)?;
                    url.host = Some(host);
                    if T::ON && at_sign_seen {
                        credentials_changes(&mut t, url, auth_start, buf_start, password_colon);
                    }
                    buf_start = p;
                    go!(
                        State::PathStart,
                        "host state 3: c ends the host: decrease pointer by 1, host-parse buffer, set state to path start state"
                    );
                    if over.is_some() {
                        return Ok(());
                    }
                    Next::Reprocess
                } else {
                    if c == Some('[') {
                        inside_brackets = true;
                    }
                    if c == Some(']') {
                        inside_brackets = false;
                    }
                    Next::Advance
                }
            }

            State::Port => {
                let ends = matches!(c, None | Some('/' | '?' | '#'))
                    || (special && c == Some('\\'))
                    || over.is_some();
                if c.is_some_and(|c| c.is_ascii_digit()) {
                    Next::Advance
                } else if ends {
                    let digits = &input[buf_start..p];
                    let colon = buf_start.checked_sub(1).filter(|&i| bytes[i] == b':');
                    if !digits.is_empty() {
                        let mut value: u32 = 0;
                        for d in digits.bytes() {
                            value = value * 10 + u32::from(d - b'0');
                            if value > u32::from(u16::MAX) {
                                t.error(buf_start, ValidationError::PortOutOfRange, true);
                                return Err(fail(buf_start, Some(ValidationError::PortOutOfRange)));
                            }
                        }
                        let port = value as u16;
                        if default_port(&url.scheme) == Some(port) {
                            url.port = None;
                            if T::ON {
                                t.change(colon.unwrap_or(buf_start)..p, Change::Port);
                            }
                        } else {
                            url.port = Some(port);
                            let zeros = digits.len() - digits.trim_start_matches('0').len();
                            let zeros = zeros.min(digits.len() - 1);
                            if T::ON && zeros > 0 {
                                t.change(buf_start..buf_start + zeros, Change::Port);
                            }
                        }
                        if over.is_some() {
                            return Ok(());
                        }
                    } else if T::ON
                        && over.is_none()
                        && let Some(colon) = colon
                    {
                        t.change(colon..colon + 1, Change::Port);
                    }
                    if over.is_some() {
                        return Err(fail(p, None));
                    }
                    go!(
                        State::PathStart,
                        "port state 2.3: c ends the port: set state to path start state and decrease pointer by 1"
                    );
                    Next::Reprocess
                } else {
                    t.error(p, ValidationError::PortInvalid, true);
                    return Err(fail(p, Some(ValidationError::PortInvalid)));
                }
            }

            State::File => {
                url.scheme = "file".to_owned();
                special = true;
                url.host = Some(Host::Empty);
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        t.error(p, ValidationError::InvalidReverseSolidus, false);
                        if T::ON {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    go!(
                        State::FileSlash,
                        "file state 3: c is '/' or '\\': set state to file slash state"
                    );
                    Next::Advance
                } else if let Some(b) = base.filter(|b| b.scheme == "file") {
                    url.host = b.host.clone();
                    url.path = b.path.clone();
                    url.query = b.query.clone();
                    if T::ON {
                        t.change(p..p, Change::FromBase);
                    }
                    match c {
                        Some('?') => {
                            url.query = Some(String::new());
                            go!(
                                State::Query,
                                "file state 4.2: c is '?': take the base's host, path and query, set query to the empty string and state to query state"
                            );
                            Next::Advance
                        }
                        Some('#') => {
                            url.fragment = Some(String::new());
                            go!(
                                State::Fragment,
                                "file state 4.3: c is '#': take the base's host, path and query, set fragment to the empty string and state to fragment state"
                            );
                            Next::Advance
                        }
                        Some(_) => {
                            url.query = None;
                            if !starts_with_windows_drive_letter(&input[p..]) {
                                shorten(url);
                            } else {
                                t.error(p, ValidationError::FileInvalidWindowsDriveLetter, false);
                                url.path = Path::new_list();
                            }
                            go!(
                                State::Path,
                                "file state 4.4: take the base's host and path, shorten the path (or empty it before a drive letter), set state to path state and decrease pointer by 1"
                            );
                            Next::Reprocess
                        }
                        None => Next::Advance,
                    }
                } else {
                    if T::ON {
                        t.change(p..p, Change::InsertSlashes);
                    }
                    go!(
                        State::Path,
                        "file state 5: set state to path state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::FileSlash => {
                if matches!(c, Some('/' | '\\')) {
                    if c == Some('\\') {
                        t.error(p, ValidationError::InvalidReverseSolidus, false);
                        if T::ON {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    buf_start = p + 1;
                    go!(
                        State::FileHost,
                        "file slash state 1: c is '/' or '\\': set state to file host state"
                    );
                    Next::Advance
                } else {
                    if let Some(b) = base.filter(|b| b.scheme == "file") {
                        url.host = b.host.clone();
                        if !starts_with_windows_drive_letter(&input[p..])
                            && let Some(first) = b
                                .path
                                .first()
                                .filter(|s| is_normalized_windows_drive_letter(s))
                        {
                            url.path.push(first);
                        }
                        if T::ON {
                            t.change(p..p, Change::FromBase);
                        }
                    }
                    go!(
                        State::Path,
                        "file slash state 2: set state to path state and decrease pointer by 1"
                    );
                    Next::Reprocess
                }
            }

            State::FileHost => {
                if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                    let buffer = &input[buf_start..p];
                    if over.is_none() && is_windows_drive_letter(buffer) {
                        t.error(p, ValidationError::FileInvalidWindowsDriveLetterHost, false);
                        // The buffer is kept and becomes the path state's.
                        url.path.text.push('/');
                        seg_start = url.path.text.len();
                        seg_open = true;
                        url.path.text.push_str(buffer);
                        if T::ON {
                            seg_inputs.push(buf_start);
                            t.change(buf_start..buf_start, Change::PathSerialization);
                        }
                        go!(
                            State::Path,
                            "file host state 1.1: buffer is a Windows drive letter: set state to path state (the buffer becomes the path's)"
                        );
                        Next::Reprocess
                    } else if buffer.is_empty() {
                        url.host = Some(Host::Empty);
                        if over.is_some() {
                            return Ok(());
                        }
                        go!(
                            State::PathStart,
                            "file host state 1.2: buffer is empty: set host to the empty string and state to path start state"
                        );
                        Next::Reprocess
                    } else {
                        let mut host = host_parse(&mut t, input, buf_start, p, special, &cleaned)?;
                        if matches!(&host, Host::Domain(d) if d == "localhost") {
                            host = Host::Empty;
                            if T::ON {
                                t.change(buf_start..p, Change::Dropped);
                            }
                        }
                        url.host = Some(host);
                        if over.is_some() {
                            return Ok(());
                        }
                        buf_start = p;
                        go!(
                            State::PathStart,
                            "file host state 1.3: host-parse buffer (\"localhost\" becomes the empty host), set state to path start state"
                        );
                        Next::Reprocess
                    }
                } else {
                    Next::Advance
                }
            }

            State::PathStart => {
                if special {
                    if c == Some('\\') {
                        t.error(p, ValidationError::InvalidReverseSolidus, false);
                        if T::ON {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    go!(
                        State::Path,
                        "path start state 1: the URL is special: set state to path state"
                    );
                    if matches!(c, Some('/' | '\\')) {
                        Next::Advance
                    } else {
                        if T::ON && over.is_none() {
                            t.change(p..p, Change::PathSerialization);
                        }
                        Next::Reprocess
                    }
                } else if over.is_none() && c == Some('?') {
                    url.query = Some(String::new());
                    go!(
                        State::Query,
                        "path start state 2: c is '?': set query to the empty string and state to query state"
                    );
                    Next::Advance
                } else if over.is_none() && c == Some('#') {
                    url.fragment = Some(String::new());
                    go!(
                        State::Fragment,
                        "path start state 3: c is '#': set fragment to the empty string and state to fragment state"
                    );
                    Next::Advance
                } else if let Some(c) = c {
                    go!(
                        State::Path,
                        "path start state 4: set state to path state (decrease pointer by 1 unless c is '/')"
                    );
                    if c == '/' {
                        Next::Advance
                    } else {
                        Next::Reprocess
                    }
                } else {
                    if over.is_some() && url.host.is_none() {
                        url.path.push("");
                    }
                    Next::Advance
                }
            }

            State::Path => {
                let slash = c == Some('/') || (special && c == Some('\\'));
                if c.is_none() || slash || (over.is_none() && matches!(c, Some('?' | '#'))) {
                    if special && c == Some('\\') {
                        t.error(p, ValidationError::InvalidReverseSolidus, false);
                        if T::ON {
                            t.change(p..p + 1, Change::BackslashAsSlash);
                        }
                    }
                    if !seg_open {
                        url.path.text.push('/');
                        seg_start = url.path.text.len();
                        if T::ON {
                            seg_inputs.push(p);
                        }
                    }
                    seg_open = false;
                    let segment = &url.path.text[seg_start..];
                    if is_double_dot(segment) {
                        url.path.text.truncate(seg_start - 1);
                        if T::ON {
                            let from = seg_inputs.pop().unwrap_or(p);
                            let end = if slash { p + clen } else { p };
                            t.change(from..end, Change::DotSegment);
                            let before = url.path.len();
                            shorten(url);
                            if url.path.len() < before
                                && let Some(popped) = seg_inputs.pop()
                            {
                                t.change(popped..from, Change::DotSegment);
                            }
                        } else {
                            shorten(url);
                        }
                        if !slash {
                            url.path.push("");
                        }
                    } else if is_single_dot(segment) {
                        url.path.text.truncate(seg_start - 1);
                        if T::ON {
                            let from = seg_inputs.pop().unwrap_or(p);
                            let end = if slash { p + clen } else { p };
                            t.change(from..end, Change::DotSegment);
                        }
                        if !slash {
                            url.path.push("");
                        }
                    } else if url.scheme == "file"
                        && seg_start == 1
                        && is_windows_drive_letter(segment)
                        && segment.as_bytes()[1] == b'|'
                    {
                        if T::ON
                            && let Some(&from) = seg_inputs.last()
                        {
                            t.change(from + 1..from + 2, Change::DriveLetter);
                        }
                        url.path
                            .text
                            .replace_range(seg_start + 1..seg_start + 2, ":");
                    }
                    match c {
                        Some('?') if over.is_none() => {
                            url.query = Some(String::new());
                            go!(
                                State::Query,
                                "path state 1.6: c is '?': set query to the empty string and state to query state"
                            );
                        }
                        Some('#') if over.is_none() => {
                            url.fragment = Some(String::new());
                            go!(
                                State::Fragment,
                                "path state 1.7: c is '#': set fragment to the empty string and state to fragment state"
                            );
                        }
                        _ => {}
                    }
                    Next::Advance
                } else if let Some(c) = c {
                    if !seg_open {
                        url.path.text.push('/');
                        seg_start = url.path.text.len();
                        seg_open = true;
                        if T::ON {
                            seg_inputs.push(p);
                        }
                    }
                    if let Some(next) =
                        copy_run(&mut t, input, p, state, unit::PATH, &mut url.path.text)
                    {
                        next
                    } else {
                        check_url_unit(&mut t, p, c, remaining);
                        if encode::encode_char(c, EncodeSet::Path, &mut url.path.text) && T::ON {
                            t.change(p..p + clen, Change::PercentEncode(EncodeSet::Path));
                        }
                        Next::Advance
                    }
                } else {
                    // EOF ends a segment above; this arm is never taken.
                    Next::Advance
                }
            }

            State::OpaquePath => match c {
                Some('?') => {
                    url.query = Some(String::new());
                    go!(
                        State::Query,
                        "opaque path state 1: c is '?': set query to the empty string and state to query state"
                    );
                    Next::Advance
                }
                Some('#') => {
                    url.fragment = Some(String::new());
                    go!(
                        State::Fragment,
                        "opaque path state 2: c is '#': set fragment to the empty string and state to fragment state"
                    );
                    Next::Advance
                }
                Some(' ') => {
                    t.error(p, ValidationError::InvalidUrlUnit, false);
                    if remaining.starts_with(['?', '#']) {
                        url.path.text.push_str("%20");
                        if T::ON {
                            t.change(p..p + 1, Change::PercentEncode(EncodeSet::C0Control));
                        }
                    } else {
                        url.path.text.push(' ');
                    }
                    Next::Advance
                }
                Some(c) => {
                    if let Some(next) = copy_run(
                        &mut t,
                        input,
                        p,
                        state,
                        unit::OPAQUE_PATH,
                        &mut url.path.text,
                    ) {
                        next
                    } else {
                        check_url_unit(&mut t, p, c, remaining);
                        if encode::encode_char(c, EncodeSet::C0Control, &mut url.path.text) && T::ON
                        {
                            t.change(p..p + clen, Change::PercentEncode(EncodeSet::C0Control));
                        }
                        Next::Advance
                    }
                }
                None => Next::Advance,
            },

            State::Query => {
                if c.is_none() || (over.is_none() && c == Some('#')) {
                    if c == Some('#') {
                        url.fragment = Some(String::new());
                        go!(
                            State::Fragment,
                            "query state 2.4: c is '#': set fragment to the empty string and state to fragment state"
                        );
                    }
                    Next::Advance
                } else if let Some(c) = c {
                    let (set, plain) = if special {
                        (EncodeSet::SpecialQuery, unit::SPECIAL_QUERY)
                    } else {
                        (EncodeSet::Query, unit::QUERY)
                    };
                    let query = url.query.get_or_insert_with(String::new);
                    if let Some(next) = copy_run(&mut t, input, p, state, plain, query) {
                        next
                    } else {
                        check_url_unit(&mut t, p, c, remaining);
                        // Percent-encode after encoding with UTF-8 is code point by code point.
                        if encode::encode_char(c, set, query) && T::ON {
                            t.change(p..p + clen, Change::PercentEncode(set));
                        }
                        Next::Advance
                    }
                } else {
                    // EOF ends the query above; this arm is never taken.
                    Next::Advance
                }
            }

            State::Fragment => match c {
                Some(c) => {
                    let fragment = url.fragment.get_or_insert_with(String::new);
                    if let Some(next) = copy_run(&mut t, input, p, state, unit::FRAGMENT, fragment)
                    {
                        next
                    } else {
                        check_url_unit(&mut t, p, c, remaining);
                        if encode::encode_char(c, EncodeSet::Fragment, fragment) && T::ON {
                            t.change(p..p + clen, Change::PercentEncode(EncodeSet::Fragment));
                        }
                        Next::Advance
                    }
                }
                None => Next::Advance,
            },
        };

        match next {
            Next::Advance => {
                if c.is_none() {
                    break;
                }
                p += clen;
            }
            Next::Reprocess => {}
            Next::Skip => p += clen + 1,
            Next::Jump(to) => p = to,
        }
    }

    if T::ON && over.is_none() && url.needs_path_dot() {
        t.change(len..len, Change::PathSerialization);
    }
    Ok(())
}

/// Host-parses `input[start..end]` (with `url` is not special as isOpaque); failure names the
/// host parser's error.
fn host_parse<T: Tracer>(
    t: &mut T,
    input: &str,
    start: usize,
    end: usize,
    special: bool,
    cleaned: &Cleaned<'_>,
) -> Result<Host, Failure> {
    let buffer = &input[start..end];
    // The opaque-host parser returns the empty host for the empty string.
    if !special && buffer.is_empty() {
        return Ok(Host::Empty);
    }
    // The host parser records its own Change::Host.
    if let Some(host) = parse_host(buffer, !special, start, t) {
        return Ok(match host {
            Host::Opaque(s) if s.is_empty() => Host::Empty,
            Host::Domain(s) if s.is_empty() => Host::Empty,
            other => other,
        });
    }
    // Name the error: the tracer in use may not have recorded it.
    let mut only = FailureOnly::default();
    let _ = parse_host(buffer, !special, start, &mut only);
    let (at, error) = only.failed.map_or((start, None), |(at, e)| (at, Some(e)));
    Err(Failure {
        at: cleaned.orig(at),
        error,
    })
}

/// The ASCII octets that the path, query and fragment states take as they are: URL code points
/// (so no validation error) in none of the state's percent-encode sets that end nothing there.
/// Each state takes a union of these classes; a `%` followed by two hex digits is taken too.
mod unit {
    /// ASCII alphanumeric and ``!$&()*+,-.:;=@_~``: every state's.
    const ANY: u8 = 1;
    /// `'`: in the special-query percent-encode set.
    const APOSTROPHE: u8 = 2;
    /// `/`: ends a path segment.
    const SLASH: u8 = 4;
    /// `?`: ends a path; in the path percent-encode set.
    const QUESTION_MARK: u8 = 8;

    pub(super) const PATH: u8 = ANY | APOSTROPHE;
    pub(super) const OPAQUE_PATH: u8 = ANY | APOSTROPHE | SLASH;
    pub(super) const SPECIAL_QUERY: u8 = ANY | SLASH | QUESTION_MARK;
    pub(super) const QUERY: u8 = SPECIAL_QUERY | APOSTROPHE;
    pub(super) const FRAGMENT: u8 = QUERY;

    const fn table() -> [u8; 256] {
        let mut t = [0u8; 256];
        let mut b = 0usize;
        while b < 128 {
            let c = b as u8;
            t[b] = match c {
                b'\'' => APOSTROPHE,
                b'/' => SLASH,
                b'?' => QUESTION_MARK,
                b'!' | b'$' | b'&' | b'(' | b')' | b'*' | b'+' | b',' | b'-' | b'.' | b':'
                | b';' | b'=' | b'@' | b'_' | b'~' => ANY,
                _ if c.is_ascii_alphanumeric() => ANY,
                _ => 0,
            };
            b += 1;
        }
        t
    }

    pub(super) static CLASS: [u8; 256] = table();
}

/// The end of the run of octets from `from` that a state taking the `unit` classes `accept`
/// copies as they are, one after another: `from` when it starts none.
#[inline]
fn plain_run(bytes: &[u8], from: usize, accept: u8) -> usize {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        if unit::CLASS[usize::from(b)] & accept != 0 {
            i += 1;
        } else if b == b'%'
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
        {
            i += 3;
        } else {
            break;
        }
    }
    i
}

/// The path, query, fragment and opaque path states on a run of plain octets from `p` (see
/// [`plain_run`]): appended to `part` as the state would one code point at a time, read in
/// `state` (`p` itself was recorded by the loop). Where the state goes on, or `None` when `p`
/// starts no run.
#[inline]
fn copy_run<T: Tracer>(
    t: &mut T,
    input: &str,
    p: usize,
    state: State,
    accept: u8,
    part: &mut String,
) -> Option<Next> {
    let end = plain_run(input.as_bytes(), p, accept);
    if end == p {
        return None;
    }
    part.push_str(&input[p..end]);
    if T::ON && end > p + 1 {
        t.read(p + 1..end, state);
    }
    Some(Next::Jump(end))
}

/// The path, opaque path, query and fragment states' validation errors for `c`.
#[inline]
fn check_url_unit<T: Tracer>(t: &mut T, p: usize, c: char, remaining: &str) {
    if c == '%' {
        if !starts_with_two_hex(remaining) {
            t.error(p, ValidationError::InvalidUrlUnit, false);
        }
    } else if !is_url_code_point(c) {
        t.error(p, ValidationError::InvalidUrlUnit, false);
    }
}

/// Trace only: credentials the serializer will not write (an empty username and password drop
/// the `@`; an empty password drops the `:`).
fn credentials_changes<T: Tracer>(
    t: &mut T,
    url: &Url,
    auth_start: usize,
    host_start: usize,
    password_colon: Option<usize>,
) {
    if !url.includes_credentials() {
        t.change(auth_start..host_start, Change::Credentials);
    } else if url.password.is_empty()
        && let Some(colon) = password_colon
    {
        t.change(colon..colon + 1, Change::Credentials);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whatwg::trace::ChangeAt;

    fn href(input: &str) -> String {
        parse(input, None)
            .map(|u| u.href())
            .unwrap_or_else(|f| f.to_string())
    }

    #[test]
    fn every_state_is_reached_by_some_input() {
        let base = parse("http://example.com/a/b", None).unwrap();
        let file_base = parse("file:///C:/dir/f", None).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for (input, base) in [
            ("http://u:p@h:8080/p?q#f", None),
            ("//x/y", Some(&base)),
            ("\\x", Some(&base)),
            ("http:x", Some(&base)),
            ("foo://h/p", None),
            ("foo:/p", None),
            ("mailto:a@b?s", None),
            ("file://h/p", None),
            ("x", Some(&file_base)),
        ] {
            let (_, trace) = parse_traced(input, base);
            seen.extend(trace.reads.iter().map(|r| r.state));
        }
        // The hostname state is the hostname setter's state override.
        let mut url = parse("http://h/", None).unwrap();
        let mut trace = Trace::default();
        crate::whatwg::setters::set_with(
            &mut url,
            crate::whatwg::setters::Setter::Hostname,
            "x",
            &mut trace,
        )
        .unwrap();
        seen.extend(trace.reads.iter().map(|r| r.state));
        assert_eq!(seen.len(), State::ALL.len(), "{seen:?}");
    }

    #[test]
    fn a_run_read_at_once_gives_each_code_point_its_state() {
        let input = "http://h/ab\tc'd%41?e/f'#g?h";
        let (url, trace) = parse_traced(input, None);
        assert_eq!(url.unwrap().href(), "http://h/abc'd%41?e/f%27#g?h");
        let states = trace.states(input);
        let want = |range: Range<usize>, state| {
            for i in range {
                assert_eq!(states[i], state, "offset {i}");
            }
        };
        want(9..11, Some(State::Path));
        want(11..12, None);
        want(12..19, Some(State::Path));
        want(19..24, Some(State::Query));
        want(24..27, Some(State::Fragment));
        // Neighbouring reads of one state are one run: the tab cuts the path's.
        let runs: Vec<_> = trace
            .reads
            .iter()
            .filter(|r| r.start >= 9)
            .map(|r| (r.start..r.end, r.state))
            .collect();
        assert_eq!(
            runs,
            [
                (9..11, State::Path),
                (12..19, State::Path),
                (19..24, State::Query),
                (24..27, State::Fragment)
            ]
        );
    }

    #[test]
    fn offsets_are_the_original_inputs_after_tab_and_newline_removal() {
        let input = " \tht\ntp://a\t/b ";
        let (url, trace) = parse_traced(input, None);
        assert_eq!(url.unwrap().href(), "http://a/b");
        let states = trace.states(input);
        // The leading space and tab, the inner newline and tab, the trailing space: unread.
        for i in [0, 1, 4, 11, 14] {
            assert_eq!(states[i], None, "offset {i}");
        }
        assert_eq!(states[2], Some(State::SchemeStart));
        assert_eq!(states[5], Some(State::Scheme));
        assert_eq!(states[13], Some(State::Path));
        assert!(trace.changes.contains(&ChangeAt {
            input: 4..5,
            change: Change::RemoveTabNewline
        }));
        assert!(trace.changes.contains(&ChangeAt {
            input: 0..2,
            change: Change::StripC0Space
        }));
        assert!(trace.changes.contains(&ChangeAt {
            input: 14..15,
            change: Change::StripC0Space
        }));
        let invalid: Vec<_> = trace.errors.iter().map(|e| (e.at, e.error)).collect();
        assert_eq!(
            invalid,
            [
                (0, ValidationError::InvalidUrlUnit),
                (4, ValidationError::InvalidUrlUnit)
            ]
        );
    }

    #[test]
    fn a_failure_names_its_offset_and_error() {
        let f = parse("  http://h:99999/", None).unwrap_err();
        assert_eq!((f.at, f.error), (11, Some(ValidationError::PortOutOfRange)));
        let f = parse("http://h:8x/", None).unwrap_err();
        assert_eq!((f.at, f.error), (10, Some(ValidationError::PortInvalid)));
        let f = parse("rel/a", None).unwrap_err();
        assert_eq!(f.error, Some(ValidationError::MissingSchemeNonRelativeUrl));
        let f = parse("http://u@/", None).unwrap_err();
        assert_eq!((f.at, f.error), (9, Some(ValidationError::HostMissing)));
        let f = parse("http://[::1/", None).unwrap_err();
        assert_eq!(f.error, Some(ValidationError::Ipv6Unclosed));
        let f = parse("ht\ttp://[::1/", None).unwrap_err();
        assert_eq!(f.at, 8, "the host's offset in the original input");
    }

    #[test]
    fn transitions_chain_from_state_to_state() {
        let (_, trace) = parse_traced("HTTP://u@h:80/a/../b?q#f", None);
        let mut state = State::SchemeStart;
        for t in &trace.transitions {
            assert_eq!(t.from, state, "{t:?}");
            assert!(!t.step.is_empty());
            state = t.to;
        }
        assert_eq!(state, State::Fragment);
    }

    #[test]
    fn changes_name_what_the_parser_did() {
        let (url, trace) = parse_traced("HTTP:\\\\u@h:80/a/../%7b|}?q\"#f ", None);
        assert_eq!(url.unwrap().href(), "http://u@h/%7b|%7D?q%22#f");
        let has = |r: Range<usize>, c: Change| {
            trace.changes.contains(&ChangeAt {
                input: r,
                change: c,
            })
        };
        assert!(has(0..1, Change::LowercaseScheme));
        assert!(has(5..6, Change::BackslashAsSlash));
        assert!(has(10..13, Change::Port));
        assert!(has(14..16, Change::DotSegment), "{:?}", trace.changes);
        assert!(has(16..19, Change::DotSegment));
        assert!(has(23..24, Change::PercentEncode(EncodeSet::Path)));
        assert!(has(26..27, Change::PercentEncode(EncodeSet::SpecialQuery)));
        assert!(has(29..30, Change::StripC0Space));
    }

    #[test]
    fn a_rewritten_host_is_one_change_at_the_original_offsets() {
        let (url, trace) = parse_traced("http://EX\tAMPLE.com/", None);
        assert_eq!(url.unwrap().href(), "http://example.com/");
        let hosts: Vec<_> = trace
            .changes
            .iter()
            .filter(|c| matches!(c.change, Change::Host(_)))
            .collect();
        assert_eq!(
            hosts,
            [&ChangeAt {
                input: 7..19,
                change: Change::Host(crate::whatwg::HostKind::Domain)
            }]
        );
    }

    #[test]
    fn the_standards_corners() {
        assert_eq!(href("http:/\\/\\a"), "http://a/");
        assert_eq!(href("web+demo:/.//not-a-host/"), "web+demo:/.//not-a-host/");
        assert_eq!(
            href("web+demo:/path/..//not-a-host/"),
            "web+demo:/.//not-a-host/"
        );
        assert_eq!(href("file:///C|/a/../../.."), "file:///C:/");
        assert_eq!(href("file://C|/x"), "file:///C:/x");
        assert_eq!(href("file://localhost/x"), "file:///x");
        assert_eq!(href("non-spec:opaque  ?q"), "non-spec:opaque %20?q");
        assert_eq!(href("http://a/%2e%2E/b/.%2e"), "http://a/");
        assert_eq!(href("http://@@h/"), "http://%40@h/");
        assert_eq!(href("http://:@h/"), "http://h/");
        assert_eq!(href("http://h:0080/"), "http://h/");
        assert_eq!(href("http://h:08080/"), "http://h:8080/");
        assert!(parse("sc://\u{0}/", None).is_err());
    }

    #[test]
    fn tracing_never_changes_the_result() {
        let base = parse("http://example.com/a/b?q", None).unwrap();
        for input in [
            "a",
            "//h",
            "?x",
            "#y",
            "../..",
            "http://[::1]:0/",
            "x:y z",
            "\\\\h",
        ] {
            assert_eq!(
                parse(input, Some(&base)),
                parse_traced(input, Some(&base)).0
            );
        }
    }
}
