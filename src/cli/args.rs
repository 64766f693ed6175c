//! The command-line grammar (clap derive). Every URL-like argument is an `OsString`, so any octets
//! but NUL reach the core unchanged.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use urlscope_core::modern::EditRules;
use urlscope_core::url::Rules;
use urlscope_core::{PdfState, Profile};

/// The top-level help's first paragraph: what the tool does today.
const ABOUT: &str = "A terminal URL inspector and toolkit: lossless tokenization, character \
    classes and 16 normalization profiles (none, which only inspects; the four source documents' \
    RFC 1738, Hyvätti, PDF and FidoURL; RFC 3986; WHATWG; and the crawlers' canonicalizers SURT, \
    SSURT, urlcanon's five, Safe Browsing and w3lib), relative resolution, the links in mail \
    (MIME, mbox), HTML and text, the host, parser and unwrap lenses, and lessons and exercises \
    (learn).";

const TOP_EXAMPLES: &str = "\
Examples:
  urlscope 'HTTP://WWW.IKI.FI:80/%7ehyvatti/#x'     open the inspector on a URL
  printf 'a\\x01b' | urlscope --stdin               inspect raw octets from stdin
  urlscope --hex 687474703a2f2f612f                 inspect octets given as hex pairs
  urlscope normalize -p hyvatti < urls.txt           batch-normalize one URL per line
  urlscope explain -p rfc1738 'http://a/%7e b'       the teaching view, as text";

const NORMALIZE_EXAMPLES: &str = "\
Examples:
  urlscope normalize -p hyvatti 'HTTP://WWW.IKI.FI:80/%7ehyvatti/#x'
      prints http://www.iki.fi/~hyvatti/
  grep -o 'http[^ ]*' access.log | urlscope normalize -p pdf | sort -u
  find . -name '*.msg' -print0 | xargs -0 cat | urlscope normalize -0 -p fido
  urlscope normalize --json -p rfc1738 'http://a/%7e' | jq .steps";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  urlscope explain -p hyvatti 'HTTP://WWW.IKI.FI:80/%7ehyvatti/#x'
  urlscope explain -p pdf --base http://a/b/c 'd/../e#f'
  urlscope explain --json -p fido 'area://SETI@home@fidonet' | jq '.units[].classes'
  urlscope explain --hex '68 74 74 70 3a 2f 2f 61 2f 00 1b'
  urlscope explain --decode koi8-r 'http://h/%F0%D2%C9%D7%C5%D4'   the path as KOI8-R";

const TOKENS_EXAMPLES: &str = "\
Examples:
  urlscope tokens 'http://user:p@ss@Host:80/a;x/b;p1;p2?k=v&k2=v2;k3#frag#x'
  printf 'http://a/\\0b' | urlscope tokens --stdin
  urlscope tokens --classes 'http://h/a{b?q=<#`'       each unit's C-3986 and C-WHATWG class";

const RESOLVE_EXAMPLES: &str = "\
Examples:
  urlscope resolve 'http://a/b/c/d;p?q' 'g;x?y#s'  prints http://a/b/c/g;x?y#s
  urlscope resolve --trace http://a/b/c/d ../../g   adds the rule ids and dot-removal stages
  urlscope resolve --rules rfc3986 'http://a/b/c/d;p?q' ../../../g   prints http://a/g
  urlscope resolve --rules whatwg http://a/b/c 'g\\h'          prints http://a/b/g/h";

const EXTRACT_EXAMPLES: &str = "\
Examples:
  urlscope extract < message.eml                   mail (MIME, mbox), HTML or text: detected
  urlscope extract --json ~/Mail/inbox.mbox       an mbox of any size, message by message
  urlscope extract --with-message inbox.mbox       index, Message-ID and link, tab-separated
  urlscope extract --defang phish.eml              hxxps://evil[.]example/… for a ticket
  urlscope extract --json < message.eml | jq -r 'select(.findings != []) | .url'
  urlscope extract --as text < message.txt
  urlscope extract -p fido < echomail.txt | sort -u
  mail-archive-dump | urlscope extract -p hyvatti | urlscope normalize -p pdf";

