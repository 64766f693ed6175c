//! `urlscope extract` on mail, HTML and text through the real binary: the composed corpus of
//! tests/data/mail (each message with its expected link set), the JSON Lines records, `--as`,
//! the exit status, and hostile inputs generated here (size, parts, links, nesting, broken
//! encodings): a clear skip line, never a panic.

use crate::support;
use support::*;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn corpus() -> Vec<(PathBuf, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml" || e == "txt"))
        .map(|p| {
            let expected = p.with_extension("expected");
            (p, expected)
        })
        .collect();
    out.sort();
    out
}

fn lines(b: &[u8]) -> Vec<String> {
    String::from_utf8(b.to_vec())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn records(o: &std::process::Output) -> Vec<serde_json::Value> {
    lines(&o.stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_message_of_the_corpus_gives_its_expected_links_once() {
    let all = corpus();
    assert!(all.len() >= 5, "corpus: {all:?}");
    for (msg, expected) in all {
        let o = run(&[b"extract"], &std::fs::read(&msg).unwrap());
        let name = msg.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        // Only the repairs may be said (pasted-qp.txt is quoted-printable in raw text).
        let err = stderr(&o);
        assert!(
            err.lines().all(|l| l.starts_with("urlscope: repaired: ")
                || l.starts_with("urlscope: links from repaired text: ")),
            "{name}: {err}"
        );
        let got = lines(&o.stdout);
        let set: BTreeSet<_> = got.iter().cloned().collect();
        assert_eq!(
            set.len(),
            got.len(),
            "{name}: a link listed twice: {got:#?}"
        );
        let want: BTreeSet<_> = lines(&std::fs::read(&expected).unwrap())
            .into_iter()
            .collect();
        assert_eq!(set, want, "{name}");
    }
}

#[test]
fn json_records_carry_source_text_target_and_findings() {
    let msg = std::fs::read("tests/data/mail/html-only.eml").unwrap();
    let o = run(&[b"extract", b"--json"], &msg);
    assert_eq!(o.status.code(), Some(0));
    let r = records(&o);
    assert_eq!(r.len(), 4);
    let by = |host: &str| {
        r.iter()
            .find(|x| x["host"] == host)
            .unwrap_or_else(|| panic!("{host}: {r:#?}"))
    };
    let pp = by("secure.example-bank.com");
    assert_eq!(pp["source"], "html-href");
    assert_eq!(pp["text"], "log in to your bank");
    assert_eq!(
        pp["target"],
        "https://secure.example-bank.com/login?next=/account"
    );
    assert!(
        pp["url"]
            .as_str()
            .unwrap()
            .starts_with("https://urldefense.proofpoint.com/v2/")
    );
    assert_eq!(pp["registrable"], "example-bank.com");
    let spoof = by("paypa1-secure.example");
    assert_eq!(spoof["text"], "https://www.paypal.com/signin");
    assert!(
        spoof["findings"]
            .as_array()
            .unwrap()
            .contains(&"link-text-mismatch".into()),
        "{spoof}"
    );
    assert_eq!(by("tracker.example")["source"], "html-src");
    let text = by("status.example-bank.com");
    assert_eq!(text["source"], "text");
    assert!(text["text"].is_null());
    assert_eq!(pp["findings"], serde_json::json!([]));
    // Lines count in the decoded text: the headers come first, then the HTML part.
    let l: Vec<u64> = r.iter().map(|x| x["line"].as_u64().unwrap()).collect();
    assert!(l.windows(2).all(|w| w[0] <= w[1]) && l[0] > 7, "{l:?}");
}

#[test]
fn header_links_and_the_text_of_a_deduplicated_link() {
    let msg = std::fs::read("tests/data/mail/alternative.eml").unwrap();
    let r = records(&run(&[b"extract", b"--json"], &msg));
    let unsub: Vec<_> = r.iter().filter(|x| x["source"] == "header").collect();
    assert_eq!(unsub.len(), 2, "{r:#?}");
    let order = r
        .iter()
        .find(|x| x["url"].as_str().unwrap().contains("order=8842913"))
        .unwrap();
    // Found in the text part first; the HTML part's copy gave it its visible text.
    assert_eq!(order["source"], "text");
    assert_eq!(order["text"], "order");
}

#[test]
fn a_text_links_line_is_the_line_it_starts_on() {
    let text = std::fs::read("tests/data/mail/plain.txt").unwrap();
    let src = lines(&text);
    let o = run(&[b"extract", b"--json"], &text);
    for r in records(&o) {
        let url = r["url"].as_str().unwrap();
        let line = &src[r["line"].as_u64().unwrap() as usize - 1];
        let head: String = url.chars().take(12).collect();
        assert!(line.contains(&head), "{url} is not on line {line:?}");
    }
}

#[test]
fn as_overrides_the_detection() {
    let msg = std::fs::read("tests/data/mail/html-only.eml").unwrap();
    // Read as text, the message's HTML is still HTML (quoted-printable undone, then the
    // tokenizer), so the script's URL is no link either way; the text run names both repairs.
    let js = |o: &std::process::Output| lines(&o.stdout).iter().any(|l| l.contains("js.example"));
    let as_text = run(&[b"extract", b"--as", b"text"], &msg);
    assert!(!js(&as_text));
    assert!(
        stderr(&as_text).contains("links from repaired text: qp-in-text 4, html-in-text 4"),
        "{}",
        stderr(&as_text)
    );
    let as_mail = run(&[b"extract", b"--as", b"mail"], &msg);
    assert!(!js(&as_mail));
    assert!(as_mail.stderr.is_empty(), "{}", stderr(&as_mail));
    let o = run(
        &[b"extract", b"--as", b"html"],
        b"<p>see <a href='https://h.example/'>here</a>",
    );
    assert_eq!(o.stdout, b"https://h.example/\n");
    let o = run(&[b"extract", b"--as", b"pdf"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn no_link_is_status_1() {
    let o = run(&[b"extract"], b"nothing to see here\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
    let o = run(&[b"extract", b"--json"], b"");
    assert_eq!(o.status.code(), Some(1));
}

/// Run `extract` on `input`: it ends (the test harness would hang otherwise) with no panic on
/// stderr. No time is asserted: the benches measure speed.
fn hostile(input: &[u8]) -> (std::process::Output, String) {
    let o = run(&[b"extract"], input);
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    (o, err)
}

fn multipart(parts: &[Vec<u8>]) -> Vec<u8> {
    let mut m =
        b"From: a@b.example\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n"
            .to_vec();
    for p in parts {
        m.extend_from_slice(b"--b\n");
        m.extend_from_slice(p);
        m.push(b'\n');
    }
    m.extend_from_slice(b"--b--\n");
    m
}

#[test]
fn a_message_of_ten_thousand_parts_is_read_up_to_the_limit() {
    let parts: Vec<Vec<u8>> = (0..10_000)
        .map(|i| format!("Content-Type: text/plain\n\nhttp://p{i}.example/\n").into_bytes())
        .collect();
    let (o, err) = hostile(&multipart(&parts));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(lines(&o.stdout).len(), 1000);
    assert!(
        err.contains("message 1: 10000 parts: only the first 1000 were read"),
        "{err}"
    );
}

#[test]
fn more_than_a_million_links_stop_at_the_link_limit() {
    let mut text = Vec::with_capacity(30 << 20);
    for i in 0..1_200_000 {
        text.extend_from_slice(format!("http://h.example/{i} ").as_bytes());
    }
    let (o, err) = hostile(&text);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(lines(&o.stdout).len(), 1_000_000);
    assert!(err.contains("1000000 links listed: the limit"), "{err}");
}

#[test]
fn nesting_a_thousand_deep_is_read_as_text() {
    let mut m = b"Content-Type: text/plain\n\nhttp://deep.example/\n".to_vec();
    for d in 0..1000 {
        let mut outer =
            format!("Content-Type: multipart/mixed; boundary=\"d{d}\"\n\n--d{d}\n").into_bytes();
        outer.extend_from_slice(&m);
        outer.extend_from_slice(format!("\n--d{d}--\n").as_bytes());
        m = outer;
    }
    let mut msg = b"From: a@b.example\nMIME-Version: 1.0\n".to_vec();
    msg.extend_from_slice(&m);
    let (o, err) = hostile(&msg);
    assert_eq!(o.stdout, b"http://deep.example/\n");
    assert!(err.contains("message 1: not read as MIME"), "{err}");
    // Forwarded messages inside messages stop at the nesting limit.
    let mut m = b"From: a@b.example\n\nhttp://inner.example/\n".to_vec();
    for _ in 0..1000 {
        let mut outer =
            b"From: a@b.example\nMIME-Version: 1.0\nContent-Type: message/rfc822\n\n".to_vec();
        outer.extend_from_slice(&m);
        m = outer;
    }
    let (o, err) = hostile(&m);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err.contains("messages nested deeper than 8: not read"),
        "{err}"
    );
}

#[test]
fn broken_base64_and_unknown_charsets_are_said() {
    let parts = [
        b"Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n%%%% not base64 ****\n"
            .to_vec(),
        b"Content-Type: text/plain; charset=x-klingon\n\nhttp://ok.example/caf\xe9\n".to_vec(),
        b"Content-Type: text/plain; charset=shift_jis\n\nhttp://sj.example/\xff\xff\n".to_vec(),
    ];
    let (o, err) = hostile(&multipart(&parts));
    assert!(
        err.contains("part 1 (text/html): its base64 does not decode"),
        "{err}"
    );
    assert!(
        err.contains("unknown charset 'x-klingon': read as raw octets"),
        "{err}"
    );
    assert!(
        err.contains("not valid shift_jis: read as raw octets"),
        "{err}"
    );
    // The links keep their octets: nothing became U+FFFD.
    assert_eq!(
        o.stdout,
        b"http://ok.example/caf\xe9\nhttp://sj.example/\xff\xff\n"
    );
}

#[test]
fn a_hundred_mb_mailbox_is_streamed_message_by_message() {
    let mut one = b"From x@y Tue Nov 24 06:00:00 2026\nFrom: x@y.example\nSubject: s\n\nsee http://m.example/a\n".to_vec();
    one.extend_from_slice(&b"and some text to fill the message up to about 4 KiB\n".repeat(80));
    let mut mbox = Vec::with_capacity(101 << 20);
    let mut messages = 0;
    while mbox.len() < 100 << 20 {
        mbox.extend_from_slice(&one);
        messages += 1;
    }
    let (o, err) = hostile(&mbox);
    assert_eq!(o.status.code(), Some(0));
    // Nothing is cut: the mbox is read message by message, not held whole.
    assert!(err.is_empty(), "{err}");
    assert_eq!(lines(&o.stdout).len(), messages);
}

#[test]
fn defanged_forms_for_a_ticket_and_defanged_input() {
    let o = run(
        &[b"extract", b"--defang"],
        b"see https://evil.example/login now\n",
    );
    assert_eq!(o.stdout, b"hxxps://evil[.]example/login\n");
    let o = run(&[b"get", b"{as:defang}", b"https://evil.example/a"], b"");
    assert_eq!(o.stdout, b"hxxps://evil[.]example/a\n");
    let o = run(&[b"get", b"{as:nope}", b"https://x.example/"], b"");
    assert!(
        stderr(&o).contains(
            "forms: typed, profile, href, ascii, readable, markdown, html, curl, json, defang"
        ),
        "{}",
        stderr(&o)
    );
    let o = run(&[b"get", b"{host}", b"hxxps://evil[.]example/a"], b"");
    assert_eq!(o.stdout, b"evil.example\n");
    assert!(
        stderr(&o).contains("refanged: read as https://evil.example/a"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn json_gives_the_registrable_domain_in_ascii_and_every_finding_most_severe_first() {
    let html = "<a href=\"https://www.paypal.com@secure.p\u{430}ypal.com/login\">\
                https://www.paypal.com/</a> <a href=\"https://ok.example/\">ok</a>";
    let o = run(&[b"extract", b"--json", b"--as", b"html"], html.as_bytes());
    let r = records(&o);
    assert_eq!(r[0]["registrable"], "p\u{430}ypal.com");
    assert_eq!(r[0]["registrable_ascii"], "xn--pypal-4ve.com");
    let ids: Vec<&str> = r[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    for id in ["confusable", "link-text-mismatch", "mixed-script"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    // An ASCII domain: both forms the same.
    assert_eq!(r[1]["registrable"], r[1]["registrable_ascii"]);
}
