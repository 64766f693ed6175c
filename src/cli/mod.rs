//! The command line (docs/cli.md): the interactive inspector with no subcommand, and the
//! non-interactive subcommands `normalize`, `explain`, `tokens`, `resolve`, `parsers`, `host`,
//! `unwrap`, `extract`, `same`, `get`, `set`,
//! `completions` and `man`.
//!
//! Exit status: 0 success, 1 when a record (or the resolution) had an `E-…` error, 2 for a usage
//! error (one line on stderr). A closed stdout (EPIPE) ends any subcommand quietly with status 0.
//! The lenses `host`, `parsers` and `unwrap` answer every URL given or read (`batch`): 0 whatever
//! the answers say, 2 for a usage or I/O error.

pub mod aliases;
pub mod args;
pub mod batch;
pub mod config;
pub mod escape;
pub mod explain;
pub mod extract;
pub mod get;
pub mod host;
pub mod json;
pub mod keys;
pub mod learn;
pub mod lens_input;
pub mod normalize;
pub mod ordered;
pub mod out;
pub mod parsers;
pub mod pick;
pub mod pipe_input;
pub mod positioned;
pub mod records;
pub mod refang;
pub mod resolve;
pub mod said;
pub mod same;
pub mod sequential;
pub mod set;
pub mod settings;
mod shared;
pub mod texts;
pub mod trurl;
pub mod unwrap;

use std::io::{self, IsTerminal, Read};

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, ColorChoice, Command};

// What every command shares; below this file, so the commands need not import the dispatcher.
pub use shared::{
    Fail, Result, bytes, decode_hex, no_color_env, read_input, say, use_color, write_stdout,
};

/// Run the command line with the process arguments; returns the exit status. Started under
/// the name `trurl` (a link to the binary), it is `urlscope trurl`.
pub fn main() -> i32 {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let called = args
        .first()
        .and_then(|a| std::path::Path::new(a).file_stem())
        .is_some_and(|s| s == "trurl");
    if called {
        args.insert(1, "trurl".into());
    }
    run(args)
}

/// Run the command line with `argv` (the first item is the program name).
pub fn run<I, T>(argv: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = match Cli::command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) => return clap_error(e),
    };
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    if let Some(msg) = inspector_args_with_subcommand(&matches) {
        say(&msg);
        return 2;
    }
    let mut loaded = crate::config::load(cli.config.as_deref(), cli.no_config);
    check_loaded(&mut loaded);
    // A bad config file stops a subcommand (status 2, its place and the choices); the
    // inspector starts on the defaults and says it on its status line.
    let repairing = matches!(cli.command, Some(Command::Config { default: true }));
    if let Some(e) = &loaded.error
        && cli.command.is_some()
        && !repairing
    {
        say(&e.to_string());
        return 2;
    }
    settings::apply(&mut cli, &matches, &loaded.config);
    refang::set_enabled(!cli.no_refang);
    crate::config::install(loaded.config.clone());
    let notice = loaded
        .error
        .as_ref()
        .map(|e| format!("config: {}", e.short()));
    let res = match cli.command {
        None => {
            let res = run_tui(cli.tui, notice);
            // The status line may have cut it: the whole message, once the screen is back.
            if let Some(e) = &loaded.error {
                say(&format!("config file not used: {e}"));
            }
            res
        }
        Some(Command::Normalize(a)) => normalize::run(a),
        Some(Command::Explain(a)) => explain::run(a),
        Some(Command::Tokens { classes, input }) => {
            read_input(&input).and_then(|x| tokens(&x, classes))
        }
        Some(Command::Resolve {
            rules,
            trace,
            base,
            reference,
        }) => resolve::run(rules, trace, bytes(&base), bytes(&reference)),
        Some(Command::Parsers(a)) => parsers::run(a),
        Some(Command::Same(a)) => same::run(a),
        Some(Command::Extract {
            profile,
            kind,
            json,
            defang,
            with_message,
            hyperlink,
            files,
        }) => extract::run(extract::ExtractOptions {
            profile,
            kind,
            json,
            defang,
            with_message,
            hyperlink,
            files,
        }),
        Some(Command::Pick(a)) => pick::run(a),
        Some(Command::Host { json, base, input }) => {
            host::run(json, base.as_deref().map(bytes), &input)
        }
        Some(Command::Unwrap {
            json,
            hyperlink,
            input,
        }) => unwrap::run(json, hyperlink, &input),
        Some(Command::Get(a)) => get::run(a),
        Some(Command::Set(a)) => set::run(a),
        Some(Command::Trurl { args }) => trurl::run(&args),
        Some(Command::Learn(a)) => learn::run(a),
        Some(Command::Completions { shell }) => {
            let mut cmd = Cli::command();
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut cmd, "urlscope", &mut out);
            write_stdout(&out).map(|()| 0)
        }
        Some(Command::Man { subcommand }) => man(subcommand.as_deref()),
        Some(Command::Config { default }) => config::run(&loaded, default),
        Some(Command::Keys) => keys::run(),
    };
    finish(res)
}

/// The inspector's own arguments given before a subcommand: a usage error (only `--config` and
/// `--no-config` go before a subcommand and apply to it).
fn inspector_args_with_subcommand(matches: &clap::ArgMatches) -> Option<String> {
    let (sub, _) = matches.subcommand()?;
    let given = matches.ids().map(clap::Id::as_str).find(|id| {
        !matches!(*id, "config" | "no_config" | "no_refang")
            && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    })?;
    let shown = if given == "url" {
        "a URL".to_string()
    } else {
        format!("--{}", given.replace('_', "-"))
    };
    Some(format!(
        "{shown} is the inspector's and cannot be used with the subcommand '{sub}' (see 'urlscope --help')"
    ))
}

