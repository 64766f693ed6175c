//! Profile "WHATWG": exactly what a browser's address bar and `new URL()` make of the text, by
//! urlscope's own URL Standard parser (`crate::whatwg`). W0 makes the octets text without losing
//! any; W1 parses it (against the base, if any) and records the href's difference, each edit
//! named after the parser's step that made it (the trace's changes).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

use crate::url::diff::myers::replacements;
use crate::url::profiles::step::{Io, Remark, StepStatus};
use crate::url::profiles::table::{Step, When, step_table};
use crate::url::rule::Rule;
use crate::url::syntax::diag;
use crate::url::syntax::octets;
use crate::url::syntax::parser_text::parser_text;
use crate::whatwg::trace::ChangeAt;
use crate::whatwg::{self, Change, EncodeSet, HostKind, State, Url};

pub(crate) const OCTETS: Rule = Rule::WhatwgOctets;
pub(crate) const ENCODE_INVALID_UTF8: Rule = Rule::EncodeInvalidUtf8;
pub(crate) const PARSE: Rule = Rule::WhatwgParse;
pub(crate) const SERIALIZE: Rule = Rule::WhatwgSerialize;

/// The rules W1's edits may carry: one per kind of change the parser makes, and the
/// serializer's for an edit no change claims.
pub(crate) const PARSE_RULES: &[Rule] = &[
    Rule::WhatwgStripC0Space,
    Rule::WhatwgRemoveTabNewline,
    Rule::WhatwgLowercaseScheme,
    Rule::WhatwgBackslash,
    Rule::WhatwgInsertSlashes,
    Rule::WhatwgPercentEncodeC0Control,
    Rule::WhatwgPercentEncodeFragment,
    Rule::WhatwgPercentEncodeQuery,
    Rule::WhatwgPercentEncodeSpecialQuery,
    Rule::WhatwgPercentEncodePath,
    Rule::WhatwgPercentEncodeUserinfo,
    Rule::WhatwgPercentEncodeComponent,
    Rule::WhatwgPercentEncodeForm,
    Rule::WhatwgHostDomainToAscii,
    Rule::WhatwgHostIpv4,
    Rule::WhatwgHostIpv6,
    Rule::WhatwgHostOpaque,
    Rule::WhatwgHostEmpty,
    Rule::WhatwgDefaultPort,
    Rule::WhatwgCredentials,
    Rule::WhatwgDotSegment,
    Rule::WhatwgDriveLetter,
    Rule::WhatwgFromBase,
    Rule::WhatwgPathSerialization,
    Rule::WhatwgDropped,
    SERIALIZE,
];

step_table! {
    /// W0 makes the octets text, W1 parses it with the URL Standard's basic URL parser.
    pub(crate) TABLE: (), run = [
        Step::new(
            OCTETS,
            &[ENCODE_INVALID_UTF8],
            When::Always,
            false,
            octets_step,
        ),
        Step::new(PARSE, PARSE_RULES, When::Always, false, parse),
    ];
}

