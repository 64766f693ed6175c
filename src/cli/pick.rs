//! `urlscope pick [FILE]`, and plain `urlscope` with text piped in: the links of a message,
//! an HTML page or text (found by `urlscope_core::input`, as `extract` finds them) in a list drawn on
//! the terminal; the chosen link goes to stdout with a newline. The terminal is `/dev/tty`, so
//! stdin and stdout stay free for the pipe (DESIGN.md "Pipes and the terminal at once").
//!
//! Exit status (fzf's convention): 0 a link was printed, 1 no link found, 130 cancelled.

use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::args::{ColorChoice, PickArgs, PrintChoice};
use super::extract::kind;
use super::{Fail, Result, no_color_env, say, write_stdout};
use crate::tui::LaunchOptions;
use crate::tui::Print;
use crate::tui::Reading;
use urlscope_core::input::{MAX_MESSAGE, Mbox};
use urlscope_core::{Extraction, Kind, Limits, input};

/// Exit status of a cancelled pick (Esc, Ctrl+C).
pub const CANCELLED: i32 = 130;

/// The input, buffered: a file or standard input.
type Input = BufReader<Box<dyn Read + Send>>;

/// Skip lines kept from a streamed mbox (said after the list closes); the rest are counted.
const MAX_SKIPS: usize = 100;

/// A streamed mbox's reader reports at least this often while it finds links.
const REPORT_EVERY: Duration = Duration::from_millis(50);

fn open(file: Option<&std::path::Path>) -> Result<Input> {
    let source: Box<dyn Read + Send> = match file {
        Some(path) => Box::new(
            std::fs::File::open(path)
                .map_err(|e| Fail::Usage(format!("{}: {e}", path.display())))?,
        ),
        None => Box::new(io::stdin()),
    };
    Ok(BufReader::with_capacity(1 << 18, source))
}

/// Is the input an mbox (read as mail, starting with a `From ` line)? Then it is read message
/// by message while the list is shown.
fn is_mbox(kind: Option<Kind>, r: &mut Input) -> Result<bool> {
    Ok(matches!(kind, None | Some(Kind::Mail)) && r.fill_buf()?.starts_with(b"From "))
}

/// The whole input, at most one octet past the core's input limit (so that the core can say
/// the input was cut, and a huge input is never read whole).
fn read_whole(r: Input, limits: &Limits) -> Result<Vec<u8>> {
    let mut text = Vec::new();
    r.take(limits.max_input as u64 + 1).read_to_end(&mut text)?;
    Ok(text)
}

pub fn run(a: PickArgs) -> Result<i32> {
    let limits = Limits::default();
    let mut r = open(a.file.as_deref())?;
    let kind = a.kind.map(kind);
    let no_color =
        a.color == ColorChoice::Never || (a.color == ColorChoice::Auto && no_color_env());
    let print = match a.print {
        PrintChoice::Found => Print::Found,
        PrintChoice::Target => Print::Target,
        PrintChoice::Canonical => Print::Canonical,
    };
    if is_mbox(kind, &mut r)? {
        return streamed(r, Some(print), a.multi, a.theme, no_color, None);
    }
    let text = read_whole(r, &limits)?;
    let found = urlscope_core::links(&text, kind, &limits);
    list(found, Some(print), a.multi, a.theme, no_color, None)
}

/// Plain `urlscope` with stdin not a terminal: the list, or the inspector on the one link when
/// the text is that link and nothing else.
/// `notice` goes on the status line (a config file that could not be used).
pub fn from_stdin(theme: Option<String>, no_color: bool, notice: Option<String>) -> Result<i32> {
    let limits = Limits::default();
    let mut r = open(None)?;
    let multi = crate::config::current().pick_multi;
    if is_mbox(None, &mut r)? {
        return streamed(r, Some(Print::Found), multi, theme, no_color, notice);
    }
    let text = read_whole(r, &limits)?;
    let found = urlscope_core::links(&text, None, &limits);
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
    list(found, Some(Print::Found), multi, theme, no_color, notice)
}

