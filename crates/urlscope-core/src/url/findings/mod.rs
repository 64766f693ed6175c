//! Every warning and error about one input, each with where it is: the tokenizer's and the
//! profile's diagnostics (docs/rules.md, "Diagnostics"), the per-unit hints ("Character classes and hints") under the classification in
//! use, and three leftovers a person copying a URL makes: trailing prose punctuation (the rule
//! `extract` cuts by, `prose::trim_end`), `..` segments that climb above the root, and a password
//! in the userinfo. The inspector's status line counts them and its warnings list shows them.

use std::ops::Range;

mod canon;
mod id;
mod places;

pub(crate) use canon::canon_findings;
pub use id::FindingId;

use places::{dots_above_root, places};

use super::classes::{Classification, Hint, unit_infos_in};
use super::profiles::Profile;
use crate::url::syntax::diag::Diag;
use crate::url::syntax::octets::is_whitespace;
use crate::url::syntax::prose;
use crate::url::syntax::tokenize::Parsed;

/// At most this many findings are listed (a 1 MiB paste can hold a million hints).
pub(crate) const MAX_FINDINGS: usize = 500;
/// Units per window of the hint scan (bounds the memory of the per-unit records).
const WINDOW: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One warning or error: its id, the octets it is about (`None`: about the input as a whole or
/// the base), and the sentence a person reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What was found.
    pub id: FindingId,
    /// How much it matters.
    pub severity: Severity,
    /// Where in the input, when it has a place.
    pub at: Option<Range<usize>>,
    /// The finding in one sentence.
    pub text: String,
}

/// How a finding is counted, labelled and ordered: the one rule the count, the warnings list
/// and the status line share (an informational finding is a hint, not a warning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// `error`.
    Error,
    /// `warning`.
    Warning,
    /// `hint`.
    Hint,
}

impl Level {
    /// "error", "warning", "hint".
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Hint => "hint",
        }
    }
}

impl Finding {
    /// Its own level: an error, a warning, or a hint (the hints and the removed frame).
    pub fn level(&self) -> Level {
        match self.severity {
            Severity::Error => Level::Error,
            Severity::Warning if self.id.is_informational() => Level::Hint,
            Severity::Warning => Level::Warning,
        }
    }
}

/// The findings, ordered by position (those without one last), and whether the list was cut
/// at `MAX_FINDINGS`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// The findings, most severe first.
    pub list: Vec<Finding>,
    /// Whether the list was cut at its limit.
    pub truncated: bool,
}

impl Findings {
    /// How many findings are errors.
    pub fn errors(&self) -> usize {
        self.list
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }
    /// Warnings, informational ones included (see [`Findings::hints`] and
    /// `crate::modern::counts` for the count that keeps them apart).
    pub fn warnings(&self) -> usize {
        self.list.len() - self.errors()
    }
    /// The informational findings: the hints and the removed frame.
    pub fn hints(&self) -> usize {
        self.list.iter().filter(|f| f.id.is_informational()).count()
    }
    /// The indices of [`Findings::list`] most severe first (errors, warnings, hints), by
    /// position within a level: the order a list of them is read in.
    pub fn most_severe_first(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.list.len()).collect();
        order.sort_by_key(|&i| self.list[i].level());
        order
    }
}

/// Collects findings, merging a range that continues the previous finding of the same id.
struct Out {
    list: Vec<(FindingId, Option<Range<usize>>)>,
    truncated: bool,
}

impl Out {
    fn push(&mut self, id: FindingId, at: Option<Range<usize>>) {
        if let (Some(r), Some((last_id, Some(last)))) = (&at, self.list.last_mut())
            && *last_id == id
            && last.end == r.start
        {
            last.end = r.end;
            return;
        }
        if self.list.len() >= MAX_FINDINGS {
            self.truncated = true;
            return;
        }
        self.list.push((id, at));
    }
    fn full(&self) -> bool {
        self.list.len() >= MAX_FINDINGS
    }
}

/// The leading and trailing whitespace of `x` (whitespace as docs/rules.md's "Terms" defines it), as trimming would remove it.
pub(crate) fn edge_whitespace(x: &[u8]) -> Vec<Range<usize>> {
    let lead = x.iter().take_while(|&&b| is_whitespace(b)).count();
    if lead == x.len() {
        return if x.is_empty() {
            Vec::new()
        } else {
            std::iter::once(0..x.len()).collect()
        };
    }
    let trail = x.iter().rev().take_while(|&&b| is_whitespace(b)).count();
    let mut out = Vec::new();
    if lead > 0 {
        out.push(0..lead);
    }
    if trail > 0 {
        out.push(x.len() - trail..x.len());
    }
    out
}