/// What only the front ends can check of a config file: its theme loads, its `[keys]` fit the
/// binding table (then installed as the keys in effect). A failure leaves every setting at its
/// default, with the error to report.
fn check_loaded(loaded: &mut crate::config::Loaded) {
    if let Some(name) = &loaded.config.theme
        && let Err(e) = crate::theme::Theme::load(name)
    {
        let span = loaded.spans.get("theme").cloned().unwrap_or(0..0);
        let e = loaded.error_at(span, format!("theme: {e}"));
        loaded.fail(e);
        return;
    }
    // Without `[keys]` the built-in table is in effect (`bindings::active`); merging nothing
    // into it would only repeat, at every start, the checks its tests make once.
    if loaded.config.keys.is_empty() {
        return;
    }
    match crate::tui::keys::custom::merge(&loaded.config.keys) {
        Ok(table) => crate::tui::keys::bindings::install(table),
        Err(e) => {
            let e = loaded.error_at(e.span, e.message);
            loaded.fail(e);
        }
    }
}

/// `urlscope man [SUBCOMMAND]`.
fn man(sub: Option<&str>) -> Result<i32> {
    let top = Cli::command();
    let cmd = match sub {
        None => top,
        Some(name) => {
            const PAGES: [(&str, &str); 18] = [
                ("config", "urlscope-config"),
                ("keys", "urlscope-keys"),
                ("same", "urlscope-same"),
                ("pick", "urlscope-pick"),
                ("normalize", "urlscope-normalize"),
                ("explain", "urlscope-explain"),
                ("tokens", "urlscope-tokens"),
                ("resolve", "urlscope-resolve"),
                ("parsers", "urlscope-parsers"),
                ("extract", "urlscope-extract"),
                ("host", "urlscope-host"),
                ("completions", "urlscope-completions"),
                ("man", "urlscope-man"),
                ("unwrap", "urlscope-unwrap"),
                ("get", "urlscope-get"),
                ("set", "urlscope-set"),
                ("trurl", "urlscope-trurl"),
                ("learn", "urlscope-learn"),
            ];
            let page = PAGES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p);
            match (page, top.find_subcommand(name)) {
                (Some(page), Some(c)) => c.clone().name(page),
                _ => return Err(Fail::Usage(format!("man: no subcommand '{name}'"))),
            }
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out)?;
    write_stdout(&out)?;
    Ok(0)
}

/// Map a subcommand's result to an exit status.
pub fn finish(res: Result<i32>) -> i32 {
    match res {
        Ok(code) => code,
        Err(Fail::Usage(msg)) => {
            say(&msg);
            2
        }
        Err(Fail::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Fail::Io(e)) => {
            say(&format!("I/O error: {e}"));
            2
        }
    }
}

/// clap's own errors: help and version go to stdout (status 0); usage errors become one line.
fn clap_error(e: clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let styled = e.render();
            let text = if io::stdout().is_terminal() && !no_color_env() {
                styled.ansi().to_string()
            } else {
                styled.to_string()
            };
            finish(write_stdout(text.as_bytes()).map(|()| 0))
        }
        _ => {
            // The first paragraph of clap's message, on one line.
            let text = e.render().to_string();
            let line = text
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            let line = if line.is_empty() {
                "invalid arguments"
            } else {
                line
            };
            say(&format!("{line} (see 'urlscope --help')"));
            2
        }
    }
}

fn tokens(url: &[u8], classes: bool) -> Result<i32> {
    write_stdout(urlscope_core::url::notation::tokens_text(url, classes).as_bytes())?;
    Ok(0)
}

fn run_tui(a: args::TuiArgs, notice: Option<String>) -> Result<i32> {
    let no_color =
        a.color == ColorChoice::Never || (a.color == ColorChoice::Auto && no_color_env());
    if a.hex && !a.stdin && a.url.is_none() {
        return Err(Fail::Usage("--hex needs a URL argument or --stdin".into()));
    }
    // Text piped in without --stdin: its links, as `urlscope pick` lists them.
    if !a.stdin && a.url.is_none() && !io::stdin().is_terminal() {
        return pick::from_stdin(a.theme, no_color, notice);
    }
    let raw = if a.stdin {
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf)?;
        Some(buf)
    } else {
        a.url.as_deref().map(|u| bytes(u).to_vec())
    };
    if a.hex && raw.is_none() {
        return Err(Fail::Usage("--hex needs a URL argument or --stdin".into()));
    }
    let input = match raw {
        Some(r) if a.hex => Some(decode_hex(&r).map_err(Fail::Usage)?),
        other => other,
    };
    let host_aliases = match &a.host_aliases {
        Some(path) => aliases::load(path).map_err(Fail::Usage)?,
        None => Vec::new(),
    };
    let opts = crate::tui::LaunchOptions {
        input,
        base: a
            .base
            .as_deref()
            .map(|b| bytes(b).to_vec())
            .unwrap_or_default(),
        profile: a.profile,
        pdf_state: a.pdf_state,
        host_aliases,
        theme: a.theme,
        no_color,
        notice,
        ..Default::default()
    };
    pick::launch(opts)
}
