//! The config file: `config --default` parses back to the defaults, every setting of the one
//! table is in it, bad files give one message with file, line, column and the choices (never a
//! panic, whatever the bytes), and the settings reach the commands through the real binary
//! (a command-line option still wins). docs/config.md's table of settings is generated from the
//! same table: `URLSCOPE_WRITE_README=1` rewrites it.

use crate::support;
use support::*;

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use urlscope::config::settings::{PROFILE_CHOICES, SETTINGS, default_file};
use urlscope::config::{self, Config};
use urlscope_core::Profile;

fn parse(text: &str) -> Result<Config, config::ConfigError> {
    config::from_text(Path::new("/home/u/.config/urlscope/config.toml"), text).map(|(c, _)| c)
}

fn err(text: &str) -> config::ConfigError {
    parse(text).expect_err("an error")
}

/// A scratch folder of this test process.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlscope-config-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_default_file_parses_back_to_the_defaults() {
    let text = default_file();
    assert_eq!(parse(&text).unwrap(), Config::default());
    // Every setting is in it, set (not commented out) to its table default…
    for s in SETTINGS {
        let (_, name) = s.key.split_once('.').unwrap_or(("", s.key));
        let line = format!("{name} = {}", s.default);
        assert!(text.lines().any(|l| l == line), "{line:?} not in the file");
        // …which is what a missing file gives.
        assert_eq!(
            Config::default().value_of(s.key).as_deref(),
            Some(s.default),
            "{}",
            s.key
        );
    }
    // And the sections of the file are the table's: a setting the reader knows but the table
    // does not would be missing from the file, and would fail to parse as unknown here.
    let table: toml::Table = toml::from_str(&text).unwrap();
    let mut keys = Vec::new();
    for (k, v) in &table {
        match v {
            toml::Value::Table(t) if k != "keys" => {
                keys.extend(t.keys().map(|sub| format!("{k}.{sub}")))
            }
            toml::Value::Table(_) => {}
            _ => keys.push(k.clone()),
        }
    }
    let mut expected: Vec<String> = SETTINGS.iter().map(|s| s.key.to_string()).collect();
    keys.sort();
    expected.sort();
    assert_eq!(keys, expected);
}

#[test]
fn the_profile_choices_are_the_profiles() {
    let mut names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
    names.insert(0, "builtin");
    assert_eq!(PROFILE_CHOICES, names.as_slice());
}

#[test]
fn settings_are_read() {
    let c = parse(
        "profile = \"whatwg\"\ntheme = \"light\"\nclipboard = \"osc52\"\nbrowser = \"w3m %s\"\n\
         host-aliases = \"aliases.txt\"\n[pick]\nprint = \"target\"\nmulti = true\n\
         [tracking]\nmode = \"replace\"\nparams = [\"ref\", \"src_*\"]\n",
    )
    .unwrap();
    assert_eq!(c.profile, Some(Profile::Whatwg));
    assert_eq!(c.theme.as_deref(), Some("light"));
    assert_eq!(c.clipboard, config::Clipboard::Osc52);
    assert_eq!(c.browser.as_deref(), Some("w3m %s"));
    // A relative path is read from the config file's folder.
    assert_eq!(
        c.host_aliases.as_deref(),
        Some(Path::new("/home/u/.config/urlscope/aliases.txt"))
    );
    assert_eq!(c.pick_print, config::PickPrint::Target);
    assert!(c.pick_multi);
    assert_eq!(c.tracking_mode, config::TrackingMode::Replace);
    assert_eq!(c.tracking_params, ["ref", "src_*"]);
}

