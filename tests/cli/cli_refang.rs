//! Defanged input (`hxxps://evil[.]example/`, `(.)`, `[:]`) through the real binary: every
//! command that reads a URL reads the link it names, and says on stderr that it refanged.

use crate::support;
use support::*;

const DEFANGED: &[u8] = b"hXXps[:]//login(.)evil[.]example/a?x=1";
const LINK: &str = "https://login.evil.example/a?x=1";

fn out(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The stderr note, naming the link read.
fn said_refanged(o: &std::process::Output) {
    let e = stderr(o);
    assert!(e.contains(&format!("refanged: read as {LINK}")), "{e}");
}

#[test]
fn normalize_reads_the_link_and_says_so() {
    let o = run(&[b"normalize", b"-p", b"whatwg", DEFANGED], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(out(&o), format!("{LINK}\n"));
    said_refanged(&o);
    // From standard input, one record a line; a plain URL says nothing.
    let o = run(
        &[b"normalize", b"-p", b"whatwg"],
        b"http://plain.example/\nhxxp://b[.]example/\n",
    );
    assert_eq!(out(&o), "http://plain.example/\nhttp://b.example/\n");
    let e = stderr(&o);
    assert!(
        e.contains("record 2: refanged: read as http://b.example/") && !e.contains("record 1"),
        "{e}"
    );
}

#[test]
fn explain_reads_the_link() {
    let o = run(&[b"explain", b"--json", DEFANGED], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out(&o).contains("login.evil.example"), "{}", out(&o));
    assert!(!out(&o).contains("[.]"), "{}", out(&o));
    said_refanged(&o);
}

#[test]
fn same_compares_the_links() {
    let o = run(&[b"same", DEFANGED, LINK.as_bytes()], b"");
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), stderr(&o));
    said_refanged(&o);
}

#[test]
fn get_and_set_read_the_link() {
    let o = run(&[b"get", b"{host}", DEFANGED], b"");
    assert_eq!(out(&o), "login.evil.example\n");
    said_refanged(&o);
    let o = run(&[b"set", b"-s", b"path=/b", DEFANGED], b"");
    assert_eq!(
        out(&o),
        "https://login.evil.example/b?x=1\n",
        "{}",
        stderr(&o)
    );
    said_refanged(&o);
}

#[test]
fn host_reads_the_link() {
    let o = run(&[b"host", b"--json", DEFANGED], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["host"], "login.evil.example", "{v}");
    said_refanged(&o);
}

#[test]
fn unwrap_shows_the_refang_as_a_layer() {
    let o = run(&[b"unwrap", DEFANGED], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = out(&o);
    assert!(s.contains("refanged") && s.contains(LINK), "{s}");
    // A defanged link inside a wrapper's query is read back by the same refanger.
    let o = run(
        &[b"unwrap", b"hxxps://r[.]example/?u=hxxps[:]//b(.)example/"],
        b"",
    );
    assert!(
        out(&o).contains("https://r.example/?u=https://b.example/"),
        "{}",
        out(&o)
    );
}

#[test]
fn an_unknown_form_lists_the_forms() {
    let o = run(&[b"get", b"{as:defanged}", LINK.as_bytes()], b"");
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("defang"), "{}", stderr(&o));
    assert!(stderr(&o).contains("forms: "), "{}", stderr(&o));
}
