//! E-mail: one RFC 5322 message or an mbox of them, read with `mailparse` (MIME structure,
//! quoted-printable and base64, RFC 2047 headers). Each message adds its headers and its text
//! and HTML parts to the decoded text; a link that the text and the HTML part of one message
//! both carry is listed once.

use std::borrow::Cow;

use mailparse::body::Body;
use mailparse::{MailHeaderMap, ParsedMail};

use super::decode::{self, Charset};
use super::mbox::Mbox;
use super::{Collector, Link, Repair, Seen, Source, text};

/// Headers whose values are scanned for links.
const LINK_HEADERS: [&str; 3] = ["subject", "archived-at", "content-base"];

/// Header names that make a first block of `Name: value` lines a message.
const KNOWN: [&str; 13] = [
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "received",
    "return-path",
    "delivered-to",
    "reply-to",
];

/// Does `head` (the input's first few KiB) start like a message: an optional mbox `From ` line,
/// then header lines (continuations allowed) up to a blank line, one of them a common header?
pub(crate) fn looks_like_message(head: &[u8]) -> bool {
    let mut lines = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .peekable();
    if head.starts_with(b"From ") {
        lines.next();
    }
    let (mut headers, mut known) = (0, 0);
    for line in lines {
        if line.is_empty() {
            break;
        }
        if matches!(line[0], b' ' | b'\t') {
            if headers == 0 {
                return false;
            }
            continue;
        }
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            return false;
        };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(u8::is_ascii_graphic) {
            return false;
        }
        headers += 1;
        known += usize::from(
            KNOWN
                .iter()
                .any(|k| name.eq_ignore_ascii_case(k.as_bytes())),
        );
    }
    headers > 0 && known > 0
}

/// Read `input` as an mbox (when it starts with a `From ` line: split and unquoted by
/// [`mbox::Mbox`], as `extract` streams one) or as one message.
pub(crate) fn mailbox(input: &[u8], c: &mut Collector) {
    if !input.starts_with(b"From ") {
        message(input, 1, 0, c);
        return;
    }
    let mut messages = Mbox::new(input, usize::MAX);
    // Reading from memory cannot fail.
    while let Ok(Some(m)) = messages.next_message() {
        message(&m.octets, m.index, 0, c);
        if c.is_full() {
            break;
        }
    }
}

/// The `Message-ID` of a message (`raw` from its headers on), without
/// its angle brackets; looked for in the header block only, folding undone.
#[cfg(test)]
pub(crate) fn message_id(raw: &[u8]) -> Option<String> {
    let end = memchr::memmem::find(raw, b"\n\n")
        .or_else(|| memchr::memmem::find(raw, b"\r\n\r\n"))
        .unwrap_or(raw.len());
    let (headers, _) = mailparse::parse_headers(&raw[..end]).ok()?;
    id_of(&headers)
}

/// The `Message-ID` among `headers`, without its angle brackets.
fn id_of(headers: &[mailparse::MailHeader]) -> Option<String> {
    let id = headers.get_first_value("Message-ID")?;
    let id = id.trim();
    let id = id.strip_prefix('<').unwrap_or(id);
    let id = id.strip_suffix('>').unwrap_or(id);
    (!id.is_empty()).then(|| id.to_string())
}

/// Read one message (`n`: its number in the mailbox, for the skip lines).
pub(crate) fn message(raw: &[u8], n: usize, depth: usize, c: &mut Collector) {
    let mail = match mailparse::parse_mail(raw) {
        Ok(m) => m,
        Err(e) => {
            c.skip(format!(
                "message {n}: not read as MIME ({e}): read as plain text"
            ));
            c.text_block(raw, Source::Text, None, &format!("message {n}"));
            return;
        }
    };
    if depth == 0 && c.message_id.is_none() {
        c.message_id = id_of(&mail.headers);
    }
    headers(&mail, c);
    // A link of a text part takes the visible text of the same link in a later HTML part: a
    // streamed read that wants texts reads a message of several parts twice.
    if leaves_over_one(&mail) {
        c.two_passes(&mut |c| parts(&mail, n, depth, c));
    } else {
        parts(&mail, n, depth, c);
    }
}

/// Does the message have more than one leaf part?
fn leaves_over_one(mail: &ParsedMail) -> bool {
    let mut stack = vec![mail];
    let mut leaves = 0;
    while let Some(p) = stack.pop() {
        if p.subparts.is_empty() {
            leaves += 1;
            if leaves > 1 {
                return true;
            }
        }
        stack.extend(p.subparts.iter());
    }
    false
}