const PICK_EXAMPLES: &str = "\
Examples:
  urlscope pick message.eml                        choose a link; it is printed on stdout
  cat message.eml | urlscope                       the same (stdin is not a terminal)
  tmux capture-pane -Jp | urlscope pick            a link from the pane's scrollback
  xdg-open \"$(urlscope pick --print target < mail.eml)\"
  neomutt: macro pager,index \\cb '<pipe-message> urlscope pick | wl-copy<enter>'
Exit status: 0 a link was chosen, 1 no link found, 130 cancelled (Esc, Ctrl+C).";

const HOST_EXAMPLES: &str = "\
Examples:
  urlscope host 'http://0x7f.1/'                    IPv4 parts, address, RFC 6890 class
  urlscope host 'http://аррӏе.com/'                  labels, scripts, skeleton, confusable
  urlscope host --base https://a.example/ //b.example/x
  urlscope host --json 'https://user.github.io/' | jq .registrable
  urlscope extract < mail.txt | urlscope host --json | jq -r '.findings[].id'";
const UNWRAP_EXAMPLES: &str = "\
Examples:
  urlscope unwrap 'https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2F&data=x'
      prints layer 0 (the pasted text), layer 1 (Outlook SafeLinks) and target: https://example.org/
  urlscope unwrap 'hxxps://evil[.]example/%2520x'
  urlscope unwrap --json \"$LINK\" | jq -r .target
  urlscope extract < mail.txt | urlscope unwrap --json | jq -r .target";
const PARSERS_EXAMPLES: &str = "\
Examples:
  urlscope parsers 'http://evil.example\\@good.example/'
      the parsers disagree on the host: `good.example` (urlscope, http) vs `evil.example` (whatwg)
  urlscope parsers --base https://good.example/login '/\\evil.example/'
  urlscope parsers --json 'http://0x7f.1/' | jq '.verdict_line, .classes[].class'";

const SAME_EXAMPLES: &str = "\
Examples:
  urlscope same 'HTTP://www.EXAMPLE.com/' http://www.example.com/
      pdf: equal after step 4 lowercase-host; the RFC 3986 ladder matches at case
  urlscope same -p whatwg 'http://a/b#x' 'http://a/b#y' || echo differ
  urlscope same --json http://example.com:80 http://example.com/ | jq .ladder.first_match";
const GET_EXAMPLES: &str = "\
Examples:
  urlscope get '{host}' 'https://u@example.org:8080/p?q=1'      prints example.org
  urlscope get '{query:q} {query-all:k}' 'http://h/?q=a%20b&k=1&k=2'
  urlscope get '{registrable} {target}' \"$LINK\"
  urlscope get '{as:markdown}' 'https://example.org/a (b)'
  urlscope get -0 '{:path}' < urls.nul";

const SET_EXAMPLES: &str = "\
Examples:
  urlscope set --set port=8080 --set fragment= 'http://h/p#x'    prints http://h:8080/p
  urlscope set --append 'query=q=a&b' http://h/                 prints http://h/?q=a%26b
  urlscope set --remove 'query=utm_*' --sort-query < urls.txt
  urlscope set --rules whatwg --set 'path:=/a b' http://h/       prints http://h/a%20b";

const CONFIG_EXAMPLES: &str = "\
Examples:
  urlscope config                                    the settings in effect, and from where
  urlscope config --default > ~/.config/urlscope/config.toml
  urlscope --config ./test.toml config               check a file: exit 2 and its place if wrong";

const KEYS_EXAMPLES: &str = "\
Examples:
  urlscope keys                                      every key, with its command's name
  urlscope keys | grep copy-";

const LEARN_EXAMPLES: &str = "\
Examples:
  urlscope learn                           practise in the inspector (F3), progress kept
  urlscope learn --lesson rfc1738          walk a lesson: → next step, ← back, Esc leaves
                                           (the lessons: urlscope learn --list; in the
                                           inspector: F3, then Tab for the lessons list)
  urlscope learn --set class.toml          practise a teacher's exercises in the inspector
  urlscope learn --list                    the lessons and exercise sets, with your progress
  urlscope learn --check class.toml        prints each wrong answer with its line number
  urlscope learn --print class.toml > worksheet.md
  urlscope learn --print rfc1738           a built-in set's worksheet and answer key";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  urlscope completions bash > ~/.local/share/bash-completion/completions/urlscope
  urlscope completions zsh > ~/.zfunc/_urlscope";

