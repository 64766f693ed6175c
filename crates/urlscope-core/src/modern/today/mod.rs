//! Old rules, today's meaning: where an edit of a historical profile (RFC 1738, Hyvätti,
//! PDF, FidoURL) changes what the URL means to today's parsers. RFC 1738 and Hyvätti decode
//! `%2B` to `+`, which is the same character to them; in a query, form decoding (the URL
//! Standard's application/x-www-form-urlencoded parser, what every server framework runs)
//! reads that `+` as a space, so the normalized link asks for something else.
//!
//! What "means" is compared: the path as the URL Standard's parser splits it into segments,
//! each percent-decoded; the query as form decoding reads it, name and value pairs. The host,
//! port, scheme and fragment are left out: the historical profiles change them on purpose
//! (aliases, default ports, stripped anchors), and today's parsers agree with those edits.
//! Each edit is tried alone on the text before its step, so the finding names the edit.

use std::ops::Range;

use crate::explain;
use crate::url::findings::{Finding, FindingId, Findings, MAX_FINDINGS, Severity};
use crate::url::rule::Rule;
use crate::url::{Outcome, Profile, apply_edits};

/// One edit whose result today's parsers read differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeaningChange {
    /// The step and rule of the historical profile that made the edit.
    pub step: Rule,
    pub rule: Rule,
    /// The old rule's source (e.g. "RFC 1738 §2.2").
    pub old_source: &'static str,
    /// Which part today's parsers read differently: "query" or "path".
    pub component: &'static str,
    /// Today's rule and its source.
    pub today: &'static str,
    pub today_source: &'static str,
    /// The edited text, before and after (as written).
    pub before: String,
    pub after: String,
    /// How today's parsers read the component before and after the edit.
    pub read_before: String,
    pub read_after: String,
    /// The input's octets the edit acts on (`None` when they cannot be traced back, as
    /// after a step that rewrote its text whole).
    pub at: Option<Range<usize>>,
}

impl MeaningChange {
    /// The sentence a person reads, citing both rules.
    pub fn text(&self) -> String {
        format!(
            "{} `{}` → `{}` ({}) changes the {} for today's parsers: {} becomes {} ({}: {})",
            self.rule,
            self.before,
            self.after,
            self.old_source,
            self.component,
            self.read_before,
            self.read_after,
            self.today_source,
            self.today
        )
    }

    /// The finding the warnings list and `explain` show: the one id, this change's sentence.
    pub fn finding(&self) -> Finding {
        Finding {
            id: FindingId::OldRuleToday,
            severity: Severity::Warning,
            at: self.at.clone(),
            text: self.text(),
        }
    }

    /// A short form for a status line: the rule, the edit, and what it does today.
    pub fn short(&self) -> String {
        let today = if self.component == "query" && self.after == "+" {
            "is a space to today's form decoding".to_string()
        } else {
            format!("changes the {} for today's parsers", self.component)
        };
        format!("{}: {}→{} {today}", self.rule, self.before, self.after)
    }
}

const FORM_RULE: &str = "form decoding reads '+' as a space and splits pairs at '&' and '='";
const FORM_SOURCE: &str = "URL Standard §5.1, application/x-www-form-urlencoded parsing";
const PATH_RULE: &str = "the parser splits the path at '/' (and at '\\' in special URLs), and a segment means its percent-decoded octets";
const PATH_SOURCE: &str = "URL Standard §4.4, path state";

/// Whether the profile's rules are historical ones (the modern profiles are today's parsers).
pub(crate) fn is_historical(p: Profile) -> bool {
    matches!(
        p,
        Profile::Rfc1738 | Profile::Hyvatti | Profile::Pdf | Profile::Fido
    )
}

/// Octets of text re-read at most per outcome: each edit that may change the meaning re-reads
/// the whole URL, so without a bound a long URL with thousands of such edits took seconds.
const READ_BUDGET: usize = 4 << 20;

/// Every edit of `o` that changes what today's parsers read: at most 20, found among the edits
/// that re-reading 4 MiB of text allows (each re-reads the whole URL; an edit that only changes
/// how a plain octet is written, as `%7E` → `~`, is known not to change it and costs nothing).
pub fn meaning_changes(o: &Outcome) -> Vec<MeaningChange> {
    const MAX: usize = 20;
    let mut out = Vec::new();
    if !is_historical(o.profile) {
        return out;
    }
    let mut budget = READ_BUDGET;
    for (si, s) in o.steps.iter().enumerate() {
        let before: &[u8] = &s.before;
        if s.edits.is_empty() || before.len() > 64 * 1024 {
            continue;
        }
        let Some(read) = Reading::of(before) else {
            continue;
        };
        for (ei, e) in s.edits.iter().enumerate() {
            if cannot_change_reading(before, e.range.clone(), &e.replacement) {
                continue;
            }
            let Some(left) = budget.checked_sub(before.len()) else {
                return out;
            };
            budget = left;
            let alone = apply_edits(before, std::slice::from_ref(e));
            let Some(now) = Reading::of(&alone) else {
                continue;
            };
            let (component, today, today_source, a, b) = if read.path != now.path {
                ("path", PATH_RULE, PATH_SOURCE, &read.path, &now.path)
            } else if read.query != now.query {
                ("query", FORM_RULE, FORM_SOURCE, &read.query, &now.query)
            } else {
                continue;
            };
            out.push(MeaningChange {
                step: s.step,
                rule: e.rule,
                old_source: explain::rule(e.rule, o.profile).source,
                component,
                today,
                today_source,
                before: text(&before[e.range.clone()]),
                after: text(&e.replacement),
                read_before: a.clone(),
                read_after: b.clone(),
                at: traced(o, si, ei),
            });
            if out.len() >= MAX {
                return out;
            }
        }
    }
    out
}