/// Read the leaf parts of a message in order, each link that an earlier part gave listed once.
fn parts(mail: &ParsedMail, n: usize, depth: usize, c: &mut Collector) {
    let mut seen = Seen::default();
    let mut stack = vec![mail];
    let (mut leaves, mut dropped) = (0usize, 0usize);
    while let Some(p) = stack.pop() {
        if !p.subparts.is_empty() {
            stack.extend(p.subparts.iter().rev());
            continue;
        }
        leaves += 1;
        if leaves > c.limits().max_parts {
            dropped += 1;
            continue;
        }
        // Every node left on the stack holds a leaf: only a part with one after it is compared
        // with (the last part's links are never looked up).
        let compared = !stack.is_empty();
        let mark = c.start_part(compared);
        part(p, n, leaves, depth, &seen, c);
        c.end_part(compared, mark, &mut seen);
        if c.is_full() {
            return;
        }
    }
    if dropped > 0 {
        let max = c.limits().max_parts;
        c.skip(format!(
            "message {n}: {} parts: only the first {max} were read",
            dropped + max
        ));
    }
}

/// The headers, one a line with RFC 2047 words decoded; the link-carrying ones scanned.
fn headers(mail: &ParsedMail, c: &mut Collector) {
    let mut block = Vec::new();
    // Where each link-carrying value is in `block`, and its header's place.
    let mut values = Vec::new();
    for (i, h) in mail.headers.iter().enumerate() {
        let key = h.get_key_ref();
        block.extend_from_slice(key.as_bytes());
        block.extend_from_slice(b": ");
        let start = block.len();
        // Folding is undone: a header is one line of the decoded text.
        block.extend(
            h.get_value()
                .bytes()
                .map(|b| if matches!(b, b'\r' | b'\n') { b' ' } else { b }),
        );
        let carries = key
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("list-"))
            || LINK_HEADERS.iter().any(|l| key.eq_ignore_ascii_case(l));
        if carries {
            values.push((i, start, block.len()));
        }
        block.push(b'\n');
    }
    block.push(b'\n');
    let first = c.append(&block);
    for (i, start, end) in values {
        let (found, _) = text::find_urls_limited(&block[start..end], c.room());
        for f in found {
            let mut link = Link::new(f.url, first + i, Source::Header);
            link.error = f.error;
            c.push(link, None);
        }
    }
}

/// Read one leaf part: text and HTML parts are decoded and scanned; a `message/rfc822` part is
/// read as a message of its own; anything else carries no links a reader sees.
fn part(p: &ParsedMail, n: usize, k: usize, depth: usize, seen: &Seen, c: &mut Collector) {
    let mime = p.ctype.mimetype.to_ascii_lowercase();
    let whose = format!("message {n}, part {k} ({mime})");
    if mime == "message/rfc822" {
        if depth >= c.limits().max_nesting {
            let max = c.limits().max_nesting;
            c.skip(format!(
                "{whose}: messages nested deeper than {max}: not read"
            ));
        } else if let Ok(body) = p.get_body_raw() {
            message(&body, n, depth + 1, c);
        }
        return;
    }
    let html = mime == "text/html";
    if !html && mime != "text/plain" {
        return;
    }
    let cte = p
        .headers
        .get_first_value("Content-Transfer-Encoding")
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let mut footer: &[u8] = &[];
    let mut repaired = 0;
    // A part without a transfer encoding is read where it lies in the message, not copied.
    let body = match p.get_body_encoded() {
        Body::SevenBit(b) | Body::EightBit(b) => Ok(Cow::Borrowed(b.get_raw())),
        Body::Binary(b) => Ok(Cow::Borrowed(b.get_raw())),
        Body::Base64(b) | Body::QuotedPrintable(b) => b.get_decoded().map(Cow::Owned),
    };
    let body = match body {
        Ok(b) => b,
        Err(e) => {
            // A list footer after the base64 padding: mail clients show the decoded part.
            let raw = match p.get_body_encoded() {
                Body::Base64(b) => b.get_raw(),
                _ => &[],
            };
            match decode::base64_then_text(raw) {
                Some((decoded, rest)) => {
                    c.begin_repair(&whose, Repair::Base64TrailingText);
                    repaired += 1;
                    footer = rest;
                    Cow::Owned(decoded)
                }
                None => {
                    c.skip(format!(
                        "{whose}: its {cte} does not decode ({e}): not read"
                    ));
                    return;
                }
            }
        }
    };
    let labelled = matches!(cte.as_str(), "quoted-printable" | "base64");
    let body = if !labelled && decode::looks_quoted_printable(&body) {
        c.begin_repair(&whose, Repair::QpIn7bit);
        repaired += 1;
        Cow::Owned(decode::quoted_printable(&body))
    } else {
        body
    };
    let charset = p.ctype.charset.clone();
    let body = decode_charset(body, &charset, &whose, c);
    if html {
        c.html_block(&body, Some(seen));
    } else {
        let param = |k: &str| {
            p.ctype.params.get(k).is_some_and(|v| {
                v.trim()
                    .eq_ignore_ascii_case(if k == "format" { "flowed" } else { "yes" })
            })
        };
        if param("format") {
            let body = decode::unflow(&body, param("delsp"));
            c.plain_block(&body, Source::Text, Some(seen), &whose);
        } else {
            c.plain_block(&body, Source::Text, Some(seen), &whose);
        }
    }
    if !footer.is_empty() {
        let footer = decode_charset(Cow::Borrowed(footer), &charset, &whose, c);
        c.text_block(&footer, Source::Text, Some(seen), &whose);
    }
    for _ in 0..repaired {
        c.end_repair();
    }
}

