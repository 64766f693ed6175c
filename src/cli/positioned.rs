//! Blocks of records read at their own offsets of a regular file, so that several workers read
//! in parallel: block `k` holds the records that start in its stretch `[start + k × size,
//! start + (k + 1) × size)`, the last of them read on to its end. A worker finds where its
//! records start from the octet before its stretch (a record starts at the file's start or
//! after a terminator), so no block needs another's.

use std::fs::File;
use std::io;

/// Standard input as a file when it is a regular file (`< file`), which can be read at any
/// offset; `None` for a pipe, a terminal or a device, which are read in turn.
pub fn stdin_regular_file() -> Option<File> {
    #[cfg(unix)]
    let owned = std::os::fd::AsFd::as_fd(&io::stdin()).try_clone_to_owned();
    #[cfg(windows)]
    let owned = std::os::windows::io::AsHandle::as_handle(&io::stdin()).try_clone_to_owned();
    let file = File::from(owned.ok()?);
    file.metadata().ok()?.is_file().then_some(file)
}

/// Read at `offset` of `file` (the file's position is not used).
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Read at `offset` of `file` (Windows moves the file's position; the caller sets it after).
#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// Fill `buf` from `offset` on; fewer octets than `buf` holds means the file ended.
fn read_full_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match read_at(file, &mut buf[filled..], offset + filled as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// What [`read_block`] found.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    /// The block's records in the buffer: whole records, each followed by the terminator,
    /// except that the file's last record may have none. Empty when no record starts in the
    /// block's stretch (the file ended before it, or one long record spans it).
    pub records: std::ops::Range<usize>,
    /// The file ends in the block's stretch or before it: no later block holds a record.
    pub last: bool,
}

/// The buffer [`read_block`] reads a block of `size` octets into: the octet before the
/// stretch, the stretch, and room for the end of its last record.
pub fn buffer_for(size: usize) -> usize {
    1 + size + 4096
}

/// Read block `k` (of `size` octets from `start`) of `file` into `buf`.
pub fn read_block(
    file: &File,
    start: u64,
    k: u64,
    size: usize,
    terminator: u8,
    buf: &mut Vec<u8>,
) -> io::Result<Found> {
    let lo = start + k * size as u64;
    // The octet before the stretch says whether a record starts at its first octet.
    let from = if k == 0 { lo } else { lo - 1 };
    let stretch_end = (lo - from) as usize + size;
    if buf.len() < stretch_end + 4096 {
        buf.resize(stretch_end + 4096, 0);
    }
    let mut n = read_full_at(file, buf, from)?;
    let mut ended = n < buf.len();
    let last = ended && from + n as u64 <= lo + size as u64;
    let first = if k == 0 {
        0
    } else {
        // After the first terminator in the stretch's own part (a terminator at its last
        // octet starts a record in the next block).
        match memchr::memchr(terminator, &buf[..n.min(stretch_end - 1)]) {
            Some(i) => i + 1,
            None => {
                return Ok(Found {
                    records: 0..0,
                    last,
                });
            }
        }
    };
    if first >= n {
        return Ok(Found {
            records: 0..0,
            last,
        });
    }
    // The last record that starts in the stretch ends at the first terminator from the
    // stretch's last octet on, or at the file's end.
    let mut searched = (stretch_end - 1).max(first);
    loop {
        if let Some(i) = memchr::memchr(terminator, &buf[searched.min(n)..n]) {
            return Ok(Found {
                records: first..searched.min(n) + i + 1,
                last,
            });
        }
        if ended {
            return Ok(Found {
                records: first..n,
                last,
            });
        }
        // A record longer than what was read: read on.
        searched = n;
        let more = buf.len().max(4096);
        buf.resize(n + more, 0);
        let got = read_full_at(file, &mut buf[n..], from + n as u64)?;
        n += got;
        ended = n < buf.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Every block's records of `data`, concatenated, for a block size `size`.
    fn all_blocks(data: &[u8], start: u64, size: usize, terminator: u8) -> Vec<u8> {
        let file = tempfile_with(data);
        let mut got = Vec::new();
        let mut buf = Vec::new();
        for k in 0.. {
            let found = read_block(&file, start, k, size, terminator, &mut buf).unwrap();
            got.extend_from_slice(&buf[found.records]);
            if found.last {
                assert!(start + (k + 1) * size as u64 >= data.len() as u64);
                break;
            }
        }
        got
    }

    fn tempfile_with(data: &[u8]) -> File {
        let dir = std::env::temp_dir();
        let path = dir.join(format!(
            "urlscope-positioned-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let mut f = File::create(&path).unwrap();
        f.write_all(data).unwrap();
        let f = File::open(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        f
    }

    #[test]
    fn the_blocks_hold_every_record_once_in_order() {
        let mut long = vec![b'x'; 10_000];
        long.extend_from_slice(b"\na\n\nb");
        let inputs: [&[u8]; 8] = [
            b"",
            b"\n",
            b"\n\n\n",
            b"a",
            b"a\nb\n",
            b"ab\ncd\nef",
            b"a\r\n\nb\r\r\nc\rd",
            &long,
        ];
        for data in inputs {
            for start in [0u64, 1, 3] {
                let start = start.min(data.len() as u64);
                let rest = &data[start as usize..];
                for size in [1, 2, 3, 5, 8, 4096, 100_000] {
                    for terminator in [b'\n', b'x'] {
                        assert_eq!(
                            all_blocks(data, start, size, terminator),
                            rest,
                            "{:?} from {start}, size {size}",
                            String::from_utf8_lossy(data)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_block_starts_at_a_record() {
        let data = b"aaaa\nbb\ncccccc\nd\n";
        let file = tempfile_with(data);
        let mut buf = Vec::new();
        let found = read_block(&file, 0, 1, 4, b'\n', &mut buf).unwrap();
        // The stretch 4..8 holds the starts of "bb" (5); it ends with "bb"'s terminator.
        assert_eq!(&buf[found.records], b"bb\n");
        let found = read_block(&file, 0, 2, 4, b'\n', &mut buf).unwrap();
        // 8..12: "cccccc" starts at 8 and runs on past the stretch.
        assert_eq!(&buf[found.records], b"cccccc\n");
        let found = read_block(&file, 0, 3, 4, b'\n', &mut buf).unwrap();
        // 12..16: "d" starts at 15.
        assert_eq!(&buf[found.records], b"d\n");
        assert!(!found.last, "17 is past the stretch");
        let found = read_block(&file, 0, 4, 4, b'\n', &mut buf).unwrap();
        assert_eq!(&buf[found.records], b"");
        assert!(found.last);
    }
}
