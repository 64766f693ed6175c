//! The unwrap lens (docs/lenses.md, "The unwrap lens"): the chain of layers from the pasted text to the link's
//! real target. Each layer is a new string; the text a wrapper wrote is never edited (a Proofpoint
//! signature breaks if it is), so layer 0 is always what was pasted (inside the frame that
//! `url::frame::unframe` takes off: `<…>`, quotes, surrounding whitespace; the chain's notes say so).
//!
//! One step finds one layer, trying in order: quoted-printable leftovers ([`qp`]), defanged text
//! ([`refang`]), the known redirect wrappers ([`safelinks`], [`proofpoint`], [`proofpoint_v3`],
//! [`google`], [`facebook`]), a generic redirect parameter ([`generic`]), and layered
//! percent-encoding ([`percent`]). It stops when no step applies, when a layer would repeat an
//! earlier one (a loop), or after [`MAX_DEPTH`] layers.

pub(crate) mod facebook;
pub(crate) mod generic;
pub(crate) mod google;
pub(crate) mod percent;
pub(crate) mod proofpoint;
pub(crate) mod proofpoint_v3;
pub(crate) mod qp;
pub(crate) mod refang;
pub(crate) mod safelinks;

use serde::Serialize;

use crate::modern::query;
use crate::url::syntax::frame::{Unframed, unframe};
use crate::url::syntax::parser_text::parser_text;

/// At most this many layers are unwrapped after the pasted text (a wrapper inside a wrapper
/// inside … ends here with a message, never in an endless loop).
pub const MAX_DEPTH: usize = 32;

/// What a layer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Layer 0: what was pasted.
    Input,
    /// `Outlook SafeLinks`.
    SafeLinks,
    /// `Google redirect`.
    Google,
    /// `Proofpoint URL Defense v1`.
    ProofpointV1,
    /// `Proofpoint URL Defense v2`.
    ProofpointV2,
    /// `Proofpoint URL Defense v3`.
    ProofpointV3,
    /// `Facebook link shim`.
    Facebook,
    /// `redirect parameter`.
    RedirectParameter,
    /// `percent-encoding layer`.
    Percent,
    /// `refanged`.
    Refang,
    /// `quoted-printable repair`.
    QuotedPrintable,
}

impl Kind {
    /// The name people read.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Input => "pasted text",
            Kind::SafeLinks => "Outlook SafeLinks",
            Kind::Google => "Google redirect",
            Kind::ProofpointV1 => "Proofpoint URL Defense v1",
            Kind::ProofpointV2 => "Proofpoint URL Defense v2",
            Kind::ProofpointV3 => "Proofpoint URL Defense v3",
            Kind::Facebook => "Facebook link shim",
            Kind::RedirectParameter => "redirect parameter",
            Kind::Percent => "percent-encoding layer",
            Kind::Refang => "refanged",
            Kind::QuotedPrintable => "quoted-printable repair",
        }
    }

    /// Whether the layer came out of a redirect wrapper (not a repair or a decode).
    pub fn is_wrapper(self) -> bool {
        !matches!(
            self,
            Kind::Input | Kind::Percent | Kind::Refang | Kind::QuotedPrintable
        )
    }
}

/// Where in the previous layer this layer came from: a byte range of that layer's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// What the range is ("query parameter `url`", "the whole text", …).
    pub what: String,
    pub start: usize,
    pub end: usize,
}

/// One layer of the chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layer {
    /// The wrapper or encoding the layer undid.
    pub kind: Kind,
    /// The label output shows for it.
    pub label: &'static str,
    /// The URL after the layer was undone.
    pub text: String,
    /// `None` for layer 0.
    pub source: Option<Source>,
    /// One line: what was done to the previous layer to get this one.
    pub explanation: String,
}

/// The chain from the pasted text (layer 0) to the link's real target (the last layer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chain {
    /// The layers, outermost first; the last holds where the link leads.
    pub layers: Vec<Layer>,
    /// Why unwrapping stopped early (a loop, or [`MAX_DEPTH`]), when it did.
    pub stopped: Option<String>,
    /// Wrappers that were recognised but could not be decoded, and other remarks.
    pub notes: Vec<String>,
    /// The most layers unwrapped before stopping ([`MAX_DEPTH`](crate::modern::MAX_DEPTH)).
    pub max_depth: usize,
    /// What was taken off around the pasted text before unwrapping (the one framing rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<Unframed>,
}

