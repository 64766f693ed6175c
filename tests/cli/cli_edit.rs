//! `urlscope get` and `urlscope set` end to end: batch input, framing, JSON, and bad input:
//! a clear message naming what was refused, the input unchanged, exit 2.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_urlscope");

fn run(args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn get_streams_stdin_lines_and_nul_records() {
    let o = run(
        &[os("get"), os("{host}|{query:a}")],
        b"http://h1/?a=1\r\nhttps://h2/?a=%20x\n",
    );
    assert_eq!(o.stdout, b"h1|1\nh2| x\n");
    let o = run(
        &[os("get"), os("-0"), os("{path}")],
        b"http://h/a%0Ab\0http://h/c",
    );
    assert_eq!(o.stdout, b"/a%0Ab\0/c\0");
    assert!(o.status.success());
}

#[test]
fn get_json_names_each_placeholder() {
    let o = run(
        &[
            os("get"),
            os("--json"),
            os("{scheme}:{port}"),
            os("http://h/"),
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["output"], "http:");
    assert_eq!(v["values"][0], serde_json::json!(["scheme", "http"]));
    assert_eq!(v["values"][1], serde_json::json!(["port", null]));
}

#[test]
fn get_refuses_unknown_names_and_must() {
    let o = run(&[os("get"), os("{zoneid}"), os("http://h/")], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("'{zoneid}'"), "{}", err(&o));
    assert!(o.stdout.is_empty());
    let o = run(
        &[
            os("get"),
            os("{must:query}"),
            os("http://h/"),
            os("http://h/?q"),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(o.stdout, b"q\n");
    assert!(err(&o).contains("record 1"), "{}", err(&o));
}

#[test]
fn set_refusals_leave_the_record_and_name_it() {
    for (op, word) in [
        ("port=80a", "port: '80a'"),
        ("host=a b", "host:"),
        ("scheme=1x", "scheme: '1x'"),
    ] {
        let o = run(&[os("set"), os("--set"), os(op), os("http://h/p")], b"");
        assert_eq!(o.status.code(), Some(2), "{op}");
        assert_eq!(o.stdout, b"http://h/p\n", "{op}");
        assert!(err(&o).contains(word), "{op}: {}", err(&o));
    }
    let o = run(
        &[os("set"), os("--set"), os("zone=1"), os("http://h/")],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("unknown component 'zone'"), "{}", err(&o));
    assert!(o.stdout.is_empty());
}

#[test]
fn set_encodes_structure_and_says_so() {
    let o = run(
        &[
            os("set"),
            os("-a"),
            os("query=k=a&b#c"),
            os("-a"),
            os("path=x/y"),
            os("http://h/"),
        ],
        b"",
    );
    assert_eq!(o.stdout, b"http://h/x%2Fy?k=a%26b%23c\n");
    let e = err(&o);
    assert!(
        e.contains("'&' '#' would change the URL's structure"),
        "{e}"
    );
    assert!(e.contains("'/' would change"), "{e}");
    assert!(o.status.success());
}

#[test]
#[cfg(unix)] // a Windows argument is text: it cannot carry 0xFF
fn set_takes_any_octets() {
    use std::os::unix::ffi::OsStrExt;
    // Every octet but NUL (which no argument can carry; `set_component` takes it, see the
    // core's tests) reaches the core and comes out encoded.
    let v = OsStr::from_bytes(b"fragment=\xff\x01\x1b[31m");
    for (rules, want) in [
        ("rfc3986", &b"http://h/#%FF%01%1B%5B31m\n"[..]),
        ("rfc1738", b"http://h/#%FF%01%1B%5B31m\n"),
        ("whatwg", b"http://h/#%FF%01%1B[31m\n"),
    ] {
        let o = run(
            &[
                os("set"),
                os("--rules"),
                os(rules),
                os("--set"),
                v,
                os("http://h/"),
            ],
            b"",
        );
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(want),
            "{rules}"
        );
        assert!(o.status.success());
    }
}

#[test]
fn set_batch_with_profile() {
    let o = run(
        &[
            os("set"),
            os("--strip-tracking"),
            os("--sort-query"),
            os("-p"),
            os("whatwg"),
        ],
        b"HTTP://H/?utm_source=x&b=1&a=2\nhttp://g/\n",
    );
    assert_eq!(o.stdout, b"http://h/?a=2&b=1\nhttp://g/\n");
}
