//! `urlscope learn` through the real binary: a teacher's exercise file checked against the
//! engine (mistakes by line, exit 1), the worksheet and answer key, the list with the progress
//! kept in the state directory, a broken progress file set aside, and the reset.

use crate::support;
use support::*;

fn state(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("urlscope-learn-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const CLASS: &str = r#"name = "class"
title = "Our class"

[[exercise]]
id = "space"
text = "a b"
part = "query-value"
rules = "whatwg"
answer = "a+b"
source = "URL Standard"
quote = "The query percent-encode set"
hints = ["Think of the parser, not of a form."]

[[exercise]]
id = "tilde"
input = "http://www.iki.fi/%7Ehyvatti/"
profile = "hyvatti"
rule = "hyv-decode"
answer = "http://www.iki.fi/~hyvatti/"
source = "Hyvätti"
quote = "Because ~ is not a reserved character"
why = "decoded"

[[exercise]]
id = "dots"
input = "http://x/a/../b"
profile = "pdf"
rule = "strip-default-port"
answer = "http://x/b"
source = "PDF"
quote = "6."
"#;

#[test]
fn check_lists_each_mistake_with_its_line() {
    let d = state("check");
    let f = d.join("class.toml");
    std::fs::write(&f, CLASS).unwrap();
    let o = run(
        &[b"learn", b"--check", f.as_os_str().as_encoded_bytes()],
        b"",
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].contains(":9: ") && lines[0].contains("`a%20b`"),
        "{out}"
    );
    assert!(
        lines[1].contains(":24: ") && lines[1].contains("strip-default-port does not act"),
        "{out}"
    );
    // Fixed, the file passes.
    let fixed = CLASS
        .replace("answer = \"a+b\"", "answer = \"a%20b\"")
        .replace("strip-default-port", "remove-dot-segments");
    std::fs::write(&f, fixed).unwrap();
    let o = run(
        &[b"learn", b"--check", f.as_os_str().as_encoded_bytes()],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("3 exercises, every answer"));
    // Not TOML: the line of the mistake, exit 1.
    std::fs::write(&f, "name = \"x\"\ntitle = \"t\"\n[[exercise]\n").unwrap();
    let o = run(
        &[b"learn", b"--check", f.as_os_str().as_encoded_bytes()],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(":3: "),
        "{:?}",
        o
    );
}

#[test]
fn every_built_in_set_checks_and_prints() {
    for name in [
        "rfc1738", "hyvatti", "pdf", "tutorial", "fido", "rfc3986", "whatwg",
    ] {
        let o = run(&[b"learn", b"--check", name.as_bytes()], b"");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        let o = run(&[b"learn", b"--print", name.as_bytes()], b"");
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let md = String::from_utf8(o.stdout).unwrap();
        assert!(md.starts_with("# "), "{name}");
        assert!(md.contains("\n# Answer key: "), "{name}");
        assert!(md.contains("Answer: ____"), "{name}");
    }
    let o = run(&[b"learn", b"--print", b"hyvatti"], b"");
    let md = String::from_utf8(o.stdout).unwrap();
    let (sheet, key) = md.split_once("# Answer key").unwrap();
    // The worksheet has the task and the quote but not the answer; the key has the answer.
    assert!(sheet.contains("`http://www.iki.fi/%7Ehyvatti/`"));
    assert!(sheet.contains("> Because ~ is not a reserved character"));
    assert!(!sheet.contains("http://www.iki.fi/~hyvatti/`"));
    assert!(key.contains("`` http://www.iki.fi/~hyvatti/ ``"));
}

#[test]
fn print_refuses_a_file_with_a_wrong_answer() {
    let d = state("print");
    let f = d.join("class.toml");
    std::fs::write(&f, CLASS).unwrap();
    let o = run(
        &[b"learn", b"--print", f.as_os_str().as_encoded_bytes()],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("line 9"), "{}", stderr(&o));
}

#[test]
fn list_shows_the_progress_kept_and_a_broken_file_is_set_aside() {
    let d = state("list");
    let env = [("XDG_STATE_HOME", d.to_str().unwrap())];
    let o = run_env(&[b"learn", b"--list"], b"", &env);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("hyvatti") && out.contains("(0 of 7 solved)"),
        "{out}"
    );
    // Progress written by an earlier run (the inspector's format) is shown.
    let file = d.join("urlscope/progress.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        r#"{"format":"urlscope-progress","version":1,
            "exercises":{"hyvatti/tilde":{"attempts":2,"solved":true}},
            "lessons":{"pdf":{"step":5,"done":true},"fido":{"step":2,"done":false}}}"#,
    )
    .unwrap();
    let out = String::from_utf8(run_env(&[b"learn", b"--list"], b"", &env).stdout).unwrap();
    assert!(out.contains("(1 of 7 solved)"), "{out}");
    assert!(
        out.contains("(done)") && out.contains("(step 2 of 4)"),
        "{out}"
    );
    // A broken file: set aside with a message on stderr, never a crash.
    std::fs::write(&file, b"\x00garbage").unwrap();
    let o = run_env(&[b"learn", b"--list"], b"", &env);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("set aside"), "{}", stderr(&o));
    assert!(d.join("urlscope/progress.json.bad-1").exists());
    // Reset.
    std::fs::write(&file, b"{}").unwrap();
    let o = run_env(&[b"learn", b"--reset"], b"", &env);
    assert_eq!(o.status.code(), Some(0));
    assert!(!file.exists());
}

#[test]
fn set_refuses_a_file_with_a_mistake_before_the_inspector_starts() {
    let d = state("set");
    let f = d.join("class.toml");
    std::fs::write(&f, CLASS).unwrap();
    let o = run(&[b"learn", b"--set", f.as_os_str().as_encoded_bytes()], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 9"), "{}", stderr(&o));
}
