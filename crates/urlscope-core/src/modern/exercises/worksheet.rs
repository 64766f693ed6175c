//! A worksheet for a class (Markdown): the tasks with their sources and hints, then the answer
//! key with the rule behind each answer.

use super::{ExerciseSet, Task};

/// The worksheet and its answer key, one Markdown document (the key after a page break).
pub fn worksheet(set: &ExerciseSet) -> String {
    let mut out = format!("# {}\n\n", md(&set.title));
    out.push_str("Write each answer on the line below it. Each `%XX` is two hex digits.\n\n");
    for (n, ex) in set.exercises.iter().enumerate() {
        out.push_str(&format!(
            "## {}. {} (level {})\n\n",
            n + 1,
            md(&ex.prompt()),
            ex.level
        ));
        out.push_str(&format!(
            "> {}\n>\n> — {}\n\n",
            md(&ex.quote),
            md(&ex.source)
        ));
        for h in &ex.hints {
            out.push_str(&format!("- Hint: {}\n", md(h)));
        }
        if !ex.hints.is_empty() {
            out.push('\n');
        }
        out.push_str("Answer: ________________________________________\n\n");
    }
    out.push_str("<div style=\"page-break-before: always\"></div>\n\n");
    out.push_str(&format!("# Answer key: {}\n\n", md(&set.title)));
    for (n, ex) in set.exercises.iter().enumerate() {
        let rule = match &ex.task {
            Task::Encode { rules, part, .. } => format!("{} ({})", rules.label(), part.name()),
            Task::Normalize { profile, rule, .. } => format!("{}, rule {rule}", profile.label()),
        };
        out.push_str(&format!(
            "{}. `` {} `` — {}",
            n + 1,
            code(&ex.expected()),
            md(&rule)
        ));
        if !ex.why.is_empty() {
            out.push_str(&format!(": {}", md(&ex.why)));
        }
        out.push('\n');
    }
    out
}

/// Text for Markdown: control characters (line breaks too) shown as their visible symbols.
fn md(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('\u{FFFD}'),
            '\u{7F}' => '\u{2421}',
            c if c.is_control() => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// Text inside a double-backtick code span (a single backtick stays as it is).
fn code(s: &str) -> String {
    md(s)
}
