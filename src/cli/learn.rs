//! `urlscope learn`: the lessons and exercise sets. `--check FILE` proves an exercise file's
//! answers against the engine (mistakes with their line numbers, exit 1), `--print FILE`
//! writes a worksheet and its answer key in Markdown, `--list` shows the lessons and built-in
//! sets with the progress kept, `--reset` forgets it; without these, the inspector opens on
//! the practice view (F3), on a teacher's exercises with `--set FILE`, or on a lesson's walk
//! with `--lesson NAME`. A FILE may also name a
//! built-in set.

use std::path::Path;

use super::args::LearnArgs;
use super::escape::escape_bytes;
use super::{Fail, Result, say, write_stdout};
use crate::progress;
use urlscope_core::modern::exercises;
use urlscope_core::modern::exercises::{BUILTIN, ExerciseSet, Problem};
use urlscope_core::modern::lessons::LESSONS;

pub fn run(a: LearnArgs) -> Result<i32> {
    if a.reset {
        let Some(path) = progress::path() else {
            return Err(Fail::Usage(
                "no state directory: set XDG_STATE_HOME or HOME".into(),
            ));
        };
        progress::reset(&path).map_err(Fail::Usage)?;
        say(&format!("progress forgotten ({})", path.display()));
        return Ok(0);
    }
    if let Some(file) = &a.check {
        return check(file);
    }
    if let Some(file) = &a.print {
        let set = load(file)?;
        write_stdout(exercises::worksheet(&set).as_bytes())?;
        return Ok(0);
    }
    if a.list {
        return list();
    }
    // The inspector, on the practice view: a teacher's set, or the built-in exercises.
    let own = match &a.set {
        Some(file) => {
            let set = load(file)?;
            Some(
                set.exercises
                    .iter()
                    .map(|e| (set.name.clone(), e.clone()))
                    .collect(),
            )
        }
        None => None,
    };
    let lesson = match &a.lesson {
        Some(name) => Some(
            urlscope_core::modern::lessons::index_of(name).ok_or_else(|| {
                let names: Vec<&str> = LESSONS.iter().map(|l| l.name.as_str()).collect();
                Fail::Usage(format!(
                    "no lesson {}; the lessons: {}",
                    escape_bytes(name.as_bytes()),
                    names.join(", ")
                ))
            })?,
        ),
        None => None,
    };
    super::pick::launch(crate::tui::LaunchOptions {
        exercises: own,
        practice: true,
        lesson,
        ..Default::default()
    })
}

/// Read an exercise file, or a built-in set by its name. Problems that leave no set are a
/// usage error; an exercise with a mistake stops `--print` and `--set` (`--check` lists them).
pub fn load(file: &Path) -> Result<ExerciseSet> {
    let (set, problems) = read(file)?;
    match set {
        Some(set) if problems.is_empty() => {
            let wrong = exercises::verify(&set);
            if wrong.is_empty() {
                Ok(set)
            } else {
                Err(Fail::Usage(format!(
                    "{}: {} (`urlscope learn --check` lists every mistake)",
                    file.display(),
                    wrong[0]
                )))
            }
        }
        _ => Err(Fail::Usage(format!(
            "{}: {}",
            file.display(),
            problems
                .first()
                .map_or("not an exercise file".to_string(), |p| p.to_string())
        ))),
    }
}

fn read(file: &Path) -> Result<(Option<ExerciseSet>, Vec<Problem>)> {
    if !file.exists()
        && let Some(name) = file.to_str()
        && let Some(set) = BUILTIN.iter().find(|s| s.name == name)
    {
        return Ok((Some(set.clone()), Vec::new()));
    }
    let bytes = std::fs::read(file).map_err(|e| Fail::Usage(format!("{}: {e}", file.display())))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Fail::Usage(format!(
            "{}: not UTF-8 text (an exercise file is TOML)",
            file.display()
        )));
    };
    let name = file.display().to_string();
    Ok(exercises::parse_with_problems(&name, &text))
}

/// `--check`: every mistake, one line each with its line number; exit 1 when there is any.
fn check(file: &Path) -> Result<i32> {
    let (set, problems) = read(file)?;
    let (report, ok) = exercises::check_report(&file.display().to_string(), set.as_ref(), problems);
    write_stdout(report.as_bytes())?;
    Ok(i32::from(!ok))
}

/// The lessons and the built-in sets, with the progress kept.
fn list() -> Result<i32> {
    let (kept, msg) = match progress::path() {
        Some(p) => progress::load(&p),
        None => Default::default(),
    };
    if let Some(m) = msg {
        say(&m);
    }
    let mut out = String::from(
        "Lessons (urlscope learn --lesson NAME, or F3 then Tab; → walks the steps):\n",
    );
    for l in LESSONS.iter() {
        let seen = kept.lessons.get(&l.name);
        let state = match seen {
            Some(r) if r.done => "done".to_string(),
            Some(r) => format!("step {} of {}", r.step, l.steps.len()),
            None => format!("{} steps", l.steps.len()),
        };
        out.push_str(&format!("  {:<10} {} ({state})\n", l.name, l.title));
    }
    out.push_str("Exercise sets (F3 in the inspector; urlscope learn --print NAME):\n");
    for s in BUILTIN.iter() {
        let solved = s
            .exercises
            .iter()
            .filter(|e| kept.solved(&e.key(&s.name)))
            .count();
        out.push_str(&format!(
            "  {:<10} {} ({solved} of {} solved)\n",
            s.name,
            s.title,
            s.exercises.len()
        ));
    }
    let safe: Vec<String> = out.lines().map(|l| escape_bytes(l.as_bytes())).collect();
    write_stdout(format!("{}\n", safe.join("\n")).as_bytes())?;
    Ok(0)
}
