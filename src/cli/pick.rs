//! `urlscope pick [FILE]`, and plain `urlscope` with text piped in: the links of a message,
//! an HTML page or text (found by `crate::input`, as `extract` finds them) in a list drawn on
//! the terminal; the chosen link goes to stdout with a newline. The terminal is `/dev/tty`, so
//! stdin and stdout stay free for the pipe (DESIGN.md "Pipes and the terminal at once").
//!
//! Exit status (fzf's convention): 0 a link was printed, 1 no link found, 130 cancelled.

use std::io::Read;

use super::args::{ColorChoice, PickArgs, PrintChoice};
use super::extract::{kind, read_bounded};
use super::{Fail, Result, no_color_env, say, write_stdout};
use crate::input::{self, Extraction, Kind, Limits};
use crate::tui::LaunchOptions;
use crate::tui::Print;

/// Exit status of a cancelled pick (Esc, Ctrl+C).
pub const CANCELLED: i32 = 130;

pub fn run(a: PickArgs) -> Result<i32> {
    let limits = Limits::default();
    let text = match &a.file {
        Some(path) => {
            let f = std::fs::File::open(path)
                .map_err(|e| Fail::Usage(format!("{}: {e}", path.display())))?;
            let mut text = Vec::new();
            f.take(limits.max_input as u64 + 1).read_to_end(&mut text)?;
            text
        }
        None => read_bounded(limits.max_input)?,
    };
    let found = input::links(&text, a.kind.map(kind), &limits);
    let no_color =
        a.color == ColorChoice::Never || (a.color == ColorChoice::Auto && no_color_env());
    let print = match a.print {
        PrintChoice::Found => Print::Found,
        PrintChoice::Target => Print::Target,
        PrintChoice::Canonical => Print::Canonical,
    };
    list(found, Some(print), a.multi, a.theme, no_color, None)
}

/// Plain `urlscope` with stdin not a terminal: the list, or the inspector on the one link when
/// the text is that link and nothing else.
/// `notice` goes on the status line (a config file that could not be used).
pub fn from_stdin(theme: Option<String>, no_color: bool, notice: Option<String>) -> Result<i32> {
    let limits = Limits::default();
    let text = read_bounded(limits.max_input)?;
    let found = input::links(&text, None, &limits);
    if let [only] = found.links.as_slice()
        && found.kind == Kind::Text
        && found.text.trim_ascii() == only.url.as_slice()
    {
        return launch(LaunchOptions {
            input: Some(only.url.clone()),
            links: Some(found.links.clone().into()),
            theme,
            no_color,
            notice,
            ..Default::default()
        });
    }
    let multi = crate::config::current().pick_multi;
    list(found, Some(Print::Found), multi, theme, no_color, notice)
}

/// The list of `found`'s links; what was skipped is said on stderr first.
fn list(
    found: Extraction,
    pick: Option<Print>,
    multi: bool,
    theme: Option<String>,
    no_color: bool,
    notice: Option<String>,
) -> Result<i32> {
    for s in &found.skipped {
        say(&format!("skipped: {s}"));
    }
    if found.links.is_empty() {
        say(&format!("no link found (read as {})", found.kind.name()));
        return Ok(1);
    }
    launch(LaunchOptions {
        links: Some(found.links.into()),
        list_first: true,
        pick,
        multi,
        theme,
        no_color,
        notice,
        ..Default::default()
    })
}

/// Run the inspector; after the terminal is restored, its answer (Enter in the list, Ctrl+O)
/// goes to stdout with a newline.
pub fn launch(opts: LaunchOptions) -> Result<i32> {
    let outcome = crate::tui::run(opts).map_err(Fail::Usage)?;
    match outcome.answer {
        Some(answer) => {
            let mut lines = Vec::with_capacity(answer.len() + 1);
            let out = super::out::Out::stdout_plain();
            for one in std::iter::once(&answer).chain(&outcome.more) {
                out.data(one, &mut lines);
                lines.push(b'\n');
            }
            write_stdout(&lines)?;
            Ok(0)
        }
        None if outcome.cancelled => Ok(CANCELLED),
        None => Ok(0),
    }
}
