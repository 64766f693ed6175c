//! Where a crawler canonicalizer's own rule changes what the URL means, read off the steps of
//! its traced run: a `www` label stripped that was the site's own name, and a percent-decoded
//! delimiter that became part of the URL's structure.
//!
//! - **`W-canon-www-site`**: surt's `massageHost` strips `_RE_WWWDIGITS = re.compile(b'www\d*\.')`
//!   (surt/IAURLCanonicalizer.py), and urlcanon's aggressive canonicalizer strips the same
//!   `^www\d*\.` (`strip_www`, urlcanon/canon.py). Where the rest is a public suffix alone, the
//!   stripped label was the registrable name: `http://www3288.com/` keys as `com)/`, the key of
//!   every other site so stripped.
//! - **`W-canon-decoded-delimiter`**: surt's Google stage decodes the query and path until
//!   nothing changes and escapes again only `GOOGLE`'s controls, space, `#`, `%` and non-ASCII
//!   (`unescapeRepeatedly` then `escapeOnce`, surt/GoogleURLCanonicalizer.py); Safe Browsing's
//!   canonicalization (and urlcanon's `google`, which follows it) does the same to the whole URL,
//!   and urlcanon's semantic canonicalizers to everything but the query. A `%26` or `%3D` so
//!   decoded splits a query value (`?x=a%26b&y=1` sorts as `b&x=a&y=1`), a `%2B` becomes a
//!   `+` that form decoding reads as a space, a `%2F` splits a path segment and a `%3F` starts a
//!   query: RFC 3986 §2.2 says a reserved character and its triplet are not equivalent.

use std::ops::Range;

use super::{Finding, FindingId, Severity};
use crate::canon::CanonStep;
use crate::url::profiles::Outcome;
use crate::url::rule::Rule;

/// The findings of a canonicalizer profile's run `o` (none for any other profile), their
/// places in the input.
pub(crate) fn canon_findings(o: &Outcome) -> Vec<Finding> {
    let mut out = Vec::new();
    let origin = o.frame_open.end;
    let Some(first) = o.steps.first() else {
        return out;
    };
    let body: &[u8] = &first.before;
    // Each delimiter is said once, at the step that first decoded it.
    let mut said: Vec<u8> = Vec::new();
    for s in &o.steps {
        let Rule::Canon(step) = s.step else {
            return out;
        };
        if s.before == s.after || is_form(step) {
            continue;
        }
        if matches!(step, CanonStep::IaStripWww | CanonStep::UcStripWww)
            && let Some(f) = www_site(&s.before, &s.after, body, origin)
        {
            out.push(f);
        }
        for d in decoded_delimiters(&s.before, &s.after) {
            if !said.contains(&d.octet) {
                said.push(d.octet);
                out.push(Finding {
                    id: FindingId::CanonDecodedDelimiter,
                    severity: Severity::Warning,
                    at: find_triplet(body, d).map(|r| origin + r.start..origin + r.end),
                    text: format!(
                        "{}: step {} decoded `%{:02X}` to `{}`, which {} (RFC 3986 §2.2: a reserved character and its triplet are not equivalent)",
                        FindingId::CanonDecodedDelimiter.text(),
                        step.as_str(),
                        d.octet,
                        d.octet as char,
                        d.word
                    ),
                });
            }
        }
    }
    out
}

/// The steps that rewrite the URL into a key's form (SURT, SSURT): their text is no URL to
/// compare with the one before.
fn is_form(step: CanonStep) -> bool {
    matches!(step, CanonStep::SurtForm | CanonStep::SsurtForm)
}

/// The host of a canonicalizer's URL text: after `//` up to `/`, `?`, `#` or `:`.
fn host(x: &[u8]) -> &[u8] {
    let Some(p) = memchr::memmem::find(x, b"//") else {
        return b"";
    };
    let rest = &x[p + 2..];
    let rest = match rest.iter().position(|&b| matches!(b, b'/' | b'?' | b'#')) {
        Some(e) => &rest[..e],
        None => rest,
    };
    let rest = match rest.iter().rposition(|&b| b == b'@') {
        Some(a) => &rest[a + 1..],
        None => rest,
    };
    match rest.iter().position(|&b| b == b':') {
        Some(c) => &rest[..c],
        None => rest,
    }
}

/// `W-canon-www-site` for a strip-`www` step from `before` to `after`, when what is left of the
/// host is a public suffix alone.
fn www_site(before: &[u8], after: &[u8], body: &[u8], origin: usize) -> Option<Finding> {
    let (hb, ha) = (host(before), host(after));
    let label = hb.strip_suffix(ha)?.strip_suffix(b".")?;
    // What is left is a suffix the registries hand out (an ICANN one, or a TLD the list does
    // not know): the label was the registered name. A private suffix (`freedesktop.org`) is
    // itself a site, and its `www` a server in it.
    let suffix = psl::suffix(ha)?;
    if ha.is_empty()
        || suffix.as_bytes().len() != ha.len()
        || suffix.typ() == Some(psl::Type::Private)
    {
        return None;
    }
    let lower = body.to_ascii_lowercase();
    let at = memchr::memmem::find(&lower, &label.to_ascii_lowercase())
        .map(|p| origin + p..origin + p + label.len());
    let (label, ha) = (String::from_utf8_lossy(label), String::from_utf8_lossy(ha));
    Some(Finding {
        id: FindingId::CanonWwwSite,
        severity: Severity::Warning,
        at,
        text: format!(
            "{}: `{label}.{ha}` keys as `{ha}`, and so does every other site whose name the rule strips",
            FindingId::CanonWwwSite.text()
        ),
    })
}

