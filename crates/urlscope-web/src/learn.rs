//! The lessons and the exercises, as JSON for the page's Learn and Practice views. The checking
//! is the core's ([`exercises::check`], [`exercises::check_report`]): this only writes it down.

use serde::Deserialize;
use serde_json::{Value, json};
use urlscope_core::modern::exercises::{self, BUILTIN, Exercise, ExerciseSet, MarkKind};
use urlscope_core::modern::lessons::LESSONS;
use wasm_bindgen::prelude::*;

/// The lessons: `[{name, title, source, steps: [{input, profile, base, highlight: [{start,
/// end}], rule, state, quote, text}]}]` as JSON; `highlight` holds byte offsets into `input`.
#[wasm_bindgen]
pub fn lessons() -> String {
    let all: Vec<Value> = LESSONS
        .iter()
        .map(|l| {
            let steps: Vec<Value> = l
                .steps
                .iter()
                .map(|s| {
                    let highlight: Vec<Value> = s
                        .highlighted()
                        .into_iter()
                        .map(|r| json!({"start": r.start, "end": r.end}))
                        .collect();
                    json!({
                        "input": s.input,
                        "profile": s.profile.name(),
                        "base": s.base,
                        "highlight": highlight,
                        "rule": s.rule.map(|r| r.as_str()),
                        "state": s.state.map(|st| st.id()),
                        "quote": s.quote,
                        "text": s.text,
                    })
                })
                .collect();
            json!({"name": l.name, "title": l.title, "source": l.source, "steps": steps})
        })
        .collect();
    Value::Array(all).to_string()
}

fn exercise_json(set: &ExerciseSet, e: &Exercise) -> Value {
    json!({
        "id": e.id,
        "key": e.key(&set.name),
        "level": e.level,
        "prompt": e.prompt(),
        "given": e.given(),
        "profile": e.profile().name(),
        "source": e.source,
        "quote": e.quote,
        "hints": e.hints,
        "why": e.why,
    })
}

fn set_json(set: &ExerciseSet) -> Value {
    let exercises: Vec<Value> = set
        .exercises
        .iter()
        .map(|e| exercise_json(set, e))
        .collect();
    json!({"name": set.name, "title": set.title, "exercises": exercises})
}

/// The built-in exercise sets, without their answers, as JSON.
#[wasm_bindgen(js_name = exerciseSets)]
pub fn exercise_sets() -> String {
    Value::Array(BUILTIN.iter().map(set_json).collect()).to_string()
}

fn problems_json(problems: &[exercises::Problem]) -> Value {
    problems
        .iter()
        .map(|p| json!({"line": p.line, "id": p.id, "message": p.message}))
        .collect()
}

/// A teacher's exercise file, read as `learn --set` reads it: `{set, problems}` as JSON, `set`
/// null when the file holds no usable set (a problem, or an answer the engine does not write).
#[wasm_bindgen(js_name = openExercises)]
pub fn open_exercises(toml: &str, file_name: &str) -> String {
    let (set, mut problems) = exercises::parse_with_problems(file_name, toml);
    if let Some(set) = &set {
        problems.extend(exercises::verify(set));
    }
    let usable = set.filter(|_| problems.is_empty());
    json!({
        "set": usable.as_ref().map(set_json),
        "problems": problems_json(&problems),
    })
    .to_string()
}

/// `urlscope learn --check FILE` for the text of FILE: `{ok, report}` as JSON, `report` what
/// it prints and `ok` whether it exits 0.
#[wasm_bindgen(js_name = checkExerciseFile)]
pub fn check_exercise_file(toml: &str, file_name: &str) -> String {
    let (set, problems) = exercises::parse_with_problems(file_name, toml);
    let (report, ok) = exercises::check_report(file_name, set.as_ref(), problems);
    json!({"ok": ok, "report": report}).to_string()
}

/// Where an exercise comes from: a built-in set by name, or a teacher's file by its text.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Source {
    builtin: Option<String>,
    toml: Option<String>,
    file_name: Option<String>,
}

fn find_set(source: &str) -> Result<ExerciseSet, JsError> {
    let s: Source = serde_json::from_str(source)
        .map_err(|e| JsError::new(&format!("source: {e} (give builtin, or toml and fileName)")))?;
    if let Some(name) = s.builtin {
        return BUILTIN
            .iter()
            .find(|set| set.name == name)
            .cloned()
            .ok_or_else(|| JsError::new(&format!("no built-in exercise set '{name}'")));
    }
    let toml = s.toml.unwrap_or_default();
    let file = s.file_name.unwrap_or_else(|| "exercises.toml".into());
    exercises::parse_set(&file, &toml).map_err(|problems| {
        let first = problems.first().map_or(String::new(), |p| p.to_string());
        JsError::new(&format!("{file}: {first}"))
    })
}

/// Check `typed` as the answer to exercise `index` of `source`'s set, as the inspector's
/// practice view checks it: `{ok, expected, marks: [{start, end, kind, expected, rule: {id,
/// text, source}}]}` as JSON, offsets in bytes of `typed`.
#[wasm_bindgen(js_name = checkAnswer)]
pub fn check_answer(source: &str, index: usize, typed: &str) -> Result<String, JsError> {
    let set = find_set(source)?;
    let e = set.exercises.get(index).ok_or_else(|| {
        JsError::new(&format!(
            "no exercise {index} in '{}' ({} exercises)",
            set.name,
            set.exercises.len()
        ))
    })?;
    let v = exercises::check(e, typed);
    let marks: Vec<Value> = v
        .marks
        .iter()
        .map(|m| {
            json!({
                "start": m.span.start,
                "end": m.span.end,
                "kind": match m.kind {
                    MarkKind::Wrong => "wrong",
                    MarkKind::Missing => "missing",
                    MarkKind::Extra => "extra",
                },
                "expected": m.expected,
                "rule": {"id": m.rule.id, "text": m.rule.text, "source": m.rule.source},
            })
        })
        .collect();
    Ok(json!({"ok": v.ok, "expected": e.expected(), "marks": marks}).to_string())
}
