//! Ctrl+B: start the browser on a link, detached, without a shell (the link is never read by
//! a shell, so `;` or `$(…)` in it are only characters).

use std::process::{Command, Stdio};

/// The program and arguments to run for `url`: `$BROWSER` (its first `:`-separated entry,
/// split on whitespace; `%s` is replaced by the URL, else the URL is the last argument), else
/// the platform's opener.
pub fn command_for(url: &str, browser: Option<&str>) -> Option<(String, Vec<String>)> {
    let entry = browser
        .and_then(|b| b.split(':').map(str::trim).find(|e| !e.is_empty()))
        .map(str::to_string);
    let entry = entry.unwrap_or_else(|| {
        if cfg!(target_os = "macos") {
            "open".into()
        } else {
            "xdg-open".into()
        }
    });
    let mut words = entry.split_whitespace().map(str::to_string);
    let program = words.next()?;
    let mut args: Vec<String> = words.collect();
    if args.iter().any(|a| a.contains("%s")) {
        for a in &mut args {
            *a = a.replace("%s", url);
        }
    } else {
        args.push(url.to_string());
    }
    Some((program, args))
}

/// Start the browser (the config file's `browser`, else `$BROWSER`, else the platform's
/// opener); returns the program's name. The child gets no terminal (its output would draw over
/// the inspector) and is reaped by a thread of its own.
pub fn open(url: &str) -> Result<String, String> {
    let browser = crate::config::current()
        .browser
        .clone()
        .or_else(|| std::env::var("BROWSER").ok());
    let (program, args) =
        command_for(url, browser.as_deref()).ok_or("$BROWSER names no program")?;
    let mut child = Command::new(&program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    std::thread::spawn(move || child.wait());
    Ok(program)
}

#[cfg(test)]
mod tests {
    use super::command_for;

    #[test]
    fn browser_variable_and_default() {
        let u = "https://a.example/x;$(rm)";
        let (p, a) = command_for(u, Some("firefox --new-tab:chromium")).unwrap();
        assert_eq!(
            (p.as_str(), a),
            ("firefox", vec!["--new-tab".to_string(), u.to_string()])
        );
        let (p, a) = command_for(u, Some("w3m %s")).unwrap();
        assert_eq!((p.as_str(), a), ("w3m", vec![u.to_string()]));
        let (p, _) = command_for(u, None).unwrap();
        assert!(p == "xdg-open" || p == "open");
        assert_eq!(
            command_for(u, Some(" : ")).map(|c| c.0).as_deref(),
            Some(if cfg!(target_os = "macos") {
                "open"
            } else {
                "xdg-open"
            })
        );
    }
}