#[test]
fn bad_files_give_their_place_and_the_choices() {
    let e = err("theme = \"light\"\n\nclipbaord = \"osc52\"\n");
    assert_eq!((e.line, e.column), (Some(3), Some(1)), "{e}");
    assert!(e.message.contains("clipbaord"), "{e}");
    assert!(e.message.contains("clipboard"), "the valid names: {e}");

    let e = err("[pick]\nprint = \"url\"\n");
    assert_eq!((e.line, e.column), (Some(2), Some(9)), "{e}");
    assert!(e.message.contains("found, target, canonical"), "{e}");

    let e = err("profile = 3\n");
    assert_eq!(e.line, Some(1), "{e}");
    assert!(e.message.contains("string"), "{e}");

    let e = err("[keys.panes]\nquit = \"x\"\n");
    assert!(
        e.message.contains("panes") && e.message.contains("pane"),
        "{e}"
    );

    let e = err("[tracking]\nparams = [\"a=b\"]\n");
    assert_eq!((e.line, e.column), (Some(2), Some(11)), "{e}");

    let e = err("profile = \"rfc1738\"\nprofile = \"pdf\"\n");
    assert_eq!(e.line, Some(2), "{e}");

    // The message names the file and the place: path:line:column: message.
    let shown = err("nope = 1\n").to_string();
    assert!(
        shown.starts_with("/home/u/.config/urlscope/config.toml:1:1: "),
        "{shown}"
    );
}

