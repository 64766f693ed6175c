//! An mbox read message by message from any reader, so that a mailbox of any size is listed in
//! bounded memory: one message (at most `max` octets of it) is held at a time. A message starts
//! at a line that starts with `From ` (the rule `crate::input` splits a mailbox held whole by).

use std::io::{self, BufRead};

/// The messages of an mbox, in order.
pub struct Messages<R> {
    reader: R,
    /// The most octets of one message kept; the rest of it is skipped and counted.
    max: usize,
    /// The next message's `From ` line start, read while looking for the end of the last one.
    pending: Vec<u8>,
}

/// One message of the mbox.
pub struct Message {
    /// Its octets, the `From ` line first.
    pub octets: Vec<u8>,
    /// Octets of it past `max` that were not kept.
    pub dropped: u64,
}

impl<R: BufRead> Messages<R> {
    pub fn new(reader: R, max: usize) -> Messages<R> {
        Messages {
            reader,
            max,
            pending: Vec::new(),
        }
    }

    /// The next message, or `None` at the end of the input.
    pub fn next_message(&mut self) -> io::Result<Option<Message>> {
        let mut msg = Message {
            octets: std::mem::take(&mut self.pending),
            dropped: 0,
        };
        let mut in_line = !msg.octets.is_empty();
        loop {
            if !in_line {
                // A line's first five octets (fewer at a line break or the end): is it `From `?
                let mut head = Vec::with_capacity(5);
                while head.len() < 5 && !head.ends_with(b"\n") {
                    let buf = self.reader.fill_buf()?;
                    if buf.is_empty() {
                        break;
                    }
                    let want = (5 - head.len()).min(buf.len());
                    let n = buf[..want]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(want, |p| p + 1);
                    head.extend_from_slice(&buf[..n]);
                    self.reader.consume(n);
                }
                if head.is_empty() {
                    let any = !msg.octets.is_empty() || msg.dropped > 0;
                    return Ok(any.then_some(msg));
                }
                if head == b"From " && (!msg.octets.is_empty() || msg.dropped > 0) {
                    self.pending = head;
                    return Ok(Some(msg));
                }
                let ended = head.ends_with(b"\n") || head.len() < 5;
                keep(&mut msg, &head, self.max);
                if ended {
                    continue;
                }
            }
            // The rest of the line.
            in_line = false;
            loop {
                let buf = self.reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                let (n, ends) = match memchr::memchr(b'\n', buf) {
                    Some(p) => (p + 1, true),
                    None => (buf.len(), false),
                };
                keep(&mut msg, &buf[..n], self.max);
                self.reader.consume(n);
                if ends {
                    break;
                }
            }
        }
    }
}

fn keep(msg: &mut Message, octets: &[u8], max: usize) {
    let room = max.saturating_sub(msg.octets.len());
    let k = room.min(octets.len());
    msg.octets.extend_from_slice(&octets[..k]);
    msg.dropped += (octets.len() - k) as u64;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(input: &[u8], cap: usize, max: usize) -> Vec<(String, u64)> {
        let r = io::BufReader::with_capacity(cap, input);
        let mut m = Messages::new(r, max);
        let mut out = Vec::new();
        while let Some(msg) = m.next_message().unwrap() {
            out.push((String::from_utf8(msg.octets).unwrap(), msg.dropped));
        }
        out
    }

    #[test]
    fn messages_split_at_from_lines_whatever_the_buffer() {
        let mbox = b"From a\nX: 1\n\nbody From here\n>From quoted\nFrom b\nY: 2\n\nlast";
        for cap in [1, 2, 3, 5, 7, 64] {
            assert_eq!(
                split(mbox, cap, 1000),
                [
                    ("From a\nX: 1\n\nbody From here\n>From quoted\n".into(), 0),
                    ("From b\nY: 2\n\nlast".into(), 0)
                ],
                "capacity {cap}"
            );
        }
        assert_eq!(split(b"", 8, 10), []);
        assert_eq!(
            split(b"From a\n0123456789\nFrom b\n", 4, 10),
            [("From a\n012".into(), 8), ("From b\n".into(), 0)]
        );
    }
}
