//! An mbox read message by message from any buffered reader, so that a mailbox of any size is
//! read in bounded memory: one message (at most `max` octets of it) is held at a time, and the
//! reader never reads ahead of the message it returns by more than its own buffer. The core
//! opens nothing: the caller hands in the reader (a file, standard input, or octets in memory).
//!
//! The rules (RFC 4155 and the mbox variants it describes):
//! - a line that starts with `From ` starts a message; the line itself (the envelope) is not
//!   part of the message;
//! - a line that starts with one or more `>` and then `From ` had one `>` added when it was
//!   written (mboxrd quoting, and mboxo's for `>From `): one is removed;
//! - lines end at LF; a CR before it is part of the line (CRLF mailboxes split the same way);
//! - whatever comes before the first `From ` line (a mailbox that does not start with one) is a
//!   message of its own.

use std::io::{self, BufRead};

/// The octets kept of one message by default: 64 MiB. A longer message is read up to there,
/// the rest is counted in `Message::dropped` and skipped.
pub const MAX_MESSAGE: usize = 64 << 20;

/// How many octets of a line's start are looked at to tell a `>>…>From ` line: a run of `>`
/// longer than this is an ordinary line.
const HEAD_WINDOW: usize = 256;

/// One message of the mailbox.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// 1-based: the message's place in the mailbox.
    pub index: usize,
    /// Its octets (headers and body, `>From ` quoting undone), without the envelope line.
    pub octets: Vec<u8>,
    /// Octets of it past the cap that were skipped, not kept.
    pub dropped: u64,
}

/// The messages of an mbox, in order ([`Mbox::next_message`]).
pub struct Mbox<R> {
    reader: R,
    max: usize,
    /// The message being read.
    current: Message,
    /// A message was started (an envelope line, or octets before the first one).
    started: bool,
    /// Messages returned so far.
    count: usize,
    /// In the middle of a line whose start is already read: the rest of it is body.
    mid_line: bool,
    /// Skipping the rest of an envelope line.
    in_envelope: bool,
    /// The start of a line that the reader's buffer ended in before it could be told apart
    /// (reused, so no line costs an allocation).
    head: Vec<u8>,
}

/// What a line's start says.
enum Head {
    /// `From `: an envelope line.
    Envelope,
    /// `>…>From `: quoted; the first `>` goes.
    Quoted,
    /// Anything else.
    Body,
    /// Too short to say yet (the buffer ended first).
    Unknown,
}

fn classify(start: &[u8], at_end: bool) -> Head {
    let gt = start.iter().take_while(|&&b| b == b'>').count();
    if gt >= HEAD_WINDOW {
        return Head::Body;
    }
    let rest = &start[gt..];
    let from = b"From ";
    let n = rest.len().min(from.len());
    if rest[..n] != from[..n] {
        return Head::Body;
    }
    if n == from.len() {
        return if gt == 0 {
            Head::Envelope
        } else {
            Head::Quoted
        };
    }
    // A prefix of `>…>From `: more octets decide, unless the line or the input ended.
    if at_end || memchr::memchr(b'\n', start).is_some() {
        Head::Body
    } else {
        Head::Unknown
    }
}

impl<R: BufRead> Mbox<R> {
    /// The messages of `reader`, each cut at `max` octets ([`MAX_MESSAGE`] unless a caller
    /// has a reason for another cap).
    pub fn new(reader: R, max: usize) -> Mbox<R> {
        Mbox {
            reader,
            max,
            current: Message::default(),
            started: false,
            count: 0,
            mid_line: false,
            in_envelope: false,
            head: Vec::new(),
        }
    }