const MAN_EXAMPLES: &str = "\
Examples:
  urlscope man > urlscope.1 && man ./urlscope.1
  urlscope man normalize > urlscope-normalize.1";

/// `extract --as`: what the input is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputKind {
    /// An e-mail message or an mbox.
    Mail,
    Html,
    Text,
}

/// `pick --print`: what Enter writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PrintChoice {
    /// The link as found (transfer encodings undone).
    #[default]
    Found,
    /// The unwrap lens's final target (SafeLinks, Proofpoint, … removed).
    Target,
    /// The link as the WHATWG URL parser serializes it.
    Canonical,
}

/// `urlscope pick`.
#[derive(Args, Debug)]
pub struct PickArgs {
    /// The message, HTML page or text (default: standard input).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// What Enter writes to stdout.
    #[arg(long, value_name = "WHAT", value_enum, default_value_t = PrintChoice::Found)]
    pub print: PrintChoice,
    /// Pick several links: Tab marks a link (and unmarks a marked one), Enter writes each
    /// marked link on a line of its own, in list order (the selected link when none is marked).
    #[arg(short, long, overrides_with = "no_multi")]
    pub multi: bool,
    /// One link only, whatever the config file's `pick.multi` says.
    #[arg(long, overrides_with = "multi")]
    pub no_multi: bool,
    /// Read the input as this instead of detecting it.
    #[arg(long = "as", value_name = "KIND")]
    pub kind: Option<InputKind>,
    /// Theme name or path of a theme file.
    #[arg(long, value_name = "NAME|PATH")]
    pub theme: Option<String>,
    /// When to use colour.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    /// Always colour (overrides NO_COLOR).
    Always,
    /// Never colour.
    Never,
}

/// `--hyperlink`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum HyperlinkChoice {
    /// Clickable links when standard output is a terminal known to support them; never in a
    /// pipe.
    #[default]
    Auto,
    /// Always (also in a pipe, e.g. for `less -R`); the link's text is still the data's.
    Always,
    /// Never.
    Never,
}

fn profile_parser() -> impl TypedValueParser<Value = Profile> {
    PossibleValuesParser::new(Profile::ALL.map(Profile::name))
        .map(|s| Profile::from_name(&s).expect("possible values are profile names"))
}

fn rules_parser() -> impl TypedValueParser<Value = Rules> {
    PossibleValuesParser::new(Rules::ALL.map(Rules::name))
        .map(|s| Rules::from_name(&s).expect("possible values are rule-set names"))
}

fn edit_rules_parser() -> impl TypedValueParser<Value = EditRules> {
    PossibleValuesParser::new(EditRules::ALL.map(EditRules::name))
        .map(|s| EditRules::from_name(&s).expect("possible values are rule-set names"))
}

fn pdf_state_parser() -> impl TypedValueParser<Value = PdfState> {
    PossibleValuesParser::new(PdfState::ALL.map(PdfState::name))
        .map(|s| PdfState::from_name(&s).expect("possible values are state names"))
}

#[derive(Parser, Debug)]
#[command(
    name = "urlscope",
    version,
    about = ABOUT,
    long_about = None,
    after_help = TOP_EXAMPLES,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Read this config file instead of $XDG_CONFIG_HOME/urlscope/config.toml (or
    /// URLSCOPE_CONFIG's).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Read no config file: every setting is its default.
    #[arg(long, global = true, conflicts_with = "config")]
    pub no_config: bool,
    /// Read every input as it is written: no defanged link (`hxxps://evil[.]example/`) is read
    /// back (for scripts; `normalize`, `explain`, `host`, `same`, `get` and `set` refang).
    #[arg(long, global = true)]
    pub no_refang: bool,
    #[command(flatten)]
    pub tui: TuiArgs,
}

