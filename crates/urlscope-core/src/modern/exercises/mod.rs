//! Exercises for learners: a task, the rule it is checked under, the sentence of the source it
//! tests, hints, and the expected answer. Two kinds of task: write a text as data of a
//! component under a rule set (`Task::Encode`, checked octet by octet: [`check`] marks every
//! wrong, missing or needless `%XX` with the rule it breaks), and say what a normalization
//! profile makes of a URL (`Task::Normalize`, marked with the step rule that writes each
//! part of the answer). Exercises live in TOML files (`format`): the built-in sets are such
//! files, and a teacher's own are read the same way. The expected answer is always what the
//! engine produces ([`Exercise::expected`]); `verify` reports a file whose answers disagree.

mod check;
mod format;
mod normalize;
mod report;
mod rules;
mod verify;
mod worksheet;

use std::sync::LazyLock;

pub use check::Mark;
pub use check::MarkKind;
pub use check::Verdict;
pub use check::check;
pub use format::ExerciseSet;
pub use format::Problem;
pub use format::parse_set;
pub use format::parse_with_problems;
pub use report::check_report;
pub(crate) use rules::Why;
pub(crate) use rules::engine_encode;
#[cfg(test)]
use verify::uncovered_profiles;
pub use verify::verify;
pub use worksheet::worksheet;

use crate::url::Profile;
use crate::url::rule::Rule;

/// The rule set an encoding exercise is checked under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// RFC 1738's rules.
    Rfc1738,
    /// RFC 3986's rules.
    Rfc3986,
    /// The URL Standard's rules.
    Whatwg,
}

impl RuleSet {
    pub(crate) const ALL: [RuleSet; 3] = [RuleSet::Rfc1738, RuleSet::Rfc3986, RuleSet::Whatwg];

    pub(crate) fn label(self) -> &'static str {
        match self {
            RuleSet::Rfc1738 => "RFC 1738",
            RuleSet::Rfc3986 => "RFC 3986",
            RuleSet::Whatwg => "the WHATWG URL Standard",
        }
    }

    /// The name in an exercise file.
    pub(crate) fn name(self) -> &'static str {
        self.edit_rules().name()
    }

    pub(crate) fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The component the text is data in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// One path segment of an http URL.
    PathSegment,
    /// The value of a `key=value` pair in the query.
    QueryValue,
    /// `the fragment`.
    Fragment,
    /// The user name of the userinfo.
    Username,
}

impl Part {
    /// Every part, in the order exercises name them.
    pub const ALL: [Part; 4] = [
        Part::PathSegment,
        Part::QueryValue,
        Part::Fragment,
        Part::Username,
    ];

    /// The part as an exercise's text names it.
    pub fn label(self) -> &'static str {
        match self {
            Part::PathSegment => "the path segment",
            Part::QueryValue => "the query value",
            Part::Fragment => "the fragment",
            Part::Username => "the user name",
        }
    }

    /// The name in an exercise file.
    pub fn name(self) -> &'static str {
        match self {
            Part::PathSegment => "path-segment",
            Part::QueryValue => "query-value",
            Part::Fragment => "fragment",
            Part::Username => "user",
        }
    }

    /// The part with this name (as an exercise file writes it), if any.
    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What the learner is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// Write `text` (UTF-8; its octets are what gets encoded) as data of `part` under `rules`.
    Encode {
        /// The text to write.
        text: String,
        /// Where it goes.
        part: Part,
        /// The rules it is written by.
        rules: RuleSet,
    },
    /// Say what `profile` makes of `input`; `rule` is the step rule the exercise is about (it
    /// acts on the input), `base` the base URL of a relative input.
    Normalize {
        /// The URL to normalize.
        input: String,
        /// The profile that normalizes it.
        profile: Profile,
        /// The step rule the exercise is about.
        rule: Rule,
        /// The base URL of a relative input.
        base: Option<String>,
    },
}

