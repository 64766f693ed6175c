//! Lessons: a short guided walk through one source's worked examples. Each step loads a URL
//! under a profile, names the characters to look at (highlighted in the inspector's URL line
//! and panes), quotes the source's sentence, and says in a line what happens. Written in TOML
//! (`*.toml` here), one file per source; `verify` proves every step against the engine (the
//! highlighted characters are in the URL, and the rule a step names acts on them).

use std::ops::Range;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::url::rule::Rule;
use crate::url::{Options, Outcome, Profile, normalize};
use crate::whatwg::State;

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The URL the step shows.
    pub input: String,
    /// The profile the step runs.
    pub profile: Profile,
    /// The base URL of a relative input.
    pub base: Option<String>,
    /// The text of the characters to look at (every occurrence in the input is highlighted).
    pub highlight: Vec<String>,
    /// The rule that acts on the highlighted characters, when the step is about one.
    pub rule: Option<Rule>,
    /// The URL Standard parser's state that reads the highlighted characters (a `whatwg`
    /// step that walks the parser's states; checked against its trace).
    pub state: Option<State>,
    /// The source's sentence.
    pub quote: String,
    /// What to look at, in a line.
    pub text: String,
}

impl Step {
    /// The input's byte ranges to highlight, in order.
    pub fn highlighted(&self) -> Vec<Range<usize>> {
        let x = self.input.as_bytes();
        let mut out: Vec<Range<usize>> = Vec::new();
        for h in self.highlight.iter().filter(|h| !h.is_empty()) {
            let h = h.as_bytes();
            let mut i = 0;
            while let Some(at) = memchr::memmem::find(&x[i..], h) {
                out.push(i + at..i + at + h.len());
                i += at + h.len();
            }
        }
        out.sort_by_key(|r| r.start);
        out
    }

    /// The indices of `o`'s steps (the profile's run on this step's input) that act on the
    /// highlighted characters: the step log's rows the step is about.
    pub fn acting_steps(&self, o: &Outcome) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .highlighted()
            .into_iter()
            .flatten()
            .filter_map(|pos| crate::url::diff::action_at(o, pos).map(|(si, _, _)| si))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The profile's options for the step (its base).
    pub fn options(&self) -> Options {
        Options {
            base: self.base.as_ref().map(|b| b.as_bytes().to_vec()),
            ..Options::default()
        }
    }
}