/// Options of the interactive inspector (no subcommand).
#[derive(Args, Debug)]
pub struct TuiArgs {
    /// The URL to open (raw octets); without it, a built-in example.
    #[arg(value_name = "URL")]
    pub url: Option<OsString>,
    /// Base URL for the PDF profile and the resolve view.
    #[arg(long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Start with this profile.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser())]
    pub profile: Option<Profile>,
    /// PDF P8: declared initial encoding state.
    #[arg(long, value_name = "STATE", value_parser = pdf_state_parser(), default_value = "once")]
    pub pdf_state: PdfState,
    /// Hyvätti host aliases: a file of `alias canonical` lines.
    #[arg(long, value_name = "FILE")]
    pub host_aliases: Option<PathBuf>,
    /// Theme name or path of a theme file.
    #[arg(long, value_name = "NAME|PATH")]
    pub theme: Option<String>,
    /// When to use colour.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Read the input's raw octets from standard input.
    #[arg(long, conflicts_with = "url")]
    pub stdin: bool,
    /// The input (URL or stdin) is written as hex pairs (whitespace between pairs is ignored).
    #[arg(long)]
    pub hex: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Normalize URLs with any of the 16 profiles, one record in, one record out.
    ///
    /// The URLs come from the arguments or from standard input (one a line, or NUL-separated
    /// with -0).
    #[command(after_help = NORMALIZE_EXAMPLES)]
    Normalize(NormalizeArgs),
    /// Explain a URL as text: spans, components, classes, each step with its source.
    ///
    /// The teaching view of one URL under a profile: spans, components, character classes, the
    /// steps with their sources, and the before/after diff.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Print a URL's spans, the lossless tokenization (--classes: each unit's classes).
    #[command(after_help = TOKENS_EXAMPLES)]
    Tokens {
        /// Also print one line per unit with today's classes (C-3986, C-WHATWG).
        #[arg(long)]
        classes: bool,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Resolve a reference against a base URL: RFC 1808, RFC 3986 or WHATWG rules.
    ///
    /// RFC 1808 §4 and the URL编码 tutorial by default; RFC 3986 §5.2 or the WHATWG URL Standard
    /// with --rules.
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve {
        /// The rule set: rfc1808 (the historical sources), rfc3986, or whatwg (as browsers do).
        #[arg(long, value_name = "RULES", value_parser = rules_parser(), default_value = "rfc1808")]
        rules: Rules,
        /// Also print the rule ids taken, the merged path and each dot-removal stage.
        #[arg(long)]
        trace: bool,
        /// The base URL.
        #[arg(value_name = "BASE")]
        base: OsString,
        /// The reference.
        #[arg(value_name = "REF")]
        reference: OsString,
    },
    /// Unwrap a link layer by layer to its target: SafeLinks, Proofpoint, redirects, defanging.
    ///
    /// SafeLinks, Google, Proofpoint, Facebook and redirect parameters, layered
    /// percent-encoding, defanging and quoted-printable, layer by layer to the real target.
    #[command(after_help = UNWRAP_EXAMPLES)]
    Unwrap {
        /// Write one JSON object per URL (JSON Lines) instead of text.
        #[arg(long)]
        json: bool,
        /// Make links clickable (OSC 8 hyperlinks).
        #[arg(long, value_name = "WHEN", value_enum, default_value_t = HyperlinkChoice::Auto)]
        hyperlink: HyperlinkChoice,
        #[command(flatten)]
        input: BatchArgs,
    },
    /// Compare how four parsers split a URL, and the host each would connect to.
    ///
    /// urlscope, RFC 3986 (fluent-uri), WHATWG (url) and http (hyper's Uri), side by side, with
    /// where they disagree.
    #[command(after_help = PARSERS_EXAMPLES)]
    Parsers(ParsersArgs),
    /// Choose a link of a mail, mbox, HTML page or text on the terminal; print it.
    ///
    /// The links are listed in a list drawn on the terminal; the chosen link is printed on
    /// stdout (exit 1: no link; 130: cancelled).
    #[command(after_help = PICK_EXAMPLES)]
    Pick(PickArgs),
    /// Print every link in mail (MIME, mbox), HTML or text, one a line or as JSON.
    ///
    /// Exit status 1 when there is none.
    #[command(after_help = EXTRACT_EXAMPLES)]
    Extract {
        /// Normalize each URL found with this profile (text output).
        #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "none")]
        profile: Profile,
        /// Read the input as this instead of detecting it.
        #[arg(long = "as", value_name = "KIND")]
        kind: Option<InputKind>,
        /// Write one JSON object per link (JSON Lines): url, line, source, text, target, host,
        /// registrable, registrable_ascii, findings, repairs, may_continue (and message,
        /// message_id for an mbox; file for several inputs).
        #[arg(long)]
        json: bool,
        /// Make links clickable (OSC 8 hyperlinks).
        #[arg(long, value_name = "WHEN", value_enum, default_value_t = HyperlinkChoice::Auto)]
        hyperlink: HyperlinkChoice,
        /// Write each link defanged (`hxxps://evil[.]example/`), for a ticket or a report
        /// (`--json`: a `defanged` field beside `url`).
        #[arg(long)]
        defang: bool,
        /// Write each link after its message's index (1-based, in its mbox) and Message-ID,
        /// tab-separated (`-` for none); `--json` has them as `message` and `message_id`.
        #[arg(long, conflicts_with = "json")]
        with_message: bool,
        /// The messages, mboxes, HTML pages or texts (default, or `-`: standard input).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// The host lens: kind, IPv4 parts, address class, labels, registrable domain.
    ///
    /// The host as the WHATWG parser reads it, its kind, IPv4 parts, address class (RFC 6890),
    /// labels (UTS #46, UTS #39), registrable domain (Public Suffix List).
    #[command(after_help = HOST_EXAMPLES)]
    Host {
        /// Write one JSON object per URL (JSON Lines) instead of text.
        #[arg(long)]
        json: bool,
        /// Resolve the URL against this base first.
        #[arg(long, value_name = "URL")]
        base: Option<OsString>,
        #[command(flatten)]
        input: BatchArgs,
    },
    /// Are two URLs the same? Every profile's answer, RFC 3986's ladder, the WHATWG parser.
    ///
    /// The profiles grouped by answer (each shared answer once; --verbose: one a profile, with
    /// the step after which they first agree), the RFC 3986 §6.2 comparison ladder and the
    /// WHATWG parser. Exit 0 when equal under the chosen profile, 1 when not.
    #[command(after_help = SAME_EXAMPLES)]
    Same(SameArgs),
    /// Print parts of URLs by a format string: `{host}`, `{query:NAME}`, `{as:curl}`…
    ///
    /// trurl's `--get` names, and the host, unwrap and profile lenses: `{host}`, `{:path}`,
    /// `{query:NAME}`, `{registrable}`, `{as:markdown}`…
    #[command(after_help = GET_EXAMPLES)]
    Get(GetArgs),
    /// Change URLs: set, append, remove and sort components and query pairs.
    ///
    /// trurl's `--set` grammar; each value is encoded for its component under the chosen rules.
    #[command(after_help = SET_EXAMPLES)]
    Set(SetArgs),
    /// Run a trurl command line as trurl would: its options and exit codes.
    ///
    /// trurl's options (--url, --url-file, --set, --get, --append, --trim, --replace,
    /// --redirect, --iterate, --sort-query, --json, --verify, --accept-space…), its exit codes;
    /// `urlscope trurl --help` lists them.
    #[command(disable_help_flag = true)]
    Trurl {
        /// trurl's options and URLs, in any order.
        #[arg(
            value_name = "ARGS",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        args: Vec<OsString>,
    },
    /// Print the effective settings and where each came from (--default: a commented file).
    ///
    /// The config file is described in docs/config.md; --default prints a complete commented
    /// config file of the defaults.
    #[command(after_help = CONFIG_EXAMPLES)]
    Config {
        /// Print every setting with its default and what it does: a config file to start from.
        #[arg(long)]
        default: bool,
    },
    /// Print the inspector's keys and what each command does (your own keys included).
    ///
    /// Every command's name (as the config file's `[keys]` tables name it), its keys in each
    /// scope, and what it does.
    #[command(after_help = KEYS_EXAMPLES)]
    Keys,

    /// Learn the encoding rules: lessons walked in the inspector, exercises, worksheets.
    ///
    /// A lesson for each source, exercises for every profile, a teacher's own exercise files
    /// (checked against the engine, printed as worksheets).
    #[command(after_help = LEARN_EXAMPLES)]
    Learn(LearnArgs),
    /// Print a shell completion script.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): urlscope(1), or urlscope-SUBCOMMAND(1).
    #[command(after_help = MAN_EXAMPLES)]
    Man {
        /// A subcommand whose page to print instead.
        #[arg(value_name = "SUBCOMMAND")]
        subcommand: Option<String>,
    },
}

/// `urlscope learn`.
#[derive(Args, Debug)]
pub struct LearnArgs {
    /// Check an exercise file: every expected answer against what urlscope writes, every rule
    /// named; mistakes are listed with their line numbers (exit 1).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["print", "list", "reset"])]
    pub check: Option<PathBuf>,
    /// Write a worksheet and its answer key (Markdown) for an exercise file or a built-in set.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["list", "reset"])]
    pub print: Option<PathBuf>,
    /// Practise the exercises of a file (or a built-in set) in the inspector.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["check", "print", "list", "reset"])]
    pub set: Option<PathBuf>,
    /// Open the inspector on a lesson's guided walk (rfc1738, hyvatti, pdf, tutorial, fido,
    /// rfc3986, whatwg): → the next step, ← the one before, Esc leaves it for the lessons list.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["check", "print", "list", "reset"])]
    pub lesson: Option<String>,
    /// List the lessons and the built-in exercise sets with the progress kept.
    #[arg(long, conflicts_with = "reset")]
    pub list: bool,
    /// Forget the progress kept (the file in the state directory).
    #[arg(long)]
    pub reset: bool,
}

/// The historical profiles' options, the same for every subcommand that runs a profile.
#[derive(Args, Debug)]
pub struct ProfileOptionArgs {
    /// Base URL for PDF P1.
    #[arg(long, value_name = "URL")]
    pub base: Option<OsString>,
    /// PDF P8: declared initial encoding state.
    #[arg(long, value_name = "STATE", value_parser = pdf_state_parser(), default_value = "once")]
    pub pdf_state: PdfState,
    /// Hyvätti host aliases: a file of `alias canonical` lines.
    #[arg(long, value_name = "FILE")]
    pub host_aliases: Option<PathBuf>,
    /// w3lib: keep the fragment (canonicalize_url's keep_fragments=True).
    #[arg(long)]
    pub keep_fragments: bool,
    /// w3lib: drop query fields without a value (keep_blank_values=False).
    #[arg(long)]
    pub drop_blank_values: bool,
    /// w3lib: the query's and fragment's encoding (latin1, cp1251, …; default UTF-8).
    #[arg(long, value_name = "ENCODING")]
    pub query_encoding: Option<String>,
    /// w3lib: the query's field separator (one ASCII character; default '&').
    #[arg(long, value_name = "CHAR", value_parser = separator_parser)]
    pub query_separator: Option<u8>,
}

/// One ASCII character.
fn separator_parser(s: &str) -> std::result::Result<u8, String> {
    match s.as_bytes() {
        [b] if b.is_ascii() => Ok(*b),
        _ => Err(format!("{s:?} is not one ASCII character")),
    }
}

impl ProfileOptionArgs {
    /// The options for `url::normalize` (the alias file read and checked).
    pub fn options(&self) -> super::Result<urlscope_core::Options> {
        let mut o = super::normalize::options(
            self.base.as_deref(),
            self.pdf_state,
            self.host_aliases.as_deref(),
        )?;
        o.w3lib.keep_fragments = self.keep_fragments;
        o.w3lib.keep_blank_values = !self.drop_blank_values;
        if let Some(e) = &self.query_encoding
            && !urlscope_core::canon::known_encoding(e)
        {
            return Err(super::Fail::Usage(format!(
                "--query-encoding {e}: not an encoding urlscope knows (utf-8, latin1, or a WHATWG label such as cp1251)"
            )));
        }
        o.w3lib.encoding = self.query_encoding.clone();
        if let Some(c) = self.query_separator {
            o.w3lib.query_separator = c;
        }
        Ok(o)
    }
}

#[derive(Args, Debug)]
pub struct NormalizeArgs {
    /// The profile.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "rfc1738")]
    pub profile: Profile,
    #[command(flatten)]
    pub opts: ProfileOptionArgs,
    /// Records are NUL-terminated (input and output), taken verbatim.
    #[arg(short = '0', long = "null")]
    pub null: bool,
    /// Write one JSON object per record (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also report warnings (W-…) on standard error.
    #[arg(long)]
    pub warnings: bool,
    /// Make links clickable (OSC 8 hyperlinks).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = HyperlinkChoice::Auto)]
    pub hyperlink: HyperlinkChoice,
    /// Worker threads for records read from standard input; the output keeps the input's order
    /// [default: the available cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// URLs (raw octets). Without any, records are read from standard input.
    #[arg(value_name = "URL")]
    pub urls: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The profile whose steps are explained.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "rfc1738")]
    pub profile: Profile,
    #[command(flatten)]
    pub opts: ProfileOptionArgs,
    /// Write one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// When to use colour.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Also decode each component's %XX octets by this charset: utf-8, iso-8859-1,
    /// windows-1252, koi8-r, ibm866, windows-1251, gb18030 (gbk, gb2312), big5, shift_jis,
    /// euc-jp, euc-kr.
    #[arg(long, value_name = "CHARSET")]
    pub decode: Option<String>,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Args, Debug)]