/// One exercise, as read from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The exercise's id.
    pub id: String,
    /// 1 (one character) to 5 (everything at once).
    pub level: u8,
    /// What the learner is asked to do.
    pub task: Task,
    /// The answer as written in the file (`verify` compares it with [`Exercise::expected`]).
    pub answer: String,
    /// Where the rule comes from, short: "RFC 1738 §2.2".
    pub source: String,
    /// The source's own sentence the exercise tests.
    pub quote: String,
    /// Hints, gentlest first.
    pub hints: Vec<String>,
    /// Why the answer is what it is (shown with the answer).
    pub why: String,
    /// A teacher's own wording of the task (it must name the rule: `verify`).
    pub custom_prompt: Option<String>,
    /// The line of the exercise's `[[exercise]]` header in its file, and of its answer.
    pub line: usize,
    /// The 1-based line of the answer in its exercise file (0 for the built-in ones).
    pub answer_line: usize,
}

impl Exercise {
    /// The task as a learner reads it, naming the rule it is checked under.
    pub fn prompt(&self) -> String {
        if let Some(p) = &self.custom_prompt {
            return p.clone();
        }
        match &self.task {
            Task::Encode { text, part, rules } => {
                format!("Encode {} `{}` under {}", part.label(), text, rules.label())
            }
            Task::Normalize {
                input,
                profile,
                rule,
                base,
            } => {
                let against = base
                    .as_deref()
                    .map(|b| format!(" (base `{b}`)"))
                    .unwrap_or_default();
                format!(
                    "What does the {} profile make of `{}`{against}? (rule {rule})",
                    profile.label(),
                    input,
                )
            }
        }
    }

    /// The rule the exercise names: the rule set's label, or the step rule's id and the
    /// profile's label.
    pub fn rule_names(&self) -> Vec<String> {
        match &self.task {
            Task::Encode { rules, .. } => vec![rules.label().to_string()],
            Task::Normalize { profile, rule, .. } => {
                vec![profile.label().to_string(), rule.as_str().to_string()]
            }
        }
    }

    /// The text the task starts from: the text to encode, or the URL to normalize.
    pub fn given(&self) -> &str {
        match &self.task {
            Task::Encode { text, .. } => text,
            Task::Normalize { input, .. } => input,
        }
    }

    /// The profile an inspector shows the exercise's URL under.
    pub fn profile(&self) -> Profile {
        match &self.task {
            Task::Encode { rules, .. } => match rules {
                RuleSet::Rfc1738 => Profile::Rfc1738,
                RuleSet::Rfc3986 => Profile::Rfc3986,
                RuleSet::Whatwg => Profile::Whatwg,
            },
            Task::Normalize { profile, .. } => *profile,
        }
    }

    /// The expected answer: what the engine writes (never the file's own claim).
    pub fn expected(&self) -> String {
        let out = match &self.task {
            Task::Encode { text, part, rules } => engine_encode(*rules, *part, text.as_bytes()),
            Task::Normalize { .. } => normalize::outcome(self).output,
        };
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A key for the progress file: the set's name and the exercise's id.
    pub fn key(&self, set: &str) -> String {
        format!("{set}/{}", self.id)
    }
}

/// The built-in sets, one per source, in the format a teacher writes (`sets/*.toml`).
pub(crate) const BUILTIN_FILES: [(&str, &str); 8] = [
    ("rfc1738.toml", include_str!("sets/rfc1738.toml")),
    ("hyvatti.toml", include_str!("sets/hyvatti.toml")),
    ("pdf.toml", include_str!("sets/pdf.toml")),
    ("tutorial.toml", include_str!("sets/tutorial.toml")),
    ("fido.toml", include_str!("sets/fido.toml")),
    ("rfc3986.toml", include_str!("sets/rfc3986.toml")),
    ("whatwg.toml", include_str!("sets/whatwg.toml")),
    ("crawlers.toml", include_str!("sets/crawlers.toml")),
];

/// The built-in sets, parsed once (a file that does not parse is left out; a test parses all).
pub static BUILTIN: LazyLock<Vec<ExerciseSet>> = LazyLock::new(|| {
    BUILTIN_FILES
        .iter()
        .filter_map(|(name, text)| parse_set(name, text).ok())
        .collect()
});

/// Every built-in exercise with its set's name, easiest first (level, then set and file order).
pub static EXERCISES: LazyLock<Vec<(String, Exercise)>> = LazyLock::new(|| {
    let mut all: Vec<(String, Exercise)> = BUILTIN
        .iter()
        .flat_map(|s| s.exercises.iter().map(|e| (s.name.clone(), e.clone())))
        .collect();
    all.sort_by_key(|(_, e)| e.level);
    all
});

#[cfg(test)]
mod tests;
