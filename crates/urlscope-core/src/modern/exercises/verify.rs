//! The engine's check of an exercise set: every expected answer is what urlscope itself
//! produces under the rule the exercise names, that rule acts on the exercise's input, and the
//! prompt names it. `urlscope learn --check` reports these; the built-in sets have none.

use super::normalize::{outcome, rules_applied};
use super::{ExerciseSet, Problem, Task};
#[cfg(test)]
use crate::url::Profile;

/// Every mistake of `set`, in file order.
pub fn verify(set: &ExerciseSet) -> Vec<Problem> {
    let mut out = Vec::new();
    for ex in &set.exercises {
        let mut problem = |line: usize, message: String| {
            out.push(Problem {
                line,
                id: Some(ex.id.clone()),
                message,
            })
        };
        if ex.quote.trim().is_empty() || ex.source.trim().is_empty() {
            problem(
                ex.line,
                "give the source and the sentence of it the exercise tests (`source`, `quote`)"
                    .into(),
            );
        }
        let expected = ex.expected();
        if let Task::Normalize { rule, profile, .. } = &ex.task {
            let o = outcome(ex);
            if std::str::from_utf8(&o.output).is_err() {
                problem(
                    ex.line,
                    "the engine's answer is not UTF-8 text; an exercise file cannot hold it".into(),
                );
            }
            let applied = rules_applied(&o);
            if !applied.contains(rule) {
                let names: Vec<&str> = applied.iter().map(|r| r.as_str()).collect();
                problem(
                    ex.line,
                    format!(
                        "rule {rule} does not act on this input under the {} profile (what acts: {})",
                        profile.name(),
                        if names.is_empty() {
                            "nothing".to_string()
                        } else {
                            names.join(", ")
                        }
                    ),
                );
            }
        }
        if ex.answer != expected {
            problem(
                ex.answer_line,
                format!(
                    "the answer `{}` is not what the engine writes: `{expected}`",
                    ex.answer
                ),
            );
        }
        let prompt = ex.prompt();
        let names = ex.rule_names();
        if let Some(missing) = names.iter().find(|n| !prompt.contains(n.as_str())) {
            problem(
                ex.line,
                format!("the prompt does not name the rule it is checked under ({missing})"),
            );
        }
    }
    out
}

/// The profiles (every one the registry holds but `none`) that no normalization exercise of
/// `sets` is about.
#[cfg(test)]
pub(crate) fn uncovered_profiles(sets: &[ExerciseSet]) -> Vec<Profile> {
    Profile::ALL
        .into_iter()
        .filter(|&p| p != Profile::None)
        .filter(|&p| {
            !sets
                .iter()
                .flat_map(|s| &s.exercises)
                .any(|e| matches!(&e.task, Task::Normalize { profile, .. } if *profile == p))
        })
        .collect()
}
