//! `urlscope config`: the effective settings as a config file, each with where it came from;
//! `urlscope config --default`: the complete commented file of the defaults. Both only present
//! what `crate::config` computed.

use super::{Result, write_stdout};
use crate::config::settings::{SETTINGS, default_file};
use crate::config::{Loaded, Origin};

pub fn run(loaded: &Loaded, default: bool) -> Result<i32> {
    let text = if default {
        default_file()
    } else {
        effective(loaded)
    };
    write_stdout(text.as_bytes())?;
    Ok(0)
}

/// Where the settings came from, as comment lines.
fn file_line(loaded: &Loaded) -> String {
    if loaded.ignored {
        return "# config file: none read (--no-config)\n".into();
    }
    match &loaded.path {
        None => "# config file: none (neither XDG_CONFIG_HOME nor HOME is set)\n".into(),
        Some((path, origin)) => {
            let from = match origin {
                Origin::Flag => " (from --config)",
                Origin::Env => " (from URLSCOPE_CONFIG)",
                Origin::Default => "",
            };
            let state = if loaded.read {
                ""
            } else {
                " — not there: every setting is its default"
            };
            let shown = super::escape::escape_bytes(path.to_string_lossy().as_bytes());
            format!("# config file: {shown}{from}{state}\n")
        }
    }
}

/// The effective settings: a config file that sets each, with its source as a comment.
pub fn effective(loaded: &Loaded) -> String {
    let mut out = String::from("# urlscope's effective settings\n");
    out.push_str(&file_line(loaded));
    let file = loaded
        .path
        .as_ref()
        .and_then(|(p, _)| p.file_name())
        .map(|n| super::escape::escape_bytes(n.to_string_lossy().as_bytes()).to_string())
        .unwrap_or_default();
    let rows: Vec<(String, String)> = SETTINGS
        .iter()
        .map(|s| {
            let (_, name) = s.key.split_once('.').unwrap_or(("", s.key));
            let value = loaded.config.value_of(s.key).unwrap_or_default();
            let source = match loaded.line_of(s.key) {
                Some(line) => format!("{file}, line {line}"),
                None => "default".into(),
            };
            (format!("{name} = {value}"), source)
        })
        .collect();
    let width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut section = "";
    for (s, (line, source)) in SETTINGS.iter().zip(rows) {
        let sec = s.key.split_once('.').map_or("", |(sec, _)| sec);
        if sec != section {
            out.push_str(&format!("\n[{sec}]\n"));
            section = sec;
        }
        let pad = width - line.chars().count();
        out.push_str(&format!("{line}{:pad$}  # {source}\n", ""));
    }
    if !loaded.config.keys.is_empty() {
        out.push_str("\n# [keys]: your own keys are in effect; `urlscope keys` lists them all\n");
    }
    out
}
