//! `urlscope parsers` (docs/lenses.md) through the real binary: the table, `--json`,
//! `--base`, `--stdin`/`--hex`, colour rules, exit codes, and hostile input with nothing raw on
//! the terminal.

use crate::support;
use std::process::Output;
use support::*;

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// Every ESC starts an SGR sequence; no other C0 control but LF; no C1, bidi or zero-width.
fn terminal_safe(s: &[u8]) -> bool {
    let text = String::from_utf8_lossy(s);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.next() != Some('[') {
                return false;
            }
            loop {
                match chars.next() {
                    Some(d) if d.is_ascii_digit() || d == ';' => {}
                    Some('m') => break,
                    _ => return false,
                }
            }
        } else if (c.is_control() && c != '\n') || urlscope_core::url::notation::is_hidden_char(c) {
            return false;
        }
    }
    true
}

#[test]
fn table_with_the_verdict_on_top() {
    let o = run(&[b"parsers", br"http://evil.example\@good.example/"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = out(&o);
    let verdict = t
        .lines()
        .find(|l| l.starts_with("verdict"))
        .expect("verdict line");
    assert_eq!(
        verdict,
        "verdict  the parsers disagree on the host: `good.example` (urlscope) vs `evil.example` \
         (whatwg); rejected by rfc3986, http"
    );
    assert!(t.find("verdict").unwrap() < t.find("effective host").unwrap());
    assert!(t.contains("host           ≠ \"good.example\""), "{t}");
    assert!(t.contains("↳ urlscope: backslash, userinfo-at"), "{t}");
    assert!(t.contains("invalid: unexpected"), "{t}");
    assert!(t.contains("Claroty/Snyk 2022"), "{t}");
    assert!(!t.contains('\x1b'), "no colour into a pipe");
}

#[test]
fn json_has_every_cell_the_marks_and_the_classes() {
    let o = run(&[b"parsers", b"--json", b"http://0x7f.1/"], b"");
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["input"], "http://0x7f.1/");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for r in rows {
        assert_eq!(r["cells"].as_array().unwrap().len(), 4);
    }
    let eff = rows.iter().find(|r| r["row"] == "effective host").unwrap();
    let whatwg = &eff["cells"][2];
    assert_eq!(whatwg["parser"], "whatwg");
    assert_eq!(whatwg["value"]["text"], "127.0.0.1");
    assert_eq!(whatwg["differs"], false);
    let us = &eff["cells"][0];
    assert_eq!(us["value"]["text"], "0x7f.1");
    assert_eq!(us["differs"], true);
    assert_eq!(us["classes"][0], "ip-number-form");
    assert_eq!(v["classes"][0]["class"], "ip-number-form");
    assert!(
        v["verdict_line"]
            .as_str()
            .unwrap()
            .starts_with("the parsers disagree on the host")
    );
    // Absent and empty stay apart.
    let q = rows.iter().find(|r| r["row"] == "query").unwrap();
    assert_eq!(q["cells"][0]["value"]["state"], "absent");
    let o = run(&[b"parsers", b"--json", b"http://h/?"], b"");
    let v = json(&o);
    assert_eq!(v["rows"][5]["cells"][0]["value"]["state"], "empty");
    assert_eq!(v["rows"][6]["cells"][3]["value"]["state"], "not-kept");
}

#[test]
fn base_resolves_first() {
    let o = run(
        &[
            b"parsers",
            b"--json",
            b"--base",
            b"https://good.example/a/b",
            b"//evil.example/p",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["base"], "https://good.example/a/b");
    assert_eq!(v["rows"][7]["cells"][2]["value"]["text"], "evil.example");
}

#[test]
fn stdin_and_hex() {
    let o = run(&[b"parsers", b"--stdin", b"--json"], b"http://a@b@c/");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["input"], "http://a@b@c/");
    let o = run(
        &[b"parsers", b"--hex", b"--json", b"687474703a2f2f612f"],
        b"",
    );
    assert_eq!(json(&o)["input"], "http://a/");
}

#[test]
fn usage_errors_exit_2() {
    // No URL: standard input is read one URL a line (batch); an empty one answers nothing.
    let o = run(&[b"parsers"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
    for args in [
        &[&b"parsers"[..], b"--hex", b"6"][..],
        &[b"parsers", b"--bogus", b"http://a/"],
        &[b"parsers", b"--stdin", b"http://a/"],
    ] {
        let o = run(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    }
}

#[test]
fn colour_only_when_asked_and_never_with_no_color() {
    let url: &[u8] = b"http://0x7f.1/";
    let o = run(&[b"parsers", b"--color", b"always", url], b"");
    assert!(o.stdout.contains(&0x1b));
    assert!(terminal_safe(&o.stdout));
    let o = run_env(&[b"parsers", url], b"", &[("NO_COLOR", "1")]);
    assert!(!o.stdout.contains(&0x1b));
    let o = run(&[b"parsers", b"--color", b"never", url], b"");
    assert!(!o.stdout.contains(&0x1b));
}

#[test]
fn hostile_input_is_escaped() {
    let hostile: &[&[u8]] = &[
        b"http://h\x1b[2J\x07/\x00\x7f?\xc2\x9b#\r\n",
        "http://\u{202E}moc.live\u{2066}@good.example/\u{200B}".as_bytes(),
        b"http://\xff\xfe@h\xc3/\xc0\xaf",
        b"java\tscript:\x01alert(1)",
    ];
    for x in hostile {
        for color in [&b"always"[..], b"never"] {
            let o = run(&[b"parsers", b"--stdin", b"--color", color], x);
            assert_eq!(o.status.code(), Some(0));
            assert!(
                terminal_safe(&o.stdout),
                "{}",
                String::from_utf8_lossy(&o.stdout)
            );
        }
        let o = run(&[b"parsers", b"--stdin", b"--json"], x);
        let v = json(&o);
        assert_eq!(octets(&v["input"]), *x, "--json keeps the octets");
    }
    let o = run(&[b"parsers", b"--stdin", b"--json"], b"http://a/\xff");
    assert_eq!(json(&o)["text"], "http://a/%FF");
    assert_eq!(json(&o)["invalid_utf8"], true);
}

#[test]
fn one_mebibyte() {
    let mut big = b"http://h/".to_vec();
    big.extend(std::iter::repeat_n(b"a\x1b\xe2\x80\xae%zz\xff".as_slice(), 1 << 17).flatten());
    big.truncate(1 << 20);
    let o = run(&[b"parsers", b"--stdin"], &big);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(terminal_safe(&o.stdout));
    let o = run(&[b"parsers", b"--stdin", b"--json"], &big);
    assert_eq!(octets(&json(&o)["input"]), big);
}

#[test]
fn man_page_and_help_know_the_subcommand() {
    let o = run(&[b"parsers", b"--help"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).contains("urlscope parsers --base"));
    let o = run(&[b"man", b"parsers"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).contains("urlscope\\-parsers"));
}