pub struct SameArgs {
    /// The profile whose answer is the exit status.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "rfc3986")]
    pub profile: Profile,
    #[command(flatten)]
    pub opts: ProfileOptionArgs,
    /// Write one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// One block a profile, each with its results, instead of each shared answer once.
    #[arg(long)]
    pub verbose: bool,
    /// The first URL (raw octets).
    #[arg(value_name = "A")]
    pub a: OsString,
    /// The second URL (raw octets).
    #[arg(value_name = "B")]
    pub b: OsString,
}

#[derive(Args, Debug)]
pub struct ParsersArgs {
    /// Resolve the URL against this base first (each parser by its own rules).
    #[arg(long, value_name = "URL")]
    pub base: Option<OsString>,
    /// Write one JSON object per URL (every cell, the marks and the classes; JSON Lines)
    /// instead of the table.
    #[arg(long)]
    pub json: bool,
    /// When to use colour.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    #[command(flatten)]
    pub input: BatchArgs,
}

/// The inputs of the lenses (`host`, `parsers`, `unwrap`): URLs as arguments, or one per line
/// (NUL-separated with `-0`) on standard input, or all of standard input as one URL (`--stdin`).
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// URLs (raw octets). Without any, URLs are read from standard input, one per line.
    #[arg(value_name = "URL")]
    pub urls: Vec<OsString>,
    /// Read all of standard input as one URL's raw octets (nothing is trimmed; a NUL is fine).
    #[arg(long, conflicts_with = "urls")]
    pub stdin: bool,
    /// Records on standard input are NUL-terminated, taken verbatim.
    #[arg(short = '0', long = "null", conflicts_with = "stdin")]
    pub null: bool,
    /// Each URL is written as hex pairs; whitespace between pairs is ignored.
    #[arg(long)]
    pub hex: bool,
}

