//! `urlscope extract` on real messages nobody here wrote (tests/data/mail-real: the e-mail test
//! suites of CPython, mail-parser and talon, SpamAssassin's samples; PROVENANCE.md names each
//! package, version and licence). Every message has its expected links beside it (`M.links`,
//! read from the raw message); the whole corpus read as one mbox must list the same links,
//! message by message; and no link holds markup, whitespace or a control character.

use crate::support;
use support::*;

use std::path::{Path, PathBuf};

const NOT_MESSAGES: [&str; 4] = ["LICENSE", "NOTICE", "COPYRIGHT", "DECISIONS.md"];

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail-real");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".links") && !NOT_MESSAGES.contains(&name.as_str()) {
                out.push(f);
            }
        }
    }
    out.sort();
    out
}

fn expected(msg: &Path) -> Vec<String> {
    let mut p = msg.as_os_str().to_owned();
    p.push(".links");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", msg.display()));
    text.lines().map(String::from).collect()
}

/// The distinct links of `extract`'s output, in order.
fn distinct(stdout: &[u8]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in String::from_utf8_lossy(stdout).lines() {
        if !out.iter().any(|o| o == l) {
            out.push(l.to_string());
        }
    }
    out
}

#[test]
fn at_least_fifty_real_messages_each_with_its_links() {
    let all = corpus();
    assert!(all.len() >= 50, "{} messages", all.len());
    let (mut links, mut with_links) = (0, 0);
    for msg in &all {
        let name = msg.display().to_string();
        let o = run(&[b"extract", msg.as_os_str().as_encoded_bytes()], b"");
        let want = expected(msg);
        assert_eq!(distinct(&o.stdout), want, "{name}\n{}", stderr(&o));
        assert_eq!(
            o.status.code(),
            Some(if want.is_empty() { 1 } else { 0 }),
            "{name}"
        );
        links += want.len();
        with_links += usize::from(!want.is_empty());
    }
    assert!(
        with_links >= 15 && links >= 120,
        "{with_links} messages, {links} links"
    );
}

#[test]
fn no_link_holds_markup_whitespace_or_a_control_character() {
    for msg in corpus() {
        let o = run(&[b"extract", msg.as_os_str().as_encoded_bytes()], b"");
        for l in o.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let bad = l
                .iter()
                .any(|&b| b < 0x21 || b == 0x7f || matches!(b, b'<' | b'>' | b'"'));
            assert!(!bad, "{}: {}", msg.display(), String::from_utf8_lossy(l));
        }
    }
}

#[test]
fn the_corpus_as_one_mbox_lists_each_messages_links_under_it() {
    let all = corpus();
    let mut mbox = Vec::new();
    for msg in &all {
        let m = std::fs::read(msg).unwrap();
        // A message saved from an mbox keeps its own `From ` line; the others get one.
        let (from, body) = if m.starts_with(b"From ") {
            let nl = m
                .iter()
                .position(|&b| b == b'\n')
                .map_or(m.len(), |p| p + 1);
            (m[..nl].to_vec(), &m[nl..])
        } else {
            (
                b"From corpus@urlscope.test Thu Nov 26 10:00:00 2026\n".to_vec(),
                &m[..],
            )
        };
        mbox.extend_from_slice(&from);
        // mbox quoting: a body line that starts with "From " would start a message.
        for (i, l) in body.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                mbox.push(b'\n');
            }
            if l.starts_with(b"From ") {
                mbox.push(b'>');
            }
            mbox.extend_from_slice(l);
        }
        mbox.extend_from_slice(b"\n\n");
    }
    let o = run(&[b"extract", b"--json", b"-"], &mbox);
    let mut per: Vec<Vec<String>> = vec![Vec::new(); all.len()];
    for line in String::from_utf8(o.stdout).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let n = r["message"].as_u64().unwrap() as usize;
        let url = String::from_utf8(octets(&r["url"])).unwrap();
        if !per[n - 1].contains(&url) {
            per[n - 1].push(url);
        }
    }
    for (i, msg) in all.iter().enumerate() {
        assert_eq!(
            per[i],
            expected(msg),
            "{} (message {})",
            msg.display(),
            i + 1
        );
    }
}

/// Streamed (`input::links_each`, what `extract` writes from) and gathered (`urlscope_core::links`)
/// reads of every real message give the same links in the same order; with texts asked for
/// they are equal field for field (a message of several parts read twice), and no link is held.
#[test]
fn streamed_links_are_the_gathered_ones_in_order() {
    use urlscope_core::{Limits, Link, input};
    let limits = Limits::default();
    let (mut text_given, mut links) = (0, 0);
    for msg in corpus() {
        let name = msg.display().to_string();
        let octets = std::fs::read(&msg).unwrap();
        let whole = urlscope_core::links(&octets, None, &limits);
        for texts in [true, false] {
            let mut got: Vec<Link> = Vec::new();
            let report = input::links_each(&octets, None, &limits, texts, &mut |l, context| {
                assert_eq!(context.message_id, whole.message_id.as_deref(), "{name}");
                got.push(l);
            });
            assert_eq!(report.links, whole.links.len(), "{name}");
            assert_eq!(report.skipped, whole.skipped, "{name}");
            assert_eq!(report.repaired, whole.repaired, "{name}");
            assert_eq!(report.most_held, 0, "{name}: links waited");
            if texts {
                assert_eq!(got, whole.links, "{name}");
            } else {
                // Only a text part's link whose text a later HTML part gives may lack it.
                for (g, w) in got.iter().zip(&whole.links) {
                    assert_eq!(
                        (&g.url, g.line, g.source),
                        (&w.url, w.line, w.source),
                        "{name}"
                    );
                    assert!(g.text.is_none() || g.text == w.text, "{name}");
                    text_given += usize::from(g.text.is_none() && w.text.is_some());
                }
            }
        }
        links += whole.links.len();
    }
    assert!(links >= 120, "{links} links");
    // The corpus has text parts whose links only a later HTML part gives a text: the second
    // pass gave it to them.
    assert!(text_given > 0, "no link took its text from a later part");
}