#[test]
fn unreadable_and_huge_files_are_one_message() {
    let d = scratch("files");
    let huge = d.join("huge.toml");
    std::fs::write(&huge, "# x\n".repeat(100_000)).unwrap();
    let l = config::load(Some(&huge), false);
    assert!(l.error.unwrap().message.contains("larger than"));
    assert_eq!(l.config, Config::default());

    let bin = d.join("bin.toml");
    std::fs::write(&bin, b"theme = \"\xff\"\n").unwrap();
    let l = config::load(Some(&bin), false);
    assert!(l.error.unwrap().message.contains("UTF-8"));

    let l = config::load(Some(&d), false);
    assert!(l.error.is_some(), "a folder is no config file");

    let l = config::load(Some(&d.join("missing.toml")), false);
    assert!(l.error.unwrap().message.contains("--config"));

    let l = config::load(Some(&d.join("missing.toml")), true);
    assert!(l.error.is_none() && l.ignored && l.path.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever the text, the reader answers with settings or one error; never a panic, and an
    /// error has a place inside the text.
    #[test]
    fn any_text_reads_or_fails_cleanly(text in "(\\PC|\n|=|\\[|\\]|\"){0,200}") {
        if let Err(e) = parse(&text)
            && let Some(line) = e.line
        {
            prop_assert!(line <= text.lines().count().max(1) + 1);
        }
    }

    /// Any `[keys]` entries: the reader and the merge over the binding table answer with a
    /// table or one error; never a panic, and a merged table has no key twice in a scope.
    #[test]
    fn any_keys_merge_or_fail_cleanly(
        scope in "(global|input|pane|help|aliases|typing|editor|links|\\PC{0,6})",
        entries in proptest::collection::vec(
            ("(copy-result|quit|help|show-compare|undo|redo|\\PC{0,8})",
             proptest::collection::vec(
                 "((ctrl|alt|shift|c|m)\\+){0,2}(\\PC|f[0-9]{1,2}|enter|up|pgdn|\\+|)", 0..3)),
            0..4),
    ) {
        let mut text = format!("[keys.{}]\n", toml::Value::String(scope));
        for (name, keys) in &entries {
            let list: Vec<toml::Value> = keys.iter().cloned().map(toml::Value::String).collect();
            text.push_str(&format!(
                "{} = {}\n",
                toml::Value::String(name.clone()),
                toml::Value::Array(list)
            ));
        }
        if let Ok(c) = parse(&text)
            && let Ok(table) = urlscope::tui::keys::custom::merge(&c.keys)
        {
            for (i, a) in table.iter().enumerate() {
                prop_assert!(!table[i + 1..]
                    .iter()
                    .any(|b| a.scope == b.scope && a.code == b.code && a.mods == b.mods));
            }
        }
    }

    /// The default file with one line changed: still no panic.
    #[test]
    fn edited_default_files_read_or_fail_cleanly(
        n in 0usize..80,
        line in "[a-z.\\-]{0,12}( = )?(\"[a-z0-9*]{0,8}\"|[0-9]{1,3}|true|\\[\\]|\\{\\})?",
    ) {
        let text = default_file();
        let mut lines: Vec<&str> = text.lines().collect();
        let i = n % lines.len();
        lines[i] = &line;
        let _ = parse(&lines.join("\n"));
    }
}

#[test]
fn the_binary_reads_the_file_and_the_command_line_wins() {
    let d = scratch("binary");
    let file = d.join("config.toml");
    std::fs::write(&file, "profile = \"rfc3986\"\n").unwrap();
    let f = file.to_str().unwrap().as_bytes();
    let url: &[u8] = b"HTTP://A.example/%7ex";
    let o = run(&[b"--config", f, b"normalize", url], b"");
    assert_eq!(o.stdout, b"http://a.example/~x\n", "{}", stderr(&o));
    let o = run(&[b"normalize", b"--config", f, b"-p", b"none", url], b"");
    assert_eq!(o.stdout, b"HTTP://A.example/%7ex\n", "{}", stderr(&o));
    // URLSCOPE_CONFIG names it too; --no-config ignores it.
    let env = [("URLSCOPE_CONFIG", file.to_str().unwrap())];
    let o = run_env(&[b"normalize", url], b"", &env);
    assert_eq!(o.stdout, b"http://a.example/~x\n");
    let o = run_env(&[b"--no-config", b"normalize", url], b"", &env);
    assert_eq!(
        o.stdout, b"HTTP://A.example/%7Ex\n",
        "rfc1738, the built-in default"
    );
    // The default place: $XDG_CONFIG_HOME/urlscope/config.toml.
    std::fs::create_dir_all(d.join("xdg/urlscope")).unwrap();
    std::fs::copy(&file, d.join("xdg/urlscope/config.toml")).unwrap();
    let xdg = d.join("xdg");
    let o = run_env(
        &[b"normalize", url],
        b"",
        &[("XDG_CONFIG_HOME", xdg.to_str().unwrap())],
    );
    assert_eq!(o.stdout, b"http://a.example/~x\n");
}

#[test]
fn a_bad_file_stops_a_subcommand_with_its_place() {
    let d = scratch("bad");
    let file = d.join("config.toml");
    std::fs::write(&file, "# mine\ncolour = \"never\"\n").unwrap();
    let f = file.to_str().unwrap().as_bytes();
    let o = run(&[b"--config", f, b"normalize", b"http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let msg = stderr(&o);
    assert_eq!(msg.lines().count(), 1, "{msg}");
    assert!(msg.contains("config.toml:2:1:"), "{msg}");
    assert!(msg.contains("colour") && msg.contains("`color`"), "{msg}");
    // `config --default` still works, to start over from.
    let o = run(&[b"--config", f, b"config", b"--default"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), default_file());
    // A missing file named by --config is an error; one at the default place is not.
    let o = run(
        &[b"--config", b"/nonexistent/urlscope.toml", b"config"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = run_env(
        &[b"config"],
        b"",
        &[("XDG_CONFIG_HOME", d.join("none").to_str().unwrap())],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn config_prints_each_setting_and_its_source() {
    let d = scratch("print");
    let file = d.join("config.toml");
    std::fs::write(&file, "# mine\n\n[pick]\nprint = \"canonical\"\n").unwrap();
    let o = run(
        &[b"--config", file.to_str().unwrap().as_bytes(), b"config"],
        b"",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("(from --config)"), "{out}");
    let line = |key: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .unwrap_or_else(|| panic!("{key} in {out}"))
            .to_string()
    };
    assert!(
        line("print").contains("\"canonical\"") && line("print").ends_with("# config.toml, line 4")
    );
    assert!(line("profile").ends_with("# default"));
    // What it prints is itself a config file of the same settings.
    let back = parse(&out).unwrap();
    assert_eq!(back.pick_print, config::PickPrint::Canonical);
    assert_eq!(
        back,
        Config {
            pick_print: config::PickPrint::Canonical,
            ..Config::default()
        }
    );
}

/// docs/config.md's table of settings, from the one table.
fn settings_table() -> String {
    let mut out =
        String::from("| Setting | Default | Values | What it does |\n|---|---|---|---|\n");
    for s in SETTINGS {
        let values = if s.choices.is_empty() {
            String::new()
        } else {
            s.choices
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let help = s.help.split_whitespace().collect::<Vec<_>>().join(" ");
        out.push_str(&format!(
            "| `{}` | `{}` | {values} | {} |\n",
            s.key,
            s.default,
            help.replace('|', "\\|")
        ));
    }
    out
}

#[test]
fn docs_config_table_is_generated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/config.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- settings:begin -->\n", "<!-- settings:end -->");
    let a = doc.find(start).expect("begin marker") + start.len();
    let b = doc.find(end).expect("end marker");
    let fresh = settings_table();
    if doc[a..b] != fresh {
        if std::env::var_os("URLSCOPE_WRITE_README").is_some() {
            std::fs::write(&path, format!("{}{fresh}{}", &doc[..a], &doc[b..])).unwrap();
        } else {
            panic!("docs/config.md's settings table is out of date: URLSCOPE_WRITE_README=1");
        }
    }
}

#[test]
fn the_tracking_list_reaches_set_and_explain() {
    let d = scratch("tracking");
    let url: &[u8] = b"http://h/?ref=x&a=1&utm_source=m&src_id=9";
    let strip = |conf: &str| {
        let file = d.join("config.toml");
        std::fs::write(&file, conf).unwrap();
        let f = file.to_str().unwrap().as_bytes();
        let o = run(&[b"--config", f, b"set", b"--strip-tracking", url], b"");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    assert_eq!(strip(""), "http://h/?ref=x&a=1&src_id=9\n");
    assert_eq!(
        strip("[tracking]\nparams = [\"ref\", \"src_*\"]\n"),
        "http://h/?a=1\n"
    );
    assert_eq!(
        strip("[tracking]\nmode = \"replace\"\nparams = [\"ref\"]\n"),
        "http://h/?a=1&utm_source=m&src_id=9\n"
    );
    // explain flags the same pairs.
    let file = d.join("config.toml");
    std::fs::write(&file, "[tracking]\nparams = [\"ref\"]\n").unwrap();
    let o = run(
        &[
            b"--config",
            file.to_str().unwrap().as_bytes(),
            b"explain",
            b"--json",
            url,
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let flagged: Vec<bool> = v["query_table"]["pairs"]
        .as_array()
        .expect("query_table.pairs")
        .iter()
        .map(|p| p["tracking"].as_bool().unwrap())
        .collect();
    assert_eq!(flagged, [true, false, true, false]);
}

#[test]
fn keys_prints_the_table_with_your_keys() {
    let d = scratch("keys");
    let file = d.join("config.toml");
    std::fs::write(&file, "[keys.pane]\ncopy-result = [\"ctrl+k\"]\n").unwrap();
    let f = file.to_str().unwrap().as_bytes();
    let o = run(&[b"--config", f, b"keys"], b"");
    let out = String::from_utf8(o.stdout).unwrap();
    let pane = &out[out.find("[keys.pane]").unwrap()..];
    let pane = &pane[..pane.find("\n\n").unwrap()];
    assert!(
        pane.lines()
            .any(|l| l.trim_start().starts_with("Ctrl+K") && l.contains("copy-result")),
        "{pane}"
    );
    assert!(
        !pane.lines().any(|l| l.trim_start().starts_with("y ")),
        "y no longer copies in the panes:\n{pane}"
    );
    // Without the file: the built-in table.
    let o = run(&[b"keys"], b"");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("copy-result") && out.contains("[keys.links]"));
    // A key twice in a scope: exit 2, naming both commands and the place.
    std::fs::write(&file, "\n[keys.pane]\nquit-ask = \"x\"\n").unwrap();
    let o = run(&[b"--config", f, b"keys"], b"");
    assert_eq!(o.status.code(), Some(2));
    let msg = stderr(&o);
    assert!(msg.contains("config.toml:3:12:"), "{msg}");
    assert!(
        msg.contains("quit-ask") && msg.contains("copy-without-tracking"),
        "{msg}"
    );
}

/// The inspector with a bad config file starts on the defaults and says why on its status line.
#[test]
fn the_inspector_starts_on_the_defaults_and_shows_the_error() {
    use support::tmux::{BIN, Tmux, have};
    if !have("tmux", "-V") {
        return;
    }
    let d = scratch("tui");
    let file = d.join("config.toml");
    std::fs::write(&file, "theme = \"light\"\nclipboard = \"paper\"\n").unwrap();
    let t = Tmux::start(
        "config-tui",
        (80, 24),
        "",
        &[],
        &[BIN, "--config", file.to_str().unwrap(), "http://a.example/"],
    );
    // The status line: the file's name, the place and the start of the message.
    t.wait_text("config: config.toml:2:13: clipboard", 20);
    t.keys(&["C-c"]);
}