/// One delimiter a decoding step made live.
#[derive(Clone, Copy)]
struct Decoded {
    octet: u8,
    word: &'static str,
}

/// The delimiters that are in the URL's structure: where each counts, and what it does there.
const DELIMITERS: [(u8, bool, &str); 5] = [
    (b'&', true, "splits a query value into two pairs"),
    (b'=', true, "splits a query name from its value elsewhere"),
    (b'+', true, "form decoding reads as a space"),
    (b'/', false, "splits a path segment"),
    (b'?', false, "ends the path and starts a query"),
];

/// The query (after the first `?`, up to `#`) and the rest before it.
fn split(x: &[u8]) -> (&[u8], &[u8]) {
    let end = x.iter().position(|&b| b == b'#').unwrap_or(x.len());
    let x = &x[..end];
    match x.iter().position(|&b| b == b'?') {
        Some(q) => (&x[..q], &x[q + 1..]),
        None => (x, b""),
    }
}

fn count(x: &[u8], b: u8) -> usize {
    memchr::memchr_iter(b, x).count()
}

/// How many triplets of `octet`, or of `%` itself (a `%2526` decoded twice), `x` holds.
fn triplets(x: &[u8], octet: u8) -> usize {
    x.windows(3)
        .filter(|w| {
            w[0] == b'%' && {
                let v = (hex(w[1]), hex(w[2]));
                matches!(v, (Some(h), Some(l)) if h * 16 + l == octet || h * 16 + l == b'%')
            }
        })
        .count()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// The delimiters a step from `before` to `after` decoded into the URL's structure: more of
/// them raw, fewer of their triplets.
fn decoded_delimiters(before: &[u8], after: &[u8]) -> Vec<Decoded> {
    let (rb, qb) = split(before);
    let (ra, qa) = split(after);
    let mut out = Vec::new();
    for (octet, in_query, word) in DELIMITERS {
        let (b, a) = if in_query { (qb, qa) } else { (rb, ra) };
        let decoded = if octet == b'?' {
            // A `?` decoded in the path ends the path there: more `?` in all, and the
            // triplet gone from the text before the query. One decoded in the query is data.
            count(after, b'?') > count(before, b'?') && triplets(ra, b'?') < triplets(rb, b'?')
        } else {
            count(a, octet) > count(b, octet) && triplets(a, octet) < triplets(b, octet)
        };
        if decoded {
            out.push(Decoded { octet, word });
        }
    }
    out
}

/// Where the input's first triplet of `d.octet` is (any case), else its first `%25`.
fn find_triplet(body: &[u8], d: Decoded) -> Option<Range<usize>> {
    let want = format!("%{:02X}", d.octet);
    let lower = body.to_ascii_uppercase();
    memchr::memmem::find(&lower, want.as_bytes())
        .or_else(|| memchr::memmem::find(&lower, b"%25"))
        .map(|p| p..p + 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::{Options, Profile, normalize};

    fn ids(x: &str, p: Profile) -> Vec<(&'static str, Option<Range<usize>>)> {
        let o = normalize(x.as_bytes(), p, &Options::default());
        canon_findings(&o)
            .into_iter()
            .map(|f| (f.id.as_str(), f.at))
            .collect()
    }

    #[test]
    fn a_www_label_that_was_the_site() {
        assert_eq!(
            ids("http://www3288.com/", Profile::Surt),
            [("W-canon-www-site", Some(7..14))]
        );
        assert_eq!(
            ids("http://www.co.uk/", Profile::UcAggressive),
            [("W-canon-www-site", Some(7..10))]
        );
        // The usual case: a server name in front of the site's own.
        assert!(ids("http://www.example.com/", Profile::Surt).is_empty());
        assert!(ids("http://www1.example.co.uk/", Profile::UcAggressive).is_empty());
        // Canonicalizers without the rule.
        assert!(ids("http://www3288.com/", Profile::W3lib).is_empty());
    }

    #[test]
    fn a_decoded_delimiter_changes_the_structure() {
        let f = ids("http://a.example/?x=a%26b&y=1", Profile::Surt);
        assert_eq!(f, [("W-canon-decoded-delimiter", Some(21..24))]);
        let o = normalize(
            b"http://a.example/?x=a%26b&y=1",
            Profile::Surt,
            &Options::default(),
        );
        assert_eq!(o.output, b"example,a)/?b&x=a&y=1");
        assert!(!ids("http://a.example/?x=a%3Db", Profile::Sb4).is_empty());
        assert!(!ids("http://a.example/a%2Fb", Profile::UcSemantic).is_empty());
        assert!(!ids("http://a.example/a%253Fb", Profile::Surt).is_empty());
        // Decoding that changes no delimiter, and w3lib, which encodes `&` again.
        assert!(ids("http://a.example/?x=%41", Profile::Surt).is_empty());
        // A `?` decoded inside the query is data there.
        assert!(ids("http://a.example/?u=%3Fx", Profile::Surt).is_empty());
        // A private suffix is a site of its own: its `www` is a server.
        assert!(ids("https://www.freedesktop.org/wiki/", Profile::Surt).is_empty());
        assert!(!ids("http://www2002.org/", Profile::Surt).is_empty());
        assert!(ids("http://a.example/?x=a%26b&y=1", Profile::W3lib).is_empty());
        // The historical profiles have their own finding (`W-old-rule-today`).
        assert!(ids("http://a.example/?x=a%26b", Profile::Rfc1738).is_empty());
    }
}