/// `x` without its edge whitespace (what the inspector's trim key leaves).
pub fn trim_edges(x: &[u8]) -> &[u8] {
    let lead = x.iter().take_while(|&&b| is_whitespace(b)).count();
    let trail = x[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_whitespace(b))
        .count();
    &x[lead..x.len() - trail]
}

fn trim_edges_end(x: &[u8]) -> &[u8] {
    let trail = x.iter().rev().take_while(|&&b| is_whitespace(b)).count();
    &x[..x.len() - trail]
}

/// Every finding for input `x` (tokenized as `parsed`) under `profile`, whose diagnostics are
/// `flags`, and the hints of classification `c`.
pub fn findings(
    x: &[u8],
    parsed: &Parsed,
    profile: Profile,
    flags: &[Diag],
    c: Classification,
) -> Findings {
    let mut out = Out {
        list: Vec::new(),
        truncated: false,
    };
    for id in crate::url::profiles::diagnostics::diagnostics(parsed, profile, flags) {
        let at = places(id, x, parsed);
        let id = FindingId::Diag(id);
        if at.is_empty() {
            out.push(id, None);
        }
        for r in at {
            out.push(id, Some(r));
        }
    }
    // What `extract` would cut, before any trailing whitespace (flagged on its own).
    let body = trim_edges_end(&x[parsed.w.start..parsed.body.end]);
    let kept = prose::trim_end(body).len();
    if kept < body.len() {
        let start = parsed.w.start;
        out.push(
            FindingId::TrailingPunctuation,
            Some(start + kept..start + body.len()),
        );
    }
    // The frame's brackets and quotes (whitespace and punctuation have their own findings).
    let mut frame: Vec<_> = crate::url::syntax::frame::unframe(x)
        .removed
        .into_iter()
        .filter(|p| {
            !matches!(
                p.kind,
                crate::url::syntax::frame::FrameKind::Whitespace
                    | crate::url::syntax::frame::FrameKind::Punctuation
            )
        })
        .map(|p| p.start..p.end)
        .collect();
    frame.sort_by_key(|r| r.start);
    for r in frame {
        out.push(FindingId::FrameRemoved, Some(r));
    }
    for r in dots_above_root(x, parsed) {
        out.push(FindingId::DotDotAboveRoot, Some(r));
    }
    if let Some(pw) = &parsed.password
        && !pw.is_empty()
    {
        out.push(FindingId::Password, Some(pw.clone()));
    }
    hints(x, parsed, c, &mut out);
    let mut list: Vec<Finding> = out
        .list
        .into_iter()
        .map(|(id, at)| Finding {
            id,
            severity: id.severity(),
            at,
            text: id.text().to_string(),
        })
        .collect();
    list.sort_by_key(|f| f.at.as_ref().map_or((usize::MAX, 0), |r| (r.start, r.end)));
    Findings {
        list,
        truncated: out.truncated,
    }
}

/// The hints of every unit, in windows; a hint the diagnostics already place is left out
/// (an invalid '%', and "must encode" on a control, non-ASCII or edge-whitespace octet).
fn hints(x: &[u8], parsed: &Parsed, c: Classification, out: &mut Out) {
    hints_in_windows(x, parsed, c, out, true);
}