    /// The reader, to ask it whether a read would block (its buffer is empty).
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// Messages returned so far.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The next message, or `None` at the end of the input. Reads no further than the next
    /// message's envelope line (and what the reader buffers).
    pub fn next_message(&mut self) -> io::Result<Option<Message>> {
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                // The end: an undecided line start is body.
                if !self.head.is_empty() {
                    let head = std::mem::take(&mut self.head);
                    self.started = true;
                    let quoted = matches!(classify(&head, true), Head::Quoted);
                    keep(&mut self.current, &head[usize::from(quoted)..], self.max);
                    self.head = head;
                    self.head.clear();
                }
                if !self.started {
                    return Ok(None);
                }
                self.started = false;
                return Ok(Some(self.finish()));
            }
            let len = buf.len();
            let mut at = 0;
            while at < len {
                if self.in_envelope || self.mid_line {
                    // The rest of the line: skipped (envelope) or kept (body).
                    let (end, ends) = match memchr::memchr(b'\n', &buf[at..]) {
                        Some(p) => (at + p + 1, true),
                        None => (len, false),
                    };
                    if !self.in_envelope {
                        keep(&mut self.current, &buf[at..end], self.max);
                    }
                    at = end;
                    if ends {
                        self.in_envelope = false;
                        self.mid_line = false;
                    }
                    continue;
                }
                // A line starts at `at` (with `head` holding its first octets, if any).
                let start: &[u8] = if self.head.is_empty() {
                    &buf[at..len.min(at + HEAD_WINDOW + 6)]
                } else {
                    let want = (HEAD_WINDOW + 6).saturating_sub(self.head.len());
                    let take = match memchr::memchr(b'\n', &buf[at..len.min(at + want)]) {
                        Some(p) => p + 1,
                        None => want.min(len - at),
                    };
                    self.head.extend_from_slice(&buf[at..at + take]);
                    at += take;
                    &self.head
                };
                let head = classify(start, false);
                let from_head = !self.head.is_empty();
                match head {
                    Head::Unknown => {
                        if !from_head {
                            self.head.extend_from_slice(&buf[at..len]);
                            at = len;
                        }
                        // Else all of the buffer went into `head`: read more.
                        continue;
                    }
                    Head::Envelope => {
                        let had = self.started;
                        self.started = true;
                        self.in_envelope = true;
                        let envelope_ended = from_head && self.head.ends_with(b"\n");
                        self.head.clear();
                        if envelope_ended {
                            self.in_envelope = false;
                        }
                        if had {
                            // The line is the next message's: it is consumed (as far as the
                            // buffer holds it, so that an empty buffer means the next read
                            // may wait), the message read so far is returned.
                            if self.in_envelope {
                                match memchr::memchr(b'\n', &buf[at..]) {
                                    Some(p) => {
                                        at += p + 1;
                                        self.in_envelope = false;
                                    }
                                    None => at = len,
                                }
                            }
                            self.reader.consume(at);
                            return Ok(Some(self.finish()));
                        }
                    }
                    Head::Quoted | Head::Body => {
                        self.started = true;
                        let skip = usize::from(matches!(head, Head::Quoted));
                        if from_head {
                            let line = std::mem::take(&mut self.head);
                            keep(&mut self.current, &line[skip..], self.max);
                            self.mid_line = !line.ends_with(b"\n");
                            self.head = line;
                            self.head.clear();
                        } else {
                            at += skip;
                            self.mid_line = true;
                        }
                    }
                }
            }
            self.reader.consume(len);
        }
    }

    /// The message read so far, handed out; the next starts empty.
    fn finish(&mut self) -> Message {
        self.count += 1;
        let mut m = std::mem::take(&mut self.current);
        m.index = self.count;
        m
    }
}

/// A message that outgrows this takes room for the most it may keep at once (when that is at
/// most [`MAX_MESSAGE`]; an uncapped reader grows as it goes).
const LARGE: usize = 1 << 20;

