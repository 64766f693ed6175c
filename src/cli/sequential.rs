//! Blocks of records read in turn from a stream (a pipe, a terminal; a file with `--json`,
//! whose lines carry their record's number): each block is one `read` into a recycled buffer
//! (more while it holds no whole record), cut after its last terminator; the cut-off part starts
//! the next block. A read that returns what a slow producer has written so far makes a block at
//! once, so a pipeline sees its answers promptly. The reader counts the records, so each block
//! knows its first record's number, and does nothing else per octet: the workers find the
//! records themselves.

use std::io::{self, Read};
use std::ops::Range;

use super::records::Framing;

/// A block read into the caller's buffer.
pub struct Next {
    /// Blocks are numbered from 0 in input order.
    pub seq: u64,
    /// How many records came before the block.
    pub first: u64,
    /// The block's records in the buffer: whole records, each followed by the terminator,
    /// except that the input's last record may have none. Empty at the end of the input.
    pub records: Range<usize>,
    /// The input ended: no later block holds a record.
    pub last: bool,
}

/// Reads a stream into blocks of about `block` octets, in turn.
pub struct Reader<R> {
    input: R,
    terminator: u8,
    block: usize,
    /// The part of a record the last block left.
    carry: Vec<u8>,
    next: u64,
    records: u64,
    eof: bool,
}

/// The buffer [`Reader::next_block`] reads a block of `block` octets into, with room for the
/// part of a record the last block left.
pub fn buffer_for(block: usize) -> usize {
    block + block / 4
}

impl<R: Read> Reader<R> {
    pub fn new(input: R, framing: Framing, block: usize) -> Reader<R> {
        Reader {
            input,
            terminator: framing.terminator(),
            block: block.max(1),
            carry: Vec::new(),
            next: 0,
            records: 0,
            eof: false,
        }
    }

    /// Read the next block into `data` (which stays initialised to its length between blocks:
    /// only growth is zeroed).
    pub fn next_block(&mut self, data: &mut Vec<u8>) -> io::Result<Next> {
        let (seq, first) = (self.next, self.records);
        self.next += 1;
        if self.eof {
            return Ok(Next {
                seq,
                first,
                records: 0..0,
                last: true,
            });
        }
        let (term, block) = (self.terminator, self.block);
        let mut filled = self.carry.len();
        if data.len() < filled + block {
            data.resize(filled + block, 0);
        }
        data[..filled].copy_from_slice(&self.carry);
        self.carry.clear();
        loop {
            if data.len() < filled + (block / 4).max(1) {
                data.resize(filled + block, 0);
            }
            let n = match self.input.read(&mut data[filled..]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 {
                self.eof = true;
                break;
            }
            filled += n;
            // Only the octets just read can end the record that was not whole.
            if memchr::memchr(term, &data[filled - n..filled]).is_some() {
                break;
            }
        }
        let len = if self.eof {
            filled
        } else {
            memchr::memrchr(term, &data[..filled]).map_or(0, |i| i + 1)
        };
        self.carry.extend_from_slice(&data[len..filled]);
        if len > 0 {
            let terminated = memchr::memchr_iter(term, &data[..len]).count() as u64;
            self.records += terminated + u64::from(data[len - 1] != term);
        }
        Ok(Next {
            seq,
            first,
            records: 0..len,
            last: self.eof,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::records::{Trickle, collect, split_run};

    /// Every block of `input` with records: (first, its records).
    fn blocks(
        input: &[u8],
        framing: Framing,
        step: usize,
        size: usize,
    ) -> Vec<(u64, Vec<Vec<u8>>)> {
        let mut reader = Reader::new(Trickle { rest: input, step }, framing, size);
        let mut data = Vec::new();
        let mut got = Vec::new();
        loop {
            let next = reader.next_block(&mut data).unwrap();
            if !next.records.is_empty() {
                let records = split_run(&data[next.records.clone()], framing);
                got.push((
                    next.first,
                    records.into_iter().map(<[u8]>::to_vec).collect(),
                ));
            }
            if next.last {
                return got;
            }
        }
    }

    #[test]
    fn blocks_hold_the_records_of_one_thread_numbered_in_order() {
        let mut long = vec![b'x'; 3 * 4096];
        long.extend_from_slice(b"\r\n");
        let inputs: [&[u8]; 6] = [
            b"",
            b"\n",
            b"a\r\n\nb\r\r\nc\rd",
            b"a\nb\n",
            b"a\nb\nunterminated\r",
            &long,
        ];
        for input in inputs {
            for framing in [Framing::Lines, Framing::Nul] {
                for step in [1, 3, 64, 4096, usize::MAX] {
                    for size in [1, 2, 16, 4096] {
                        let got = blocks(input, framing, step, size);
                        let mut next = 0;
                        for (first, recs) in &got {
                            assert_eq!(*first, next, "{framing:?} step {step} size {size}");
                            next += recs.len() as u64;
                        }
                        let all: Vec<Vec<u8>> = got.into_iter().flat_map(|(_, r)| r).collect();
                        assert_eq!(all, collect(input, framing, 7), "{framing:?} step {step}");
                    }
                }
            }
        }
    }

    #[test]
    fn blocks_are_numbered_in_turn_and_the_last_says_so() {
        let mut reader = Reader::new(&b"a\nb\nc"[..], Framing::Lines, 2);
        let mut data = Vec::new();
        let mut seqs = Vec::new();
        loop {
            let next = reader.next_block(&mut data).unwrap();
            seqs.push(next.seq);
            if next.last {
                break;
            }
        }
        assert_eq!(seqs, (0..seqs.len() as u64).collect::<Vec<_>>());
        let after = reader.next_block(&mut data).unwrap();
        assert!(after.last && after.records.is_empty());
        assert_eq!((after.seq, after.first), (seqs.len() as u64, 3));
    }

    #[test]
    fn a_block_is_read_into_its_room_without_growing_it() {
        let input = b"http://a.example/some/path?q=1\n".repeat(2_000);
        let block = 4096;
        let mut reader = Reader::new(&input[..], Framing::Lines, block);
        let mut data = Vec::with_capacity(buffer_for(block));
        let mut blocks = 0;
        while !reader.next_block(&mut data).unwrap().last {
            assert_eq!(data.capacity(), buffer_for(block));
            blocks += 1;
        }
        assert!(blocks > 10, "{blocks} blocks");
    }
}