/// How many layers a chain has, for every front end (the status line and the unwrap
/// view said 2 and 3 for the same link because one counted wrappers and the other all layers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LayerCount {
    /// Layers after the pasted text: what the unwrap view lists below layer 0.
    pub layers: usize,
    /// Of those, the redirect wrappers (SafeLinks, Proofpoint, …).
    pub wrappers: usize,
    /// Of those, the decodes and repairs (percent-encoding, refanging, quoted-printable).
    pub decodes: usize,
}

impl LayerCount {
    /// `2 layers (1 wrapper, 1 decode)`, `1 layer (1 wrapper)`, `no layer`.
    pub fn label(&self) -> String {
        if self.layers == 0 {
            return "no layer".into();
        }
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let mut parts = Vec::new();
        if self.wrappers > 0 {
            parts.push(plural(self.wrappers, "wrapper"));
        }
        if self.decodes > 0 {
            parts.push(plural(self.decodes, "decode"));
        }
        format!("{} ({})", plural(self.layers, "layer"), parts.join(", "))
    }
}

impl Chain {
    /// The `unwrap --json` report of this chain, unwrapped from `input`: the input, the layers,
    /// the target and its layer, the notes, why it stopped, the depth limit, the layer count
    /// and the framing taken off. Every octet string is lossless JSON.
    pub fn json(&self, input: &[u8]) -> serde_json::Value {
        serde_json::json!({
            "input": crate::url::syntax::octets::json(input),
            "layers": self.layers,
            "target": self.target().text,
            "target_layer": self.layers.len() - 1,
            "notes": self.notes,
            "stopped": self.stopped,
            "max_depth": self.max_depth,
            "layer_count": self.layer_count(),
            "frame": self.frame,
        })
    }

    /// The one count of this chain's layers.
    pub fn layer_count(&self) -> LayerCount {
        let after = &self.layers[1.min(self.layers.len())..];
        let wrappers = after.iter().filter(|l| l.kind.is_wrapper()).count();
        LayerCount {
            layers: after.len(),
            wrappers,
            decodes: after.len() - wrappers,
        }
    }

    /// The last layer: the link's real target as far as it could be unwrapped.
    pub fn target(&self) -> &Layer {
        self.layers.last().expect("a chain always has layer 0")
    }
}

/// A step's result: the next layer's kind, text, source and explanation.
pub(crate) struct Step {
    pub kind: Kind,
    pub text: String,
    pub source: Source,
    pub explanation: String,
}

impl Step {
    fn into_layer(self) -> Layer {
        Layer {
            kind: self.kind,
            label: self.kind.label(),
            text: self.text,
            source: Some(self.source),
            explanation: self.explanation,
        }
    }
}

/// The value of the first query pair of `text` whose key is `key`, form-decoded
/// (`application/x-www-form-urlencoded`), as text (octets that are not UTF-8 become triplets), with
/// the range of the raw value in `text`.
pub(crate) fn param(text: &str, key: &str) -> Option<(String, std::ops::Range<usize>)> {
    let x = text.as_bytes();
    let t = query::table(x);
    let p = t
        .pairs
        .into_iter()
        .find(|p| p.key_decoded == key.as_bytes())?;
    let r = p.value?;
    Some((parser_text(&p.value_decoded).text.into_owned(), r))
}

/// The `url` crate's reading of `text` (the WHATWG URL Standard), for host and path tests.
pub(crate) fn parse(text: &str) -> Option<url::Url> {
    url::Url::parse(text).ok()
}

/// The next layer after `text`, or `None` when nothing applies. `in_percent_run`: the previous
/// layer was a percent decode (decoding goes on one layer a step).
fn next_step(text: &str, in_percent_run: bool, notes: &mut Vec<String>) -> Option<Step> {
    if let Some(s) = qp::step(text) {
        return Some(s);
    }
    if let Some(s) = refang::step(text) {
        return Some(s);
    }
    if let Some(s) = safelinks::step(text) {
        return Some(s);
    }
    if let Some(s) = proofpoint_v3::step(text, notes) {
        return Some(s);
    }
    if let Some(s) = proofpoint::step(text) {
        return Some(s);
    }
    if let Some(s) = google::step(text) {
        return Some(s);
    }
    if let Some(s) = facebook::step(text) {
        return Some(s);
    }
    if let Some(s) = generic::step(text) {
        return Some(s);
    }
    percent::step(text, in_percent_run, notes)
}

