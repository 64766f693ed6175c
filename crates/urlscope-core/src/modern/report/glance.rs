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
    /// The spans that meet the window.
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
        .map(|s| super::span_json(x, s))
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