/// The single input of `explain` and `tokens`: an argument, or standard input.
#[derive(Args, Debug)]
pub struct InputArgs {
    /// The URL (raw octets).
    #[arg(value_name = "URL", required_unless_present = "stdin")]
    pub url: Option<OsString>,
    /// Read the URL's raw octets from standard input instead (nothing is trimmed; a NUL is fine).
    #[arg(long, conflicts_with = "url")]
    pub stdin: bool,
    /// The URL (or standard input) is written as hex pairs; whitespace between pairs is ignored.
    #[arg(long)]
    pub hex: bool,
}

#[derive(Args, Debug)]
pub struct GetArgs {
    /// The format: `{NAME}` or `[NAME]` placeholders (`{:NAME}` as written, `{must:NAME}` an
    /// error when absent, `{default:port}`, `{puny:host}`, `{idn:host}`, `{query:NAME}`,
    /// `{query-all:NAME}`, `{registrable}`, `{suffix}`, `{target}`, `{profile:NAME}`,
    /// `{as:FORM}`); `\n` `\t` `\{` `\[` `\\` escapes.
    #[arg(value_name = "FORMAT")]
    pub format: String,
    /// The profile whose result `{as:FORM}` copies.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "none")]
    pub profile: Profile,
    /// Records are NUL-terminated (input and output), taken verbatim.
    #[arg(short = '0', long = "null")]
    pub null: bool,
    /// Write one JSON object per record (JSON Lines): input, output and each placeholder's value.
    #[arg(long)]
    pub json: bool,
    /// Make links clickable (OSC 8 hyperlinks).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = HyperlinkChoice::Auto)]
    pub hyperlink: HyperlinkChoice,
    /// URLs (raw octets). Without any, records are read from standard input.
    #[arg(value_name = "URL")]
    pub urls: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct SetArgs {
    /// COMPONENT=VALUE (VALUE is text, encoded for the component; an empty VALUE removes the
    /// component) or COMPONENT:=VALUE (VALUE as written; only what would break the URL is
    /// encoded). Components: scheme user password host port path params query fragment
    /// hostport (WHATWG) href.
    #[arg(short = 's', long = "set", value_name = "COMPONENT=VALUE")]
    pub set: Vec<OsString>,
    /// path=SEGMENT or query=NAME[=VALUE]: add a path segment or a query pair at the end.
    #[arg(short = 'a', long, value_name = "WHAT=VALUE")]
    pub append: Vec<OsString>,
    /// query=NAME: remove the query pairs whose decoded name matches (`*` any run, `\` escapes).
    #[arg(long, value_name = "query=NAME")]
    pub remove: Vec<OsString>,
    /// NAME=VALUE or NAME: the first query pair NAME gets VALUE (encoded), the other NAME pairs
    /// are removed (trurl's --replace); a URL without NAME is unchanged.
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub replace: Vec<OsString>,
    /// Remove the query table's tracking parameters (utm_*, fbclid, gclid, …).
    #[arg(long)]
    pub strip_tracking: bool,
    /// Sort the query pairs by name (stable; empty pairs dropped).
    #[arg(long)]
    pub sort_query: bool,
    /// Which setters: rfc3986 or rfc1738 (a splice that keeps every other octet), or whatwg
    /// (the URL Standard's setters, through the url crate).
    #[arg(long, value_name = "RULES", value_parser = edit_rules_parser(), default_value = "rfc3986")]
    pub rules: EditRules,
    /// Normalize each result with this profile.
    #[arg(short, long, value_name = "PROFILE", value_parser = profile_parser(), default_value = "none")]
    pub profile: Profile,
    /// Make links clickable (OSC 8 hyperlinks).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = HyperlinkChoice::Auto)]
    pub hyperlink: HyperlinkChoice,
    /// Records are NUL-terminated (input and output), taken verbatim.
    #[arg(short = '0', long = "null")]
    pub null: bool,
    /// URLs (raw octets). Without any, records are read from standard input.
    #[arg(value_name = "URL")]
    pub urls: Vec<OsString>,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::{ABOUT, Cli};
    use urlscope_core::Profile;

    /// Phrases of the tool of long ago (six profiles, before the crawlers and the mail reader).
    const STALE: [&str; 5] = [
        "four historical and two modern",
        "four historical normalization profiles",
        "seven profiles",
        "six profiles",
        "SPEC",
    ];

    #[test]
    fn the_help_says_what_the_tool_does_today() {
        assert!(ABOUT.contains(&format!("{} normalization profiles", Profile::ALL.len())));
        for name in [
            "RFC 3986",
            "WHATWG",
            "SURT",
            "urlcanon",
            "Safe Browsing",
            "w3lib",
            "mail",
        ] {
            assert!(ABOUT.contains(name), "{name}");
        }
        let help = Cli::command().render_long_help().to_string();
        for stale in STALE {
            assert!(!help.contains(stale), "{stale}");
        }
        for manifest in [
            include_str!("../../Cargo.toml"),
            include_str!("../../crates/urlscope-core/Cargo.toml"),
        ] {
            let description = manifest
                .lines()
                .find(|l| l.starts_with("description"))
                .unwrap();
            assert!(
                description.contains("16 normalization profiles"),
                "{description}"
            );
            assert!(description.contains("crawlers"), "{description}");
        }
    }

    #[test]
    fn every_subcommand_has_one_line_and_a_row_in_the_readme() {
        let readme = include_str!("../../README.md");
        let cli = Cli::command();
        let top = cli.clone().render_help().to_string();
        for sc in cli.get_subcommands() {
            let name = sc.get_name();
            let about = sc.get_about().map(|a| a.to_string()).unwrap_or_default();
            // One line in the list under `Commands:` (the long text is `urlscope NAME --help`).
            assert!(!about.is_empty() && about.len() <= 92, "{name}: {about}");
            assert!(top.contains(&format!("  {name} ")), "{name} in the help");
            let long = sc.clone().render_long_help().to_string();
            for stale in STALE {
                assert!(!long.contains(stale), "{name}: {stale}");
            }
            assert!(
                readme
                    .lines()
                    .any(|l| l.starts_with('|') && l.contains(&format!("`{name}`"))),
                "{name} in the README's table"
            );
        }
    }
}