/// Unwrap `input` (any octets) into its chain of layers.
///
/// Returns the layers, outermost first: each wrapper (SafeLinks, Google, Proofpoint, …),
/// percent-encoding layer or refang undone, up to `MAX_DEPTH`; the last layer holds where the
/// link leads (docs/lenses.md, "The unwrap lens"). It never panics and never fetches anything.
///
/// ```
/// let chain = urlscope_core::unwrap(b"https://www.google.com/url?q=https%3A%2F%2Fexample.org%2F&sa=D");
/// assert_eq!(chain.layers.last().unwrap().text, "https://example.org/");
/// ```
pub fn unwrap(input: &[u8]) -> Chain {
    let frame = unframe(input);
    let pt = parser_text(frame.of(input));
    let bad: usize = pt.invalid.iter().map(|r| r.len()).sum();
    let pasted = if frame.is_framed() {
        "what was pasted, inside its frame"
    } else {
        "what was pasted"
    };
    let explanation = if bad == 0 {
        pasted.to_string()
    } else {
        format!(
            "{pasted}; its {bad} octet(s) that are not UTF-8 are shown as %XX triplets, \
             the text the wrapper parsers read"
        )
    };
    let layers = vec![Layer {
        kind: Kind::Input,
        label: Kind::Input.label(),
        text: pt.text.into_owned(),
        source: None,
        explanation,
    }];
    let mut chain = run(layers, next_step);
    if let Some(note) = frame.note() {
        chain.notes.insert(0, note);
        chain.frame = Some(frame);
    }
    chain
}

/// Unwrap from `layers` (layer 0) with the step function `next` (a parameter so that the loop and
/// depth guards can be tested with steps that loop on purpose).
fn run(
    mut layers: Vec<Layer>,
    mut next: impl FnMut(&str, bool, &mut Vec<String>) -> Option<Step>,
) -> Chain {
    let mut notes = Vec::new();
    let mut stopped = None;
    let mut in_percent_run = false;
    loop {
        let cur = &layers[layers.len() - 1].text;
        let Some(step) = next(cur, in_percent_run, &mut notes) else {
            break;
        };
        if let Some(i) = layers.iter().position(|l| l.text == step.text) {
            stopped = Some(format!(
                "loop: the next layer ({}) would repeat layer {i}; unwrapping stopped",
                step.kind.label()
            ));
            break;
        }
        if layers.len() > MAX_DEPTH {
            stopped = Some(format!(
                "stopped at the maximum depth of {MAX_DEPTH} layers; the last layer could be \
                 unwrapped further ({})",
                step.kind.label()
            ));
            break;
        }
        in_percent_run = step.kind == Kind::Percent;
        layers.push(step.into_layer());
    }
    Chain {
        layers,
        stopped,
        notes,
        max_depth: MAX_DEPTH,
        frame: None,
    }
}

/// The step for a wrapper whose target is the query parameter `key`, form-decoded once.
pub(crate) fn param_step(text: &str, key: &str, kind: Kind, explanation: String) -> Option<Step> {
    let (value, r) = param(text, key)?;
    if value.is_empty() {
        return None;
    }
    Some(Step {
        kind,
        text: value,
        source: Source {
            what: format!("query parameter `{key}`"),
            start: r.start,
            end: r.end,
        },
        explanation,
    })
}

/// Whether `host` is `domain` or a subdomain of it (ASCII, case already folded by the parser).
pub(crate) fn host_is(host: &str, domain: &str) -> bool {
    host == domain || host.strip_suffix(domain).is_some_and(|h| h.ends_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer0(t: &str) -> Vec<Layer> {
        vec![Layer {
            kind: Kind::Input,
            label: Kind::Input.label(),
            text: t.into(),
            source: None,
            explanation: String::new(),
        }]
    }

    fn to(t: &str) -> Option<Step> {
        Some(Step {
            kind: Kind::RedirectParameter,
            text: t.into(),
            source: Source {
                what: String::new(),
                start: 0,
                end: 0,
            },
            explanation: String::new(),
        })
    }

    #[test]
    fn a_loop_stops_with_a_message() {
        let c = run(layer0("a"), |t, _, _| to(if t == "a" { "b" } else { "a" }));
        assert_eq!(c.layers.len(), 2);
        assert_eq!(
            c.stopped.as_deref(),
            Some(
                "loop: the next layer (redirect parameter) would repeat layer 0; unwrapping stopped"
            )
        );
    }

    #[test]
    fn depth_is_bounded() {
        let c = run(layer0(""), |t, _, _| to(&format!("{t}x")));
        assert_eq!(c.layers.len(), MAX_DEPTH + 1);
        assert!(c.stopped.unwrap().contains("maximum depth"));
    }
}
