//! The link reader on hostile input: any octets read as mail, HTML, text or whatever they look
//! like. No panic; the same answer twice; every link's line inside the decoded text; and a
//! mailbox (`From ` first) read message by message (the streaming reader `extract` uses) gives the
//! same links, in order, as the whole mailbox read at once.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::input::{Mbox, message_links};
use urlscope_core::{Kind, Limits, links};

fuzz_target!(|data: &[u8]| {
    let (sel, x) = match data.split_first() {
        Some((&s, x)) => (s, x),
        None => (0, data),
    };
    let kind = match sel % 4 {
        0 => None,
        1 => Some(Kind::Mail),
        2 => Some(Kind::Html),
        _ => Some(Kind::Text),
    };
    let limits = Limits::default();
    let found = links(x, kind, &limits);
    assert_eq!(
        found,
        links(x, kind, &limits),
        "the link reader is deterministic"
    );
    let lines = found.text.iter().filter(|&&b| b == b'\n').count() + 1;
    for l in &found.links {
        assert!(
            l.line >= 1 && l.line <= lines,
            "link line {} outside the text's {lines} lines",
            l.line
        );
    }
    // An mbox (its first line an envelope): read message by message as `extract` streams it.
    if kind == Some(Kind::Mail) && x.starts_with(b"From ") {
        let mut reader = Mbox::new(x, urlscope_core::input::MAX_MESSAGE);
        let mut streamed = Vec::new();
        while let Ok(Some(m)) = reader.next_message() {
            let one = message_links(&m.octets, m.index, &limits);
            streamed.extend(one.links.into_iter().map(|l| l.url));
        }
        let whole: Vec<Vec<u8>> = found.links.into_iter().map(|l| l.url).collect();
        assert_eq!(
            whole, streamed,
            "message by message != the whole mailbox at once"
        );
    }
});