/// The rule of an edit made by `change`.
pub(crate) const fn rule_of(change: Change) -> Rule {
    match change {
        Change::StripC0Space => Rule::WhatwgStripC0Space,
        Change::RemoveTabNewline => Rule::WhatwgRemoveTabNewline,
        Change::LowercaseScheme => Rule::WhatwgLowercaseScheme,
        Change::BackslashAsSlash => Rule::WhatwgBackslash,
        Change::InsertSlashes => Rule::WhatwgInsertSlashes,
        Change::PercentEncode(set) => match set {
            EncodeSet::C0Control => Rule::WhatwgPercentEncodeC0Control,
            EncodeSet::Fragment => Rule::WhatwgPercentEncodeFragment,
            EncodeSet::Query => Rule::WhatwgPercentEncodeQuery,
            EncodeSet::SpecialQuery => Rule::WhatwgPercentEncodeSpecialQuery,
            EncodeSet::Path => Rule::WhatwgPercentEncodePath,
            EncodeSet::Userinfo => Rule::WhatwgPercentEncodeUserinfo,
            EncodeSet::Component => Rule::WhatwgPercentEncodeComponent,
            EncodeSet::ApplicationXWwwFormUrlencoded => Rule::WhatwgPercentEncodeForm,
        },
        Change::Host(kind) => match kind {
            HostKind::Domain => Rule::WhatwgHostDomainToAscii,
            HostKind::Ipv4 => Rule::WhatwgHostIpv4,
            HostKind::Ipv6 => Rule::WhatwgHostIpv6,
            HostKind::Opaque => Rule::WhatwgHostOpaque,
            HostKind::Empty => Rule::WhatwgHostEmpty,
        },
        Change::Port => Rule::WhatwgDefaultPort,
        Change::Credentials => Rule::WhatwgCredentials,
        Change::DotSegment => Rule::WhatwgDotSegment,
        Change::DriveLetter => Rule::WhatwgDriveLetter,
        Change::FromBase => Rule::WhatwgFromBase,
        Change::PathSerialization => Rule::WhatwgPathSerialization,
        Change::Dropped => Rule::WhatwgDropped,
    }
}

/// The rule of the edit that replaces `edit` of the parser's input: the rule of the change that
/// overlaps it most (an insertion: the change at its place), the serializer's when none does.
pub(crate) fn provenance(changes: &[ChangeAt], edit: &Range<usize>) -> Rule {
    let mut best: Option<(usize, Change)> = None;
    for c in changes {
        let r = &c.input;
        let overlap = r.end.min(edit.end).saturating_sub(r.start.max(edit.start));
        // An empty range on either side counts when it touches the other: an insertion, or a
        // change that removed nothing at a place inside the edit.
        let touches =
            (edit.is_empty() || r.is_empty()) && r.start <= edit.end && edit.start <= r.end;
        let score = if overlap > 0 {
            overlap + 1
        } else if touches {
            // An insertion's own kind of change first.
            1 + usize::from(r.is_empty() && edit.is_empty())
        } else {
            0
        };
        if score > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c.change));
        }
    }
    best.map_or(SERIALIZE, |(_, c)| rule_of(c))
}

/// Whether `change` only removes text (its edits delete and insert nothing).
fn removes_only(change: Change) -> bool {
    matches!(
        change,
        Change::Port
            | Change::DotSegment
            | Change::Credentials
            | Change::Dropped
            | Change::StripC0Space
            | Change::RemoveTabNewline
    )
}

/// One diff replacement `from` → `to` as the edits of the changes it spans: the diff merges
/// neighbours (`COM:80` → `com` is the host's lowercasing and the default port's removal). The
/// replacement is cut where a change begins or ends inside it; when all pieces but one belong
/// to changes that only remove text, those become deletions and the one piece gets `to`.
/// Otherwise it stays one edit, with the rule of the change it overlaps most.
pub(crate) fn split(
    changes: &[ChangeAt],
    from: Range<usize>,
    to: Range<usize>,
) -> Vec<(Range<usize>, Range<usize>, Rule)> {
    let whole = |from: Range<usize>, to| vec![(from.clone(), to, provenance(changes, &from))];
    if from.len() < 2 {
        return whole(from, to);
    }
    let mut cuts: Vec<usize> = changes
        .iter()
        .flat_map(|c| [c.input.start, c.input.end])
        .filter(|&k| from.start < k && k < from.end)
        .collect();
    if cuts.is_empty() {
        return whole(from, to);
    }
    cuts.sort_unstable();
    cuts.dedup();
    // The pieces, each with the first change (in the trace's order) that covers it (none: the
    // serializer's). Every change boundary inside `from` is a cut, so a change covers a piece
    // when it starts at or before the piece and ends after the piece's start: a sweep over the
    // changes by start, the covering ones in a heap by their order, finds each in turn.
    let mut by_start: Vec<usize> = (0..changes.len())
        .filter(|&i| !changes[i].input.is_empty())
        .collect();
    by_start.sort_unstable_by_key(|&i| changes[i].input.start);
    let mut by_start = by_start.into_iter().peekable();
    let mut covering = BinaryHeap::new();
    let mut pieces: Vec<(Range<usize>, Option<Change>)> = Vec::new();
    let mut start = from.start;
    for k in cuts.into_iter().chain([from.end]) {
        let piece = start..k;
        while let Some(i) = by_start.next_if(|&i| changes[i].input.start <= piece.start) {
            covering.push(Reverse(i));
        }
        // A change that ended is never again covering: the pieces go forward.
        while covering
            .peek()
            .is_some_and(|&Reverse(i)| changes[i].input.end <= piece.start)
        {
            covering.pop();
        }
        let change = covering.peek().map(|&Reverse(i)| changes[i].change);
        match pieces.last_mut() {
            Some((r, c)) if *c == change => r.end = k,
            _ => pieces.push((piece, change)),
        }
        start = k;
    }
    let keeps: Vec<usize> = (0..pieces.len())
        .filter(|&i| !pieces[i].1.is_some_and(removes_only))
        .collect();
    if pieces.len() < 2 || keeps.len() != 1 {
        return whole(from, to);
    }
    let kept = keeps[0];
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, (r, c))| {
            let out = if i == kept {
                to.clone()
            } else {
                to.start..to.start
            };
            (r, out, c.map_or(SERIALIZE, rule_of))
        })
        .collect()
}

