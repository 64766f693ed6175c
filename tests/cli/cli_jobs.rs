//! `urlscope normalize --jobs N`: whatever N, the same stdout, stderr and exit status as one
//! thread — on the real URL lists under every profile, with `-0`, `--json` and `--warnings`, and
//! on records with errors spread over many blocks.

use crate::support;
use support::*;

use urlscope_core::Profile;

const LISTS: [&str; 2] = ["tests/data/urls-web.txt", "tests/data/urls-files.txt"];

fn with_jobs(jobs: &str, args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut all: Vec<&[u8]> = vec![b"normalize", b"-j", jobs.as_bytes()];
    all.extend(args.iter().map(|a| a.as_bytes()));
    run(&all, stdin)
}

/// A file holding `data`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn with(data: &[u8]) -> TempFile {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("urlscope-cli-jobs-{}-{n}", std::process::id()));
        std::fs::write(&path, data).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `urlscope normalize -j JOBS ARGS` with standard input redirected from `file` (`< file`),
/// read from `from` on: the workers read their own blocks. Returns the output and where the
/// file's position was left.
fn from_file(jobs: &str, args: &[&str], file: &TempFile, from: u64) -> (std::process::Output, u64) {
    use std::io::Seek;
    let mut f = std::fs::File::open(&file.0).unwrap();
    f.seek(std::io::SeekFrom::Start(from)).unwrap();
    let child_stdin = f.try_clone().unwrap();
    let o = urlscope()
        .arg("normalize")
        .args(["-j", jobs])
        .args(args)
        .stdin(child_stdin)
        .output()
        .unwrap();
    (o, f.stream_position().unwrap())
}

fn assert_same_as_one_thread(args: &[&str], stdin: &[u8]) {
    let one = with_jobs("1", args, stdin);
    let file = TempFile::with(stdin);
    for jobs in ["2", "3", "8"] {
        let (from_file, left_at) = from_file(jobs, args, &file, 0);
        for (how, many) in [
            ("a pipe", with_jobs(jobs, args, stdin)),
            ("a file", from_file),
        ] {
            assert!(
                many.stdout == one.stdout,
                "-j {jobs} {args:?} from {how}: stdout differs"
            );
            assert_eq!(stderr(&many), stderr(&one), "-j {jobs} {args:?} from {how}");
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "-j {jobs} {args:?} from {how}"
            );
        }
        assert_eq!(left_at, stdin.len() as u64, "read to its end");
    }
}

#[test]
fn a_file_is_read_from_its_position_on() {
    let urls = std::fs::read(LISTS[0]).unwrap();
    let file = TempFile::with(&urls);
    // From the start of a record far in, and from the middle of one (read as a record).
    let at_record = urls.iter().position(|&b| b == b'\n').unwrap() * 100 + 1;
    let at_record = urls[..at_record].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    for from in [at_record, at_record + 7, urls.len() - 3, urls.len()] {
        let one = with_jobs("1", &["-p", "rfc3986"], &urls[from..]);
        let (two, left_at) = from_file("2", &["-p", "rfc3986"], &file, from as u64);
        assert!(two.stdout == one.stdout, "from {from}: stdout differs");
        assert_eq!(stderr(&two), stderr(&one), "from {from}");
        assert_eq!(left_at, urls.len() as u64);
    }
}

#[test]
fn long_records_and_records_across_blocks_from_a_file() {
    // Blocks are 64 KiB from a file, up to 256 KiB from a pipe: records of every length around
    // them, CRLF, an unterminated end.
    let mut stdin = Vec::new();
    let mut n = 0usize;
    while stdin.len() < 3 << 20 {
        n += 1;
        let len = (n * 7919) % (700 << 10);
        stdin.extend_from_slice(b"http://a.example/");
        stdin.resize(
            stdin.len() + len % 5000 + if n.is_multiple_of(9) { len } else { 0 },
            b'x',
        );
        stdin.extend_from_slice(if n.is_multiple_of(2) { b"\r\n" } else { b"\n" });
    }
    stdin.extend_from_slice(b"hxxp://last[.]example");
    assert_same_as_one_thread(&["-p", "fido"], &stdin);
    let nul: Vec<u8> = stdin
        .iter()
        .map(|&b| if b == b'\n' { 0 } else { b })
        .collect();
    assert_same_as_one_thread(&["-0", "-p", "pdf", "--warnings"], &nul);
}

#[test]
fn every_profile_on_the_real_lists_is_answered_as_by_one_thread() {
    for list in LISTS {
        let urls = std::fs::read(list).unwrap();
        for p in Profile::ALL {
            assert_same_as_one_thread(&["-p", p.name()], &urls);
        }
    }
}

#[test]
fn nul_records_json_and_warnings_are_unchanged() {
    let urls = std::fs::read(LISTS[0]).unwrap();
    let nul: Vec<u8> = urls
        .iter()
        .map(|&b| if b == b'\n' { 0 } else { b })
        .collect();
    assert_same_as_one_thread(&["-0", "-p", "fido"], &nul);
    let head: Vec<u8> = urls
        .split(|&b| b == b'\n')
        .take(3000)
        .flat_map(|l| [l, b"\n"].concat())
        .collect();
    assert_same_as_one_thread(&["--json", "-p", "pdf"], &head);
    assert_same_as_one_thread(&["--warnings", "-p", "rfc3986"], &head);
}

#[test]
fn errors_keep_their_record_numbers_across_blocks() {
    // An error record every 997 records over about 3 MB: many blocks, each with stderr lines.
    let mut stdin = Vec::new();
    for i in 0..60_000 {
        if i % 997 == 0 {
            stdin.extend_from_slice(b"fecho://p%%\n");
        } else {
            stdin.extend_from_slice(format!("HTTP://H{i}.example/%7e{i}/./x\n").as_bytes());
        }
    }
    let one = with_jobs("1", &["-p", "fido", "--warnings"], &stdin);
    assert_eq!(one.status.code(), Some(1), "the sample has errors");
    assert!(stderr(&one).contains("record 998: "));
    assert_same_as_one_thread(&["-p", "fido", "--warnings"], &stdin);
    assert_same_as_one_thread(&["-p", "hyvatti"], &stdin);
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "-1", "many"] {
        let o = with_jobs(bad, &["-p", "none"], b"x\n");
        assert_eq!(o.status.code(), Some(2), "-j {bad}");
        assert!(o.stdout.is_empty());
    }
}