/// [`hints`], window by window. With `skip_letters`, a window of raw ASCII letters and digits
/// is not turned into unit records: no hint applies to such a unit, so all its units would
/// do is close the runs before them, which is done here in the same order (a 1 MiB path of
/// letters is ~1M records otherwise). The tests compare both ways.
fn hints_in_windows(
    x: &[u8],
    parsed: &Parsed,
    c: Classification,
    out: &mut Out,
    skip_letters: bool,
) {
    let edges = edge_whitespace(x);
    let mut start = 0;
    let mut merged: Vec<(Hint, Range<usize>)> = Vec::new();
    // Close (report) the runs that end before `at`: they can no longer grow.
    let flush = |merged: &mut Vec<(Hint, Range<usize>)>, out: &mut Out, at: usize| {
        merged.retain(|(id, r)| {
            if r.end < at {
                out.push(FindingId::Hint(*id), Some(r.clone()));
                false
            } else {
                true
            }
        });
    };
    while start < x.len() && !out.full() {
        let end = (start + WINDOW).min(x.len());
        // `start` is a unit boundary and a triplet starts with '%', so each octet here is a
        // raw unit of its own; the runs all end at or before `start`.
        if skip_letters && x[start..end].iter().all(u8::is_ascii_alphanumeric) {
            flush(&mut merged, out, start);
            if end - start >= 2 {
                flush(&mut merged, out, start + 1);
            }
            start = end;
            continue;
        }
        let infos = unit_infos_in(x, parsed, start..end);
        let Some(last) = infos.last() else { break };
        start = last.range.end;
        for u in &infos {
            for h in u.hints_for(c) {
                let covered = h == Hint::InvalidPercent
                    || (h == Hint::MustEncode
                        && (u.value < 0x20
                            || u.value >= 0x7f
                            || edges.iter().any(|e| e.contains(&u.range.start))));
                if covered {
                    continue;
                }
                match merged
                    .iter_mut()
                    .find(|(id, r)| *id == h && r.end == u.range.start)
                {
                    Some((_, r)) => r.end = u.range.end,
                    None => merged.push((h, u.range.clone())),
                }
            }
            flush(&mut merged, out, u.range.start);
        }
    }
    for (id, r) in merged {
        out.push(FindingId::Hint(id), Some(r));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::syntax::diag;
    use crate::url::syntax::tokenize::tokenize;

    fn ids(x: &[u8]) -> Vec<(FindingId, Option<Range<usize>>)> {
        let p = tokenize(x);
        findings(x, &p, Profile::Rfc1738, &[], Classification::C1738)
            .list
            .into_iter()
            .map(|f| (f.id, f.at))
            .collect()
    }

    #[test]
    fn issue_paste_lists_every_problem_with_its_place() {
        let f = ids(b"  http://example.com/page\n");
        let has =
            |id: &str, at: Range<usize>| f.iter().any(|(i, r)| *i == id && r.as_ref() == Some(&at));
        assert!(has("W-edge-whitespace", 0..2), "{f:?}");
        assert!(has("W-edge-whitespace", 25..26), "{f:?}");
        assert!(has("W-control", 25..26), "{f:?}");
        assert!(has("W-no-scheme", 0..0), "{f:?}");
        // The spaces are edge whitespace, not a second "must encode".
        assert!(
            !f.iter()
                .any(|(id, _)| *id == FindingId::Hint(Hint::MustEncode)),
            "{f:?}"
        );
    }

    #[test]
    fn each_finding_has_its_own_level_and_the_list_reads_most_severe_first() {
        let x = b"http://user:secret@h/%2520/../../x).";
        let f = findings(
            x,
            &tokenize(x),
            Profile::Rfc1738,
            &[],
            Classification::C1738,
        );
        let levels: Vec<Level> = f
            .most_severe_first()
            .into_iter()
            .map(|i| f.list[i].level())
            .collect();
        assert!(levels.is_sorted(), "{levels:?}");
        assert!(levels.contains(&Level::Hint) && levels.contains(&Level::Warning));
        assert_eq!(
            levels.iter().filter(|l| **l == Level::Hint).count(),
            f.hints()
        );
        let double = f
            .list
            .iter()
            .find(|x| x.id == FindingId::Hint(Hint::DoubleEncoded));
        assert_eq!(double.map(Finding::level), Some(Level::Hint));
    }

    #[test]
    fn hints_and_leftovers() {
        let f = ids(b"http://user:secret@h/%2520/../../x).");
        assert!(
            f.contains(&(FindingId::Hint(Hint::DoubleEncoded), Some(21..24))),
            "{f:?}"
        );
        assert!(f.contains(&(FindingId::Password, Some(12..18))), "{f:?}");
        assert!(
            f.contains(&(FindingId::DotDotAboveRoot, Some(30..32))),
            "{f:?}"
        );
        assert!(
            !f.contains(&(FindingId::DotDotAboveRoot, Some(27..29))),
            "{f:?}"
        );
        assert!(
            f.contains(&(FindingId::TrailingPunctuation, Some(34..36))),
            "{f:?}"
        );
        let f = ids(b"http://h/x).\r\n");
        assert!(
            f.contains(&(FindingId::TrailingPunctuation, Some(10..12))),
            "{f:?}"
        );
        // A relative reference may climb: that is resolution's business.
        assert!(
            !ids(b"../../img/logo.png")
                .iter()
                .any(|(id, _)| *id == FindingId::DotDotAboveRoot)
        );
        assert!(ids(b"http://example.com/").is_empty());
    }

    #[test]
    fn runs_merge_and_the_list_is_capped() {
        let f = ids(b"http://h/a  b");
        assert!(
            f.contains(&(FindingId::Hint(Hint::MustEncode), Some(10..12))),
            "{f:?}"
        );
        let big = b"%g".repeat(10_000);
        let p = tokenize(&big);
        let all = findings(&big, &p, Profile::None, &[], Classification::C1738);
        assert!(all.truncated);
        assert_eq!(all.list.len(), MAX_FINDINGS);
    }

    #[test]
    fn any_bytes_give_places_inside_the_input() {
        // A small generator (no extra dependency): URL-ish octets, controls, high octets.
        let alphabet = b"htp:/@[]%2eE5.-+#?&=;  \t\n\x00\x7f\xc3\xa9\xffaZ9~)";
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 40) as usize;
            let x: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i % 50)) as usize + i * 7) % alphabet.len()])
                .collect();
            let p = tokenize(&x);
            for profile in [Profile::Rfc1738, Profile::Fido] {
                let f = findings(
                    &x,
                    &p,
                    profile,
                    &[diag::E_FIDO_NO_RESUME],
                    Classification::C2396,
                );
                for item in &f.list {
                    if let Some(r) = &item.at {
                        assert!(r.start <= r.end && r.end <= x.len(), "{x:?} {item:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_removed_frame_is_placed_and_informational() {
        let x = b" <URL:http://a/>.";
        let f = ids(x);
        assert!(f.contains(&(FindingId::FrameRemoved, Some(1..6))), "{f:?}");
        assert!(
            f.contains(&(FindingId::FrameRemoved, Some(15..16))),
            "{f:?}"
        );
        let p = tokenize(x);
        let all = findings(x, &p, Profile::Rfc1738, &[], Classification::C1738);
        // Two frame pieces, two `hint-must-encode`, two `hint-reserved-as-data`.
        assert_eq!(all.hints(), 6, "{:?}", all.list);
        assert_eq!(all.warnings() - all.hints(), 3, "{:?}", all.list);
        assert!(
            !ids(b"http://a/")
                .iter()
                .any(|(id, _)| *id == FindingId::FrameRemoved)
        );
    }

    #[test]
    fn trims_edges() {
        assert_eq!(trim_edges(b" \t a b \n"), b"a b");
        assert_eq!(trim_edges(b"   "), b"");
        assert_eq!(edge_whitespace(b"   ").first(), Some(&(0..3)));
    }

    /// Skipping windows of letters and digits lists exactly what unit-by-unit records list:
    /// runs ending at, before and across window edges, hint-free and hinted neighbours, the
    /// findings limit, every classification.
    #[test]
    fn skipping_letter_windows_changes_nothing() {
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for pad in [0, 1, 2, 4093, 4094, 4095, 4096, 4097, 8191, 8192] {
            for tail in [
                &b"~{x"[..],
                b"-",
                b"---a",
                b"%7e%7E",
                b"%zz",
                b"a+b",
                b"\\x",
                b"|",
            ] {
                let mut x = b"http://h/".to_vec();
                x.extend(std::iter::repeat_n(b'a', pad));
                x.extend_from_slice(tail);
                x.extend(std::iter::repeat_n(b'B', 5000));
                x.extend_from_slice(tail);
                inputs.push(x);
            }
        }
        // Over the limit: hints everywhere, then letters, then hints again.
        let mut many = b"fecho://pntlist/".to_vec();
        for i in 0..3000 {
            many.extend_from_slice(if i % 2 == 0 { b"{~" } else { b"%41" });
        }
        many.extend(std::iter::repeat_n(b'z', 10_000));
        many.extend_from_slice(b"---{}");
        inputs.push(many);
        inputs.push(vec![b'a'; 20_000]);
        inputs.push(b"a".to_vec());
        for x in &inputs {
            let p = tokenize(x);
            for c in [
                Classification::C1738,
                Classification::C2396,
                Classification::CFido,
            ] {
                let run = |skip: bool| {
                    let mut out = Out {
                        list: Vec::new(),
                        truncated: false,
                    };
                    hints_in_windows(x, &p, c, &mut out, skip);
                    (out.list, out.truncated)
                };
                assert_eq!(run(true), run(false), "{} octets under {c:?}", x.len());
            }
        }
    }
}
