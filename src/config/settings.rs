//! The one table of settings: each key with its default, its valid values and what it does. The
//! reader checks values against it, `urlscope config --default` writes it out as a commented
//! file, and docs/config.md's table is generated from it (`tests/cli/config_file.rs`).

/// One setting of the config file.
pub struct Setting {
    /// The key as written in the file; `section.key` for a key in a `[section]`.
    pub key: &'static str,
    /// The default, as a TOML value.
    pub default: &'static str,
    /// The valid values of a string setting with a fixed set; empty when any value goes.
    pub choices: &'static [&'static str],
    /// What the setting does, for the default file's comment and the docs (one sentence or
    /// two; `\n` starts a new comment line).
    pub help: &'static str,
}

const fn s(
    key: &'static str,
    default: &'static str,
    choices: &'static [&'static str],
    help: &'static str,
) -> Setting {
    Setting {
        key,
        default,
        choices,
        help,
    }
}

/// `builtin` (each command's own default) and the profile names of `url::Profile::ALL`.
pub const PROFILE_CHOICES: &[&str] = &[
    "builtin",
    "none",
    "rfc1738",
    "hyvatti",
    "pdf",
    "fido",
    "rfc3986",
    "whatwg",
    "uc-whatwg",
    "uc-google",
    "uc-semantic-precise",
    "uc-semantic",
    "uc-aggressive",
    "ssurt",
    "sb4",
    "surt",
    "w3lib",
];

/// Every setting, in the order the default file lists them.
pub const SETTINGS: &[Setting] = &[
    s(
        "profile",
        "\"builtin\"",
        PROFILE_CHOICES,
        "The profile when -p/--profile is not given: \"builtin\" keeps each command's own\n\
         (the inspector, normalize and explain: rfc1738; same: rfc3986; extract, get, set: none).",
    ),
    s(
        "pdf-state",
        "\"once\"",
        &["once", "unencoded", "twice"],
        "The PDF profile's declared initial encoding state (P8) when --pdf-state is not given.",
    ),
    s(
        "host-aliases",
        "\"\"",
        &[],
        "A file of `alias canonical` lines for the Hyvätti profile when --host-aliases is not\n\
         given; \"\" for none. A relative path is read from the config file's folder.",
    ),
    s(
        "theme",
        "\"default\"",
        &[],
        "The inspector's theme: default, light, high-contrast, mono, a theme of that name in\n\
         the config folder's themes/, or a path to a theme file (--theme overrides it).",
    ),
    s(
        "color",
        "\"auto\"",
        &["auto", "always", "never"],
        "When to use colour (--color overrides it; NO_COLOR counts as never under auto).",
    ),
    s(
        "browser",
        "\"\"",
        &[],
        "The program Ctrl+B opens a link with (its words; %s is the link, else the link comes\n\
         last); \"\" for $BROWSER, else xdg-open (open on macOS).",
    ),
    s(
        "clipboard",
        "\"auto\"",
        &["auto", "system", "osc52", "none"],
        "Where copies go: auto (the system clipboard, OSC 52 over SSH or when it fails),\n\
         system (only the system clipboard), osc52 (only the terminal), none (copying is off).",
    ),
    s(
        "practice-dir",
        "\"\"",
        &[],
        "Where the practice view (F3) and `urlscope learn` keep your progress; \"\" for\n\
         $XDG_STATE_HOME/urlscope (~/.local/state/urlscope).",
    ),
    s(
        "pick.print",
        "\"found\"",
        &["found", "target", "canonical"],
        "What Enter in `urlscope pick` prints when --print is not given: the link as found,\n\
         its unwrapped target, or the WHATWG serialization.",
    ),
    s(
        "pick.multi",
        "false",
        &[],
        "Whether `urlscope pick` picks several links when neither --multi nor --no-multi is\n\
         given: Tab marks links, Enter prints each marked link on a line of its own.",
    ),
    s(
        "tracking.mode",
        "\"extend\"",
        &["extend", "replace"],
        "extend: tracking.params are tracking parameters besides the built-in list (utm_*,\n\
         fbclid, gclid, …); replace: only tracking.params are.",
    ),
    s(
        "tracking.params",
        "[]",
        &[],
        "Query parameter names that x and set --strip-tracking remove (exact, case-sensitive;\n\
         a trailing * matches any rest, as in \"utm_*\").",
    ),
];

/// The setting named `key`.
pub fn setting(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// The `[keys]` part of the default file: commented, since the binding table is the default.
const KEYS_HELP: &str = "\
# Your own keys: [keys.SCOPE] tables map a command's name to a key or a list of keys.
# A command listed here has exactly these keys in that scope (the table's keys for it in that
# scope are replaced; [] unbinds it). A key bound to two commands of one scope is an error.
# Scopes: global, input, pane, help, aliases, typing, editor, links.
# `urlscope keys` prints every command's name and its keys; key names: a character, Ctrl+X,
# Alt+X, Shift+Tab, F1-F12, Enter, Esc, Tab, Backspace, Delete, Insert, Home, End, PageUp,
# PageDown, Up, Down, Left, Right, Space.
[keys]
# [keys.pane]
# copy-result = [\"y\", \"ctrl+k\"]
";

/// The complete default file: every setting with its default value and its help as comments.
/// It parses back to the defaults (a test).
pub fn default_file() -> String {
    let mut out = String::from(
        "# urlscope's config file: $XDG_CONFIG_HOME/urlscope/config.toml (~/.config/urlscope/),\n\
         # or the file URLSCOPE_CONFIG or --config names; --no-config ignores it.\n\
         # This is every setting with its default: a setting left out takes its default.\n",
    );
    let mut section = "";
    for st in SETTINGS {
        let (sec, name) = st.key.split_once('.').unwrap_or(("", st.key));
        if sec != section {
            out.push_str(&format!("\n[{sec}]\n"));
            section = sec;
        } else {
            out.push('\n');
        }
        for line in st.help.lines() {
            out.push_str(&format!("# {}\n", line.trim()));
        }
        if !st.choices.is_empty() {
            out.push_str(&format!("# One of: {}.\n", st.choices.join(", ")));
        }
        out.push_str(&format!("{name} = {}\n", st.default));
    }
    out.push('\n');
    out.push_str(KEYS_HELP);
    out
}