fn keep(msg: &mut Message, octets: &[u8], max: usize) {
    let room = max.saturating_sub(msg.octets.len());
    let k = room.min(octets.len());
    let len = msg.octets.len();
    if len + k > LARGE.max(msg.octets.capacity()) && max <= MAX_MESSAGE {
        // A buffer grown by doubling is copied at each step, and the old copies' pages stay
        // counted (about 1.5 times a long message at the peak); pages never written are not
        // memory the process holds.
        msg.octets.reserve_exact(max.max(len + k) - len);
    }
    msg.octets.extend_from_slice(&octets[..k]);
    msg.dropped += (octets.len() - k) as u64;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(input: &[u8], cap: usize, max: usize) -> Vec<(usize, String, u64)> {
        let r = io::BufReader::with_capacity(cap, input);
        let mut m = Mbox::new(r, max);
        let mut out = Vec::new();
        while let Some(msg) = m.next_message().unwrap() {
            out.push((
                msg.index,
                String::from_utf8(msg.octets).unwrap(),
                msg.dropped,
            ));
        }
        out
    }

    fn every_capacity(input: &[u8], max: usize, want: &[(usize, &str, u64)]) {
        let want: Vec<_> = want
            .iter()
            .map(|&(i, s, d)| (i, s.to_string(), d))
            .collect();
        for cap in [1, 2, 3, 5, 6, 7, 8, 13, 64, 1 << 16] {
            assert_eq!(split(input, cap, max), want, "capacity {cap}");
        }
    }

    #[test]
    fn messages_split_at_envelope_lines_whatever_the_buffer() {
        every_capacity(
            b"From a\nX: 1\n\nbody From here\nFrom b\nY: 2\n\nlast",
            1000,
            &[(1, "X: 1\n\nbody From here\n", 0), (2, "Y: 2\n\nlast", 0)],
        );
    }

    #[test]
    fn quoted_from_lines_lose_one_quote() {
        every_capacity(
            b"From a\n\n>From me\n>>From you\n>>>From them\n>Fro\n>From\n> From x\nFromage\n",
            1000,
            &[(
                1,
                "\nFrom me\n>From you\n>>From them\n>Fro\n>From\n> From x\nFromage\n",
                0,
            )],
        );
        // At the very end, without a line feed.
        every_capacity(b"From a\n\n>From", 1000, &[(1, "\n>From", 0)]);
        every_capacity(b"From a\n\n>From ", 1000, &[(1, "\nFrom ", 0)]);
    }

    #[test]
    fn crlf_empty_and_odd_mailboxes() {
        every_capacity(
            b"From a\r\nX: 1\r\n\r\nhi\r\n>From b\r\nFrom c\r\nY: 2\r\n",
            1000,
            &[(1, "X: 1\r\n\r\nhi\r\nFrom b\r\n", 0), (2, "Y: 2\r\n", 0)],
        );
        every_capacity(b"", 1000, &[]);
        // An envelope with nothing after it is an empty message; so is one followed by another.
        every_capacity(b"From a", 1000, &[(1, "", 0)]);
        every_capacity(
            b"From a\nFrom b\nX: 1\n",
            1000,
            &[(1, "", 0), (2, "X: 1\n", 0)],
        );
        // Octets before the first envelope are a message of their own.
        every_capacity(
            b"X: 0\n\nFrom a\nX: 1\n",
            1000,
            &[(1, "X: 0\n\n", 0), (2, "X: 1\n", 0)],
        );
        // A run of `>` longer than the window is body, kept whole.
        let long = format!("From a\n{}From x\n", ">".repeat(HEAD_WINDOW + 10));
        let body = format!("{}From x\n", ">".repeat(HEAD_WINDOW + 10));
        every_capacity(long.as_bytes(), 10_000, &[(1, &body, 0)]);
    }

    #[test]
    fn a_message_over_the_cap_is_cut_and_counted() {
        every_capacity(
            b"From a\n0123456789\nFrom b\nok\n",
            4,
            &[(1, "0123", 7), (2, "ok\n", 0)],
        );
    }

    /// A reader that counts the octets handed out.
    struct Counted<'a> {
        inner: io::BufReader<&'a [u8]>,
        consumed: usize,
    }

    impl io::Read for Counted<'_> {
        fn read(&mut self, b: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(b)?;
            self.consumed += n;
            Ok(n)
        }
    }

    impl BufRead for Counted<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            self.inner.fill_buf()
        }
        fn consume(&mut self, n: usize) {
            self.consumed += n;
            self.inner.consume(n)
        }
    }

    #[test]
    fn the_reader_holds_one_message_and_reads_no_further_than_the_next_envelope() {
        // 2,000 messages of different sizes: when message k is handed out, the input consumed
        // ends within the next message's envelope line, and what is held is message k alone.
        let mut mbox = Vec::new();
        let mut ends = Vec::new();
        for k in 0..2000 {
            mbox.extend_from_slice(format!("From m{k}@x Thu\nMessage-ID: <{k}@x>\n\n").as_bytes());
            for _ in 0..k % 37 {
                mbox.extend_from_slice(b"a line of body text http://x.example/\n");
            }
            ends.push(mbox.len());
        }
        for cap in [7, 64, 4096] {
            let r = Counted {
                inner: io::BufReader::with_capacity(cap, &mbox),
                consumed: 0,
            };
            let mut m = Mbox::new(r, MAX_MESSAGE);
            let mut k = 0;
            while let Some(msg) = m.next_message().unwrap() {
                let start = if k == 0 { 0 } else { ends[k - 1] };
                let id = format!("Message-ID: <{k}@x>\n");
                assert!(msg.octets.starts_with(id.as_bytes()), "message {k}");
                assert_eq!(
                    msg.octets.len() + envelope(k),
                    ends[k] - start,
                    "message {k}"
                );
                let consumed = m.get_ref().consumed;
                assert!(
                    consumed <= ends[k] + envelope(k + 1),
                    "message {k} read ahead"
                );
                k += 1;
            }
            assert_eq!(k, 2000);
        }
    }

    fn envelope(k: usize) -> usize {
        format!("From m{k}@x Thu\n").len()
    }
}
