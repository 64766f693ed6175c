//! What `urlscope learn --check FILE` prints: every mistake of an exercise file, one line each.

use super::{ExerciseSet, Problem, verify};
use crate::url::notation::visible;

/// The check of an exercise file named `name`, read as `set` with `problems` (from
/// [`parse_with_problems`](super::parse_with_problems)): each problem and each answer that is
/// not what the engine writes, as `NAME:LINE: …` in line order, or one line saying every answer
/// holds. The second value is whether there was no mistake. Names and messages are written in
/// their visible form (no control character reaches a terminal).
pub fn check_report(
    name: &str,
    set: Option<&ExerciseSet>,
    problems: Vec<Problem>,
) -> (String, bool) {
    let mut problems = problems;
    let count = set.map_or(0, |s| s.exercises.len());
    if let Some(set) = set {
        problems.extend(verify(set));
    }
    problems.sort_by_key(|p| p.line);
    let mut out = String::new();
    let name = visible(name.as_bytes());
    for p in &problems {
        let what = match &p.id {
            Some(id) => format!("exercise {id}: {}", p.message),
            None => p.message.clone(),
        };
        out.push_str(&format!(
            "{name}:{}: {}\n",
            p.line,
            visible(what.as_bytes())
        ));
    }
    if problems.is_empty() {
        out.push_str(&format!(
            "{name}: {count} exercises, every answer is what urlscope writes\n"
        ));
    }
    (out, problems.is_empty())
}