/// A trace's changes indexed by where they start, so that each edit of a long input looks only
/// at the changes near it: [`split`] on those gives what it gives on all of them (it reads no
/// change that neither overlaps nor touches the replacement), in linear time overall where a
/// scan of every change for every edit was quadratic.
pub(crate) struct ChangeIndex<'a> {
    changes: &'a [ChangeAt],
    /// The changes' indices, by start.
    by_start: Vec<usize>,
    /// The largest end among the changes of `by_start[..=k]`.
    max_end: Vec<usize>,
}

impl<'a> ChangeIndex<'a> {
    pub(crate) fn new(changes: &'a [ChangeAt]) -> ChangeIndex<'a> {
        let mut by_start: Vec<usize> = (0..changes.len()).collect();
        by_start.sort_by_key(|&i| changes[i].input.start);
        let max_end = by_start
            .iter()
            .scan(0, |m, &i| {
                *m = changes[i].input.end.max(*m);
                Some(*m)
            })
            .collect();
        ChangeIndex {
            changes,
            by_start,
            max_end,
        }
    }

    /// The changes that overlap or touch `r`, in the trace's order.
    fn near(&self, r: &Range<usize>) -> Vec<ChangeAt> {
        let starts_in = self
            .by_start
            .partition_point(|&i| self.changes[i].input.start <= r.end);
        let mut near: Vec<usize> = (0..starts_in)
            .rev()
            .take_while(|&k| self.max_end[k] >= r.start)
            .map(|k| self.by_start[k])
            .filter(|&i| self.changes[i].input.end >= r.start)
            .collect();
        near.sort_unstable();
        near.into_iter().map(|i| self.changes[i].clone()).collect()
    }

    /// [`split`] over the indexed changes.
    pub(crate) fn split(
        &self,
        from: Range<usize>,
        to: Range<usize>,
    ) -> Vec<(Range<usize>, Range<usize>, Rule)> {
        split(&self.near(&from), from, to)
    }
}

/// The error id of a failed parse: named after the validation error that failed it.
fn failure(f: whatwg::Failure) -> diag::Diag {
    f.error
        .map_or(diag::E_WHATWG_PARSE, diag::Diag::whatwg_failure)
}

/// The base URL of the options, parsed; `Err` when it does not parse as an absolute URL.
fn base_url(io: &Io<'_>) -> Result<Option<Url>, StepStatus> {
    match io.opts.base() {
        None => Ok(None),
        Some(b) => match whatwg::parse(&parser_text(b).text, None) {
            Ok(u) => Ok(Some(u)),
            Err(_) => Err(StepStatus::Error(diag::E_BASE_NOT_ABSOLUTE)),
        },
    }
}

/// W1: parse as a browser does (against the base, if any) and record the href's difference.
/// A traced run parses with the tracer and names every edit; the batch path parses without one
/// (the place a faster parse can take).
#[inline(always)]
fn parse(io: &mut Io<'_>, _: &mut ()) -> StepStatus {
    let cur = io.cur;
    // W0 left only valid UTF-8.
    let text = std::str::from_utf8(cur).unwrap_or_default();
    let base = match base_url(io) {
        Ok(b) => b,
        Err(status) => return status,
    };
    if io.log.trace {
        parse_traced(io, text, base.as_ref())
    } else {
        parse_untraced(io, text, base.as_ref())
    }
}

/// The batch path: the href or the failure, no trace.
fn parse_untraced(io: &mut Io<'_>, text: &str, base: Option<&Url>) -> StepStatus {
    match whatwg::parse(text, base) {
        Err(f) => StepStatus::Error(failure(f)),
        Ok(url) => {
            let href = url.href();
            if href.as_bytes() != text.as_bytes() {
                io.log.count += 1;
                io.out.extend_from_slice(href.as_bytes());
            }
            StepStatus::NoChange
        }
    }
}

/// The traced path: the validation errors as remarks, each edit with the rule of the change
/// that made it, the trace kept on the step.
fn parse_traced(io: &mut Io<'_>, text: &str, base: Option<&Url>) -> StepStatus {
    let (parsed, trace) = whatwg::parse_traced(text, base);
    io.remark(trace.errors.iter().map(|e| Remark {
        error: e.error,
        at: e.at,
        fails: e.fails,
    }));
    let status = match parsed {
        Err(f) => StepStatus::Error(failure(f)),
        Ok(url) => {
            let href = url.href();
            let (cur, href) = (text.as_bytes(), href.as_bytes());
            if href != cur {
                let changes = ChangeIndex::new(&trace.changes);
                for (from, to) in replacements(cur, href) {
                    for (from, to, rule) in changes.split(from, to) {
                        io.log.push(from, &href[to], rule);
                    }
                }
                io.out.extend_from_slice(href);
            }
            StepStatus::NoChange
        }
    };
    io.attach_whatwg_trace(trace);
    status
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

/// For each octet of the input of a traced `whatwg` run, the state that read it (`None` where
/// no state did: a removed tab or newline, stripped C0 controls and spaces, text after a
/// failure). An octet that W0 wrote as a triplet gets the state that read the triplet's `%`.
/// Computed once per analysis; the inspector's state strip only reads it.
pub fn input_states(
    o: &crate::url::profiles::Outcome,
    input_len: usize,
) -> Option<Vec<Option<State>>> {
    let w0 = o.steps.iter().find(|s| s.step == OCTETS)?;
    let w1 = o.steps.iter().find(|s| s.step == PARSE)?;
    let trace = w1.whatwg.as_deref()?;
    let text = std::str::from_utf8(&w1.before).ok()?;
    let states = trace.states(text);
    if w0.edits.is_empty() {
        let mut out = states;
        out.resize(input_len, None);
        return Some(out);
    }
    // Walk W0's edits: an invalid octet became three octets of W1's input.
    let mut out = Vec::with_capacity(input_len);
    let (mut src, mut dst) = (0, 0);
    for e in &w0.edits {
        let kept = e.range.start - src;
        out.extend_from_slice(&states[dst..dst + kept]);
        dst += kept;
        out.push(states.get(dst).copied().flatten());
        dst += e.replacement.len();
        src = e.range.end;
    }
    out.extend_from_slice(states.get(dst..).unwrap_or_default());
    out.resize(input_len, None);
    Some(out)
}

/// `E-whatwg-…`, named after the `url` crate's parse error (the WHATWG resolution rules, which
/// ask that crate).
pub(crate) fn parse_error_id(e: url::ParseError) -> diag::Diag {
    use url::ParseError;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(input: Range<usize>, change: Change) -> ChangeAt {
        ChangeAt { input, change }
    }

    #[test]
    fn an_edit_takes_the_rule_of_the_change_it_overlaps_most() {
        let changes = [
            at(0..4, Change::LowercaseScheme),
            at(7..18, Change::Host(HostKind::Domain)),
            at(18..21, Change::Port),
        ];
        assert_eq!(provenance(&changes, &(1..2)), Rule::WhatwgLowercaseScheme);
        assert_eq!(provenance(&changes, &(8..9)), Rule::WhatwgHostDomainToAscii);
        assert_eq!(provenance(&changes, &(17..21)), Rule::WhatwgDefaultPort);
        // Nothing claims it: the serializer's.
        assert_eq!(provenance(&changes, &(30..31)), SERIALIZE);
    }

    #[test]
    fn an_insertion_takes_the_insertion_at_its_place() {
        let changes = [
            at(0..5, Change::LowercaseScheme),
            at(5..5, Change::InsertSlashes),
        ];
        assert_eq!(provenance(&changes, &(5..5)), Rule::WhatwgInsertSlashes);
    }

    #[test]
    fn a_replacement_over_a_host_and_a_default_port_is_two_edits() {
        // `COM:80` → `com`: the host's lowercasing, and `:80` removed.
        let changes = [
            at(7..18, Change::Host(HostKind::Domain)),
            at(18..21, Change::Port),
        ];
        assert_eq!(
            split(&changes, 15..21, 15..18),
            [
                (15..18, 15..18, Rule::WhatwgHostDomainToAscii),
                (18..21, 15..15, Rule::WhatwgDefaultPort),
            ]
        );
        // Two changes that both write text stay one edit.
        let changes = [
            at(0..2, Change::LowercaseScheme),
            at(2..4, Change::Host(HostKind::Domain)),
        ];
        assert_eq!(
            split(&changes, 0..4, 0..4),
            [(0..4, 0..4, Rule::WhatwgLowercaseScheme)]
        );
    }

    #[test]
    fn the_index_splits_as_a_scan_of_every_change_does() {
        let inputs = [
            " HTTP://u:@EXAMPLE.com:80/a/./b/../c d?e f'#g h ",
            "http:\\\\h\\a\tb/%2e%2E/x y",
            "file:///C|/a/../..",
            "https://a.b/p q/./r s?t u#v w",
        ];
        for input in inputs {
            let (url, trace) = whatwg::parse_traced(input, None);
            let href = url.expect("parses").href();
            let index = ChangeIndex::new(&trace.changes);
            for (from, to) in replacements(input.as_bytes(), href.as_bytes()) {
                assert_eq!(
                    index.split(from.clone(), to.clone()),
                    split(&trace.changes, from, to),
                    "{input:?}"
                );
            }
        }
    }

    #[test]
    fn every_change_kind_has_a_rule_of_the_parse_step() {
        let kinds = [
            Change::StripC0Space,
            Change::RemoveTabNewline,
            Change::LowercaseScheme,
            Change::BackslashAsSlash,
            Change::InsertSlashes,
            Change::Port,
            Change::Credentials,
            Change::DotSegment,
            Change::DriveLetter,
            Change::FromBase,
            Change::PathSerialization,
            Change::Dropped,
        ]
        .into_iter()
        .chain(
            [
                EncodeSet::C0Control,
                EncodeSet::Fragment,
                EncodeSet::Query,
                EncodeSet::SpecialQuery,
                EncodeSet::Path,
                EncodeSet::Userinfo,
                EncodeSet::Component,
                EncodeSet::ApplicationXWwwFormUrlencoded,
            ]
            .map(Change::PercentEncode),
        )
        .chain(
            [
                HostKind::Domain,
                HostKind::Ipv4,
                HostKind::Ipv6,
                HostKind::Opaque,
                HostKind::Empty,
            ]
            .map(Change::Host),
        );
        let mut seen = Vec::new();
        for k in kinds {
            let r = rule_of(k);
            assert!(PARSE_RULES.contains(&r), "{r}");
            assert!(!seen.contains(&r), "{r} twice");
            seen.push(r);
        }
        assert_eq!(seen.len() + 1, PARSE_RULES.len());
    }
}
