//! What a view of a URL needs on every keystroke, at the cost of what it shows: the profile's
//! result from its fused path, the components' places, and the spans and unit records of the
//! window on screen. The full report ([`report`](super::report)) holds every step, edit and
//! diff, and costs the input's length several times over; a view asks for it when the user
//! looks at the steps.

use std::ops::Range;

use serde::Serialize;

use super::model::{SpanJson, UnitJson};
use crate::url::octets::{Octets, triplet_at};
use crate::url::syntax::tokenize::Parsed;
use crate::url::{Normalizer, Options, Profile, unit_infos_in};

/// A first look at a URL: see [`glance`].
#[derive(Serialize)]
pub struct Glance<'a> {
    /// The profile's id.
    pub profile: &'static str,
    /// The classification the profile reads characters by (`C-3986`, …): the key of each
    /// unit's class in `units`.
    pub classification: &'static str,
    /// The input's length in octets.
    pub input_len: usize,
    /// The window the spans and units are of (its start moved back to a unit's start).
    pub window: Range<usize>,
    /// The profile's result, as the fused path writes it (the traced path's, octet for octet).
    pub output: Octets<'a>,
    /// The ids of the errors the profile reports.
    pub errors: Vec<&'static str>,
    /// Each component with its state and place: `{name, state, start, end}`.
    pub components: Vec<ComponentPlace>,
    /// The spans that meet the window, each cut to its part in the window (widened to whole
    /// characters and `%XX` triplets): a path of a megabyte is given as the window's share of
    /// it, so the glance costs what it shows.
    pub spans: Vec<SpanJson<'a>>,
    /// The records of the units in the window, as `explain --json` writes them, without the
    /// step acting on each (that is the full report's).
    pub units: Vec<UnitJson<'a>>,
}

/// Where a component is, without its text.
#[derive(Serialize)]
pub struct ComponentPlace {
    /// The component's name.
    pub name: &'static str,
    /// `present`, `empty` or `absent`.
    pub state: &'static str,
    /// Its place in the input, when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    /// Its end, when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
}

/// A first look at `x` (tokenized as `parsed`) under `profile`, with the spans and units of
/// the input octets `window`; `output` receives the profile's result and is borrowed by it.
pub fn glance<'a>(
    x: &'a [u8],
    parsed: &'a Parsed,
    profile: Profile,
    opts: &Options,
    window: Range<usize>,
    output: &'a mut Vec<u8>,
) -> Glance<'a> {
    let mut start = window.start.min(x.len());
    // A window that starts inside a %XX triplet starts at its '%'.
    for back in 1..=2 {
        if start >= back && triplet_at(x, start - back) {
            start -= back;
            break;
        }
    }
    let window = start..window.end.clamp(start, x.len());
    output.clear();
    let errors = Normalizer::new(profile, opts.clone())
        .normalize_into(x, output)
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.as_str())
        .collect();
    let classification = profile.classification();
    let actions = Default::default();
    let units = unit_infos_in(x, parsed, window.clone())
        .iter()
        .map(|u| super::unit_json(x, u, &actions, classification))
        .collect();
    let spans = parsed
        .spans
        .iter()
        .filter(|s| s.range.start < window.end && s.range.end > window.start)
        .map(|s| {
            let mut json = super::span_json(x, s);
            let part = cut_to(x, s.range.clone(), &window);
            json.start = part.start;
            json.end = part.end;
            json.text = Octets(&x[part]);
            json
        })
        .collect();
    let components = parsed
        .components()
        .into_iter()
        .map(|(c, r)| ComponentPlace {
            name: c.name(),
            state: match &r {
                None => "absent",
                Some(r) if r.is_empty() => "empty",
                Some(_) => "present",
            },
            start: r.as_ref().map(|r| r.start),
            end: r.as_ref().map(|r| r.end),
        })
        .collect();
    Glance {
        profile: profile.name(),
        classification: classification.name(),
        input_len: x.len(),
        window,
        output: Octets(output),
        errors,
        components,
        spans,
        units,
    }
}

/// The part of `span` inside `window`, its ends moved outwards to whole UTF-8 characters and
/// `%XX` triplets (the window's own start is already a unit's start).
fn cut_to(x: &[u8], span: Range<usize>, window: &Range<usize>) -> Range<usize> {
    let start = span.start.max(window.start);
    let mut end = span.end.min(window.end).max(start);
    for back in 1..=2 {
        if end >= back && end - back >= start && triplet_at(x, end - back) {
            end = end - back + 3;
            break;
        }
    }
    while end < span.end && x[end] & 0xC0 == 0x80 {
        end += 1;
    }
    start..end.min(span.end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::syntax::tokenize::tokenize;

    fn spans_of(x: &[u8], window: Range<usize>) -> Vec<(usize, usize, Vec<u8>)> {
        let parsed = tokenize(x);
        let mut out = Vec::new();
        let g = glance(
            x,
            &parsed,
            Profile::Whatwg,
            &Options::default(),
            window,
            &mut out,
        );
        g.spans
            .iter()
            .map(|s| (s.start, s.end, s.text.0.to_vec()))
            .collect()
    }

    #[test]
    fn a_long_span_is_given_as_its_part_in_the_window() {
        let mut x = b"https://a.example/?".to_vec();
        x.extend(std::iter::repeat_n(b'q', 1 << 20));
        let spans = spans_of(&x, 0..640);
        let last = spans.last().unwrap();
        assert_eq!((last.0, last.1), (19, 640));
        assert_eq!(last.2, &x[19..640]);
        let total: usize = spans.iter().map(|s| s.2.len()).sum();
        assert_eq!(total, 640);
    }

    #[test]
    fn a_cut_never_splits_a_character_or_a_triplet() {
        // The window ends inside `%41` and inside `é`: both are kept whole.
        let x = "http://a/%41é".as_bytes();
        for (end, want) in [(10, 12), (11, 12), (13, 14)] {
            let spans = spans_of(x, 0..end);
            let last = spans.last().unwrap();
            assert_eq!(last.1, want, "window 0..{end}");
            assert!(std::str::from_utf8(&last.2).is_ok());
        }
    }
}