/// Whether replacing `before[range]` by `replacement` leaves [`Reading`] as it is without
/// re-reading: both sides denote the same octets once percent-decoded, neither writes raw an
/// octet that splits or rewrites a path or a query (`/ \ ? # & = + % .`, whitespace and
/// controls), and no `%` just before the edit could join its first octets into a new triplet.
/// `%7E` → `~`, RFC 1738's and Hyvätti's commonest edit, is such a one.
fn cannot_change_reading(before: &[u8], range: Range<usize>, replacement: &[u8]) -> bool {
    let Some(old) = before.get(range.clone()) else {
        return false;
    };
    let values = |x: &[u8]| {
        crate::url::octets::units(x)
            .map(|u| u.value)
            .collect::<Vec<_>>()
    };
    let raw_is_plain = |x: &[u8]| {
        crate::url::octets::units(x).all(|u| {
            u.encoded
                || !(u.value <= b' '
                    || u.value == 0x7F
                    || matches!(
                        u.value,
                        b'/' | b'\\' | b'?' | b'#' | b'&' | b'=' | b'+' | b'%' | b'.'
                    ))
        })
    };
    !before[range.start.saturating_sub(2)..range.start].contains(&b'%')
        && raw_is_plain(old)
        && raw_is_plain(replacement)
        && values(old) == values(replacement)
}

/// The input offsets whose first acting edit is edit `ei` of step `si`, as one range.
fn traced(o: &Outcome, si: usize, ei: usize) -> Option<Range<usize>> {
    let body = o.frame_open.end..o.frame_close.start.max(o.frame_open.end);
    let mut hit = body.filter(|&p| crate::url::diff::edit_at(o, p) == Some((si, Some(ei))));
    let first = hit.next()?;
    let last = hit.next_back().unwrap_or(first);
    Some(first..last + 1)
}

/// Add the findings of [`meaning_changes`] and a canonicalizer's own
/// (`crate::url::findings::canon_findings`) to `f` (kept in the order of places, those
/// without one last), within `MAX_FINDINGS`.
pub fn add_findings(f: &mut Findings, o: &Outcome) {
    let changes = meaning_changes(o).into_iter().map(|c| c.finding());
    for c in changes.chain(crate::url::findings::canon_findings(o)) {
        if f.list.len() >= MAX_FINDINGS {
            f.truncated = true;
            break;
        }
        f.list.push(c);
    }
    f.list
        .sort_by_key(|f| f.at.as_ref().map_or((usize::MAX, 0), |r| (r.start, r.end)));
}

/// Every finding about input `x` (tokenized as `parsed`) and its traced run `o`, the hints of
/// classification `c` included: what the inspector's warnings list shows and what
/// `normalize --warnings` and `--json` say, computed here once for both.
pub fn all_findings(
    x: &[u8],
    parsed: &crate::url::syntax::tokenize::Parsed,
    o: &Outcome,
    c: crate::url::classes::Classification,
) -> Findings {
    let mut f = crate::url::findings::findings(x, parsed, o.profile, &o.flags, c);
    add_findings(&mut f, o);
    f
}

/// How today's parsers read a URL's path and query, as text a person reads.
#[derive(Debug, PartialEq, Eq)]
struct Reading {
    path: String,
    query: String,
}

impl Reading {
    fn of(x: &[u8]) -> Option<Reading> {
        let u = url::Url::parse(std::str::from_utf8(x).ok()?).ok()?;
        let path = match u.path_segments() {
            Some(segs) => segs
                .map(|s| format!("“{}”", decoded(s)))
                .collect::<Vec<_>>()
                .join(" / "),
            None => format!("“{}”", decoded(u.path())),
        };
        let query = u
            .query()
            .map(|q| {
                url::form_urlencoded::parse(q.as_bytes())
                    .map(|(k, v)| format!("{k} = “{v}”"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        Some(Reading {
            path: format!("segments {path}"),
            query: format!("pairs {query}"),
        })
    }
}

fn decoded(s: &str) -> String {
    let bytes: Vec<u8> = crate::url::octets::units(s.as_bytes())
        .map(|u| u.value)
        .collect();
    text(&bytes)
}

/// Octets as text, control characters as visible symbols and the hidden ones (C1, bidi,
/// zero-width) as `⟨U+XXXX⟩`: the sentence quotes the input, and a screen shows it as written.
fn text(x: &[u8]) -> String {
    let mut out = String::new();
    for c in String::from_utf8_lossy(x).chars() {
        match c {
            c if (c as u32) < 0x20 => {
                out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{FFFD}'));
            }
            '\u{7F}' => out.push('\u{2421}'),
            c if crate::url::syntax::notation::is_hidden_char(c) => {
                out.push_str(&format!("⟨U+{:04X}⟩", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
