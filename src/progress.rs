//! The learner's progress, kept between runs: per exercise how often it was tried and whether
//! it was solved, per lesson how far it got. One JSON file in the state directory
//! ([`state_dir`]); the inspector (F3) and `urlscope learn` read and write it. A file that
//! cannot be read as ours (broken, or another program's) is moved aside with a message and a
//! new one started: progress never stops the program.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file's `format` field: a JSON file without it is not ours.
const FORMAT: &str = "urlscope-progress";
const VERSION: u32 = 1;
const FILE: &str = "progress.json";

/// One exercise's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExerciseRecord {
    pub attempts: u32,
    pub solved: bool,
    /// The answer was shown before it was solved.
    #[serde(default)]
    pub shown: bool,
}

/// One lesson's record: the furthest step seen (1-based), and whether the last was reached.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonRecord {
    pub step: usize,
    pub done: bool,
}

/// Everything kept, keyed by `set/exercise` and by lesson name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    #[serde(default)]
    pub exercises: BTreeMap<String, ExerciseRecord>,
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonRecord>,
}

#[derive(Serialize, Deserialize)]
struct FileJson {
    format: String,
    version: u32,
    #[serde(flatten)]
    progress: Progress,
}

impl Progress {
    /// An attempt at an exercise, right or not.
    pub fn attempt(&mut self, key: &str, solved: bool) {
        let r = self.exercises.entry(key.to_string()).or_default();
        r.attempts = r.attempts.saturating_add(1);
        r.solved |= solved;
    }

    /// The answer to an exercise was shown.
    pub fn shown(&mut self, key: &str) {
        self.exercises.entry(key.to_string()).or_default().shown = true;
    }

    pub fn solved(&self, key: &str) -> bool {
        self.exercises.get(key).is_some_and(|r| r.solved)
    }

    /// A lesson's step `step` (1-based) of `of` was seen.
    pub fn lesson_step(&mut self, name: &str, step: usize, of: usize) {
        let r = self.lessons.entry(name.to_string()).or_default();
        r.step = r.step.max(step);
        r.done |= step >= of;
    }
}

/// The state directory: the config file's `practice-dir`, else `$XDG_STATE_HOME/urlscope`, or
/// `~/.local/state/urlscope` (the XDG Base Directory default). `None` when neither variable is
/// set.
pub fn state_dir() -> Option<PathBuf> {
    crate::config::practice_dir()
}

/// The progress file's path (in [`state_dir`]).
pub fn path() -> Option<PathBuf> {
    state_dir().map(|d| d.join(FILE))
}

/// Read the progress at `path`. A missing file is no progress yet; a file that cannot be read
/// as ours is renamed `progress.json.bad-N` and the message says so.
pub fn load(path: &Path) -> (Progress, Option<String>) {
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Progress::default(), None),
        Err(e) => {
            return (
                Progress::default(),
                Some(format!(
                    "progress not read from {}: {e}; this run's progress is not kept",
                    path.display()
                )),
            );
        }
    };
    let why = match serde_json::from_slice::<FileJson>(&text) {
        Ok(f) if f.format == FORMAT && f.version == VERSION => return (f.progress, None),
        Ok(f) if f.format == FORMAT => format!("it is version {}, not {VERSION}", f.version),
        Ok(_) => "it is not a urlscope progress file".to_string(),
        Err(e) => format!("it is not a urlscope progress file ({e})"),
    };
    let aside = set_aside(path);
    let msg = match aside {
        Ok(to) => format!(
            "{} was set aside as {} ({why}); progress starts afresh",
            path.display(),
            to.display()
        ),
        Err(e) => format!(
            "{} cannot be read ({why}) nor set aside ({e}); this run's progress is not kept",
            path.display()
        ),
    };
    (Progress::default(), Some(msg))
}

/// Rename a bad file to the first free `NAME.bad-N`.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| FILE.to_string());
    for n in 1..1000 {
        let to = path.with_file_name(format!("{name}.bad-{n}"));
        if !to.exists() {
            std::fs::rename(path, &to)?;
            return Ok(to);
        }
    }
    Err(std::io::Error::other("too many set-aside files"))
}

/// Write the progress to `path` (a whole new file renamed over the old: a crash mid-write
/// leaves the old one).
pub fn save(path: &Path, p: &Progress) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("progress not saved to {}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let json = serde_json::to_vec_pretty(&FileJson {
        format: FORMAT.to_string(),
        version: VERSION,
        progress: p.clone(),
    })
    .map_err(|e| format!("progress not saved: {e}"))?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, json).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

/// Remove the progress file (no file is no progress).
pub fn reset(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("progress not reset at {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("urlscope-progress-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn progress_lasts_and_resets() {
        let f = dir("lasts").join("sub/progress.json");
        let (mut p, msg) = load(&f);
        assert!(msg.is_none() && p == Progress::default());
        p.attempt("rfc1738/space", false);
        p.attempt("rfc1738/space", true);
        p.lesson_step("pdf", 5, 5);
        save(&f, &p).unwrap();
        let (q, msg) = load(&f);
        assert!(msg.is_none());
        assert_eq!(q, p);
        assert_eq!(q.exercises["rfc1738/space"].attempts, 2);
        assert!(q.solved("rfc1738/space") && q.lessons["pdf"].done);
        reset(&f).unwrap();
        assert_eq!(load(&f).0, Progress::default());
    }

    #[test]
    fn a_broken_or_foreign_file_is_set_aside_with_a_message() {
        let d = dir("broken");
        let f = d.join("progress.json");
        for (i, text) in [
            &b"{not json"[..],
            br#"{"format":"something-else","version":1}"#,
            br#"{"format":"urlscope-progress","version":99}"#,
            &[0xFF, 0xFE, 0x00][..],
        ]
        .into_iter()
        .enumerate()
        {
            std::fs::write(&f, text).unwrap();
            let (p, msg) = load(&f);
            assert_eq!(p, Progress::default());
            let msg = msg.unwrap();
            assert!(msg.contains("set aside"), "{msg}");
            assert!(!f.exists());
            let aside = d.join(format!("progress.json.bad-{}", i + 1));
            assert_eq!(std::fs::read(&aside).unwrap(), text);
        }
    }
}
