//! The config file's settings in the command line: a setting fills an option the command line
//! left out; an option given on the command line always wins.

use clap::ArgMatches;
use clap::parser::ValueSource;

use super::args::{Cli, ColorChoice, Command, PrintChoice, ProfileOptionArgs};
use crate::config::{Color, Config, PickPrint};

/// Whether the option `id` was given on the command line (not its default).
fn given(m: &ArgMatches, id: &str) -> bool {
    m.try_contains_id(id).unwrap_or(false) && m.value_source(id) == Some(ValueSource::CommandLine)
}

/// Fill what the command line left out from `config`.
pub fn apply(cli: &mut Cli, matches: &ArgMatches, config: &Config) {
    let m = matches.subcommand().map_or(matches, |(_, m)| m);
    let set = Fill { m, config };
    match &mut cli.command {
        None => {
            let a = &mut cli.tui;
            if !given(m, "profile") && config.profile.is_some() {
                a.profile = config.profile;
            }
            if !given(m, "pdf_state") {
                a.pdf_state = config.pdf_state;
            }
            if !given(m, "host_aliases") && a.host_aliases.is_none() {
                a.host_aliases.clone_from(&config.host_aliases);
            }
            set.theme(&mut a.theme);
            set.color(&mut a.color);
        }
        Some(Command::Normalize(a)) => {
            set.profile(&mut a.profile);
            set.options(&mut a.opts);
        }
        Some(Command::Explain(a)) => {
            set.profile(&mut a.profile);
            set.options(&mut a.opts);
            set.color(&mut a.color);
        }
        Some(Command::Same(a)) => {
            set.profile(&mut a.profile);
            set.options(&mut a.opts);
        }
        Some(Command::Extract { profile, .. }) => set.profile(profile),
        Some(Command::Get(a)) => set.profile(&mut a.profile),
        Some(Command::Set(a)) => set.profile(&mut a.profile),
        Some(Command::Parsers(a)) => set.color(&mut a.color),
        Some(Command::Pick(a)) => {
            set.theme(&mut a.theme);
            set.color(&mut a.color);
            if !given(m, "multi") && !given(m, "no_multi") {
                a.multi = config.pick_multi;
            }
            if !given(m, "print") {
                a.print = match config.pick_print {
                    PickPrint::Found => PrintChoice::Found,
                    PickPrint::Target => PrintChoice::Target,
                    PickPrint::Canonical => PrintChoice::Canonical,
                };
            }
        }
        _ => {}
    }
}

/// One subcommand's matches and the config: fills one kind of option.
struct Fill<'a> {
    m: &'a ArgMatches,
    config: &'a Config,
}

impl Fill<'_> {
    fn profile(&self, p: &mut urlscope_core::Profile) {
        if let Some(c) = self.config.profile
            && !given(self.m, "profile")
        {
            *p = c;
        }
    }

    fn options(&self, o: &mut ProfileOptionArgs) {
        if !given(self.m, "pdf_state") {
            o.pdf_state = self.config.pdf_state;
        }
        if !given(self.m, "host_aliases") && o.host_aliases.is_none() {
            o.host_aliases.clone_from(&self.config.host_aliases);
        }
    }

    fn theme(&self, t: &mut Option<String>) {
        if t.is_none() {
            t.clone_from(&self.config.theme);
        }
    }

    fn color(&self, c: &mut ColorChoice) {
        if !given(self.m, "color") {
            *c = match self.config.color {
                Color::Auto => ColorChoice::Auto,
                Color::Always => ColorChoice::Always,
                Color::Never => ColorChoice::Never,
            };
        }
    }
}
