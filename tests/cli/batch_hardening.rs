//! The batch says what the inspector says, refanging only where it helps, and links read out of
//! damaged attributes — each tried as a person would: the real binary, with arguments, with
//! input piped in, and with input redirected from a file.

use crate::support;
use support::*;

use std::process::{Output, Stdio};

/// `urlscope ARGS < file`, the file holding `input`.
fn redirected(args: &[&str], input: &[u8]) -> Output {
    let dir = std::env::temp_dir().join(format!(
        "urlscope-batch-hardening-{}-{}",
        std::process::id(),
        input.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("input.txt");
    std::fs::write(&path, input).unwrap();
    let out = urlscope()
        .args(args)
        .stdin(Stdio::from(std::fs::File::open(&path).unwrap()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The ids of a `--json` record's findings.
fn finding_ids(v: &serde_json::Value) -> Vec<String> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap().to_string())
        .collect()
}

// ---- 1. the batch says what the inspector says ----

#[test]
fn warnings_say_the_old_rule_finding() {
    let o = run(
        &[
            b"normalize",
            b"-p",
            b"rfc1738",
            b"--warnings",
            b"https://a.example/?s=Ab%2BxY",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "https://a.example/?s=Ab+xY\n");
    let err = stderr(&o);
    assert!(err.starts_with("record 1: W-old-rule-today: "), "{err}");
    assert!(err.contains("form decoding"), "{err}");
    // Without --warnings the batch says nothing.
    let quiet = run(
        &[
            b"normalize",
            b"-p",
            b"rfc1738",
            b"https://a.example/?s=Ab%2BxY",
        ],
        b"",
    );
    assert!(quiet.stderr.is_empty(), "{}", stderr(&quiet));
}

#[test]
fn json_records_carry_the_findings_with_their_places() {
    let o = run(
        &[b"normalize", b"-p", b"rfc1738", b"--json"],
        b"https://a.example/?s=Ab%2BxY\nhttp://user:pw@h.example/x\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let recs = json_lines(&o);
    assert_eq!(recs.len(), 2);
    let old = recs[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == "W-old-rule-today")
        .expect("the old rule's finding");
    assert_eq!(old["level"], "warning");
    assert_eq!(
        (old["start"].as_u64(), old["end"].as_u64()),
        (Some(23), Some(26))
    );
    assert!(finding_ids(&recs[1]).contains(&"W-password".to_string()));
    // The plain fields keep their meaning.
    assert!(recs[0]["warnings"].is_array() && recs[0]["errors"].is_array());
}

#[test]
fn surt_keys_two_sites_as_one_and_says_so() {
    let o = run(
        &[b"normalize", b"-p", b"surt", b"--warnings"],
        b"http://www3288.com/\nhttp://www.example.com/\n",
    );
    assert_eq!(stdout(&o), "com)/\ncom,example)/\n");
    let err = stderr(&o);
    assert!(err.starts_with("record 1: W-canon-www-site: "), "{err}");
    assert!(err.contains("_RE_WWWDIGITS"), "{err}");
    assert!(!err.contains("record 2:"), "{err}");
}

#[test]
fn a_decoded_ampersand_that_splits_a_value_is_said() {
    let o = redirected(
        &["normalize", "-p", "surt", "--warnings"],
        b"http://a.example/?x=a%26b&y=1\nhttp://a.example/?x=%41\n",
    );
    assert_eq!(stdout(&o), "example,a)/?b&x=a&y=1\nexample,a)/?x=a\n");
    let err = stderr(&o);
    assert!(
        err.starts_with("record 1: W-canon-decoded-delimiter: "),
        "{err}"
    );
    assert!(err.contains("splits a query value"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let o = run(
        &[
            b"normalize",
            b"-p",
            b"sb4",
            b"--json",
            b"http://a.example/a%2Fb",
        ],
        b"",
    );
    let recs = json_lines(&o);
    assert!(finding_ids(&recs[0]).contains(&"W-canon-decoded-delimiter".to_string()));
}

#[test]
fn warnings_from_a_file_are_the_same_with_workers() {
    let web = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/urls-web.txt"
    ))
    .unwrap();
    let head: Vec<u8> = web
        .split_inclusive(|&b| b == b'\n')
        .take(400)
        .flatten()
        .copied()
        .collect();
    let one = redirected(&["normalize", "-p", "surt", "--warnings", "-j", "1"], &head);
    let four = redirected(&["normalize", "-p", "surt", "--warnings", "-j", "4"], &head);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(stderr(&one), stderr(&four));
    assert_eq!(one.status.code(), four.status.code());
}

// ---- 2. refang only where it helps ----

#[test]
fn an_ipv6_literal_the_parser_rejects_is_not_refanged() {
    for x in ["http://[:]", "http://[:]/a"] {
        let o = run(&[b"normalize", b"-p", b"none", x.as_bytes()], b"");
        assert_eq!(stdout(&o), format!("{x}\n"));
        assert!(!stderr(&o).contains("refanged"), "{}", stderr(&o));
    }
    let o = run(&[b"normalize", b"-p", b"none"], b"hxxp://[::1]/a[.]b\n");
    assert_eq!(stdout(&o), "http://[::1]/a.b\n");
    assert!(stderr(&o).contains("refanged: read as http://[::1]/a.b"));
}

#[test]
fn a_defanged_link_is_still_read_back_and_no_refang_keeps_it() {
    let o = run(
        &[b"normalize", b"-p", b"none"],
        b"hxxps://evil[.]example/login\nhttps://x.example/?a[]=1\n",
    );
    assert_eq!(
        stdout(&o),
        "https://evil.example/login\nhttps://x.example/?a[]=1\n"
    );
    assert_eq!(stderr(&o).matches("refanged").count(), 1, "{}", stderr(&o));
    let o = redirected(
        &["normalize", "--no-refang", "-p", "none"],
        b"hxxps://evil[.]example/login\n",
    );
    assert_eq!(stdout(&o), "hxxps://evil[.]example/login\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    // Before the subcommand too, and for the other readers.
    let o = run(
        &[
            b"--no-refang",
            b"get",
            b"{host}",
            b"hxxps://evil[.]example/",
        ],
        b"",
    );
    assert!(!stderr(&o).contains("refanged"), "{}", stderr(&o));
    let o = run(&[b"get", b"{host}", b"hxxps://evil[.]example/"], b"");
    assert_eq!(stdout(&o), "evil.example\n");
}

// ---- 4. damaged attributes ----

#[test]
fn a_damaged_href_gives_the_url_inside_named_as_a_repair() {
    let mail = b"From: a@example.com\r\nTo: b@example.com\r\nSubject: x\r\n\
MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n\
<html><body><a href==\"http://damaged.example/offer\">offer</a>\r\n\
<a href=\"http://sound.example/\">sound</a></body></html>\r\n";
    let o = run(&[b"extract"], mail);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://damaged.example/offer\nhttp://sound.example/\n"
    );
    assert!(stderr(&o).contains("(damaged-attribute)"), "{}", stderr(&o));
    let o = redirected(&["extract", "--json"], mail);
    let recs = json_lines(&o);
    assert_eq!(recs[0]["repairs"], serde_json::json!(["damaged-attribute"]));
    assert_eq!(recs[1]["repairs"], serde_json::json!([]));
}