/// `body` decoded from the part's `charset`; as it is (and said) when the charset is unknown or
/// does not fit.
fn decode_charset<'b>(
    body: Cow<'b, [u8]>,
    charset: &str,
    whose: &str,
    c: &mut Collector,
) -> Cow<'b, [u8]> {
    match decode::charset(body, charset) {
        Charset::Decoded(b) => b,
        Charset::Unknown(b) => {
            c.skip(format!(
                "{whose}: unknown charset '{charset}': read as raw octets"
            ));
            b
        }
        Charset::Malformed(b) => {
            c.skip(format!("{whose}: not valid {charset}: read as raw octets"));
            b
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Kind, Limits};
    use super::*;
    use crate::links;

    fn urls(m: &[u8]) -> Vec<String> {
        links(m, Some(Kind::Mail), &Limits::default())
            .links
            .into_iter()
            .map(|l| String::from_utf8(l.url).unwrap())
            .collect()
    }

    #[test]
    fn message_ids_and_one_message_of_an_mbox() {
        let m = b"From: a@b\nMessage-ID:\n <id.1@host.example>\n\nhttp://one.example/\nMessage-ID: <not@this>\n";
        assert_eq!(message_id(m).as_deref(), Some("id.1@host.example"));
        assert_eq!(message_id(b"From: a@b\n\nbody"), None);
        let e = super::super::message_links(m, 7, &Limits::default());
        // The same ID from the message's one parse.
        assert_eq!(e.message_id.as_deref(), Some("id.1@host.example"));
        assert_eq!(e.links.len(), 1);
        assert_eq!(e.links[0].url, b"http://one.example/");
    }

    #[test]
    fn message_detection() {
        assert!(looks_like_message(b"From: a@b\r\nSubject: x\r\n\r\nbody"));
        assert!(looks_like_message(
            b"Received: x\n  folded\nX-Foo: y\n\nbody"
        ));
        assert!(!looks_like_message(b"Dear sir: hello\n\n"));
        assert!(!looks_like_message(b"X-Only: custom\n\n"));
    }

    #[test]
    fn alternative_parts_are_listed_once() {
        let m = b"From: a@b\nSubject: =?utf-8?q?see_https://subj.example/?=\nList-Unsubscribe: <https://u.example/x>\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=B\n\n--B\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nGo https://shop.example/?order=3D1&t=3Da=\nb now\n--B\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\nPGEgaHJlZj0iaHR0cHM6Ly9zaG9wLmV4YW1wbGUvP29yZGVyPTEmYW1wO3Q9YWIiPlNob3A8L2E+\n--B--\n";
        let e = links(m, None, &Limits::default());
        assert_eq!(e.kind, Kind::Mail);
        let got: Vec<_> = e
            .links
            .iter()
            .map(|l| {
                (
                    String::from_utf8_lossy(&l.url).into_owned(),
                    l.source,
                    l.text.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("https://subj.example/".into(), Source::Header, None),
                ("https://u.example/x".into(), Source::Header, None),
                (
                    "https://shop.example/?order=1&t=ab".into(),
                    Source::Text,
                    Some("Shop".into())
                ),
            ]
        );
    }

    #[test]
    fn mbox_messages_and_broken_parts() {
        let m = b"From x Thu\nFrom: a@b\n\nhttp://one.example/\n\nFrom y Fri\nFrom: c@d\nContent-Type: text/plain; charset=x-unknown-cs\n\nhttp://two.example/\n";
        assert_eq!(urls(m), ["http://one.example/", "http://two.example/"]);
        let e = links(m, None, &Limits::default());
        assert!(
            e.skipped[0].contains("unknown charset 'x-unknown-cs'"),
            "{:?}",
            e.skipped
        );
        let b = b"From: a@b\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!!not*base64\n";
        let e = links(b, None, &Limits::default());
        assert!(e.links.is_empty());
        assert!(e.skipped[0].contains("does not decode"), "{:?}", e.skipped);
    }
}
