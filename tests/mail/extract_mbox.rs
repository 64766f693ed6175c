//! `urlscope extract` on mboxes through the real binary: the message split and `>From ` quoting,
//! messages without a Message-ID, CRLF mailboxes, an empty mailbox, a message over the cap,
//! `--with-message` and `--json`'s message fields, and the order of the records.

use crate::support;
use support::*;

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

const MBOX: &[u8] = b"From a@x Thu Nov 26 10:00:00 2026\n\
Message-ID: <one@x.example>\n\
From: a@x.example\n\
\n\
first http://one.example/a and http://one.example/b\n\
>From the archive: http://quoted.example/\n\
From b@x Thu Nov 26 10:01:00 2026\n\
From: b@x.example\n\
Subject: no id here\n\
\n\
second http://two.example/\n\
From c@x Thu Nov 26 10:02:00 2026\n\
Message-ID:\n <three@x.example>\n\
\n\
third http://three.example/\n";

#[test]
fn each_link_names_its_message_in_order() {
    let o = run(&[b"extract", b"--with-message"], MBOX);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        lines(&o.stdout),
        [
            "1\tone@x.example\thttp://one.example/a",
            "1\tone@x.example\thttp://one.example/b",
            "1\tone@x.example\thttp://quoted.example/",
            "2\t-\thttp://two.example/",
            "3\tthree@x.example\thttp://three.example/",
        ]
    );
    let o = run(&[b"extract", b"--json"], MBOX);
    let got: Vec<_> = records(&o)
        .iter()
        .map(|r| {
            (
                r["message"].as_u64().unwrap(),
                r["message_id"].as_str().map(String::from),
                r["url"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let id = |s: &str| Some(s.to_string());
    assert_eq!(
        got,
        [
            (1, id("one@x.example"), "http://one.example/a".into(), 4),
            (1, id("one@x.example"), "http://one.example/b".into(), 4),
            (1, id("one@x.example"), "http://quoted.example/".into(), 5),
            (2, None, "http://two.example/".into(), 4),
            (3, id("three@x.example"), "http://three.example/".into(), 3),
        ]
    );
}

#[test]
fn quoted_from_lines_are_unquoted_once_and_never_split() {
    let mbox = b"From a@x Thu\nFrom: a@x.example\n\n>From http://q1.example/\n>>From http://q2.example/\nFrom b@x Thu\nFrom: b@x.example\n\nhttp://b.example/\n";
    let o = run(&[b"extract", b"--with-message"], mbox);
    assert_eq!(
        lines(&o.stdout),
        [
            "1\t-\thttp://q1.example/",
            "1\t-\thttp://q2.example/",
            "2\t-\thttp://b.example/"
        ]
    );
}

#[test]
fn a_crlf_mailbox_splits_like_an_lf_one() {
    let crlf: Vec<u8> = MBOX
        .split(|&b| b == b'\n')
        .collect::<Vec<_>>()
        .join(&b"\r\n"[..]);
    let lf = run(&[b"extract", b"--with-message"], MBOX);
    let o = run(&[b"extract", b"--with-message"], &crlf);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(lines(&o.stdout), lines(&lf.stdout));
}

#[test]
fn an_empty_mailbox_or_envelopes_alone_list_nothing() {
    for input in [&b""[..], b"From a@x Thu\n", b"From a@x Thu\nFrom b@x Fri\n"] {
        let o = run(&[b"extract", b"--json"], input);
        assert_eq!(o.status.code(), Some(1), "{input:?}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn a_lone_message_and_text_keep_their_records() {
    // Not an mbox: `--json` has no message fields; `--with-message` says message 1 for mail
    // and `-` for text.
    let m = b"Message-ID: <solo@x.example>\nFrom: a@x.example\n\nhttp://solo.example/\n";
    let o = run(&[b"extract", b"--json"], m);
    let r = &records(&o)[0];
    assert!(r.get("message").is_none(), "{r}");
    let o = run(&[b"extract", b"--with-message"], m);
    assert_eq!(
        lines(&o.stdout),
        ["1\tsolo@x.example\thttp://solo.example/"]
    );
    let o = run(&[b"extract", b"--with-message"], b"see http://t.example/\n");
    assert_eq!(lines(&o.stdout), ["-\t-\thttp://t.example/"]);
    // An ID with a space or a tab cannot add a column.
    let m = b"From a Thu\nMessage-ID: <a b\tc@x>\n\nhttp://c.example/\n";
    let o = run(&[b"extract", b"--with-message"], m);
    assert_eq!(lines(&o.stdout), ["1\ta%20b%09c@x\thttp://c.example/"]);
}

#[test]
fn a_message_over_the_cap_is_read_up_to_it_and_said_by_its_index() {
    let cap = 64 << 20;
    let mut mbox = b"From a Thu\nFrom: a@x.example\n\nhttp://before.example/\n".to_vec();
    mbox.extend_from_slice(b"From b Thu\nFrom: b@x.example\n\nhttp://early.example/\n");
    let line = b"filler text with no link in it at all, just words to pass the cap\n";
    while mbox.len() < cap + (1 << 20) {
        mbox.extend_from_slice(line);
    }
    mbox.extend_from_slice(b"http://past-the-cap.example/\n");
    mbox.extend_from_slice(b"From c Thu\nFrom: c@x.example\n\nhttp://after.example/\n");
    let o = run(&[b"extract", b"--with-message"], &mbox);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        lines(&o.stdout),
        [
            "1\t-\thttp://before.example/",
            "2\t-\thttp://early.example/",
            "3\t-\thttp://after.example/"
        ]
    );
    let err = stderr(&o);
    assert!(
        err.contains("skipped: message 2: ")
            && err.contains("over the cap of 67108864: only the first 67108864 were read"),
        "{err}"
    );
}