/// One lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Short name (the progress file's key).
    pub name: String,
    /// The lesson's title.
    pub title: String,
    /// The source, as a reader names it.
    pub source: String,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonToml {
    name: String,
    title: String,
    source: String,
    step: Vec<StepToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepToml {
    input: String,
    profile: String,
    base: Option<String>,
    #[serde(default)]
    highlight: Vec<String>,
    rule: Option<String>,
    /// A state's id (`scheme-start`, `path`, …).
    state: Option<String>,
    quote: String,
    text: String,
}

/// Read a lesson file.
pub fn parse(text: &str) -> Result<Lesson, String> {
    let l: LessonToml = toml::from_str(text).map_err(|e| e.message().to_string())?;
    let mut steps = Vec::new();
    for (i, s) in l.step.into_iter().enumerate() {
        let profile = Profile::from_name(&s.profile)
            .ok_or_else(|| format!("step {}: unknown profile {}", i + 1, s.profile))?;
        let rule = match &s.rule {
            Some(r) => Some(
                Rule::from_name(r).ok_or_else(|| format!("step {}: unknown rule {r}", i + 1))?,
            ),
            None => None,
        };
        let state = match &s.state {
            Some(st) => Some(
                State::from_id(st).ok_or_else(|| format!("step {}: unknown state {st}", i + 1))?,
            ),
            None => None,
        };
        if state.is_some() && profile != Profile::Whatwg {
            return Err(format!("step {}: a state needs the whatwg profile", i + 1));
        }
        steps.push(Step {
            input: s.input,
            profile,
            base: s.base,
            highlight: s.highlight,
            rule,
            state,
            quote: s.quote,
            text: s.text,
        });
    }
    Ok(Lesson {
        name: l.name,
        title: l.title,
        source: l.source,
        steps,
    })
}

/// The lesson files, one per source, in the order the sources came.
pub(crate) const FILES: [(&str, &str); 7] = [
    ("rfc1738.toml", include_str!("rfc1738.toml")),
    ("hyvatti.toml", include_str!("hyvatti.toml")),
    ("pdf.toml", include_str!("pdf.toml")),
    ("tutorial.toml", include_str!("tutorial.toml")),
    ("fido.toml", include_str!("fido.toml")),
    ("rfc3986.toml", include_str!("rfc3986.toml")),
    ("whatwg.toml", include_str!("whatwg.toml")),
];

/// The built-in lessons (a file that does not parse is left out; a test parses all).
pub static LESSONS: LazyLock<Vec<Lesson>> =
    LazyLock::new(|| FILES.iter().filter_map(|(_, t)| parse(t).ok()).collect());

/// The index of the lesson called `name` in [`LESSONS`].
pub fn index_of(name: &str) -> Option<usize> {
    LESSONS.iter().position(|l| l.name == name)
}

/// What is wrong with a lesson's steps, checked against the engine: every highlight is in the
/// input, a step's rule acts on each highlighted character, and a step's state is the one that
/// read the first code point of each (the parser's trace).
pub fn verify(l: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    for (i, s) in l.steps.iter().enumerate() {
        let n = i + 1;
        if s.quote.trim().is_empty() || s.text.trim().is_empty() {
            out.push(format!("{} step {n}: no quote or text", l.name));
        }
        let ranges = s.highlighted();
        for h in &s.highlight {
            if h.is_empty() || !s.input.contains(h.as_str()) {
                out.push(format!("{} step {n}: `{h}` is not in the input", l.name));
            }
        }
        let o = normalize(s.input.as_bytes(), s.profile, &s.options());
        if let Some(want) = s.state {
            let states = crate::url::profiles::whatwg::input_states(&o, s.input.len());
            for r in &ranges {
                let got = states.as_ref().and_then(|v| v[r.start]);
                if got != Some(want) {
                    out.push(format!(
                        "{} step {n}: `{}` at {} is read in {}, not the {want}",
                        l.name,
                        &s.input[r.clone()],
                        r.start,
                        got.map_or("no state", |g| g.name()),
                    ));
                }
            }
        }
        let Some(rule) = s.rule else { continue };
        for r in &ranges {
            // A run like FidoURL's "---" is acted on as a whole: one octet of it is enough.
            let acts = |pos| {
                crate::url::diff::action_at(&o, pos)
                    .is_some_and(|(_, step, by)| by == rule || step == rule)
            };
            if !r.clone().any(acts) {
                let acted = crate::url::diff::action_at(&o, r.start);
                out.push(format!(
                    "{} step {n}: {} does not act on `{}` at {} (what acts: {})",
                    l.name,
                    rule,
                    &s.input[r.clone()],
                    r.start,
                    acted.map_or("nothing".to_string(), |(_, _, by)| by.to_string())
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_parses_and_every_source_has_one() {
        for (name, text) in FILES {
            if let Err(e) = parse(text) {
                panic!("{name}: {e}");
            }
        }
        assert_eq!(LESSONS.len(), FILES.len());
        for l in LESSONS.iter() {
            assert!(l.steps.len() >= 3, "{}", l.name);
        }
    }

    /// What each step highlights is in its URL, and the rule it names acts on exactly those
    /// characters under its profile.
    #[test]
    fn every_step_is_what_the_engine_does() {
        let all: Vec<String> = LESSONS.iter().flat_map(verify).collect();
        assert!(all.is_empty(), "{}", all.join("\n"));
    }
}
