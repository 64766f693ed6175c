//! The exercise file (TOML): a set's name and title, then one `[[exercise]]` table per
//! exercise. An encoding exercise gives `text`, `part` and `rules`; a normalization exercise
//! gives `input`, `profile`, `rule` and optionally `base`. Both give `answer`, `source`,
//! `quote`, and optionally `level`, `hints`, `why` and `prompt`. Mistakes are reported with
//! the line they are on; an exercise with a mistake is left out of the set.

use serde::Deserialize;
use toml::Spanned;

use super::{Exercise, Part, RuleSet, Task};
use crate::url::Profile;
use crate::url::rule::Rule;

/// A set of exercises from one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExerciseSet {
    /// The set's short name (the progress file's key).
    pub name: String,
    /// The set's title.
    pub title: String,
    /// Its exercises, in file order.
    pub exercises: Vec<Exercise>,
}

/// A mistake in an exercise file, at a line (1-based; 0 for the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based line of the exercise file the problem is on.
    pub line: usize,
    /// The exercise it is about, when there is one.
    pub id: Option<String>,
    /// What is wrong there.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.id {
            Some(id) => write!(f, "line {}: exercise {id}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    name: String,
    title: String,
    #[serde(default)]
    exercise: Vec<Spanned<ExerciseToml>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExerciseToml {
    id: String,
    #[serde(default = "level_one")]
    level: u8,
    text: Option<String>,
    part: Option<Spanned<String>>,
    rules: Option<Spanned<String>>,
    input: Option<String>,
    profile: Option<Spanned<String>>,
    rule: Option<Spanned<String>>,
    base: Option<String>,
    answer: Spanned<String>,
    source: String,
    quote: String,
    #[serde(default)]
    hints: Vec<String>,
    #[serde(default)]
    why: String,
    prompt: Option<String>,
}

fn level_one() -> u8 {
    1
}

/// The 1-based line of byte offset `at` in `text`.
pub(super) fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Read an exercise file. `Err`: the file is not a set at all (TOML syntax, a missing name);
/// `Ok` holds the exercises that could be read, and the problems of the others.
pub fn parse_set(file: &str, text: &str) -> Result<ExerciseSet, Vec<Problem>> {
    let (set, problems) = parse_with_problems(file, text);
    match set {
        Some(set) if problems.is_empty() => Ok(set),
        _ => Err(problems),
    }
}

/// Read an exercise file, keeping what could be read beside the problems.
pub fn parse_with_problems(file: &str, text: &str) -> (Option<ExerciseSet>, Vec<Problem>) {
    let parsed: FileToml = match toml::from_str(text) {
        Ok(p) => p,
        Err(e) => {
            let line = e.span().map_or(0, |s| line_of(text, s.start));
            let message = e.message().trim().to_string();
            return (
                None,
                vec![Problem {
                    line,
                    id: None,
                    message: format!("{file} is not an exercise file: {message}"),
                }],
            );
        }
    };
    let mut problems = Vec::new();
    let mut exercises: Vec<Exercise> = Vec::new();
    for spanned in parsed.exercise {
        let line = line_of(text, spanned.span().start);
        let ex = spanned.into_inner();
        let id = ex.id.clone();
        let mut problem = |line: usize, message: String| {
            problems.push(Problem {
                line,
                id: Some(id.clone()),
                message,
            })
        };
        if exercises.iter().any(|e| e.id == ex.id) {
            problem(line, "the id is used twice in this file".into());
            continue;
        }
        if !(1..=5).contains(&ex.level) {
            problem(line, format!("level {} is not 1 to 5", ex.level));
            continue;
        }
        match task(text, &ex) {
            Ok(task) => exercises.push(Exercise {
                id: ex.id,
                level: ex.level,
                task,
                answer_line: line_of(text, ex.answer.span().start),
                answer: ex.answer.into_inner(),
                source: ex.source,
                quote: ex.quote,
                hints: ex.hints,
                why: ex.why,
                custom_prompt: ex.prompt,
                line,
            }),
            Err((at, message)) => problem(at.unwrap_or(line), message),
        }
    }
    let set = ExerciseSet {
        name: parsed.name,
        title: parsed.title,
        exercises,
    };
    (Some(set), problems)
}

type TaskError = (Option<usize>, String);

/// The task of one exercise table: its kind from which fields it has.
fn task(text: &str, ex: &ExerciseToml) -> Result<Task, TaskError> {
    let at = |s: &Spanned<String>| Some(line_of(text, s.span().start));
    match (&ex.text, &ex.input) {
        (Some(t), None) => {
            let (Some(part), Some(rules)) = (&ex.part, &ex.rules) else {
                return Err((None, "an encoding exercise needs `part` and `rules`".into()));
            };
            let p = Part::from_name(part.get_ref()).ok_or_else(|| {
                (
                    at(part),
                    format!(
                        "unknown part `{}` (one of: path-segment, query-value, fragment, user)",
                        part.get_ref()
                    ),
                )
            })?;
            let r = RuleSet::from_name(rules.get_ref()).ok_or_else(|| {
                (
                    at(rules),
                    format!(
                        "unknown rules `{}` (one of: rfc1738, rfc3986, whatwg)",
                        rules.get_ref()
                    ),
                )
            })?;
            if ex.profile.is_some() || ex.rule.is_some() || ex.base.is_some() {
                return Err((
                    None,
                    "an encoding exercise (`text`) takes no `profile`, `rule` or `base`".into(),
                ));
            }
            Ok(Task::Encode {
                text: t.clone(),
                part: p,
                rules: r,
            })
        }
        (None, Some(input)) => {
            let (Some(profile), Some(rule)) = (&ex.profile, &ex.rule) else {
                return Err((
                    None,
                    "a normalization exercise needs `profile` and `rule`".into(),
                ));
            };
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            let p = Profile::from_name(profile.get_ref()).ok_or_else(|| {
                (
                    at(profile),
                    format!(
                        "unknown profile `{}` (one of: {})",
                        profile.get_ref(),
                        names.join(", ")
                    ),
                )
            })?;
            let r = Rule::from_name(rule.get_ref())
                .filter(|r| p.entry().ids().contains(r))
                .ok_or_else(|| {
                    let ids: Vec<&str> = p.entry().ids().iter().map(|r| r.as_str()).collect();
                    (
                        at(rule),
                        format!(
                            "`{}` is not a rule of the {} profile (its rules: {})",
                            rule.get_ref(),
                            p.name(),
                            ids.join(", ")
                        ),
                    )
                })?;
            if ex.part.is_some() || ex.rules.is_some() {
                return Err((
                    None,
                    "a normalization exercise (`input`) takes no `part` or `rules`".into(),
                ));
            }
            Ok(Task::Normalize {
                input: input.clone(),
                profile: p,
                rule: r,
                base: ex.base.clone(),
            })
        }
        _ => Err((
            None,
            "give either `text` (an encoding exercise) or `input` (a normalization exercise)"
                .into(),
        )),
    }
}