/// The list of an mbox read message by message on a thread: it opens on the first links
/// found and grows while the rest is read (the status says how far). What was skipped is said
/// on stderr when the list closes.
fn streamed(
    r: Input,
    pick: Option<Print>,
    multi: bool,
    theme: Option<String>,
    no_color: bool,
    notice: Option<String>,
) -> Result<i32> {
    let (tx, rx) = mpsc::channel();
    let skipped = Arc::new(Mutex::new(Skipped::default()));
    let said = Arc::clone(&skipped);
    std::thread::Builder::new()
        .name("urlscope-reader".into())
        .spawn(move || read_mbox(r, &tx, &said))
        .map_err(|e| Fail::Usage(format!("reading thread: {e}")))?;
    // Wait for the first links (or the end of the input).
    let mut links = Vec::new();
    let mut last = Reading::default();
    while let Ok(mut report) = rx.recv() {
        links.append(&mut report.links);
        last = report;
        if !links.is_empty() || last.done {
            break;
        }
    }
    let say_skipped = || {
        let s = skipped.lock().unwrap_or_else(|e| e.into_inner());
        for line in &s.lines {
            say(&format!("skipped: {line}"));
        }
        if s.more > 0 {
            say(&format!("skipped: … and {} more", s.more));
        }
    };
    if links.is_empty() {
        say_skipped();
        say("no link found (read as mail)");
        return Ok(1);
    }
    let status = launch_fed(
        LaunchOptions {
            links: Some(links.into()),
            list_first: true,
            pick,
            multi,
            theme,
            no_color,
            notice,
            ..Default::default()
        },
        Some((rx, vec![last])),
    );
    say_skipped();
    status
}

/// What a streamed mbox's reader could not read.
#[derive(Default)]
struct Skipped {
    lines: Vec<String>,
    more: usize,
}

impl Skipped {
    fn push(&mut self, line: String) {
        if self.lines.len() < MAX_SKIPS {
            self.lines.push(line);
        } else {
            self.more += 1;
        }
    }
}

/// The reader thread: each message's links go to the list, in reports at most
/// [`REPORT_EVERY`] apart (and whenever the next read may wait for a slow writer); the last
/// report says the input is all read. It stops early when the list has closed, or at the
/// core's link limit.
fn read_mbox(r: Input, tx: &Sender<Reading>, skipped: &Mutex<Skipped>) {
    let limits = Limits::default();
    let skip = |line: String| skipped.lock().unwrap_or_else(|e| e.into_inner()).push(line);
    let mut mbox = Mbox::new(r, MAX_MESSAGE);
    let mut report = Reading::default();
    let mut listed = 0;
    let mut sent = Instant::now();
    loop {
        let m = match mbox.next_message() {
            Ok(Some(m)) => m,
            Ok(None) => break,
            Err(e) => {
                skip(format!("reading the input: {e}"));
                break;
            }
        };
        if m.dropped > 0 {
            skip(format!(
                "message {}: {} octets long, over the cap of {MAX_MESSAGE}: only the first {MAX_MESSAGE} were read",
                m.index,
                m.octets.len() as u64 + m.dropped
            ));
        }
        let found = input::message_links(&m.octets, m.index, &limits);
        found.skipped.into_iter().for_each(skip);
        listed += found.links.len();
        report.links.extend(found.links);
        report.messages = m.index;
        if listed >= limits.max_links {
            skip(format!(
                "{} links listed: the limit; the rest of the input was not read",
                limits.max_links
            ));
            break;
        }
        let may_wait = mbox.get_ref().buffer().is_empty();
        if !report.links.is_empty() && (may_wait || sent.elapsed() >= REPORT_EVERY) {
            let messages = report.messages;
            if tx.send(std::mem::take(&mut report)).is_err() {
                return; // The list has closed.
            }
            report.messages = messages;
            sent = Instant::now();
        }
    }
    report.messages = mbox.count();
    report.done = true;
    let _ = tx.send(report);
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
    launch_fed(opts, None)
}

/// [`launch`], with a reader thread's reports (see [`crate::tui::run_fed`]).
fn launch_fed(opts: LaunchOptions, feed: Option<(Receiver<Reading>, Vec<Reading>)>) -> Result<i32> {
    let outcome = crate::tui::run_fed(opts, feed).map_err(Fail::Usage)?;
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
